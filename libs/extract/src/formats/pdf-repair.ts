/**
 * A PDF cut short (a download or a copy that stopped) has lost its end: its cross-reference table
 * or stream, and its trailer, which names the document's catalog. pdf.js rebuilds a lost table by
 * scanning the file for objects, but it finds no catalog without a trailer ("Invalid PDF
 * structure"), none when the catalog is packed in an object stream (PDF 1.5 and later: pdf-lib,
 * Acrobat), whose objects its scan does not see, and a linearized file sends it to the
 * first page's own table first. `mendCutPdf` puts an end back: a cross-reference stream of every
 * object the file still holds, plain ones by their offset and packed ones by their stream and
 * index, that names the catalog (the last one written, plainly or packed), and the `startxref`
 * that points to it.
 */
import { constants, inflateSync } from "node:zlib";

/** The mended file and its catalog's object. */
export interface Mended {
  bytes: Uint8Array;
  catalog: string;
}

/** An object's header (not inside a number or a name: after a blank or at the start). */
const OBJECT = /(?<![^\s])(\d+)\s+(\d+)\s+obj\b/g;
/** An object with a stream: its header, its dictionary, where its data starts. */
const STREAM_OBJECT = /(?<![^\s])(\d+)\s+\d+\s+obj\s*<<((?:(?!>>\s*stream)[^]){0,1000})>>\s*stream\r?\n/g;

/** The file with an end put back; null when it has its end (an end-of-file marker in its last KiB) or holds no catalog and no page. */
export function mendCutPdf(bytes: Uint8Array): Mended | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.subarray(Math.max(0, b.byteLength - 1024)).includes("%%EOF")) return null;
  const text = b.toString("latin1");
  // Every object still there: packed ones (type 2: stream, index), then plain ones (type 1: offset),
  // which win; with the text of each, to find the catalog and the pages.
  const entries = new Map<number, [type: number, field2: number, field3: number]>();
  const bodies = new Map<number, string>();
  for (const m of text.matchAll(STREAM_OBJECT)) {
    const dict = m[2]!;
    if (!/\/Type\s*\/ObjStm\b/.test(dict)) continue;
    const packed = objectStream(b, text, m.index + m[0].length, dict);
    if (packed === null) continue;
    packed.forEach(([num, body], index) => {
      entries.set(num, [2, Number(m[1]), index]);
      bodies.set(num, body);
    });
  }
  const plain = [...text.matchAll(OBJECT)];
  plain.forEach((m, i) => {
    entries.set(Number(m[1]), [1, m.index, Number(m[2])]);
    // (an object's dictionary: its first 2,000 characters are enough to tell its type)
    bodies.set(Number(m[1]), text.slice(m.index + m[0].length, Math.min(plain[i + 1]?.index ?? text.length, m.index + m[0].length + 2000)));
  });
  let catalog: number | null = null;
  const pages: number[] = [];
  for (const [num, body] of bodies) {
    const dict = body.split(/\bendobj\b|\bstream\r?\n/)[0]!;
    if (/\/Type\s*\/Catalog\b/.test(dict)) catalog = num;
    else if (/\/Type\s*\/Page\b(?!s)/.test(dict)) pages.push(num);
  }
  if (catalog === null && pages.length === 0) return null;
  // A catalog whose page tree came after the cut (a linearized file writes it last) is no way to
  // the pages left: a new catalog lists them.
  const tree = catalog === null ? null : /\/Pages\s+(\d+)\s+\d+\s+R/.exec(bodies.get(catalog)!);
  const extra: string[] = [];
  let root = catalog!;
  // (a loop, not Math.max(...keys): a file of 150,000 objects is no call's arguments)
  let self = 0;
  for (const n of entries.keys()) if (n > self) self = n;
  self += 1;
  if (catalog === null || tree === null || !entries.has(Number(tree[1]))) {
    if (pages.length === 0) return null;
    pages.sort((x, y) => x - y);
    root = self + 1;
    extra.push(`${self} 0 obj\n<< /Type /Pages /Kids [${pages.map((n) => `${n} 0 R`).join(" ")}] /Count ${pages.length} >>\nendobj\n`, `${root} 0 obj\n<< /Type /Catalog /Pages ${self} 0 R >>\nendobj\n`);
    self += 2;
  }
  // (a dangling stream or object closed first: the cut may fall inside one)
  let at = b.byteLength + "\nendstream\nendobj\n".length;
  let appended = "\nendstream\nendobj\n";
  for (const [i, obj] of extra.entries()) {
    entries.set(self - extra.length + i, [1, at, 0]);
    appended += obj;
    at += obj.length;
  }
  entries.set(self, [1, at, 0]);
  const size = self + 1;
  // /W [1 4 2]: a type byte, a 4-byte offset or stream number, a 2-byte generation or index
  const data = Buffer.alloc(size * 7);
  for (const [num, [type, f2, f3]] of entries) {
    data.writeUInt8(type, num * 7);
    data.writeUInt32BE(f2 >>> 0, num * 7 + 1);
    data.writeUInt16BE(f3 & 0xffff, num * 7 + 5);
  }
  const head = Buffer.from(`${appended}${self} 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 2] /Root ${root} 0 R /Length ${data.byteLength} >>\nstream\n`, "latin1");
  const tail = Buffer.from(`\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`, "latin1");
  const out = Buffer.concat([b, head, data, tail]);
  // A linearized file's first object sends pdf.js to the first page's own table, not to the end:
  // its key renamed (same length, every offset kept), the file is read as any other.
  const linearized = out.subarray(0, 1024).indexOf("/Linearized");
  if (linearized >= 0) out.write("/XLinearize", linearized, "latin1");
  return { bytes: out, catalog: extra.length ? `${root} 0 (new, over the ${pages.length} page${pages.length === 1 ? "" : "s"} left)` : `${root} 0` };
}

const OBJECT_STREAM_MAX = 16 * 1024 * 1024;

/** The objects packed in an object stream (Flate only), as [number, text]; null when it cannot be read. */
function objectStream(b: Buffer, text: string, start: number, dict: string): Array<[number, string]> | null {
  if (!/\/Filter\s*\/FlateDecode\b/.test(dict) || /\/DecodeParms/.test(dict)) return null;
  const first = Number(/\/First\s+(\d+)/.exec(dict)?.[1]);
  const n = Number(/\/N\s+(\d+)/.exec(dict)?.[1]);
  const end = text.indexOf("endstream", start);
  if (!(first > 0) || !(n > 0) || end < 0) return null;
  let data: Buffer;
  try {
    // (an object stream holds dictionaries: past this it is a bomb, not a catalog's list)
    data = inflateSync(b.subarray(start, end), { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: OBJECT_STREAM_MAX });
  } catch {
    return null;
  }
  const head = data.subarray(0, first).toString("latin1").trim().split(/\s+/).map(Number);
  if (head.length < 2 * n || head.some((x) => !Number.isInteger(x))) return null;
  const body = data.toString("latin1");
  return Array.from({ length: n }, (_, i) => [head[2 * i]!, body.slice(first + head[2 * i + 1]!, i + 1 < n ? first + head[2 * i + 3]! : body.length)] as [number, string]);
}
