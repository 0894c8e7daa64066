/**
 * The longest run of consecutive ASCII digits that every match of a regular expression must
 * contain, read off its syntax tree (regexpp). A text whose longest digit run is shorter cannot
 * hold a match, so the engine skips the pattern without scanning: logs and business
 * spreadsheets are full of short numbers (times, amounts, quantities) and few long ones.
 *
 * The bound is conservative: anything that may be a non-digit (a class with a letter in it, a
 * back-reference, `.`) counts as a break in the run, so real runs are at least this long.
 */
import { RegExpParser } from "@eslint-community/regexpp";
import type { Alternative, CharacterClass, Element, Node } from "@eslint-community/regexpp/ast";

/** Lower bounds over all matches: digits at the start, at the end, the longest run, and whether every character is a digit. */
interface Runs {
  pre: number;
  suf: number;
  best: number;
  all: boolean;
}

const EMPTY: Runs = { pre: 0, suf: 0, best: 0, all: true };
const BREAK: Runs = { pre: 0, suf: 0, best: 0, all: false };
/** The empty string as one side of a choice: it may join the digits around it, but it is not a digit itself. */
const EMPTY_BREAK: Runs = { pre: 0, suf: 0, best: 0, all: false };
const DIGIT: Runs = { pre: 1, suf: 1, best: 1, all: true };

function concat(a: Runs, b: Runs): Runs {
  return {
    pre: a.all ? a.pre + b.pre : a.pre,
    suf: b.all ? a.suf + b.suf : b.suf,
    best: Math.max(a.best, b.best, a.suf + b.pre),
    all: a.all && b.all,
  };
}

/** Lower bound over a union of languages: the weakest of each. */
function either(xs: Runs[]): Runs {
  if (xs.length === 0) return BREAK;
  return xs.reduce((a, b) => ({ pre: Math.min(a.pre, b.pre), suf: Math.min(a.suf, b.suf), best: Math.min(a.best, b.best), all: a.all && b.all }));
}

function isDigitOnlyClass(c: CharacterClass): boolean {
  if (c.negate || c.elements.length === 0) return false;
  return c.elements.every((e) => {
    if (e.type === "Character") return e.value >= 48 && e.value <= 57;
    if (e.type === "CharacterClassRange") return e.min.value >= 48 && e.max.value <= 57;
    if (e.type === "CharacterSet") return e.kind === "digit" && !e.negate;
    return false;
  });
}

function ofAlternatives(alts: Alternative[]): Runs {
  return either(alts.map((a) => a.elements.reduce((acc: Runs, e: Element) => concat(acc, ofElement(e)), EMPTY)));
}

function ofElement(e: Node): Runs {
  switch (e.type) {
    case "Character":
      return e.value >= 48 && e.value <= 57 ? DIGIT : BREAK;
    case "CharacterSet":
      return e.kind === "digit" && !e.negate ? DIGIT : BREAK;
    case "CharacterClass":
      return isDigitOnlyClass(e) ? DIGIT : BREAK;
    case "Assertion":
      return EMPTY; // zero-width: ^ $ \b and look-arounds consume nothing
    case "Group":
    case "CapturingGroup":
      return ofAlternatives(e.alternatives);
    case "Quantifier": {
      // More copies never shorten the bound, so the fewest copies give it; none is the empty string.
      const one = ofElement(e.element);
      if (e.min === 0) return e.max === 0 ? EMPTY : either([EMPTY_BREAK, one]);
      let acc = one;
      for (let i = 1; i < Math.min(e.min, 64); i++) acc = concat(acc, one);
      return acc;
    }
    default:
      return BREAK; // back-references, string alternatives, anything unknown
  }
}

const parser = new RegExpParser({ ecmaVersion: 2025 });

/** Longest digit run every match of `regex` contains (0 when a match may have none). */
export function minDigitRun(regex: RegExp): number {
  const pattern = parser.parsePattern(regex.source, 0, regex.source.length, { unicode: regex.unicode, unicodeSets: regex.unicodeSets });
  return ofAlternatives(pattern.alternatives).best;
}

/** Longest run of consecutive ASCII digits in a text. */
export function longestDigitRun(text: string): number {
  let best = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (++run > best) best = run;
    } else run = 0;
  }
  return best;
}
