/**
 * Apple property lists in their binary form (`bplist00`: macOS preferences, an iOS backup's
 * settings, a saved Wi-Fi, VPN or mail account) via @plist/binary.parse, read as the JSON they
 * would be: a dictionary's keys label their values as a JSON file's do (`"IncomingPassword":
 * "…"`), dates in ISO 8601, data only when it is text. (An XML property list is XML: text.ts
 * writes each `<key>` and its value as one line.)
 *
 * The parser follows every reference afresh, so a list whose references loop or share objects
 * until they stand for more than MAX_NODES values (the "billion laughs" of a binary list: each
 * array holding the next one twice) is refused before it is parsed, from its own tables.
 */
import { parse } from "@plist/binary.parse";
import type { Format } from "../format.ts";
import { decodeText, looksLikeText } from "../text-decode.ts";
import { emitChunks } from "./text.ts";

const MAGIC = "bplist0";

/** Whether the bytes are a binary property list ("bplist00", or a later version "bplist0x"). */
export function isBinaryPlist(b: Uint8Array): boolean {
  return b.length >= 40 && Buffer.from(b.buffer, b.byteOffset, 7).toString("latin1") === MAGIC;
}

/** Values a list may stand for once its references are followed (its objects are at most 32,768). */
const MAX_NODES = 1_000_000;

/**
 * How many values the list stands for with its references followed, from its trailer, offset
 * table and containers' references (CFBinaryPList's layout); throws on a loop, a reference or
 * offset out of bounds, or more than MAX_NODES.
 */
export function expandedSize(b: Uint8Array): number {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const t = b.length - 32;
  const offsetSize = b[t + 6]!;
  const refSize = b[t + 7]!;
  const count = Number(v.getBigUint64(t + 8));
  const top = Number(v.getBigUint64(t + 16));
  const table = Number(v.getBigUint64(t + 24));
  const uint = (at: number, size: number): number => {
    if (size < 1 || size > 8 || at + size > t) throw new Error("plist: a reference or offset out of the file");
    let n = 0;
    for (let i = 0; i < size; i++) n = n * 256 + b[at + i]!;
    return n;
  };
  if (count > 32_768 || top >= count || table + count * offsetSize > t) throw new Error("plist: its trailer is damaged");
  const offsets = Array.from({ length: count }, (_, i) => uint(table + i * offsetSize, offsetSize));
  /** A container's references: [first, how many]; null for a value that holds none. */
  const refs = (o: number): [number, number] | null => {
    const at = offsets[o]!;
    if (at >= t) throw new Error("plist: an object out of the file");
    const marker = b[at]!;
    const type = marker >> 4;
    if (type !== 0xa && type !== 0xc && type !== 0xd) return null;
    let n = marker & 0x0f;
    let first = at + 1;
    if (n === 0x0f) {
      const size = 2 ** (b[at + 1]! & 0x0f);
      n = uint(at + 2, size);
      first = at + 2 + size;
    }
    return [first, type === 0xd ? 2 * n : n];
  };
  const size = new Map<number, number>();
  const onPath = new Set<number>();
  const sizeOf = (o: number): number => {
    const known = size.get(o);
    if (known !== undefined) return known;
    if (onPath.has(o)) throw new Error("plist: its references loop");
    onPath.add(o);
    let total = 1;
    const r = refs(o);
    if (r !== null) {
      for (let i = 0; i < r[1]; i++) {
        const child = uint(r[0] + i * refSize, refSize);
        if (child >= count) throw new Error("plist: a reference out of its objects");
        total += sizeOf(child);
        if (total > MAX_NODES) throw new Error(`plist: its references stand for more than ${MAX_NODES} values`);
      }
    }
    onPath.delete(o);
    size.set(o, total);
    return total;
  };
  return sizeOf(top);
}

/** A parsed value as JSON holds it: dates in ISO 8601, big integers as digits, data as its text or left out. */
function jsonValue(_key: string, value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (value instanceof ArrayBuffer) {
    const bytes = new Uint8Array(value);
    return looksLikeText(bytes) !== null ? decodeText(bytes).text : undefined;
  }
  return value;
}

export const plistFormat: Format = {
  kinds: ["plist"],
  library: "@plist/binary.parse",
  async extract(bytes, scope, ctx) {
    expandedSize(bytes);
    // (its own copy: a Buffer's `slice` is a view into a shared pool)
    const value = parse(new Uint8Array(bytes).buffer);
    ctx.checkTime();
    emitChunks(ctx, scope, JSON.stringify(value, jsonValue, 2) ?? "");
  },
};
