import type { Detector } from "../core/types.ts";
import { bounded, NOT_AFTER_GROUP, NOT_BEFORE_GROUP } from "../core/regex.ts";
import { allSame, digitsOf, weightedSum } from "../core/checksums.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";

/** Weights of the first twelve digits: 13 down to 2. */
const WEIGHTS = [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * Province codes (digits 2–3, the registering office's province, as ISO 3166-2:TH numbers
 * them): 10–19 Bangkok and the centre, 20–27 the east, 30–49 the northeast, 50–58 the north,
 * 60–67 the lower north, 70–77 the west, 80–86 and 90–96 the south. No province has 28, 29,
 * 59, 68, 69, 78, 79, 87–89 or 97–99, nor a code below 10.
 */
export function thaiProvinceCode(code: number): boolean {
  const tens = Math.floor(code / 10);
  const units = code % 10;
  if (tens === 1 || tens === 3 || tens === 4) return true;
  if (tens === 2 || tens === 6 || tens === 7) return units <= 7;
  if (tens === 5) return units <= 8;
  if (tens === 8) return units <= 6;
  if (tens === 9) return units <= 6;
  return false;
}

/**
 * A Thai national identification number (เลขประจำตัวประชาชน, the Department of Provincial
 * Administration's): 13 digits; the first the person's category (1–8: 1 and 2 Thai born since
 * 1984, 3–5 registered before then, 6 and 7 foreign residents and their children, 8 naturalised);
 * digits 2–3 a province code; the last (11 − Σ dᵢ × (14 − i) mod 11) mod 10 over the first twelve.
 */
export function thTninValid(d: string): boolean {
  if (!/^[1-8]\d{12}$/.test(d) || allSame(d)) return false;
  if (!thaiProvinceCode(Number(d.slice(1, 3)))) return false;
  return (11 - (weightedSum(d, WEIGHTS) % 11)) % 10 === Number(d[12]);
}

export const thTnin: Detector = {
  id: "th_tnin",
  type: "TH_TNIN",
  area: "th",
  category: "government_id",
  description: "Thai national identification number (13 digits: category, province code, mod-11 check digit)",
  patterns: [
    { name: "13 digits", regex: bounded(String.raw`[1-8][1-9]\d{11}`), score: 0.3 },
    // As the card prints it, 1-2345-67890-12-3 or 1 2345 67890 12 3: one separator throughout, and
    // no digit group one blank away (a longer row of numbers).
    { name: "1-4-5-2-1 groups", regex: bounded(String.raw`${NOT_AFTER_GROUP}[1-8](?<sep>[- ])[1-9]\d{3}\k<sep>\d{5}\k<sep>\d{2}\k<sep>\d${NOT_BEFORE_GROUP}`), score: 0.5 },
  ],
  context: [
    "เลขประจำตัวประชาชน", "เลขบัตรประชาชน", "หมายเลขบัตรประชาชน", "เลขที่บัตรประชาชน", "บัตรประชาชน", "บัตรประชาชนเลขที่",
    "บัตรประจำตัวประชาชน", "บัตรประจำตัวประชาชนเลขที่", "เลขบัตรประจำตัวประชาชน", "รหัสบัตรประชาชน",
    "ปชช", "เลขปชช", "รหัสปชช", "บัตรปชช", "เลขประจำตัวผู้เสียภาษี", "เลขประจำตัวผู้เสียภาษีอากร",
    "tnin", "thai id", "thai id number", "thai national id", "national id", "national id number", "national identification number",
    "identification number", "id card", "id card number", "citizen id", "citizen id number", "citizen identification number",
  ],
  // Thirteen digits are also barcodes (EAN-13) and millisecond timestamps.
  negativeContext: [...OTHER_NUMBER_LABELS, "barcode", "ean", "gtin", "บาร์โค้ด"],
  prefilter: { minDigits: 13 },
  // Of the numbers the patterns match (first digit 1–8, second 1–9), 77 province codes in 90
  // and then one check digit in ten pass.
  chance: 0.09,
  validate(value) {
    const d = digitsOf(value);
    if (!thTninValid(d)) return false;
    // Thirteen plain digits passing (an EAN-13, a timestamp in milliseconds does one time in ~13)
    // need a label; the card's 1-4-5-2-1 grouping is no other number's and stands alone, dashed
    // more surely than spaced (a row of small numbers).
    if (d.length === value.length) return { validation: "tnin_mod11", score: 0.3 };
    return { validation: "tnin_mod11", score: value.includes("-") ? 0.6 : 0.5 };
  },
};
