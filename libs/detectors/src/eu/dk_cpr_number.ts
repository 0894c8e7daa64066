import type { Detector } from "../core/types.ts";
import { bounded, NOT_IN_TOKEN } from "../core/regex.ts";
import { allSame, digitsOf, isBirthDate, weightedSum } from "../core/checksums.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";

/**
 * The birth year of a CPR number from its two-digit year and the first digit of its serial
 * (CPR-kontoret's table): 0–3 the 1900s; 4 and 9 the 2000s for 00–36, else the 1900s; 5–8 the
 * 2000s for 00–57, else the 1800s.
 */
export function cprBirthYear(yy: number, seventh: number): number {
  if (seventh <= 3) return 1900 + yy;
  if (seventh === 4 || seventh === 9) return (yy <= 36 ? 2000 : 1900) + yy;
  return (yy <= 57 ? 2000 : 1800) + yy;
}

/**
 * A Danish CPR number (personnummer), DDMMYY-SSSS or ten plain digits: a birth date that exists
 * in the century its serial's first digit gives and is not after `today`.
 */
export function dkCprValid(v: string, today = new Date()): boolean {
  if (!/^\d{6}-?\d{4}$/.test(v)) return false;
  const d = digitsOf(v);
  if (allSame(d)) return false;
  const year = cprBirthYear(Number(d.slice(4, 6)), Number(d[6]));
  const month = Number(d.slice(2, 4));
  const day = Number(d.slice(0, 2));
  return isBirthDate(year, month, day, today);
}

/** The modulus-11 control (weights 4, 3, 2, 7, 6, 5, 4, 3, 2, 1), required of numbers issued until 2007. */
export const cprMod11 = (d: string): boolean => weightedSum(d, [4, 3, 2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0;

export const dkCprNumber: Detector = {
  id: "dk_cpr_number",
  // (Presidio's entity name)
  type: "DK_CPR_NUMBER",
  area: "eu",
  category: "government_id",
  description: "Danish CPR number (personnummer: birth date, serial whose first digit gives the century; modulus-11 until 2007)",
  // The day's first digit is 0–3 and the month's 0–1.
  patterns: [{ name: "DDMMYY-SSSS or 10 digits", regex: bounded(String.raw`${NOT_IN_TOKEN}(?<!\+)[0-3]\d[01]\d{3}-?\d{4}`), score: 0.1 }],
  context: [
    "cpr", "cpr-nr", "cpr nr", "cpr-nummer", "cpr nummer", "cprnr", "cpr no", "cpr number", "cpr-numre",
    "personnummer", "personnummeret", "personnr", "person nr", "civilregistreringsnummer", "det centrale personregister",
    "civil registration number", "central person register", "danish personal id", "sundhedskort", "sygesikringskort", "sygesikringsbevis",
  ],
  // Ten plain digits are also Danish account numbers, Unix timestamps and phone numbers with the
  // country code (45 and eight digits).
  negativeContext: [
    ...OTHER_NUMBER_LABELS, "phone", "tel", "telefon", "telefonnummer", "mobil", "mobilnummer", "fax",
    "kontonummer", "kontonr", "konto", "reg nr", "ordrenummer", "ordrenr", "fakturanummer", "fakturanr", "kundenummer", "kundenr", "cvr", "cvr-nr",
  ],
  prefilter: { minDigits: 10 },
  // Every score below the minimum: the engine runs it only where a context word occurs.
  maxBaseScore: 0.35,
  // No `chance`: it drops findings without a context word, and every finding here has one.
  validate(value) {
    if (!dkCprValid(value)) return false;
    const d = digitsOf(value);
    const dashed = d.length !== value.length;
    // A real date read through the century table passes one uniform random number in ~32; with
    // the modulus-11 control one in ~350. CPR-kontoret has issued numbers without the control
    // since 2007, so its failing cannot reject a number, and its passing (one in eleven by
    // chance) only adds a little. Even dashed, the shape is also a Swedish personnummer
    // (YYMMDD-NNNC) born on a day 01–31 of a year, or a Finnish henkilötunnus with a digit
    // control character: a context word must say it is a CPR number (dashed 0.25–0.35, ten
    // plain digits 0.1–0.15; + 0.35).
    if (cprMod11(d)) return { validation: "cpr_mod11", score: dashed ? 0.35 : 0.15 };
    return { validation: "cpr_birth_date", score: dashed ? 0.25 : 0.1 };
  },
};
