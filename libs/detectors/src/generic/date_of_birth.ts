import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";
import { isRealDate } from "../core/checksums.ts";

const MONTHS = "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
const MONTH_INDEX: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };

function year(y: string): number {
  if (y.length === 4) return Number(y);
  const n = Number(y);
  return n > 30 ? 1900 + n : 2000 + n;
}

/** Reads day, month and year from the formats the patterns accept. */
export function parseDate(value: string): { y: number; m: number; d: number } | null {
  const v = value.toLowerCase().replace(/(\d)(st|nd|rd|th)\b/g, "$1").replace(/,/g, " ");
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(v);
  if (m) return { y: +m[1]!, m: +m[2]!, d: +m[3]! };
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(v);
  if (m) {
    const a = +m[1]!;
    const b = +m[2]!;
    // Month first (US) unless that is impossible; day first otherwise.
    return a <= 12 && b <= 31 && !(a <= 12 && b <= 12 && v.includes(".")) ? { y: year(m[3]!), m: a, d: b } : { y: year(m[3]!), m: b, d: a };
  }
  m = /^(\d{1,2})\s*[- ]?\s*([a-z]+)\.?\s*[- ]?\s*(\d{4})$/.exec(v);
  if (m && MONTH_INDEX[m[2]!.slice(0, 3)]) return { y: +m[3]!, m: MONTH_INDEX[m[2]!.slice(0, 3)]!, d: +m[1]! };
  m = /^([a-z]+)\.?\s*[- ]?\s*(\d{1,2})\s+(\d{4})$/.exec(v.replace(/\s+/g, " "));
  if (m && MONTH_INDEX[m[1]!.slice(0, 3)]) return { y: +m[3]!, m: MONTH_INDEX[m[1]!.slice(0, 3)]!, d: +m[2]! };
  return null;
}

/**
 * Dates of birth: a real calendar date in the past 125 years, reported only with birth
 * context ("born", "DOB", "date of birth" nearby or in the column header).
 */
export const dateOfBirth: Detector = {
  id: "date_of_birth",
  type: "DATE_OF_BIRTH",
  area: "generic",
  category: "date",
  description: "Date of birth (calendar date + birth context)",
  patterns: [
    { name: "numeric", regex: re(String.raw`(?<![0-9A-Za-z/.-])(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.](?:\d{4}|\d{2}))(?![0-9A-Za-z/]|[-.]\d)`), score: 0.05 },
    { name: "day month year", regex: re(String.raw`\b\d{1,2}(?:st|nd|rd|th)?[ -]?(?:${MONTHS})\.?,?[ -]?\d{4}\b`, "i"), score: 0.05 },
    { name: "month day year", regex: re(String.raw`\b(?:${MONTHS})\.?[ -]\d{1,2}(?:st|nd|rd|th)?,?[ ]+\d{4}\b`, "i"), score: 0.05 },
  ],
  context: ["born", "birth", "dob", "d o b", "birthday", "date of birth", "birthdate", "geboren", "geburtsdatum", "né", "née", "naissance", "date de naissance", "nacimiento", "nascita", "urodzony", "geboortedatum"],
  contextBoost: 0.6,
  // "DOB: 1985-03-14, admitted 2024-01-02": only the date right after the label is the birth date
  // (a date's numbers are words: the admission date's window ends at "1985"). Four words, not
  // three: "D.O.B." is three words itself ("My D.O.B. is 11/03/1969").
  contextWindow: 4,
  maxBaseScore: 0.05,
  prefilter: { minDigits: 4 },
  validate(value) {
    const p = parseDate(value);
    if (!p || !isRealDate(p.y, p.m, p.d)) return false;
    const thisYear = new Date().getUTCFullYear();
    if (p.y < thisYear - 125 || p.y > thisYear) return false;
    return { validation: "calendar_date" };
  },
};
