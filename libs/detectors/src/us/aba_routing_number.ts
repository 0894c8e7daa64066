import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { digitsOf, weightedSum } from "../core/checksums.ts";

/** Federal Reserve routing symbol prefixes: 00–12, 21–32 (thrift), 61–72 (electronic), 80 (traveller's cheques). */
function validPrefix(d: string): boolean {
  const p = Number(d.slice(0, 2));
  return p <= 12 || (p >= 21 && p <= 32) || (p >= 61 && p <= 72) || p === 80;
}

/** ABA routing transit number: 3-7-1 weighted checksum mod 10. */
export function abaChecksum(digits: string): boolean {
  return digits.length === 9 && weightedSum(digits, [3, 7, 1, 3, 7, 1, 3, 7, 1]) % 10 === 0;
}

export const abaRoutingNumber: Detector = {
  id: "aba_routing_number",
  type: "ABA_ROUTING_NUMBER",
  area: "us",
  category: "financial",
  description: "ABA routing transit number (3-7-1 checksum + Federal Reserve prefix)",
  patterns: [{ name: "9 digits or 4-4-1", regex: bounded(String.raw`\d{9}|\d{4}-\d{4}-\d`), score: 0.05 }],
  context: ["aba", "routing", "routing number", "aba routing", "rtn", "transit", "abartn", "bank", "wire", "ach"],
  maxBaseScore: 0.3,
  prefilter: { minDigits: 9 },
  chance: 0.1, // the 3-7-1 check digit
  validate(value) {
    const d = digitsOf(value);
    if (!validPrefix(d) || !abaChecksum(d) || d === "000000000") return false;
    // One random 9-digit number in ~20 passes: the checksum alone is not enough to report.
    return { validation: "aba_checksum", score: 0.3 };
  },
};
