/**
 * `filescan scan` when what is around it goes wrong: the API stopped mid-scan (for a while, and
 * for good), the reader of its --json output gone (`| head`), a directory it may not read. The
 * real CLI process against the real API, in-process on a fixed port so that it can be stopped
 * and started again, over the real Kafka, registry and Elasticsearch. Nothing waits for
 * analyses here: the submissions go to the dev topics, for whatever pipeline runs.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { repoRoot } from "@filescan/config";
import { issuePat, startTestApi, type TestApi } from "./api-helpers.ts";
import { within } from "./deadline.ts";
import { filescan, startFilescan } from "./cli.ts";
import { ScanCache } from "../../apps/cli/src/scan/cache.ts";

type Line = Record<string, any>;
const jsonLines = (out: string): Line[] => out.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Line);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("filescan scan: the API going away, the output's reader going away, a directory it may not read", function () {
  this.timeout(5 * 60_000);
  const run = randomUUID().slice(0, 8);
  let api: TestApi | undefined;
  let port = 0;
  let baseUrl = "";
  let pat: string;
  let base = "";

  before(async () => {
    api = await startTestApi();
    port = Number(new URL(api.origin).port);
    baseUrl = api.baseUrl;
    pat = (await issuePat()).token;
    base = mkdtempSync(path.join(tmpdir(), "scan-outage-"));
    chmodSync(base, 0o755);
  });

  after(async () => {
    await api?.close();
    if (base) rmSync(base, { recursive: true, force: true });
  });

  /** The API stopped: its port refuses connections. */
  const stopApi = async () => {
    await api?.close();
    api = undefined;
  };
  /** The API started again on the same port. */
  const startApi = async () => {
    api ??= await startTestApi({ settings: { port } });
  };

  function tree(name: string, n: number): string {
    const dir = path.join(base, name);
    mkdirSync(dir);
    for (let i = 0; i < n; i++) writeFileSync(path.join(dir, `f${String(i).padStart(4, "0")}.txt`), `${name} file ${i} of run ${run}\n`);
    return dir;
  }

  const envFor = (home: string): NodeJS.ProcessEnv => ({ ...process.env, FILESCAN_HOME: path.join(base, home), FILESCAN_TOKEN: pat });

  /** Starts `filescan scan ARGS`; `lines(n)` resolves once n JSON lines came out. */
  function scanning(args: string[], env: NodeJS.ProcessEnv) {
    const child = startFilescan(["scan", ...args], env);
    child.stdin.end();
    let stdout = "";
    let stderr = "";
    const waiters: Array<{ n: number; resolve: () => void }> = [];
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
      const have = jsonLines(stdout).length;
      for (const w of waiters.filter((x) => have >= x.n)) w.resolve();
    });
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    return {
      child,
      exited,
      out: () => ({ stdout, stderr, lines: jsonLines(stdout) }),
      lines: (n: number) => within(`the scan handles ${n} files`, 120_000, new Promise<void>((resolve) => waiters.push({ n, resolve }))),
    };
  }

  it("waits out an API that stops mid-scan, says so, and goes on once it is back: no file failed, none left out", async () => {
    const dir = tree("restart", 120);
    const s = scanning([dir, "--url", baseUrl, "--json", "--concurrency", "1"], envFor("home-restart"));
    await s.lines(15);
    await stopApi();
    await sleep(4000);
    await startApi();
    const code = await within("the scan ends", 180_000, s.exited);
    const { lines, stderr } = s.out();
    assert.equal(code, 0, stderr);
    assert.deepEqual(lines.filter((l) => l.outcome !== "submitted"), [], "no file failed while the API was away (each got 5 retries, 15 s, then failed)");
    assert.equal(new Set(lines.map((l) => l.path)).size, 120);
    assert.match(stderr, /waiting: the API does not answer \(.*\); retrying in \d+ s/);
    assert.match(stderr, /the API answers again; the scan goes on/);
    assert.match(stderr, /scanned 120 files in .*: 120 submitted, 0 already known, 0 skipped, 0 failed/);
  });

  it("stops with exit code 2 when the API stays away past --api-wait, keeps what it learnt, and the same scan again finishes the tree", async () => {
    const dir = tree("gone", 150);
    const env = envFor("home-gone");
    const s = scanning([dir, "--url", baseUrl, "--json", "--concurrency", "2", "--api-wait", "3"], env);
    let code: number | null;
    try {
      await s.lines(20);
      await stopApi();
      code = await within("the scan stops", 120_000, s.exited);
    } finally {
      await startApi();
    }
    const { lines, stderr } = s.out();
    assert.equal(code, 2, stderr);
    assert.match(stderr, /filescan scan: the API did not take a request for 3 s \(last: 0 network_error.*\); stopped with \d+ of the \d+ files found not handled \(and the rest of the tree not walked\); the same scan again goes on from there/);
    assert.deepEqual(lines.filter((l) => l.outcome !== "submitted"), [], "the files met while the API was gone are left for the next scan, not failed one by one");
    assert.ok(lines.length >= 20 && lines.length < 150, String(lines.length));
    const cache = new ScanCache(path.join(base, "home-gone", "scan-cache"), baseUrl);
    const remembered = lines.filter((l) => cache.knownHash(l.path, statSync(l.path).size, statSync(l.path).mtimeMs) === l.sha256 && cache.wasSubmitted(l.sha256));
    cache.close();
    assert.equal(remembered.length, lines.length, "what was submitted before the stop is in the cache");

    const again = await filescan(["scan", dir, "--url", baseUrl, "--json"], env);
    assert.equal(again.code, 0, again.stderr);
    const next = jsonLines(again.stdout);
    assert.equal(next.length, 150);
    assert.equal(next.filter((l) => l.outcome === "known" && l.via === "cache").length, lines.length, "nothing submitted twice");
    assert.equal(next.filter((l) => l.outcome === "submitted").length, 150 - lines.length, "nothing lost");
  });

  it("stops quietly with exit code 141 when the reader of --json goes away (`| head`), with what it submitted in the cache: it crashed on EPIPE with a stack trace and lost them", async () => {
    const dir = tree("pipe", 300);
    const s = scanning([dir, "--url", baseUrl, "--json", "--concurrency", "1"], envFor("home-pipe"));
    await s.lines(3);
    const first = s.out().lines.slice(0, 3);
    s.child.stdout.destroy();
    const code = await within("the scan stops", 60_000, s.exited);
    const { stderr } = s.out();
    assert.equal(code, 141, stderr);
    assert.doesNotMatch(stderr, /Unhandled 'error' event|EPIPE|at /);
    assert.match(stderr, /interrupted \(output closed\): scan: \d+\/\d+\+? files/);
    const cache = new ScanCache(path.join(base, "home-pipe", "scan-cache"), baseUrl);
    for (const l of first) assert.ok(cache.wasSubmitted(l.sha256 as string) && cache.knownHash(l.path, statSync(l.path).size, statSync(l.path).mtimeMs) === l.sha256, l.path);
    cache.close();
  });

  it("says, and exits 1, when a verdict --wait --known should list cannot be read (a cache that outlived the server's index: the file was left out of the table without a word, exit code 0)", async () => {
    const dir = path.join(base, "stale");
    mkdirSync(dir);
    const f = path.join(dir, "payroll.txt");
    writeFileSync(f, `SSN 536-22-8726 of run ${run}\n`);
    const home = path.join(base, "home-stale");
    // (what an earlier scan learnt of this file, from an index since wiped: analysed, says the cache)
    const earlier = new ScanCache(path.join(home, "scan-cache"), baseUrl);
    const sha = createHash("sha256").update(readFileSync(f)).digest("hex");
    earlier.rememberHash(f, statSync(f).size, statSync(f).mtimeMs, sha);
    earlier.markAnalysed(sha);
    earlier.save();
    earlier.close();
    const r = await filescan(["scan", dir, "--url", baseUrl, "--wait", "--known", "--wait-timeout", "30"], { ...process.env, FILESCAN_HOME: home, FILESCAN_TOKEN: pat });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /1 already known/);
    assert.match(r.stdout, /^1 file\(s\) analysed whose verdict could not be read: not in the list above$/m);
  });

  it("fails a directory it may not read, as a file it may not read (a locked directory was skipped with exit code 0), and scans the rest", async () => {
    const dir = path.join(base, "perm");
    mkdirSync(path.join(dir, "locked"), { recursive: true });
    mkdirSync(path.join(dir, "open"));
    writeFileSync(path.join(dir, "locked", "payroll.txt"), `locked ${run}\n`);
    writeFileSync(path.join(dir, "open", "menu.txt"), `open ${run}\n`);
    for (const d of [dir, path.join(dir, "open")]) chmodSync(d, 0o755);
    chmodSync(path.join(dir, "open", "menu.txt"), 0o644);
    chmodSync(path.join(dir, "locked"), 0o700);
    const home = path.join(base, "home-perm");
    mkdirSync(home);
    // (root reads everything: as root the scan runs as nobody, and the locked directory is root's)
    const asRoot = process.getuid?.() === 0;
    if (asRoot) chownSync(home, 65534, 65534);
    else chmodSync(path.join(dir, "locked"), 0o000);
    const child = spawn(process.execPath, [path.join(repoRoot(), "apps", "cli", "bin", "filescan.js"), "scan", dir, "--url", baseUrl, "--json"], {
      env: { ...process.env, FILESCAN_HOME: home, FILESCAN_TOKEN: pat },
      stdio: ["ignore", "pipe", "pipe"],
      ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const code = await within("the scan ends", 120_000, new Promise<number | null>((resolve) => child.on("close", resolve)));
    if (!asRoot) chmodSync(path.join(dir, "locked"), 0o700);
    const lines = jsonLines(stdout);
    assert.equal(code, 1, stderr);
    assert.deepEqual(lines.find((l) => l.path === path.join(dir, "locked")), { path: path.join(dir, "locked"), outcome: "failed", reason: "read_error", detail: "EACCES: permission denied, scandir: nothing under it was scanned" });
    assert.equal(lines.find((l) => l.path === path.join(dir, "open", "menu.txt"))?.outcome, "submitted");
    assert.match(stderr, /1 submitted, 0 already known, 0 skipped, 1 failed/);
  });
});
