import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { allSame, digitsOf, weightedSum } from "../core/checksums.ts";

/** NHS number check digit: weights 10..2, 11 − (sum mod 11); 11 → 0, 10 → invalid. */
export function nhsChecksum(digits: string): boolean {
  if (digits.length !== 10) return false;
  let check = 11 - (weightedSum(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
  if (check === 11) check = 0;
  return check !== 10 && check === Number(digits[9]);
}

export const ukNhs: Detector = {
  id: "uk_nhs",
  type: "UK_NHS",
  area: "uk",
  category: "medical",
  description: "NHS number (England, Wales, Isle of Man; mod 11)",
  patterns: [{ name: "3-3-4 or 10 digits", regex: bounded(String.raw`\d{3}([- ]?)\d{3}\1\d{4}`), score: 0.1 }],
  context: ["nhs", "national health", "health service", "patient", "nhs number", "gp", "hospital", "chi"],
  negativeContext: ["phone", "tel", "mobile", "fax"],
  prefilter: { minDigits: 10 },
  chance: 1 / 11, // mod 11
  validate(value) {
    const d = digitsOf(value);
    if (allSame(d) || !nhsChecksum(d)) return false;
    // Ten plain digits pass mod 11 about one time in eleven: alone they need context.
    return { validation: "nhs_mod11", score: d.length === value.length ? 0.3 : 0.5 };
  },
};
