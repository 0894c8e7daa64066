import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { weightedSum } from "../core/checksums.ts";

/**
 * DEA registration number: the registrant type (A, B, F, G practitioners, M mid-level
 * practitioners, P–U manufacturers, distributors and the like, X the DATA waiver; C, D, E, H, J,
 * K, L of older registrations), the registrant's last-name initial (9 for a business), seven
 * digits. The last digit is the check digit: d1 + d3 + d5 + 2 × (d2 + d4 + d6), its last digit.
 * Presidio's letters (no I, N, O, Q, V, W, Y, Z first), in either case (its cases read "Gn…").
 */
export function deaValid(value: string): boolean {
  if (!/^[A-HJ-MPR-UX][A-Z9]\d{7}$/i.test(value)) return false;
  const d = value.slice(2);
  return weightedSum(d, [1, 2, 1, 2, 1, 2]) % 10 === d.charCodeAt(6) - 48;
}

export const usDeaNumber: Detector = {
  id: "us_dea_number",
  type: "MEDICAL_LICENSE",
  area: "medical",
  category: "medical",
  description: "US DEA registration number (registrant type, initial, 7 digits with a check digit)",
  patterns: [{ name: "two letters and 7 digits", regex: bounded(String.raw`[A-HJ-MPR-UX][A-Z9]\d{7}`, "i"), score: 0.1 }],
  context: ["dea", "dea number", "dea#", "dea no", "dea registration", "dea registration number", "drug enforcement", "drug enforcement administration", "prescriber", "controlled substance", "schedule ii", "rx", "medical license", "registrant"],
  maxBaseScore: 0.3,
  prefilter: { minDigits: 7, letter: true, minToken: 9 },
  // Two letters and seven digits is a common shape (part numbers, ticket and booking references)
  // and one in ten passes the check digit: alone, below the threshold; a DEA or prescription
  // word near makes it one. (No `chance`: the values hold letters.)
  validate: (value) => (deaValid(value) ? { validation: "dea_checksum", score: 0.3 } : false),
};
