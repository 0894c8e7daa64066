import assert from "node:assert/strict";
import { makeTar } from "../test-util/fixtures.ts";
import { allText, codes, run, segWith } from "../test-util/run.ts";

const octal = (n: number, width: number) => n.toString(8).padStart(width - 1, "0") + "\0";

/** A GNU tar header (magic "ustar  "): name, typeflag, size; `fill` writes the rest (a sparse map). */
function gnuHeader(name: string, typeflag: string, size: number, fill: (h: Buffer) => void = () => {}): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, "latin1");
  h.write("0000644\0", 100, "latin1");
  h.write("0000000\0", 108, "latin1");
  h.write("0000000\0", 116, "latin1");
  h.write(octal(size, 12), 124, "latin1");
  h.write(octal(1_700_000_000, 12), 136, "latin1");
  h.write(typeflag, 156, "latin1");
  h.write("ustar  \0", 257, "latin1");
  fill(h);
  h.fill(0x20, 148, 156);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "latin1");
  return h;
}

const pad = (b: Buffer) => Buffer.concat([b, Buffer.alloc((512 - (b.length % 512)) % 512)]);

/**
 * A GNU sparse member (typeflag 'S', what `tar -S` writes): the data regions stored one after the
 * other, the map in the header (4 entries) and in extension blocks (21 each) when longer.
 */
function gnuSparse(name: string, realSize: number, regions: Array<[offset: number, text: string]>): Buffer {
  const data = Buffer.concat(regions.map(([, t]) => Buffer.from(t)));
  const entry = (b: Buffer, at: number, [offset, text]: [number, string]) => {
    b.write(octal(offset, 12), at, "latin1");
    b.write(octal(Buffer.byteLength(text), 12), at + 12, "latin1");
  };
  const rest = regions.slice(4);
  const head = gnuHeader(name, "S", data.length, (h) => {
    regions.slice(0, 4).forEach((r, i) => entry(h, 386 + 24 * i, r));
    h[482] = rest.length > 0 ? 1 : 0;
    h.write(octal(realSize, 12), 483, "latin1");
  });
  const blocks: Buffer[] = [];
  for (let i = 0; i < rest.length; i += 21) {
    const b = Buffer.alloc(512);
    rest.slice(i, i + 21).forEach((r, k) => entry(b, 24 * k, r));
    b[504] = i + 21 < rest.length ? 1 : 0;
    blocks.push(b);
  }
  return Buffer.concat([head, ...blocks, pad(data)]);
}

const regular = (name: string, text: string) => Buffer.concat([gnuHeader(name, "0", Buffer.byteLength(text)), pad(Buffer.from(text))]);
const END = Buffer.alloc(1024);

describe("extract: TAR under hostile and unusual input", () => {
  it("reads GNU sparse members (`tar -S`: a log with holes), which were skipped unsaid and the archive `complete`", async () => {
    const line = (i: number) => `2026-12-07T10:00:0${i % 10} login user=jane.roe${i}@example.org from 10.0.0.${i} session ok\n`.repeat(3);
    // a log cut under its writer: a hole of 2 MiB, then the lines written after
    const log = gnuSparse("var/log/app.log", 2 * 1024 * 1024 + line(1).length, [[2 * 1024 * 1024, line(1)]]);
    const r = await run(Buffer.concat([log, regular("after.txt", "MARKER-AFTER"), END]), "logs.tar", "application/x-tar");
    assert.equal(r.status, "complete");
    assert.equal(segWith(r, "jane.roe1@example.org")?.locator.file_in_zip, "var/log/app.log");
    assert.ok(segWith(r, "MARKER-AFTER"));
    // more regions than the header's four: extension blocks before the data, which tar-stream took for data
    const regions: Array<[number, string]> = Array.from({ length: 30 }, (_, i) => [i * 65536, `${line(i)}MARKER-REGION-${i}\n`]);
    const many = gnuSparse("db/journal.log", 30 * 65536, regions);
    const m = await run(Buffer.concat([many, regular("after.txt", "MARKER-AFTER"), END]), "journal.tar", "application/x-tar");
    assert.equal(m.status, "complete");
    for (const i of [0, 3, 4, 24, 25, 29]) assert.equal(segWith(m, `MARKER-REGION-${i}\n`)?.locator.file_in_zip, "db/journal.log", `region ${i}`);
    assert.ok(segWith(m, "MARKER-AFTER"));
    // a sparse file far larger than the bytes left: its stored regions read without the holes, and said so
    const huge = gnuSparse("big.log", 2 ** 40, [[0, line(7)], [2 ** 39, "MARKER-FAR-REGION\n"]]);
    const h = await run(Buffer.concat([huge, END]), "big.tar", "application/x-tar");
    assert.deepEqual([h.status, codes(h)], ["partial", ["limit_total_bytes"]]);
    assert.match(allText(h), /MARKER-FAR-REGION/);
  });

  it("reads a member of a typeflag tar-stream does not know as a regular file, as POSIX says", async () => {
    const vendor = Buffer.concat([gnuHeader("notes.txt", "A", 19), pad(Buffer.from("MARKER-VENDOR-TYPE\n"))]);
    const r = await run(Buffer.concat([vendor, END]), "vendor.tar", "application/x-tar");
    assert.equal(r.status, "complete");
    assert.equal(segWith(r, "MARKER-VENDOR-TYPE")?.locator.file_in_zip, "notes.txt");
    // links and directories are still no members
    const plain = await run(await makeTar({ "a.txt": "MARKER-PLAIN" }), "a.tar", "application/x-tar");
    assert.deepEqual([plain.status, plain.stats.entries], ["complete", 1]);
  });

  it("reads a log that starts with a hole longer than the head detection looks at (copytruncate of a large log)", async () => {
    const text = "after the hole: login user=jane.roe@example.org ok\n".repeat(20);
    const r = await run(Buffer.concat([Buffer.alloc(3 * 1024 * 1024), Buffer.from(text)]), "app.log.1");
    assert.deepEqual([r.detected_type, r.status], ["text/plain", "complete"]);
    assert.ok(segWith(r, "jane.roe@example.org"));
    // zeros alone stay binary
    const zeros = await run(Buffer.alloc(3 * 1024 * 1024), "zeros.bin");
    assert.equal(zeros.status, "unsupported");
  });
});
