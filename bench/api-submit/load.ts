/**
 * The load generator of bench/api-submit, run as its own process so it does not share the
 * servers' event loop: `node bench/api-submit/load.ts <job.json>`. The job names the URL, the
 * headers, a JSON file of request bodies (sent in turn), connections, seconds and optionally
 * an overall rate (autocannon's `overallRate`, latencies corrected for coordinated omission).
 * Prints one JSON line with the counts, req/s, latency percentiles (ms) and its own CPU seconds.
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { benchArgs } from "../args.ts";

export interface LoadJob {
  url: string;
  headers: Record<string, string>;
  bodiesFile: string;
  connections: number;
  seconds: number;
  overallRate?: number;
}

export interface LoadResult {
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  seconds: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** CPU seconds this load generator spent (user + system). */
  cpuSeconds: number;
}

const cli = benchArgs(import.meta.url, { allowPositionals: true, options: {} });
if (cli.positionals.length !== 1) cli.fail("takes the job's JSON file (bench/api-submit/run.ts writes it)");
const job = JSON.parse(readFileSync(cli.positionals[0]!, "utf8")) as LoadJob;
const bodies = JSON.parse(readFileSync(job.bodiesFile, "utf8")) as string[];
let next = 0;
const cpu0 = process.cpuUsage();

const result = await autocannon({
  url: job.url,
  method: "POST",
  headers: job.headers,
  connections: job.connections,
  duration: job.seconds,
  ...(job.overallRate ? { overallRate: job.overallRate } : {}),
  requests: [{
    method: "POST",
    setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length]! }),
  }],
});

const out: LoadResult = {
  ok: result["2xx"],
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  seconds: result.duration,
  rps: result["2xx"] / result.duration,
  p50: result.latency.p50,
  p90: result.latency.p90,
  p99: result.latency.p99,
  max: result.latency.max,
  cpuSeconds: ((c) => (c.user + c.system) / 1e6)(process.cpuUsage(cpu0)),
};
process.stdout.write(JSON.stringify(out) + "\n");
