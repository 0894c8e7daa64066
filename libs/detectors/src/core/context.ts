/**
 * Context words around a match (Presidio's LemmaContextAwareEnhancer is the idea, without
 * an NLP pipeline): the N words before and after a candidate, lower-cased, with a light
 * plural/possessive stemming, are compared with the detector's context words and phrases.
 */
import { nextFeed, prevFeed } from "./lines.ts";

/** A word: letters, their marks (Thai's vowels and tones, Devanagari's vowel signs, a decomposed "é") and numbers. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * Scripts whose labels run into the words around them: written without blanks between words
 * (Thai, Chinese, Japanese ...), or, in Korean, with the particle glued to the noun
 * ("주민등록번호는", "주민등록번호를").
 */
const UNSPACED = /[\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/u;

/**
 * The one-word context terms in those scripts, of every detector compiled so far: a Thai or
 * Chinese sentence is one long "word" ("我的身分證字號是"), so such a term is also found inside a
 * word, and read as a word of its own next to it.
 */
const runInTerms = new Set<string>();

/** The run-in terms inside the word `w` (not `w` itself). */
function termsInside(w: string): string[] {
  const out: string[] = [];
  for (const t of runInTerms) if (t.length < w.length && w.includes(t)) out.push(t);
  return out;
}

/** The words of a text, lower-cased, camelCase split, without run-in terms (a term's own words). */
function plainWords(text: string): string[] {
  const out: string[] = [];
  for (const m of uncamel(text).toLowerCase().matchAll(WORD)) out.push(m[0]);
  return out;
}

/**
 * A camelCase word's inner boundary, in any script with cases (1C's Cyrillic element names,
 * "СерияПаспорта"): a lower-case letter after another letter or a digit,
 * then an upper-case one ("phone|Number", AWS's "subnet-03c51e2e|EXAMPLE"; a single letter first
 * only before a capitalised word, "n|Secu", "i|Phone": before an acronym it is the acronym's,
 * "dOB", "iOS", "eID"), or an acronym of two capitals or more, or one capital after a word (a
 * one-letter word, a French elision: "numero|D|Assurance", "is|A|Value"), before a capitalised
 * word of three letters or more ("NHS|Number"; "SSNs", "IDNr" and lsof's "LTbigf" stay whole).
 */
export const CAMEL = /\p{Ll}\p{Lu}|\p{Lu}{3}\p{Ll}{2}/u;
const CAMEL_G = /([\p{L}\p{N}]\p{Ll}|(?<![\p{L}\p{N}])\p{Ll}(?=\p{Lu}\p{Ll}))(?=\p{Lu})|(?<=[\p{Ll}\p{Lu}])(\p{Lu})(?=\p{Lu}\p{Ll}{2})/gu;

/** A text with a blank at each camelCase boundary ("dateOfBirth" → "date Of Birth"). */
export const uncamel = (text: string) => (CAMEL.test(text) ? text.replace(CAMEL_G, "$1$2 ") : text);

/**
 * Lower-cased words of a text, camelCase words in their parts: a JSON key "phoneNumber" or an
 * element "<homePhone>" labels a value as "phone number" and "home phone" do.
 */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const m of uncamel(text).toLowerCase().matchAll(WORD)) {
    // (a word's run-in terms before it, as `windowWords` reads them)
    if (runInTerms.size && UNSPACED.test(m[0])) for (const t of termsInside(m[0])) out.push(t);
    out.push(m[0]);
  }
  return out;
}

/**
 * Pushes one word (a camelCase part) onto `out`, lower-cased and stemmed, with the run-in terms
 * inside it before it (as `words` reads them), at most until `out` has `max`; backwards (the
 * word first, then its terms) when `backwards`.
 */
function pushPart(out: string[], part: string, max: number, backwards: boolean): void {
  const w = stem(part.toLowerCase());
  if (runInTerms.size === 0 || !UNSPACED.test(part)) {
    out.push(w);
    return;
  }
  const inside = termsInside(part.toLowerCase());
  if (backwards) {
    out.push(w);
    for (let k = inside.length - 1; k >= 0 && out.length < max; k--) out.push(inside[k]!);
  } else {
    for (let k = 0; k < inside.length && out.length < max; k++) out.push(inside[k]!);
    if (out.length < max) out.push(w);
  }
}

/** Pushes a word read at [a, b) of `text` (lower-cased, stemmed), in its camelCase parts, onto `out`: the last ones first when `backwards`, at most until `out` has `max`. */
function pushWord(out: string[], text: string, a: number, b: number, max: number, backwards: boolean): void {
  const w = text.slice(a, b);
  if (!CAMEL.test(w)) {
    pushPart(out, w, max, backwards);
    return;
  }
  const parts = w.replace(CAMEL_G, "$1$2 ").split(" ");
  if (backwards) for (let k = parts.length - 1; k >= 0 && out.length < max; k--) pushPart(out, parts[k]!, max, true);
  else for (let k = 0; k < parts.length && out.length < max; k++) pushPart(out, parts[k]!, max, false);
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

/**
 * Terms compiled once. A term of several words also matches its words written as one, as
 * camelCase and run-together keys and element names write them ("dateOfBirth",
 * "<medicarenumber>", "SocialSecurityNumber"): lower-cased, that is one word. Not for terms of
 * single letters ("c f" joined is "cf", as in "cf. chapter 3").
 */
export function compileTerms(terms: readonly string[]): ContextTerm[] {
  const seen = new Set<string>();
  const out: ContextTerm[] = [];
  const add = (term: string, seq: string[]) => {
    const key = seq.join(" ");
    // "ssn", "ssns" and "ssn#" are one term once normalised: report it once.
    if (seq.length === 0 || seen.has(key)) return;
    seen.add(key);
    out.push({ term, seq });
  };
  for (const term of terms) {
    const seq = plainWords(term).map(stem);
    add(term, seq);
    if (seq.length === 1 && UNSPACED.test(seq[0]!)) runInTerms.add(seq[0]!);
  }
  for (const term of terms) {
    const seq = plainWords(term);
    if (seq.length > 1 && seq.every((w) => w.length > 1)) add(term, [stem(seq.join(""))]);
  }
  return out;
}

const LETTER_OR_NUMBER_AT = /[\p{L}\p{M}\p{N}]/uy;

const isDigit = (c: number) => c >= 48 && c <= 57;
const isUpper = (c: number) => c >= 65 && c <= 90;
const isLower = (c: number) => c >= 97 && c <= 122;

/**
 * Is the code point `cp`, at `at` in `text`, a letter, a mark or a number (ASCII fast path)? The
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
  for (let i = start > 0 ? prevFeed(text, start - 1) : -1; i >= floor; i = i > 0 ? prevFeed(text, i - 1) : -1) {
    let k = i - 1;
    while (k >= floor && isBlank(text[k])) k--;
    if (k >= floor && text[k] === "\n") return i + 1;
  }
  return floor;
}

/** Where the window after `end` must stop: `ceil`, or at the first paragraph break after `end`. */
export function paragraphCeil(text: string, end: number, ceil: number): number {
  for (let i = nextFeed(text, end); i >= 0 && i < ceil; i = nextFeed(text, i + 1)) {
    let k = i + 1;
    while (k < ceil && isBlank(text[k])) k++;
    if (k < ceil && text[k] === "\n") return i;
  }
  return ceil;
}

const isAsciiAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const TAG_END = /[\s/>]/;

/**
 * HTML's elements of layout and text style: their names say nothing of the value they hold.
 * (An XML element's name is often the value's label, "<DOB>1961-09-01</DOB>", and stays a word.)
 */
export const HTML_TAGS = new Set(("a abbr b big blockquote body br caption center cite code col colgroup dd div dl dt em font footer "
  + "h1 h2 h3 h4 h5 h6 head header hr html i li main nav nobr ol p pre s section small span strike strong sub sup table "
  + "tbody td tfoot th thead tr tt u ul").split(" "));

/** A word starting at `a` right after "<" or "/" (or inside a run that does: a window's cut): maybe a tag's name. */
function isTagStart(text: string, a: number): boolean {
  const c = text.charCodeAt(a - 1);
  return c === 60 || c === 47 || (isAsciiAlnum(c) && a > 0);
}

/**
 * Is the word read at [a, b) (its whole run, wherever a window cut it) an HTML layout tag's
 * name: right after "<" or "</", before a blank, "/" or ">", and one of `HTML_TAGS`? A table's
 * "<td>D.O.B.</td><td>01/09/1961" has the label two tags before the value, and within a
 * window of three words "td td" would push it out.
 */
function isTagName(text: string, a: number, b: number): boolean {
  let s = a;
  while (s > 0 && isAsciiAlnum(text.charCodeAt(s - 1))) s--;
  const before = text.charCodeAt(s - 1);
  if (before !== 60 && !(before === 47 && text.charCodeAt(s - 2) === 60)) return false; // "<", "</"
  const first = text.charCodeAt(s) | 32;
  if (first < 97 || first > 122) return false;
  let e = b;
  while (e < text.length && isAsciiAlnum(text.charCodeAt(e))) e++;
  if (e - s > 10 || e >= text.length || !TAG_END.test(text[e]!)) return false;
  return HTML_TAGS.has(text.slice(s, e).toLowerCase());
}

/**
 * Words of the window around [start, end): `n` words on each side, lower-cased and stemmed,
 * read no further than max(64, 24·n) characters away and not across a blank line, markup tags'
 * names left out (`isTagName`). Scans
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
    // (not past the floor: a letter outside the BMP the floor cuts in two is not read)
    while (i - len >= floor && isWordPoint(cp, text, i - len)) {
      i -= len;
      if (i > floor) [cp, len] = pointBefore(text, i);
    }
    if (i === wordEnd) break; // the floor cuts the letter in two
    if (isTagStart(text, i) && isTagName(text, i, wordEnd)) continue;
    pushWord(before, text, i, wordEnd, n, true);
  }
  before.reverse();
  const ceil = paragraphCeil(text, end, Math.min(text.length, end + span));
  let j = end;
  const after: string[] = [];
  while (after.length < n && j < ceil) {
    let cp = text.codePointAt(j)!;
    while (j < ceil && !isWordPoint(cp, text, j)) {
      j += cp > 0xffff ? 2 : 1;
      if (j < ceil) cp = text.codePointAt(j)!;
    }
    if (j >= ceil) break;
    const wordStart = j;
    // (not past the ceiling: a letter outside the BMP it cuts in two is not read)
    while (j < ceil && (cp <= 0xffff || j + 2 <= ceil) && isWordPoint(cp, text, j)) {
      j += cp > 0xffff ? 2 : 1;
      if (j < ceil) cp = text.codePointAt(j)!;
    }
    if (j === wordStart) break; // the ceiling cuts the letter in two
    if (isTagStart(text, wordStart) && isTagName(text, wordStart, j)) continue;
    pushWord(after, text, wordStart, j, n, false);
  }
  for (const w of after) before.push(w);
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
  // at most 4: "Order #: 1234", a JSON member's `"key": "1234"`, an element's `<key>1234`
  while (i > 0 && valueStart - i < 4 && " \t=:#(\"'>".includes(text[i - 1]!)) i--;
  const end = i;
  while (i > 0 && isWordPoint(text.charCodeAt(i - 1), text, i - 1)) {
    // a camelCase word's last part: "id" of "orderId=527 703 9934"
    if (i < end && isUpper(text.charCodeAt(i)) && isLower(text.charCodeAt(i - 1))) break;
    i--;
  }
  return end > i ? stem(text.slice(i, end).toLowerCase()) : "";
}

/** The same as `windowWords`, by slicing and regular expressions: the reference the spec compares it with. */
export function windowWordsReference(text: string, start: number, end: number, n: number): string[] {
  if (n <= 0) return [];
  const span = Math.max(64, n * 24);
  const untagged = text.replace(/(?<=<\/?)[A-Za-z][A-Za-z0-9]*(?=[\s/>])/g, (m) => (HTML_TAGS.has(m.toLowerCase()) ? " ".repeat(m.length) : m));
  const before = words(untagged.slice(paragraphFloor(text, start, Math.max(0, start - span)), start));
  const after = words(untagged.slice(end, paragraphCeil(text, end, Math.min(text.length, end + span))));
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

/** Each list of terms' terms by their first word (as indices into the list), made once per list. */
const termsByFirst = new WeakMap<readonly ContextTerm[], Map<string, number[]>>();

function byFirstWord(terms: readonly ContextTerm[]): Map<string, number[]> {
  let m = termsByFirst.get(terms);
  if (m === undefined) {
    m = new Map();
    for (const [i, t] of terms.entries()) {
      const at = m.get(t.seq[0]!);
      if (at === undefined) m.set(t.seq[0]!, [i]);
      else at.push(i);
    }
    termsByFirst.set(terms, m);
  }
  return m;
}

/**
 * The terms (as written in the detector) found in any of the word lists, in the terms' order.
 * Only a term whose first word is in a list can be there: the terms are looked up by the lists'
 * words, not each tried against them (a phone number's forty terms, for every candidate in a
 * column of phone numbers).
 */
export function matchTerms(terms: readonly ContextTerm[], lists: readonly (readonly string[])[]): string[] {
  const byFirst = byFirstWord(terms);
  const hits: number[] = [];
  for (const l of lists) {
    for (const w of l) {
      const starting = byFirst.get(w);
      if (starting === undefined) continue;
      for (const i of starting) if (!hits.includes(i) && lists.some((x) => containsSeq(x, terms[i]!.seq))) hits.push(i);
    }
  }
  if (hits.length === 0) return [];
  return hits.sort((a, b) => a - b).map((i) => terms[i]!.term);
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
export const OTHER_NUMBER_LABELS = ["order", "invoice", "tracking", "serial", "timestamp", "epoch",
  // (of several words for their forms run together: "orderid", "<invoicenumber>")
  "order id", "order number", "order no", "invoice number", "invoice no", "tracking number", "serial number", "request id"];
