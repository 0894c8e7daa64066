/**
 * IP lookup benchmark: `node bench/geoip/run.ts [--seconds N]`
 *
 * 1. In-process lookups/s of GeoipService.lookup (parse, reserved check, city + ASN
 *    lookups, response body as JSON text) over random public IPv4 and IPv6 addresses,
 *    taken from the ranges of the shipped ASN data.
 * 2. HTTP with wrk: `GET /{ip}` with an API key against a bare Koa route that answers
 *    200 in the same process, same wrk settings, same random paths. Prints req/s,
 *    p50/p99 and the ratio.
 *
 * Needs wrk (Debian: `apt-get install -y wrk`). Not run by CI. On a shared 2-core
 * machine the absolute numbers move a lot; the ratios are the point.
 */
import { spawn, spawnSync } from "node:child_process";
import { createReadStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import Router from "@koa/router";
import Koa from "koa";
import { asnCsvPath, ensureAsnDatabases } from "../../apps/geoip/src/build-asn.ts";
import { isReserved, parseIp, formatV6 } from "../../apps/geoip/src/ip.ts";
import { createKey } from "../../apps/geoip/src/keys.ts";
import { GeoipService, openDatabases } from "../../apps/geoip/src/lookup.ts";
import { bigToBytes, bytesToBig } from "../../apps/geoip/src/mmdb-writer.ts";
import { startGeoip } from "../../apps/geoip/src/server.ts";
import { defaultAsnDir, loadSettings } from "../../apps/geoip/src/settings.ts";
import { benchArgs } from "../args.ts";

const cli = benchArgs(import.meta.url, { options: { seconds: { type: "string", default: "8" } } });
const SECONDS = cli.int(cli.values.seconds, "seconds");

/** Deterministic PRNG so runs compare. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function addresses(family: 4 | 6, n: number, rand: () => number): Promise<string[]> {
  const ranges: [bigint, bigint][] = [];
  const lines = createInterface({ input: createReadStream(asnCsvPath(family), "utf8"), crlfDelay: Infinity });
  for await (const line of lines) {
    const [a, b] = line.split(",");
    const pa = a ? parseIp(a) : undefined;
    const pb = b ? parseIp(b) : undefined;
    if (pa && pb) ranges.push([bytesToBig(pa.bytes), bytesToBig(pb.bytes)]);
  }
  const out: string[] = [];
  while (out.length < n) {
    const [lo, hi] = ranges[Math.floor(rand() * ranges.length)]!;
    const span = hi - lo + 1n;
    const off = span <= 1n ? 0n : BigInt(Math.floor(rand() * Number(span < 2n ** 52n ? span : 2n ** 52n)));
    const bytes = bigToBytes(lo + off, family === 4 ? 4 : 16);
    const text = family === 4 ? bytes.join(".") : formatV6(bytes);
    const ip = parseIp(text);
    if (ip && !isReserved(ip)) out.push(text);
  }
  return out;
}

/** One pass over addresses never seen before: every lookup walks the trees and decodes. */
function cold(service: GeoipService, ips: string[]): number {
  const t0 = performance.now();
  for (const ip of ips) service.lookup(ip);
  return ips.length / ((performance.now() - t0) / 1000);
}

/** Rate per wall second and per CPU second of this process (the machine is shared). */
function rates(n: number, t0: number, c0: NodeJS.CpuUsage): string {
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1e6;
  return `${fmt(n / wall)}/s (${fmt(n / cpu)} per CPU-s)`;
}

/** Records only (GeoipService.find: parse, reserved check, city + ASN), repeated set. */
function recordsOnly(service: GeoipService, ips: string[], seconds: number): string {
  let n = 0;
  let found = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < ips.length; i++) if (typeof service.find(ips[i]!) !== "string") found++;
    n += ips.length;
  }
  if (found < 0) console.log(found);
  return rates(n, t0, c0);
}

function inProcess(service: GeoipService, ips: string[], seconds: number): { rate: string; found: number } {
  let n = 0;
  let found = 0;
  let bytes = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < ips.length; i++) {
      const r = service.lookup(ips[i]!);
      if (r.ok) {
        found++;
        bytes += r.body.length;
      }
    }
    n += ips.length;
  }
  if (bytes < 0) console.log(bytes);
  return { rate: rates(n, t0, c0), found: found / n };
}

interface WrkResult {
  rps: number;
  p50: string;
  p99: string;
  non2xx: number;
}

async function wrk(url: string, script: string, seconds: number): Promise<WrkResult> {
  const child = spawn("wrk", ["-t1", "-c32", `-d${seconds}s`, "--latency", "-s", script, url], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  await new Promise((r) => child.on("close", r));
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p50 = /\s50%\s+(\S+)/.exec(out)?.[1] ?? "?";
  const p99 = /\s99%\s+(\S+)/.exec(out)?.[1] ?? "?";
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  if (!Number.isFinite(rps)) throw new Error(`cannot read wrk output:\n${out}`);
  return { rps, p50, p99, non2xx };
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

async function main(): Promise<void> {
  if (spawnSync("wrk", ["--version"]).error) {
    console.error("wrk is missing: install it with `apt-get install -y wrk` (Debian) and run again.");
    process.exitCode = 1;
  }
  await ensureAsnDatabases(defaultAsnDir(), false, (s) => console.log(s));
  const settings = loadSettings();
  const service = new GeoipService(openDatabases(settings.cityDbs, settings.asnDbs, { cacheSize: settings.cacheSize }));
  await service.load();
  const rand = rng(42);
  const v4 = await addresses(4, 50_000, rand);
  const v6 = await addresses(6, 50_000, rand);
  console.log("in-process, 50,000 random public addresses per family (from the ASN ranges):");
  const c4 = cold(service, v4);
  const c6 = cold(service, v6);
  console.log(`  first pass, nothing cached (tree walks + decode + JSON body): IPv4 ${fmt(c4)}/s, IPv6 ${fmt(c6)}/s`);
  const s = SECONDS / 4;
  const f4 = recordsOnly(service, v4, s);
  const f6 = recordsOnly(service, v6, s);
  console.log(`  repeated set, records only (GeoipService.find):  IPv4 ${f4}, IPv6 ${f6}   target >= 1,000,000`);
  const r4 = inProcess(service, v4, s);
  const r6 = inProcess(service, v6, s);
  console.log(`  repeated set, with JSON body (GeoipService.lookup): IPv4 ${r4.rate}, IPv6 ${r6.rate}   (${(r4.found * 100).toFixed(1)}% / ${(r6.found * 100).toFixed(1)}% found)`);

  if (process.exitCode) return;
  // HTTP: the real app and a bare Koa route, one after the other, same wrk settings.
  const home = await mkdtemp(path.join(tmpdir(), "geoip-bench-"));
  try {
    const appSettings = { ...settings, port: 0, host: "127.0.0.1", prefix: "", keysFile: path.join(home, "api-keys.json"), asnIsDefault: false };
    const { key } = await createKey(appSettings.keysFile, "bench", null);
    const paths = [...v4.slice(0, 5000), ...v6.slice(0, 5000)].sort(() => rand() - 0.5);
    const script = path.join(home, "paths.lua");
    await writeFile(
      script,
      `local paths = {${paths.map((p) => `"/${p}"`).join(",")}}\n` +
        `local i = 0\n` +
        `wrk.headers["API_KEY"] = "${key}"\n` +
        `request = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n`,
    );
    const geoip = await startGeoip(appSettings, { log: () => {} });
    const bare = new Koa();
    const router = new Router();
    router.get("/:ip", (ctx) => {
      ctx.status = 200;
      ctx.body = "ok";
    });
    bare.use(router.routes());
    const bareServer = bare.listen(0, "127.0.0.1");
    await new Promise((r) => bareServer.once("listening", r));
    const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`;
    // Warm the server's caches over the same paths wrk will ask for, as a running service would be.
    for (const p of paths) geoip.service.lookup(p);
    const httpSec = Math.max(2, Math.round(SECONDS / 2));
    console.log(`HTTP, wrk -t1 -c32, 10,000 random IPv4/IPv6 paths, 2 alternating rounds of ${httpSec} s each:`);
    await wrk(bareUrl, script, 1);
    await wrk(geoip.url, script, 1);
    const bares: WrkResult[] = [];
    const geos: WrkResult[] = [];
    for (let round = 0; round < 2; round++) {
      bares.push(await wrk(bareUrl, script, httpSec));
      geos.push(await wrk(geoip.url, script, httpSec));
    }
    const show = (r: WrkResult) => `${fmt(r.rps)} req/s p50 ${r.p50} p99 ${r.p99}`;
    const mean = (rs: WrkResult[]) => rs.reduce((a, r) => a + r.rps, 0) / rs.length;
    console.log(`  bare Koa route : ${bares.map(show).join("  |  ")}`);
    console.log(`  GET /{ip}      : ${geos.map(show).join("  |  ")}${geos.some((g) => g.non2xx) ? "  (non-2xx seen)" : ""}`);
    console.log(`  ratio GET /{ip} / bare = ${(mean(geos) / mean(bares)).toFixed(2)} (mean req/s; per round ${geos.map((g, i) => (g.rps / bares[i]!.rps).toFixed(2)).join(", ")})   target >= 0.6`);
    await geoip.close();
    bareServer.close();
    bareServer.closeAllConnections();
  } finally {
    await rm(home, { recursive: true, force: true });
  }
  console.log("(2 shared cores: wrk, the server and other work compete; compare ratios, not absolutes)");
}

await main();
