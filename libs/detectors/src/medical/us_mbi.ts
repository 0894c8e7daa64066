import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";

/** A letter of an MBI: any but S, L, O, I, B and Z (CMS). */
const A = "[AC-HJKMNP-RT-Y]";
/** A letter of an MBI or a digit (positions 3 and 6). */
const AN = "[0-9AC-HJKMNP-RT-Y]";
/** Positions 1–4, 5–7 and 8–11 of an MBI. */
const PARTS = [`[1-9]${A}${AN}\\d`, `${A}${AN}\\d`, `${A}${A}\\d\\d`];
const DASHED = PARTS.join("-");
const PLAIN = PARTS.join("");
const WHOLE = new RegExp(`^(?:${DASHED}|${PLAIN})$`, "i");

/**
 * Medicare Beneficiary Identifier (CMS, since 2018): 11 characters, position 1 a digit 1–9,
 * 2, 5, 8 and 9 a letter, 3 and 6 a letter or a digit, 4, 7, 10 and 11 a digit; shown with
 * dashes after positions 4 and 7 ("1EG4-TE5-MK73"). No check digit. Lower case is read too
 * (Presidio's cases read it).
 */
export function mbiValid(value: string): boolean {
  return WHOLE.test(value);
}

export const usMbi: Detector = {
  id: "us_mbi",
  type: "US_MBI",
  area: "medical",
  category: "medical",
  description: "US Medicare Beneficiary Identifier (11 characters, CMS's letter and digit positions)",
  // One random token of 11 capitals and digits in 10,000 has the letters and digits in their
  // places, but codes and serial numbers in capitals are common: dashed as CMS shows it, it is
  // reported alone; plain, it needs a Medicare word near.
  patterns: [
    { name: "4-3-4 with dashes", regex: bounded(DASHED, "i"), score: 0.5 },
    { name: "11 characters", regex: bounded(PLAIN, "i"), score: 0.3 },
  ],
  context: ["mbi", "medicare", "medicare beneficiary identifier", "medicare beneficiary id", "medicare id", "medicare number", "medicare card", "beneficiary", "beneficiary id", "medicaid", "hicn"],
  prefilter: { minDigits: 5, letter: true },
  // Written in lower case (Presidio's cases read it), it is as likely an id of code: a Medicare word must be near.
  validate: (value) => (/[a-z]/.test(value) ? { validation: "mbi_format", score: 0.15 } : { validation: "mbi_format" }),
};
