/**
 * bench/e2e: files/s from submit to searchable for 10 KiB text files, and the p50/p95
 * time-to-searchable at half that rate, on the real servers with every app in-process.
 *
 *   node bench/e2e/run.ts [--llm off|local] [--files 1000] [--concurrency 64] [--in-process]
 *
 * The apps run as they are deployed: one process each (api, extractor, classifier, projector,
 * and the local model server with --llm local), started from their main.ts; this process only
 * sends the files and watches for them. --in-process runs them all in this one process instead.
 *
 * Baseline measured in the same run: the API's submit-only rate for the same files (the
 * pipeline cannot be faster than its intake); the ratio says how much of it survives to
 * "searchable". Needs the servers (`npx filescan infra up`). The run has its own topics, consumer
 * groups and indices (FILESCAN_KAFKA_PREFIX, FILESCAN_ES_INDEX_PREFIX), deleted when it ends.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { createServer } from "node:net";
import path from "node:path";
import { repoRoot } from "@filescan/config";
import { createEsClient, aliasesFor } from "@filescan/search";
import { CredentialStore } from "@filescan/auth";
import { startApi } from "@filescan/api";
import { startExtractor } from "@filescan/extractor";
import { startClassifier } from "@filescan/classifier";
import { startProjectorApp } from "@filescan/projector";
import { startLocalLlmServer } from "@filescan/llm-local";
import { localLlmConfig } from "@filescan/llm-local";
import { pino } from "pino";
import { createKafka, deletePrefixed, deleteStaleRuns, runPrefix, withAdmin } from "@filescan/kafka";
import { benchArgs } from "../args.ts";

const { values, int } = benchArgs(import.meta.url, { options: { llm: { type: "string", default: "off" }, files: { type: "string", default: "1000" }, concurrency: { type: "string", default: "64" }, "in-process": { type: "boolean", default: false } } });
const N = int(values.files, "files");
const C = int(values.concurrency, "concurrency");
const run = randomUUID().slice(0, 8);
const prefix = `filescan-bench${run}`;
const aliases = aliasesFor(prefix);

const freePort = () => new Promise<number>((resolve) => {
  const srv = createServer().listen(0, "127.0.0.1", () => {
    const { port } = srv.address() as { port: number };
    srv.close(() => resolve(port));
  });
});
const llmPort = await freePort();
const apiPort = await freePort();
const env: NodeJS.ProcessEnv = {
  ...process.env,
  FILESCAN_LLM: values.llm,
  // its own topics and groups: a running `filescan up` never sees the benchmark's files
  FILESCAN_KAFKA_PREFIX: runPrefix("bench-e2e"),
  FILESCAN_ES_INDEX_PREFIX: prefix,
  FILESCAN_EXTRACTOR_GROUP: `bench-extractor-${run}`,
  FILESCAN_CLASSIFIER_GROUP: `bench-classifier-${run}`,
  FILESCAN_PROJECTOR_GROUP: `bench-projector-${run}`,
  FILESCAN_MAX_BACKLOG: "1000000",
  FILESCAN_LLM_LOCAL_PORT: String(llmPort),
  FILESCAN_API_PORT: String(apiPort),
  FILESCAN_LOG_LEVEL: "warn",
  // the processors' health servers on free ports (the defaults may be taken by a running `filescan up`)
  FILESCAN_CLASSIFIER_METRICS_PORT: "0",
  FILESCAN_EXTRACTOR_HTTP_PORT: "0",
  FILESCAN_PROJECTOR_HTTP_PORT: "0",
};

/** Starts `apps/<name>/src/main.ts` and resolves once `ready()` says it serves. */
async function startProcess(name: string, ready: (stderr: string) => boolean | Promise<boolean>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(repoRoot(), "apps", name, "src", "main.ts")], { env, stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  child.stderr!.on("data", (d: Buffer) => {
    err = (err + d.toString()).slice(-20_000);
  });
  const deadline = Date.now() + 120_000;
  while (!(await ready(err))) {
    if (child.exitCode !== null) throw new Error(`${name} exited during start-up:\n${err}`);
    if (Date.now() > deadline) throw new Error(`${name} not ready after 120 s:\n${err}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}
const answers = (url: string) => () => fetch(url).then((r) => r.ok, () => false);

// (what earlier runs killed before their end left on the broker)
await withAdmin(createKafka("bench-e2e", env, { quiet: true }), (admin) => deleteStaleRuns(admin));

const stoppers: Array<() => Promise<unknown>> = [];
let apiBase = `http://127.0.0.1:${apiPort}/api/v1/filescan`;
if (values["in-process"]) {
  const llm = values.llm === "local" ? await startLocalLlmServer({ modelPath: localLlmConfig().modelPath, port: llmPort }) : undefined;
  const apps = await Promise.all([startExtractor(env), startClassifier(env), startProjectorApp(env)]);
  const api = await startApi({ env, logger: pino({ level: "warn" }), settings: { host: "127.0.0.1", port: 0 } });
  apiBase = api.baseUrl;
  stoppers.push(() => api.close(), ...apps.map((a) => () => a.stop()), async () => llm?.close());
} else {
  const children: ChildProcess[] = [];
  if (values.llm === "local") children.push(await startProcess("llm-local", answers(`http://127.0.0.1:${llmPort}/healthz`)));
  children.push(...(await Promise.all([
    startProcess("extractor", (e) => e.includes("extractor running")),
    startProcess("classifier", (e) => e.includes("classifier running")),
    startProcess("projector", (e) => e.includes("projector running")),
    startProcess("api", answers(`http://127.0.0.1:${apiPort}/healthz`)),
  ])));
  // the apps must not outlive the benchmark, however it ends
  process.on("exit", () => children.forEach((c) => c.kill("SIGKILL")));
  for (const sig of ["SIGINT", "SIGTERM"] as const) process.once(sig, () => process.exit(130));
  stoppers.push(...children.map((c) => () => new Promise((r) => {
    c.once("exit", r);
    c.kill("SIGTERM");
  })));
}
const es = createEsClient(env, { requestTimeout: 30_000 });
const { token } = await new CredentialStore(es).create({ name: `bench-${run}`, scopes: ["submit", "query"], expiresInDays: 1 });
const jwt = ((await (await fetch(`${apiBase}/auth/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }) })).json()) as { access_token: string }).access_token;

function file(i: number, tag: string): { body: string; sha256: string } {
  const line = `row ${i} ${tag} ${run}: the quick brown fox jumps over the lazy dog; nothing personal here.\n`;
  const bytes = Buffer.from(line.repeat(Math.ceil(10240 / line.length)).slice(0, 10240));
  const h = (a: string) => createHash(a).update(bytes).digest("hex");
  const sha256 = h("sha256");
  return { sha256, body: JSON.stringify({ mimetype: "text/plain", file_data: bytes.toString("base64"), sha256, sha1: h("sha1"), md5: h("md5"), filename: `f${i}.txt`, full_path: `/bench/${run}/${tag}/f${i}.txt`, timestamp: new Date().toISOString(), app: "bench-e2e" }) };
}

async function submit(body: string): Promise<void> {
  for (;;) {
    const r = await fetch(`${apiBase}/submit`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${jwt}` }, body });
    await r.arrayBuffer();
    if (r.status === 200) return;
    if (r.status === 503) await new Promise((res) => setTimeout(res, 200));
    else throw new Error(`submit answered ${r.status}`);
  }
}

async function pool<T>(items: T[], n: number, fn: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

/** Resolves with each sha256's first time it was found (realtime mget on the analyses alias). */
function watch(shas: string[]): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  return new Promise((resolve) => {
    const tick = async () => {
      const pending = shas.filter((s) => !seen.has(s));
      for (let i = 0; i < pending.length; i += 1000) {
        const r = await es.mget({ index: aliases.analyses, ids: pending.slice(i, i + 1000), _source: false, realtime: true }).catch(() => ({ docs: [] as any[] }));
        const now = performance.now();
        for (const d of r.docs as any[]) if (d.found) seen.set(d._id, now);
      }
      if (seen.size === shas.length) resolve(seen);
      else setTimeout(tick, 20);
    };
    void tick();
  });
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

// Progress on stderr: what each stage still has to do (consumer-group lag).
const { consumerGroupLag } = await import("@filescan/kafka");
const { TOPICS } = await import("@filescan/config");
const lagAdmin = createKafka("bench-e2e-lag", env, { quiet: true }).admin();
await lagAdmin.connect();
const progress = setInterval(() => {
  void Promise.all([
    consumerGroupLag(lagAdmin, env.FILESCAN_EXTRACTOR_GROUP!, TOPICS.submissions, env),
    consumerGroupLag(lagAdmin, env.FILESCAN_CLASSIFIER_GROUP!, TOPICS.extractions, env),
    consumerGroupLag(lagAdmin, env.FILESCAN_PROJECTOR_GROUP!, TOPICS.submissions, env),
    consumerGroupLag(lagAdmin, env.FILESCAN_PROJECTOR_GROUP!, TOPICS.analyses, env),
  ]).then(([x, c, ps, pa]) => process.stderr.write(`  lag: extractor ${x}, classifier ${c}, projector ${ps}+${pa}\n`), () => undefined);
}, 2000);

// 1. Baseline: submit-only rate (the API answers 200 once the event is in Kafka).
const warm = Array.from({ length: Math.min(200, N) }, (_, i) => file(i, "warm"));
await pool(warm, C, (f) => submit(f.body));
const base = Array.from({ length: N }, (_, i) => file(i, "base"));
let t0 = performance.now();
const baseSeen = watch(base.map((f) => f.sha256));
await pool(base, C, (f) => submit(f.body));
const submitSecs = (performance.now() - t0) / 1000;
// 2. Throughput to searchable: the same files, until the last one is found.
await baseSeen;
const e2eSecs = (performance.now() - t0) / 1000;
const submitRate = N / submitSecs;
const e2eRate = N / e2eSecs;

// 3. Latency at half the measured rate.
const M = Math.min(N, Math.max(100, Math.round(e2eRate * 20)));
const paced = Array.from({ length: M }, (_, i) => file(i, "paced"));
const sent = new Map<string, number>();
const pacedSeen = watch(paced.map((f) => f.sha256));
const interval = 1000 / (e2eRate / 2);
t0 = performance.now();
await pool(paced, C, async (f) => {
  const due = t0 + paced.indexOf(f) * interval;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  sent.set(f.sha256, performance.now());
  await submit(f.body);
});
const found = await pacedSeen;
const lat = paced.map((f) => (found.get(f.sha256)! - sent.get(f.sha256)!) / 1000);

console.log(`bench/e2e  llm=${values.llm}  files=${N} x 10 KiB  concurrency=${C}  apps ${values["in-process"] ? "in one process" : "one process each"}`);
console.log(`  baseline submit-only   ${submitRate.toPrecision(3)} files/s`);
console.log(`  submit → searchable    ${e2eRate.toPrecision(3)} files/s   ratio ${(e2eRate / submitRate).toPrecision(2)}`);
console.log(`  at ${(e2eRate / 2).toPrecision(3)} files/s (${M} files): time-to-searchable p50 ${pct(lat, 50).toFixed(2)} s, p95 ${pct(lat, 95).toFixed(2)} s, max ${lat.reduce((m, x) => Math.max(m, x), 0).toFixed(2)} s`);

clearInterval(progress);
await lagAdmin.disconnect();
await Promise.all(stoppers.map((stop) => stop()));
const mine = Object.keys(await es.indices.get({ index: `${prefix}-*`, allow_no_indices: true }));
if (mine.length) await es.indices.delete({ index: mine });
for (const name of [aliases.files, aliases.analyses]) await es.indices.deleteIndexTemplate({ name }).catch(() => undefined);
await es.close();
await withAdmin(createKafka("bench-e2e", env), (admin) => deletePrefixed(admin, [env.FILESCAN_EXTRACTOR_GROUP!, env.FILESCAN_CLASSIFIER_GROUP!, env.FILESCAN_PROJECTOR_GROUP!], env));
process.exit(0);
