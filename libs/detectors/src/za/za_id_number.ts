import type { Detector } from "../core/types.ts";
import { bounded, NOT_AFTER_GROUP, NOT_BEFORE_GROUP } from "../core/regex.ts";
import { allSame, digitsOf, isRealDate, luhn, weightedSum } from "../core/checksums.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";

/**
 * The birth date YYMMDD of a South African identity number. The century is not written: read
 * as 20YY it is real exactly when it is real as 19YY, but for 29 February 00 (2000 was a leap
 * year, 1900 was not), which a person born in 2000 holds.
 */
export const zaBirthDate = (d: string): boolean => isRealDate(2000 + Number(d.slice(0, 2)), Number(d.slice(2, 4)), Number(d.slice(4, 6)));

/**
 * South African identity number (Department of Home Affairs), YYMMDD SSSS C A Z: birth date,
 * sequence (0000–4999 female, 5000–9999 male), citizenship C (0 citizen, 1 permanent resident,
 * 2 refugee), A, and Z a Luhn check digit over all thirteen. A recorded the holder's race until
 * the Identification Act of 1986; the numbers were reissued with 8 (or 9), the digit every
 * number in force carries. `legacy` also accepts 0–7, the race codes of superseded numbers.
 */
export function zaIdValid(d: string, legacy = false): boolean {
  if (!/^\d{13}$/.test(d) || allSame(d) || !zaBirthDate(d)) return false;
  if (d[10]! > "2") return false;
  if (!legacy && d[11] !== "8" && d[11] !== "9") return false;
  return luhn(d);
}

/** A valid EAN-13 (GS1) check digit: weights 1, 3, 1, 3 … over the first twelve digits. */
const ean13 = (d: string): boolean => (10 - (weightedSum(d, [1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3]) % 10)) % 10 === Number(d[12]);

export const zaIdNumber: Detector = {
  id: "za_id_number",
  type: "ZA_ID_NUMBER",
  area: "za",
  category: "government_id",
  description: "South African identity number (birth date, citizenship digit, Luhn check digit)",
  patterns: [
    { name: "13 digits", regex: bounded(String.raw`\d{13}`), score: 0.1 },
    // The printed grouping "YYMMDD SSSS CAZ", not one group of a longer run of spaced digits.
    { name: "YYMMDD SSSS CAZ", regex: bounded(String.raw`${NOT_AFTER_GROUP}\d{6} \d{4} \d{3}${NOT_BEFORE_GROUP}`), score: 0.1 },
  ],
  context: [
    // (not "id" alone: a column "id" holds row ids, some of them 13 digits)
    "id number", "id no", "id nr", "id num", "identity", "identity number", "identity no", "identification number", "identity document", "id document",
    "id book", "rsa id", "sa id", "south african id", "smart id", "smart id card", "national id", "home affairs", "permanent resident",
    // Afrikaans
    "identiteit", "identiteitsnommer", "id-nommer", "identiteitsdokument", "id-dokument", "id-boek", "id-boekie", "binnelandse sake", "identiteitskaart",
  ],
  // Thirteen digits are also barcodes (EAN-13) and millisecond timestamps.
  negativeContext: [...OTHER_NUMBER_LABELS, "barcode", "ean", "gtin", "isbn", "sku", "millis", "milliseconds"],
  prefilter: { minDigits: 13 },
  validate(value) {
    const d = digitsOf(value);
    if (!zaIdValid(d, true)) return false;
    const spaced = d.length !== value.length;
    // A of a superseded number (0–7): a cue must say what it is.
    if (d[11] !== "8" && d[11] !== "9") return { validation: "za_id_luhn", score: 0.1 };
    // With A 8 or 9 one uniform random number in ~5,000 passes, in the printed grouping (which
    // no barcode or timestamp takes) reported alone. Thirteen plain digits pass as often when
    // they are a millisecond timestamp (15 of 100,000 in 2024–2026), and no `chance` can drop a
    // table of them (the engine's spec draws 3,000 numbers, too few to see one in 5,000 pass):
    // they need a cue, as kr_rrn's do. Those that are also a valid EAN-13 are as likely a
    // product's barcode (a GS1 prefix whose third digit is 0 or 1 makes a month): weaker still.
    if (spaced) return { validation: "za_id_luhn", score: 0.6 };
    return { validation: "za_id_luhn", score: ean13(d) ? 0.2 : 0.35 };
  },
};
