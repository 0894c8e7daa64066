/**
 * Apache Parquet files (data lakes, warehouse exports) via hyparquet, read from memory like a CSV
 * export: the column names are the header (`part: header`, row 1) and each value is a cell under
 * its column (`row` 2 on), so a `ssn` or `email` column is the detectors' context. Rows are read
 * in batches, with the time budget checked between them; the 5 M-character limit ends a large
 * file. A nested value (struct, list, map) gives a cell per leaf, named by its path
 * (`address.city`, `phones.0`). Compression: Snappy (hyparquet), GZIP, Zstandard and Brotli
 * (node:zlib, bounded by each page's declared size); a file with pages in another codec (LZ4)
 * ends `failed`, reason `corrupt`.
 */
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import { parquetMetadata, parquetReadObjects } from "hyparquet";
import type { Ctx, Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { decodeText, looksLikeText } from "../text-decode.ts";

/** Rows decoded at a time. */
const BATCH = 5000;
/** Nesting followed into a value at most; deeper parts are written as JSON. */
const MAX_NESTING = 4;

type Inflate = (input: Uint8Array, outputLength: number) => Uint8Array;
const bounded = (inflate: (b: Uint8Array, o: { maxOutputLength: number }) => Buffer): Inflate => (input, outputLength) => inflate(input, { maxOutputLength: Math.max(1, outputLength) });
const COMPRESSORS = { GZIP: bounded(gunzipSync), ZSTD: bounded(zstdDecompressSync), BROTLI: bounded(brotliDecompressSync) };

/** One value as cells: a leaf's text under its column's name, a nested value's leaves under their paths. */
function emitValue(ctx: Ctx, scope: Scope, row: number, column: string, value: unknown, depth = 0): void {
  if (value === null || value === undefined) return;
  if (value instanceof Date) return ctx.emit(scope, Number.isNaN(value.getTime()) ? "" : value.toISOString(), { row, column });
  if (value instanceof Uint8Array) {
    if (looksLikeText(value) !== null) ctx.emit(scope, decodeText(value).text, { row, column });
    return;
  }
  if (typeof value === "object") {
    if (depth >= MAX_NESTING) return ctx.emit(scope, JSON.stringify(value, (_, v: unknown) => (typeof v === "bigint" ? String(v) : v)), { row, column });
    for (const [key, inner] of Object.entries(value)) emitValue(ctx, scope, row, `${column}.${key}`, inner, depth + 1);
    return;
  }
  ctx.emit(scope, String(value), { row, column });
}

export const parquetFormat: Format = {
  kinds: ["parquet"],
  library: "hyparquet (+ node:zlib for GZIP, Zstandard, Brotli pages)",
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
        for (const name of top) emitValue(ctx, scope, start + i + 2, name, (record as Record<string, unknown>)[name]);
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
    for (let k = 0; k < (schema[at]?.num_children ?? 0); k++) next = skip(next);
    return next;
  };
  while (i < schema.length) {
    names.push(schema[i]!.name);
    i = skip(i);
  }
  return names;
}
