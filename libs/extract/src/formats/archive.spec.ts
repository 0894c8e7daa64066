import assert from "node:assert/strict";
import { brotliCompressSync, deflateSync, gzipSync, zstdCompressSync } from "node:zlib";
import { make7z, makePdf, makeTar, makeZip, makeZipWithMethod, noise } from "../test-util/fixtures.ts";
import { memberFiles, outsideName } from "./sevenzip.ts";
import * as lz4 from "lz4js";
import * as snappy from "snappyjs";
import { makeAr, makeCab, makeCompressZ, makeCpio, makeIso, makeRar5 } from "../test-util/archives.ts";
import { codes, run, segWith } from "../test-util/run.ts";
import { buildZip } from "../test-util/zipwriter.ts";

describe("extract: archives", () => {
  it("ZIP members carry file_in_zip, and a PDF inside keeps its page", async () => {
    const zip = await makeZip({ "notes/a.txt": "IBAN DE89370400440532013000", "docs/report.pdf": await makePdf(["intro", "SECRET-ON-P2"]) });
    const r = await run(zip, "bundle.zip", "application/zip");
    assert.equal(r.status, "complete");
    assert.equal(r.detected_type, "application/zip");
    assert.equal(segWith(r, "DE8937")?.locator.file_in_zip, "notes/a.txt");
    const p2 = segWith(r, "SECRET-ON-P2");
    assert.equal(p2?.locator.file_in_zip, "docs/report.pdf");
    assert.equal(p2?.locator.page, 2);
    assert.equal(r.stats.entries, 2);
  });

  it("a ZIP inside a TAR says a.zip!/b.txt; TGZ and BZ2 are transparent", async () => {
    const inner = await makeZip({ "b.txt": "MARKER-NESTED" });
    const tarBytes = await makeTar({ "a.zip": inner, "top.txt": "MARKER-TOP" });
    const r = await run(tarBytes, "outer.tar", "application/x-tar");
    assert.equal(r.status, "complete");
    assert.equal(segWith(r, "MARKER-NESTED")?.locator.file_in_zip, "a.zip!/b.txt");
    assert.equal(segWith(r, "MARKER-TOP")?.locator.file_in_zip, "top.txt");
    const tgz = await run(gzipSync(tarBytes), "outer.tgz", "application/gzip");
    assert.equal(tgz.detected_type, "application/gzip");
    assert.equal(segWith(tgz, "MARKER-NESTED")?.locator.file_in_zip, "a.zip!/b.txt");
    const gzText = await run(gzipSync("plain MARKER-GZ"), "note.txt.gz", "application/gzip");
    assert.equal(segWith(gzText, "MARKER-GZ")?.locator.file_in_zip, null);
    const bz = await run(await make7z({ "n.txt": "MARKER-BZ2 text" }, "bzip2"), "n.txt.bz2", "application/x-bzip2");
    assert.equal(bz.detected_type, "application/x-bzip2");
    assert.equal(bz.status, "complete");
    assert.ok(segWith(bz, "MARKER-BZ2"));
  });

  it("XZ and Zstandard are transparent too, a .tar.xz and .tar.zst included (seen: Python's testtar.tar.xz, unsupported before)", async () => {
    const tarBytes = await makeTar({ "a.txt": "MARKER-IN-TAR" });
    for (const [bytes, name, mime] of [
      [await make7z({ "n.txt": "MARKER-XZ text" }, "xz"), "n.txt.xz", "application/x-xz"],
      [zstdCompressSync("MARKER-ZST text"), "n.txt.zst", "application/zstd"],
    ] as const) {
      const r = await run(bytes, name, "application/octet-stream");
      assert.deepEqual([r.detected_type, r.status], [mime, "complete"], name);
      assert.equal(segWith(r, name === "n.txt.xz" ? "MARKER-XZ" : "MARKER-ZST")?.locator.file_in_zip, null, name);
    }
    const txz = await run(await make7z({ "outer.tar": tarBytes }, "xz"), "outer.tar.xz", "application/x-xz");
    assert.equal(segWith(txz, "MARKER-IN-TAR")?.locator.file_in_zip, "a.txt");
    const tzst = await run(zstdCompressSync(tarBytes), "outer.tzst", "application/zstd");
    assert.equal(segWith(tzst, "MARKER-IN-TAR")?.locator.file_in_zip, "a.txt");
    const cut = await run(zstdCompressSync(tarBytes).subarray(0, 40), "cut.tar.zst", "application/zstd");
    assert.deepEqual([cut.status, codes(cut)], ["failed", ["corrupt"]]);
  });

  it("reads a compressed file cut short (a log rotation, a download that stopped) as far as it came, partial (it failed: 'unexpected end of file')", async () => {
    const log = Array.from({ length: 40_000 }, (_, i) => `2026-11-27T10:00:${String(i % 60).padStart(2, "0")} login ok user=jane.roe@example.org session=${i}`).join("\n");
    for (const [kind, bytes, name] of [
      ["gzip", gzipSync(log), "app.log.gz"],
      ["zlib", deflateSync(log), "app.log.zlib"],
      ["zstd", zstdCompressSync(log), "app.log.zst"],
    ] as const) {
      const r = await run(bytes.subarray(0, bytes.length >> 1), name);
      assert.deepEqual([r.status, codes(r), !!segWith(r, "jane.roe@example.org")], ["partial", ["corrupt"], true], kind);
      assert.match(r.reasons[0]!.message, new RegExp(`^${kind}: cut short`), kind);
    }
    // bzip2 cut inside its only block: nothing to read, said plainly (it was the runtime's "TypeError: Cannot read properties of undefined")
    const bz = await make7z({ "app.log": log.slice(0, 200_000) }, "bzip2");
    const cutBz = await run(bz.subarray(0, bz.length >> 1), "app.log.bz2");
    assert.deepEqual([cutBz.status, codes(cutBz)], ["failed", ["corrupt"]]);
    assert.match(cutBz.reasons[0]!.message, /^bz2: Error: the data ends inside a block \(cut short\) or a block is damaged$/);
    // the whole stream's text read from gzip: Z_SYNC_FLUSH gives every byte inflated before the cut
    const gz = await run(gzipSync(log).subarray(0, 4000), "app.log.gz");
    assert.ok(gz.segments.reduce((a, s) => a + s.text.length, 0) > 10_000);
  });

  it("reads Brotli (a web server's precompressed `.br`) and bare zlib streams (`.zlib`), told by their extension; a bomb stops at the ratio", async () => {
    const csv = "name,ssn\nTiara Gislason,536-22-8726\n";
    const br = await run(brotliCompressSync(Buffer.from(csv)), "staff.csv.br");
    assert.deepEqual([br.detected_type, br.status, segWith(br, "536-22-8726")?.locator.column], ["application/x-brotli", "complete", "ssn"]);
    const z = await run(deflateSync(Buffer.from(csv)), "staff.csv.zlib");
    assert.deepEqual([z.detected_type, z.status, segWith(z, "536-22-8726")?.locator.column], ["application/zlib", "complete", "ssn"]);
    const notBrotli = await run(Buffer.from([0x01, 0x02, 0x03, 0xff, 0xfe, 0x00, 0x10]), "data.br");
    assert.deepEqual([notBrotli.status, codes(notBrotli)], ["failed", ["corrupt"]]);
    const bomb = await run(brotliCompressSync(Buffer.alloc(50_000_000, 0x41)), "bomb.txt.br");
    assert.deepEqual([bomb.status, codes(bomb)], ["partial", ["limit_ratio"]]);
  });

  it("reads LZ4 frames and framed Snappy (they were unsupported), block by block: a bomb stops at the ratio, a cut frame is corrupt, its blocks before the cut read", async () => {
    const csv = Buffer.from(`name,ssn\n${Array.from({ length: 3000 }, (_, i) => `Tiara Gislason ${(i * 7919) % 100003},536-22-8726\n`).join("")}`);
    /** Framed Snappy as snzip writes it: the stream identifier, then chunks of 64 KiB at most (their checksums not checked here). */
    const snappyFramed = (data: Buffer) => {
      const chunks = [Buffer.from([0xff, 6, 0, 0, ...Buffer.from("sNaPpY")])];
      for (let i = 0; i < data.length; i += 65536) {
        const body = Buffer.concat([Buffer.alloc(4), Buffer.from(snappy.compress(data.subarray(i, i + 65536)))]);
        chunks.push(Buffer.from([0, body.length & 0xff, (body.length >> 8) & 0xff, body.length >> 16]), body);
      }
      return Buffer.concat(chunks);
    };
    for (const [bytes, name, mime] of [[Buffer.from(lz4.compress(csv)), "staff.csv.lz4", "application/x-lz4"], [snappyFramed(csv), "staff.csv.sz", "application/x-snappy-framed"]] as const) {
      const r = await run(bytes, name);
      assert.deepEqual([r.detected_type, r.status, codes(r), segWith(r, "536-22-8726")?.locator.column, r.segments.length], [mime, "complete", [], "ssn", 1 + 2 * 3000], name);
      // cut in its last block: the blocks before it read
      const cut = await run(bytes.subarray(0, bytes.length - 20), name);
      assert.deepEqual([cut.status, codes(cut), segWith(cut, "536-22-8726")?.locator.column], ["partial", ["corrupt"], "ssn"], name);
    }
    // a legacy frame (lz4 -l, the Linux kernel's): its magic, then blocks of a size and LZ4 sequences (here literals alone)
    const literals = (data: Buffer) => {
      const extra: number[] = [];
      for (let n = data.length - 15; n >= 0; n -= 255) extra.push(Math.min(n, 255));
      if (data.length >= 15 && extra[extra.length - 1] === 255) extra.push(0);
      return Buffer.concat([Buffer.from([Math.min(data.length, 15) << 4, ...(data.length >= 15 ? extra : [])]), data]);
    };
    const block = literals(Buffer.from("Contact: jane.roe@example.org\n"));
    const size = Buffer.alloc(4);
    size.writeUInt32LE(block.length);
    const legacy = await run(Buffer.concat([Buffer.from([0x02, 0x21, 0x4c, 0x18]), size, block]), "note.txt.lz4");
    assert.deepEqual([legacy.status, segWith(legacy, "jane.roe@example.org")?.text], ["complete", "Contact: jane.roe@example.org\n"]);
    // (Snappy compresses 32:1 at most, under the ratio; LZ4 about 250:1)
    const bomb = await run(Buffer.from(lz4.compress(Buffer.alloc(50_000_000, 0x41))), "bomb.txt.lz4");
    assert.deepEqual([bomb.status, codes(bomb).includes("limit_ratio")], ["partial", true]);
  });

  it("reads ZIP packages file-type names for what they hold as archives: an e-book, a Java package (unsupported before)", async () => {
    const epub = await run(await makeZip({ mimetype: "application/epub+zip", "META-INF/container.xml": "<container/>", "OEBPS/ch1.xhtml": "<html><body><p>Dear Jane Roe</p></body></html>" }, false), "book.epub");
    assert.deepEqual([epub.detected_type, epub.status, segWith(epub, "Dear Jane Roe")?.locator.file_in_zip], ["application/epub+zip", "complete", "OEBPS/ch1.xhtml"]);
    const jar = await run(await makeZip({ "META-INF/MANIFEST.MF": "Manifest-Version: 1.0\n", "application.properties": "db.password=Xk29!pQ7zW\n" }), "service.jar");
    assert.deepEqual([jar.detected_type, jar.status, segWith(jar, "db.password")?.locator.file_in_zip], ["application/java-archive", "complete", "application.properties"]);
  });

  describe("a ZIP that does not fill its file (Go's archive/zip test files showed each; yauzl refused them)", () => {
    const eocdOf = (z: Buffer) => z.lastIndexOf(Buffer.from("PK\x05\x06", "latin1"));

    it("after a program's stub (a self-extracting archive): read as the archive, named as the program", async () => {
      const zip = await makeZip({ "setup/config.ini": "[db]\npassword=Xk29!pQ7zW\n" });
      const stub = Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), Buffer.alloc(2000)]);
      const r = await run(Buffer.concat([stub, zip]), "setup.exe");
      assert.deepEqual([r.detected_type, r.status, codes(r), segWith(r, "password=")?.locator.file_in_zip], ["application/x-msdownload", "complete", [], "setup/config.ini"]);
    });

    it("after a program's stub, its offsets counted from the file's start (`zip -A`, as self-extracting archives are made): read as the archive", async () => {
      const zip = await makeZip({ "setup/config.ini": "[db]\npassword=Xk29!pQ7zW\n", "readme.txt": "MARKER-SECOND" });
      /** The archive after `prefix`, every offset moved by the prefix's length, as `zip -A` moves them. */
      const adjusted = (prefix: Buffer) => {
        const file = Buffer.concat([prefix, zip]);
        const eocd = eocdOf(file);
        const cd = file.readUInt32LE(eocd + 16) + prefix.byteLength;
        file.writeUInt32LE(cd, eocd + 16);
        for (let at = cd; file.readUInt32LE(at) === 0x02014b50; at += 46 + file.readUInt16LE(at + 28) + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32)) file.writeUInt32LE(file.readUInt32LE(at + 42) + prefix.byteLength, at + 42);
        return file;
      };
      const r = await run(adjusted(Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), Buffer.alloc(2000)])), "setup.exe");
      assert.deepEqual([r.detected_type, r.status, codes(r), segWith(r, "password=")?.locator.file_in_zip, segWith(r, "MARKER-SECOND")?.locator.file_in_zip], ["application/x-msdownload", "complete", [], "setup/config.ini", "readme.txt"]);
      // and after a script, the script read as its text
      const s = await run(adjusted(Buffer.from("#!/bin/sh\nADMIN_PASSWORD='Xk29!pQ7zW'\nexit 0\n")), "install.sh");
      assert.deepEqual([s.status, segWith(s, "ADMIN_PASSWORD")?.locator.file_in_zip, segWith(s, "MARKER-SECOND")?.locator.file_in_zip], ["complete", null, "readme.txt"]);
      assert.equal(segWith(s, "ADMIN_PASSWORD")?.text.includes("PK"), false, "the archive's bytes are not read as the script's text");
    });

    it("after a script that unpacks it: the script is read as the file's own text, the archive as its members", async () => {
      const zip = await makeZip({ "payload/notes.txt": "MARKER-PAYLOAD" });
      const script = Buffer.from("#!/bin/sh\n# installer\nADMIN_PASSWORD='Xk29!pQ7zW'\ntail -c +42 \"$0\" > /tmp/p.zip\nexit 0\n");
      const r = await run(Buffer.concat([script, zip]), "install.sh");
      assert.deepEqual([r.detected_type, r.status, segWith(r, "ADMIN_PASSWORD")?.locator.file_in_zip, segWith(r, "MARKER-PAYLOAD")?.locator.file_in_zip], ["application/zip", "complete", null, "payload/notes.txt"]);
      assert.equal(segWith(r, "ADMIN_PASSWORD")?.text.includes("PK"), false, "the archive's bytes are not read as the script's text");
    });

    it("with bytes after it, or its comment cut short: read, and partial with what was left unread", async () => {
      const zip = await makeZip({ "a.txt": "MARKER-JUNK" });
      const junk = await run(Buffer.concat([zip, Buffer.from("some nonsense")]), "junk.zip", "application/zip");
      assert.deepEqual([junk.status, segWith(junk, "MARKER-JUNK")?.locator.file_in_zip], ["partial", "a.txt"]);
      assert.match(junk.reasons.find((x) => x.code === "corrupt")!.message, /13 bytes after the archive's end not read/);
      // padding is no loss
      assert.deepEqual(codes(await run(Buffer.concat([zip, Buffer.alloc(512)]), "padded.zip", "application/zip")), []);
      const cut = Buffer.concat([zip.subarray(0, eocdOf(zip) + 20), Buffer.from([40, 0]), Buffer.from("a comment, cut")]);
      const r = await run(cut, "cut.zip", "application/zip");
      assert.deepEqual([r.status, segWith(r, "MARKER-JUNK")?.locator.file_in_zip], ["partial", "a.txt"]);
      assert.match(r.reasons.find((x) => x.code === "corrupt")!.message, /comment is cut short \(14 of 40 bytes\)/);
    });

    it("whose end record's directory size lies: read from the file's start where its offset finds the directory", async () => {
      const zip = Buffer.from(await makeZip({ "a.txt": "MARKER-A", "b.txt": "MARKER-B" }));
      const eocd = eocdOf(zip);
      const dir = zip.readUInt32LE(eocd + 16);
      const first = 46 + zip.readUInt16LE(dir + 28) + zip.readUInt16LE(dir + 30) + zip.readUInt16LE(dir + 32);
      zip.writeUInt32LE(zip.readUInt32LE(eocd + 12) - first, eocd + 12); // the size of the second entry alone
      const r = await run(zip, "lying.zip", "application/zip");
      assert.deepEqual([r.status, segWith(r, "MARKER-A")?.locator.file_in_zip, segWith(r, "MARKER-B")?.locator.file_in_zip], ["complete", "a.txt", "b.txt"]);
    });
  });

  it("reads a TAR cut short in a member (a backup that stopped): the members before it, and it as far as it came", async () => {
    const tarBytes = Buffer.from(await makeTar({ "a.csv": "name,ssn\nJohn Smith,536-22-1234\n", "b.log": Array.from({ length: 5000 }, (_, i) => `line ${i} user=jane.roe@example.org`).join("\n"), "c.txt": "MARKER-AFTER" }));
    const r = await run(tarBytes.subarray(0, tarBytes.indexOf("line 2500")), "backup.tar");
    assert.deepEqual([r.status, r.reasons.map((x) => [x.code, x.file_in_zip]), segWith(r, "536-22-1234")?.locator.file_in_zip, !!segWith(r, "line 2499"), segWith(r, "MARKER-AFTER")], ["partial", [["corrupt", "b.log"]], "a.csv", true, undefined]);
  });

  it("reads a pre-POSIX (V7) TAR, whose headers have no ustar magic", async () => {
    const v7 = Buffer.from(await makeTar({ "old.txt": "MARKER-V7 text" }));
    for (let h = 0; h < v7.length && v7[h] !== 0; h += 512 + Math.ceil(parseInt(v7.toString("latin1", h + 124, h + 136), 8) / 512) * 512) {
      v7.fill(0, h + 257, h + 345); // magic, version, owner names, device numbers, prefix: what V7 lacks
      v7.fill(0x20, h + 148, h + 156);
      let sum = 0;
      for (let i = h; i < h + 512; i++) sum += v7[i]!;
      v7.write(`${sum.toString(8).padStart(6, "0")}\0 `, h + 148, "latin1");
    }
    const r = await run(v7, "old.tar", "application/x-tar");
    assert.deepEqual([r.status, segWith(r, "MARKER-V7")?.locator.file_in_zip], ["complete", "old.txt"]);
  });

  it("an archive whose members are all of unreadable types is unsupported, not complete (seen: a gzipped PostScript manual)", async () => {
    const ps = "%!PS-Adobe-3.0\n(Hello) show\nshowpage\n";
    const gz = await run(gzipSync(ps), "manual.ps.gz", "application/gzip");
    assert.deepEqual([gz.detected_type, gz.status, codes(gz), gz.segments.length], ["application/gzip", "unsupported", ["unsupported_type"], 0]);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
    assert.equal((await run(await makeZip({ "bin/tool": elf, "manual.ps": ps }), "tools.zip", "application/zip")).status, "unsupported");
    // One readable member is enough for complete (the others are named in the reasons).
    const mixed = await run(await makeZip({ "bin/tool": elf, "notes.txt": "MARKER-MIXED" }), "mixed.zip", "application/zip");
    assert.deepEqual([mixed.status, codes(mixed)], ["complete", ["unsupported_type"]]);
    assert.ok(segWith(mixed, "MARKER-MIXED"));
  });

  it("reads a Unix compress file (.Z, 7-Zip's Z handler: its one stream has no name), as gzip's, under its name less .Z", async () => {
    const r = await run(makeCompressZ("name,ssn\nTiara Gislason,536-22-8726\n"), "staff.csv.Z");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/x-compress", "complete", []]);
    assert.deepEqual([segWith(r, "536-22-8726")?.locator.file_in_zip, segWith(r, "536-22-8726")?.locator.column], [null, "ssn"]);
  });

  it("reads ZIP members in the methods yauzl does not inflate (deflate64, bzip2, LZMA, PPMd) through 7-Zip; they were unsupported_compression (seen: Tika's moby.zip, implode)", async () => {
    for (const method of ["Deflate64", "BZip2", "LZMA", "PPMd"] as const) {
      // (large enough to compress: 7-Zip stores what would not shrink)
      const r = await run(await makeZipWithMethod({ "staff.csv": `name,ssn\n${"Ann Lee,000-00-0000\n".repeat(50)}Tiara Gislason,536-22-8726\n`, "notes.txt": `${"minutes of the meeting\n".repeat(50)}call jane.roe@example.org` }, method), "old.zip");
      assert.deepEqual([r.status, codes(r)], ["complete", []], method);
      assert.deepEqual([segWith(r, "536-22-8726")?.locator.file_in_zip, segWith(r, "536-22-8726")?.locator.column, segWith(r, "jane.roe@example.org")?.locator.file_in_zip], ["staff.csv", "ssn", "notes.txt"], method);
    }
  });

  it("reads 7z members with file_in_zip; an encrypted 7z ends partial/encrypted", async () => {
    const r = await run(await make7z({ "a.txt": "MARKER-7Z alpha", "b.csv": "name,mail\nx,y@z.de\n" }), "x.7z", "application/x-7z-compressed");
    assert.equal(r.detected_type, "application/x-7z-compressed");
    assert.equal(r.status, "complete");
    assert.equal(segWith(r, "MARKER-7Z")?.locator.file_in_zip, "a.txt");
    assert.equal(segWith(r, "y@z.de")?.locator.column, "mail");
    const enc = await run(await make7z({ "a.txt": "hidden" }, "7z", "pw"), "locked.7z");
    assert.equal(enc.status, "partial");
    assert.ok(codes(enc).includes("encrypted"));
    assert.equal(enc.segments.length, 0);
    // cut short, its headers (at its end) lost: failed, in 7-Zip's words without the name the file had inside it ("/in.7z")
    const whole = await make7z({ "a.txt": "MARKER-7Z alpha ".repeat(200) });
    const cut = await run(whole.subarray(0, whole.length >> 1), "x.7z", "application/x-7z-compressed");
    assert.deepEqual([cut.status, codes(cut)], ["failed", ["corrupt"]]);
    assert.equal(cut.reasons[0]!.message, "7z: Error: Cannot open the file as [7z] archive");
  });

  it("takes a CHM's folders, listed by 7-Zip as empty items, and its system files for no members", () => {
    // (as 7-Zip lists Tika's chm__admin.chm)
    const listed = ["$WWAssociativeLinks", "$WWAssociativeLinks/Property", "#SYSTEM", "#TOPICS", "$FIftiMain", "html", "html/admin_overview.htm", "images/logo.gif", "admin.hhc"].map((path) => ({ path, folder: false }));
    assert.deepEqual(memberFiles(listed, "chm").map((i) => i.path), ["html/admin_overview.htm", "images/logo.gif", "admin.hhc"]);
    // another archive's "#notes.txt" is a member like any other
    assert.deepEqual(memberFiles([{ path: "#notes.txt", folder: false }, { path: "docs", folder: true }], "7z").map((i) => i.path), ["#notes.txt"]);
  });

  it("reads a 7-Zip archive of thousands of members (a help file's pages), and up to the entry limit when it has more", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 3000; i++) files[`page-${i}.html`] = `<p>page ${i}: ask jane.roe${i}@example.org</p>`;
    const archive = await make7z(files);
    const all = await run(archive, "manual.7z");
    assert.deepEqual([all.status, codes(all), all.segments.length, !!segWith(all, "jane.roe2999@example.org")], ["complete", [], 3000, true]);
    const some = await run(archive, "manual.7z", "application/octet-stream", { maxEntries: 2500 });
    assert.deepEqual([some.status, codes(some), some.segments.length], ["partial", ["limit_entries"], 2500]);
  });

  it("reads RAR, cabinet, cpio and ISO 9660 members through 7-Zip (they were unsupported); RAR with encrypted headers ends partial/encrypted; a traversing name is skipped", async () => {
    const files = { "notes.txt": "MARKER-ARC alpha", "hr/staff.csv": "name,mail\nx,y@z.de\n" };
    for (const [bytes, name, mime] of [
      [makeRar5(files), "x.rar", "application/x-rar-compressed"],
      [makeCab(files), "x.cab", "application/vnd.ms-cab-compressed"],
      [makeCpio(files), "x.cpio", "application/x-cpio"],
    ] as const) {
      const r = await run(bytes, name, "application/octet-stream");
      assert.deepEqual([r.detected_type, r.status, codes(r)], [mime, "complete", []], name);
      assert.equal(segWith(r, "MARKER-ARC")?.locator.file_in_zip, "notes.txt", name);
      assert.equal(segWith(r, "y@z.de")?.locator.column, "mail", name);
      assert.equal(segWith(r, "y@z.de")?.locator.file_in_zip, "hr/staff.csv", name);
    }
    const iso = await run(makeIso({ "notes.txt": "MARKER-ISO alpha", "staff.csv": "name,mail\nx,y@z.de\n" }), "disk.iso", "application/octet-stream");
    assert.deepEqual([iso.detected_type, iso.status], ["application/x-iso9660-image", "complete"]);
    assert.equal(segWith(iso, "MARKER-ISO")?.locator.file_in_zip, "NOTES.TXT");
    const enc = await run(makeRar5(files, true), "locked.rar", "application/octet-stream");
    assert.deepEqual([enc.status, codes(enc), enc.segments.length], ["partial", ["encrypted"], 0]);
    // a Debian package: its control member (the maintainer) and its data member, both read (7-Zip alone opens data.tar.xz in its place)
    const deb = makeAr({ "debian-binary": "2.0\n", "control.tar.gz": gzipSync(await makeTar({ control: "Package: payroll\nMaintainer: Jane Roe <jane.roe@acme-corp.com>\n" })), "data.tar.gz": gzipSync(await makeTar({ "etc/payroll.conf": "db.password=Xk29!pQ7zW\n" })) });
    const pkg = await run(deb, "payroll_1.0_amd64.deb", "application/octet-stream");
    assert.deepEqual([pkg.detected_type, pkg.status], ["application/x-deb", "complete"]);
    assert.equal(segWith(pkg, "jane.roe@acme-corp.com")?.locator.file_in_zip, "control.tar.gz!/control");
    assert.equal(segWith(pkg, "Xk29!pQ7zW")?.locator.file_in_zip, "data.tar.gz!/etc/payroll.conf");
    // cut short: what came is read, and the file is partial with reason corrupt (it was "complete")
    const long = { "notes.txt": `MARKER-ARC ${"x".repeat(3000)}`, "b.csv": "name,mail\nx,y@z.de\n" };
    for (const [bytes, name] of [[makeRar5(long), "cut.rar"], [makeCab(long), "cut.cab"], [makeIso(long), "cut.iso"]] as const) {
      const cut = await run(bytes.subarray(0, name.endsWith("iso") ? 22 * 2048 : bytes.length - 1500), name, "application/octet-stream");
      assert.equal(cut.status, "partial", name);
      assert.ok(cut.reasons.some((r) => r.code === "corrupt" && /Unexpected end of archive/.test(r.message)), `${name}: ${JSON.stringify(cut.reasons)}`);
      assert.ok(cut.reasons.some((r) => r.code === "corrupt" && /^notes\.txt$/i.test(r.file_in_zip ?? "") && /Data Error/.test(r.message)), `${name}: the member cut short is named`);
    }
    assert.deepEqual(["../../etc/cron.d/job", "/abs.txt", "C:\\Users\\..\\x.txt", "a/./b/../c", "..", "/"].map(outsideName), ["etc/cron.d/job", "abs.txt", "Users/x.txt", "a/b/c", "", ""]);
    // a name leaving the root: read from where 7-Zip puts it ("etc/cron.d/job"), named as written;
    // skipped when another member is put there too (which bytes are there is then unknown)
    const evil = await run(makeRar5({ "../../etc/cron.d/job": "MARKER-EVIL", "ok.txt": "MARKER-OK" }), "evil.rar", "application/octet-stream");
    assert.deepEqual([evil.status, codes(evil)], ["complete", ["unsafe_entry_name"]]);
    assert.equal(segWith(evil, "MARKER-EVIL")?.locator.file_in_zip, "../../etc/cron.d/job");
    assert.ok(segWith(evil, "MARKER-OK"));
    const twice = await run(makeRar5({ "../ok.txt": "MARKER-EVIL", "ok.txt": "MARKER-OK" }), "twice.rar", "application/octet-stream");
    assert.deepEqual([twice.status, twice.reasons.map((r) => [r.code, r.file_in_zip])], ["partial", [["path_traversal", "../ok.txt"]]]);
    assert.ok(segWith(twice, "MARKER-OK") && !segWith(twice, "MARKER-EVIL"));
  });

  it("a text that compresses past the ratio limit is read up to it, and partial (Go's citm_catalog.json.zst, 175:1, was not read at all)", async () => {
    const lines = Array.from({ length: 40_000 }, (_, i) => `{"event":${i % 7},"seat":"A${i % 3}","status":"available"}`).join("\n");
    const text = `{"contact":"jane.roe@example.org","phone":"+49 30 901820"}\n${lines}`;
    for (const [bytes, name] of [[gzipSync(text, { level: 9 }), "catalog.json.gz"], [zstdCompressSync(text), "catalog.json.zst"]] as const) {
      const r = await run(bytes, name, "application/octet-stream", { maxRatio: 20 });
      assert.deepEqual([r.status, codes(r)], ["partial", ["limit_ratio"]], name);
      assert.match(r.reasons[0]!.message, /its first \d+ bytes read/);
      assert.ok(segWith(r, "jane.roe@example.org"), name);
      assert.ok(r.stats.chars < text.length, "only what came before the limit");
    }
  });

  it("a nested bomb stops at the depth limit", async () => {
    let z: Buffer = Buffer.from("MARKER-DEEP");
    let name = "deep.txt";
    for (let i = 0; i < 14; i++) {
      z = await makeZip({ [name]: z });
      name = `l${i}.zip`;
    }
    const t0 = Date.now();
    const r = await run(z, "bomb.zip", "application/zip", { timeBudgetMs: 10_000 });
    assert.equal(r.status, "partial");
    const depth = r.reasons.find((x) => x.code === "limit_depth");
    assert.ok(depth, JSON.stringify(r.reasons));
    assert.equal(depth.file_in_zip!.split("!/").length, 10);
    assert.equal(segWith(r, "MARKER-DEEP"), undefined);
    assert.ok(Date.now() - t0 < 10_000);
  });

  it("a high-ratio bomb is refused from its declared sizes, and a lying one while inflating", async () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024);
    const honest = await makeZip({ "zeros.bin": zeros, "ok.txt": "MARKER-OK" });
    const t0 = Date.now();
    const r = await run(honest, "ratio.zip", "application/zip", { timeBudgetMs: 5000 });
    assert.equal(r.status, "partial");
    const ratio = r.reasons.find((x) => x.code === "limit_ratio");
    assert.equal(ratio?.file_in_zip, "zeros.bin");
    assert.match(ratio!.message, /declared/);
    assert.ok(segWith(r, "MARKER-OK"), "the other members are still read");
    const liar = buildZip([{ name: "liar.bin", data: zeros, declaredSize: 1000 }]);
    const l = await run(liar, "liar.zip", "application/zip");
    assert.equal(l.status, "partial");
    const hit = l.reasons.find((x) => x.code === "limit_ratio");
    assert.match(hit!.message, /inflated past/);
    const gz = await run(gzipSync(zeros), "zeros.gz", "application/gzip", { timeBudgetMs: 5000 });
    assert.deepEqual(codes(gz), ["limit_ratio"]);
    assert.equal(gz.status, "partial");
    for (const [bytes, name] of [[await make7z({ zeros }, "xz"), "zeros.xz"], [zstdCompressSync(zeros), "zeros.zst"]] as const) {
      const r = await run(bytes, name, "application/octet-stream", { timeBudgetMs: 5000 });
      assert.deepEqual([r.status, codes(r)], ["partial", ["limit_ratio"]], name);
    }
    assert.ok(Date.now() - t0 < 5000, "all five within the 5 s budget");
  });

  it("the total uncompressed bytes limit holds over many members", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 10; i++) files[`f${i}.txt`] = `${i} `.repeat(60_000);
    const r = await run(await makeZip(files, false), "many.zip", "application/zip", { maxTotalBytes: 500_000 });
    assert.equal(r.status, "partial");
    assert.ok(codes(r).includes("limit_total_bytes"));
    assert.ok(r.stats.chars < 600_000);
  });

  it("20,000 tiny entries stop at the entry limit quickly", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 20_000; i++) files[`d/${i}.txt`] = "x";
    const zip = await makeZip(files, false);
    const t0 = Date.now();
    const r = await run(zip, "tiny.zip", "application/zip", { timeBudgetMs: 15_000 });
    assert.equal(r.status, "partial");
    assert.deepEqual(codes(r), ["limit_entries"]);
    assert.equal(r.stats.entries, 10_000);
    assert.ok(Date.now() - t0 < 15_000);
  });

  it("`../` and absolute entry names are read all the same, named as written, with reason unsafe_entry_name (they were skipped: a place to hide a payroll)", async () => {
    const zip = buildZip([
      { name: "../../etc/evil.txt", data: Buffer.from("MARKER-EVIL") },
      { name: "/abs.txt", data: Buffer.from("MARKER-ABS") },
      { name: "good.txt", data: Buffer.from("MARKER-GOOD") },
    ]);
    const t0 = Date.now();
    const r = await run(zip, "slip.zip", "application/zip", { timeBudgetMs: 2000 });
    assert.equal(r.status, "complete");
    assert.deepEqual(r.reasons.map((x) => [x.code, x.file_in_zip]), [["unsafe_entry_name", "../../etc/evil.txt"], ["unsafe_entry_name", "/abs.txt"]]);
    assert.ok(segWith(r, "MARKER-GOOD"));
    assert.equal(segWith(r, "MARKER-EVIL")?.locator.file_in_zip, "../../etc/evil.txt");
    assert.equal(segWith(r, "MARKER-ABS")?.locator.file_in_zip, "/abs.txt");
    // the same members from their local headers (no central directory: a file cut short)
    const cut = await run(zip.subarray(0, zip.indexOf(Buffer.from("PK\x01\x02", "latin1"))), "cut.zip", "application/zip", { timeBudgetMs: 2000 });
    assert.deepEqual(codes(cut), ["corrupt", "unsafe_entry_name", "unsafe_entry_name"]);
    assert.ok(segWith(cut, "MARKER-EVIL") && segWith(cut, "MARKER-ABS") && segWith(cut, "MARKER-GOOD"));
    const tarSlip = await run(await makeTar({ "../up.txt": "MARKER-UP", "ok.txt": "fine" }), "slip.tar", "application/x-tar", { timeBudgetMs: 2000 });
    assert.deepEqual([tarSlip.status, codes(tarSlip)], ["complete", ["unsafe_entry_name"]]);
    assert.equal(segWith(tarSlip, "MARKER-UP")?.locator.file_in_zip, "../up.txt");
    assert.ok(Date.now() - t0 < 2000);
  });

  it("a reason said of many members is counted, not repeated: an encrypted member after 1,200 unreadable ones still makes the file partial", async () => {
    const elf = Buffer.concat([Buffer.from("\x7fELF\x02\x01\x01", "latin1"), Buffer.alloc(120)]);
    const zip = buildZip([
      ...Array.from({ length: 1200 }, (_, i) => ({ name: `classes/C${i}.bin`, data: elf })),
      { name: "secret.txt", data: Buffer.from("MARKER-ZC secret"), mode: "zipcrypto" as const },
      { name: "readme.txt", data: Buffer.from("MARKER-OPEN") },
    ]);
    const r = await run(zip, "app.jar", "application/java-archive");
    assert.equal(r.status, "partial");
    assert.deepEqual(r.reasons.filter((x) => x.code === "encrypted").map((x) => x.file_in_zip), ["secret.txt"]);
    const unreadable = r.reasons.filter((x) => x.code === "unsupported_type");
    assert.equal(unreadable.length, 11, "ten with their paths, one for the rest");
    assert.match(unreadable.at(-1)!.message, /\(and 1190 more members\)$/);
    assert.equal(unreadable.at(-1)!.file_in_zip, null);
  });

  it("ZipCrypto and AES entries end partial with reason encrypted, plain members still read", async () => {
    const zip = buildZip([
      { name: "zc.txt", data: Buffer.from("MARKER-ZC secret"), mode: "zipcrypto" },
      { name: "aes.txt", data: Buffer.from("MARKER-AES secret"), mode: "aes" },
      { name: "open.txt", data: Buffer.from("MARKER-OPEN") },
    ]);
    const t0 = Date.now();
    const r = await run(zip, "enc.zip", "application/zip", { timeBudgetMs: 2000 });
    assert.ok(Date.now() - t0 < 2000);
    assert.equal(r.status, "partial");
    assert.deepEqual(r.reasons.map((x) => [x.code, x.file_in_zip]), [["encrypted", "zc.txt"], ["encrypted", "aes.txt"]]);
    assert.match(r.reasons[1]!.message, /AES/);
    assert.ok(segWith(r, "MARKER-OPEN"));
    assert.equal(segWith(r, "secret"), undefined);
  });

  it("a corrupt member is a reason, an archive with no member to read is failed", async () => {
    const good = await makeZip({ "a.txt": "hello" });
    const r = await run(good.subarray(0, 20), "cut.zip", "application/zip");
    assert.equal(r.status, "failed");
    assert.equal(r.reasons[0]?.code, "corrupt");
  });

  describe("a ZIP whose central directory is missing or wrong: members read from their local headers, front to back", () => {
    const csv = "name,ssn\nJohn Smith,536-22-1234\n";
    const bulk = noise(150_000, 3).toString("base64");

    it("cut short (a download or a copy that stopped): the members before the cut read, the one it cuts as far as it came", async () => {
      for (const descriptor of [false, true, "zip64"] as const) {
        const zip = buildZip([{ name: "a.csv", data: Buffer.from(csv), descriptor }, { name: "b.txt", data: Buffer.from(`MARKER-BULK ${bulk}`), descriptor }, { name: "c.txt", data: Buffer.from("MARKER-AFTER"), descriptor }]);
        const r = await run(zip.subarray(0, 60_000), "download.zip", "application/zip");
        assert.equal(r.status, "partial", `descriptor ${descriptor}`);
        assert.deepEqual(r.reasons.map((x) => [x.code, x.file_in_zip]), [["corrupt", null], ["corrupt", "b.txt"]]);
        assert.match(r.reasons[0]!.message, /no central directory \(the file is cut short\); members read from their local headers/);
        assert.match(r.reasons[1]!.message, /cut short by the file's end/);
        assert.equal(segWith(r, "536-22-1234")?.locator.file_in_zip, "a.csv");
        assert.equal(segWith(r, "MARKER-BULK")?.locator.file_in_zip, "b.txt");
        assert.equal(segWith(r, "MARKER-AFTER"), undefined);
      }
      // stored members too, with a data descriptor: each ends where a descriptor of its own size follows
      const stored = buildZip([{ name: "a.csv", data: Buffer.from(csv), mode: "store", descriptor: true }, { name: "c.txt", data: Buffer.from("MARKER-AFTER"), mode: "store", descriptor: true }, { name: "d.txt", data: Buffer.from(bulk), mode: "store" }]);
      const s = await run(stored.subarray(0, 5_000), "stored.zip", "application/zip");
      assert.deepEqual([s.status, segWith(s, "536-22-1234")?.locator.file_in_zip, segWith(s, "MARKER-AFTER")?.text, codes(s)], ["partial", "a.csv", "MARKER-AFTER", ["corrupt", "corrupt"]]);
    });

    it("the first part of a split archive (`.z01`: the spanning marker, members, no directory): its members read", async () => {
      const zip = buildZip([{ name: "a.csv", data: Buffer.from(csv) }, { name: "b.txt", data: Buffer.from(`MARKER-BULK ${bulk}`) }]);
      const part = Buffer.concat([Buffer.from("PK\x07\x08", "latin1"), zip.subarray(0, 40_000)]);
      const r = await run(part, "backup.z01");
      assert.deepEqual([r.detected_type, r.status, segWith(r, "536-22-1234")?.locator.file_in_zip, !!segWith(r, "MARKER-BULK")], ["application/zip", "partial", "a.csv", true]);
      assert.match(r.reasons[0]!.message, /^zip: the first part of a split archive \(its central directory is in the last part\)/);
    });

    it("whose directory's offsets leave its members' data descriptors out (Tika's testZip_with_DataDescriptor.zip): every member read", async () => {
      const zip = buildZip([{ name: "a.csv", data: Buffer.from(csv), mode: "store", descriptor: true }, { name: "b.txt", data: Buffer.from("MARKER-B"), descriptor: true }, { name: "c.txt", data: Buffer.from("MARKER-C"), mode: "store" }], { offsetsWithoutDescriptors: true });
      const r = await run(zip, "streamed.zip", "application/zip");
      assert.deepEqual([r.status, segWith(r, "536-22-1234")?.locator.file_in_zip, segWith(r, "MARKER-B")?.locator.file_in_zip, segWith(r, "MARKER-C")?.locator.file_in_zip], ["complete", "a.csv", "b.txt", "c.txt"]);
    });

    it("keeps every limit and check: a bomb, an encrypted member, a name leaving the root (read, said)", async () => {
      const zip = buildZip([
        { name: "zc.txt", data: Buffer.from("secret text"), mode: "zipcrypto" },
        { name: "../../etc/cron.d/x", data: Buffer.from("MARKER-TRAVERSAL") },
        { name: "bomb.txt", data: Buffer.alloc(30_000_000, 0x41), descriptor: true },
        { name: "after.txt", data: Buffer.from("MARKER-AFTER-BOMB") },
      ]);
      const cut = zip.subarray(0, zip.indexOf(Buffer.from("PK\x01\x02", "latin1")));
      const r = await run(cut, "hostile.zip", "application/zip");
      assert.deepEqual(codes(r), ["corrupt", "encrypted", "unsafe_entry_name", "limit_ratio"]);
      assert.equal(segWith(r, "MARKER-TRAVERSAL")?.locator.file_in_zip, "../../etc/cron.d/x", "read, named as written");
      assert.equal(segWith(r, "secret"), undefined);
      // (the bomb's end is found by its descriptor: the member after it is read)
      assert.equal(segWith(r, "MARKER-AFTER-BOMB")?.locator.file_in_zip, "after.txt");
    });
  });
});
