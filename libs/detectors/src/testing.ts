/** Helpers for the detector specs: run one detector alone, context and validation included. */
import type { Detector } from "./core/types.ts";
import { compile, factsOf, GateScan, runDetector, type Compiled, type Scored } from "./core/engine.ts";
import { headerWords } from "./core/context.ts";
import { Faker, base as baseLocale, en, de, fr } from "@faker-js/faker";

export function run(det: Detector, text: string, header = "", window = 5): Scored[] {
  return runDetector(compile(det), factsOf(text, headerWords(header)), window).filter((s) => s.score > 0);
}

/** A small deterministic generator for the property specs, so a failure names a reproducible case. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/**
 * For a detector with the `context` pre-filter: over 3,000 texts of `parts` joined at random, its
 * `find` at the cues the shared scan of context words gives finds exactly what a scan of the whole
 * text finds. Returns how many candidates were found (a spec asks that it is not vacuous).
 */
export function cuedFindsAsWhole(det: Detector, parts: readonly string[], seed: number): number {
  const c = compile(det);
  const gates = new GateScan([c]);
  const next = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  let found = 0;
  for (let i = 0; i < 3000; i++) {
    const text = Array.from({ length: 2 + Math.floor(next() * 14) }, () => pick(parts)).join(pick([" ", " ", "  ", "\n", "\t"]));
    const cues = new Map<Compiled, number[]>();
    gates.open(text.toLowerCase(), cues);
    const whole = det.find!(text);
    found += whole.length;
    const atCues = det.find!(text, cues.get(c) ?? []);
    if (JSON.stringify(atCues) !== JSON.stringify(whole)) throw new Error(`${det.id}: at the cues ${JSON.stringify(atCues)}, over the whole text ${JSON.stringify(whole)} in ${JSON.stringify(text)}`);
  }
  return found;
}

/** [start, end] of every finding, ignoring the score threshold. */
export function spans(det: Detector, text: string): [number, number][] {
  return run(det, text).map((s) => [s.start, s.end]);
}

/** The text of every finding, ignoring the score threshold. */
export function values(det: Detector, text: string): string[] {
  return spans(det, text).map(([s, e]) => text.slice(s, e));
}

/** Score of the single finding in `text` (fails the test when there is not exactly one). */
export function scoreOf(det: Detector, text: string, header = ""): number {
  const r = run(det, text, header);
  if (r.length !== 1) throw new Error(`expected one finding in ${JSON.stringify(text)}, got ${r.length}`);
  return r[0]!.score;
}

/**
 * Texts for the NER specs that compare two ways of running compromise: hand-written edge cases
 * (titles, possessives, quotes, no names at all, a log line) and, in three faker locales,
 * sentences and letters full of names, places and addresses.
 */
export function nerSampleTexts(perLocale = 40): string[] {
  const out = [
    "Dear Mr. John Smith, I met (Mary Jones's) friend in Paris last week. She lives at 12 Baker Street, London.",
    "\"Anna-Lena O'Brien\" lives at 12 Baker Street, London. Contact Maria Garcia in Paris, France or call Dr. Anna Muller on Monday.",
    "Kind regards,\nPeter O'Neil\nHead of Sales, Acme Ltd, Springfield, IL 62704",
    "the quick brown fox jumps over the lazy dog. it was not a good day for anyone in the office.",
    "",
    "1234 5678 9012 3456 | 2026-11-22 | ERROR | GET /api/v1/users/42 200",
  ];
  for (const locale of [en, de, fr]) {
    const f = new Faker({ locale: [locale, en, baseLocale] });
    f.seed(11);
    for (let i = 0; i < perLocale; i++) {
      out.push(`${f.person.fullName()} (${f.person.jobTitle()}) moved from ${f.location.city()} to ${f.location.streetAddress()}, ${f.location.country()}. ${f.lorem.sentences(2)} Call ${f.person.firstName()} at ${f.phone.number()}.`);
      out.push(`Dear ${f.person.prefix()} ${f.person.lastName()},\n${f.company.catchPhrase()}. ${f.person.firstName()} and ${f.person.firstName()} will visit ${f.location.state()} on ${f.date.weekday()}.\nSincerely, ${f.person.fullName()}`);
      out.push(`${f.person.prefix()} ${f.person.fullName()} (${f.location.city()}) wrote to "${f.person.firstName()} ${f.person.lastName()}" in ${f.location.country()}; ${f.person.fullName()}'s office, ${f.location.streetAddress()}, ${f.location.state()}.`);
    }
  }
  return out;
}
