/**
 * Context words around a match (Presidio's LemmaContextAwareEnhancer is the idea, without
 * an NLP pipeline): the N words before and after a candidate, lower-cased, with a light
 * plural/possessive stemming, are compared with the detector's context words and phrases.
 */

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-cased words of a text. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(WORD)) out.push(m[0]);
  return out;
}

/** Light stemming so "cards" meets "card" and "card's" meets "card". */
export function stem(w: string): string {
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1);
  return w;
}

/** A context entry compiled once: its word sequence (stemmed). */
export interface ContextTerm {
  term: string;
  seq: string[];
}

export function compileTerms(terms: readonly string[]): ContextTerm[] {
  const seen = new Set<string>();
  const out: ContextTerm[] = [];
  for (const term of terms) {
    const seq = words(term).map(stem);
    const key = seq.join(" ");
    // "ssn", "ssns" and "ssn#" are one term once normalised: report it once.
    if (seq.length === 0 || seen.has(key)) continue;
    seen.add(key);
    out.push({ term, seq });
  }
  return out;
}

const LETTER_OR_NUMBER_AT = /[\p{L}\p{N}]/uy;

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * Is the code point `cp`, at `at` in `text`, a letter or a number (ASCII fast path)? The
 * expression is tried on the text itself: testing `String.fromCodePoint(cp)` instead now and
 * then took a letter outside the BMP ("𝐀") for none once V8's Maglev had compiled windowWords
 * (Node 24.21; about one run of its spec in ten, never with --no-maglev).
 */
function isWordPoint(cp: number, text: string, at: number): boolean {
  if (cp < 128) return (cp >= 48 && cp <= 57) || (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122);
  LETTER_OR_NUMBER_AT.lastIndex = at;
  return LETTER_OR_NUMBER_AT.test(text);
}

/** Code point ending just before `i` (a surrogate pair read as one), and its length. */
function pointBefore(text: string, i: number): [number, number] {
  const lo = text.charCodeAt(i - 1);
  if (lo >= 0xdc00 && lo <= 0xdfff && i >= 2) {
    const hi = text.charCodeAt(i - 2);
    if (hi >= 0xd800 && hi <= 0xdbff) return [((hi - 0xd800) << 10) + (lo - 0xdc00) + 0x10000, 2];
  }
  return [lo, 1];
}

const isBlank = (ch: string | undefined) => ch === " " || ch === "\t" || ch === "\r";

/**
 * Where the window before `start` may begin: `floor`, or just after the last paragraph break
 * (a blank line) between `floor` and `start`. Context does not cross a blank line: a section
 * header below a value ("version = 797 459 772\n\n[contact]") is not the value's context.
 */
export function paragraphFloor(text: string, start: number, floor: number): number {
  // (lastIndexOf with a negative position searches from 0: stop at the floor or the text's start)
  for (let i = start > 0 ? text.lastIndexOf("\n", start - 1) : -1; i >= floor; i = i > 0 ? text.lastIndexOf("\n", i - 1) : -1) {
    let k = i - 1;
    while (k >= floor && isBlank(text[k])) k--;
    if (k >= floor && text[k] === "\n") return i + 1;
  }
  return floor;
}

/** Where the window after `end` must stop: `ceil`, or at the first paragraph break after `end`. */
export function paragraphCeil(text: string, end: number, ceil: number): number {
  for (let i = text.indexOf("\n", end); i >= 0 && i < ceil; i = text.indexOf("\n", i + 1)) {
    let k = i + 1;
    while (k < ceil && isBlank(text[k])) k++;
    if (k < ceil && text[k] === "\n") return i;
  }
  return ceil;
}

/**
 * Words of the window around [start, end): `n` words on each side, lower-cased and stemmed,
 * read no further than max(64, 24·n) characters away and not across a blank line. Scans
 * outwards from the span without slicing or regular expressions: this runs once per
 * candidate, thousands of times per file.
 */
export function windowWords(text: string, start: number, end: number, n: number): string[] {
  if (n <= 0) return [];
  const span = Math.max(64, n * 24);
  const before: string[] = [];
  const floor = paragraphFloor(text, start, Math.max(0, start - span));
  let i = start;
  while (before.length < n && i > floor) {
    // skip separators, then read one word backwards
    let [cp, len] = pointBefore(text, i);
    while (i > floor && !isWordPoint(cp, text, i - len)) {
      i -= len;
      if (i > floor) [cp, len] = pointBefore(text, i);
    }
    if (i <= floor) break;
    const wordEnd = i;
    while (i > floor && isWordPoint(cp, text, i - len)) {
      i -= len;
      if (i > floor) [cp, len] = pointBefore(text, i);
    }
    before.push(stem(text.slice(i, wordEnd).toLowerCase()));
  }
  before.reverse();
  const ceil = paragraphCeil(text, end, Math.min(text.length, end + span));
  let j = end;
  let after = 0;
  while (after < n && j < ceil) {
    let cp = text.codePointAt(j)!;
    while (j < ceil && !isWordPoint(cp, text, j)) {
      j += cp > 0xffff ? 2 : 1;
      if (j < ceil) cp = text.codePointAt(j)!;
    }
    if (j >= ceil) break;
    const wordStart = j;
    while (j < ceil && isWordPoint(cp, text, j)) {
      j += cp > 0xffff ? 2 : 1;
      if (j < ceil) cp = text.codePointAt(j)!;
    }
    before.push(stem(text.slice(wordStart, j).toLowerCase()));
    after++;
  }
  return before;
}

/**
 * The word right before a span on its line, lower-cased and stemmed, when only a short run of
 * label punctuation separates them: "id" in "id=527 703 9934", "order" in "Order #: 1234";
 * "" otherwise. A value's own label; for a span that continues a run of digit groups, the
 * label before the run.
 */
export function labelBefore(text: string, start: number): string {
  let i = start;
  // Past earlier groups of the same run ("5571 " before "3533 4607 1482"): a label is the run's.
  while (i >= 2 && (text[i - 1] === " " || text[i - 1] === "-" || text[i - 1] === ".") && isDigit(text.charCodeAt(i - 2))) {
    i -= 2;
    while (i > 0 && isDigit(text.charCodeAt(i - 1))) i--;
  }
  const valueStart = i;
  while (i > 0 && valueStart - i < 4 && " \t=:#(".includes(text[i - 1]!)) i--; // at most 4: "Order #: 1234"
  const end = i;
  while (i > 0 && isWordPoint(text.charCodeAt(i - 1), text, i - 1)) i--;
  return end > i ? stem(text.slice(i, end).toLowerCase()) : "";
}

/** The same as `windowWords`, by slicing and a regular expression: the reference the spec compares it with. */
export function windowWordsReference(text: string, start: number, end: number, n: number): string[] {
  if (n <= 0) return [];
  const span = Math.max(64, n * 24);
  const before = words(text.slice(paragraphFloor(text, start, Math.max(0, start - span)), start));
  const after = words(text.slice(end, paragraphCeil(text, end, Math.min(text.length, end + span))));
  return [...before.slice(-n), ...after.slice(0, n)].map(stem);
}

function containsSeq(hay: readonly string[], seq: readonly string[]): boolean {
  if (seq.length === 1) return hay.includes(seq[0]!);
  outer: for (let i = 0; i + seq.length <= hay.length; i++) {
    for (let j = 0; j < seq.length; j++) if (hay[i + j] !== seq[j]) continue outer;
    return true;
  }
  return false;
}

/** The terms (as written in the detector) found in any of the word lists. */
export function matchTerms(terms: readonly ContextTerm[], lists: readonly (readonly string[])[]): string[] {
  const found: string[] = [];
  for (const t of terms) if (lists.some((l) => containsSeq(l, t.seq))) found.push(t.term);
  return found;
}

/** Words of a column header, stemmed, ready for `matchTerms`. */
export function headerWords(header: string | null | undefined): string[] {
  return header ? words(header.replace(/[_-]+/g, " ")).map(stem) : [];
}

/**
 * Context words that apply to every detector and lower a score: documentation and test
 * data routinely carry "sample" or "test" numbers.
 */
export const GLOBAL_NEGATIVE = ["example", "sample", "test", "dummy", "fake", "placeholder", "specimen", "lorem", "ipsum"];

/**
 * Labels of business numbers that share the shapes of personal identifiers (11 digits, 16
 * digits, 9 digits), and of times written as numbers (`unix-timestamp: 1675036800`, ten digits
 * like a phone number): negative context for the detectors whose numbers carry little structure.
 */
export const OTHER_NUMBER_LABELS = ["order", "invoice", "tracking", "serial", "timestamp", "epoch"];
