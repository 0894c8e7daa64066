/**
 * The check a whole MaxMind DB file passes before it is swapped in. mmdb-lib checks nothing
 * as it decodes: a length that runs past its record reads the bytes after it (garbage in
 * `country.names.en`), an unknown type throws in the middle of a request ("Unknown type 92"),
 * a pointer cycle overflows the stack. Probing one address at load caught a truncated tree
 * but not a damaged record, so such a file was swapped in and then answered 500 or garbage.
 *
 * Checked: each record of each node is a node, "empty" or a pointer into the data section, and
 * each data record they point at decodes: known types, the sizes each type allows, every
 * length and pointer inside the data section, map keys that are strings, no pointer to a
 * pointer, no cycle, nesting at most 512 deep (libmaxminddb's rules). Not checked: that
 * strings are UTF-8 (mmdb-lib replaces a bad byte; refusing a whole file for one is worse).
 *
 * Cost: one pass over the tree and one walk over each distinct record and pointer target (a
 * bitmap marks those done), without building JavaScript values. It yields to the event loop
 * every few milliseconds, so a reload does not stall the lookups the old file still answers.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { readRecord, type Tree } from "./tree.ts";

const METADATA_MARKER = Buffer.from("abcdef4d61784d696e642e636f6d", "hex");
const MAX_DEPTH = 512;
const POINTER = 1;
const STRING = 2;
const MAP = 7;
const ARRAY = 11;
const BOOLEAN = 14;
/** Payload sizes of the number types: [least, most] bytes. */
const NUMBER_SIZES: Record<number, [number, number]> = { 3: [8, 8], 5: [0, 2], 6: [0, 4], 8: [0, 4], 9: [0, 8], 10: [0, 16], 15: [4, 4] };
/** Bytes (4) and string (2): any size. Container (12) and end marker (13) never occur in data. */
const KNOWN = new Set([STRING, 3, 4, 5, 6, MAP, 8, 9, 10, ARRAY, BOOLEAN, 15]);

/** Throws, naming the first fault, unless every node and every record it reaches is well formed. */
export async function checkMmdb(t: Tree & { nodeCount: number }, yieldMs = 10): Promise<void> {
  const start = t.nodeCount * t.nodeBytes + 16;
  const end = t.buf.lastIndexOf(METADATA_MARKER);
  if (end < start) throw new Error("no data section between the search tree and the metadata");
  const data = new DataSection(t.buf, start, end - start);
  let turn = performance.now();
  for (let node = 0; node < t.nodeCount; node++) {
    checkRecord(t.nodeCount, data, node, readRecord(t, node, 0));
    checkRecord(t.nodeCount, data, node, readRecord(t, node, 1));
    if ((node & 0xfff) === 0 && performance.now() - turn > yieldMs) {
      await nextTurn();
      turn = performance.now();
    }
  }
}

function checkRecord(nodeCount: number, data: DataSection, node: number, record: number): void {
  if (record <= nodeCount) return; // a node, or "empty"
  const off = record - nodeCount - 16;
  if (off < 0 || off >= data.size) throw new Error(`node ${node} points outside the data section (record ${record})`);
  data.record(off);
}

class DataSection {
  readonly size: number;
  private readonly buf: Buffer;
  private readonly start: number;
  /** A bit per offset: the value there was checked. */
  private readonly done: Uint8Array;
  /** Pointer targets being checked (a pointer back to one is a cycle). */
  private readonly open = new Set<number>();

  constructor(buf: Buffer, start: number, size: number) {
    this.buf = buf;
    this.start = start;
    this.size = size;
    this.done = new Uint8Array((size >> 3) + 1);
  }

  /** Checks the record at `off` unless it was. */
  record(off: number): void {
    if (this.isDone(off)) return;
    this.value(off, 0);
    this.markDone(off);
  }

  /** Checks the value at `off`; returns the offset after it. */
  private value(off: number, depth: number): number {
    if (depth > MAX_DEPTH) throw fault(off, `values nested deeper than ${MAX_DEPTH}`);
    const ctrl = this.byte(off);
    let type = ctrl >> 5;
    if (type === POINTER) return this.pointer(off, ctrl, depth);
    let p = off + 1;
    if (type === 0) type = 7 + this.byte(p++);
    if (!KNOWN.has(type)) throw fault(off, `unknown type ${type}`);
    let size = ctrl & 0x1f;
    if (size >= 29) {
      // 1, 2 or 3 more bytes, added to 29, 285 or 65,821
      const extra = size - 28;
      let n = 0;
      for (let i = 0; i < extra; i++) n = n * 256 + this.byte(p++);
      size = [29, 285, 65_821][extra - 1]! + n;
    }
    if (type === MAP) {
      for (let i = 0; i < size; i++) p = this.value(this.key(p), depth + 1);
      return p;
    }
    if (type === ARRAY) {
      for (let i = 0; i < size; i++) p = this.value(p, depth + 1);
      return p;
    }
    if (type === BOOLEAN) {
      if (size > 1) throw fault(off, `a boolean of size ${size}`);
      return p;
    }
    const range = NUMBER_SIZES[type];
    if (range && (size < range[0] || size > range[1])) throw fault(off, `a number of type ${type} with ${size} bytes`);
    if (p + size > this.size) throw fault(off, `a value of ${size} bytes runs past the end of the data section`);
    return p + size;
  }

  /** Checks a map key (a string, or a pointer to one); returns the offset after it. */
  private key(off: number): number {
    const ctrl = this.byte(off);
    const at = ctrl >> 5 === POINTER ? this.target(off, ctrl)[0] : off;
    if (this.byte(at) >> 5 !== STRING) throw fault(off, "a map key that is not a string");
    return this.value(off, 0);
  }

  private pointer(off: number, ctrl: number, depth: number): number {
    const [to, next] = this.target(off, ctrl);
    if (this.byte(to) >> 5 === POINTER) throw fault(off, "a pointer to a pointer");
    if (!this.isDone(to)) {
      if (this.open.has(to)) throw fault(off, `a pointer cycle through ${to}`);
      this.open.add(to);
      this.value(to, depth + 1);
      this.open.delete(to);
      this.markDone(to);
    }
    return next;
  }

  /** A pointer's target and the offset after the pointer (the format's four pointer sizes). */
  private target(off: number, ctrl: number): [number, number] {
    const n = (ctrl >> 3) & 3;
    let v = n === 3 ? 0 : ctrl & 7;
    for (let i = 1; i <= n + 1; i++) v = v * 256 + this.byte(off + i);
    const to = v + [0, 2048, 526_336, 0][n]!;
    if (to >= this.size) throw fault(off, `a pointer to ${to}, outside the data section`);
    return [to, off + n + 2];
  }

  private byte(off: number): number {
    if (off >= this.size) throw fault(off, "a value runs past the end of the data section");
    return this.buf[this.start + off]!;
  }

  private isDone(off: number): boolean {
    return (this.done[off >> 3]! & (1 << (off & 7))) !== 0;
  }

  private markDone(off: number): void {
    this.done[off >> 3]! |= 1 << (off & 7);
  }
}

function fault(off: number, what: string): Error {
  return new Error(`data section offset ${off}: ${what}`);
}
