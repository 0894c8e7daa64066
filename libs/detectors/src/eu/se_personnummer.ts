import type { Detector } from "../core/types.ts";
import { bounded, NOT_IN_TOKEN } from "../core/regex.ts";
import { isBirthDate, luhn } from "../core/checksums.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";
import { fiPersonalIdentityCodeValid } from "./fi_personal_identity_code.ts";
import { dkCprValid } from "./dk_cpr_number.ts";

/** Century (optional), YYMMDD, separator (optional), birth number NNN, check digit. */
const SHAPE = /^(1[89]|20)?(\d\d)(\d\d)(\d\d)([-+]?)(\d{3})\d$/;

/**
 * Which reading of a Swedish personal identity number (personnummer, Skatteverket) or
 * coordination number (samordningsnummer: the birth day + 60) the text is, or null: a birth date
 * that exists and is not in the future, a birth number other than 000 and a Luhn check digit
 * over the ten digits YYMMDDNNNC. Written YYMMDD-NNNC, YYMMDD+NNNC (from the year its holder
 * turns 100), YYYYMMDD-NNNC, YYYYMMDDNNNC or YYMMDDNNNC. Without the century, "-" (and no
 * separator) puts the birth year within the last hundred years, "+" a hundred years earlier;
 * ten plain digits may be either.
 */
export function sePersonnummerKind(v: string, today = new Date()): "personnummer" | "samordningsnummer" | null {
  const m = SHAPE.exec(v);
  if (m === null) return null;
  const [, century, yy, mm, dd, sep, serial] = m as unknown as [string, string | undefined, string, string, string, string, string];
  if (century !== undefined && sep === "+") return null;
  if (serial === "000") return null;
  const month = Number(mm);
  let day = Number(dd);
  const coordination = day > 60;
  if (coordination) day -= 60;
  let ok: boolean;
  if (century !== undefined) {
    ok = isBirthDate(Number(century + yy), month, day, today);
  } else {
    const cy = today.getUTCFullYear();
    const recent = cy - ((((cy - Number(yy)) % 100) + 100) % 100); // in (cy − 100, cy]
    if (sep === "-") ok = isBirthDate(recent, month, day, today);
    else if (sep === "+") ok = isBirthDate(recent - 100, month, day, today);
    else ok = isBirthDate(recent, month, day, today) || isBirthDate(recent - 100, month, day, today);
  }
  if (!ok || !luhn(v.slice(century === undefined ? 0 : 2).replace(/[-+]/, ""))) return null;
  return coordination ? "samordningsnummer" : "personnummer";
}

export const sePersonnummerValid = (v: string, today = new Date()): boolean => sePersonnummerKind(v, today) !== null;

export const sePersonnummer: Detector = {
  id: "se_personnummer",
  type: "SE_PERSONNUMMER",
  area: "eu",
  category: "government_id",
  description: "Swedish personal identity number or coordination number (personnummer, samordningsnummer: birth date, birth number, Luhn check digit)",
  patterns: [
    {
      name: "YYMMDD-NNNC, YYMMDD+NNNC, YYYYMMDD-NNNC, 12 or 10 digits",
      regex: bounded(String.raw`${NOT_IN_TOKEN}(?:1[89]|20)?\d{6}[-+]?\d{4}`),
      score: 0.1,
    },
  ],
  context: [
    "personnummer", "personnumret", "personnumren", "personnr", "pers nr", "pnr", "p-nr",
    "samordningsnummer", "samordningsnumret", "samordningsnumren", "födelsenummer", "födelsenumret",
    "personal identity number", "personal number", "personal id number", "coordination number", "svensk id", "ssn", "social security number",
  ],
  // Ten plain digits are also Swedish phone numbers (070 1234567) and, Luhn-checked, OCR payment
  // references; twelve are also YYYYMMDDhhmm timestamps.
  negativeContext: [...OTHER_NUMBER_LABELS, "phone", "tel", "telefon", "telefonnummer", "mobil", "mobilnummer", "mobile", "fax", "ocr", "ordernummer", "fakturanummer", "kundnummer", "kontonummer"],
  prefilter: { minDigits: 10 },
  // A real birth date (about 7 % of six random digits, coordination days included) and Luhn (1 in
  // 10): 0.7 % of uniform random ten-digit numbers pass, up to 1.2 % of a sample of 3,000.
  chance: 0.015,
  validate(value) {
    const kind = sePersonnummerKind(value);
    if (kind === null) return false;
    const validation = `${kind}_luhn`;
    // With its separator, a real date and the Luhn digit (one random dddddd-dddd in ~140 passes,
    // an organisation number never: its "month" is 20 or more), the number stands alone (0.55;
    // a context word makes it 0.9). Twelve plain digits are also YYYYMMDDhhmm timestamps (one in
    // ten passes Luhn), ten plain digits phone numbers: they need a context word or header.
    // A build or a backup is stamped YYYYMMDD-hhmm, one in ten passing Luhn: a dashed twelve-digit
    // number whose last four digits read as a time of day needs a context word too.
    const digits = value.replace(/[-+]/, "");
    if (digits.length === 12 && Number(digits.slice(8, 10)) < 24 && Number(digits.slice(10, 12)) < 60) return { validation, score: 0.3 };
    // A Finnish henkilötunnus has the same shape (DDMMYY-NNNC), and a valid one is also a valid
    // Swedish number one time in ten or so: its mod-31 control character (one in 31 by chance) is
    // the stronger check, so it is read as Finnish unless a Swedish word says otherwise.
    if (value.length === 11 && fiPersonalIdentityCodeValid(value)) return { validation, score: 0.3 };
    // A Danish CPR number (DDMMYY-SSSS) born in '61–'91 reads as a Swedish coordination number
    // (day + 60), one in ten passing Luhn: coordination numbers are few beside Denmark's people,
    // so the Danish reading is the likelier (Danes say "personnummer" too).
    if (kind === "samordningsnummer" && value.length === 11 && value[6] === "-" && dkCprValid(value)) return { validation, score: 0.2 };
    if (/[-+]/.test(value)) return { validation, score: 0.55 };
    return { validation, score: digits.length === 12 ? 0.3 : 0.15 };
  },
};
