import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { digitSumWeighted, isRealDate, letterPlace } from "../core/checksums.ts";

/** Weights of the check digit (VKVV § 4), on the 12 digits before it once the letter is written as two. */
const WEIGHTS = [2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1];

/**
 * Rentenversicherungsnummer (the German social security number, § 147 SGB VI, VKVV § 4): area
 * (2 digits), birth date DDMMYY (the day +50 where the number would repeat another's), the
 * birth surname's initial, a serial (2 digits, 00–49 men, 50–99 women), a check digit. The
 * letter counts as its place in the alphabet (A = 01 … Z = 26); each digit times its weight,
 * the products' digit sums added, mod 10, is the check digit. Written whole or as printed on
 * the card, "15 070649 C 103".
 */
export function deSocialSecurityValid(value: string): boolean {
  const v = value.replace(/ /g, "");
  if (!/^\d{8}[A-Z]\d{3}$/.test(v)) return false;
  const dd = Number(v.slice(2, 4));
  const day = dd > 50 ? dd - 50 : dd;
  // (the century is not written: a leap year's 29 February is allowed)
  if (!isRealDate(2000, Number(v.slice(4, 6)), day)) return false;
  return digitSumWeighted(v.slice(0, 8) + letterPlace(v[8]!) + v.slice(9, 11), WEIGHTS) % 10 === v.charCodeAt(11) - 48;
}

export const deSocialSecurity: Detector = {
  id: "de_social_security",
  type: "DE_SOCIAL_SECURITY",
  area: "eu",
  category: "government_id",
  description: "German social security number (Rentenversicherungsnummer: birth date, initial, VKVV check digit)",
  patterns: [{ name: "8 digits, a capital, 3 digits (or 2 6 1 3)", regex: bounded(String.raw`\d{8}[A-Z]\d{3}|\d{2} \d{6} [A-Z] ?\d{3}`), score: 0.1 }],
  context: ["rentenversicherungsnummer", "sozialversicherungsnummer", "versicherungsnummer", "rvnr", "svnr", "sv nummer", "sv nr", "rentenversicherung", "deutsche rentenversicherung", "drv", "sozialversicherung", "sozialversicherungsausweis", "rentenausweis", "social security", "social insurance", "pension insurance", "insurance number"],
  prefilter: { minDigits: 11, letter: true },
  // The shape (a capital between the birth date and the serial) is rare outside these numbers,
  // and with a real date and its check digit one is reported alone.
  validate: (value) => (deSocialSecurityValid(value) ? { validation: "vkvv_checksum", score: 0.5 } : false),
};
