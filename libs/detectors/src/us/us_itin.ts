import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { allSame, digitsOf } from "../core/checksums.ts";

/** IRS rules: starts with 9, group (digits 4–5) in 50–65, 70–88, 90–92 or 94–99. */
export function itinRules(value: string): boolean {
  const seps = new Set(value.replace(/[0-9]/g, ""));
  if (seps.size > 1) return false;
  const d = digitsOf(value);
  if (d.length !== 9 || d[0] !== "9") return false;
  const g = Number(d.slice(3, 5));
  return (g >= 50 && g <= 65) || (g >= 70 && g <= 88) || (g >= 90 && g <= 92) || (g >= 94 && g <= 99);
}

export const usItin: Detector = {
  id: "us_itin",
  type: "US_ITIN",
  area: "us",
  category: "government_id",
  description: "US Individual Taxpayer Identification Number",
  patterns: [
    { name: "3-2-4", regex: bounded(String.raw`9\d{2}([- .])\d{2}\1\d{4}`), score: 0.5 },
    { name: "9 digits", regex: bounded(String.raw`9\d{8}`), score: 0.3 },
    { name: "odd grouping", regex: bounded(String.raw`9\d{4}-\d{4}|9\d{2}-\d{6}`), score: 0.05 },
  ],
  context: ["individual", "taxpayer", "itin", "tax", "payer", "taxid", "tin"],
  prefilter: { minDigits: 9 },
  // "999-99-9999" is the input mask of a form (pdf.js's AFSpecial_Format), not a number.
  validate: (value) => (itinRules(value) && !allSame(digitsOf(value)) ? { validation: "itin_rules" } : false),
};
