import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { isBirthDate, weightedSum } from "../core/checksums.ts";

/**
 * PESEL: birth date (century in the month: +0 1900s, +20 2000s, +40 2100s, +60 2200s, +80
 * 1800s), not after `today` (eleven digits of another scheme, an Estonian code, often read as a
 * date decades ahead), check digit.
 */
export function peselValid(d: string, today = new Date()): boolean {
  if (!/^\d{11}$/.test(d)) return false;
  const yy = Number(d.slice(0, 2));
  const mm = Number(d.slice(2, 4));
  const dd = Number(d.slice(4, 6));
  const century = [1900, 2000, 2100, 2200, 1800][Math.floor(mm / 20)];
  if (century === undefined || !isBirthDate(century + yy, mm % 20, dd, today)) return false;
  const check = (10 - (weightedSum(d, [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]) % 10)) % 10;
  return check === Number(d[10]);
}

export const plPesel: Detector = {
  id: "pl_pesel",
  type: "PL_PESEL",
  area: "eu",
  category: "government_id",
  description: "Polish PESEL (birth date + weighted check digit)",
  patterns: [{ name: "11 digits", regex: bounded(String.raw`\d{11}`), score: 0.1 }],
  context: ["pesel", "numer pesel", "nr pesel", "identyfikacyjny"],
  prefilter: { minDigits: 11 },
  chance: 0.05, // the weighted check digit (0.1) of a number whose birth date is valid: 1.8 % of uniform random numbers pass, 4.1 % of a stroke-count table
  // One eleven-digit reference or id in fifty passes: not alone (0.35, as a German tax id); a
  // PESEL word makes it one (0.85, as before).
  contextBoost: 0.5,
  validate: (value) => (peselValid(value) ? { validation: "pesel_checksum", score: 0.35 } : false),
};
