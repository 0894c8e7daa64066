import { countrySpecs } from "ibantools";
import type { Candidate, Detector } from "../core/types.ts";

/** Start of an IBAN: two capital letters and two check digits, not glued to a previous word. */
const START = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}/g;

/** A country's entry in ibantools' registry: length, BBAN format, national check (some countries). */
interface Spec {
  chars?: number;
  bban_regexp?: string;
  bban_validation_func?: (bban: string) => boolean;
}
const SPECS = countrySpecs as Record<string, Spec | undefined>;
/** Each country's BBAN format, compiled once (ibantools compiles it on every call). */
const FORMATS = new Map<string, RegExp>();

function lengthOf(country: string): number | undefined {
  return SPECS[country]?.chars;
}

/**
 * ibantools' `validateIBAN` verdict on an electronic-format IBAN of capitals and digits, as one
 * of "valid", "national" (only the bank's or branch's national check digits fail:
 * WrongAccountBankBranchChecksum and no other error) or false; the same rules on the same
 * registry (the spec compares both), without building its strings and expressions per call.
 */
export function ibanVerdict(iban: string): "valid" | "national" | false {
  const country = iban.slice(0, 2);
  const spec = SPECS[country];
  if (!spec?.chars || spec.chars !== iban.length || !/^\d\d$/.test(iban.slice(2, 4))) return false;
  const bban = iban.slice(4);
  if (spec.bban_regexp) {
    let format = FORMATS.get(country);
    if (format === undefined) FORMATS.set(country, (format = new RegExp(spec.bban_regexp)));
    if (!format.test(bban)) return false;
  }
  // ibantools' checksum: 98 − (BBAN, country, "00" as digits, letters as 10–35) mod 97 is the
  // check number (so 00, 01 and 99, which ISO 13616 never issues, fail).
  let r = 0;
  const digits = (c: number) => {
    if (c >= 65) {
      const v = c - 55;
      r = (r * 100 + v) % 97;
    } else r = (r * 10 + (c - 48)) % 97;
  };
  for (let i = 4; i < iban.length; i++) digits(iban.charCodeAt(i));
  digits(iban.charCodeAt(0));
  digits(iban.charCodeAt(1));
  r = (r * 100) % 97;
  if (98 - r !== Number(iban.slice(2, 4))) return false;
  return spec.bban_validation_func && !spec.bban_validation_func(bban) ? "national" : "valid";
}

/**
 * Reads exactly the country's IBAN length of characters from `start`, allowing one space
 * (or dash) after each group of four. Returns the end offset or -1.
 */
function readIban(text: string, start: number, length: number): number {
  let n = 0;
  let i = start;
  let sep: number | null = null;
  while (n < length && i < text.length) {
    const ch = text.charCodeAt(i);
    if (upperOrDigit(ch)) {
      n++;
      i++;
      continue;
    }
    if ((ch === 32 || ch === 45) && n % 4 === 0 && n > 0 && (sep === null || sep === ch) && upperOrDigit(text.charCodeAt(i + 1))) {
      sep = ch;
      i++;
      continue;
    }
    return -1;
  }
  if (n !== length) return -1;
  if (upperOrDigit(text.charCodeAt(i)) || (text.charCodeAt(i) >= 97 && text.charCodeAt(i) <= 122)) return -1; // longer than the country's length
  return i;
}

/** A capital letter or a digit (NaN past the text's end is neither). */
const upperOrDigit = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90);

/** International Bank Account Numbers: country length + BBAN format + mod-97 (ibantools). */
export const ibanCode: Detector = {
  id: "iban_code",
  type: "IBAN_CODE",
  area: "generic",
  category: "financial",
  description: "IBAN (country length, BBAN format, ISO 7064 mod-97; national check digits lower the score)",
  patterns: [],
  context: ["iban", "bank", "account", "transfer", "sepa", "bic", "swift", "konto", "compte", "cuenta", "conto", "rekening"],
  prefilter: { letter: true, minDigits: 6 },
  find(text) {
    const out: Candidate[] = [];
    START.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = START.exec(text)) !== null) {
      const len = lengthOf(m[0].slice(0, 2));
      if (!len) continue;
      const end = readIban(text, m.index, len);
      if (end < 0) continue;
      const compact = end - m.index === len ? text.slice(m.index, end) : text.slice(m.index, end).replace(/[ -]/g, "");
      // Only the bank/branch check digits some countries add (ES, BE, PL, …) failing: the
      // IBAN's own mod-97 holds, so it is still an account number (mistyped or made up), a
      // little less certain.
      const v = ibanVerdict(compact);
      if (v === false) continue;
      out.push({ start: m.index, end, score: v === "valid" ? 1.0 : 0.8, validation: v === "valid" ? "mod97" : "mod97_national_check_failed" });
      START.lastIndex = end;
    }
    return out;
  },
};
