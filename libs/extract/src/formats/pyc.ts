/**
 * Python bytecode (`.pyc`, as `__pycache__` holds beside every module a server ran, and as
 * applications are shipped without their source). It was `unsupported`, though a compiled
 * module keeps every string literal of its source: a database URL with its password, an API
 * key, a fixture of names and addresses. Read here (no npm library reads Python's marshal
 * format): the header, whose magic number gives the Python version, then the module's code
 * object, and of it and of every function and class code object it nests, the constants
 * (`co_consts`) that are text, in order: string literals and docstrings, and byte strings that
 * are printable text. Names of variables, functions and attributes are not read (identifiers,
 * no one's data), nor the bytecode.
 *
 * The marshal format (CPython's Python/marshal.c) is a type byte, its 0x80 bit asking for the
 * object to be remembered for back references (`r` and an index), and the object's bytes: an
 * int32 or a byte for a length, UTF-8 or ASCII for text. A code object's fields are the
 * version's: a few int32s, then objects, consts the second of them. Python 3.0 to 3.14+ are read;
 * a file cut short or with an unknown type byte is `corrupt`, with what was read before kept.
 */
import type { Format } from "../format.ts";
import { emitChunks } from "./text.ts";

/** How deeply objects may nest (tuples in tuples, functions in classes in functions …). */
const MAX_DEPTH = 200;

/** The layout of a Python version's code objects: its int32 fields before the objects, its object fields (consts is the second), and the int32 between them (firstlineno) after `beforeLine` objects. */
interface Layout {
  ints: number;
  beforeLine: number;
  afterLine: number;
}

/**
 * The header's length and the code objects' layout for a magic number (its first two bytes,
 * little-endian; the next two are "\r\n"), or null when it is no Python 3 one.
 * - 3.0–3.2 (3000–3189): an 8-byte header (magic, mtime);
 * - 3.3–3.6 (3190–3389): 12 bytes (magic, mtime, source size);
 * - 3.7 and later (3390–): 16 bytes (magic, flags, mtime and size or a hash).
 * Code objects: up to 3.7, argcount, kwonlyargcount, nlocals, stacksize, flags; 3.8–3.10 add
 * posonlyargcount; then code, consts, names, varnames, freevars, cellvars, filename, name,
 * firstlineno, lnotab. From 3.11 (3450–): argcount, posonlyargcount, kwonlyargcount, stacksize,
 * flags; code, consts, names, localsplusnames, localspluskinds, filename, name, qualname,
 * firstlineno, linetable, exceptiontable.
 */
export function pycLayout(b: Uint8Array): { header: number; layout: Layout } | null {
  if (b.length < 16 || b[2] !== 0x0d || b[3] !== 0x0a) return null;
  const magic = b[0]! | (b[1]! << 8);
  if (magic < 3000 || magic >= 4000) return null;
  const header = magic < 3190 ? 8 : magic < 3390 ? 12 : 16;
  if (magic < 3400) return { header, layout: { ints: 5, beforeLine: 8, afterLine: 1 } };
  if (magic < 3450) return { header, layout: { ints: 6, beforeLine: 8, afterLine: 1 } };
  return { header, layout: { ints: 5, beforeLine: 8, afterLine: 2 } };
}

/** A code object: its text constants are taken as it is read. */
const CODE = Symbol("code object");

/** The data is no marshalled object: cut short, an unknown type byte, a reference to nothing, nested too deep. */
class Malformed extends Error {}

/** Reads one marshalled object after another from `b`. */
class Reader {
  at: number;
  /** The text constants read so far, each once, in the order their code objects end (a function's before its module's). */
  readonly texts = new Set<string>();
  /** The tuples already walked for text: back references may share one many times over (a tuple of two references to a tuple of two references …). */
  private readonly walked = new Set<unknown[]>();
  private readonly refs: unknown[] = [];
  private readonly view: DataView;
  private readonly utf8 = new TextDecoder("utf-8");
  private readonly b: Uint8Array;
  private readonly layout: Layout;
  private readonly tick: () => void;

  constructor(b: Uint8Array, at: number, layout: Layout, tick: () => void) {
    this.b = b;
    this.at = at;
    this.layout = layout;
    this.tick = tick;
    this.view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  }

  private need(n: number): void {
    if (n < 0 || this.at + n > this.b.length) throw new Malformed(`the marshalled data is cut short at byte ${this.at}`);
  }

  private byte(): number {
    this.need(1);
    return this.b[this.at++]!;
  }

  private int32(): number {
    this.need(4);
    const v = this.view.getInt32(this.at, true);
    this.at += 4;
    return v;
  }

  private bytes(n: number): Uint8Array {
    this.need(n);
    const out = this.b.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }

  /** A count of objects that follow, each at least a byte: no more than the bytes left. */
  private count(n: number): number {
    this.need(n);
    return n;
  }

  private many(n: number, depth: number): unknown[] {
    const out: unknown[] = [];
    for (let i = 0; i < n; i++) out.push(this.object(depth + 1));
    return out;
  }

  object(depth = 0): unknown {
    if (depth > MAX_DEPTH) throw new Malformed(`objects nested over ${MAX_DEPTH} deep`);
    const code = this.byte();
    const type = String.fromCharCode(code & 0x7f);
    // (with the 0x80 bit, the object takes the next slot for back references, before its parts)
    const slot = code & 0x80 && type !== "r" ? this.refs.push(undefined) - 1 : -1;
    const v = this.value(type, depth);
    if (slot >= 0) this.refs[slot] = v;
    return v;
  }

  private value(type: string, depth: number): unknown {
    switch (type) {
      case "0":
      case "N":
      case "F":
      case "T":
      case "S":
      case ".":
        return null;
      case "i":
        return this.int32();
      case "I":
        return this.bytes(8) && null;
      case "g":
        return this.bytes(8) && null;
      case "y":
        return this.bytes(16) && null;
      case "f":
        return this.bytes(this.byte()) && null;
      case "x":
        this.bytes(this.byte());
        return this.bytes(this.byte()) && null;
      case "l":
        // (a long: its count of 15-bit digits, signed, then two bytes each)
        return this.bytes(Math.abs(this.int32()) * 2) && null;
      case "s":
        return this.bytes(this.int32()); // bytes (the bytecode too)
      case "t":
      case "u":
        return this.utf8.decode(this.bytes(this.int32()));
      case "a":
      case "A":
        return Buffer.from(this.bytes(this.int32())).toString("latin1");
      case "z":
      case "Z":
        return Buffer.from(this.bytes(this.byte())).toString("latin1");
      case "(":
      case "[":
      case "<":
      case ">":
        return this.many(this.count(this.int32()), depth);
      case ")":
        return this.many(this.byte(), depth);
      case "{": {
        const out: unknown[] = [];
        for (let i = 0; ; i++) {
          if (i % 256 === 0) this.tick();
          if (this.b[this.at] === 0x30) {
            this.at++; // ("0", the end of a dict)
            return out;
          }
          out.push(this.object(depth + 1), this.object(depth + 1));
        }
      }
      case "r": {
        const i = this.int32();
        if (i < 0 || i >= this.refs.length) throw new Malformed(`a back reference to object ${i} of ${this.refs.length}`);
        return this.refs[i];
      }
      case "c": {
        this.tick();
        for (let i = 0; i < this.layout.ints; i++) this.int32();
        this.object(depth + 1); // the bytecode
        constTexts(this.object(depth + 1), this.texts, this.walked);
        for (let i = 2; i < this.layout.beforeLine; i++) this.object(depth + 1);
        this.int32(); // firstlineno
        for (let i = 0; i < this.layout.afterLine; i++) this.object(depth + 1);
        return CODE;
      }
      default:
        throw new Malformed(`an unknown marshal type ${JSON.stringify(type)} at byte ${this.at - 1}`);
    }
  }
}

/** Printable text: no control character but tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

/** The text among a code object's constants (strings, printable byte strings, in tuples and frozensets); a nested code object has taken its own. */
function constTexts(v: unknown, out: Set<string>, walked: Set<unknown[]>): void {
  if (Array.isArray(v)) {
    if (walked.has(v)) return;
    walked.add(v);
    for (const x of v) constTexts(x, out, walked);
  } else if (typeof v === "string") {
    if (v.trim() !== "") out.add(v);
  } else if (v instanceof Uint8Array) {
    const t = Buffer.from(v).toString("utf8");
    if (t.trim() !== "" && !CONTROL.test(t) && !t.includes("\uFFFD")) out.add(t);
  }
}

/**
 * The text constants of a .pyc file: its code objects' string literals and docstrings, each
 * once; with `error`, why the reading stopped before the end (what was read before is kept).
 */
export function pycStrings(b: Uint8Array, tick: () => void = () => {}): { texts: string[]; error: string | null } {
  const found = pycLayout(b);
  if (found === null) throw new Error("pyc: no Python 3 magic number");
  const reader = new Reader(b, found.header, found.layout, tick);
  try {
    reader.object();
    return { texts: [...reader.texts], error: null };
  } catch (e) {
    if (!(e instanceof Malformed)) throw e;
    return { texts: [...reader.texts], error: e.message };
  }
}

export const pycFormat: Format = {
  kinds: ["pyc"],
  library: "read here (CPython's marshal format)",
  async extract(bytes, scope, ctx) {
    const { texts, error } = pycStrings(bytes, () => ctx.checkTime());
    // (one literal a paragraph, as a Java class's: a literal is no label of the next)
    emitChunks(ctx, scope, texts.join("\n\n"));
    if (error !== null) ctx.reason("corrupt", `pyc: ${error}`, scope.path);
  },
};
