import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFileSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileLines, ScanCache } from "./cache.ts";
import { ApiClient, ApiUnavailable, backoffMs } from "./client.ts";
import { hashFile, NotAFile, TooLarge } from "./hash.ts";
import { Reporter } from "./report.ts";
import { failure, fileUrl, waitLine } from "./run.ts";
import { sensitiveTable } from "../commands/scan.ts";
import { WaitQueue } from "./wait.ts";
import { cacheKey, escapedPath, nameOf, unescapedPath, unreadable, type WalkItem } from "./walk.ts";
import { all, tempDir } from "./spec-support.ts";

function tree(): { root: string; outside: string } {
  const base = tempDir("scan-spec-");
  const root = path.join(base, "root");
  const outside = path.join(base, "outside");
  mkdirSync(path.join(root, "docs", "deep"), { recursive: true });
  mkdirSync(path.join(root, "node_modules", "x"), { recursive: true });
  mkdirSync(outside);
  writeFileSync(path.join(root, "a.txt"), "a");
  writeFileSync(path.join(root, "docs", "b.pdf"), "b");
  writeFileSync(path.join(root, "docs", "deep", "c.csv"), "c");
  writeFileSync(path.join(root, "node_modules", "x", "d.js"), "d");
  writeFileSync(path.join(outside, "secret.txt"), "s");
  symlinkSync(path.join(outside, "secret.txt"), path.join(root, "link-out.txt"));
  symlinkSync(path.join(root, "a.txt"), path.join(root, "docs", "link-in.txt"));
  symlinkSync(root, path.join(root, "docs", "loop"));
  return { root, outside };
}

describe("scan: walking, hashing, caching, retrying", () => {
  it("walks every file once, keeps links inside the roots and ends link cycles", async () => {
    const { root } = tree();
    const items = await all([root]);
    const files = items.filter((i) => i.kind === "file").map((i) => path.relative(root, i.path)).sort();
    assert.deepEqual(files, ["a.txt", "docs/b.pdf", "docs/deep/c.csv", "docs/link-in.txt", "node_modules/x/d.js"]);
    const out = items.find((i) => i.path.endsWith("link-out.txt"));
    assert.equal(out?.kind === "skipped" && out.reason, "symlink_outside_roots");
    const followed = await all([root], { followOutside: true });
    assert.ok(followed.some((i) => i.kind === "file" && i.path.endsWith("link-out.txt")));
  });

  it("ends with a table of 200,000 sensitive files (its widths were Math.max(...cells): a RangeError after the whole scan)", () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => ({ path: `/share/f${i}.csv`, sha256: "a".repeat(64), confidence: "high", page_number: i % 2 ? 3 : null, file_in_zip: null, description: "" }));
    const lines = sensitiveTable(rows).split("\n");
    assert.equal(lines.length, 200_002);
    assert.equal(lines[0], `${"path".padEnd("/share/f199999.csv".length)}  confidence  page  file_in_zip`);
    assert.equal(lines[2], `${"/share/f0.csv".padEnd("/share/f199999.csv".length)}  high`);
  });

  it("reads a file whose name is not UTF-8 by its bytes, shows the name as Latin-1, and follows a link to it (it was skipped as unreadable)", async () => {
    const root = tempDir("scan-spec-bytes-");
    const rootBytes = Buffer.from(root);
    const at = (...names: Buffer[]) => Buffer.concat([rootBytes, ...names.flatMap((n) => [Buffer.from("/"), n])]);
    const latin = Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x2e, 0x74, 0x78, 0x74]); // "Müller.txt" in Latin-1
    const dir = Buffer.from([0xff, 0xfe, 0x64]);
    writeFileSync(at(latin), "SSN 536-22-1234");
    mkdirSync(at(dir));
    writeFileSync(at(dir, Buffer.from("in-dir.txt")), "inside");
    writeFileSync(path.join(root, "plain.txt"), "plain");
    symlinkSync(at(latin), path.join(root, "link.txt"));
    const files = (await all([root])).filter((i): i is Extract<WalkItem, { kind: "file" }> => i.kind === "file");
    assert.deepEqual(files.map((f) => [path.relative(root, f.path), f.fsPath !== undefined]), [["Müller.txt", true], ["link.txt", false], ["plain.txt", false], ["ÿþd/in-dir.txt", true]]);
    assert.equal((await hashFile(files[0]!.fsPath!, 1024)).bytes.toString(), "SSN 536-22-1234");
    assert.equal((await hashFile(files[1]!.path, 1024)).bytes.toString(), "SSN 536-22-1234", "the link, whose own name is UTF-8");
    assert.equal((await hashFile(files[3]!.fsPath!, 1024)).bytes.toString(), "inside");
    assert.equal(fileUrl(files[0]!), `file://${root}/M%FCller.txt`);
    assert.equal(fileUrl(files[2]!), `file://${root}/plain.txt`);
    assert.deepEqual(nameOf(Buffer.from("Müller.txt")), { name: "Müller.txt", utf8: true });
  });

  it("walks a root whose name is not UTF-8, given as escapedPath writes it (the command line's bytes, rawArgument)", async () => {
    const root = tempDir("scan-spec-root-");
    const share = Buffer.concat([Buffer.from(`${root}/Compta`), Buffer.from([0xe9]), Buffer.from("s")]); // "Comptaés" in Latin-1
    mkdirSync(share);
    writeFileSync(Buffer.concat([share, Buffer.from("/bilan.txt")]), "SSN 536-22-1234");
    const escaped = escapedPath(share);
    assert.equal(escaped, `${root}/Compta\udce9s`);
    assert.deepEqual(unescapedPath(escaped), share);
    assert.equal(unescapedPath(`${root}/plain`), `${root}/plain`);
    const items = await all([escaped]);
    assert.deepEqual(items.map((i) => [i.kind, i.path]), [["file", `${root}/Compta\u00e9s/bilan.txt`]]);
    const file = items[0] as Extract<WalkItem, { kind: "file" }>;
    assert.equal((await hashFile(file.fsPath!, 1024)).bytes.toString(), "SSN 536-22-1234");
    assert.equal(cacheKey(file), `${escaped}/bilan.txt`, "the cache knows the file under the root's escaped path (what the scan forgets under)");
  });

  it("walks a tree 2,000 directories deep, in order and in a second (3,000 deep overflowed the call stack and ended the scan; 2,000 took a minute)", async () => {
    const root = tempDir("scan-spec-deep-");
    const bottom = path.join(root, ...Array.from({ length: 2000 }, () => "d"));
    mkdirSync(bottom, { recursive: true });
    writeFileSync(path.join(bottom, "bottom.txt"), "b");
    writeFileSync(path.join(root, "d", "d", "z.txt"), "z");
    writeFileSync(path.join(root, "top.txt"), "t");
    const files = (await all([root])).map((i) => `${i.kind}:${path.relative(root, i.path).replaceAll("d/", "")}`);
    assert.deepEqual(files, ["file:bottom.txt", "file:z.txt", "file:top.txt"]);
  });

  it("keys the cache by a name's bytes: a Latin-1 name that shows as a UTF-8 one is another file, and stays apart in the saved cache", async () => {
    const root = tempDir("scan-spec-keys-");
    writeFileSync(path.join(root, "Müller.txt"), "utf8");
    writeFileSync(Buffer.concat([Buffer.from(`${root}/M`), Buffer.from([0xfc]), Buffer.from("ller.txt")]), "ltn1");
    const files = (await all([root])).filter((i): i is Extract<WalkItem, { kind: "file" }> => i.kind === "file").sort((a, b) => Number(Boolean(a.fsPath)) - Number(Boolean(b.fsPath)));
    assert.deepEqual(files.map((f) => f.path), [path.join(root, "Müller.txt"), path.join(root, "Müller.txt")], "shown alike");
    const keys = files.map(cacheKey);
    assert.deepEqual(keys, [path.join(root, "Müller.txt"), path.join(root, "M\udcfcller.txt")]);
    assert.equal(cacheKey({ path: "/a/caf\u00e9/x", fsPath: Buffer.from([0x2f, 0x61, 0x2f, 0x63, 0x61, 0x66, 0xe9, 0x2f, 0x78]) }), "/a/caf\udce9/x", "each name on its own");
    const dir = tempDir("scan-cache-");
    const c = new ScanCache(dir, "http://api/v1");
    c.rememberHash(keys[0]!, 4, 1, "h-utf8");
    c.rememberHash(keys[1]!, 4, 1, "h-latin1");
    c.flush();
    const replayed = new ScanCache(dir, "http://api/v1");
    assert.deepEqual(keys.map((k) => replayed.knownHash(k, 4, 1)), ["h-utf8", "h-latin1"], "from the journal");
    replayed.save();
    const saved = new ScanCache(dir, "http://api/v1");
    assert.deepEqual(keys.map((k) => saved.knownHash(k, 4, 1)), ["h-utf8", "h-latin1"], "from the snapshot");
  });

  it("refuses a path that is no regular file any more when it is read (a FIFO put in a file's place after the walk held the scan for good)", async () => {
    const fifo = path.join(tempDir("scan-spec-fifo-"), "was-a-file.txt");
    execFileSync("mkfifo", [fifo]);
    await assert.rejects(hashFile(fifo, 1024), NotAFile);
    await assert.rejects(hashFile("/dev/zero", 1024), NotAFile, "a device is not read to the limit");
    assert.deepEqual(failure(fifo, new NotAFile("no longer a regular file")), { path: fifo, outcome: "skipped", reason: "not_a_file", detail: "no longer a regular file" });
  });

  it("reads again a file that changes while it is read (a document being saved was submitted half old, half new), and says when it never held still", async () => {
    const f = path.join(tempDir("scan-spec-changing-"), "report.docx");
    const size = 3 * 1024 * 1024;
    writeFileSync(f, Buffer.alloc(size, 1));
    // (saved again, the same size, while its first megabyte is read)
    let chunks = 0;
    const h = await hashFile(f, 10 * size, { onChunk: () => void (chunks++ === 0 && writeFileSync(f, Buffer.alloc(size, 2))) });
    assert.equal(h.steady, true);
    assert.ok(h.bytes.length === size && h.bytes.every((b) => b === 2), "the bytes of one version, not a mix of two");
    assert.equal(h.sha256, createHash("sha256").update(Buffer.alloc(size, 2)).digest("hex"));
    assert.deepEqual([h.size, h.mtimeMs], [statSync(f).size, statSync(f).mtimeMs], "the size and mtime of what was read");
    assert.equal(chunks, 6, "read twice");
    // (a log written to all the time: its last read is taken, but not as steady)
    let n = 0;
    const log = await hashFile(f, 10 * size, { onChunk: () => appendFileSync(f, `line ${n++}\n`) });
    assert.equal(log.steady, false);
    assert.ok(n >= 3 * 4 && n < 100, `three reads of four chunks or a few more, then no more (${n})`);
  });

  it("skips a file deleted between the walk and the read, as the walk skips one (on a share in use every scan ended with exit code 1), and fails one it may not read", async () => {
    const gone = path.join(tempDir("scan-spec-gone-"), "gone.txt");
    const err: unknown = await hashFile(gone, 1024).catch((e: unknown) => e);
    assert.deepEqual(failure(gone, err), { path: gone, outcome: "skipped", reason: "unreadable", detail: "ENOENT: gone since the walk" });
    const denied = Object.assign(new Error("EACCES: permission denied, open '/x'"), { code: "EACCES" });
    assert.deepEqual(failure("/x", denied), { path: "/x", outcome: "failed", reason: "read_error", detail: "EACCES: permission denied, open '/x'" });
  });

  it("fails a directory it may not list or enter, as a file it may not read, and skips one that is gone (a locked directory hid its tree with exit code 0)", () => {
    const err = (code: string, message = `${code}: x`) => Object.assign(new Error(message), { code });
    assert.deepEqual(unreadable("/s/locked", err("EACCES"), "scandir: nothing under it was scanned"), { kind: "failed", path: "/s/locked", reason: "read_error", detail: "EACCES: permission denied, scandir: nothing under it was scanned" });
    assert.deepEqual(unreadable("/s/x", err("EPERM"), "lstat"), { kind: "failed", path: "/s/x", reason: "read_error", detail: "EPERM: permission denied, lstat" });
    assert.equal(unreadable("/s/bad", err("EIO", "EIO: i/o error, scandir '/s/bad'"), "scandir").kind, "failed", "an I/O error (a dying disk, a share gone stale) is no skip");
    for (const code of ["ENOENT", "ENOTDIR", "ENAMETOOLONG", "ELOOP"]) {
      assert.deepEqual(unreadable("/s/gone", err(code), "lstat"), { kind: "skipped", path: "/s/gone", reason: "unreadable", detail: code });
    }
  });

  it("applies include and exclude globs to the path under the root (base name for simple patterns)", async () => {
    const { root } = tree();
    const files = async (opts: object) => (await all([root], opts)).filter((i) => i.kind === "file").map((i) => path.relative(root, i.path)).sort();
    assert.deepEqual(await files({ exclude: ["node_modules/**", "**/link-*"] }), ["a.txt", "docs/b.pdf", "docs/deep/c.csv"]);
    assert.deepEqual(await files({ include: ["*.pdf", "*.csv"] }), ["docs/b.pdf", "docs/deep/c.csv"]);
    assert.deepEqual(await files({ include: ["docs/**"], exclude: ["*.csv"] }), ["docs/b.pdf", "docs/link-in.txt"]);
  });

  it("does not enter a directory an exclude pattern matches, by its path or by its name, at any depth (each file under it was reported skipped)", async () => {
    const { root } = tree();
    mkdirSync(path.join(root, "docs", "node_modules", "y"), { recursive: true });
    writeFileSync(path.join(root, "docs", "node_modules", "y", "e.js"), "e");
    const skipped = async (exclude: string[]) => {
      const items = await all([root], { exclude });
      return {
        files: items.filter((i) => i.kind === "file").map((i) => path.relative(root, i.path)).sort(),
        dirs: items.filter((i) => i.kind === "skipped" && i.reason === "excluded").map((i) => `${path.relative(root, i.path)}:${i.kind === "skipped" ? i.detail : ""}`).sort(),
      };
    };
    assert.deepEqual(await skipped(["node_modules"]), { files: ["a.txt", "docs/b.pdf", "docs/deep/c.csv", "docs/link-in.txt"], dirs: ["docs/node_modules:directory", "node_modules:directory"] });
    assert.deepEqual((await skipped(["**/node_modules/**"])).dirs, ["docs/node_modules:directory", "node_modules:directory"]);
    // (a path pattern: only the top one)
    assert.deepEqual(await skipped(["node_modules/**"]), { files: ["a.txt", "docs/b.pdf", "docs/deep/c.csv", "docs/link-in.txt", "docs/node_modules/y/e.js"], dirs: ["node_modules:directory"] });
    // (the root is walked whatever its name)
    assert.deepEqual((await all([path.join(root, "node_modules")], { exclude: ["node_modules"] })).map((i) => i.kind), ["file"]);
  });

  it("hashes sha256, sha1 and md5 in one pass and refuses a file that grew past the limit", async () => {
    const f = path.join(tempDir("scan-hash-"), "x.bin");
    const data = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    writeFileSync(f, data);
    const h = await hashFile(f, 10 * 1024 * 1024);
    for (const alg of ["sha256", "sha1", "md5"] as const) assert.equal(h[alg], createHash(alg).update(data).digest("hex"));
    assert.ok(h.bytes.equals(data));
    await assert.rejects(hashFile(f, 1024 * 1024), TooLarge);
  });

  /** A cache directory where /a (10 bytes, mtime 1000) hashed to h1, which was submitted, and /d/e to h2, which was analysed. */
  const seededCache = () => {
    const dir = tempDir("scan-cache-");
    const c = new ScanCache(dir, "http://api/v1");
    c.rememberHash("/a", 10, 1000, "h1");
    c.markSubmitted("h1");
    c.rememberHash("/d/e", 5, 500, "h2");
    c.markAnalysed("h2");
    c.save();
    c.close();
    return dir;
  };

  it("remembers hashes of unchanged files and known sha256s between runs", () => {
    const dir = seededCache();
    const again = new ScanCache(dir, "http://api/v1");
    assert.equal(again.knownHash("/a", 10, 1000), "h1");
    assert.equal(again.knownHash("/a", 10, 2000), undefined, "a changed mtime means read it again");
    assert.ok(again.wasSubmitted("h1") && again.isAnalysed("h2") && !again.isAnalysed("h1"));
    assert.equal(new ScanCache(dir, "http://other/v1").knownHash("/a", 10, 1000), undefined, "one cache per API");
    assert.equal(new ScanCache(null, "http://api/v1").knownHash("/a", 10, 1000), undefined);
  });

  it("keeps what a killed scan flushed to the journal, skips a line cut short, and appends only the news", () => {
    const dir = seededCache();
    const c = new ScanCache(dir, "http://api/v1");
    c.rememberHash("/b", 20, 2000, "h3");
    c.markAnalysed("h3");
    c.flush();
    const journal = readdirSync(dir).find((f) => f.endsWith(".journal"))!;
    const size = statSync(path.join(dir, journal)).size;
    assert.ok(size < 300, `the journal holds the two news, not the cache (${size} bytes)`);
    appendFileSync(path.join(dir, journal), '["h","/c",30,30'); // the kill, mid-line
    // (no save: the scan was killed)
    const next = new ScanCache(dir, "http://api/v1");
    assert.equal(next.knownHash("/b", 20, 2000), "h3");
    assert.ok(next.isAnalysed("h3") && next.isAnalysed("h2") && next.wasSubmitted("h1"));
    assert.equal(next.knownHash("/c", 30, 30), undefined);
    next.save();
    assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith(".journal")), [], "a save folds the journal into the snapshot");
    assert.ok(new ScanCache(dir, "http://api/v1").isAnalysed("h3"));
  });

  it("forgets which files were analysed or submitted when the server's oldest counted analyzer version changes, and keeps the hashes", () => {
    const dir = seededCache();
    const raised = new ScanCache(dir, "http://api/v1", 2);
    assert.equal(raised.knownHash("/a", 10, 1000), "h1", "an unchanged file is still not read again");
    assert.ok(!raised.isAnalysed("h2") && !raised.wasSubmitted("h1"), "asked about again");
    raised.rememberHash("/b", 20, 2000, "h3");
    raised.markAnalysed("h3");
    raised.save();
    const same = new ScanCache(dir, "http://api/v1", 2);
    assert.ok(same.isAnalysed("h3") && !same.isAnalysed("h2"), "learnt under version 2, kept under version 2");
    assert.ok(!new ScanCache(dir, "http://api/v1", 0).isAnalysed("h3"), "and dropped again when the setting goes back");
  });

  it("reads a file's lines a chunk at a time, a line or a character across chunks whole", () => {
    const f = path.join(tempDir("scan-lines-"), "l");
    const lines = ["", "a", "ü€𝄞 — a line longer than a chunk", "x".repeat(20), "last, without a newline"];
    writeFileSync(f, lines.join("\n"));
    for (const chunk of [1, 2, 3, 5, 7, 64 * 1024]) assert.deepEqual([...fileLines(f, chunk)], lines, `chunks of ${chunk} bytes`);
    assert.deepEqual([...fileLines(path.join(f, "none"))], [], "no file, no lines");
  });

  it("forgets the paths a finished walk did not meet under its roots, except under a root where it met none, and keeps verdicts only of sha256s a path has", () => {
    const dir = tempDir("scan-cache-");
    const c = new ScanCache(dir, "http://api/v1");
    const files: Array<[string, string]> = [["/share/a/1", "s1"], ["/share/a/2", "s2"], ["/share/b/3", "s3"], ["/share2/4", "s4"], ["/mnt/x/5", "s5"], ["/lone/6", "s6"], ["/lone/7", "s7"]];
    for (const [p, sha] of files) {
      c.rememberHash(p, 1, 1, sha);
      c.markAnalysed(sha);
    }
    c.save();
    const next = new ScanCache(dir, "http://api/v1");
    next.saw("/share/a/1");
    next.saw("/lone/6");
    next.save({ walked: ["/share", "/mnt/x", "/lone/6", "/lone/7"] });
    const again = new ScanCache(dir, "http://api/v1");
    const kept = files.filter(([p]) => again.knownHash(p, 1, 1) !== undefined).map(([p]) => p);
    // /share/a/2 and /share/b/3 gone; /share2 is not /share; /mnt/x met nothing (not mounted?);
    // the root /lone/7 (a file) was not met, but it is a root of its own where nothing was met
    assert.deepEqual(kept, ["/share/a/1", "/share2/4", "/mnt/x/5", "/lone/6", "/lone/7"]);
    assert.ok(again.isAnalysed("s1") && again.isAnalysed("s4") && again.isAnalysed("s5"));
    assert.ok(!again.isAnalysed("s2") && !again.isAnalysed("s3"), "no path has them any more");
    assert.equal(again.size, 5);
  });

  it("reads a cache written in the first format (one JSON document) and rewrites it as lines", () => {
    const dir = tempDir("scan-cache-");
    const id = createHash("sha256").update("http://api/v1").digest("hex").slice(0, 16);
    const v1 = { version: 1, files: { "/a": { size: 10, mtimeMs: 1000, sha256: "h1" }, "/d/e": { size: 5, mtimeMs: 500, sha256: "h2" } }, analysed: ["h2"], submitted: ["h1"], min_analyzer_version: 1 };
    writeFileSync(path.join(dir, `${id}.json`), JSON.stringify(v1));
    const c = new ScanCache(dir, "http://api/v1", 1);
    assert.equal(c.knownHash("/d/e", 5, 500), "h2");
    assert.ok(c.isAnalysed("h2") && c.wasSubmitted("h1"));
    c.rememberHash("/f", 1, 1, "h3");
    c.save();
    const lines = [...fileLines(path.join(dir, `${id}.json`))];
    assert.deepEqual(JSON.parse(lines[0]!), { version: 2, min_analyzer_version: 1 });
    assert.ok(lines.includes('["f","e",5,500,"h2","a"]') && lines.includes('["d","/d"]'), lines.join("\n"));
    const again = new ScanCache(dir, "http://api/v1", 1);
    assert.ok(again.knownHash("/a", 10, 1000) === "h1" && again.wasSubmitted("h1") && again.isAnalysed("h2") && again.knownHash("/f", 1, 1) === "h3");
  });

  it("lets one scan at a time write the cache: another reads it and writes nothing; a killed scan's lock is taken over", () => {
    const dir = seededCache();
    const lock = () => readdirSync(dir).find((f) => f.endsWith(".lock"));
    assert.equal(lock(), undefined, "given back by the scan that wrote it");
    // a live scan holds it (the parent of this process stands for it)
    const id = readdirSync(dir).find((f) => f.endsWith(".json"))!.replace(/\.json$/, "");
    writeFileSync(path.join(dir, `${id}.lock`), `${process.ppid}\n`);
    const second = new ScanCache(dir, "http://api/v1");
    assert.equal(second.heldBy, process.ppid);
    assert.equal(second.knownHash("/a", 10, 1000), "h1", "it reads the cache");
    second.rememberHash("/new", 1, 1, "h9");
    second.flush();
    second.save();
    second.close();
    assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith(".journal")), [], "no journal");
    assert.equal(new ScanCache(dir, "http://api/v1").knownHash("/new", 1, 1), undefined, "nor a snapshot of its own");
    assert.equal(lock(), `${id}.lock`, "the other scan's lock is left alone");
    // that scan was killed: its pid is gone
    writeFileSync(path.join(dir, `${id}.lock`), "999999999\n");
    const third = new ScanCache(dir, "http://api/v1");
    assert.equal(third.heldBy, null);
    third.rememberHash("/new", 1, 1, "h9");
    third.save();
    third.close();
    assert.equal(lock(), undefined);
    assert.equal(new ScanCache(dir, "http://api/v1").knownHash("/new", 1, 1), "h9");
  });

  it("asks while waiting about the files asked least recently, oldest first, twice as many as the last round finished, at least the minimum", () => {
    const q = new WaitQueue(Array.from({ length: 10 }, (_, i) => `s${i}`), 3);
    const round = (doneNow: string[]) => {
      const asked = q.take();
      q.put(asked, new Set(doneNow.filter((s) => asked.includes(s))));
      return asked;
    };
    assert.deepEqual(round([]), ["s0", "s1", "s2"], "the minimum, oldest first");
    // s0 is never analysed (dead-lettered): it goes to the back and holds up nothing
    assert.deepEqual(round(["s3", "s4"]), ["s3", "s4", "s5"]);
    assert.deepEqual(round(["s6", "s7", "s8", "s9"]), ["s6", "s7", "s8", "s9"], "twice the two finished");
    assert.deepEqual(q.left(), ["s0", "s1", "s2", "s5"]);
    assert.deepEqual(round(["s1", "s2", "s5"]), ["s0", "s1", "s2", "s5"], "eight asked for, four left");
    assert.deepEqual(q.left(), ["s0"]);
    assert.equal(q.size, 1);
    // (the progress line counts against everything waited for: with --known, known files too, not the submitted ones alone)
    assert.deepEqual([q.done, q.total], [9, 10]);
  });

  it("backs off with jitter, honouring Retry-After", () => {
    assert.equal(backoffMs(0, "7", () => 0.5), 7000);
    assert.equal(backoffMs(0, "7", () => 0), 5250);
    assert.equal(backoffMs(0, "7", () => 1), 8750);
    assert.equal(backoffMs(3, null, () => 0.5), 4000);
    assert.equal(backoffMs(20, null, () => 0.5), 30_000);
    assert.equal(backoffMs(1, "Wed, 21 Oct 2015 07:28:00 GMT", () => 0.5), 1000, "an HTTP date falls back to the exponential delay");
  });

  it("retries 503 (Retry-After) and 5xx, renews the token on 401, and gives up on other 4xx", async () => {
    const seen: string[] = [];
    const answers: Array<[number, unknown, Record<string, string>?]> = [];
    const { createServer } = await import("node:http");
    const srv = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ""}`);
      const [status, body, headers] = req.url!.endsWith("/auth/token") ? [200, { access_token: `jwt${seen.length}`, expires_in: 3600 }] : answers.shift()!;
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
    const port = (srv.address() as { port: number }).port;
    const waits: number[] = [];
    const busy: string[] = [];
    const c = new ApiClient({ baseUrl: `http://127.0.0.1:${port}/api`, pat: "fsp_x", sleep: async (ms) => void waits.push(ms), random: () => 0.5, onBusy: (p, ms) => busy.push(`${p.status} ${p.code} ${p.detail} ${ms}`) });
    try {
      answers.push([503, { code: "queue_full", detail: "the analysis backlog (12) is above 10" }, { "retry-after": "3" }], [500, {}], [200, { submission_id: "s1" }]);
      assert.deepEqual(await c.submit("{}"), { submission_id: "s1" });
      assert.deepEqual(waits, [3000, 1000]);
      assert.deepEqual(busy, ["503 queue_full the analysis backlog (12) is above 10 3000"], "told of the 503 wait, not of the 500 retry");
      answers.push([401, { code: "unauthorized" }], [200, { status: "found", code: 200 }]);
      assert.equal(await c.isAnalysed("a".repeat(64)), true);
      assert.ok(seen.filter((s) => s.includes("/auth/token")).length === 2, "a 401 fetches a fresh token once");
      answers.push([404, { status: "not found", code: 404 }]);
      assert.equal(await c.isAnalysed("b".repeat(64)), false);
      answers.push([200, { analyzer_version: 3, min_analyzer_version: 2, max_file_bytes: 1000 }], [200, { analyzer_version: 3, min_analyzer_version: 2 }], [404, { code: "not_found" }]);
      assert.deepEqual(await c.analyzer(), { minAnalyzerVersion: 2, maxFileBytes: 1000 });
      assert.deepEqual(await c.analyzer(), { minAnalyzerVersion: 2, maxFileBytes: undefined }, "a server that does not say its limit");
      assert.deepEqual(await c.analyzer(), { minAnalyzerVersion: 0, maxFileBytes: undefined }, "a server without GET /analyzer counts every analysis");
      answers.push([400, { code: "hash_mismatch", detail: "sha1" }]);
      await assert.rejects(c.submit("{}"), (e: Error & { problem?: { code: string } }) => e.problem?.code === "hash_mismatch");
    } finally {
      srv.close();
    }
  });
  it("waits out an API that went down or fails over once it answered, says so, and throws ApiUnavailable past the wait; a wrong URL still fails at once", async () => {
    const { createServer } = await import("node:http");
    const answers: Array<[number, unknown]> = [];
    const serve = () => createServer((req, res) => {
      const [status, body] = req.url!.endsWith("/auth/token") ? [200, { access_token: "jwt", expires_in: 3600 }] : answers.shift()!;
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    });
    let srv = serve();
    await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
    const port = (srv.address() as { port: number }).port;
    const stop = () => new Promise<void>((r) => {
      srv.close(() => r());
      srv.closeAllConnections();
    });
    const waits: number[] = [];
    const busy: string[] = [];
    const back: number[] = [];
    // (the API comes back on the third wait while it is down)
    let down = false;
    const sleep = async (ms: number) => {
      waits.push(ms);
      if (down && waits.length === 3) {
        down = false;
        srv = serve();
        await new Promise<void>((r) => srv.listen(port, "127.0.0.1", r));
      }
    };
    const c = new ApiClient({ baseUrl: `http://127.0.0.1:${port}/api`, pat: "fsp_x", maxWaitMs: 60_000, sleep, random: () => 0.5, onBusy: (p, ms) => busy.push(`${p.status} ${p.code} ${ms}`), onBack: (ms) => back.push(ms) });
    try {
      await c.login();
      await stop();
      down = true;
      answers.push([200, { submission_id: "s1" }]);
      assert.deepEqual(await c.submit("{}"), { submission_id: "s1" }, "the submission waited for the API to come back");
      assert.deepEqual(waits, [500, 1000, 2000]);
      assert.deepEqual(busy, ["0 network_error 500", "0 network_error 1000", "0 network_error 2000"]);
      assert.deepEqual(back, [3500]);
      waits.length = 0;
      answers.push([502, {}], [504, {}], [500, { code: "queue_error" }], [500, { code: "store_error" }], [200, { status: "found", code: 200 }]);
      assert.equal(await c.isAnalysed("a".repeat(64)), true, "a proxy's 502/504 and Kafka or Elasticsearch down behind the API are waited out");
      assert.deepEqual(waits, [500, 1000, 2000, 4000]);
      waits.length = 0;
      answers.push(...Array.from({ length: 6 }, (): [number, unknown] => [500, { code: "internal_error" }]));
      await assert.rejects(c.submit("{}"), (e: Error) => !(e instanceof ApiUnavailable) && /500 internal_error/.test(e.message), "a 500 of this request: 5 retries, then the file fails");
      assert.equal(waits.length, 5);
      waits.length = 0;
      await stop();
      await assert.rejects(c.submit("{}"), (e: Error) => e instanceof ApiUnavailable && /network_error/.test(e.message), "down past maxWaitMs");
      assert.equal(waits.reduce((a, b) => a + b, 0) <= 60_000, true);
      assert.ok(waits.length >= 5, String(waits));
      const wrong = new ApiClient({ baseUrl: `http://127.0.0.1:${port}/api`, pat: "fsp_x", sleep: async () => undefined });
      await assert.rejects(wrong.login(), (e: Error) => !(e instanceof ApiUnavailable) && /network_error/.test(e.message), "never answered: a wrong --url fails after the retries, not 10 minutes later");
    } finally {
      await stop();
    }
  });

  it("says the API does not answer, and that it answers again once, not after every request that waited", () => {
    const lines: string[] = [];
    const err = { write: (s: string) => void lines.push(s) } as unknown as NodeJS.WriteStream;
    const rep = new Reporter({ json: false, tty: false, err, intervalMs: 3_600_000 });
    rep.back(999_000);
    rep.busy({ status: 0, code: "network_error", detail: "Error: connect ECONNREFUSED 127.0.0.1:8080" }, 4000, 1_000_000);
    rep.busy({ status: 0, code: "network_error" }, 8000, 1_010_000);
    rep.back(1_012_000);
    rep.back(1_013_000);
    rep.busy({ status: 503, code: "queue_full" }, 5000, 1_020_000);
    rep.back(1_021_000);
    rep.finish();
    assert.deepEqual(lines, [
      "waiting: the API does not answer (Error: connect ECONNREFUSED 127.0.0.1:8080); retrying in 4 s\n",
      "the API answers again; the scan goes on (12 s after it began to wait)\n",
    ]);
  });

  it("says why a scan waits on the API, once and then every 30 s at most", () => {
    const lines: string[] = [];
    const err = { write: (s: string) => void lines.push(s) } as unknown as NodeJS.WriteStream;
    const rep = new Reporter({ json: false, tty: false, err, intervalMs: 3_600_000 });
    const problem = { status: 503, code: "queue_full", detail: "the analysis backlog (1719030) is above 10000; retry later" };
    rep.busy(problem, 5000, 1_000_000);
    rep.busy(problem, 5000, 1_010_000);
    rep.busy({ status: 429, code: "rate_limited" }, 2000, 1_031_000);
    rep.finish();
    assert.deepEqual(lines, [
      "waiting: the API answered 503 queue_full (the analysis backlog (1719030) is above 10000; retry later); retrying in 5 s\n",
      "waiting: the API answered 429 rate_limited; retrying in 2 s\n",
    ]);
  });
  it("ends its summary with the skipped files per reason and what to do about them", () => {
    const err = { write: () => true } as unknown as NodeJS.WriteStream;
    const rep = new Reporter({ json: false, tty: false, err, intervalMs: 3_600_000 });
    rep.result({ path: "/a", outcome: "submitted" });
    for (const p of ["/l1", "/l2"]) rep.result({ path: p, outcome: "skipped", reason: "symlink_outside_roots" });
    rep.result({ path: "/big", outcome: "skipped", reason: "too_large" });
    const lines = rep.finish().split("\n");
    assert.match(lines[0]!, /^scanned 0 files in .* 1 submitted, 0 already known, 3 skipped, 0 failed/);
    assert.equal(lines[1], "skipped: 2 symlink_outside_roots (links leading out of the scanned paths; --follow-symlinks follows them), 1 too_large (above --max-size, the server's limit by default); --json lists each file");
    const quiet = new Reporter({ json: false, tty: false, err, intervalMs: 3_600_000 });
    quiet.result({ path: "/a", outcome: "known" });
    assert.equal(quiet.finish().split("\n").length, 1);
  });

  it("shows the control characters of a name escaped on the terminal (a name set its title, cleared it and forged a line)", () => {
    const lines: string[] = [];
    const err = { write: (s: string) => void lines.push(s) } as unknown as NodeJS.WriteStream;
    const rep = new Reporter({ json: false, tty: false, err, intervalMs: 3_600_000 });
    rep.result({ path: "/share/a\u001b]0;PWNED\u0007\u001b[2J\nfailed: /share/forged", outcome: "failed", reason: "read_error" });
    rep.finish();
    assert.deepEqual(lines, ["failed: /share/a\\x1b]0;PWNED\\x07\\x1b[2J\\nfailed: /share/forged: read_error\n"]);
    const table = sensitiveTable([{ path: "/share/x\u001b[2J.zip", sha256: "a".repeat(64), confidence: "high", page_number: null, file_in_zip: "in\nzip", description: "" }]).split("\n");
    assert.equal(table.length, 3);
    assert.equal(table[2], "/share/x\\x1b[2J.zip  high              in\\nzip");
  });

  it("gives the terminal back its cursor and line wrapping when the scan is interrupted (Ctrl-C left both off)", () => {
    let out = "";
    const err = { isTTY: true, columns: 120, write: (s: string) => ((out += s), true) } as unknown as NodeJS.WriteStream;
    const rep = new Reporter({ json: false, tty: true, err });
    rep.foundFile();
    rep.interrupt();
    assert.ok(out.lastIndexOf("\u001b[?25h") > out.lastIndexOf("\u001b[?25l") && out.includes("\u001b[?25l"), JSON.stringify(out));
    assert.ok(out.lastIndexOf("\u001b[?7h") > out.lastIndexOf("\u001b[?7l") && out.includes("\u001b[?7l"), JSON.stringify(out));
    assert.match(out, /interrupted: scan: 0\/1\+ files/);
  });

  it("says how the wait for analyses goes, with a rough time left once some are done", () => {
    assert.equal(waitLine(0, 77, 30_000), "analysed 0/77, 77 to go, 0m30s");
    assert.equal(waitLine(49, 77, 192_400), "analysed 49/77, 28 to go, 3m12s, about 1m49s left");
    assert.equal(waitLine(1, 2, 59_999), "analysed 1/2, 1 to go, 0m59s, about 0m59s left");
  });
});
