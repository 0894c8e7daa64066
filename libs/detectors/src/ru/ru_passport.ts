import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { allSame, digitsOf } from "../core/checksums.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";

/**
 * The regions' OKATO codes (ОКАТО, the first two digits of a passport's series: the region that
 * issued the blank). 35 Crimea and 67 Sevastopol since 2014; 21, 23, 39 and 43 the regions
 * added in 2022; 55 Baikonur. No region has 00, 02, 06, 09, 13, 16, 31, 48, 51, 59, 62, 72, 74.
 */
const OKATO = new Set(
  ("01 03 04 05 07 08 10 11 12 14 15 17 18 19 20 21 22 23 24 25 26 27 28 29 30 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 49 "
    + "50 52 53 54 55 56 57 58 60 61 63 64 65 66 67 68 69 70 71 73 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99").split(" "),
);

/**
 * A series of the Russian internal passport (паспорт гражданина РФ, issued since 1997): the
 * region's OKATO code, then the last two digits of the year the blank was made, 97–99 or 00 to
 * this year.
 */
export function ruPassportSeriesValid(series: string, today = new Date()): boolean {
  if (!/^\d{4}$/.test(series) || !OKATO.has(series.slice(0, 2))) return false;
  const year = Number(series.slice(2));
  return year >= 97 || year <= today.getUTCFullYear() % 100;
}

/** Series (4 digits) and number (6 digits, never 000000): there is no check digit. */
export function ruPassportValid(d: string, today = new Date()): boolean {
  return /^\d{10}$/.test(d) && !allSame(d) && d.slice(4) !== "000000" && ruPassportSeriesValid(d.slice(0, 4), today);
}

/** What may stand between the series and the number: a blank, a number sign, the word "номер". */
const BETWEEN = String.raw`(?:[ \u00a0]?№[ \u00a0]?|,?[ \u00a0](?:номер|N)[ \u00a0]?|[ \u00a0])`;

export const ruPassport: Detector = {
  id: "ru_passport",
  type: "RU_PASSPORT",
  area: "ru",
  category: "government_id",
  description: "Russian internal passport: series (region's OKATO code, blank's year) and number, 45 08 123456",
  patterns: [
    {
      name: "series and number: 45 08 123456, 4508 123456, 4508 № 123456, 4508 номер 123456, 4508123456",
      regex: bounded(String.raw`\d{2}[ \u00a0]?\d{2}${BETWEEN}\d{6}|\d{10}`, "i"),
      score: 0.15,
    },
  ],
  context: [
    "паспорт", "паспорта", "паспорту", "паспортом", "паспорте",
    "паспортные данные", "паспортных данных", "паспортным данным", "паспортными данными",
    "серия", "серии", "серию", "серией", "серия и номер", "номер паспорта",
    "паспорт гражданина", "паспорт рф", "удостоверение личности", "удостоверения личности",
    "документ удостоверяющий личность", "документа удостоверяющего личность", "код подразделения",
    "passport", "passport number", "passport no", "russian passport", "internal passport", "passport series",
  ],
  negativeContext: [...OTHER_NUMBER_LABELS, "заказ", "заказа", "номер заказа"],
  maxBaseScore: 0.3,
  prefilter: { minDigits: 10 },
  validate(value) {
    if (!ruPassportValid(digitsOf(value))) return false;
    // No check digit: only the region's code and the blank's year are checked, which a quarter
    // of random numbers pass. Written apart (45 08 123456, 4508 № 123456) it is a passport's
    // shape; ten plain digits are phone numbers, ids and taxpayer numbers. Both need a label.
    return { validation: "passport_series", score: /^\d{10}$/.test(value) ? 0.15 : 0.3 };
  },
};
