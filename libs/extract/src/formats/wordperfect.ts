/**
 * WordPerfect documents: 5.x (DOS, .wp, .wp5, .doc) and 6 and later (Windows, .wpd, .wp6). No npm
 * library reads them, and law firms' and public offices' archives are full of them; they were
 * `unsupported`. Every WordPerfect file starts with a 16-byte prefix: "\xFFWPC", the offset of
 * the document area (32 bits), product type 1, file type 10 for a document, the major version
 * (0 for 5.x, 2 for 6 and later) and the minor, and a 16-bit encryption key (0 when the file has
 * no password). The document area is a stream of characters and function codes, read as the
 * WordPerfect 5.1 and 6.x file format references describe them:
 *
 *  - 5.x: 0x20–0x7E are ASCII; 0x0A (hard return) and 0x0C (hard page) end a line, 0x0B and
 *    0x0D (soft page, soft return) are blanks; 0x80–0xBF are single-byte functions (hard
 *    returns, hard spaces, hard hyphens kept; attributes dropped); 0xC0–0xCF are fixed-length
 *    groups that end with their own code, 0xC0 a character of a WordPerfect character set
 *    (C0, character, set, C0); 0xD0–0xFE are variable-length groups (code, subgroup, length of
 *    the rest, data, length, subgroup, code), skipped whole.
 *  - 6 and later: 0x01–0x20 are the common accented letters, 0x21–0x7E ASCII; 0x80–0xCF are
 *    single-byte functions (0x80 is the space); 0xD0–0xEF variable-length groups (code,
 *    subgroup, length of the whole group, …, length, code), 0xD0 the end of a line or a page;
 *    0xF0 a character of a character set (F0, character, set, F0); 0xF1–0xFE fixed-length groups.
 *
 * A group whose ends do not match is read as a single byte, as a reader of damaged files must.
 * Characters of sets 1 (accented letters and accents) and 4 (quotes, dashes, bullets, currency)
 * are mapped; others become U+FFFD, so a word keeps its place. Headers, footers and notes (kept
 * inside groups in 5.x, in packets before the document area in 6) are not read yet. A document
 * with a password is `encrypted`.
 */
import { Encrypted, type Ctx, type Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { emitChunks } from "./text.ts";

/** Whether the bytes start a WordPerfect document: "\xFFWPC", product 1, file type 10. */
export function isWordPerfect(b: Uint8Array): boolean {
  return b.byteLength >= 16 && b[0] === 0xff && b[1] === 0x57 && b[2] === 0x50 && b[3] === 0x43 && b[8] === 1 && b[9] === 0x0a;
}

/**
 * Character set 1 (multinational) from its start: accents, then accented letters in pairs,
 * capital first. Index 9, "comma above", is how 5.x writes an apostrophe.
 */
const SET1 =
  "\u0300\u00b7\u0303\u0302\u0335\u0338\u0301\u0308\u0304\u2019\u0315\u02bc\u0326\u0315\u00b0\u0307\u030b\u0327\u0328\u030c\u0337\u0305\u0306ß\u0138j" +
  "ÁáÂâÄäÀàÅåÆæÇçÉéÊêËëÈèÍíÎîÏïÌìÑñÓóÔôÖöÒòÚúÛûÜüÙùŸÿÃãĐđØøÕõÝýÐðÞþ";
/** Character set 4 (typographic symbols) from its start. */
const SET4 =
  "●○■•*¶§¡¿«»£¥₧ƒªº½¼¢²ⁿ®©¤¾³‛’‘‟”“–—‹›○□†‡™℠℞●◦■▪□▫‒ﬀﬃﬄﬁﬂ…$₣₢₠₤‚„";
/** 6.x's one-byte accented letters, 0x01–0x20. */
const WP6_LOW = "åÅæÆäÄáàâãÃçÇëéÉèêíñÑøØõÕöÖüÜúùß";

/** Lengths of the fixed-length groups, 0xC0–0xCF (5.x) and 0xF0–0xFE (6.x), both ends included. */
const WP5_FIXED = [4, 9, 11, 3, 3, 5, 6, 7, 4, 5, 6, 6, 8, 10, 10, 12];
const WP6_FIXED = [4, 5, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 8, 8];

/** 5.x's single-byte functions that stand for a line end, a blank or a hyphen; the others are dropped. */
const WP5_SINGLE = new Map<number, string>([
  [0x8c, "\n"], [0x90, " "], [0x99, "\n"], [0x93, " "], [0x94, " "], [0x95, " "], [0xa0, " "], [0xa9, "-"], [0xaa, "-"], [0xab, "-"],
]);
/** 6.x's: spaces, hyphens, hard and deletable returns, table rows, page breaks and soft returns. */
const WP6_SINGLE = new Map<number, string>([[0x80, " "], [0x81, " "], [0x84, "-"], [0x87, "\n"], [0xc6, "\t"]]);
for (let c = 0xb4; c < 0xba; c++) WP6_SINGLE.set(c, "\n");
for (let c = 0xba; c < 0xbd; c++) WP6_SINGLE.set(c, " ");
for (let c = 0xbd; c < 0xc6; c++) WP6_SINGLE.set(c, "\n");
for (let c = 0xc7; c < 0xcd; c++) WP6_SINGLE.set(c, "\n");
for (let c = 0xcd; c < 0xd0; c++) WP6_SINGLE.set(c, " ");
/** Subgroups of 6.x's end-of-line group (0xD0) that wrap a line without breaking it. */
const WP6_SOFT_END = new Set([0x01, 0x02, 0x03, 0x14, 0x15, 0x16]);

/** A character of a WordPerfect character set. */
function setChar(char: number, set: number): string {
  if (set === 0) return char >= 0x20 && char < 0x7f ? String.fromCharCode(char) : "\ufffd";
  const table = set === 1 ? SET1 : set === 4 ? SET4 : "";
  return char < table.length ? table[char]! : "\ufffd";
}

/** The text of a document area in 5.x's codes. */
function wp5Text(b: Uint8Array, start: number, ctx: Ctx): string {
  const out: string[] = [];
  let at = start;
  while (at < b.length) {
    if ((at & 0xffff) === 0) ctx.checkTime();
    const c = b[at]!;
    if (c >= 0x20 && c <= 0x7e) out.push(String.fromCharCode(c));
    else if (c === 0x0a || c === 0x0c) out.push("\n");
    else if (c === 0x0b || c === 0x0d) out.push(" ");
    else if (c >= 0x80 && c <= 0xbf) out.push(WP5_SINGLE.get(c) ?? "");
    else if (c >= 0xc0 && c <= 0xcf) {
      const size = WP5_FIXED[c - 0xc0]!;
      if (at + size <= b.length && b[at + size - 1] === c) {
        if (c === 0xc0) out.push(setChar(b[at + 1]!, b[at + 2]!));
        else if (c === 0xc1 || c === 0xc2) out.push("\t"); // tabs, centring, indents
        at += size;
        continue;
      }
    } else if (c >= 0xd0 && c <= 0xfe && at + 4 <= b.length) {
      const sub = b[at + 1]!;
      const size = b[at + 2]! | (b[at + 3]! << 8);
      const end = at + 4 + size;
      if (size >= 4 && end <= b.length && b[end - 1] === c && b[end - 2] === sub && (b[end - 4]! | (b[end - 3]! << 8)) === size) {
        at = end;
        continue;
      }
    }
    at++;
  }
  return out.join("");
}

/** The text of a document area in 6.x's codes. */
function wp6Text(b: Uint8Array, start: number, ctx: Ctx): string {
  const out: string[] = [];
  let at = start;
  while (at < b.length) {
    if ((at & 0xffff) === 0) ctx.checkTime();
    const c = b[at]!;
    if (c >= 0x01 && c <= 0x20) out.push(WP6_LOW[c - 1]!);
    else if (c >= 0x21 && c <= 0x7e) out.push(String.fromCharCode(c));
    else if (c >= 0x80 && c <= 0xcf) out.push(WP6_SINGLE.get(c) ?? "");
    else if (c >= 0xf0 && c <= 0xfe) {
      const size = WP6_FIXED[c - 0xf0]!;
      if (at + size <= b.length && b[at + size - 1] === c) {
        if (c === 0xf0) out.push(setChar(b[at + 1]!, b[at + 2]!));
        at += size;
        continue;
      }
    } else if (c >= 0xd0 && c <= 0xef && at + 4 <= b.length) {
      const sub = b[at + 1]!;
      const size = b[at + 2]! | (b[at + 3]! << 8);
      const end = at + size;
      if (size >= 7 && end <= b.length && b[end - 1] === c && (b[end - 3]! | (b[end - 2]! << 8)) === size) {
        if (c === 0xd0) out.push(WP6_SOFT_END.has(sub) ? " " : "\n");
        else if (c === 0xe0) out.push("\t"); // tabs and indents
        at = end;
        continue;
      }
    }
    at++;
  }
  return out.join("");
}

/** The text of a WordPerfect document, its lines' trailing blanks removed. */
export function wordPerfectText(b: Uint8Array, ctx: Ctx): string {
  if (!isWordPerfect(b)) throw new Error("wordperfect: no WordPerfect document prefix");
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const start = view.getUint32(4, true);
  const major = b[10]!;
  if (view.getUint16(12, true) !== 0) throw new Encrypted("WordPerfect document protected by a password");
  if (start < 16 || start > b.byteLength) throw new Error(`wordperfect: document area at ${start}, outside the file's ${b.byteLength} bytes`);
  if (major !== 0 && major !== 2) throw new Error(`wordperfect: version ${major}.${b[11]} is not 5.x or 6 and later`);
  const text = major === 0 ? wp5Text(b, start, ctx) : wp6Text(b, start, ctx);
  // (a run of blanks is tried from its first one only: from each of them, a long run not at a
  // line's end was read again to its end, quadratic in its length)
  return text.replace(/(?<![ \t])[ \t]+$/gm, "");
}

export const wordPerfectFormat: Format = {
  kinds: ["wordperfect"],
  library: "built-in (WordPerfect 5.x and 6 file formats)",
  async extract(bytes: Uint8Array, scope: Scope, ctx: Ctx) {
    emitChunks(ctx, scope, wordPerfectText(bytes, ctx));
  },
};
