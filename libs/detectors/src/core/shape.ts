/**
 * Shapes of a matched value that say it is something else than the identifier it resembles,
 * whatever its check digit says (one in 11 or 23 random values passes a check letter).
 */
import { nextFeed, prevFeed } from "./lines.ts";

/** Letters of both cases ("T8169345a" of "T8169345a.java"): an identifier is written in one case. */
export function mixedCase(value: string): boolean {
  return /[a-z]/.test(value) && /[A-Z]/.test(value);
}

/**
 * Lower-case hexadecimal with a digit and a letter, unspaced ("2315785f", "bc899650c"): an
 * abbreviated commit or a hash, as changelogs and logs are full of.
 */
export function lowerHexHash(value: string): boolean {
  return /^[0-9a-f-]+$/.test(value) && /[a-f]/.test(value) && /[0-9]/.test(value);
}

/** The first `n` primes. */
function primes(n: number): number[] {
  const out: number[] = [];
  for (let k = 2; out.length < n; k++) if (out.every((p) => k % p !== 0)) out.push(k);
  return out;
}

/** The integer `k`-th root of a big integer (Newton's method, rounded down). */
function iroot(n: bigint, k: bigint): bigint {
  let x = 1n << (BigInt(n.toString(2).length) / k + 1n);
  for (;;) {
    const y = ((k - 1n) * x + n / x ** (k - 1n)) / k;
    if (y >= x) return x;
    x = y;
  }
}

/** The first 64 bits of the fractional part of the `k`-th root of p, exactly. */
const frac64 = (p: number, k: bigint) => iroot(BigInt(p) << (64n * k), k) & ((1n << 64n) - 1n);

/**
 * Constants every bundled hash implementation spells out in decimal: MD5's and SHA-1's initial
 * values and SHA-1's round constants, MD5's sine table (floor(|sin(i)|·2³²), RFC 1321), the
 * SHA-2 family's initial values and round constants (the fractional parts of the square and cube
 * roots of the first primes, FIPS 180-4: SHA-512's 64-bit words as their two 32-bit halves,
 * which also give SHA-256's and SHA-224's), each also as the magnitude of its signed 32-bit form
 * (`-680876936` is 0xd76aa478); and powers of two and their predecessors from 2²⁰ to 2⁶⁴
 * (`{length: 4294967296}`, MAX_SAFE_INTEGER). Minified
 * JavaScript is full of them, and they pass for SSNs, NPIs, phone and licence numbers.
 */
export const HASH_CONSTANTS: ReadonlySet<string> = (() => {
  const words = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0, 0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6, 2 ** 32 + 1];
  for (let i = 1; i <= 64; i++) words.push(Math.floor(Math.abs(Math.sin(i)) * 2 ** 32));
  const ps = primes(80);
  const sha2 = [...ps.slice(0, 16).map((p) => frac64(p, 2n)), ...ps.map((p) => frac64(p, 3n))];
  for (const w of sha2) words.push(Number(w >> 32n), Number(w & 0xffffffffn));
  const out = new Set<string>();
  for (let k = 20n; k <= 64n; k++) out.add(String(1n << k)).add(String((1n << k) - 1n));
  for (const w of words) {
    out.add(String(w));
    if (w >= 2 ** 31) out.add(String(2 ** 32 - w));
  }
  return out;
})();

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * Whether a number of 15 digits or more is a constant of code written in decimal: a power of two
 * near it, a mask, a float's boundary (2251799813685251 = 2⁵¹ + 3, 2251797666199552 = 2⁵¹ − 2³¹ −
 * 2¹¹, as Go's math tests and assembler tests write them). Its bits come in at most 8 runs of
 * ones and zeros; a random number of that length (a card's, an account's) comes in ~26, and in 8
 * or fewer once in 20 million.
 */
export function bitConstant(digits: string): boolean {
  if (digits.length < 15) return false;
  let n = BigInt(digits);
  let runs = 1;
  let last = n & 1n;
  for (n >>= 1n; n > 0n; n >>= 1n) {
    const bit = n & 1n;
    if (bit !== last && ++runs > 8) return false;
    last = bit;
  }
  return true;
}

/** A minus sign where code writes a negative number: after an assignment, an opening bracket or a comma. */
const NEGATIVE_BEFORE = /(?:[=([,:]\s*|\$)-$/;

/**
 * Whether the digits at [start, end) are numbers of code, not identifiers: a well-known hash
 * constant, an element of a comma-separated array of numbers ("…,1294757372,1396182291,…",
 * "new tr(96652208,967058379)", one to a line in pretty-printed JSON), or
 * either part of a decimal number ("-.4435068666934967", "1624912434.431"), or a negative
 * number after an assignment, a bracket or a comma ("Final = -2144272312"), an assembler's
 * immediate ("$2251799813685248", "$-2251797666199552"), or the ciphertext an obfuscated script
 * decodes with a key of random letters beside it (a phishing mail's attached JavaScript:
 * `of("520668444578", "j2PvvNsMTBscSqSf")`, an Aadhaar by its check digit). Only runs of digits
 * alone are judged.
 */
export function numericNoise(text: string, start: number, end: number): boolean {
  if (end - start < 6 || end - start > 20) return false;
  for (let i = start; i < end; i++) if (!isDigit(text.charCodeAt(i))) return false;
  if (HASH_CONSTANTS.has(text.slice(start, end))) return true;
  const prev = text.charCodeAt(start - 1);
  if (prev === 46 /* . */) {
    const p2 = text.charCodeAt(start - 2);
    if (isDigit(p2) || p2 === 45 /* - */ || p2 === 40 /* ( */) return true;
  }
  const next = text.charCodeAt(end);
  if (prev === 36 /* $ */) return true;
  // a negative number of code: "ERROR_CLIP_LICENSE_EXPIRED: Final = -1058406395", "(-2144272312,"
  if (prev === 45 /* - */ && NEGATIVE_BEFORE.test(text.slice(Math.max(0, start - 4), start))) return true;
  // the whole part of a decimal number ("lastUpdatedTime": 1624912434.431, an amount's 12345678.50)
  if (next === 46 /* . */ && isDigit(text.charCodeAt(end + 1)) && !isDigit(prev) && prev !== 46) return true;
  // ",N," between numbers, and the first or last of numbers in parentheses: "new tr(96652208,967058379)"
  const commaBefore = prev === 44 /* , */ && isDigit(text.charCodeAt(start - 2));
  const commaAfter = next === 44 && isDigit(text.charCodeAt(end + 1));
  if ((commaBefore && (commaAfter || next === 41)) /* ) */ || (commaAfter && prev === 40) /* ( */) return true;
  // an obfuscated script's ciphertext beside its key: `of("520668444578", "j2PvvNsMTBscSqSf")`
  if (prev === 34 /* " */ && next === 34 && CIPHER_CALL_BEFORE.test(text.slice(Math.max(0, start - 40), start))) {
    const key = CIPHER_KEY_AFTER.exec(text.slice(end, end + 80));
    if (key && mixedCase(key[1]!) && /\d/.test(key[1]!)) return true;
  }
  // the same laid out one to a line, as pretty-printed JSON writes an array of numbers:
  // "[\n    337184279,\n    337184283\n]"
  const before = blankBefore(text, start);
  const after = blankAfter(text, end);
  if (before === start && after === end) return false;
  const p = text.charCodeAt(before - 1);
  const n = text.charCodeAt(after);
  const listBefore = (p === 44 && isDigit(text.charCodeAt(blankBefore(text, before - 1) - 1))) || p === 91; /* , [ */
  const listAfter = (n === 44 && isDigit(text.charCodeAt(blankAfter(text, after + 1)))) || n === 93; /* , ] */
  return listBefore && listAfter && !(p === 91 && n === 93);
}

/** A call's first argument opening: `of("`, `_0x3f2a("`. */
const CIPHER_CALL_BEFORE = /[\w$]\(\s*"$/;
/** The call's next argument, a string of letters and digits closing it: `", "j2PvvNsMTBscSqSf")`. */
const CIPHER_KEY_AFTER = /^"\s*,\s*"([A-Za-z0-9]{8,})"\s*\)/;

/** Where the blanks (spaces, tabs, line ends; at most 40) before `at` start. */
function blankBefore(text: string, at: number): number {
  let i = at;
  while (i > 0 && at - i < 40 && /[ \t\r\n]/.test(text[i - 1]!)) i--;
  return i;
}

/** Where the blanks (at most 40) after `at` end. */
function blankAfter(text: string, at: number): number {
  let i = at;
  while (i < text.length && i - at < 40 && /[ \t\r\n]/.test(text[i]!)) i++;
  return i;
}

const HEX_TOKEN = /^(?:[0-9A-F]{2,8}|[0-9a-f]{2,8})$/;
const isWordChar = (c: number) => isDigit(c) || ((c | 32) >= 97 && (c | 32) <= 122) || c === 95;

/** The token of letters and digits that ends right before `at`, after at most two blanks (tab or space). */
function tokenBefore(text: string, at: number): string {
  let e = at;
  while (e > 0 && at - e < 2 && (text[e - 1] === " " || text[e - 1] === "\t")) e--;
  if (e === at) return "";
  let s = e;
  while (s > 0 && e - s <= 8 && isWordChar(text.charCodeAt(s - 1))) s--;
  return text.slice(s, e);
}

/** The token that starts right after `at`, after at most two blanks. */
function tokenAfter(text: string, at: number): string {
  let s = at;
  while (s < text.length && s - at < 2 && (text[s] === " " || text[s] === "\t")) s++;
  if (s === at) return "";
  let e = s;
  while (e < text.length && e - s <= 8 && isWordChar(text.charCodeAt(e))) e++;
  return text.slice(s, e);
}

/** A hexadecimal number written with both digits and letters, in one case ("52FD", "1e0"). */
const hexWithLetters = (t: string) => HEX_TOKEN.test(t) && /[0-9]/.test(t) && /[a-fA-F]/.test(t);

/**
 * Whether the value at [start, end) stands in a list of hexadecimal numbers (code points in a
 * Unicode table, "52FD 52FE 5211 5212 5213 5214", "1E0\t\t0226 0304"): next to a token that is
 * one, with letters and digits, with only blanks between. Its digits are hexadecimal numbers
 * that happen to have no letter, not an identifier.
 */
export function inHexList(text: string, start: number, end: number): boolean {
  return hexWithLetters(tokenBefore(text, start)) || hexWithLetters(tokenAfter(text, end));
}

/**
 * Whether the value at [start, end) stands among the bytes of a hex dump line (`hexdump -C`,
 * `xxd`, od, a test vector's "98 5a 7e 01 00 32 5e 95 19 f1 ca 6a 92 16 bd a0"): a line of eight or
 * more bytes written in hexadecimal, two or four digits each, most of its tokens, one with a
 * letter (a row of numbers has none), and the value
 * before the line's text column ("|...16081721523|", which is the bytes as text and is read).
 * "86 bd cf" there is no street address and "02 63 29 59 03" no French phone number.
 */
export function inHexDump(text: string, start: number, end: number): boolean {
  const from = prevFeed(text, start - 1) + 1;
  let to = nextFeed(text, end);
  if (to < 0) to = text.length;
  if (to - from > 200) return false;
  for (let i = from; i < to; i++) {
    if (text.charCodeAt(i) !== 124) continue;
    // the line's text column ("|"): the value must be before it
    if (i < end) return false;
    to = i;
  }
  // (one walk over the line's tokens, without splitting it: asked for every candidate of every detector)
  let tokens = 0;
  let hex = 0;
  let letter = false;
  for (let i = from; i < to; ) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9) {
      i++;
      continue;
    }
    const t = i;
    let lower = 0;
    let upper = 0;
    let other = false;
    for (; i < to; i++) {
      const k = text.charCodeAt(i);
      if (k === 32 || k === 9) break;
      if (k >= 97 && k <= 102) lower++;
      else if (k >= 65 && k <= 70) upper++;
      else if (k < 48 || k > 57) other = true;
    }
    tokens++;
    const n = i - t;
    // a byte or a pair of bytes in hexadecimal, as a dump writes them: two or four digits, one case
    if (!other && (n === 2 || n === 4) && (lower === 0 || upper === 0)) {
      hex++;
      letter ||= lower + upper > 0;
    }
  }
  return hex >= 8 && hex >= tokens * 0.6 && letter;
}

const isUpperHex = (c: number) => isDigit(c) || (c >= 65 && c <= 70);

/**
 * Whether the value at [start, end) is some of the numbers of a longer list: groups of one width
 * apart by single blanks, the value's of digits and the others of digits or upper-case
 * hexadecimal, next to it on either side. It is a list when one of the others has a letter
 * ("620E 620F 6210 6257 6258" of a Unicode table: "6257 6258" looks like a phone number) or when
 * there are at least five groups in all ("8552 8553 8554 8555 8556", of which four may pass Luhn).
 * A card number is four groups; a fifth of the same width next to it makes a list. A value that
 * is its line's whole text is in a list when the line before or after is such a list with a letter.
 */
export function inNumberList(text: string, start: number, end: number): boolean {
  let w = 0;
  while (start + w < end && isDigit(text.charCodeAt(start + w))) w++;
  if (w < 2) return false;
  let groups = 0;
  for (let i = start; ; i += w + 1) {
    for (let k = 0; k < w; k++) if (!isDigit(text.charCodeAt(i + k))) return false;
    groups++;
    if (i + w === end) break;
    const sep = text[i + w];
    if (sep !== " " && sep !== "\t") return false;
  }
  let letters = false;
  /** Whether a group of the list starts at `at` (w digits or upper-case hexadecimal digits). */
  const group = (at: number) => {
    if (at < 0) return false;
    let letter = false;
    for (let k = 0; k < w; k++) {
      const c = text.charCodeAt(at + k);
      if (!isUpperHex(c)) return false;
      if (c >= 65) letter = true;
    }
    if (letter) letters = true;
    return true;
  };
  const blank = (at: number) => text[at] === " " || text[at] === "\t";
  // A group ends at its blanks: "4012-8888-8888-1881 4012 8888 8888 1881" is two card numbers.
  const edge = (at: number) => !isWordChar(text.charCodeAt(at)) && !"-./:,".includes(text[at] ?? " ");
  let more = 0;
  for (let s = start; blank(s - 1) && group(s - w - 1) && edge(s - w - 2); s -= w + 1) more++;
  for (let e = end; blank(e) && group(e + 1) && edge(e + 1 + w); e += w + 1) more++;
  if (more > 0) return letters || groups + more >= 5;
  // The value is its line's whole text: a row of the table whose next or previous row is such a
  // list with a letter ("6794 8951 9414" between "5B1C 85AA 99A8 946B 99AB" and "4F08" in Perl's
  // Pinyin collation table).
  const from = prevFeed(text, start - 1) + 1;
  let to = nextFeed(text, end);
  if (to < 0) to = text.length;
  if (text.slice(from, start).trim() !== "" || text.slice(end, to).trim() !== "") return false;
  const row = (a: number, b: number) => new RegExp(String.raw`^[ \t]*[0-9A-F]{${w}}(?:[ \t][0-9A-F]{${w}})*[ \t]*\r?$`).test(text.slice(a, b)) && /[A-F]/.test(text.slice(a, b));
  const prevFrom = from > 0 ? prevFeed(text, from - 2) + 1 : -1;
  const nextTo = to < text.length ? (nextFeed(text, to + 1) < 0 ? text.length : nextFeed(text, to + 1)) : -1;
  return (prevFrom >= 0 && row(prevFrom, from - 1)) || (nextTo >= 0 && row(to + 1, nextTo));
}

/**
 * Whether the value at [start, end), digit groups apart by blanks, is a stretch of a longer row of
 * numbers: other whole numbers one blank away, one on each side or two on one side ("insert ( 639
 * '~' 11 10 b f f 19 25 16 0 640 79 1818 1824 )" and "insert ( 10507 4611 869 869 11 4636 )" in
 * PostgreSQL's catalogue: "640 79 1818" and "869 11 4636" are SSN-shaped). Where a row of
 * numbers is cut is arbitrary; an identifier is not written with numbers glued to it. One number
 * on one side is not a row ("ids 1234 5678 9012", "2024 030 1234567"), nor is a value of one
 * group (a list of licence numbers, one of Presidio's cases).
 */
export function inNumberRow(text: string, start: number, end: number): boolean {
  let blanks = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) blanks++;
    else if (!isDigit(c)) return false;
  }
  // (a value of one number may be one of a list of them: Presidio's row of licence numbers)
  if (blanks === 0) return false;
  const before = numbersBefore(text, start);
  return before >= 2 || (before === 1 ? numbersAfter(text, end, 1) : numbersAfter(text, end, 2));
}

const blankAt = (text: string, at: number) => text[at] === " " || text[at] === "\t";
/** Whether the character at `at` makes a number beside it part of something longer ("4.2", "v2", "1,5"). */
const gluedAt = (text: string, at: number) => isWordChar(text.charCodeAt(at)) || ".,-/:".includes(text[at] ?? " ");

/** How many whole numbers (up to two) stand before `at`, each one blank before the next. */
function numbersBefore(text: string, at: number): number {
  let n = 0;
  while (n < 2 && blankAt(text, at - 1)) {
    let s = at - 1;
    while (s > 0 && isDigit(text.charCodeAt(s - 1))) s--;
    if (s === at - 1 || (s > 0 && gluedAt(text, s - 1))) break;
    n++;
    at = s;
  }
  return n;
}

/** Whether `want` whole numbers stand after `at`, each one blank after the one before. */
function numbersAfter(text: string, at: number, want: number): boolean {
  for (let n = 0; n < want; n++) {
    if (!blankAt(text, at)) return false;
    let e = at + 1;
    while (e < text.length && isDigit(text.charCodeAt(e))) e++;
    if (e === at + 1 || gluedAt(text, e)) return false;
    at = e;
  }
  return true;
}

/**
 * Whether the value at [start, end), digits and separators only, is a placeholder's digits: nine
 * or more counting up or down ("123456789012", "987654321012", "123456789111"), or blocks of one
 * digit three or more long ("111122223333", "444455556666": AWS's documentation writes account
 * ids so), or two or more long counting up or down ("111-22-3333", pyparsing's example SSN), also
 * written as a phone number ("+12345678900"). Random digits count nine in a row once in four
 * million; an issuer never assigns them.
 */
export function placeholderDigits(text: string, start: number, end: number): boolean {
  let digits = "";
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (isDigit(c)) digits += text[i];
    else if (!" \t.-/+()".includes(text[i]!)) return false;
  }
  if (digits.length < 9) return false;
  let run = 1;
  let step = 0;
  for (let i = 1; i < digits.length; i++) {
    const d = (digits.charCodeAt(i) - digits.charCodeAt(i - 1) + 10) % 10;
    if ((d === 1 || d === 9) && (d === step || run === 1)) run++;
    else run = d === 1 || d === 9 ? 2 : 1;
    step = run > 1 ? d : 0;
    if (run >= 9) return true;
  }
  const blocks = digits.match(/(\d)\1*/g)!;
  if (blocks.length < 3) return false;
  if (blocks.every((b) => b.length >= 3)) return true;
  // blocks of two or more whose digits count up or down ("111-22-3333", "1122334455")
  return blocks.every((b, i) => b.length >= 2 && (i === 0 || Math.abs(b.charCodeAt(0) - blocks[i - 1]!.charCodeAt(0)) === 1));
}

/** An AWS ARN's account field ("arn:aws:iam::867139942017:role/…"): an AWS account, no person's identifier. */
const ARN_BEFORE = /arn:aws[a-z-]*:[a-z0-9-]*:[a-z0-9-]*:$/;

export function inArn(text: string, start: number, end: number): boolean {
  return text[end] === ":" && ARN_BEFORE.test(text.slice(Math.max(0, start - 64), start));
}

/**
 * A tracker's name or a bug word right before the digits: a bug's or an issue's number ("Debian
 * #215805", "rh#519394", "RedHat #1518986", ":bzbug:`678401`", "JDK-8277227", "Closes: #1019937",
 * "bug 422174", Google's "TODO(b/189822916)", a URL's ".../commit/9226322394", "/issues/"), in
 * change logs beside "license" and "permit".
 */
const ISSUE_BEFORE = /\b(?:bugs?|issues?|closes|fix(?:es|ed)?|debian|redhat|rh|bz|bzbug|rhbz|lp|gh|gnome|kde|mozilla|pr|merge|tickets?|bsc|boo|jdk)(?::?[ \t]*#[ \t]*|:[ \t]*`?|[ \t]*-|[ \t]+)$|\b(?:b|commits?|issues?|pull|bugs?|show_bug\.cgi\?id=)\/?$/i;

/** Whether the digits at [start, end) are a bug's or an issue's number. */
export function issueNumber(text: string, start: number, end: number): boolean {
  if (end - start > 20) return false;
  for (let i = start; i < end; i++) if (!isDigit(text.charCodeAt(i))) return false;
  return ISSUE_BEFORE.test(text.slice(Math.max(0, start - 16), start));
}

/** Eight digits that are a date, year first, 1900–2099 ("20220521": ncurses's patch dates, a build's). */
export function compactDate(value: string): boolean {
  const m = /^(19|20)\d\d(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/.exec(value);
  return m !== null;
}


/** Whether `start` is in a URL's path or query: its token (back to a blank, quote or bracket) holds "://" or starts "www." before a "/". */
export function inUrlPath(text: string, start: number): boolean {
  let i = start;
  while (i > 0 && i > start - 2048 && !/[\s"'<>()[\]]/.test(text[i - 1]!)) i--;
  const token = text.slice(i, start);
  const slash = token.indexOf("/", token.indexOf("://") + 3);
  return slash >= 0 && (token.includes("://") || /^www\./i.test(token));
}

/**
 * Whether the digits at [start, end) are a whole segment of a URL's path: a page's, a product's or
 * a record's number ("amazon.com/gp/product/1583332049", an ISBN; "/users/4857773456/edit"), no
 * one's identifier written there (a query's value, "?ssn=…", and digits with separators stay).
 */
export function urlSegment(text: string, start: number, end: number): boolean {
  if (text[start - 1] !== "/" || (end < text.length && !/[/?#&;"'<>)\]\s]/.test(text[end]!))) return false;
  for (let i = start; i < end; i++) if (!isDigit(text.charCodeAt(i))) return false;
  return inUrlPath(text, start);
}

/** A colour as CSS and HTML write it: "#" and three, four, six or eight hexadecimal digits ("#BA2121", "#8080800A" with its opacity). */
export function colour(text: string, start: number, end: number): boolean {
  return text[start - 1] === "#" && /^(?:[0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/.test(text.slice(start, end));
}
