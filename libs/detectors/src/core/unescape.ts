/**
 * Escaped characters decoded for the detectors, with a map back to the original offsets. Web
 * servers' and proxies' access logs, HAR captures and API logs write personal data escaped, and
 * every pattern missed it there:
 *
 * - percent-escapes of URLs and form bodies (`?email=jane.doe%40gmail.com`, `%2B49+30+1234567`):
 *   UTF-8 byte sequences decoded; `+` is a blank in a URL's query and in a form body
 *   (`name=John+Smith&…`) that hold an escape or two pairs at least (`…&iban=SI21+8448+…`: what
 *   a browser writes when no character needed escaping), never in a path; an escaped `&` in
 *   them stays escaped (`password=ab12%26cd34`: decoded, it ended the value early); a URL's
 *   authority (`//user:p%40ss@host`) is left as it is, for the credential detectors read it as
 *   a URL;
 * - JSON's and JavaScript's `\uXXXX` (`"jane\u0040gmail.com"`, Python's `"M\u00fcller"`), a pair
 *   of surrogates as one character;
 * - HTML's numeric character references left in text that is not read as HTML (`jane&#64;…`,
 *   `O&#39;Brien` in a JSON export of a CMS's pages).
 *
 * A blank for an escaped tab, line feed or carriage return (as fold.ts does for `\n`) and for a
 * character that would change the text's structure for the readers of records (`"`, `\`, `<`,
 * `>`). Left as they are: an escape of invalid UTF-8 or of a lone surrogate, another control
 * character, and a percent-escape of an ASCII letter or digit, which no encoder writes: "30%30"
 * in prose is no "300". One pass: "%2540" becomes "%40", not "@".
 */

/** Whether a text may hold an escape: the cheap test (most texts have none). */
export const ESCAPE = /%[0-9A-Fa-f]{2}|\\u[0-9A-Fa-f]{4}|&#(?:[0-9]{1,7}|[xX][0-9A-Fa-f]{1,6});/;

/** A pair after the first of a query or a form body (`&iban=`): where `+` may be a blank without any escape. */
export const NEXT_PAIR = /&[A-Za-z0-9_.\-[\]]+=/g;

/** Whether a text may hold an escape, or a `+` that may be a blank in a query or form body with two pairs. */
export function mayUnescape(text: string): boolean {
  if (ESCAPE.test(text)) return true;
  if (!text.includes("+")) return false;
  NEXT_PAIR.lastIndex = 0;
  return NEXT_PAIR.test(text);
}

/** Runs of percent-escapes, runs of `\u` escapes (not after a backslash: `\\u0040` is text), one character reference. */
const ESCAPES = /(?:%[0-9A-Fa-f]{2})+|(?<!\\)(?:\\u[0-9A-Fa-f]{4})+|&#(?:([0-9]{1,7})|[xX]([0-9A-Fa-f]{1,6}));/g;

/** A text with its escapes decoded: where each of its characters starts and ends in the original. */
export interface Unescaped {
  text: string;
  /** The original offset of each character (and of the text's end: length + 1 entries). */
  start: Int32Array;
  /** The original offset right after each character. */
  end: Int32Array;
}

/** One replacement: the original span [at, to) becomes `by`. */
interface Edit {
  at: number;
  to: number;
  by: string;
}

/** What an escaped code point is decoded to, or null to leave the escape as it is (`inPairs`: a percent-escape in a query or form body). */
function decodedChar(cp: number, percent: boolean, inPairs = false): string | null {
  if (cp === 0x09 || cp === 0x0a || cp === 0x0d) return " ";
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return null;
  // (a blank for a character that would change the structure records are read by: `%22` in a
  // JSON string's URL would end the string; in a SCIM filter, `eq%20%22jane%40x.org%22`, a blank
  // separates as the quote did)
  if (cp === 0x22 || cp === 0x5c || cp === 0x3c || cp === 0x3e) return " "; // " \ < >
  // (an encoder escapes no ASCII letter or digit)
  if (percent && ((cp >= 0x30 && cp <= 0x39) || ((cp | 0x20) >= 0x61 && (cp | 0x20) <= 0x7a))) return null;
  // (an "&" in a value would end it for every reader of pairs)
  if (inPairs && cp === 0x26) return null;
  return String.fromCodePoint(cp);
}

const hex = (text: string, at: number, n: number) => parseInt(text.slice(at, at + n), 16);

/** The edits of a run of percent-escapes [s, e): UTF-8 sequences decoded, invalid bytes left escaped. Returns whether any was decoded. */
function percentRun(text: string, s: number, e: number, edits: Edit[], inPairs: boolean): boolean {
  const n = (e - s) / 3;
  const bytes = new Array<number>(n);
  for (let i = 0; i < n; i++) bytes[i] = hex(text, s + 3 * i + 1, 2);
  let any = false;
  for (let i = 0; i < n; ) {
    const b = bytes[i]!;
    let len = 0;
    let cp = 0;
    if (b < 0x80) [len, cp] = [1, b];
    else if (b >= 0xc2 && b <= 0xdf) [len, cp] = [2, b & 0x1f];
    else if (b >= 0xe0 && b <= 0xef) [len, cp] = [3, b & 0x0f];
    else if (b >= 0xf0 && b <= 0xf4) [len, cp] = [4, b & 0x07];
    let ok = len > 0 && i + len <= n;
    for (let k = 1; ok && k < len; k++) {
      const c = bytes[i + k]!;
      if ((c & 0xc0) !== 0x80) ok = false;
      else cp = (cp << 6) | (c & 0x3f);
    }
    // (overlong forms, which a decoder refuses; surrogates and beyond U+10FFFF are refused by decodedChar)
    if (ok && ((len === 3 && cp < 0x800) || (len === 4 && cp < 0x10000))) ok = false;
    const ch = ok ? decodedChar(cp, true, inPairs) : null;
    if (ch === null) {
      i++;
      continue;
    }
    edits.push({ at: s + 3 * i, to: s + 3 * (i + len), by: ch });
    any = true;
    i += len;
  }
  return any;
}

/** The edits of a run of `\uXXXX` escapes [s, e), a high and a low surrogate as one character. */
function unicodeRun(text: string, s: number, e: number, edits: Edit[]): void {
  for (let at = s; at < e; ) {
    const u = hex(text, at + 2, 4);
    const v = at + 6 < e ? hex(text, at + 8, 4) : -1;
    const pair = u >= 0xd800 && u <= 0xdbff && v >= 0xdc00 && v <= 0xdfff;
    const ch = decodedChar(pair ? 0x10000 + ((u - 0xd800) << 10) + (v - 0xdc00) : u, false);
    const to = at + (pair ? 12 : 6);
    if (ch !== null) edits.push({ at, to, by: ch });
    at = ch === null ? at + 6 : to;
  }
}

/** A character that ends a URL written in text: a blank, a quote, an angle bracket, a backslash, anything beyond ASCII. */
function endsUrl(c: number): boolean {
  return c <= 0x20 || c >= 0x7f || c === 0x22 || c === 0x27 || c === 0x3c || c === 0x3e || c === 0x5c || c === 0x60 || c === 0x7b || c === 0x7d || c === 0x7c || c === 0x5e;
}

/** A form body's first key: `name=…`. */
const FORM_KEY = /[A-Za-z0-9_.\-[\]]+=/y;

/** A URL-like run of characters (a URL, a form body): its end, where `+` is a blank in it, and its authority. */
interface UrlRun {
  end: number;
  /** The query (after "?", up to "#"), or the whole run when it is a form body (it starts with `key=`); empty in others. */
  plusFrom: number;
  plusTo: number;
  /**
   * The authority after "//" (`user:p%40ss@host`): its escapes are left as they are, since a
   * decoded "@", ":" or "/" there would break the URL the credential detectors read.
   */
  authFrom: number;
  authTo: number;
}

/** The URL-like run of characters around `at`. */
function urlRun(text: string, at: number): UrlRun {
  let ts = at;
  while (ts > 0 && !endsUrl(text.charCodeAt(ts - 1))) ts--;
  let te = at;
  while (te < text.length && !endsUrl(text.charCodeAt(te))) te++;
  const run: UrlRun = { end: te, plusFrom: 0, plusTo: 0, authFrom: 0, authTo: 0 };
  const token = text.slice(ts, te);
  const q = token.indexOf("?");
  const h = token.indexOf("#");
  const slashes = token.indexOf("//");
  if (slashes >= 0 && (q < 0 || slashes < q) && (h < 0 || slashes < h)) {
    const after = token.slice(slashes + 2).search(/[/?#]/);
    run.authFrom = ts + slashes + 2;
    run.authTo = after < 0 ? te : run.authFrom + after;
  }
  if (q >= 0) {
    // (a "?" in the fragment opens no query)
    if (h < 0 || q < h) [run.plusFrom, run.plusTo] = [ts + q + 1, h > q ? ts + h : te];
  } else {
    FORM_KEY.lastIndex = ts;
    if (FORM_KEY.test(text) && FORM_KEY.lastIndex <= te) [run.plusFrom, run.plusTo] = [ts, te];
  }
  return run;
}

/** `text` with its escapes decoded (see above), or null when none is to decode. */
export function unescapeForDetection(text: string): Unescaped | null {
  const edits: Edit[] = [];
  /** The queries and form bodies (by where they start) whose `+` were read as blanks. */
  const plusesRead = new Set<number>();
  const readPluses = (run: UrlRun) => {
    if (plusesRead.has(run.plusFrom)) return;
    plusesRead.add(run.plusFrom);
    for (let i = run.plusFrom; i < run.plusTo; i++) if (text.charCodeAt(i) === 0x2b) edits.push({ at: i, to: i + 1, by: " " });
  };
  /** The URL-like run of the last escape or pair looked at. */
  let run: UrlRun | null = null;
  const runAt = (at: number) => (run === null || at >= run.end ? (run = urlRun(text, at)) : run);
  // (a query or form body with two pairs: its `+` are blanks, whether or not an escape is in it)
  if (text.includes("+")) {
    for (const m of text.matchAll(NEXT_PAIR)) {
      const r = runAt(m.index);
      if (m.index > r.plusFrom && m.index < r.plusTo) readPluses(r);
    }
    run = null;
  }
  for (const m of text.matchAll(ESCAPES)) {
    const s = m.index;
    const e = s + m[0].length;
    const c = text.charCodeAt(s);
    if (c === 0x25) {
      // "%": the run's `+` become blanks in a query or a form body, once per run, when an escape in it decodes
      const r = runAt(s);
      if (s >= r.authFrom && s < r.authTo) continue;
      if (percentRun(text, s, e, edits, s >= r.plusFrom && s < r.plusTo)) readPluses(r);
    } else if (c === 0x5c) unicodeRun(text, s, e, edits);
    else {
      const cp = m[1] !== undefined ? parseInt(m[1], 10) : parseInt(m[2]!, 16);
      const ch = decodedChar(cp, false);
      if (ch !== null) edits.push({ at: s, to: e, by: ch });
    }
  }
  if (edits.length === 0) return null;
  edits.sort((a, b) => a.at - b.at);
  let length = text.length;
  for (const d of edits) length += d.by.length - (d.to - d.at);
  const parts: string[] = [];
  const start = new Int32Array(length + 1);
  const end = new Int32Array(length);
  let o = 0;
  let from = 0;
  const copy = (to: number) => {
    for (let i = from; i < to; i++, o++) {
      start[o] = i;
      end[o] = i + 1;
    }
    parts.push(text.slice(from, to));
  };
  for (const d of edits) {
    copy(d.at);
    parts.push(d.by);
    for (let k = 0; k < d.by.length; k++, o++) {
      start[o] = d.at;
      end[o] = d.to;
    }
    from = d.to;
  }
  copy(text.length);
  start[length] = text.length;
  return { text: parts.join(""), start, end };
}
