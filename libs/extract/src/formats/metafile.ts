/**
 * Windows metafiles: EMF (and EMF+) and WMF, the vector pictures Office keeps for a pasted chart
 * or diagram, a Visio drawing or an embedded file's icon and its label ("salaries 2024.xlsx").
 * They were `unsupported`, and inside a document never opened. Their text is in their drawing
 * records, read as [MS-EMF], [MS-EMFPLUS] and [MS-WMF] lay them out:
 *
 *  - EMF: records of a 32-bit type and size. EMR_EXTTEXTOUTW (84) and EMR_EXTTEXTOUTA (83)
 *    hold a bounding rectangle, and an EMRTEXT with the reference point, the character count
 *    and the string's offset in the record; EMR_SMALLTEXTOUT (108) holds its string after a
 *    rectangle (absent with ETO_NO_RECT), in 8 bits with ETO_SMALL_CHARS. An EMF+ picture's
 *    records ride in EMR_COMMENT records marked "EMF+"; its EmfPlusDrawString (0x401C) strings
 *    are read only when the picture has no EMF text (a dual picture draws everything twice).
 *  - WMF (after an optional placeable header): records of a 32-bit size in 16-bit words and a
 *    16-bit function; META_TEXTOUT (0x0521) and META_EXTTEXTOUT (0x0A32) hold 8-bit strings in
 *    the code page of the font last created (META_CREATEFONTINDIRECT's character set).
 *
 * Runs are joined as drawn: a run on the line of the one before (their boxes overlap
 * vertically, or their reference points share a baseline) follows it, touching it when the
 * boxes touch ("next" "-" "generation"), after a blank otherwise; any other run starts a line.
 */
import iconv from "iconv-lite";
import { childPath, childScope, type Ctx, type Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { emitChunks } from "./text.ts";

const EMF_SIGNATURE = 0x464d4520; // " EMF"
const EMF_PLUS = 0x2b464d45; // "EMF+"
const WMF_PLACEABLE = 0x9ac6cdd7;
const ETO_NO_RECT = 0x100;
const ETO_SMALL_CHARS = 0x200;
const ETO_OPAQUE = 0x2;
const ETO_CLIPPED = 0x4;

/** Code pages of the GDI character sets a WMF font names (ANSI and the rest by default). */
const CODE_PAGES = new Map<number, string>([
  [128, "cp932"], [129, "cp949"], [134, "cp936"], [136, "cp950"], [161, "cp1253"], [162, "cp1254"], [163, "cp1258"],
  [177, "cp1255"], [178, "cp1256"], [186, "cp1257"], [204, "cp1251"], [222, "cp874"], [238, "cp1250"],
]);

/** One drawn string: its box when the file gives one, else its reference point (top = bottom = y). */
interface Run {
  text: string;
  left: number;
  top: number;
  right: number | null;
  bottom: number;
}

export function isEmf(b: Uint8Array): boolean {
  if (b.byteLength < 88) return false;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return v.getUint32(0, true) === 1 && v.getUint32(40, true) === EMF_SIGNATURE;
}

export function isWmf(b: Uint8Array): boolean {
  if (b.byteLength < 18) return false;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (v.getUint32(0, true) === WMF_PLACEABLE) return true;
  const type = v.getUint16(0, true);
  const version = v.getUint16(4, true);
  return (type === 1 || type === 2) && v.getUint16(2, true) === 9 && (version === 0x0100 || version === 0x0300);
}

const ansi = (b: Uint8Array) => iconv.decode(Buffer.from(b.buffer, b.byteOffset, b.byteLength), "cp1252");
const utf16 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("utf16le");

/** A rectangle that says nothing (GDI writes {0, 0, -1, -1} when it did not compute one). */
const emptyBox = (l: number, t: number, r: number, btm: number) => r < l || btm < t || (l === 0 && t === 0 && r === 0 && btm === 0);

/** The strings an EMF picture draws, in order. */
function emfRuns(b: Uint8Array, ctx: Ctx): Run[] {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const runs: Run[] = [];
  const plus: Run[] = [];
  for (let at = 0, n = 0; at + 8 <= b.byteLength; n++) {
    if ((n & 0x3ff) === 0) ctx.checkTime();
    const type = v.getUint32(at, true);
    const size = v.getUint32(at + 4, true);
    if (size < 8 || size % 4 !== 0 || at + size > b.byteLength) break; // (a cut or damaged tail: what came before stands)
    const rec = b.subarray(at, at + size);
    const r = new DataView(rec.buffer, rec.byteOffset, rec.byteLength);
    if ((type === 83 || type === 84) && size >= 76) {
      const chars = r.getUint32(44, true);
      const offset = r.getUint32(48, true);
      const bytes = type === 84 ? chars * 2 : chars;
      if (chars > 0 && offset >= 76 && offset + bytes <= size) {
        const text = type === 84 ? utf16(rec.subarray(offset, offset + bytes)) : ansi(rec.subarray(offset, offset + bytes));
        const [l, t, rt, btm] = [r.getInt32(8, true), r.getInt32(12, true), r.getInt32(16, true), r.getInt32(20, true)];
        const x = r.getInt32(36, true);
        const y = r.getInt32(40, true);
        runs.push(emptyBox(l, t, rt, btm) ? { text, left: x, top: y, right: null, bottom: y } : { text, left: l, top: t, right: rt, bottom: btm });
      }
    } else if (type === 108 && size >= 36) {
      const chars = r.getUint32(16, true);
      const options = r.getUint32(20, true);
      const start = options & ETO_NO_RECT ? 36 : 52;
      const bytes = options & ETO_SMALL_CHARS ? chars : chars * 2;
      if (chars > 0 && start + bytes <= size) {
        const s = rec.subarray(start, start + bytes);
        const y = r.getInt32(12, true);
        runs.push({ text: options & ETO_SMALL_CHARS ? ansi(s) : utf16(s), left: r.getInt32(8, true), top: y, right: null, bottom: y });
      }
    } else if (type === 70 && size >= 16 && r.getUint32(12, true) === EMF_PLUS) {
      for (const s of emfPlusStrings(rec.subarray(16, Math.min(size, 12 + r.getUint32(8, true))))) plus.push(s);
    }
    at += size;
  }
  return runs.length ? runs : plus;
}

/** The strings of EmfPlusDrawString records in one EMR_COMMENT's EMF+ records. */
function emfPlusStrings(b: Uint8Array): Run[] {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const out: Run[] = [];
  for (let at = 0; at + 12 <= b.byteLength; ) {
    const type = v.getUint16(at, true);
    const size = v.getUint32(at + 4, true);
    if (size < 12 || at + size > b.byteLength) break;
    if (type === 0x401c && size >= 40) {
      const chars = v.getUint32(at + 20, true);
      const [x, y, w, h] = [v.getFloat32(at + 24, true), v.getFloat32(at + 28, true), v.getFloat32(at + 32, true), v.getFloat32(at + 36, true)];
      if (chars > 0 && 40 + chars * 2 <= size) out.push({ text: utf16(b.subarray(at + 40, at + 40 + chars * 2)), left: x, top: y, right: w > 0 ? x + w : null, bottom: y + Math.max(0, h) });
    }
    at += size;
  }
  return out;
}

/** The strings a WMF picture draws, in order. */
function wmfRuns(b: Uint8Array, ctx: Ctx): Run[] {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let at = v.getUint32(0, true) === WMF_PLACEABLE ? 22 : 0;
  if (at + 18 > b.byteLength) return [];
  at += v.getUint16(at + 2, true) * 2; // the header's size, in words (9)
  const runs: Run[] = [];
  let codePage = "cp1252";
  for (let n = 0; at + 6 <= b.byteLength; n++) {
    if ((n & 0x3ff) === 0) ctx.checkTime();
    const size = v.getUint32(at, true) * 2;
    const fn = v.getUint16(at + 4, true);
    if (size < 6 || at + size > b.byteLength || fn === 0) break; // (META_EOF, or a cut or damaged tail)
    const rec = b.subarray(at + 6, at + size);
    const r = new DataView(rec.buffer, rec.byteOffset, rec.byteLength);
    if (fn === 0x02fb && rec.byteLength >= 14) {
      codePage = CODE_PAGES.get(rec[13]!) ?? "cp1252";
    } else if (fn === 0x0521 && rec.byteLength >= 2) {
      const length = r.getUint16(0, true);
      const end = 2 + length + (length % 2);
      if (length > 0 && end + 4 <= rec.byteLength) {
        const y = r.getInt16(end, true);
        runs.push({ text: iconv.decode(Buffer.from(rec.subarray(2, 2 + length)), codePage), left: r.getInt16(end + 2, true), top: y, right: null, bottom: y });
      }
    } else if (fn === 0x0a32 && rec.byteLength >= 8) {
      const y = r.getInt16(0, true);
      const x = r.getInt16(2, true);
      const length = r.getUint16(4, true);
      const start = 8 + (r.getUint16(6, true) & (ETO_OPAQUE | ETO_CLIPPED) ? 8 : 0);
      if (length > 0 && start + length <= rec.byteLength) {
        const text = iconv.decode(Buffer.from(rec.subarray(start, start + length)), codePage);
        // (the advances after the string, when present, say where it ends)
        const dx = start + length + (length % 2);
        let right: number | null = null;
        if (dx + length * 2 <= rec.byteLength) {
          right = x;
          for (let i = 0; i < length; i++) right += r.getInt16(dx + i * 2, true);
        }
        runs.push({ text, left: x, top: y, right, bottom: y });
      }
    }
    at += size;
  }
  return runs;
}

/** The runs as lines: a run on the previous run's line follows it (touching, or after a blank). */
export function joinRuns(runs: readonly Run[]): string {
  let out = "";
  let prev: Run | null = null;
  for (const run of runs) {
    // (the NULs a writer pads with, and any other control character, are no text)
    const text = Array.from(run.text, (ch) => (ch.charCodeAt(0) < 0x20 && ch !== "\t" ? "" : ch)).join("");
    if (!text) continue;
    if (prev !== null) {
      const overlap = Math.min(prev.bottom, run.bottom) - Math.max(prev.top, run.top);
      const sameLine = prev.top === prev.bottom || run.top === run.bottom ? prev.bottom === run.bottom : overlap * 2 >= Math.min(prev.bottom - prev.top, run.bottom - run.top);
      const touching = prev.right !== null && run.left >= prev.right - 1 && run.left - prev.right <= 1;
      out += !sameLine ? "\n" : touching || /\s$/.test(out) ? "" : " ";
    }
    out += text;
    prev = run;
  }
  return out;
}

/** The text of an EMF or WMF picture. */
export function metafileText(b: Uint8Array, kind: "emf" | "wmf", ctx: Ctx): string {
  return joinRuns(kind === "emf" ? emfRuns(b, ctx) : wmfRuns(b, ctx));
}

const GDIC = 0x43494447; // "GDIC": a public comment
const MULTIFORMATS = 0x40000004;
const PDF_SIGNATURE = 0x50444620; // "%PDF" read as a little-endian number

/**
 * The PDFs an EMF carries in EMR_COMMENT_MULTIFORMATS records ([MS-EMF] 2.3.3.4.3: "GDIC", the
 * comment's type, an output rectangle, then formats of a signature, a version, the data's size
 * and its offset from the comment's identifier). Office for the Mac keeps a PDF inserted into a
 * document so, the EMF drawing its first page (Tika's `testEXCEL_embeddedPDF_mac.xls`).
 */
export function emfPdfs(b: Uint8Array): Uint8Array[] {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const out: Uint8Array[] = [];
  for (let at = 0; at + 8 <= b.byteLength; ) {
    const type = v.getUint32(at, true);
    const size = v.getUint32(at + 4, true);
    if (size < 8 || size % 4 !== 0 || at + size > b.byteLength) break;
    if (type === 70 && size >= 40 && v.getUint32(at + 12, true) === GDIC && v.getUint32(at + 16, true) === MULTIFORMATS) {
      const count = v.getUint32(at + 36, true);
      for (let i = 0, f = at + 40; i < count && f + 16 <= at + size; i++, f += 16) {
        const start = at + 12 + v.getUint32(f + 12, true);
        const end = start + v.getUint32(f + 8, true);
        if (v.getUint32(f, true) === PDF_SIGNATURE && end <= at + size) out.push(b.subarray(start, end));
      }
    }
    at += size;
  }
  return out;
}

export const metafileFormat: Format = {
  kinds: ["emf", "wmf"],
  library: "built-in (EMF, EMF+ and WMF records)",
  async extract(bytes: Uint8Array, scope: Scope, ctx: Ctx, info) {
    // An EMF that carries the PDF it draws is read as that PDF, a member `drawing.pdf`, with its
    // pages and properties; the drawing, a page of it, is not read twice.
    const pdfs = info.kind === "wmf" ? [] : emfPdfs(bytes);
    if (pdfs.length === 0) {
      emitChunks(ctx, scope, metafileText(bytes, info.kind === "wmf" ? "wmf" : "emf", ctx));
      return;
    }
    for (const [i, pdf] of pdfs.entries()) {
      const name = pdfs.length === 1 ? "drawing.pdf" : `drawing ${i + 1}.pdf`;
      if (!ctx.takeEntry(childPath(scope, name))) return;
      await ctx.recurse(pdf, name, childScope(scope, name));
    }
  },
};
