import type { Detector } from "../core/types.ts";
import { bounded, NOT_AFTER_GROUP, NOT_BEFORE_GROUP } from "../core/regex.ts";
import { allSame, digitsOf, weightedSum } from "../core/checksums.ts";

/**
 * Australian Business Number (Australian Business Register): two check digits, then nine digits
 * (a company's ACN, or an identifier the register allots). The check digits are 11 + (−Σ − 1) mod
 * 89 over the nine, so they run from 11 to 99 ("10…" and "0…" pass mod 89 or not, but are never
 * issued: "10" and "99" check the same nine digits, and the register writes 99). To verify:
 * subtract 1 from the first digit, weights 10, 1, 3, 5, … 19, sum divisible by 89.
 */
export function abnValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11 || d < "11" || allSame(d)) return false;
  return (weightedSum(d, [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]) - 10) % 89 === 0;
}

/** Not an international phone number ("+61 412 345 678", "+61412345678": eleven digits after the plus). */
const NOT_PHONE = String.raw`(?<!\+)`;

export const auAbn: Detector = {
  id: "au_abn",
  type: "AU_ABN",
  area: "au",
  // A number the government's register issues (a sole trader's identifies the person, as a TFN
  // does); no account or card that moves money, which is what "financial" holds here.
  category: "government_id",
  description: "Australian Business Number (2 check digits, weighted mod 89)",
  patterns: [
    // As the register writes it, 2-3-3-3 apart by single spaces: not a stretch of a longer run of
    // groups ("1 234 567 890 123", thousands apart by blanks) nor a number with a decimal comma.
    { name: "11 digits, 2-3-3-3", regex: bounded(String.raw`${NOT_PHONE}${NOT_AFTER_GROUP}\d{2} \d{3} \d{3} \d{3}${NOT_BEFORE_GROUP}(?!,\d)`), score: 0.5 },
    { name: "11 digits", regex: bounded(String.raw`${NOT_PHONE}\d{11}`), score: 0.3 },
  ],
  context: ["abn", "a b n", "australian business number", "business number"],
  // A number labelled a phone's ("Phone: 61 412 345 678") is one, whatever its digits pass.
  negativeContext: ["phone", "tel", "mobile", "fax"],
  contextBoost: 0.45,
  prefilter: { minDigits: 11 },
  chance: 1 / 89, // mod 89 (of eleven random digits, the 89 % that start 11–99 pass one time in 89)
  // Mod 89 passes one random number in 89: in the register's 2-3-3-3 layout the number stands
  // alone (0.5, 0.95 with "ABN"); eleven plain digits (phone numbers with a country code, CPFs,
  // PESELs, ids) need a context word (0.3, 0.75 with it).
  validate: (value) => (abnValid(value) ? { validation: "abn_mod89", score: value.length === 14 ? 0.5 : 0.3 } : false),
};
