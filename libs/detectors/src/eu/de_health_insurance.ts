import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { digitSumWeighted, letterPlace } from "../core/checksums.ts";

/**
 * Krankenversichertennummer (KVNR, § 290 SGB V, Anlage 1), the German statutory health
 * insurance number on the eGK: a capital letter, eight digits, a check digit. The letter counts
 * as its place in the alphabet (A = 01 … Z = 26); with the eight digits, the ten digits times
 * 1, 2, 1, 2, …, the products' digit sums added, mod 10, is the check digit. Lower case is read
 * too (Presidio's cases read it).
 */
export function deHealthInsuranceValid(value: string): boolean {
  const v = value.toUpperCase();
  if (!/^[A-Z]\d{9}$/.test(v)) return false;
  return digitSumWeighted(letterPlace(v[0]!) + v.slice(1, 9), [1, 2, 1, 2, 1, 2, 1, 2, 1, 2]) % 10 === v.charCodeAt(9) - 48;
}

export const deHealthInsurance: Detector = {
  id: "de_health_insurance",
  type: "DE_HEALTH_INSURANCE",
  area: "eu",
  category: "medical",
  description: "German health insurance number (KVNR on the eGK: a letter, 9 digits, check digit)",
  patterns: [{ name: "a letter and 9 digits", regex: bounded(String.raw`[A-Za-z]\d{9}`), score: 0.1 }],
  context: ["krankenversichertennummer", "krankenversicherungsnummer", "versichertennummer", "versicherten nr", "kvnr", "krankenkasse", "krankenversicherung", "gesetzliche krankenversicherung", "gesundheitskarte", "elektronische gesundheitskarte", "egk", "versichertenkarte", "versichertenausweis", "krankenversicherungsausweis", "gkv", "aok", "barmer", "dak", "health insurance", "insurance number", "insured"],
  prefilter: { minDigits: 9, letter: true },
  // One number of this shape in ten passes the check digit, and the shape is common (Wikidata's
  // Q-ids, Amazon's ASINs, part numbers): alone, below the threshold; a health insurance word
  // near makes it one.
  validate: (value) => (deHealthInsuranceValid(value) ? { validation: "gkv_checksum", score: 0.3 } : false),
};
