/**
 * bench/projector: what a sighting costs the projector when its content was seen many times
 * before (the empty file, a logo, a licence: on a real share some contents have thousands of
 * sightings), against a sighting of a content seen once, in the same run.
 *
 *   node bench/projector/run.ts [--sightings 20000] [--files 20]
 *
 * On indices of this run's own prefix (deleted at the end), through the projector's own
 * functions on the real Elasticsearch (`npx filescan infra up`): `--sightings` sightings of one
 * content with its analysis, then `--files` new sightings of it, each with its reused verdict
 * (the classifier answers a known content from its stored analysis), one batch each, as the
 * projector receives them; then as many sightings of contents never seen before, each with its
 * own analysis. Prints the time and the bulk items per file of both and their ratio. Before the
 * projector applied an analysis only to the sightings without it, a reused verdict rewrote
 * every sighting of its content: 2.3 s and 20,009 bulk items a file at 20,000 sightings.
 */
import { randomUUID } from "node:crypto";
import { Client } from "@elastic/elasticsearch";
import { serverAddresses } from "@filescan/config";
import { aliasesFor, ensureIndices } from "@filescan/projector";
import { projectAnalyses, projectSubmissions } from "../../apps/projector/src/project.ts";
import { analyzed, submitted } from "../../test/integration/events.ts";
import { benchArgs } from "../args.ts";

const { values, int } = benchArgs(import.meta.url, { options: { sightings: { type: "string", default: "20000" }, files: { type: "string", default: "20" } } });
const N = int(values.sightings, "sightings");
const K = int(values.files, "files");
const es = new Client({ node: serverAddresses().esUrl });
const prefix = `filescan-benchproj${randomUUID().slice(0, 6)}`;
const idx = aliasesFor(prefix);
let bulkItems = 0;
const bulk = es.bulk.bind(es);
es.bulk = ((p: { operations: unknown[] }) => {
  bulkItems += p.operations.length / 2;
  return bulk(p as never);
}) as typeof es.bulk;

/** Time and bulk items per file of `K` rounds of `one`. */
async function measure(one: (k: number) => Promise<void>): Promise<{ ms: number; items: number }> {
  bulkItems = 0;
  const t0 = performance.now();
  for (let k = 0; k < K; k++) await one(k);
  return { ms: (performance.now() - t0) / K, items: bulkItems / K };
}

await ensureIndices(es, idx);
try {
  const text = `a content seen everywhere (${prefix})`;
  const first = submitted(text);
  await projectSubmissions(es, idx, [first]);
  await projectAnalyses(es, idx, [analyzed(first, false)]);
  for (let i = 0; i < N; i += 1000) {
    await projectSubmissions(es, idx, Array.from({ length: Math.min(1000, N - i) }, () => submitted(text)));
    process.stderr.write(`\rindexed ${Math.min(i + 1000, N)}/${N} sightings of one content`);
  }
  process.stderr.write("\n");
  await es.indices.refresh({ index: idx.files });
  const popular = await measure(async () => {
    const s = submitted(text);
    await projectSubmissions(es, idx, [s]);
    await projectAnalyses(es, idx, [analyzed(s, false, true)]);
  });
  const unique = await measure(async (k) => {
    const s = submitted(`a content seen once ${k} (${prefix})`);
    await projectSubmissions(es, idx, [s]);
    await projectAnalyses(es, idx, [analyzed(s, false)]);
  });
  console.log(`bench/projector: ${K} files each, one batch a file, on the real Elasticsearch`);
  console.log(`  a content seen once (baseline)         ${unique.ms.toFixed(1)} ms a file   ${unique.items.toFixed(0)} bulk items`);
  console.log(`  a content with ${N} sightings      ${popular.ms.toFixed(1)} ms a file   ${popular.items.toFixed(0)} bulk items   ratio ${(popular.ms / unique.ms).toFixed(2)}`);
} finally {
  const mine = Object.keys(await es.indices.get({ index: `${prefix}-*`, allow_no_indices: true }));
  if (mine.length) await es.indices.delete({ index: mine });
  for (const name of [idx.files, idx.analyses]) await es.indices.deleteIndexTemplate({ name }).catch(() => undefined);
  await es.close();
}
