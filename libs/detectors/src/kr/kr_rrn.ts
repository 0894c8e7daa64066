import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { allSame, digitsOf, isRealDate, weightedSum } from "../core/checksums.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";

/**
 * The birth date (YYMMDD) and gender digit of a Korean registration number: a resident's 1/2
 * born in the 1900s, 3/4 in the 2000s; a registered foreigner's (`foreigner`, kr_frn.ts) 5/6
 * and 7/8. (9/0, born in the 1800s, has no living holder.)
 */
export function registrationBirthDate(d: string, foreigner = false): boolean {
  if (!/^\d{13}$/.test(d) || allSame(d)) return false;
  const g = Number(d[6]) - (foreigner ? 4 : 0);
  if (g < 1 || g > 4) return false;
  return isRealDate((g <= 2 ? 1900 : 2000) + Number(d.slice(0, 2)), Number(d.slice(2, 4)), Number(d.slice(4, 6)));
}

/** The check digit of a number issued before October 2020: (base − Σ first 12 digits × 2,3,4,5,6,7,8,9,2,3,4,5 mod 11) mod 10; base 11 for residents, 13 for foreigners. */
export function registrationCheck(d: string, base: 11 | 13): boolean {
  return (base - (weightedSum(d, [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]) % 11)) % 10 === Number(d[12]);
}

export const rrnBirthDate = (d: string): boolean => registrationBirthDate(d);

/** A resident's number issued before October 2020: birth date, region code 00–95 (digits 8–9) and check digit. */
export function rrnValid(d: string): boolean {
  return rrnBirthDate(d) && Number(d.slice(7, 9)) <= 95 && registrationCheck(d, 11);
}

export const krRrn: Detector = {
  id: "kr_rrn",
  type: "KR_RRN",
  area: "kr",
  category: "government_id",
  description: "South Korean resident registration number (birth date, gender digit, mod-11 check digit)",
  patterns: [{ name: "YYMMDD-GNNNNNC or 13 digits", regex: bounded(String.raw`\d{6}-?\d{7}`), score: 0.1 }],
  context: ["주민등록번호", "주민번호", "주민등록", "주민등록증", "rrn", "resident registration", "resident registration number"],
  // Thirteen digits are also barcodes (EAN-13, Korea's start 880) and millisecond timestamps.
  negativeContext: [...OTHER_NUMBER_LABELS, "barcode", "ean", "gtin"],
  prefilter: { minDigits: 13 },
  chance: 0.05, // the birth date and gender digit (no check digit since October 2020): 1.5 % of uniform random numbers pass
  validate(value) {
    const d = digitsOf(value);
    if (!rrnBirthDate(d)) return false;
    const dashed = d.length !== value.length;
    // Dashed with the check digit, alone: one random dddddd-ddddddd in ~700 passes. Thirteen plain
    // digits (a barcode, a timestamp in ms) and numbers issued since October 2020 (no check
    // digit) need a cue: a word near or the column header.
    if (rrnValid(d)) return { validation: "rrn_checksum", score: dashed ? 0.7 : 0.3 };
    return { validation: "rrn_birth_date", score: dashed ? 0.2 : 0.1 };
  },
};
