/**
 * Runs detectors over one text: pre-filter, match, validate, score with context.
 * `index.ts` adds segments, headers, allow/deny lists, overlaps and NER on top.
 */
import type { Candidate, Count, Detector, Pattern, Tally } from "./types.ts";
import { minDigitRun } from "./digit-run.ts";
import { escapeRegex } from "./regex.ts";
import { inArn, inHexDump, inHexList, inNumberList, inNumberRow, issueNumber, numericNoise, placeholderDigits, urlSegment } from "./shape.ts";
import { compileTerms, GLOBAL_NEGATIVE, labelBefore, matchTerms, stem, uncamel, windowWords, words, type ContextTerm } from "./context.ts";
import { nextFeed, prevFeed } from "./lines.ts";

export const DEFAULT_BOOST = 0.35;
/** Presidio's floor: a candidate with supporting context scores at least this. */
export const CONTEXT_FLOOR = 0.4;
export const NEGATIVE_PENALTY = 0.3;

export interface Compiled {
  det: Detector;
  ctx: ContextTerm[];
  neg: ContextTerm[];
  /** Negative terms that count in the column header only (`negativeHeader`). */
  negHeader: ContextTerm[];
  /** Whether every context term holds a letter (then a text without one cannot open the gate). */
  gateNeedsLetter: boolean;
  /** First words of the positive and negative terms: a window without any of them matches none. */
  ctxFirst: Set<string>;
  negFirst: Set<string>;
  maxBase: number;
  /** Longest digit run every match of each pattern contains, and the least of them (0 for `find`). */
  patternRuns: number[];
  minRun: number;
  /**
   * The detector's pre-filter with every field present (0, Infinity, "", null when unset), and
   * its context boost: the same object shape for every detector, so the checks per detector and
   * segment read their fields without a megamorphic lookup on objects of a dozen shapes.
   */
  pre: { minDigits: number; maxChars: number; anyChar: string; keywords: RegExp | null; letter: boolean; minToken: number; context: boolean; boost: number };
  /**
   * The gate: what a text (lower-cased) or a header (its words) must contain for any context
   * term to match there, as one expression, for detectors too weak to report alone and
   * candidates below the minimum. See `termGate`.
   */
  gateRx: RegExp;
}

/**
 * A necessary condition for a term to match, as an expression: its words in order, each
 * possibly with the plural "s" that `stem` removes, apart by at least one character that is
 * not a letter or digit and with no letter or digit right before the first or after the last
 * (as `words` splits them; tested on lower-cased text, and any character beyond ASCII counts as
 * a possible separator, so the expression needs no Unicode mode, in which it scanned long texts
 * 10–15 % slower). The whole term, not its first word alone: "d o b" (as in "D.O.B.") gated by
 * "d" would open on almost every text. Whole words, not substrings: "dl" inside "handler" or
 * "lic" inside "public" would open the driver licence gate on almost every text too.
 */
function termGate(seq: readonly string[]): string {
  return `(?<![a-z0-9])${seq.map(escapeRegex).join("s?[^a-z0-9]+")}s?(?![a-z0-9])`;
}

const globalNeg = compileTerms(GLOBAL_NEGATIVE);

/** One expression matching any of the words (as substrings); never matches for none. */
function anyOf(list: readonly string[]): RegExp {
  return list.length ? new RegExp(list.map(escapeRegex).join("|")) : /(?!)/;
}

export function compile(det: Detector): Compiled {
  const ctx = compileTerms(det.context);
  const maxPattern = det.patterns.reduce((m, p) => Math.max(m, p.score), 0);
  const neg = [...compileTerms(det.negativeContext ?? []), ...globalNeg];
  const patternRuns = det.patterns.map((p) => minDigitRun(p.regex));
  return {
    patternRuns,
    minRun: det.find || patternRuns.length === 0 ? 0 : patternRuns.reduce((m, r) => Math.min(m, r), Infinity),
    det,
    ctx,
    neg,
    negHeader: compileTerms(det.negativeHeader ?? []),
    ctxFirst: new Set(ctx.map((t) => t.seq[0]!)),
    negFirst: new Set(neg.map((t) => t.seq[0]!)),
    gateRx: ctx.length ? new RegExp([...new Set(ctx.map((t) => termGate(t.seq)))].join("|")) : /(?!)/,
    gateNeedsLetter: ctx.every((t) => t.seq.some((w) => /\p{L}/u.test(w))),
    // Validation may raise a score; detectors with `find` or `validate` are never "too weak".
    maxBase: det.maxBaseScore ?? (det.find || det.validate ? 1 : maxPattern),
    pre: {
      minDigits: det.prefilter.minDigits ?? 0,
      maxChars: det.prefilter.maxChars ?? Infinity,
      anyChar: det.prefilter.anyChar ?? "",
      keywords: det.prefilter.keywords ? anyOf(det.prefilter.keywords) : null,
      letter: det.prefilter.letter ?? false,
      minToken: det.prefilter.minToken ?? 0,
      context: det.prefilter.context ?? false,
      boost: det.contextBoost ?? DEFAULT_BOOST,
    },
  };
}

/** Per-text facts the pre-filters read, computed once. */
export interface TextFacts {
  text: string;
  lower: string;
  /**
   * What gates read: `lower`, with a blank at each camelCase boundary ("phoneNumber" opens
   * "phone"); null until first use when the text may have one (a capital after a letter).
   */
  gate: string | null;
  digits: number;
  /** Longest run of consecutive digits. */
  maxRun: number;
  /** Whether the text has a letter (no context word can occur in one without). */
  letters: boolean;
  /** Longest run of ASCII letters and digits (the longest token an identifier could be). */
  maxToken: number;
  /** Words of the column header that applies to this text (may be empty). */
  header: string[];
  /** Per-text memos (made on first use): whether a detector's gate opens on the text, and context windows by span. */
  gateSeen: Map<Compiled, boolean> | null;
  /** The shared detectors whose gate opens on the text (GateScan, made on first use). */
  gatesOpen: Set<Compiled> | null;
  /** Made with `gatesOpen`: where the context words of detectors with the `context` pre-filter start in the gate's text. */
  cues: Map<Compiled, number[]> | null;
  /** A short text's words, stemmed (made on first use): its gate answers without a substring search per gate word. */
  wordList: string[] | null;
  /** Those of its words that start a context term of a detector `shareGates` was given (most cells' words start none). */
  gateWords: string[] | null;
  near: Map<number | string, string[]> | null;
  /** Whether one of a detector's gate words occurs in the header: shared by every cell under the same header. */
  headerSeen: Map<Compiled, boolean>;
}

export function factsOf(text: string, header: string[] = [], headerSeen: Map<Compiled, boolean> = new Map()): TextFacts {
  let digits = 0;
  let maxRun = 0;
  let run = 0;
  let letters = false;
  let token = 0;
  let maxToken = 0;
  let camel = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      digits++;
      if (++run > maxRun) maxRun = run;
    } else {
      run = 0;
      if (c >= 65) {
        letters = true; // a letter, or at least something that may belong to a word
        // (a capital after a letter: maybe a camelCase boundary, which `uncamel` decides)
        if (c <= 90 && !camel) camel = ((text.charCodeAt(i - 1) | 32) - 97) >>> 0 < 26;
      }
    }
    if ((c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122)) {
      if (++token > maxToken) maxToken = token;
    } else token = 0;
  }
  const lower = text.toLowerCase();
  return { text, lower, gate: camel ? null : lower, digits, maxRun, letters, maxToken, header, gateSeen: null, gatesOpen: null, cues: null, wordList: null, gateWords: null, near: null, headerSeen };
}

/** The pre-filter's checks of the text's counts: its length, digits, longest digit run, letters and longest token. */
function countsPass(c: Compiled, f: TextFacts): boolean {
  const p = c.pre;
  return !(f.text.length > p.maxChars || f.digits < p.minDigits || c.minRun > f.maxRun || (p.letter && !f.letters) || f.maxToken < p.minToken);
}

/** Should this detector run on this text at all? */
export function passes(c: Compiled, f: TextFacts, minScore: number): boolean {
  return countsPass(c, f) && passesBeyondCounts(c, f, minScore);
}

/** `passes` without its count checks: for the detectors `prefiltered` gave, which passed them. */
export function passesBeyondCounts(c: Compiled, f: TextFacts, minScore: number): boolean {
  const p = c.pre;
  if (p.anyChar !== "") {
    let any = false;
    for (let i = 0; i < p.anyChar.length; i++) if (f.text.includes(p.anyChar[i]!)) { any = true; break; }
    if (!any) return false;
  }
  if (p.keywords !== null && !p.keywords.test(f.lower)) return false;
  if (p.context && !gateOpen(c, f)) return false;
  if (c.maxBase < minScore) {
    // Too weak alone: run only when one of its context words is present somewhere.
    if (Math.max(c.maxBase + p.boost, CONTEXT_FLOOR) < minScore) return false;
    if (!gateOpen(c, f)) return false;
  }
  return true;
}

/** The largest thresholds of a list's count checks, all its keywords as one expression, and the detectors passing both by a text's counts. */
interface PrefilterMemo {
  digits: number;
  run: number;
  token: number;
  /** The finite `maxChars` of the list, ascending. */
  lengths: number[];
  /** Any keyword of any detector of the list (null: none has keywords). */
  keywords: RegExp | null;
  byKey: Map<number, Compiled[]>;
}
const prefilterMemos = new WeakMap<readonly Compiled[], PrefilterMemo>();

/** The largest finite value of a threshold (a detector's infinite one fails every text, clipped or not). */
const largest = (list: readonly Compiled[], of: (c: Compiled) => number) => list.reduce((m, c) => (Number.isFinite(of(c)) ? Math.max(m, of(c)) : m), 0);

/**
 * The detectors of `list`, in its order, that may pass `passes` on this text by its counts and
 * keywords. The count checks (`countsPass`) read only the text's length, digits, longest digit
 * run, letters and longest token, each against thresholds, so every text with the same counts
 * (clipped at the largest threshold, the length placed among the `maxChars` values) gets the
 * same answer, worked out once. And a text holding none of the list's keywords (one expression,
 * one test) passes no detector that wants one. A cell of a sheet then asks `passes` of the
 * twenty or so detectors left, not of all eighty, and tests no keyword expression.
 */
export function prefiltered(list: readonly Compiled[], f: TextFacts): readonly Compiled[] {
  let m = prefilterMemos.get(list);
  if (m === undefined) {
    const lengths = [...new Set(list.map((c) => c.pre.maxChars).filter(Number.isFinite))].sort((a, b) => a - b);
    const keywords = list.some((c) => c.pre.keywords !== null) ? anyOf(list.flatMap((c) => c.det.prefilter.keywords ?? [])) : null;
    m = { digits: largest(list, (c) => c.pre.minDigits), run: largest(list, (c) => c.minRun), token: largest(list, (c) => c.pre.minToken), lengths, keywords, byKey: new Map() };
    prefilterMemos.set(list, m);
  }
  let band = 0;
  while (band < m.lengths.length && f.text.length > m.lengths[band]!) band++;
  const keyword = m.keywords !== null && m.keywords.test(f.lower);
  const key = ((((band * (m.digits + 1) + Math.min(f.digits, m.digits)) * (m.run + 1) + Math.min(f.maxRun, m.run)) * (m.token + 1) + Math.min(f.maxToken, m.token)) * 2 + (f.letters ? 1 : 0)) * 2 + (keyword ? 1 : 0);
  let out = m.byKey.get(key);
  if (out === undefined) m.byKey.set(key, (out = list.filter((c) => countsPass(c, f) && (keyword || c.pre.keywords === null))));
  return out;
}

/**
 * The gates of many detectors answered by one scan of a text instead of one scan each (six weak
 * detectors asked about every chunk of prose read it six times). The scan walks a trie of the
 * terms' first words from each word start; where a first word ends at a word's end, every term
 * starting with it is tried there, sticky (a term of one word is matched by the walk itself), so
 * terms that share their start ("date", "date of birth") are all seen. (One alternation of the first words with a look-behind, run by the
 * regular expression engine, scanned prose at ~90 MB/s; the trie at ~130.) The answer is exact: a detector is in the
 * set iff its own gate expression matches the text (the engine spec compares both).
 */
export class GateScan {
  /**
   * The first words as a trie in flat arrays: node 0 the root, node n's children the edges
   * [edgeStart[n], edgeStart[n + 1]), each a character code and the child's node. (As objects
   * with a 128-entry array each, its 6,000 nodes took some 4 MB; laid out flat, the scan takes
   * 15–20 % less time inside a detection run, where the other detectors' data share the caches.)
   */
  private readonly edgeStart: Int32Array;
  private readonly edgeCode: Uint16Array;
  private readonly edgeNode: Int32Array;
  /** The terms whose first word ends at each node (null: none). */
  private readonly altsAt: Array<Alt[] | null>;
  /** The root's children by ASCII code, -1 for none (asked at every word start). */
  private readonly firstChar = new Int32Array(128).fill(-1);
  private readonly members: Set<Compiled>;

  constructor(compiled: readonly Compiled[]) {
    this.members = new Set(compiled.filter((c) => c.ctx.length > 0));
    /** Each term's gate (sticky) and the detectors it belongs to, by the term's first word. */
    const byFirst = new Map<string, Array<Alt>>();
    const bySource = new Map<string, Alt>();
    for (const c of this.members) {
      for (const t of c.ctx) {
        const source = termGate(t.seq);
        let alt = bySource.get(source);
        if (!alt) {
          // (a term of one word is matched by the walk itself: its first word ends at a word's end)
          bySource.set(source, (alt = { rx: t.seq.length > 1 ? new RegExp(source, "y") : null, owners: [], cued: [] }));
          const first = t.seq[0]!;
          const list = byFirst.get(first) ?? [];
          list.push(alt);
          byFirst.set(first, list);
        }
        if (!alt.owners.includes(c)) alt.owners.push(c);
        if (c.pre.context && !alt.cued.includes(c)) alt.cued.push(c);
      }
    }
    // The trie built with a map per node, then laid out flat.
    const children: Array<Map<number, number>> = [new Map()];
    const alts: Array<Alt[] | null> = [null];
    for (const [first, list] of byFirst) {
      let node = 0;
      for (let i = 0; i < first.length; i++) {
        const c = first.charCodeAt(i);
        let next = children[node]!.get(c);
        if (next === undefined) {
          children[node]!.set(c, (next = children.length));
          children.push(new Map());
          alts.push(null);
        }
        node = next;
      }
      alts[node] = list;
    }
    const edges = children.reduce((n, m) => n + m.size, 0);
    this.edgeStart = new Int32Array(children.length + 1);
    this.edgeCode = new Uint16Array(edges);
    this.edgeNode = new Int32Array(edges);
    let e = 0;
    children.forEach((m, node) => {
      this.edgeStart[node] = e;
      for (const [c, child] of m) {
        this.edgeCode[e] = c;
        this.edgeNode[e++] = child;
      }
    });
    this.edgeStart[children.length] = e;
    this.altsAt = alts;
    for (const [c, child] of children[0]!) if (c < 128) this.firstChar[c] = child;
  }

  has(c: Compiled): boolean {
    return this.members.has(c);
  }

  /** The child of `node` by character code, -1 for none. */
  private child(node: number, code: number): number {
    const end = this.edgeStart[node + 1]!;
    for (let e = this.edgeStart[node]!; e < end; e++) if (this.edgeCode[e] === code) return this.edgeNode[e]!;
    return -1;
  }

  /**
   * The member detectors whose gate opens on this lower-cased text; with `cues`, where each
   * context word of a detector with the `context` pre-filter starts (every occurrence, in order).
   */
  open(lower: string, cues?: Map<Compiled, number[]>): Set<Compiled> {
    const out = new Set<Compiled>();
    const n = lower.length;
    let i = 0;
    while (i < n) {
      // A word start: no ASCII letter or digit before (as `termGate`'s look-behind).
      if (i > 0 && ALNUM[lower.charCodeAt(i - 1)] === 1) {
        i++;
        continue;
      }
      // Walk the trie as far as the text follows it; every first word passed is tried here
      // (terms sharing a start, "date" and "date of birth", are all seen).
      const c = lower.charCodeAt(i);
      let node = c < 128 ? this.firstChar[c]! : this.child(0, c);
      if (node < 0) {
        i++;
        continue;
      }
      let k = i + 1;
      let longest = i;
      // (a character beyond ASCII in the first word: a word may start right after it, "nom" of "prénom")
      let wide = c >= 128;
      for (;;) {
        // A first word ends at a word's end, or before a plural "s" that does.
        const after = lower.charCodeAt(k);
        const alts = this.altsAt[node] ?? null;
        if (alts !== null && (ALNUM[after] !== 1 || (after === 115 && ALNUM[lower.charCodeAt(k + 1)] !== 1))) {
          longest = k;
          for (const alt of alts) {
            if ((cues === undefined || alt.cued.length === 0) && alt.owners.every((o) => out.has(o))) continue;
            if (alt.rx !== null) {
              alt.rx.lastIndex = i;
              if (!alt.rx.test(lower)) continue;
            }
            for (const o of alt.owners) out.add(o);
            if (cues !== undefined) {
              for (const o of alt.cued) {
                const at = cues.get(o);
                if (at === undefined) cues.set(o, [i]);
                else if (at[at.length - 1] !== i) at.push(i);
              }
            }
          }
        }
        if (k >= n) break;
        const code = lower.charCodeAt(k);
        const next = this.child(node, code);
        if (next < 0) break;
        node = next;
        if (code >= 128) wide = true;
        k++;
      }
      // No term starts inside a first word of ASCII letters (no word start there): go on after the longest.
      i = longest > i && !wide ? longest : i + 1;
    }
    return out;
  }
}

/** A context term's gate, sticky (null for a term of one word); the detectors it belongs to, and those of them that want its positions. */
interface Alt {
  rx: RegExp | null;
  owners: Compiled[];
  cued: Compiled[];
}

/** ASCII letters and digits (lower-case text): 1, else 0 (undefined beyond 0xFFFF never occurs). */
const ALNUM = new Uint8Array(65536).map((_, c) => ((c >= 48 && c <= 57) || (c >= 97 && c <= 122) ? 1 : 0));

let sharedGates: GateScan | null = null;
/** The detectors `shareGates` was given, and the first words of their context terms. */
let sharedMembers: ReadonlySet<Compiled> = new Set();
let sharedFirstWords: ReadonlySet<string> = new Set();

/**
 * The detectors whose gates long texts answer with one scan (the registry's; index.ts sets them).
 * Not those of cells alone (`maxChars` up to `OWN_GATE_CHARS`): they never read a long text, and
 * their terms would lengthen the scan of every one; a text of theirs tests their own gate.
 */
export function shareGates(compiled: readonly Compiled[]): void {
  sharedGates = new GateScan(compiled.filter((c) => c.pre.maxChars > OWN_GATE_CHARS));
  sharedMembers = new Set(compiled);
  sharedFirstWords = new Set(compiled.flatMap((c) => [...c.ctxFirst]));
}
const OWN_GATE_CHARS = 1000;

/** Does one of the detector's context words occur anywhere in the text or its header? (memoised per text) */
export function gateOpen(c: Compiled, f: TextFacts): boolean {
  if (f.text.length <= SHORT_TEXT) {
    // A cell: its few words, read once, against the first words of the context terms (the
    // words a term must start with, stemmed as windows are).
    if (f.letters || !c.gateNeedsLetter) {
      // (a detector of `shareGates` walks only the words that start some term of theirs: none, in most cells)
      const ws = sharedMembers.has(c) ? (f.gateWords ??= cellWords(f).filter((w) => sharedFirstWords.has(w))) : cellWords(f);
      for (const w of ws) if (c.ctxFirst.has(w)) return true;
    }
    return gateInHeader(c, f);
  }
  // Longer texts: one scan for the registry's detectors (GateScan), read once per text.
  if ((f.letters || !c.gateNeedsLetter) && sharedGates?.has(c)) {
    if (f.gatesOpen === null) {
      f.cues = new Map();
      f.gatesOpen = sharedGates.open(gateText(f), f.cues);
    }
    if (f.gatesOpen.has(c)) return true;
    return gateInHeader(c, f);
  }
  // Others (custom detectors) are scanned once per detector with its gate expression (memoised per
  // text beyond 256 characters: candidates below the minimum ask again).
  if (f.letters || !c.gateNeedsLetter) {
    let seen = f.text.length > 256 ? f.gateSeen?.get(c) : undefined;
    if (seen === undefined) {
      seen = c.gateRx.test(gateText(f));
      if (f.text.length > 256) (f.gateSeen ??= new Map()).set(c, seen);
    }
    if (seen) return true;
  }
  return gateInHeader(c, f);
}

/** A short text's words, stemmed, read once. */
const cellWords = (f: TextFacts) => (f.wordList ??= words(f.text).map(stem));

/** What a text's gates read: its lower-cased text, camelCase words in their parts. */
function gateText(f: TextFacts): string {
  if (f.gate === null) {
    const parted = uncamel(f.text);
    f.gate = parted === f.text ? f.lower : parted.toLowerCase();
  }
  return f.gate;
}

/** Texts up to this long answer the gate from their word set. */
const SHORT_TEXT = 64;

function gateInHeader(c: Compiled, f: TextFacts): boolean {
  if (f.header.length === 0) return false;
  // The header's answer, once per detector and header: every cell of a column shares it.
  let inHeader = f.headerSeen.get(c);
  if (inHeader === undefined) f.headerSeen.set(c, (inHeader = c.gateRx.test(f.header.join(" "))));
  return inHeader;
}

export type { Count, Tally };

/** Whether a match is a number written in groups: it holds a separator. */
export function grouped(value: string): boolean {
  return /[^0-9A-Za-z]/.test(value);
}

/** Counts a match, validated or not, into its share of `t`. */
export function tallyMatch(t: Tally, value: string, passed: boolean): void {
  const c = grouped(value) ? t.grouped : t.plain;
  c.tried++;
  if (passed) c.passed++;
}

/** Fewer matches than this say nothing about chance. */
export const CHANCE_MIN_TRIED = 30;

/**
 * Whether no more matches validated than chance explains: at most the expected number of chance
 * passes (tried × chance) plus two standard deviations of it. Real identifiers validate every
 * time, so a file of them is far above; in a table of random-looking numbers one in ten passes
 * Luhn and Verhoeff, one in 97 mod 97. Ten real card numbers among forty other 16-digit numbers
 * stay (10 > 5 + 4.2); the 68 Luhn passes among 782 code points of a Unicode stroke table go
 * (68 ≤ 78 + 17).
 */
export function atChance(t: Count, chance: number): boolean {
  if (t.tried < CHANCE_MIN_TRIED) return false;
  const expected = t.tried * chance;
  return t.passed <= expected + 2 * Math.sqrt(expected * (1 - chance));
}

/**
 * The candidates of a detector's `patterns` alone, for a `find` that adjusts what its own
 * patterns match (an organisation's address, a value after its label); with the `tally` `find`
 * was given, its matches and validations are counted.
 */
export function patternCandidates(det: Detector, text: string, tally?: Tally): Candidate[] {
  return candidates({ ...det, find: undefined }, text, undefined, Infinity, tally);
}

/**
 * Candidates of one detector, validated, before context. With `maxRun` (the text's longest
 * digit run), patterns whose every match needs a longer run are not scanned. With a `tally`,
 * the matches and how many validated are counted into it.
 */
export function candidates(det: Detector, text: string, runs?: readonly number[], maxRun = Infinity, tally?: Tally, cues?: readonly number[]): Candidate[] {
  if (det.find) return det.find(text, cues, tally);
  const out: Candidate[] = [];
  for (const [i, p] of det.patterns.entries()) {
    if (runs && runs[i]! > maxRun) continue;
    const push = (m: RegExpExecArray) => {
      const verdict = det.validate ? det.validate(m[0]) : { validation: null };
      if (tally) tallyMatch(tally, m[0], verdict !== false);
      if (verdict === false) return;
      const cand: Candidate = { start: m.index, end: m.index + m[0].length, score: verdict.score ?? p.score, validation: verdict.validation, fixed: verdict.fixed === true };
      if (verdict.onlyContext !== undefined) cand.onlyContext = verdict.onlyContext;
      out.push(cand);
    };
    if (p.anchor) {
      for (const m of anchoredMatches(p, text)) if (m[0].length > 0) push(m);
      continue;
    }
    const rx = p.regex;
    rx.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = rx.exec(text)) !== null) {
      if (m[0].length === 0) {
        rx.lastIndex = pastEmpty(text, rx);
        continue;
      }
      push(m);
    }
  }
  return out;
}

/**
 * Where a global scan goes on after an empty match: the next character, a whole surrogate pair
 * under the `u` or `v` flag (exec moves an index inside a pair back to its start, so one step
 * of one unit matched the same empty string there for good: a custom `\d*` hung on an emoji).
 */
function pastEmpty(text: string, rx: RegExp): number {
  const i = rx.lastIndex;
  if ((rx.unicode || rx.unicodeSets) && i + 1 < text.length) {
    const c = text.charCodeAt(i);
    const d = text.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) return i + 2;
  }
  return i + 1;
}

const beforeTables = new Map<string, Uint8Array>();

/** ASCII membership table of a character class source such as `[A-Za-z0-9.]`. */
function tableOf(cls: string): Uint8Array {
  let t = beforeTables.get(cls);
  if (!t) {
    const rx = new RegExp(`^${cls}$`);
    t = new Uint8Array(128).map((_, c) => (rx.test(String.fromCharCode(c)) ? 1 : 0));
    beforeTables.set(cls, t);
  }
  return t;
}

/**
 * The matches a global scan of `p.regex` finds, found from its anchor character: no match
 * can start before the run of `before` characters that ends at the next anchor (the anchor is
 * in every match, once), so the scan starts there and skips the text between anchors.
 */
export function* anchoredMatches(p: Pattern, text: string): Generator<RegExpExecArray> {
  const { char, before } = p.anchor!;
  const table = tableOf(before);
  const rx = new RegExp(p.regex.source, p.regex.flags); // its own lastIndex: callers may nest
  let pos = 0;
  for (;;) {
    const at = text.indexOf(char, pos);
    if (at < 0) return;
    let s = at;
    while (s > pos) {
      const c = text.charCodeAt(s - 1);
      if (c >= 128 || table[c] === 0) break;
      s--;
    }
    rx.lastIndex = s;
    const m = rx.exec(text);
    if (m === null) return;
    yield m;
    pos = m.index + Math.max(1, m[0].length);
  }
}

export interface Scored extends Candidate {
  context: string[];
}

const NONE: string[] = [];

function anyIn(set: Set<string>, lists: readonly (readonly string[])[]): boolean {
  for (const l of lists) for (const w of l) if (set.has(w)) return true;
  return false;
}

/** Words around a span, read once per text and width (detectors often share a span: nine digits are SSN, ITIN, ABA, BSN, TFN, SIN, ...). */
function nearWords(f: TextFacts, start: number, end: number, n: number): string[] {
  const key = end < 0x4000000 && n < 64 ? (start * 0x4000000 + end) * 64 + n : `${start},${end},${n}`;
  f.near ??= new Map();
  let near = f.near.get(key);
  if (near === undefined) {
    near = windowWords(f.text, start, end, n);
    f.near.set(key, near);
  }
  return near;
}

/** The context terms around a candidate (and in the column header): positive, negative. */
function contextOf(c: Compiled, f: TextFacts, cand: Candidate, window: number): [string[], string[]] {
  const n = Math.min(window, c.det.contextWindow ?? window);
  const near = nearWords(f, cand.start, cand.end, n);
  const lists = f.header.length ? [near, f.header] : [near];
  // (an ownLine candidate's positive words from its own line; negative ones from the whole window)
  const line = cand.ownLine ? lineWords(f.text, cand, n) : null;
  const posLists = line === null ? lists : f.header.length ? [line, f.header] : [line];
  let pos = anyIn(c.ctxFirst, posLists) ? matchTerms(c.ctx, posLists) : NONE;
  if (cand.onlyContext !== undefined && pos.length) pos = pos.filter((t) => cand.onlyContext!.has(t));
  let neg = anyIn(c.negFirst, lists) ? matchTerms(c.neg, lists) : NONE;
  if (c.negHeader.length && f.header.length) {
    const inHeader = matchTerms(c.negHeader, [f.header]);
    if (inHeader.length) neg = neg.length ? [...neg, ...inHeader] : inHeader;
  }
  if (pos.length && neg.length) {
    // The value's own label outweighs words further off: "…the mobile circuit! id=527 703 9934"
    // is an id, whatever "mobile" says.
    const own = labelBefore(f.text, cand.start);
    if (own !== "" && c.negFirst.has(own) && !c.ctxFirst.has(own)) pos = NONE;
    // So does a negative word on the value's own line, when no positive one is there: `KEY_USAGE =
    // ObjectIdentifier("2.5.29.15")` is an OID, whatever "ip" the line above says. (Not the other
    // way round: "License: F5" holds a licence word, and the lines around it say it is software's.)
    else if (negativeOnOwnLine(c, f, cand, window)) pos = NONE;
  }
  return [pos, neg];
}

/** The window's words on the candidate's own line only; null when the text is that one line. */
function lineWords(text: string, cand: Candidate, n: number): string[] | null {
  const ls = prevFeed(text, cand.start - 1) + 1;
  let le = nextFeed(text, cand.end);
  if (le < 0) le = text.length;
  if (ls === 0 && le === text.length) return null;
  return windowWords(text.slice(ls, le), cand.start - ls, cand.end - ls, n);
}

/** Whether the candidate's own line (or its column header) holds a negative context term and no positive one. */
function negativeOnOwnLine(c: Compiled, f: TextFacts, cand: Candidate, window: number): boolean {
  const line = lineWords(f.text, cand, Math.min(window, c.det.contextWindow ?? window));
  if (line === null) return false; // one line: nothing further off
  const lists = f.header.length ? [line, f.header] : [line];
  return matchTerms(c.neg, lists).length > 0 && matchTerms(c.ctx, lists).length === 0;
}

function adjusted(c: Compiled, base: number, pos: string[], neg: string[], fixed = false): number {
  if (fixed) return base;
  let s = base;
  if (pos.length) s = Math.min(1, Math.max(s + c.pre.boost, CONTEXT_FLOOR));
  if (neg.length) s = Math.max(0, s - NEGATIVE_PENALTY);
  return Math.round(s * 1000) / 1000;
}

const scoredOf = (cand: Candidate, s: number, pos: string[], neg: string[]): Scored => ({
  start: cand.start,
  end: cand.end,
  score: s,
  validation: cand.validation,
  context: neg.length ? [...pos, ...neg.map((n) => `-${n}`)] : [...pos],
  whole: cand.whole === true,
});

/** Applies context words around the candidate (and the column header) to its score. */
export function score(c: Compiled, f: TextFacts, cand: Candidate, window: number): Scored {
  const [pos, neg] = contextOf(c, f, cand, window);
  return scoredOf(cand, adjusted(c, cand.score, pos, neg, cand.fixed), pos, neg);
}

/** The score of digits that count up or come in blocks ("123456789012", "111122223333"): found, never reported. */
const PLACEHOLDER_SCORE = 0.01;

/**
 * Runs one compiled detector over a text; same-detector overlaps keep the stronger. With a
 * `minScore`, candidates that end below it are dropped before the overlap pass: they could not
 * have been reported, nor have hidden a reported one (only a stronger span hides another). One
 * below it before context needs a context word, so when none of the detector's context words
 * occurs anywhere in the text or header it is dropped without reading its window. A `tally`
 * counts the matches and how many validated (for `atChance`).
 */
export function runDetector(c: Compiled, f: TextFacts, window: number, minScore = 0, tally?: Tally): Scored[] {
  const scored: Scored[] = [];
  for (let found of candidates(c.det, f.text, c.patternRuns, f.maxRun, tally, c.pre.context ? cuesOf(c, f) : undefined)) {
    // A placeholder's digits are still found (Presidio's cases spell them) but never reported.
    if (f.digits >= 9 && placeholderDigits(f.text, found.start, found.end)) {
      if (minScore > PLACEHOLDER_SCORE) continue;
      found = { start: found.start, end: found.end, score: PLACEHOLDER_SCORE, validation: found.validation, fixed: true };
    }
    if (found.score < minScore && !gateOpen(c, f)) continue;
    if (f.digits >= 6 && (numericNoise(f.text, found.start, found.end) || inHexList(f.text, found.start, found.end) || inNumberList(f.text, found.start, found.end) || inNumberRow(f.text, found.start, found.end) || inArn(f.text, found.start, found.end) || issueNumber(f.text, found.start, found.end) || urlSegment(f.text, found.start, found.end) || inHexDump(f.text, found.start, found.end))) continue;
    let [pos, neg] = contextOf(c, f, found, window);
    let s = adjusted(c, found.score, pos, neg, found.fixed);
    if (minScore > 0 && (s < minScore || s <= 0)) continue;
    let cand: Candidate = found;
    if (found.confirm) {
      // Context cannot lower what it adds, so the best score gated the call; now the real one.
      const v = found.confirm();
      if (v === false) continue;
      cand = { start: found.start, end: found.end, score: v.score ?? found.score, validation: v.validation };
      s = adjusted(c, cand.score, pos, neg, found.fixed || v.fixed);
      if (v.fixed) [pos, neg] = [NONE, NONE];
      if (minScore > 0 && (s < minScore || s <= 0)) continue;
    }
    scored.push(scoredOf(cand, s, pos, neg));
  }
  return strongestFirst(scored);
}

const NO_CUES: readonly number[] = [];

/**
 * Where the detector's context words start in the text, when the shared gate scan read the text
 * as it is (not a cell's word set, nor a text parted at camelCase or changing length in lower
 * case); else undefined.
 */
function cuesOf(c: Compiled, f: TextFacts): readonly number[] | undefined {
  if (f.cues === null || f.gate !== f.lower || f.lower.length !== f.text.length) return undefined;
  return f.cues.get(c) ?? NO_CUES;
}

/** Keeps the strongest of overlapping spans (score, then length, then position). */
export function strongestFirst<T extends { start: number; end: number; score: number }>(items: T[]): T[] {
  if (items.length <= 1) return items;
  const sorted = [...items].sort((a, b) => b.score - a.score || b.end - b.start - (a.end - a.start) || a.start - b.start);
  // kept spans never overlap, so kept by start they are also sorted by end: an overlap can
  // only be with the neighbours of the insertion point (binary search, O(n log n) overall)
  const kept: T[] = [];
  for (const it of sorted) {
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (kept[mid]!.start < it.start) lo = mid + 1;
      else hi = mid;
    }
    const prev = kept[lo - 1];
    const next = kept[lo];
    if ((prev && prev.end > it.start) || (next && next.start < it.end)) continue;
    kept.splice(lo, 0, it);
  }
  return kept;
}
