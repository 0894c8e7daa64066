import assert from "node:assert/strict";
import { brotliCompressSync, gzipSync, zstdCompressSync } from "node:zlib";
import { parquetWriteBuffer } from "hyparquet-writer";
import * as lz4 from "lz4js";
import { codes, rowCells, run } from "../test-util/run.ts";

/** One LZ4 block of `b` (lz4js's block compressor), bare or in Hadoop's framing (its sizes first, big-endian). */
const lz4Block = (b: Uint8Array, hadoop = false) => {
  const dst = new Uint8Array(b.length + Math.ceil(b.length / 255) + 32);
  const block = dst.subarray(0, lz4.compressBlock(b, dst, 0, b.length, new Uint32Array(1 << 16)));
  if (!hadoop) return block;
  const head = Buffer.alloc(8);
  head.writeUInt32BE(b.length, 0);
  head.writeUInt32BE(block.length, 4);
  return Buffer.concat([head, block]);
};

const people = (codec?: "GZIP" | "ZSTD" | "BROTLI" | "LZ4_RAW" | "LZ4", lz4Bare = false) =>
  Buffer.from(
    parquetWriteBuffer({
      columnData: [
        { name: "name", data: ["Jane Roe", "Ben Okafor", null] },
        { name: "ssn", data: ["536-22-1234", "123-45-6788", "078-05-1120"] },
        { name: "card", data: [4111111111111111n, 6011000990139424123n, 0n], type: "INT64" },
        { name: "dob", data: [new Date("1984-03-14T00:00:00Z"), new Date("1979-11-02T00:00:00Z"), null] },
      ],
      ...(codec ? { codec, compressors: { GZIP: (b: Uint8Array) => gzipSync(b), ZSTD: (b: Uint8Array) => zstdCompressSync(b), BROTLI: (b: Uint8Array) => brotliCompressSync(b), LZ4_RAW: (b: Uint8Array) => lz4Block(b), LZ4: (b: Uint8Array) => lz4Block(b, !lz4Bare) } } : {}),
    }),
  );

describe("extract: Parquet", () => {
  it("reads a table like a CSV export: the column names as the header, each value a cell under its column", async () => {
    const r = await run(people(), "people.parquet");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/vnd.apache.parquet", "complete", []]);
    assert.deepEqual(rowCells(r), [
      [1, "header", "name, ssn, card, dob"],
      [2, "name", "Jane Roe"],
      [2, "ssn", "536-22-1234"],
      [2, "card", "4111111111111111"],
      [2, "dob", "1984-03-14T00:00:00.000Z"],
      [3, "name", "Ben Okafor"],
      [3, "ssn", "123-45-6788"],
      [3, "card", "6011000990139424123"], // a 19-digit number, exact
      [3, "dob", "1979-11-02T00:00:00.000Z"],
      [4, "ssn", "078-05-1120"],
      [4, "card", "0"],
    ]);
  });

  it("gives a nested value (struct, list) a cell per leaf, named by its path", async () => {
    const nested = Buffer.from(
      parquetWriteBuffer({
        columnData: [
          { name: "address", data: [{ street: "1 High St", city: "Oxford" }] },
          { name: "phones", data: [["+44 20 7946 0958", "+44 7700 900123"]] },
        ],
      }),
    );
    const r = await run(nested, "nested.parquet");
    assert.deepEqual(r.segments.slice(1).map((s) => [s.locator.column, s.text]), [
      ["address.street", "1 High St"],
      ["address.city", "Oxford"],
      ["phones.0", "+44 20 7946 0958"],
      ["phones.1", "+44 7700 900123"],
    ]);
  });

  it("reads GZIP, Zstandard, Brotli and LZ4 pages as well as Snappy (LZ4 in Hadoop's framing or as a bare block)", async () => {
    for (const [codec, bare] of [["GZIP"], ["ZSTD"], ["BROTLI"], ["LZ4_RAW"], ["LZ4"], ["LZ4", true]] as const) {
      const r = await run(people(codec, bare), `${codec}.parquet`);
      assert.deepEqual([r.status, r.segments.find((s) => s.locator.column === "ssn")?.text], ["complete", "536-22-1234"], codec);
    }
  });

  it("reads many rows in batches with their row numbers; a cut file is failed with reason corrupt", async () => {
    const n = 12_000;
    const big = Buffer.from(parquetWriteBuffer({ columnData: [{ name: "email", data: Array.from({ length: n }, (_, i) => `user${i}@example.org`) }] }));
    const r = await run(big, "users.parquet");
    const last = r.segments[r.segments.length - 1]!;
    assert.deepEqual([r.status, r.segments.length, last.locator.row, last.text], ["complete", n + 1, n + 1, `user${n - 1}@example.org`]);
    const cut = await run(big.subarray(0, big.length - 100), "cut.parquet");
    assert.deepEqual([cut.status, codes(cut)], ["failed", ["corrupt"]]);
  });
});
