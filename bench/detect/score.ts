/**
 * bench/detect/score.ts: how bench/detect scores findings against a labelled corpus, shared by
 * run.ts (the generated corpus) and handwritten.ts (documents written by hand).
 *
 * A finding is a true positive when it has a labelled type and overlaps a labelled span of that
 * type (a span found twice counts once); a finding of a labelled type that overlaps none is a
 * false positive, a span no finding of its type overlaps a false negative. Findings of types not
 * labelled are counted apart, not scored.
 */
import type { Finding } from "@filescan/contracts";
import type { Doc, Span } from "./doc.ts";

export interface Tally {
  tp: number;
  fp: number;
  fn: number;
}

export interface Quality {
  tally: Map<string, Tally>;
  /** Findings of types not labelled, per type. */
  unlabelled: Map<string, number>;
  /** With `explain`: that type's errors, each with its surroundings. */
  explained: string[];
}

export interface ScoreOptions {
  /** Where a finding's segment starts in its document (a CSV cell's offset); default 0. */
  at?: (d: Doc, f: Finding) => number;
  /** A type whose false positives and negatives to list (for a type not labelled: its findings). */
  explain?: string;
  /**
   * Per type, the labelled types a finding of it may overlap without being a false positive
   * (nor a true one): a town found inside a labelled address (`{ LOCATION: ["ADDRESS"] }`). None
   * by default, as run.ts scores.
   */
  tolerated?: Record<string, string[]>;
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;
const excerpt = (text: string, start: number, end: number) =>
  JSON.stringify(text.slice(Math.max(0, start - 40), start)) + " [" + JSON.stringify(text.slice(start, end)) + "] " + JSON.stringify(text.slice(end, end + 30));

/** Scores each document's findings (`findings[i]` of `docs[i]`) against its spans of `types`. */
export function scoreFindings(docs: Doc[], findings: Finding[][], types: string[], opts: ScoreOptions = {}): Quality {
  const at = opts.at ?? (() => 0);
  const tally = new Map<string, Tally>();
  const t = (type: string) => {
    let v = tally.get(type);
    if (!v) tally.set(type, (v = { tp: 0, fp: 0, fn: 0 }));
    return v;
  };
  for (const type of types) t(type);
  const unlabelled = new Map<string, number>();
  const explained: string[] = [];
  for (const [i, d] of docs.entries()) {
    const found = findings[i]!;
    const matched = new Set<Span>();
    for (const f of found) {
      const o = at(d, f);
      const span = { start: f.start + o, end: f.end + o };
      if (!types.includes(f.type)) {
        unlabelled.set(f.type, (unlabelled.get(f.type) ?? 0) + 1);
        if (f.type === opts.explain) {
          const under = d.spans.find((s) => overlaps(s, span));
          explained.push(`not planted ${f.detector} ${f.score} [${f.validation}] (${f.context.join(" ")})${under ? ` planted ${under.type}` : ""}: ${excerpt(d.text, span.start, span.end)}`);
        }
        continue;
      }
      const hit = d.spans.find((s) => s.type === f.type && overlaps(s, span));
      if (hit) {
        if (!matched.has(hit)) t(f.type).tp++;
        matched.add(hit);
      } else if (opts.tolerated?.[f.type]?.length && d.spans.some((s) => opts.tolerated![f.type]!.includes(s.type) && overlaps(s, span))) {
        continue;
      } else {
        t(f.type).fp++;
        if (f.type === opts.explain) {
          const truth = d.spans.find((s) => overlaps(s, span));
          explained.push(`FP ${f.detector} ${f.score} [${f.validation}] (${f.context.join(" ")})${truth ? ` planted ${truth.type}` : ""}: ${excerpt(d.text, span.start, span.end)}`);
        }
      }
    }
    for (const s of d.spans) {
      if (matched.has(s)) continue;
      t(s.type).fn++;
      if (s.type === opts.explain) {
        const other = found.filter((f) => overlaps(s, { start: f.start + at(d, f), end: f.end + at(d, f) })).map((f) => `${f.type} ${f.score}`);
        explained.push(`FN${other.length ? ` (found as ${other.join(", ")})` : ""}: ${excerpt(d.text, s.start, s.end)}`);
      }
    }
  }
  return { tally, unlabelled, explained };
}

/** Precision, recall and F2 (recall weighted 4x) of a tally. */
export function rates({ tp, fp, fn }: Tally): { p: number; r: number; f2: number } {
  const p = tp + fp ? tp / (tp + fp) : 0;
  const r = tp + fn ? tp / (tp + fn) : 0;
  return { p, r, f2: p + r ? (5 * p * r) / (4 * p + r) : 0 };
}

/** Prints the table per type, the macro F2, the findings of types not labelled and the explained errors (the first `maxExplained`). */
export function printQuality(q: Quality, types: string[], explain?: string, maxExplained = 40): void {
  console.log("entity           planted  TP     FP     FN     precision recall  F2");
  let macro = 0;
  for (const type of types) {
    const tl = q.tally.get(type)!;
    const { p, r, f2 } = rates(tl);
    macro += f2;
    console.log(`${type.padEnd(16)} ${String(tl.tp + tl.fn).padStart(6)} ${String(tl.tp).padStart(6)} ${String(tl.fp).padStart(6)} ${String(tl.fn).padStart(6)}  ${p.toFixed(3).padStart(8)} ${r.toFixed(3).padStart(7)} ${f2.toFixed(3).padStart(6)}`);
  }
  console.log(`macro F2 ${(macro / types.length).toFixed(3)}`);
  console.log(`findings of types not planted (not scored): ${[...q.unlabelled].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(", ") || "none"}`);
  if (explain) {
    console.log(`\n--explain ${explain}: ${q.explained.length} errors`);
    for (const line of q.explained.slice(0, maxExplained)) console.log(line);
  }
}
