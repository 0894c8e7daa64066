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
 */

const WIDE = /[\u00a0\u2007\u202f\uff0d\uff0e\uff10-\uff1a\uff20]|(?<!\\)\\[nrt]/;
const WIDE_ALL = new RegExp(WIDE.source, "g");

function narrow(m: string): string {
  if (m.length === 2) return "  ";
  const c = m.charCodeAt(0);
  if (c === 0xa0 || c === 0x2007 || c === 0x202f) return " ";
  return String.fromCharCode(c - 0xfee0); // (the full-width forms sit 0xFEE0 above ASCII)
}

/** `text` as the detectors read it (the very string when nothing is to fold). */
export function foldForDetection(text: string): string {
  return WIDE.test(text) ? text.replace(WIDE_ALL, narrow) : text;
}
