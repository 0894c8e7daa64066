/**
 * bench/scan: how fast `filescan scan` feeds the API, against reading and hashing the same
 * files alone (the baseline, measured in the same run), and how cheap a re-scan is.
 *
 *   node bench/scan/run.ts [--files 2000] [--size 10240] [--concurrency 16] [--cache-entries 1000000]
 *
 * The real API runs in this process on the real servers (`npx filescan infra up`), on topics of
 * this run's own FILESCAN_KAFKA_PREFIX, deleted when it ends; no pipeline runs, so the figure is
 * the crawler + intake, not the analysis.
 *
 * Then the cache's upkeep on a share of `--cache-entries` files: what a scan writes every 5 s
 * (the journal's news: the files the first scan above handled in 5 s) against writing the whole
 * cache (a snapshot, which the scan did every 5 s before the journal), both timed here, and
 * what the next scan pays to read it back.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pLimit from "p-limit";
import { pino } from "pino";
import { startApi } from "@filescan/api";
import { CredentialStore } from "@filescan/auth";
import { createEsClient } from "@filescan/search";
import { createKafka, deletePrefixed, deleteStaleRuns, runPrefix, withAdmin } from "@filescan/kafka";
import { hashFile } from "../../apps/cli/src/scan/hash.ts";
import { runScan } from "../../apps/cli/src/scan/run.ts";
import { ScanCache } from "../../apps/cli/src/scan/cache.ts";
import { benchArgs } from "../args.ts";

const { values, int } = benchArgs(import.meta.url, { options: { files: { type: "string", default: "2000" }, size: { type: "string", default: "10240" }, concurrency: { type: "string", default: "16" }, "cache-entries": { type: "string", default: "1000000" } } });
const N = int(values.files, "files");
const SIZE = int(values.size, "size");
const C = int(values.concurrency, "concurrency");
const run = randomUUID().slice(0, 8);

const dir = mkdtempSync(path.join(tmpdir(), "bench-scan-"));
for (let i = 0; i < N; i++) {
  const sub = path.join(dir, `d${i % 50}`);
  if (i < 50) mkdirSync(sub);
  const line = `file ${i} of run ${run}: nothing personal here, just filler text for the benchmark.\n`;
  writeFileSync(path.join(sub, `f${i}.txt`), line.repeat(Math.ceil(SIZE / line.length)).slice(0, SIZE));
}
const mb = (N * SIZE) / 1e6;

// Baseline: read and hash every file with the same concurrency.
let t0 = performance.now();
const limit = pLimit(C);
await Promise.all(Array.from({ length: N }, (_, i) => limit(() => hashFile(path.join(dir, `d${i % 50}`, `f${i}.txt`), 1 << 30))));
const hashSecs = (performance.now() - t0) / 1000;

// its own topics, deleted at the end: a running `filescan up` never sees the benchmark's files
const env: NodeJS.ProcessEnv = { ...process.env, FILESCAN_KAFKA_PREFIX: runPrefix("bench-scan"), FILESCAN_MAX_BACKLOG: String(Number.MAX_SAFE_INTEGER) };
await withAdmin(createKafka("bench-scan", env, { quiet: true }), (admin) => deleteStaleRuns(admin));
const api = await startApi({ env, logger: pino({ level: "warn" }), settings: { host: "127.0.0.1", port: 0, maxBacklog: Number.MAX_SAFE_INTEGER } });
const es = createEsClient();
const { token } = await new CredentialStore(es).create({ name: `bench-scan-${run}`, scopes: ["submit", "query"], expiresInDays: 1 });
const home = mkdtempSync(path.join(tmpdir(), "bench-scan-home-"));
const opts = { roots: [dir], baseUrl: api.baseUrl, pat: token, maxBytes: 32 * 1024 * 1024, concurrency: C, app: "bench-scan", tags: {}, uri: false, cacheDir: home, json: false, tty: false, wait: false, waitTimeoutMs: 0 };

t0 = performance.now();
const first = await runScan(opts);
const scanSecs = (performance.now() - t0) / 1000;
t0 = performance.now();
const again = await runScan(opts);
const rescanSecs = (performance.now() - t0) / 1000;

console.log(`bench/scan  files=${N} x ${SIZE} B  concurrency=${C}`);
console.log(`  baseline read+hash      ${(N / hashSecs).toFixed(0)} files/s  ${(mb / hashSecs).toFixed(1)} MB/s`);
console.log(`  scan (query + submit)   ${(N / scanSecs).toFixed(0)} files/s  ${(mb / scanSecs).toFixed(1)} MB/s   ratio ${(hashSecs / scanSecs).toFixed(2)}   (${first.counts.submitted} submitted, ${first.counts.failed} failed)`);
console.log(`  re-scan (cache)         ${(N / rescanSecs).toFixed(0)} files/s   ${(scanSecs / rescanSecs).toFixed(0)}x faster than the first scan   (${again.counts.known} known, ${again.counts.submitted} submitted)`);

await api.close();
await es.close();
await withAdmin(createKafka("bench-scan", env, { quiet: true }), (admin) => deletePrefixed(admin, [], env));

// The cache's upkeep on a large share: a cache of ENTRIES paths, then 5 s of news at the rate above.
const ENTRIES = int(values["cache-entries"], "cache-entries");
const cache = new ScanCache(home, "http://bench-cache", 0);
const sha = (i: number) => i.toString(16).padStart(64, "0");
for (let i = 0; i < ENTRIES; i++) {
  cache.rememberHash(`/srv/share/department-${i % 100}/project-${i % 1000}/file-${i}.docx`, 1000 + i, 1.7e12 + i, sha(i));
  cache.markAnalysed(sha(i));
}
t0 = performance.now();
cache.save();
const snapshotMs = performance.now() - t0;
const news = Math.max(1, Math.round((N / scanSecs) * 5));
for (let i = ENTRIES; i < ENTRIES + news; i++) {
  cache.rememberHash(`/srv/share/new/file-${i}.docx`, i, 1.7e12 + i, sha(i));
  cache.markSubmitted(sha(i));
}
t0 = performance.now();
cache.flush();
const flushMs = performance.now() - t0;
console.log(`  cache of ${ENTRIES} files, the write every 5 s: journal (${news} files' news) ${flushMs.toFixed(1)} ms, whole snapshot ${snapshotMs.toFixed(0)} ms   ratio ${(snapshotMs / flushMs).toFixed(0)}x`);
// What the next scan pays before it starts: reading the snapshot and the journal back.
const snapshotBytes = statSync(cache.file!).size;
t0 = performance.now();
const reread = new ScanCache(home, "http://bench-cache", 0);
const loadMs = performance.now() - t0;
console.log(`  reading it back at the next scan: ${loadMs.toFixed(0)} ms (${reread.size} files; snapshot ${(snapshotBytes / 1e6).toFixed(0)} MB, ${(snapshotBytes / ENTRIES).toFixed(0)} bytes a file)`);

rmSync(dir, { recursive: true, force: true });
rmSync(home, { recursive: true, force: true });
process.exit(0);
