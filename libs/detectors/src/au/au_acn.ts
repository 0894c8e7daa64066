import type { Candidate, Detector } from "../core/types.ts";
import { bounded, NOT_AFTER_GROUP, NOT_BEFORE_GROUP } from "../core/regex.ts";
import { allSame, digitsOf, weightedSum } from "../core/checksums.ts";
import { patternCandidates } from "../core/engine.ts";

/**
 * Australian Company Number (ASIC): eight digits and a check digit, (10 − Σ d·(8, 7, … 1) mod 10)
 * mod 10. (A sum divisible by 10 gives check digit 0, as in ASIC's "000 250 000"; Presidio's
 * recognizer compares with 10 there and misses those.)
 */
export function acnValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 9 || allSame(d)) return false;
  return (10 - (weightedSum(d, [8, 7, 6, 5, 4, 3, 2, 1]) % 10)) % 10 === d.charCodeAt(8) - 48;
}

/** Label punctuation between a label and its value: "ACN: ", "<acn>", `"acn": "`. */
const PUNCT = String.raw`[\s.:=#("'>-]{0,4}$`;
/** The value's own label is a Tax File Number's ("TFN: ", "Tax file number ", "<TaxFileNo>"). */
const TFN_LABEL = new RegExp(String.raw`(?<![a-z0-9])(?:tfn|tax[ _-]?file(?:[ _-]?(?:number|no|num))?)${PUNCT}`);
/** The value's own label is an ACN's ("ACN ", "A.C.N. ", "Australian Company Number: "). */
const ACN_LABEL = new RegExp(String.raw`(?<![a-z0-9])(?:acn|a\.c\.n|(?:australian[ _-]?)?company[ _-]?number)${PUNCT}`);

/** Base score of nine digits that pass the check; of those right after an ACN label (see `find`). */
const BASE = 0.3;
const LABELLED = 0.35;

export const auAcn: Detector = {
  id: "au_acn",
  type: "AU_ACN",
  area: "au",
  // A number the government's register (ASIC) issues, as the ABN it is part of; no account or
  // card that moves money, which is what "financial" holds here.
  category: "government_id",
  description: "Australian Company Number (weighted mod 10 check digit)",
  patterns: [
    // As ASIC writes it, 3-3-3 apart by single spaces: not the tail of an ABN ("51 824 753 556")
    // nor a stretch of a longer run of groups.
    { name: "9 digits, 3-3-3", regex: bounded(String.raw`(?<!\+)${NOT_AFTER_GROUP}\d{3} \d{3} \d{3}${NOT_BEFORE_GROUP}(?!,\d)`), score: BASE },
    { name: "9 digits", regex: bounded(String.raw`(?<!\+)\d{9}`), score: BASE },
  ],
  context: ["acn", "a c n", "australian company number", "company number"],
  contextBoost: 0.45,
  maxBaseScore: LABELLED,
  prefilter: { minDigits: 9 },
  // The check digit passes one number in ten, and nine digits grouped 3-3-3 are also TFNs, SINs
  // and phone numbers: an ACN needs a context word (0.75 with one).
  validate: (value) => (acnValid(value) ? { validation: "acn_mod10", score: BASE } : false),
  // One number in 110 passes both the ACN's check and the TFN's (au_tfn: 0.3 alone, 0.75 with
  // its context). Each is reported only with its own context word; where both words are near, the
  // value's own label decides: after a TFN label it is no ACN (dropped here), after an ACN label
  // it scores 0.8 and outweighs the TFN reading. Without a label of either, the two tie at 0.75
  // and the engine keeps the detector registered first, au_tfn (a person's number, where it
  // cannot tell).
  find(text) {
    const out: Candidate[] = [];
    for (const c of patternCandidates(auAcn, text)) {
      const before = text.slice(Math.max(0, c.start - 40), c.start).toLowerCase();
      if (TFN_LABEL.test(before)) continue;
      out.push(ACN_LABEL.test(before) ? { ...c, score: LABELLED } : c);
    }
    return out;
  },
};
