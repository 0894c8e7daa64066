/**
 * A record's values as cells (Parquet, Avro, SQLite): a leaf's text under its column's name, a nested
 * value's leaves under their paths (`address.city`, `phones.0`), at most MAX_NESTING levels deep
 * (deeper parts as JSON); dates as ISO 8601, integers exact (BigInt), bytes only when they are text.
 */
import type { Ctx, Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { decodeText, looksLikeText } from "../text-decode.ts";
import { withoutNuls } from "./text.ts";

/** Nesting followed into a value at most; deeper parts are written as JSON. */
const MAX_NESTING = 4;

/** Where a cell is: its row and column, and its table when the file has several (SQLite). */
export interface CellAt {
  row: number;
  column: string;
  sheet?: string;
}

/** One value as cells: a leaf's text under its column's name, a nested value's leaves under their paths. */
export function emitValue(ctx: Ctx, scope: Scope, at: CellAt, value: unknown, depth = 0): void {
  if (value === null || value === undefined) return;
  if (value instanceof Date) return ctx.emit(scope, Number.isNaN(value.getTime()) ? "" : value.toISOString(), at);
  if (value instanceof Uint8Array) {
    if (looksLikeText(value) !== null) ctx.emit(scope, decodeText(value).text, at);
    return;
  }
  if (typeof value === "object") {
    if (depth >= MAX_NESTING) return ctx.emit(scope, JSON.stringify(value, (_, v: unknown) => (typeof v === "bigint" ? String(v) : v)), at);
    for (const [key, inner] of Object.entries(value)) emitValue(ctx, scope, { ...at, column: `${at.column}.${key}` }, inner, depth + 1);
    return;
  }
  ctx.emit(scope, String(value), at);
}

/**
 * Records as rows of labelled cells (an LDAP export's entries, a contacts file's cards): each
 * record a row, 1-based, each [label, value] a cell under its label; empty values are left out.
 */
export function emitRecords(ctx: Ctx, scope: Scope, records: Iterable<Iterable<[label: string, value: string]>>): void {
  let row = 0;
  for (const record of records) {
    if (++row % 256 === 0) ctx.checkTime();
    for (const [column, value] of record) if (value.trim() !== "") ctx.emit(scope, value, { row, column });
  }
}

/** A text format whose records `cellsOf` reads out of the decoded text, emitted as rows (`emitRecords`). */
export function recordsFormat(kinds: string[], library: string, cellsOf: (text: string) => Iterable<Iterable<[string, string]>>): Format {
  return {
    kinds,
    library,
    async extract(bytes, scope, ctx) {
      emitRecords(ctx, scope, cellsOf(withoutNuls(decodeText(bytes).text)));
    },
  };
}
