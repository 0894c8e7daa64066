/**
 * `filescan scan` as a crawler runs it: the real CLI process against the real API, with the
 * extractor, classifier (no LLM: deterministic verdicts) and projector running in-process on
 * their own consumer groups and index prefix, over the real Kafka, registry and Elasticsearch.
 * Each app's health server runs on a free port: all three say ready once started.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { kafkaGroup, repoRoot } from "@filescan/config";
import { ANALYZER_VERSION } from "@filescan/contracts";
import { createKafka } from "@filescan/kafka";
import { aliasesFor, createEsClient } from "@filescan/search";
import { startExtractor, type RunningExtractor } from "@filescan/extractor";
import { startClassifier, type RunningClassifier } from "@filescan/classifier";
import { startProjectorApp, type RunningProjectorApp } from "@filescan/projector";
import { accessToken, bearer, issuePat, startTestApi, type TestApi } from "./api-helpers.ts";
import { within } from "./deadline.ts";
import { filescan, startFilescan } from "./cli.ts";
import { ScanCache } from "../../apps/cli/src/scan/cache.ts";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  lines: Array<Record<string, any>>;
}

async function scan(args: Array<string | Buffer>, env: NodeJS.ProcessEnv): Promise<Run> {
  const r = await filescan(["scan", ...args], env);
  return { ...r, lines: r.stdout.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l)) };
}

describe("filescan scan: a directory tree through the real API and pipeline", function () {
  this.timeout(5 * 60_000);
  const run = randomUUID().slice(0, 8);
  const prefix = `filescan-scan${run}`;
  const es = createEsClient();
  let env: NodeJS.ProcessEnv;
  let api: TestApi;
  let apps: [RunningExtractor, RunningClassifier, RunningProjectorApp];
  let pat: string;
  let root: string;
  let base = "";
  let cliEnv: NodeJS.ProcessEnv;
  const letter = `Dear Jane Doe,\nyour social security number 536-22-8726 is on file (run ${run}).\n`;

  before(async () => {
    env = {
      ...process.env,
      FILESCAN_LLM: "off",
      FILESCAN_NEW_GROUP_START: "latest",
      FILESCAN_ES_INDEX_PREFIX: prefix,
      FILESCAN_EXTRACTOR_GROUP: `scan-extractor-${run}`,
      FILESCAN_CLASSIFIER_GROUP: `scan-classifier-${run}`,
      FILESCAN_PROJECTOR_GROUP: `scan-projector-${run}`,
      FILESCAN_EXTRACTOR_HTTP_PORT: "0",
      FILESCAN_CLASSIFIER_METRICS_PORT: "0", // the older name of FILESCAN_CLASSIFIER_HTTP_PORT
      FILESCAN_PROJECTOR_HTTP_PORT: "0",
    };
    apps = await within("start the extractor, classifier and projector (consumer groups joined)", 240_000, Promise.all([startExtractor(env), startClassifier(env), startProjectorApp(env)]));
    // the server takes files up to 150 kB, so a larger one is refused with 413
    api = await startTestApi({ env, settings: { maxFileBytes: 150_000, submitBodyLimit: 1_300_000 } });
    pat = (await issuePat()).token;
    base = mkdtempSync(path.join(tmpdir(), "scan-it-"));
    root = path.join(base, "share");
    mkdirSync(path.join(root, "hr", "2024"), { recursive: true });
    mkdirSync(path.join(root, "public"));
    writeFileSync(path.join(root, "hr", "2024", "letter.txt"), letter);
    writeFileSync(path.join(root, "public", "letter-copy.txt"), letter);
    writeFileSync(path.join(root, "public", "menu.txt"), `soup of the day: tomato (run ${run})\n`);
    writeFileSync(path.join(root, "public", "big.log"), `${"x".repeat(99)}\n`.repeat(2000) + run);
    writeFileSync(path.join(base, "elsewhere.txt"), `outside ${run}`);
    symlinkSync(path.join(base, "elsewhere.txt"), path.join(root, "public", "link.txt"));
    cliEnv = { ...process.env, FILESCAN_HOME: path.join(base, "home"), FILESCAN_TOKEN: pat };
  });

  after(async () => {
    if (base) rmSync(base, { recursive: true, force: true });
    await Promise.allSettled([api?.close(), ...(apps ?? []).map((a) => a.stop())]);
    const mine = Object.keys(await es.indices.get({ index: `${prefix}-*`, allow_no_indices: true }).catch(() => ({})));
    if (mine.length) await es.indices.delete({ index: mine });
    for (const name of Object.values(aliasesFor(prefix))) await es.indices.deleteIndexTemplate({ name }).catch(() => undefined);
    await es.close();
    const admin = createKafka("scan-cleanup").admin();
    await admin.connect();
    await admin.deleteGroups([env.FILESCAN_EXTRACTOR_GROUP!, env.FILESCAN_CLASSIFIER_GROUP!, env.FILESCAN_PROJECTOR_GROUP!].map((g) => kafkaGroup(g))).catch(() => undefined);
    await admin.disconnect();
  });

  it("serves /readyz 200 from each processor once started: consumer joined (and, for the projector, Elasticsearch up)", async () => {
    for (const [name, app] of [["extractor", apps[0]], ["classifier", apps[1]], ["projector", apps[2]]] as const) {
      assert.ok(app.httpPort, `${name} serves HTTP`);
      const r = await fetch(`http://127.0.0.1:${app.httpPort}/readyz`);
      const body = (await r.json()) as any;
      assert.equal(r.status, 200, `${name}: ${JSON.stringify(body)}`);
      assert.equal(body.app, name);
      assert.equal(body.checks.consumer.state, "running", name);
      assert.match(body.checks.consumer.detail, new RegExp(`joined consumer group ${kafkaGroup(env[`FILESCAN_${name.toUpperCase()}_GROUP`]!)}`), name);
      if (name === "projector") assert.equal(body.checks.elasticsearch.ready, true);
      assert.equal((await fetch(`http://127.0.0.1:${app.httpPort}/healthz`)).status, 200, name);
      assert.match(await (await fetch(`http://127.0.0.1:${app.httpPort}/metrics`)).text(), new RegExp(`^filescan_${name}_consumer_running 1$`, "m"), name);
    }
  });

  it("submits each file, skips what the server would refuse and links out of the tree, waits and lists the sensitive files", async () => {
    const r = await scan([root, "--url", api.baseUrl, "--json", "--wait", "--wait-timeout", "180", "--max-size", "10000000", "--tag", `run=${run}`], cliEnv);
    const by = (name: string) => r.lines.find((l) => l.path.endsWith(name));
    assert.equal(r.code, 0, r.stderr);
    assert.equal(by("letter.txt")?.outcome, "submitted", r.stdout);
    assert.equal(by("letter-copy.txt")?.outcome, "submitted");
    assert.equal(by("menu.txt")?.outcome, "submitted");
    // (above the server's 150 kB, which GET /analyzer says: skipped unread, not uploaded to be refused, whatever --max-size asks)
    assert.equal(by("big.log")?.outcome, "skipped");
    assert.equal(by("big.log")?.reason, "too_large");
    assert.equal(by("big.log")?.detail, "over 150000 bytes");
    assert.equal(by("link.txt")?.outcome, "skipped");
    assert.equal(by("link.txt")?.reason, "symlink_outside_roots");
    assert.match(r.stderr, /2 of the 3 file\(s\) analysed hold sensitive data/);
    assert.match(r.stderr, /hr\/2024\/letter\.txt\s+high/);
    assert.doesNotMatch(r.stderr, /menu\.txt/);

    // what the crawler sent is what the stored sightings hold: the nine fields and the extras
    const sha = by("letter.txt")!.sha256 as string;
    const jwt = await accessToken(api.baseUrl, pat);
    const report = (await (await fetch(`${api.baseUrl}/files/${sha}`, { headers: bearer(jwt) })).json()) as any;
    assert.equal(report.analysis.llm.has_sensitive_data, true);
    assert.equal(report.sightings_total, 2, "two paths, two sightings");
    const s = report.sightings.find((x: any) => x.full_path.endsWith("letter.txt"));
    assert.equal(s.filename, "letter.txt");
    assert.equal(s.full_path, path.join(root, "hr", "2024", "letter.txt"));
    assert.match(s.app, /^filescan-scan\//);
    assert.equal(s.mimetype, "text/plain");
    assert.equal(s.extra.tags.run, run);
    assert.equal(s.extra.size, Buffer.byteLength(letter));
    assert.ok(typeof s.extra.host === "string" && s.extra.host.length > 0);
  });

  it("uploads nothing again on a re-scan, and skips what is over --max-size", async () => {
    // (no --max-size: the server's limit)
    const r = await scan([root, "--url", api.baseUrl, "--json"], cliEnv);
    assert.equal(r.code, 0, r.stderr);
    const outcomes = Object.fromEntries(r.lines.map((l) => [path.basename(l.path), `${l.outcome}${l.via ? `/${l.via}` : ""}${l.reason ? `/${l.reason}` : ""}`]));
    assert.deepEqual(outcomes, {
      "letter.txt": "known/cache",
      "letter-copy.txt": "known/cache",
      "menu.txt": "known/cache",
      "big.log": "skipped/too_large",
      "link.txt": "skipped/symlink_outside_roots",
    });
    assert.match(r.stderr, /0 submitted, 3 already known/);
    // --wait lists the sensitive files among those analysed now; --known among the known ones too
    const waited = await scan([root, "--url", api.baseUrl, "--json", "--wait", "--max-size", "150000"], cliEnv);
    assert.equal(waited.code, 0, waited.stderr);
    assert.match(waited.stderr, /no sensitive data found in the 0 file\(s\) analysed\nthe 3 file\(s\) already known were not looked at again \(--known lists theirs too\)/);
    const all = await scan([root, "--url", api.baseUrl, "--json", "--wait", "--known", "--max-size", "150000"], cliEnv);
    assert.equal(all.code, 0, all.stderr);
    assert.deepEqual(all.lines.map((l) => l.outcome).sort(), ["known", "known", "known", "skipped", "skipped"], "nothing uploaded");
    assert.match(all.stderr, /2 of the 3 file\(s\) analysed hold sensitive data/);
    assert.match(all.stderr, /hr\/2024\/letter\.txt\s+high/);
    assert.match(all.stderr, /public\/letter-copy\.txt\s+high/);
    assert.doesNotMatch(all.stderr, /menu\.txt|already known were not looked at/);
    const refused = await scan([root, "--url", api.baseUrl, "--known"], cliEnv);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /--known is an option of --wait/);
    // without the cache, /query says the files are known: still no upload
    const q = await scan([path.join(root, "hr"), "--url", api.baseUrl, "--json", "--no-cache"], cliEnv);
    assert.equal(q.code, 0, q.stderr);
    assert.deepEqual(q.lines.map((l) => `${l.outcome}/${l.via}`), ["known/query"]);
  });

  it("forgets a file that was moved once a scan walked the tree to its end, and knows the moved one by its content", async () => {
    /** What the cache knows of a path with this size and mtime (read, then the lock given back for the scans). */
    const known = (p: string, size: number, mtimeMs: number) => {
      const c = new ScanCache(path.join(base, "home", "scan-cache"), api.baseUrl);
      c.close();
      return c.knownHash(p, size, mtimeMs);
    };
    const menu = path.join(root, "public", "menu.txt");
    const moved = path.join(root, "hr", "menu.txt");
    const size = (p: string) => statSync(p).size;
    const mtime = (p: string) => statSync(p).mtimeMs;
    assert.ok(known(menu, size(menu), mtime(menu)), "the earlier scans remembered it");
    renameSync(menu, moved);
    try {
      const r = await scan([root, "--url", api.baseUrl, "--json", "--max-size", "150000"], cliEnv);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(r.lines.filter((l) => path.basename(l.path) === "menu.txt").map((l) => `${l.path}:${l.outcome}/${l.via}`), [`${moved}:known/cache`], "read again, not uploaded");
      assert.equal(known(menu, size(moved), mtime(moved)), undefined, "the old path is forgotten");
      assert.ok(known(moved, size(moved), mtime(moved)));
      const letterPath = path.join(root, "hr", "2024", "letter.txt");
      assert.ok(known(letterPath, size(letterPath), mtime(letterPath)), "the rest is kept");
    } finally {
      renameSync(moved, menu);
    }
  });

  it("keeps what a scan killed by SIGTERM learnt, and lets a second scan meanwhile read the cache but not write it", async () => {
    const many = path.join(base, "many");
    mkdirSync(many);
    for (let i = 0; i < 1500; i++) writeFileSync(path.join(many, `f${i}.txt`), `file ${i} of ${run}\n`);
    const home = { ...cliEnv, FILESCAN_HOME: path.join(base, "home-kill") };
    const args = (root: string) => [path.join(root), "--url", api.baseUrl, "--json", "--concurrency", "1"];
    const first = startFilescan(["scan", ...args(many)], home);
    let handled = 0;
    const exited = new Promise<number | null>((resolve) => first.on("close", (code) => resolve(code)));
    const started = new Promise<void>((resolve) => first.stdout.on("data", (d: Buffer) => {
      handled += d.toString().split("\n").filter((l) => l.startsWith("{")).length;
      if (handled >= 20) resolve();
    }));
    await within("the first scan handles 20 files", 60_000, started);
    const second = await scan(args(path.join(root, "hr")), home);
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stderr, new RegExp(`another scan \\(pid ${first.pid}\\) is writing the cache of this API; this one reads it and writes nothing to it`));
    first.kill("SIGTERM");
    assert.equal(await exited, 143);
    const cacheDir = path.join(base, "home-kill", "scan-cache");
    assert.deepEqual(readdirSync(cacheDir).filter((f) => f.endsWith(".lock")), [], "the lock is given back");
    const kept = new ScanCache(cacheDir, api.baseUrl);
    const known = Array.from({ length: 1500 }, (_, i) => path.join(many, `f${i}.txt`)).filter((p) => kept.knownHash(p, statSync(p).size, statSync(p).mtimeMs));
    kept.close();
    assert.ok(known.length >= 20, `the files handled before the kill are in the journal (${known.length})`);
    assert.equal(kept.knownHash(path.join(root, "hr", "2024", "letter.txt"), Buffer.byteLength(letter), statSync(path.join(root, "hr", "2024", "letter.txt")).mtimeMs), undefined, "the second scan wrote nothing");
    rmSync(many, { recursive: true, force: true });
  });

  it("after an upgrade, with FILESCAN_MIN_ANALYZER_VERSION raised on the api alone, sends again the files an older analyzer analysed, and their new analysis replaces the old one", async () => {
    // the letter's analysis as an earlier release stored it (the menu's stays current)
    const { analyses, files } = aliasesFor(prefix);
    const sha = (await scan([path.join(root, "hr"), "--url", api.baseUrl, "--json"], cliEnv)).lines[0]!.sha256 as string;
    await es.update({ index: analyses, id: sha, doc: { analysis: { analyzer_version: 0 }, event: { analyzer_version: 0 } }, refresh: true });
    // the operator sets the minimum on the api; the classifier is restarted (as by the upgrade,
    // which empties its memory of recent verdicts) without it, and learns it from each
    // submission: else it would reuse the old verdict /query does not count, and the crawler
    // would send the file on every scan
    const upgraded = { ...env, FILESCAN_MIN_ANALYZER_VERSION: String(ANALYZER_VERSION) };
    await Promise.all([api.close(), apps[1].stop()]);
    apps[1] = await within("restart the classifier", 240_000, startClassifier(env));
    api = await startTestApi({ env: upgraded, settings: { maxFileBytes: 150_000, submitBodyLimit: 1_300_000 } });

    const r = await scan([root, "--url", api.baseUrl, "--json", "--wait", "--wait-timeout", "180", "--max-size", "150000"], cliEnv);
    assert.equal(r.code, 0, r.stderr);
    const outcomes = Object.fromEntries(r.lines.filter((l) => l.outcome !== "skipped").map((l) => [path.basename(l.path), `${l.outcome}${l.via ? `/${l.via}` : ""}`]));
    // (the cache was written under another minimum: every file is asked about again, the unchanged ones not read again)
    assert.deepEqual(outcomes, { "letter.txt": "submitted", "letter-copy.txt": "submitted", "menu.txt": "known/query" });
    const stored = await es.get<Record<string, any>>({ index: analyses, id: sha });
    assert.equal(stored._source!.analysis.analyzer_version, ANALYZER_VERSION);
    assert.equal(stored._source!.analysis.reused, false, "analysed afresh, not the old verdict reused");
    // (a sighting sent again is the same sighting, the same document: its id comes from the
    // file's path, time and content; it carries the new analysis once the projector applied it)
    let versions: unknown[] = [];
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((res) => setTimeout(res, 500))) {
      await es.indices.refresh({ index: files });
      const sightings = await es.search<Record<string, any>>({ index: files, size: 10, query: { term: { sha256: sha } } });
      versions = sightings.hits.hits.map((h) => h._source!.analysis?.analyzer_version);
      if (versions.length === 2 && versions.every((v) => v === ANALYZER_VERSION)) break;
    }
    assert.deepEqual(versions, [ANALYZER_VERSION, ANALYZER_VERSION], "both paths' sightings carry the new analysis");
    const again = await scan([root, "--url", api.baseUrl, "--json", "--max-size", "150000"], cliEnv);
    assert.match(again.stderr, /0 submitted, 3 already known/);
  });

  it("reports a file the server refuses as failed, with the API's code and detail, and exits 1 (a name with a backslash: filename must be a base name)", async () => {
    const refused = path.join(base, "refused");
    mkdirSync(refused);
    writeFileSync(path.join(refused, "odd\\name.txt"), `refused ${run}\n`);
    writeFileSync(path.join(refused, "fine.txt"), `taken ${run}\n`);
    const r = await scan([refused, "--url", api.baseUrl, "--json", "--no-cache"], cliEnv);
    assert.equal(r.code, 1, `a refused file makes the exit code 1\n${r.stderr}`);
    const by = (name: string) => r.lines.find((l) => path.basename(l.path) === name);
    assert.equal(by("fine.txt")?.outcome, "submitted");
    assert.equal(by("odd\\name.txt")?.outcome, "failed");
    assert.equal(by("odd\\name.txt")?.reason, "validation_failed");
    assert.match(String(by("odd\\name.txt")?.detail), /filename/);
  });

  it("reads and remembers apart two names that show alike, one UTF-8 and one Latin-1, of the same size and mtime (the second was taken for the first from the cache, never read)", async () => {
    const dir = path.join(base, "encodings");
    mkdirSync(dir);
    const utf8 = Buffer.from(path.join(dir, "Müller.txt"));
    const latin1 = Buffer.concat([Buffer.from(`${dir}/M`), Buffer.from([0xfc]), Buffer.from("ller.txt")]);
    writeFileSync(utf8, `Herr Müller, run ${run}\n`);
    writeFileSync(latin1, `Frau Müller, run ${run}\n`);
    for (const f of [utf8, latin1]) utimesSync(f, 1_000_000_000, 1_000_000_000);
    const home = { ...cliEnv, FILESCAN_HOME: path.join(base, "home-encodings") };
    const args = [dir, "--url", api.baseUrl, "--json", "--concurrency", "1", "--uri"];
    const r = await scan(args, home);
    assert.equal(r.code, 0, r.stderr);
    const sent = r.lines.map((l) => `${l.outcome}:${l.sha256}`);
    assert.deepEqual(r.lines.map((l) => l.outcome), ["submitted", "submitted"], r.stdout);
    assert.notEqual(r.lines[0]!.sha256, r.lines[1]!.sha256, "each file read");
    const again = await scan(args, home);
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(again.lines.map((l) => `${l.outcome === "known" ? "submitted" : l.outcome}:${l.sha256}`), sent, "each remembered with its own content");
    assert.deepEqual(again.lines.map((l) => l.via), ["cache", "cache"]);
    // the Latin-1 name given on the command line (Node decodes it to U+FFFD): read by its bytes, known by the cache as the walk knew it
    const byName = await scan([latin1, ...args.slice(1)], home);
    assert.equal(byName.code, 0, byName.stderr);
    assert.deepEqual(byName.lines.map((l) => [l.outcome === "known" ? "submitted" : l.outcome, l.sha256, l.via]), [["submitted", createHash("sha256").update(readFileSync(latin1)).digest("hex"), "cache"]], byName.stdout);
  });

  it("walks a directory bind-mounted inside the tree once, and submits a file whose mtime is past the year 9999 (each file under the mount was sent twice; the file was refused with 400)", async function () {
    // (tmpfs keeps such a time, ext4 none past 2446)
    const dir = mkdtempSync(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "scan-it-odd-"));
    try {
      mkdirSync(path.join(dir, "hr"));
      mkdirSync(path.join(dir, "mnt"));
      writeFileSync(path.join(dir, "hr", "payroll.txt"), `payroll of run ${run}\n`);
      const future = path.join(dir, "future.txt");
      writeFileSync(future, `saved by a clock gone wrong, run ${run}\n`);
      utimesSync(future, 300_000_000_000, 300_000_000_000);
      const farOff = statSync(future).mtimeMs === 300_000_000_000_000;
      // the scan in a mount namespace of its own, where hr is bind-mounted on mnt (the mount ends with it)
      const asRoot = process.getuid?.() === 0 ? [] : ["--map-root-user"];
      const unshare = (...cmd: string[]) => spawn("unshare", [...asRoot, "--mount", "--propagation", "private", "sh", "-c", 'mount --bind "$1" "$2" && shift 2 && exec "$@"', "sh", path.join(dir, "hr"), path.join(dir, "mnt"), ...cmd], { env: cliEnv });
      const run1 = (...cmd: string[]) => new Promise<Run>((resolve, reject) => {
        const p = unshare(...cmd);
        let stdout = "";
        let stderr = "";
        p.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
        p.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
        p.on("error", reject);
        p.on("close", (code) => resolve({ code, stdout, stderr, lines: stdout.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l)) }));
      });
      if ((await run1("true")).code !== 0) return this.skip(); // (no mount namespace to be had: neither root nor user namespaces)
      const r = await run1(process.execPath, path.join(repoRoot(), "apps", "cli", "bin", "filescan.js"), "scan", dir, "--url", api.baseUrl, "--json", "--no-cache");
      assert.equal(r.code, 0, r.stderr);
      const outcomes = r.lines.map((l) => `${path.relative(dir, l.path)}:${l.outcome}${l.reason ? `:${l.reason}` : ""}`).sort();
      assert.deepEqual(outcomes, ["future.txt:submitted", "hr/payroll.txt:submitted", "mnt:skipped:already_walked"], r.stdout);
      const by = (name: string) => r.lines.find((l) => path.relative(dir, l.path) === name)!;
      assert.equal(by("mnt").detail, `walked as ${path.join(dir, "hr")}`);
      assert.match(r.stderr, /skipped: 1 already_walked \(directories reached again by another path/);
      if (farOff) {
        const jwt = await accessToken(api.baseUrl, pat);
        const sha = by("future.txt").sha256 as string;
        let sightings: any[] = [];
        for (let i = 0; i < 60 && sightings.length === 0; i++) {
          sightings = ((await (await fetch(`${api.baseUrl}/files/${sha}`, { headers: bearer(jwt) })).json()) as any).sightings ?? [];
          if (sightings.length === 0) await new Promise((res) => setTimeout(res, 500));
        }
        assert.equal(sightings[0]?.timestamp, "9999-12-31T23:59:59.999Z", "the latest time the API takes");
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("fails with exit code 2 and a clear message on a wrong token", async () => {
    const r = await scan([root, "--url", api.baseUrl, "--token", "fsp_000000000000000000000000000000000000"], { ...cliEnv, FILESCAN_TOKEN: "" });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /filescan scan: the API answered 401/);
  });
});
