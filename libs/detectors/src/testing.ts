/** Helpers for the detector specs: run one detector alone, context and validation included. */
import type { Detector } from "./core/types.ts";
import { compile, factsOf, runDetector, type Scored } from "./core/engine.ts";
import { headerWords } from "./core/context.ts";

export function run(det: Detector, text: string, header = "", window = 5): Scored[] {
  return runDetector(compile(det), factsOf(text, headerWords(header), header.toLowerCase()), window).filter((s) => s.score > 0);
}

/** [start, end] of every finding, ignoring the score threshold. */
export function spans(det: Detector, text: string): [number, number][] {
  return run(det, text).map((s) => [s.start, s.end]);
}

/** Score of the single finding in `text` (fails the test when there is not exactly one). */
export function scoreOf(det: Detector, text: string, header = ""): number {
  const r = run(det, text, header);
  if (r.length !== 1) throw new Error(`expected one finding in ${JSON.stringify(text)}, got ${r.length}`);
  return r[0]!.score;
}
