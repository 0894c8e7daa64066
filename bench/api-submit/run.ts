/**
 * bench/api-submit: POST /submit with a valid JWT and a 10 KiB file, against a bare Koa route
 * that answers 200 to the same requests, in the same run.
 *
 *   node bench/api-submit/run.ts [--seconds 5] [--connections 32] [--rounds 2] [--files 64]
 *   node bench/api-submit/run.ts --profile submit.cpuprofile   # one /submit round under the V8 CPU profiler instead
 *
 * This process runs both servers: the real API (startApi: JWT check with the PAT lookup,
 * OpenAPI validation, strict base64, three digests, Avro through the registry, idempotent
 * acks=all produce to the real Kafka, metrics and one JSON log line per request to /dev/null)
 * and a bare Koa app with one POST route answering 200, and a second route doing only the work
 * the issue requires of each submission (JSON, base64, the three digests checked), so the bench
 * also shows what our code adds over that floor. Load comes from autocannon in a child
 * process (load.ts). Rounds alternate bare / required work / submit at full speed; then /submit runs at 70 % of
 * its best measured rate (autocannon overallRate, latencies corrected for coordinated
 * omission) for the p99 target. Each round also counts the CPU seconds this process spent, so
 * the ratio can be read per CPU second too (the machine is shared; wall rates move a lot), and
 * so does the load generator, and the Kafka broker when it runs here (infra/local): the last
 * lines are the CPU each request costs the whole machine.
 *
 * Targets (issue 3): ratio >= 0.5 and p99 <= 50 ms at 70 % of the maximum.
 * Back-pressure: the backlog is read from a fresh consumer group of this run
 * (FILESCAN_BACKLOG_GROUP) with FILESCAN_MAX_BACKLOG out of reach, so the 503 rule is
 * exercised (the lag is read once a second) but never trips. Needs the servers
 * (`npx filescan infra up`); the events land on topics of this run's own FILESCAN_KAFKA_PREFIX,
 * deleted when it ends.
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { createHash, hash, randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import Koa from "koa";
import Router from "@koa/router";
import { pino } from "pino";
import { CredentialStore } from "@filescan/auth";
import { createEsClient } from "@filescan/search";
import { startApi } from "@filescan/api";
import { createKafka, deletePrefixed, deleteStaleRuns, runPrefix, withAdmin } from "@filescan/kafka";
import { infraStatus } from "@filescan/infra-local";
import type { LoadJob, LoadResult } from "./load.ts";
import { benchArgs } from "../args.ts";

const { values, int } = benchArgs(import.meta.url, {
  options: {
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "32" },
    rounds: { type: "string", default: "2" },
    files: { type: "string", default: "64" },
    profile: { type: "string" },
  },
});
const SECONDS = int(values.seconds, "seconds");
const CONNECTIONS = int(values.connections, "connections");
const ROUNDS = int(values.rounds, "rounds");
const FILES = int(values.files, "files");
const run = randomUUID().slice(0, 8);

// ---- the two servers ------------------------------------------------------------------------

const env: NodeJS.ProcessEnv = {
  ...process.env,
  // its own topics, deleted at the end: a running `filescan up` never sees the millions of
  // benchmark submissions (its extractor would grind through them, its API answer 503 meanwhile)
  FILESCAN_KAFKA_PREFIX: runPrefix("bench-api-submit"),
  FILESCAN_BACKLOG_GROUP: `bench-api-submit-${run}`,
  FILESCAN_MAX_BACKLOG: String(Number.MAX_SAFE_INTEGER),
};
const logger = pino({ level: "info", base: { service: "filescan-api" } }, pino.destination({ dest: "/dev/null", sync: false }));
// (what earlier runs killed before their end left on the broker)
await withAdmin(createKafka("bench-api-submit", env, { quiet: true }), (admin) => deleteStaleRuns(admin));
const api = await startApi({ env, logger, settings: { host: "127.0.0.1", port: 0 } });

const bareApp = new Koa();
const bareRouter = new Router();
bareRouter.post("/bare", (ctx) => {
  ctx.body = { status: "ok" };
});
// The work the issue requires of every submission and nothing else: read the body, parse the
// JSON, decode the base64, check the three digests. /submit against this shows what our code
// (auth, validation, Avro, Kafka, logs, metrics) adds over the floor.
bareRouter.post("/work", async (ctx) => {
  const chunks: Buffer[] = [];
  for await (const c of ctx.req) chunks.push(c as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, string>;
  const bytes = Buffer.from(body.file_data ?? "", "base64");
  const ok = hash("sha256", bytes) === body.sha256 && hash("sha1", bytes) === body.sha1 && hash("md5", bytes) === body.md5;
  ctx.status = ok ? 200 : 400;
  ctx.body = { status: ok ? "ok" : "hash_mismatch" };
});
bareApp.use(bareRouter.routes());
const bare = bareApp.listen(0, "127.0.0.1");
await new Promise<void>((resolve) => bare.once("listening", () => resolve()));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/bare`;
const workUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/work`;

// ---- credentials and bodies -----------------------------------------------------------------

const es = createEsClient();
const store = new CredentialStore(es);
const { token: pat, record } = await store.create({ name: `bench-api-submit-${run}`, scopes: ["submit"], expiresInDays: 1 });
const exchanged = await fetch(`${api.baseUrl}/auth/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: pat }) });
if (exchanged.status !== 200) throw new Error(`token exchange failed: ${exchanged.status} ${await exchanged.text()}`);
const jwt = ((await exchanged.json()) as { access_token: string }).access_token;

const dir = await mkdtemp(path.join(tmpdir(), "bench-api-submit-"));
const bodies: string[] = [];
for (let i = 0; i < FILES; i++) {
  const bytes = randomBytes(10 * 1024);
  bodies.push(JSON.stringify({
    mimetype: "application/octet-stream",
    file_data: bytes.toString("base64"),
    sha256: createHash("sha256").update(bytes).digest("hex"),
    sha1: createHash("sha1").update(bytes).digest("hex"),
    md5: createHash("md5").update(bytes).digest("hex"),
    filename: `file-${i}.bin`,
    full_path: `smb://fs01/bench/${run}/file-${i}.bin`,
    timestamp: "2026-11-22T08:00:00Z",
    app: "bench-api-submit",
    host: "bench",
  }));
}
const bodiesFile = path.join(dir, "bodies.json");
await writeFile(bodiesFile, JSON.stringify(bodies));
const headers = { "content-type": "application/json", authorization: `Bearer ${jwt}` };

// Every body must be accepted before the load starts (a 4xx would be measured as speed).
for (const url of [`${api.baseUrl}/submit`, workUrl]) {
  const probe = await fetch(url, { method: "POST", headers, body: bodies[0] });
  if (probe.status !== 200) throw new Error(`probe of ${url} failed: ${probe.status} ${await probe.text()}`);
}

// ---- load ------------------------------------------------------------------------------------

interface Measured extends LoadResult {
  /** CPU seconds of this process (both servers), of the load generator, of the Kafka broker (null when not a local process). */
  serverCpu: number;
  loadCpu: number;
  brokerCpu: number | null;
}

// The Kafka broker's CPU, when it runs on this machine under infra/local: /proc/<pid>/stat
// fields 14 and 15 (user and system time in clock ticks).
const brokerPid = (await infraStatus(env)).find((s) => s.name === "kafka" && s.state === "running")?.pid;
const ticksPerSecond = brokerPid ? Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) : 100;
function brokerCpuSeconds(): number | null {
  if (!brokerPid) return null;
  try {
    const stat = readFileSync(`/proc/${brokerPid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // after "pid (comm) ": field 3 first
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return null;
  }
}

async function load(url: string, seconds: number, overallRate?: number): Promise<Measured> {
  const job: LoadJob = { url, headers, bodiesFile, connections: CONNECTIONS, seconds, ...(overallRate ? { overallRate } : {}) };
  const jobFile = path.join(dir, `job-${randomUUID()}.json`);
  await writeFile(jobFile, JSON.stringify(job));
  const cpu0 = process.cpuUsage();
  const broker0 = brokerCpuSeconds();
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "load.ts"), jobFile], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const cpu = process.cpuUsage(cpu0);
  const broker1 = brokerCpuSeconds();
  if (code !== 0) throw new Error(`load generator exited with ${code}`);
  const r = JSON.parse(out.trim().split("\n").pop()!) as LoadResult;
  return { ...r, serverCpu: (cpu.user + cpu.system) / 1e6, loadCpu: r.cpuSeconds, brokerCpu: broker0 === null || broker1 === null ? null : broker1 - broker0 };
}

const fmt = (n: number, d = 0) => n.toFixed(d);
function line(name: string, r: Measured): string {
  const perCpu = r.ok / r.serverCpu;
  const bad = r.non2xx + r.errors + r.timeouts;
  return `${name.padEnd(26)} ${fmt(r.rps).padStart(7)} req/s  p50 ${fmt(r.p50, 1).padStart(6)} ms  p99 ${fmt(r.p99, 1).padStart(6)} ms  ${fmt(perCpu).padStart(6)} req/CPU-s${bad ? `  (${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts)` : ""}`;
}

console.log(`bench/api-submit: 10 KiB files (${FILES} distinct), ${CONNECTIONS} connections, ${SECONDS} s per round, ${ROUNDS} rounds; load from autocannon in a child process`);
// Warm-up: JIT, connection pools, the producer's first batches, and the broker's JIT: a broker
// just started spent 400-500 µs of CPU per submission in its first seconds of load, 50-150 µs
// once warm, so /submit warms longer.
await load(bareUrl, 2);
await load(`${api.baseUrl}/submit`, 10);

if (values.profile) {
  // The server side of one /submit round, for chrome://inspect or a summary script.
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  const s = await load(`${api.baseUrl}/submit`, SECONDS);
  const { profile } = await session.post("Profiler.stop");
  await writeFile(values.profile, JSON.stringify(profile));
  session.disconnect();
  console.log(line("/submit, profiled", s));
  console.log(`profile written to ${values.profile}`);
  await cleanUp();
  process.exit(0);
}

const bareRuns: Measured[] = [];
const workRuns: Measured[] = [];
const submitRuns: Measured[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const b = await load(bareUrl, SECONDS);
  console.log(line(`bare Koa POST, round ${i + 1}`, b));
  bareRuns.push(b);
  const w = await load(workUrl, SECONDS);
  console.log(line(`required work, round ${i + 1}`, w));
  workRuns.push(w);
  const s = await load(`${api.baseUrl}/submit`, SECONDS);
  console.log(line(`/submit, round ${i + 1}`, s));
  submitRuns.push(s);
}
const best = (rs: Measured[]) => rs.reduce((a, b) => (b.rps > a.rps ? b : a));
const bestBare = best(bareRuns);
const bestSubmit = best(submitRuns);
const perCpu = (rs: Measured[]) => rs.reduce((a, r) => a + r.ok, 0) / rs.reduce((a, r) => a + r.serverCpu, 0);
/** Mean CPU microseconds per answered request, over rounds, of one party. */
const usPer = (rs: Measured[], cpu: (r: Measured) => number | null) => {
  const ok = rs.reduce((a, r) => a + r.ok, 0);
  let sum = 0;
  for (const r of rs) {
    const c = cpu(r);
    if (c === null) return null;
    sum += c;
  }
  return (sum / ok) * 1e6;
};

const rate = Math.max(1, Math.floor(bestSubmit.rps * 0.7));
const paced = await load(`${api.baseUrl}/submit`, SECONDS + 3, rate);
console.log(line(`/submit at ${rate} req/s (70 %)`, paced));

const ratio = bestSubmit.rps / bestBare.rps;
const cpuRatio = perCpu(submitRuns) / perCpu(bareRuns);
const failed = [...submitRuns, paced].reduce((a, r) => a + r.non2xx + r.errors + r.timeouts, 0);
console.log("");
console.log(`max rate (best round)   bare ${fmt(bestBare.rps)} req/s   /submit ${fmt(bestSubmit.rps)} req/s   ratio ${ratio.toFixed(2)} (target >= 0.5) ${ratio >= 0.5 ? "MET" : "MISSED"}`);
console.log(`per CPU second (server) bare ${fmt(perCpu(bareRuns))}   /submit ${fmt(perCpu(submitRuns))}   ratio ${cpuRatio.toFixed(2)}`);
const bestWork = best(workRuns);
console.log(`against the required work (JSON, base64, three digests; no auth, validation, Avro or Kafka): ${fmt(bestWork.rps)} req/s, /submit ratio ${(bestSubmit.rps / bestWork.rps).toFixed(2)}; per server CPU second ${fmt(perCpu(workRuns))}, ratio ${(perCpu(submitRuns) / perCpu(workRuns)).toFixed(2)}`);
console.log(`/submit at max          p50 ${fmt(bestSubmit.p50, 1)} ms   p99 ${fmt(bestSubmit.p99, 1)} ms`);
console.log(`/submit at 70 %         ${rate} req/s offered, ${fmt(paced.rps)} served, p50 ${fmt(paced.p50, 1)} ms   p99 ${fmt(paced.p99, 1)} ms (target <= 50) ${paced.p99 <= 50 ? "MET" : "MISSED"}`);
if (failed > 0) console.log(`WARNING: ${failed} /submit requests did not answer 2xx`);

// Where the machine's CPU goes per request. The load generator and the broker share the
// machine with the server, so a round at full speed is bounded by all three together.
const budget = (rs: Measured[], withBroker: boolean) => {
  const server = usPer(rs, (r) => r.serverCpu)!;
  const loadGen = usPer(rs, (r) => r.loadCpu)!;
  const broker = withBroker ? usPer(rs, (r) => r.brokerCpu) : 0;
  return { server, loadGen, broker, total: server + loadGen + (broker ?? 0) };
};
const b = budget(bareRuns, false);
const w = budget(workRuns, false);
const s = budget(submitRuns, true);
console.log(`CPU µs per request       bare: server ${fmt(b.server)} + load generator ${fmt(b.loadGen)} = ${fmt(b.total)}`);
console.log(`                         required work: server ${fmt(w.server)} + load generator ${fmt(w.loadGen)} = ${fmt(w.total)}`);
console.log(`                         /submit: server ${fmt(s.server)} + load generator ${fmt(s.loadGen)} + Kafka broker ${s.broker === null ? "(not local, not counted)" : fmt(s.broker)} = ${fmt(s.total)}`);
console.log(`                         on ${availableParallelism()} CPUs both rounds together: ratio at most ${(b.total / s.total).toFixed(2)} when the machine is the limit (bare ${fmt(b.total)} / /submit ${fmt(s.total)})`);
if (s.broker !== null) {
  // The floor: a /submit that did the required work and produced to the broker, and nothing else.
  const floor = w.total + s.broker;
  console.log(`                         floor: required work + broker = ${fmt(floor)} µs per request; a /submit costing only that would reach a ratio of at most ${(b.total / floor).toFixed(2)} here`);
}

// ---- clean up ------------------------------------------------------------------------------------

await cleanUp();

async function cleanUp(): Promise<void> {
  await store.revoke(record.id);
  await es.close();
  await api.close();
  await withAdmin(createKafka("bench-api-submit", env, { quiet: true }), (admin) => deletePrefixed(admin, [env.FILESCAN_BACKLOG_GROUP!], env));
  await new Promise((resolve) => bare.close(resolve));
  await rm(dir, { recursive: true, force: true });
  logger.flush();
}
