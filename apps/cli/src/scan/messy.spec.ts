/** `filescan scan` on the trees a share holds: odd times, files that change under it. */
import assert from "node:assert/strict";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { ScanCache } from "./cache.ts";
import { hashFile } from "./hash.ts";
import { Reporter } from "./report.ts";
import { failure, runScan, type ScanOptions, type ScanSummary } from "./run.ts";

const made: string[] = [];
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));
/** `within`: where (tmpfs's /dev/shm makes 60,000 files in half a second, where a busy disk took 45 s). */
function tempDir(prefix: string, within = tmpdir()): string {
  const d = mkdtempSync(path.join(within, prefix));
  made.push(d);
  return d;
}

/** A terminal's escape sequences (CSI, and save and restore the cursor), made of ESC as a string (no control character in a regex literal). */
const ESCAPES = new RegExp(`${String.fromCharCode(27)}(\\[[0-9;?]*[A-Za-z]|[78])`, "g");

/** The API's `timestamp` (schemas/openapi/filescan-api.yaml): RFC 3339 with a four-digit year. */
const RFC3339 = /^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$/;

/**
 * A scan of `roots` against a stand-in for the API's HTTP routes (no pipeline behind it): it
 * knows no content, takes each submission whose `timestamp` the real one would (else 400, as it
 * answers), and keeps what was submitted.
 */
async function scanOf(roots: string[], opts: Partial<ScanOptions> = {}): Promise<{ summary: ScanSummary; submitted: Array<Record<string, string>> }> {
  const submitted: Array<Record<string, string>> = [];
  const srv = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const send = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      if (req.url!.endsWith("/auth/token")) return send(200, { access_token: "jwt", expires_in: 3600 });
      if (req.url!.endsWith("/analyzer")) return send(200, { analyzer_version: 1, min_analyzer_version: 0, max_file_bytes: 1024 * 1024 });
      if (req.url!.endsWith("/query")) return send(404, { status: "not found", code: 404 });
      const s = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, string>;
      if (!RFC3339.test(s.timestamp!)) return send(400, { code: "invalid_submission", detail: "invalid or missing: timestamp" });
      submitted.push(s);
      return send(202, { status: "queued", submission_id: `s${submitted.length}`, sha256: s.sha256 });
    });
  });
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  try {
    const { port } = srv.address() as { port: number };
    const summary = await runScan({ roots, baseUrl: `http://127.0.0.1:${port}/api`, pat: "fsp_x", concurrency: 2, app: "spec", tags: {}, uri: false, cacheDir: null, json: false, tty: false, wait: false, waitTimeoutMs: 1000, ...opts });
    return { summary, submitted };
  } finally {
    srv.closeAllConnections();
    srv.close();
  }
}

describe("scan: messy trees", () => {
  it("submits a file whose mtime is past the year 9999 (a broken clock; tmpfs, btrfs and NTFS keep it) with the latest timestamp the API takes (it was refused with 400, or threw 'Invalid time value', every scan)", async function () {
    // (a file system that keeps such times: tmpfs; ext4 keeps none past 2446)
    if (!existsSync("/dev/shm")) return this.skip();
    const dir = tempDir("scan-spec-time-", "/dev/shm");
    for (const [name, secs] of [["year-11476.txt", 300_000_000_000], ["year-287168.txt", 9_000_000_000_000], ["now.txt", Date.parse("2024-05-01T10:00:00Z") / 1000]] as const) {
      writeFileSync(path.join(dir, name), name);
      utimesSync(path.join(dir, name), secs, secs);
      if (statSync(path.join(dir, name)).mtimeMs !== secs * 1000) return this.skip(); // (a tmpfs that does not keep them)
    }
    const { summary, submitted } = await scanOf([dir]);
    assert.deepEqual([summary.counts.submitted, summary.counts.failed], [3, 0]);
    const timeOf = (name: string) => submitted.find((s) => s.filename === name)?.timestamp;
    assert.deepEqual(["year-11476.txt", "year-287168.txt", "now.txt"].map(timeOf), ["9999-12-31T23:59:59.999Z", "9999-12-31T23:59:59.999Z", "2024-05-01T10:00:00.000Z"]);
  });

  it("sends a file's mtime past the years 0000–9999 as the nearest the API takes", async () => {
    const { timestampOf } = await import("./run.ts");
    const cases: Array<[number, string]> = [
      [Date.parse("2024-05-01T10:00:00.250Z"), "2024-05-01T10:00:00.250Z"],
      [300_000_000_000_000, "9999-12-31T23:59:59.999Z"], // touch -d @300000000000 on tmpfs: the year 11476
      [9_000_000_000_000_000, "9999-12-31T23:59:59.999Z"], // the year 287168: past what a Date holds
      [-70_000_000_000_000, "0000-01-01T00:00:00.000Z"], // the year -249
      [Date.parse("1601-01-01T00:00:00.000Z"), "1601-01-01T00:00:00.000Z"], // NTFS's zero
      [0, "1970-01-01T00:00:00.000Z"],
    ];
    for (const [ms, want] of cases) {
      assert.equal(timestampOf(ms), want, String(ms));
      assert.match(timestampOf(ms), RFC3339);
    }
  });

  it("skips a file that grew past the size limit since the walk or while it was read, as the walk skips one (it failed the scan as a read error)", async () => {
    const dir = tempDir("scan-spec-grew-");
    const f = path.join(dir, "app.log");
    writeFileSync(f, Buffer.alloc(3 * 1024 * 1024, 1));
    const since: unknown = await hashFile(f, 1024).catch((e: unknown) => e);
    assert.deepEqual(failure(f, since), { path: f, outcome: "skipped", reason: "too_large", detail: "over 1024 bytes (grew since the walk)" });
    // (under the limit when opened, past it by the third megabyte read)
    const limit = 3 * 1024 * 1024 + 100;
    const during: unknown = await hashFile(f, limit, { onChunk: () => appendFileSync(f, Buffer.alloc(64 * 1024, 2)) }).catch((e: unknown) => e);
    assert.deepEqual(failure(f, during), { path: f, outcome: "skipped", reason: "too_large", detail: `over ${limit} bytes (grew while it was read)` });
  });

  it("holds nothing for each file handled until the walk ends (a promise a file: 67 bytes each, 670 MB for a share of 10 million files)", async function () {
    this.timeout(120_000);
    const root = tempDir("scan-spec-many-", existsSync("/dev/shm") ? "/dev/shm" : tmpdir());
    // (directories of 100: the walk holds one directory's names at a time)
    const dirs = 600;
    for (let d = 0; d < dirs; d++) {
      mkdirSync(path.join(root, `d${d}`));
      for (let f = 0; f < 100; f++) writeFileSync(path.join(root, `d${d}`, `f${f}`), "x");
    }
    // (a scan first, of a few files: what the first one loads, once, is no file's)
    const few = tempDir("scan-spec-few-");
    for (let f = 0; f < 20; f++) writeFileSync(path.join(few, `f${f}`), "x");
    await scanOf([few], { maxBytes: 0 });
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    gc();
    const base = process.memoryUsage().heapUsed;
    let peak = 0;
    const sample = setInterval(() => {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed - base);
    }, 250);
    try {
      // (each file skipped as too large, without a request: the walk and the scan's own bookkeeping alone)
      const { summary } = await scanOf([root], { maxBytes: 0 });
      assert.equal(summary.counts.skipped, dirs * 100);
    } finally {
      clearInterval(sample);
    }
    // (measured: 0.5–0.6 MB; 3.8–4.1 MB when each file's promise was kept)
    assert.ok(peak < 2e6, `at most 2 MB held, whatever the number of files (${(peak / 1e6).toFixed(1)} MB for ${dirs * 100} files)`);
  });

  it("keeps no path in memory with --no-cache, which remembers nothing between runs (each was held to the end of the scan)", () => {
    const c = new ScanCache(null, "http://api/v1");
    for (let i = 0; i < 1000; i++) {
      c.rememberHash(`/share/f${i}`, 1, 1, `h${i}`);
      c.markSubmitted(`h${i}`);
    }
    c.markAnalysed("h1");
    assert.equal(c.size, 0);
    assert.equal(c.wasSubmitted("h2"), false);
    assert.equal(c.isAnalysed("h1"), true, "a content analysed is still not asked about twice in one scan");
  });

  it("shows no share done nor time left on the terminal while the walk goes on (the bar said 99 % and 'ETA 1s' all through a scan of hours)", () => {
    let out = "";
    const err = { isTTY: true, columns: 200, write: (s: string) => ((out += s), true) } as unknown as NodeJS.WriteStream;
    const rep = new Reporter({ json: false, tty: true, err });
    for (let i = 0; i < 3; i++) rep.foundFile();
    rep.result({ path: "/s/a", outcome: "submitted" });
    rep.result({ path: "/s/b", outcome: "submitted" });
    rep.log("a line: the bar is drawn again after it");
    // (each frame: what is written after the cursor goes back to the line's start)
    const frames = () => out.split("\u001b[1G").map((f) => f.replace(ESCAPES, "").trim()).filter((f) => f.includes("files"));
    const walking = frames();
    assert.ok(walking.length > 0 && walking.every((f) => !f.includes("%") && !f.includes("ETA")), walking.join("\n"));
    assert.match(walking.at(-1)!, /^2\/3\+ files, walking \| hashed 0 known 0 submitted 2 failed 0 \| /);
    rep.walkDone();
    rep.result({ path: "/s/c", outcome: "submitted" });
    rep.finish();
    assert.match(frames().at(-1)!, / 100% \| 3\/3 files \| hashed 0 known 0 submitted 3 failed 0 \| .* \| ETA 0s$/);
  });

  it("says which cache cannot be used and that --no-cache scans without it (a read-only home ended the scan with a bare EACCES)", async () => {
    const dir = tempDir("scan-spec-nocache-");
    writeFileSync(path.join(dir, "a.txt"), "a");
    const home = path.join(dir, "a.txt", "scan-cache"); // (under a file: no directory can be made there, even by root)
    await assert.rejects(scanOf([dir], { cacheDir: home }), (e: Error) => e.message.startsWith(`the scan cache in ${home} cannot be used (ENOTDIR`) && e.message.endsWith("; --no-cache scans without it"));
  });
});
