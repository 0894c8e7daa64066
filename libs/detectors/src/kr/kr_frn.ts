import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { digitsOf } from "../core/checksums.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";
import { registrationBirthDate, registrationCheck } from "./kr_rrn.ts";

/**
 * A registered foreigner's number issued before October 2020 (외국인등록번호): a resident's
 * number's shape with gender digits 5–8, and its check digit on base 13.
 */
export function frnValid(d: string): boolean {
  return registrationBirthDate(d, true) && registrationCheck(d, 13);
}

/** South Korean foreigner registration number: scored as kr_rrn.ts scores a resident's. */
export const krFrn: Detector = {
  id: "kr_frn",
  type: "KR_FRN",
  area: "kr",
  category: "government_id",
  description: "South Korean foreigner registration number (birth date, gender digit 5–8, check digit)",
  patterns: [{ name: "YYMMDD-GNNNNNC or 13 digits", regex: bounded(String.raw`\d{6}-?\d{7}`), score: 0.1 }],
  context: ["외국인등록번호", "외국인번호", "외국인등록", "외국인등록증", "frn", "foreigner registration", "foreigner registration number", "alien registration", "alien registration number", "residence card"],
  // Thirteen digits are also barcodes (EAN-13) and millisecond timestamps.
  negativeContext: [...OTHER_NUMBER_LABELS, "barcode", "ean", "gtin"],
  prefilter: { minDigits: 13 },
  chance: 0.05, // the birth date and gender digit, as kr_rrn's
  validate(value) {
    const d = digitsOf(value);
    if (!registrationBirthDate(d, true)) return false;
    const dashed = d.length !== value.length;
    if (frnValid(d)) return { validation: "frn_checksum", score: dashed ? 0.7 : 0.3 };
    return { validation: "frn_birth_date", score: dashed ? 0.2 : 0.1 };
  },
};
