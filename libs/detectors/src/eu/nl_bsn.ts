import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { allSame, digitsOf, weightedSum } from "../core/checksums.ts";

/** Burgerservicenummer "elfproef": 9·d1 + 8·d2 + … + 2·d8 − d9 ≡ 0 (mod 11). */
export function bsnElevenProof(value: string): boolean {
  let d = digitsOf(value);
  if (d.length === 8) d = "0" + d;
  if (d.length !== 9 || allSame(d)) return false;
  const sum = weightedSum(d, [9, 8, 7, 6, 5, 4, 3, 2]) - Number(d[8]);
  return sum % 11 === 0 && sum > 0;
}

export const nlBsn: Detector = {
  id: "nl_bsn",
  type: "NL_BSN",
  area: "eu",
  category: "government_id",
  description: "Dutch citizen service number (BSN, 11-proof)",
  patterns: [{ name: "9 digits, optionally 4-2-3 or 3-3-3 dotted", regex: bounded(String.raw`\d{9}|\d{4}\.\d{2}\.\d{3}|\d{3}[ .]\d{3}[ .]\d{3}`), score: 0.05 }],
  context: ["bsn", "bsn nummer", "burgerservicenummer", "sofinummer", "sofi", "persoonsnummer", "citizen service number"],
  maxBaseScore: 0.3,
  prefilter: { minDigits: 9 },
  chance: 1 / 11, // the 11-test
  validate: (value) => (bsnElevenProof(value) ? { validation: "elfproef", score: 0.3 } : false),
};
