import type { Detector } from "../core/types.ts";
import { bounded, NOT_IN_TOKEN } from "../core/regex.ts";
import { isBirthDate, weightedSum } from "../core/checksums.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";

/**
 * The check digit of an Estonian personal code (EVS 585): Σ of the first ten digits × 1…9, 1
 * mod 11; when that is 10, Σ × 3…9, 1, 2, 3 mod 11 instead, and 10 again gives 0.
 */
export function eePersonalCodeCheck(d: string): number {
  const first = weightedSum(d, [1, 2, 3, 4, 5, 6, 7, 8, 9, 1]) % 11;
  if (first < 10) return first;
  const second = weightedSum(d, [3, 4, 5, 6, 7, 8, 9, 1, 2, 3]) % 11;
  return second < 10 ? second : 0;
}

/**
 * Estonian personal identification code (isikukood), GYYMMDDSSSC: G the sex and century of
 * birth (1/2 the 1800s, 3/4 the 1900s, 5/6 the 2000s; 7/8, the 2100s, has no holder yet), a
 * birth date that exists and is not after `today`, a serial number SSS and the check digit C.
 */
export function eePersonalCodeValid(v: string, today = new Date()): boolean {
  if (!/^[1-6]\d{10}$/.test(v)) return false;
  const year = [1800, 1900, 2000][(Number(v[0]) - 1) >> 1]! + Number(v.slice(1, 3));
  const month = Number(v.slice(3, 5));
  const day = Number(v.slice(5, 7));
  if (!isBirthDate(year, month, day, today)) return false;
  return eePersonalCodeCheck(v) === Number(v[10]);
}

export const eePersonalCode: Detector = {
  id: "ee_personal_code",
  // (Presidio's entity name)
  type: "ET_IK",
  area: "eu",
  category: "government_id",
  description: "Estonian personal identification code (isikukood: sex and century digit, birth date, serial, two-pass mod-11 check digit)",
  patterns: [
    {
      // Not after a "+": "+46701234567" is a phone number written with its country code.
      name: "GYYMMDDSSSC",
      regex: bounded(String.raw`${NOT_IN_TOKEN}(?<!\+)[1-6]\d{10}`),
      score: 0.1,
    },
  ],
  context: [
    // Estonian (the code's cases; not "IK", the abbreviation forms print: it is Dutch for "I",
    // in every sentence of a Dutch text)
    "isikukood", "isikukoodi", "isikukoodiga", "isikukoodid", "isikukoodide", "isikukoodile", "isikukoodist", "eesti isikukood",
    // English
    "personal identification code", "personal identification number", "personal id code", "personal code", "id code", "identity code", "estonian id", "estonian personal code",
    // Russian (a large Russian-speaking minority writes "личный код")
    "личный код", "личного кода", "личным кодом", "личный идентификационный код", "идентификационный код", "персональный код",
  ],
  // Eleven plain digits are also phone numbers with their country code, a German tax id, a
  // Brazilian CPF or a Polish PESEL: their labels lower the score.
  negativeContext: [
    ...OTHER_NUMBER_LABELS, "phone", "tel", "telefon", "telefoni", "telefoninumber", "mobiil", "mobile", "fax",
    "телефон", "тел", "моб", "arve", "arve number", "tellimus", "tellimuse number", "viitenumber", "registrikood",
    "steuer-id", "steueridentifikationsnummer", "cpf", "pesel",
  ],
  prefilter: { minDigits: 11 },
  // One uniform random eleven-digit number in ~600 passes, but a table of small digits passes
  // more often (its months and days are real more often): 54 of the 5,850 eleven-digit stroke
  // counts of glibc's cns11643_stroke (0.9 %). At 1 % such a table's findings without a context
  // word are not reported.
  chance: 0.01,
  validate(value) {
    if (!eePersonalCodeValid(value)) return false;
    // A first digit of 3–6 (4 in 10), a real past birth date (~3.65 % of YYMMDD, fewer for the
    // 2000s) and the check digit (1 in 10): one uniform random eleven-digit number in ~1,050
    // passes, as rarely as a Finnish code alone: reported alone (0.5; a context word makes it
    // 0.85). The eleven-digit lookalikes are phone numbers with their country code: none is
    // matched after a "+"; Russia's 7… and 8… are no code; Estonia's 3725…, Latvia's 3712… and
    // Lithuania's 3706… have no month where the code's is. (Sweden's 4670… and Berlin's 4930…
    // written without the "+" pass one time in ~37: their phone words lower them.)
    if (value[0]! >= "3") return { validation: "isikukood_mod11", score: 0.5 };
    // Born in the 1800s, no living holder: China's mobile numbers (1[3-9]…) and North American
    // numbers with their 1 start with 1, one in ~280 of them passing. A context word must say
    // it is a code (0.2 + 0.35).
    return { validation: "isikukood_mod11", score: 0.2 };
  },
};
