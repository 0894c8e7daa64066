/**
 * bench/classify/verdicts.ts: how many real files the deterministic verdict (FILESCAN_LLM=off)
 * calls sensitive, and which finding's type decided each: over a tree of files that hold little
 * personal data (licences, headers, manuals, a novel), the file-level false positives an analyst
 * would see in Kibana. bench/detect/real.ts counts findings; this counts files, as the product
 * reports them.
 *
 *   node bench/classify/verdicts.ts /usr/include              # files flagged, per deciding type
 *   node bench/classify/verdicts.ts /usr/include --list       # and each flagged file (TSV)
 *
 * Each file goes through `filescan inspect`'s path (extraction in a worker, detection with the
 * environment's options: NER on unless FILESCAN_NER says otherwise, the verdict with the LLM
 * off). The list carries masked values only.
 */
import { readFile } from "node:fs/promises";
import { byStrength, countedFindings, isFloor } from "@filescan/classify";
import { createInspector, type InspectFinding } from "../../apps/cli/src/inspect/inspect.ts";
import { walk } from "../../apps/cli/src/scan/walk.ts";
import { benchArgs } from "../args.ts";

const { values, positionals } = benchArgs(import.meta.url, { allowPositionals: true, options: { list: { type: "boolean", default: false } } });
if (positionals.length !== 1) {
  console.error("usage: node bench/classify/verdicts.ts <directory> [--list]");
  process.exit(2);
}

/** The finding that decided a sensitive verdict: of those the verdict counts, the strongest (as libs/classify orders them). */
const strongest = (fs: InspectFinding[]) => countedFindings(fs).sort(byStrength)[0];

const inspector = createInspector({ ...process.env, FILESCAN_LLM: "off" }, { showValues: false });
const byType = new Map<string, number>();
let files = 0;
let flagged = 0;
const started = Date.now();
try {
  for await (const item of walk(positionals)) {
    if (item.kind !== "file") continue;
    const r = await inspector.file(await readFile(item.path), item.path);
    files++;
    if (files % 200 === 0) console.error(`verdicts: ${files} files, ${flagged} flagged, ${Math.round((Date.now() - started) / 1000)} s`);
    if (!r.llm.has_sensitive_data) continue;
    flagged++;
    const f = strongest(r.findings);
    const type = f ? `${f.type}${isFloor(f) ? " (validated)" : ""}` : "(none)";
    byType.set(type, (byType.get(type) ?? 0) + 1);
    if (values.list) console.log([item.path, r.llm.confidence, type, f?.detector ?? "", f?.score.toFixed(2) ?? "", f?.masked ?? ""].join("\t"));
  }
} finally {
  await inspector.close();
}
console.error(`verdicts: ${files} files in ${Math.round((Date.now() - started) / 1000)} s; ${flagged} flagged sensitive (${((100 * flagged) / Math.max(files, 1)).toFixed(1)} %)`);
console.error("deciding type                 files");
for (const [type, n] of [...byType].sort((a, b) => b[1] - a[1])) console.error(`${type.padEnd(28)} ${String(n).padStart(6)}`);
