import type { Detector } from "../core/types.ts";
import { bounded, NOT_IN_TOKEN } from "../core/regex.ts";
import { digitsOf, verhoeff } from "../core/checksums.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";

/** Aadhaar: 12 digits, first 2–9, Verhoeff check digit; palindromes are not issued. */
export function aadhaarValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 12 || d[0] === "0" || d[0] === "1") return false;
  if (d === [...d].reverse().join("")) return false;
  return verhoeff(d);
}

export const inAadhaar: Detector = {
  id: "in_aadhaar",
  type: "IN_AADHAAR",
  area: "in",
  category: "government_id",
  description: "Indian Aadhaar number (Verhoeff)",
  // Not three groups out of a longer grouped number (a 4-4-4-4 card number).
  patterns: [{ name: "12 digits, 4-4-4", regex: bounded(String.raw`${NOT_IN_TOKEN}(?<!\d[ :-])[2-9]\d{3}([ :-]?)\d{4}\1\d{4}(?!\1\d)`), score: 0.1 }],
  context: ["aadhaar", "aadhar", "adhaar", "uidai", "uid", "आधार"],
  negativeContext: OTHER_NUMBER_LABELS,
  prefilter: { minDigits: 12 },
  chance: 0.1, // Verhoeff
  // As UIDAI prints it, in three groups of four, it stands alone (0.5). Twelve plain digits are
  // also order and invoice numbers, a Russian taxpayer's INN, ids: one in ten of any passes
  // Verhoeff, so they need an Aadhaar word or column (0.3 + context).
  validate: (value) => (aadhaarValid(value) ? { validation: "verhoeff", score: /^\d{12}$/.test(value) ? 0.3 : 0.5 } : false),
};
