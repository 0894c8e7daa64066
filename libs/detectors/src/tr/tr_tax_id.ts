import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { allSame } from "../core/checksums.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";

/**
 * A Turkish tax identification number (Vergi Kimlik Numarası, VKN, issued by the Revenue
 * Administration, GİB, to companies and to those without a TCKN): 10 digits, the last a check
 * digit. For the digit dₚ at place p = 1…9: t = (dₚ + 10 − p) mod 10, worth 9 when t is 9 and
 * t × 2^(10 − p) mod 9 otherwise; the check digit is (10 − Σ mod 10) mod 10. It may start with 0.
 * A run of one digit ("4444444444" passes) is a filler.
 */
export function vknValid(d: string): boolean {
  if (!/^\d{10}$/.test(d) || allSame(d)) return false;
  let sum = 0;
  for (let p = 1; p <= 9; p++) {
    const t = (d.charCodeAt(p - 1) - 48 + 10 - p) % 10;
    sum += t === 9 ? 9 : (t * 2 ** (10 - p)) % 9;
  }
  return (10 - (sum % 10)) % 10 === d.charCodeAt(9) - 48;
}

export const trTaxId: Detector = {
  id: "tr_tax_id",
  // (Presidio's entity name)
  type: "TR_TAX_ID",
  area: "tr",
  category: "government_id",
  description: "Turkish tax identification number (Vergi Kimlik No, VKN: 10 digits, GİB check digit)",
  patterns: [{ name: "10 digits", regex: bounded(String.raw`(?<!\+)\d{10}`), score: 0.1 }],
  context: [
    // Turkish: "vergi" (tax) stands alone, its compounds glue suffixes on ("vergi numaranız",
    // "vergi dairesi"); in capitals "VERGİ" lowers to "vergi̇" (an i and a combining dot) and
    // "NUMARASI" to "numarasi".
    "vkn", "vergi", "VERGİ", "vergi kimlik", "vergi kimlik no", "vergi kimlik numarası", "vergi kimlik numarasi",
    "vergi no", "vergi numarası", "vergi numarasi", "vergi numaranız", "vergi numaraniz", "vergi numarasını", "vergi numarasini",
    "vergi dairesi", "mükellef", "mükellefin", "mükellef no", "mukellef",
    // English
    "tax id", "tax number", "tax no", "tax identification number", "turkish tax", "turkish tax id", "turkish tax number", "tax office",
  ],
  // Ten plain digits are phone numbers (532 123 45 67 without its 0), bank and order numbers, and
  // another country's taxpayer number (a Russian organisation's ИНН).
  negativeContext: [...OTHER_NUMBER_LABELS, "sipariş", "sipariş no", "sipariş numarası", "siparis no", "seri no", "инн", "inn"],
  prefilter: { minDigits: 10 },
  maxBaseScore: 0.2,
  // One check digit: a tenth of random ten-digit numbers pass.
  chance: 0.1,
  // One number in ten passes: never alone (0.2); a tax word makes it one (0.55). (Not phone
  // words as negative context: an invoice prints the company's phone right after its VKN.)
  validate: (value) => (vknValid(value) ? { validation: "vkn_checksum", score: 0.2 } : false),
};
