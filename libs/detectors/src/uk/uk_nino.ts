import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";
import { lowerHexHash, mixedCase } from "../core/shape.ts";

/**
 * HMRC National Insurance number: two prefix letters (first not D F I Q U V, second not
 * D F I O Q U V; BG GB KN NK NT TN ZZ never allocated), six digits, suffix A–D.
 */
const PREFIX_BANNED = new Set(["BG", "GB", "KN", "NK", "NT", "TN", "ZZ"]);

export function ninoRules(value: string): boolean {
  const v = value.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$/.test(v)) return false;
  return !PREFIX_BANNED.has(v.slice(0, 2));
}

export const ukNino: Detector = {
  id: "uk_nino",
  type: "UK_NINO",
  area: "uk",
  category: "government_id",
  description: "UK National Insurance number (HMRC prefix rules)",
  patterns: [
    {
      name: "nino",
      // (not a part's number before a word: "MC146818A-compatible" of a real-time clock)
      regex: re(String.raw`(?<![A-Za-z0-9_])[A-Za-z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-Da-d](?![A-Za-z0-9_]|-[A-Za-z])`),
      score: 0.5,
    },
  ],
  context: ["national insurance", "ni number", "nino", "nin", "insurance number", "ni no", "hmrc", "payroll"],
  prefilter: { letter: true, minDigits: 6 },
  // "As 503748d" and "bc899650c" (commits in a changelog) are no NINO written in one case.
  validate: (value) => (ninoRules(value) && !mixedCase(value) && !lowerHexHash(value) ? { validation: "nino_prefix" } : false),
};
