import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";
import { weightedSum } from "../core/checksums.ts";
import { mixedCase } from "../core/shape.ts";

/** NRIC/FIN check letter: weights 2,7,6,5,4,3,2; +4 for T/G, +3 for M; series-specific letter tables. */
export function nricCheckLetter(prefix: string, digits: string): string | null {
  let sum = weightedSum(digits, [2, 7, 6, 5, 4, 3, 2]);
  if (prefix === "T" || prefix === "G") sum += 4;
  if (prefix === "M") sum += 3;
  const table = prefix === "S" || prefix === "T" ? "JZIHGFEDCBA" : prefix === "F" || prefix === "G" ? "XWUTRQPNMLK" : prefix === "M" ? "XWUTRQPNJLK" : null;
  return table ? table[sum % 11]! : null;
}

/** Singapore NRIC (citizens, PRs: S/T) and FIN (foreigners: F/G/M). */
export const sgNric: Detector = {
  id: "sg_nric",
  type: "SG_NRIC_FIN",
  area: "sg",
  category: "government_id",
  description: "Singapore NRIC / FIN (check letter)",
  patterns: [{ name: "S/T/F/G/M + 7 digits + letter", regex: re(String.raw`(?<![A-Za-z0-9_])[STFGMstfgm]\d{7}[A-Za-z](?![A-Za-z0-9_])`), score: 0.3 }],
  context: ["nric", "fin", "identity card", "ic", "ic number", "singapore", "foreign identification", "pink ic", "blue ic"],
  prefilter: { letter: true, minDigits: 7 },
  validate(value) {
    if (mixedCase(value)) return false; // "T8169345a.java": a test's file name
    const v = value.toUpperCase();
    return nricCheckLetter(v[0]!, v.slice(1, 8)) === v[8] ? { validation: "nric_check_letter", score: 0.85 } : false;
  },
};
