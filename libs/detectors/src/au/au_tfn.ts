import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { allSame, digitsOf, weightedSum } from "../core/checksums.ts";

/** Tax File Number: weights 1,4,3,7,5,8,6,9,10, sum divisible by 11. */
export function tfnValid(value: string): boolean {
  const d = digitsOf(value);
  return d.length === 9 && !allSame(d) && weightedSum(d, [1, 4, 3, 7, 5, 8, 6, 9, 10]) % 11 === 0;
}

export const auTfn: Detector = {
  id: "au_tfn",
  type: "AU_TFN",
  area: "au",
  category: "government_id",
  description: "Australian Tax File Number (weighted mod 11)",
  patterns: [{ name: "9 digits, optionally 3-3-3", regex: bounded(String.raw`\d{3}( ?)\d{3}\1\d{3}`), score: 0.1 }],
  context: ["tfn", "tax file number", "tax file", "tax file no", "ato", "australian taxation"],
  contextBoost: 0.45,
  maxBaseScore: 0.3,
  prefilter: { minDigits: 9 },
  chance: 1 / 11, // mod 11
  // Nine digits pass mod 11 about one time in eleven (SINs, BSNs and reference numbers among
  // them): a TFN needs context to be reported.
  validate: (value) => (tfnValid(value) ? { validation: "tfn_mod11", score: 0.3 } : false),
};
