/**
 * What the detectors read: a text with the spellings of separators and digits that patterns do
 * not know folded to the ASCII ones they do, one UTF-16 unit for one (or two for two), so every
 * offset stays the offset in the original text.
 *
 * - No-break spaces (U+00A0, U+2007 figure space, U+202F narrow) → a blank: French typography and
 *   HTML (`&nbsp;`) group IBANs, cards and phone numbers with them ("FR76 3000 6000 …").
 * - Full-width digits and `－ ＠ ． ：` → ASCII: Japanese, Chinese and Korean forms write numbers
 *   so ("マイナンバー：４９３８２７１６０５５１").
 * - A JSON or C string's escaped line break or tab (`\n`, `\r`, `\t`, not after another
 *   backslash) → two blanks: in a log line `"SSN:\n536-22-1234"` the "n" glued to the number hid
 *   it from every pattern that wants no letter before it.
 *
 * And two folds that change offsets, so they come with a map back (`origin`, `originEnd`):
 * escapes decoded (`unescape.ts`: `%40` in a URL's query, `\u0040` in a JSON string, `&#64;`),
 * before everything else; invisible characters inside a number or a word (`joinAcross`).
 */
import { ESCAPE, NEXT_PAIR, mayUnescape, unescapeForDetection } from "./unescape.ts";

const WIDE = /[\u00a0\u2007\u202f\uff0d\uff0e\uff10-\uff1a\uff20]|(?<!\\)\\[nrt]/;
const WIDE_ALL = new RegExp(WIDE.source, "g");
/** Invisible characters: soft hyphen, zero-width space, non-joiner and joiner, word joiner, BOM. */
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/;
const INVISIBLE_RUNS = /[\u00ad\u200b-\u200d\u2060\ufeff]+/g;
/** Anything a fold has to do. */
const SPECIAL = new RegExp(`${WIDE.source}|${INVISIBLE.source}|${ESCAPE.source}|${NEXT_PAIR.source}`);
/** A character an invisible one is taken out from between: a digit, a Latin letter, or one of . @ _ - */
const JOINS = /[0-9.@_\-\p{Script=Latin}]/u;

function narrow(m: string): string {
  if (m.length === 2) return "  ";
  const c = m.charCodeAt(0);
  if (c === 0xa0 || c === 0x2007 || c === 0x202f) return " ";
  return String.fromCharCode(c - 0xfee0); // (the full-width forms sit 0xFEE0 above ASCII)
}

/** A text as the detectors read it, and where each of its characters is in the original. */
export interface Folded {
  text: string;
  /**
   * The original offset of each character of `text` (and of its end), when escapes were decoded
   * or invisible characters taken out; null when every offset is the original's.
   */
  origin: Int32Array | null;
  /**
   * The original offset right after each character of `text`, when a character stands for
   * several (a decoded escape: `@` for `%40`); null when each stands for one (its end is
   * `origin[i] + 1`).
   */
  originEnd: Int32Array | null;
}

/** `text` as the detectors read it (the very string when nothing is to fold). */
export function foldForDetection(text: string): Folded {
  if (!SPECIAL.test(text)) return { text, origin: null, originEnd: null };
  const decoded = mayUnescape(text) ? unescapeForDetection(text) : null;
  const plain = decoded === null ? text : decoded.text;
  const folded = WIDE.test(plain) ? plain.replace(WIDE_ALL, narrow) : plain;
  const joined = INVISIBLE.test(folded) ? joinAcross(folded) : { text: folded, origin: null, originEnd: null };
  if (decoded === null) return joined;
  // (the decoded text's map composed with the join's)
  const n = joined.text.length;
  const origin = new Int32Array(n + 1);
  const originEnd = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const d = joined.origin === null ? i : joined.origin[i]!;
    origin[i] = decoded.start[d]!;
    originEnd[i] = decoded.end[d]!;
  }
  origin[n] = text.length;
  return { text: joined.text, origin, originEnd };
}

/** Where a span [start, end) of the folded text lies in the original text. */
export function originalSpan(f: Pick<Folded, "origin" | "originEnd">, start: number, end: number): [number, number] {
  if (f.origin === null) return [start, end];
  return [f.origin[start]!, f.originEnd === null ? f.origin[end - 1]! + 1 : f.originEnd[end - 1]!];
}

/**
 * Invisible characters taken out from between two digits or Latin letters (or . @ _ -): Word's
 * optional hyphen and HTML's `&shy;` (U+00AD), `<wbr>` and PDF text layers' zero-width space
 * (U+200B), the joiners and word joiner (U+200C, U+200D, U+2060), a BOM left inside a text
 * (U+FEFF). Zero-width spaces between the groups of a card number hid it (and an SSN's), and a
 * soft hyphen in "john.smith@gmail.com" made it "hn.smith@gmail.com". Elsewhere they stay: Thai
 * and Khmer mark word breaks with U+200B, and a word break is no join.
 */
function joinAcross(text: string): Folded {
  const parts: string[] = [];
  const removed: Array<[number, number]> = [];
  let from = 0;
  for (const m of text.matchAll(INVISIBLE_RUNS)) {
    const before = text[m.index - 1];
    const after = text[m.index + m[0].length];
    if (before === undefined || after === undefined || !JOINS.test(before) || !JOINS.test(after)) continue;
    parts.push(text.slice(from, m.index));
    removed.push([m.index, m[0].length]);
    from = m.index + m[0].length;
  }
  if (removed.length === 0) return { text, origin: null, originEnd: null };
  parts.push(text.slice(from));
  const out = parts.join("");
  const origin = new Int32Array(out.length + 1);
  let o = 0;
  let r = 0;
  for (let i = 0; i <= out.length; i++, o++) {
    while (r < removed.length && removed[r]![0] === o) o += removed[r++]![1];
    origin[i] = o;
  }
  return { text: out, origin, originEnd: null };
}
