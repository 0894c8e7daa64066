/**
 * Apache Parquet files (data lakes, warehouse exports) via hyparquet, read from memory like a CSV
 * export: the column names are the header (`part: header`, row 1) and each value is a cell under
 * its column (`row` 2 on), so a `ssn` or `email` column is the detectors' context. Rows are read
 * in batches, with the time budget checked between them; the 5 M-character limit ends a large
 * file. A nested value (struct, list, map) gives a cell per leaf, named by its path
 * (`address.city`, `phones.0`). Compression: Snappy (hyparquet), GZIP, Zstandard and Brotli
 * (node:zlib), LZ4_RAW and the deprecated LZ4 (Hadoop's framing, or a bare block as some writers
 * wrote it; lz4js's block decoder), each bounded by the page's declared size; a file with pages in
 * another codec (LZO) ends `failed`, reason `corrupt`.
 */
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import { parquetMetadata, parquetReadObjects } from "hyparquet";
import { decompressBlock } from "lz4js";
import type { Format } from "../format.ts";
import { emitValue } from "./record-cells.ts";

/** Rows decoded at a time. */
const BATCH = 5000;

type Inflate = (input: Uint8Array, outputLength: number) => Uint8Array;
const bounded = (inflate: (b: Uint8Array, o: { maxOutputLength: number }) => Buffer): Inflate => (input, outputLength) => inflate(input, { maxOutputLength: Math.max(1, outputLength) });
/** A page's LZ4 block, into exactly its declared size (what would overrun it is dropped). */
const lz4Raw: Inflate = (input, outputLength) => {
  const out = new Uint8Array(outputLength);
  decompressBlock(input, out, 0, input.length, 0);
  return out;
};
/**
 * The deprecated LZ4 codec: Hadoop's framing (each block after its sizes, uncompressed and
 * compressed, big-endian), or, when the sizes do not add up, one bare block as some writers wrote it.
 */
const lz4Hadoop: Inflate = (input, outputLength) => {
  const v = new DataView(input.buffer, input.byteOffset, input.byteLength);
  const out = new Uint8Array(outputLength);
  let at = 0;
  let written = 0;
  while (at + 8 <= input.length && written < outputLength) {
    const size = v.getUint32(at);
    const packed = v.getUint32(at + 4);
    if (size === 0 || size > outputLength - written || at + 8 + packed > input.length) return lz4Raw(input, outputLength);
    written = decompressBlock(input, out, at + 8, packed, written);
    at += 8 + packed;
  }
  return at === input.length ? out : lz4Raw(input, outputLength);
};
const COMPRESSORS = { GZIP: bounded(gunzipSync), ZSTD: bounded(zstdDecompressSync), BROTLI: bounded(brotliDecompressSync), LZ4_RAW: lz4Raw, LZ4: lz4Hadoop };

export const parquetFormat: Format = {
  kinds: ["parquet"],
  library: "hyparquet (+ node:zlib for GZIP, Zstandard, Brotli pages, lz4js for LZ4)",
  async extract(bytes, scope, ctx) {
    const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const meta = parquetMetadata(file);
    const top = topLevelNames(meta.schema);
    ctx.emit(scope, top.join(", "), { row: 1, part: "header" });
    const rows = Number(meta.num_rows);
    for (let start = 0; start < rows; start += BATCH) {
      ctx.checkTime();
      const batch = await parquetReadObjects({ file, metadata: meta, rowStart: start, rowEnd: Math.min(rows, start + BATCH), compressors: COMPRESSORS });
      for (const [i, record] of batch.entries()) {
        for (const name of top) emitValue(ctx, scope, { row: start + i + 2, column: name }, (record as Record<string, unknown>)[name]);
      }
    }
  },
};

/** The names of the schema's top-level columns, in order (the root's children). */
function topLevelNames(schema: Array<{ name: string; num_children?: number }>): string[] {
  const names: string[] = [];
  let i = 1;
  const skip = (at: number): number => {
    let next = at + 1;
    // (a damaged schema may claim more children than it has)
    for (let k = 0; k < (schema[at]?.num_children ?? 0) && next < schema.length; k++) next = skip(next);
    return next;
  };
  while (i < schema.length) {
    names.push(schema[i]!.name);
    i = skip(i);
  }
  return names;
}
