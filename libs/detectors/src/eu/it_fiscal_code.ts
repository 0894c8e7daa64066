import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";

/** Values of characters in odd (1st, 3rd, ...) positions, digits and letters alike (DM 23/12/1976). */
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
/** Omocodia: digits replaced by these letters when two people would share a code. */
const OMOCODE = "LMNPQRSTUV";
const MONTHS = "ABCDEHLMPRST";

function valueOf(ch: string, odd: boolean): number {
  const c = ch.charCodeAt(0);
  const idx = c >= 48 && c <= 57 ? c - 48 : c - 65;
  return odd ? ODD[idx]! : idx;
}

/** The check character of the first 15 characters of a codice fiscale. */
export function fiscalCheckChar(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) sum += valueOf(first15[i]!, i % 2 === 0);
  return String.fromCharCode(65 + (sum % 26));
}

const DIGIT = `[0-9${OMOCODE}]`;
const SHAPE = new RegExp(`^[A-Z]{6}${DIGIT}{2}[${MONTHS}]${DIGIT}{2}[A-Z]${DIGIT}{3}[A-Z]$`);

export function fiscalCodeValid(value: string): boolean {
  const v = value.toUpperCase();
  if (!SHAPE.test(v)) return false;
  const day = Number([...v.slice(9, 11)].map((c) => (OMOCODE.includes(c) ? OMOCODE.indexOf(c) : c)).join(""));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  return fiscalCheckChar(v.slice(0, 15)) === v[15];
}

/** Italian codice fiscale of a person: surname/name letters, birth date/sex, place, check character. */
export const itFiscalCode: Detector = {
  id: "it_fiscal_code",
  type: "IT_FISCAL_CODE",
  area: "eu",
  category: "government_id",
  description: "Italian codice fiscale (check character)",
  patterns: [
    {
      name: "16 characters",
      regex: re(`(?<![A-Za-z0-9_])[A-Za-z]{6}[0-9LMNPQRSTUVlmnpqrstuv]{2}[ABCDEHLMPRSTabcdehlmprst][0-9LMNPQRSTUVlmnpqrstuv]{2}[A-Za-z][0-9LMNPQRSTUVlmnpqrstuv]{3}[A-Za-z](?![A-Za-z0-9_])`),
      score: 0.3,
    },
  ],
  context: ["codice fiscale", "cf", "fiscale", "tax code", "codice", "c.f", "tessera sanitaria"],
  prefilter: { letter: true, minDigits: 2, minToken: 16 },
  validate: (value) => (fiscalCodeValid(value) ? { validation: "cf_check_char", score: 1.0 } : false),
};
