import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { allSame, digitsOf } from "../core/checksums.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";

/** Published example numbers that are not anyone's SSN. */
const SAMPLES = new Set(["123456789", "078051120"]);

/**
 * SSA issuance rules: area 001–899 except 666, group 01–99, serial 0001–9999, one separator
 * kind throughout. There is no check digit, so the format's strength sets the score.
 */
export function ssnRules(value: string): boolean {
  const seps = new Set(value.replace(/[0-9]/g, ""));
  if (seps.size > 1) return false;
  const d = digitsOf(value);
  if (d.length !== 9 || allSame(d) || SAMPLES.has(d)) return false;
  const area = d.slice(0, 3);
  if (area === "000" || area === "666" || area[0] === "9") return false;
  return d.slice(3, 5) !== "00" && d.slice(5) !== "0000";
}

export const usSsn: Detector = {
  id: "us_ssn",
  type: "US_SSN",
  area: "us",
  category: "government_id",
  description: "US Social Security Number (SSA area/group/serial rules)",
  patterns: [
    { name: "3-2-4", regex: bounded(String.raw`\d{3}([- .])\d{2}\1\d{4}`), score: 0.5 },
    { name: "9 digits", regex: bounded(String.raw`\d{9}`), score: 0.3 },
    { name: "odd grouping", regex: bounded(String.raw`\d{5}-\d{4}|\d{3}-\d{6}`), score: 0.05 },
  ],
  context: ["ssn", "ssns", "ssid", "social security", "social", "security number", "ss#", "ssn#"],
  negativeContext: [...OTHER_NUMBER_LABELS, "phone", "tel", "zip", "routing"],
  prefilter: { minDigits: 9 },
  validate: (value) => (ssnRules(value) ? { validation: "ssn_rules" } : false),
};
