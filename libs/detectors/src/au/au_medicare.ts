import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { digitsOf, weightedSum } from "../core/checksums.ts";

/** Medicare card number: first digit 2–6, check digit = Σ(d1..d8 × 1,3,7,9,1,3,7,9) mod 10, issue number. */
export function medicareValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 10 || d[0]! < "2" || d[0]! > "6") return false;
  return weightedSum(d, [1, 3, 7, 9, 1, 3, 7, 9]) % 10 === Number(d[8]);
}

export const auMedicare: Detector = {
  id: "au_medicare",
  type: "AU_MEDICARE",
  area: "au",
  category: "medical",
  description: "Australian Medicare card number (weighted mod 10)",
  patterns: [{ name: "10 digits, optionally 4-5-1", regex: bounded(String.raw`[2-6]\d{3}( ?)\d{5}\1\d`), score: 0.1 }],
  context: ["medicare", "medicare card", "medicare number", "irn", "health"],
  contextBoost: 0.45,
  prefilter: { minDigits: 10 },
  chance: 0.1, // the check digit
  // The check digit passes one time in ten: ten plain digits need context, the 4-5-1 card layout less so.
  validate: (value) => (medicareValid(value) ? { validation: "medicare_mod10", score: /\s/.test(value) ? 0.4 : 0.3 } : false),
};
