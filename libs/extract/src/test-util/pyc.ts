/**
 * Python bytecode files for the specs, marshalled here as CPython's marshal.c writes them: a
 * header for the version's magic number, then a module's code object. Only what the reader
 * looks at is real (types, lengths, references, the code objects' fields); the bytecode is a
 * few arbitrary bytes.
 */

/** A value to marshal: text, bytes, numbers, tuples, frozensets, code objects, a back reference. */
export type PyValue =
  | string
  | Uint8Array
  | number
  | bigint
  | null
  | { tuple: PyValue[] }
  | { frozenset: PyValue[] }
  | { code: { consts: PyValue[]; names?: string[] } }
  | { ref: number }
  | { remember: PyValue };

/** Magic numbers of a few versions (the first two bytes of the file, little-endian). */
export const MAGIC = { "3.5": 3351, "3.7": 3394, "3.8": 3413, "3.10": 3439, "3.12": 3531 } as const;

const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32LE(n);
  return b;
};

function marshal(v: PyValue, version: keyof typeof MAGIC, flag = 0): Buffer {
  const t = (c: string) => Buffer.from([c.charCodeAt(0) | flag]);
  const m = (x: PyValue) => marshal(x, version);
  if (v === null) return t("N");
  if (typeof v === "string") {
    const utf8 = Buffer.from(v, "utf8");
    // (ASCII as short ASCII, as CPython writes it; anything else as UTF-8)
    if (/^[\x20-\x7e]*$/.test(v) && utf8.length < 256) return Buffer.concat([t("z"), Buffer.from([utf8.length]), utf8]);
    return Buffer.concat([t("u"), int32(utf8.length), utf8]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([t("s"), int32(v.length), v]);
  if (typeof v === "number") return Number.isInteger(v) ? Buffer.concat([t("i"), int32(v)]) : Buffer.concat([t("g"), Buffer.alloc(8)]);
  if (typeof v === "bigint") return Buffer.concat([t("l"), int32(3), Buffer.alloc(6)]);
  if ("tuple" in v) return Buffer.concat([t("("), int32(v.tuple.length), ...v.tuple.map(m)]);
  if ("frozenset" in v) return Buffer.concat([t(">"), int32(v.frozenset.length), ...v.frozenset.map(m)]);
  if ("ref" in v) return Buffer.concat([Buffer.from("r"), int32(v.ref)]);
  if ("remember" in v) return marshal(v.remember, version, 0x80);
  const names = { tuple: (v.code.names ?? []).map((n) => n) };
  const bytecode = Buffer.from([0x64, 0x00, 0x53, 0x00]);
  const empty = { tuple: [] };
  const old = version === "3.5" || version === "3.7";
  const ints = version === "3.12" ? [0, 0, 0, 2, 0] : old ? [0, 0, 0, 2, 0] : [0, 0, 0, 0, 2, 0];
  const objects: PyValue[] =
    version === "3.12"
      ? [bytecode, { tuple: v.code.consts }, names, empty, new Uint8Array(0), "<string>", "<module>", "<module>"]
      : [bytecode, { tuple: v.code.consts }, names, empty, empty, empty, "<string>", "<module>"];
  const after: PyValue[] = version === "3.12" ? [new Uint8Array(2), new Uint8Array(0)] : [new Uint8Array(2)];
  return Buffer.concat([t("c"), ...ints.map(int32), ...objects.map(m), int32(1), ...after.map(m)]);
}

/** A .pyc of `version` whose module's code object holds `consts` (and `names`). */
export function makePyc(version: keyof typeof MAGIC, consts: PyValue[], names: string[] = []): Buffer {
  const magic = Buffer.from([MAGIC[version] & 0xff, MAGIC[version] >> 8, 0x0d, 0x0a]);
  const header = version === "3.5" ? Buffer.concat([magic, Buffer.alloc(8)]) : Buffer.concat([magic, Buffer.alloc(12)]);
  return Buffer.concat([header, marshal({ code: { consts, names } }, version, 0x80)]);
}
