/**
 * Evidence helpers: where a finding's text is, how strong it is, whether a span the LLM cites
 * occurs in the document, and masking of anything that must never leave the process raw.
 */
import { locatorKey, type Confidence, type Finding, type Segment } from "@filescan/contracts";

/** A finding that validated (checksum, rules) and scored >= this is a floor the LLM cannot lower. */
export const FLOOR_SCORE = 0.8;
/** Findings below this score do not make a file sensitive on their own. */
export const COUNT_SCORE = 0.5;

const RANK: Record<Confidence, number> = { low: 0, medium: 1, high: 2 };
export const maxConfidence = (a: Confidence, b: Confidence): Confidence => (RANK[a] >= RANK[b] ? a : b);
export const minConfidence = (a: Confidence, b: Confidence): Confidence => (RANK[a] <= RANK[b] ? a : b);

/** What the verdict reads of a finding: its type, score and validation. */
export type Strength = Pick<Finding, "type" | "score" | "validation">;

export const isFloor = (f: Strength): boolean => f.validation !== null && f.validation !== "" && f.score >= FLOOR_SCORE;

/**
 * Types that identify no one on their own: a place named in a text ("the state of Connecticut"
 * in a novel, the country list of a web page's form, a licence's venue) says where no one is
 * unless someone is named beside it.
 */
const QUASI_IDENTIFIERS: ReadonlySet<string> = new Set(["LOCATION"]);

/**
 * The findings that make a file sensitive: those scoring >= COUNT_SCORE, when at least one of
 * them identifies someone by itself (a type not in QUASI_IDENTIFIERS, or a validated
 * high-score place: "born in Racine", "Place of birth: Ocala"); none otherwise.
 */
export function countedFindings<F extends Strength>(findings: readonly F[]): F[] {
  const strong = findings.filter((f) => f.score >= COUNT_SCORE);
  return strong.some((f) => !QUASI_IDENTIFIERS.has(f.type) || isFloor(f)) ? strong : [];
}

/** The confidence a finding supports on its own. */
export function levelOf(f: Strength): Confidence {
  if (isFloor(f)) return "high";
  if (f.score >= 0.6) return "medium";
  return "low";
}

/** Strongest first: floor findings, then by score. */
export function byStrength(a: Strength, b: Strength): number {
  return Number(isFloor(b)) - Number(isFloor(a)) || b.score - a.score;
}

/** Each locator's segments in order, with the offset of each in the locator's text (made on first use; a list is not changed once classified). */
const byLocator = new WeakMap<readonly Segment[], Map<string, Array<{ i: number; base: number }>>>();

/** Where a finding's span lies: the segment and the span's offsets in that segment's text. */
export interface SegmentSpan {
  i: number;
  start: number;
  end: number;
}

/**
 * The segment a finding points into and its span there. Offsets count in the text of the
 * finding's locator, its segments' texts joined in order (FileAnalyzed.avsc), so the span lies in
 * exactly one of them; none when it lies in none (a finding of other segments). Looked up by
 * locator: a sheet of 200,000 cells with as many findings is no 4 × 10^10 comparisons.
 */
export function segmentsOf(f: Finding, segments: readonly Segment[]): SegmentSpan[] {
  if (!(f.start >= 0 && f.end > f.start)) return [];
  let index = byLocator.get(segments);
  if (!index) {
    index = new Map();
    for (let i = 0; i < segments.length; i++) {
      const k = locatorKey(segments[i]!.locator);
      const list = index.get(k);
      const base = list?.length ? list.at(-1)!.base + segments[list.at(-1)!.i]!.text.length : 0;
      if (list) list.push({ i, base });
      else index.set(k, [{ i, base }]);
    }
    byLocator.set(segments, index);
  }
  const list = index.get(locatorKey(f.locator));
  if (!list) return [];
  // the last segment that starts at or before the span (binary search: a text of many chunks)
  let lo = 0;
  let hi = list.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (list[mid]!.base <= f.start) lo = mid;
    else hi = mid - 1;
  }
  const { i, base } = list[lo]!;
  if (f.start < base || f.end - base > segments[i]!.text.length) return [];
  return [{ i, start: f.start - base, end: f.end - base }];
}

/** The raw values a finding may stand for, recovered in-process from the segments. Never log them. */
export function rawValuesOf(f: Finding, segments: readonly Segment[]): string[] {
  const vals = new Set<string>();
  for (const { i, start, end } of segmentsOf(f, segments)) {
    const v = segments[i]!.text.slice(start, end);
    if (v.trim().length >= 3) vals.add(v);
  }
  return [...vals];
}

/** Masks a value of unknown type: every letter and digit becomes `*`, except the last two of long values. */
export function maskGeneric(value: string): string {
  const alnum = value.replace(/[^\p{L}\p{N}]/gu, "").length;
  let keep = alnum >= 8 ? 2 : 0;
  const chars = [...value];
  for (let i = chars.length - 1; i >= 0; i--) {
    if (/[\p{L}\p{N}]/u.test(chars[i]!)) {
      if (keep > 0) keep--;
      else chars[i] = "*";
    }
  }
  return chars.join("");
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export interface Replacement {
  value: string;
  mask: string;
}

const digitHeavy = (v: string) => {
  const digits = v.replace(/\D/g, "").length;
  return digits >= 6 && digits >= v.replace(/\s/g, "").length * 0.6;
};
/**
 * The key two spellings of one value share: its digits, or its lower-cased words. Words apart
 * by blanks, underscores or dashes are one spelling: a file named "Tiara_Roe_536_22_1234.txt"
 * spells the name "Tiara Roe".
 */
const WORD_GAP = /[\s_\-\u2010-\u2015]+/u;
const wordsOf = (v: string) => v.trim().toLowerCase().split(WORD_GAP).filter(Boolean);
const normWords = (v: string) => wordsOf(v).join(" ");
const keyOf = (v: string) => (digitHeavy(v) ? `d:${v.replace(/\D/g, "")}` : `w:${normWords(v)}`);

/**
 * A regex source that finds `value` regardless of case and of how the gaps between its words are
 * spelled (blanks, underscores, dashes; not dots, which join an e-mail address's words); for values that are mostly digits (>= 6) also with
 * up to three other characters that are not letters or digits, or none, between the digits
 * ("536_22_1234", "536–22–1234", "536 - 22 - 1234"), and letters right before or after them
 * ("ACCT4111111111111111").
 */
function patternOf(value: string): string {
  const trimmed = value.trim();
  const alts = [trimmed.split(WORD_GAP).filter(Boolean).map(escapeRe).join("[\\s_\\-\\u2010-\\u2015]+")];
  if (digitHeavy(trimmed)) alts.push(`(?<!\\d)${trimmed.replace(/\D/g, "").split("").join("[^\\p{L}\\p{N}]{0,3}")}(?!\\d)`);
  return alts.map((a) => `(?:${a})`).join("|");
}

export function valuePattern(value: string): RegExp {
  return new RegExp(patternOf(value), "giu");
}

interface Entry {
  order: number;
  source: string;
  words: string;
  digits: string | null;
}

/** Entries by the first three characters of their words (`w:`) and digits (`d:`). */
const PREFIX = 3;

/** The entries whose words (or digits) occur in `haystack`, found from every three characters of it. */
function occurring(haystack: string, kind: "w" | "d", index: Map<string, Entry[]>, hits: Set<Entry>): void {
  for (let i = 0; i + PREFIX <= haystack.length; i++) {
    const bucket = index.get(`${kind}:${haystack.slice(i, i + PREFIX)}`);
    if (bucket) for (const e of bucket) if (haystack.startsWith(kind === "w" ? e.words : e.digits!, i)) hits.add(e);
  }
}

/**
 * One pass that replaces every known raw value (any spelling, see valuePattern) by its mask.
 * Longer values win where they overlap. Built once per document: thousands of values cost one
 * regex, and a text is matched only against the values that occur in it, found from an index of
 * their first characters (a sheet's 200,000 values are not each searched for in every line).
 * One per list: the prompt masks its text and the verdict scrubs the model's wording with the
 * same list (a list is not changed once made).
 */
export function replacer(replacements: readonly Replacement[]): (text: string) => string {
  let made = replacers.get(replacements);
  if (!made) replacers.set(replacements, (made = makeReplacer(replacements)));
  return made;
}

const replacers = new WeakMap<readonly Replacement[], (text: string) => string>();

function makeReplacer(replacements: readonly Replacement[]): (text: string) => string {
  const byKey = new Map<string, string>();
  const index = new Map<string, Entry[]>();
  const add = (key: string, e: Entry) => {
    const bucket = index.get(key);
    if (bucket) bucket.push(e);
    else index.set(key, [e]);
  };
  const sorted = [...replacements].filter((r) => r.value.trim().length >= 3).sort((a, b) => b.value.length - a.value.length);
  for (const r of sorted) {
    const k = keyOf(r.value);
    if (byKey.has(k)) continue;
    byKey.set(k, r.mask);
    const e: Entry = { order: byKey.size, source: patternOf(r.value), words: normWords(r.value), digits: digitHeavy(r.value) ? r.value.replace(/\D/g, "") : null };
    add(`w:${e.words.slice(0, PREFIX)}`, e);
    if (e.digits !== null) add(`d:${e.digits.slice(0, PREFIX)}`, e);
  }
  if (byKey.size === 0) return (t) => t;
  return (text) => {
    // Exact pre-filter (a superset of what the patterns can match), then one small regex.
    const hits = new Set<Entry>();
    occurring(normWords(text), "w", index, hits);
    occurring(text.replace(/\D/g, ""), "d", index, hits);
    if (hits.size === 0) return text;
    // (longest first, as sorted: the longer value wins where two overlap)
    const re = new RegExp([...hits].sort((a, b) => a.order - b.order).map((e) => e.source).join("|"), "giu");
    return text.replace(re, (m) => byKey.get(keyOf(m)) ?? byKey.get(`w:${normWords(m)}`) ?? maskGeneric(m));
  };
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
// 6+ digits, possibly separated by spaces, dots, dashes, slashes or underscores (ids, phone and
// card numbers), glued to letters or not ("ACCT4111111111111111", "Roe_536_22_1234").
const LONG_NUMBER = /(?<!\d)\+?\d(?:[\s.\-/_\u2010-\u2015]?\d){5,}(?!\d)/gu;

/**
 * Removes raw values from free text written by or for the model: every known raw value becomes
 * its mask (in any case, whitespace or digit-separator spelling), then anything still shaped like
 * an e-mail address or a long number is masked generically.
 */
export function scrub(text: string, replacements: readonly Replacement[]): string {
  return replacer(replacements)(text).replace(EMAIL, (m) => maskGeneric(m)).replace(LONG_NUMBER, (m) => maskGeneric(m));
}

const KEYWORDS =
  /\b(?:ssn|social security|passport|licen[cs]e (?:no|number)|tax ?id|iban|account (?:no|number)|card (?:no|number)|cvv|date of birth|d\.?o\.?b|born|birth ?date|salary|payroll|diagnos\w*|patient|medical|prescri\w*|biopsy|lab results?|hiv|cancer|pregnan\w*|disabilit\w*|password|passwd|secret|api[ _-]?key|private key|home address|address|phone|e-?mail|religio\w*|ethnic\w*|criminal|convict\w*)\b/i;
const NAME_PAIR = /\b([A-Z][a-z]+)\s+[A-Z][a-z]+\b/gu;
const NOT_NAMES = new Set("The A An This That These Those We Our It Its In On At For To Of And But Or If As By With From Please Dear Re Subject Page Table Section Chapter Annual Quarterly Monthly Weekly Daily Total".split(" "));

/**
 * Whether a cited span carries any sign of personal data on its own: a run of 4+ digits (ids,
 * accounts, dates), an e-mail address, a personal-data keyword, or a capitalised name-like pair
 * (not "The Committee"). A small model cites ordinary sentences as "evidence"; those do
 * not count.
 */
export function piiSignal(span: string): boolean {
  if (/\d(?:[\s./-]?\d){3,}/.test(span) || /[^\s@]+@[^\s@]+\.[a-z]{2,}/i.test(span) || KEYWORDS.test(span)) return true;
  for (const m of span.matchAll(NAME_PAIR)) if (!NOT_NAMES.has(m[1]!)) return true;
  return false;
}

/** Where a cited span was found again. */
export interface VerifiedSpan {
  quote: string;
  segment: number;
  start: number;
  end: number;
}

/** Minimum letters/digits in a cited span for it to count as evidence. */
export const MIN_QUOTE_ALNUM = 4;

/**
 * Finds a span the LLM cites in the source segments (case and whitespace insensitive). Returns
 * null when it is not there, or too short to mean anything.
 */
export function verifySpan(quote: string, segments: readonly Segment[]): VerifiedSpan | null {
  const q = quote.trim().replace(/^["'“”‘’«»]+|["'“”‘’«»]+$/g, "").replace(/^(?:\.\.\.|…)|(?:\.\.\.|…)$/g, "").trim();
  if (q.replace(/[^\p{L}\p{N}]/gu, "").length < MIN_QUOTE_ALNUM || q.length > 500) return null;
  const re = new RegExp(q.split(/\s+/).map(escapeRe).join("\\s+"), "iu");
  for (let i = 0; i < segments.length; i++) {
    const m = re.exec(segments[i]!.text);
    if (m) return { quote: m[0], segment: i, start: m.index, end: m.index + m[0].length };
  }
  return null;
}
