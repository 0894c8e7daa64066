/**
 * Runs detectors over one text: pre-filter, match, validate, score with context.
 * `index.ts` adds segments, headers, allow/deny lists, overlaps and NER on top.
 */
import type { Candidate, Detector } from "./types.ts";
import { compileTerms, GLOBAL_NEGATIVE, matchTerms, windowWords, type ContextTerm } from "./context.ts";

export const DEFAULT_BOOST = 0.35;
/** Presidio's floor: a candidate with supporting context scores at least this. */
export const CONTEXT_FLOOR = 0.4;
export const NEGATIVE_PENALTY = 0.3;

export interface Compiled {
  det: Detector;
  ctx: ContextTerm[];
  neg: ContextTerm[];
  /** First words of the context terms: a cheap gate for detectors too weak to report alone. */
  gate: string[];
  maxBase: number;
}

const globalNeg = compileTerms(GLOBAL_NEGATIVE);

export function compile(det: Detector): Compiled {
  const ctx = compileTerms(det.context);
  const maxPattern = det.patterns.reduce((m, p) => Math.max(m, p.score), 0);
  return {
    det,
    ctx,
    neg: [...compileTerms(det.negativeContext ?? []), ...globalNeg],
    gate: [...new Set(ctx.map((t) => t.seq[0]!.replace(/s$/, "")))],
    // Validation may raise a score; detectors with `find` or `validate` are never "too weak".
    maxBase: det.find || det.validate ? 1 : maxPattern,
  };
}

/** Per-text facts the pre-filters read, computed once. */
export interface TextFacts {
  text: string;
  lower: string;
  digits: number;
  /** Words of the column header that applies to this text (may be empty). */
  header: string[];
  headerLower: string;
}

export function factsOf(text: string, header: string[] = [], headerLower = ""): TextFacts {
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
  }
  return { text, lower: text.toLowerCase(), digits, header, headerLower };
}

/** Should this detector run on this text at all? */
export function passes(c: Compiled, f: TextFacts, minScore: number): boolean {
  const p = c.det.prefilter;
  if (p.minDigits !== undefined && f.digits < p.minDigits) return false;
  if (p.anyChar !== undefined) {
    let any = false;
    for (const ch of p.anyChar) if (f.text.includes(ch)) { any = true; break; }
    if (!any) return false;
  }
  if (p.keywords !== undefined && !p.keywords.some((k) => f.lower.includes(k))) return false;
  if (c.maxBase < minScore) {
    // Too weak alone: run only when one of its context words is present somewhere.
    const boost = c.det.contextBoost ?? DEFAULT_BOOST;
    if (Math.max(c.maxBase + boost, CONTEXT_FLOOR) < minScore) return false;
    if (!c.gate.some((g) => f.lower.includes(g) || f.headerLower.includes(g))) return false;
  }
  return true;
}

/** Candidates of one detector, validated, before context. */
export function candidates(det: Detector, text: string): Candidate[] {
  if (det.find) return det.find(text);
  const out: Candidate[] = [];
  for (const p of det.patterns) {
    const rx = p.regex;
    rx.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = rx.exec(text)) !== null) {
      if (m[0].length === 0) {
        rx.lastIndex++;
        continue;
      }
      const verdict = det.validate ? det.validate(m[0]) : { validation: null };
      if (verdict === false) continue;
      out.push({ start: m.index, end: m.index + m[0].length, score: verdict.score ?? p.score, validation: verdict.validation });
    }
  }
  return out;
}

export interface Scored extends Candidate {
  context: string[];
}

/** Applies context words around the candidate (and the column header) to its score. */
export function score(c: Compiled, f: TextFacts, cand: Candidate, window: number): Scored {
  const near = windowWords(f.text, cand.start, cand.end, Math.min(window, c.det.contextWindow ?? window));
  const lists = f.header.length ? [near, f.header] : [near];
  const pos = matchTerms(c.ctx, lists);
  const neg = matchTerms(c.neg, lists);
  let s = cand.score;
  if (pos.length) s = Math.min(1, Math.max(s + (c.det.contextBoost ?? DEFAULT_BOOST), CONTEXT_FLOOR));
  if (neg.length) s = Math.max(0, s - NEGATIVE_PENALTY);
  return { ...cand, score: Math.round(s * 1000) / 1000, context: [...pos, ...neg.map((n) => `-${n}`)] };
}

/** Runs one compiled detector over a text; same-detector overlaps keep the stronger. */
export function runDetector(c: Compiled, f: TextFacts, window: number): Scored[] {
  const scored = candidates(c.det, f.text).map((cand) => score(c, f, cand, window));
  return strongestFirst(scored);
}

/** Keeps the strongest of overlapping spans (score, then length, then position). */
export function strongestFirst<T extends { start: number; end: number; score: number }>(items: T[]): T[] {
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
