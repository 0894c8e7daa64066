import type { Detector } from "../core/types.ts";
import { bounded, NOT_IN_TOKEN } from "../core/regex.ts";
import { allSame, digitsOf, luhn } from "../core/checksums.ts";

/** National Provider Identifier: 10 digits starting 1 or 2; Luhn over "80840" + the 10 digits (ISO 7812 health prefix). */
export function npiValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 10 || (d[0] !== "1" && d[0] !== "2") || allSame(d.slice(1, 9))) return false;
  return luhn("80840" + d);
}

export const usNpi: Detector = {
  id: "us_npi",
  type: "US_NPI",
  area: "medical",
  category: "medical",
  description: "US National Provider Identifier (Luhn with 80840 prefix)",
  patterns: [{ name: "10 digits or 4-3-3", regex: bounded(String.raw`${NOT_IN_TOKEN}[12]\d{9}|[12]\d{3}([ -])\d{3}\1\d{3}`), score: 0.1 }],
  context: ["npi", "national provider", "provider", "provider id", "provider identifier", "national provider identifier", "prescriber", "physician", "taxonomy", "billing"],
  prefilter: { minDigits: 10 },
  chance: 0.1, // Luhn
  // One random 10-digit number in ten passes the check (array constants in code, memory sizes in
  // JSON): alone it stays below the minimum, a provider word near makes it an NPI.
  validate: (value) => (npiValid(value) ? { validation: "luhn_80840", score: 0.3 } : false),
  contextBoost: 0.45,
};
