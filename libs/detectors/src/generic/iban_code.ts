import { countrySpecs, validateIBAN, ValidationErrorsIBAN } from "ibantools";
import type { Candidate, Detector } from "../core/types.ts";

/** Start of an IBAN: two capital letters and two check digits, not glued to a previous word. */
const START = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}/g;

function lengthOf(country: string): number | undefined {
  const spec = (countrySpecs as Record<string, { chars?: number } | undefined>)[country];
  return spec?.chars;
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
      const compact = text.slice(m.index, end).replace(/[ -]/g, "");
      const v = validateIBAN(compact);
      // Only the bank/branch check digits some countries add (ES, BE, PL, …) failing: the
      // IBAN's own mod-97 holds, so it is still an account number (mistyped or made up), a
      // little less certain.
      const nationalOnly = !v.valid && v.errorCodes.every((c) => c === ValidationErrorsIBAN.WrongAccountBankBranchChecksum);
      if (!v.valid && !nationalOnly) continue;
      out.push({ start: m.index, end, score: v.valid ? 1.0 : 0.8, validation: v.valid ? "mod97" : "mod97_national_check_failed" });
      START.lastIndex = end;
    }
    return out;
  },
};
