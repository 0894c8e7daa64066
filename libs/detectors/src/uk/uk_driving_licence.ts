import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";
import { isRealDate } from "../core/checksums.ts";

/**
 * DVLA driving licence number (Great Britain), 16 characters: the surname's first five letters
 * (padded with 9: "LEE99"; "MAC" written "MC"), the birth year's decade digit, the birth month
 * (+50 for a woman), the day, the year's last digit, the first two initials (9 for none: "J9"),
 * an arbitrary digit (9 mostly) and two check characters DVLA does not publish. Printed as one
 * run or in three groups, "MORGA 753116 SM9IJ", often with the licence's issue number after it.
 */
export function ukDrivingLicenceRules(value: string): boolean {
  const v = value.replace(/ /g, "");
  if (!/^[A-Z][A-Z9]{4}\d{6}[A-Z][A-Z9]\d[A-Z0-9]{2}$/.test(v)) return false;
  // the surname's letters, then only padding
  if (!/^[A-Z]+9*$/.test(v.slice(0, 5))) return false;
  const mm = Number(v.slice(6, 8));
  const month = mm > 50 ? mm - 50 : mm;
  // the year is the decade digit and the last digit (its century is not written)
  return isRealDate(2000 + Number(v[5]) * 10 + Number(v[10]), month, Number(v.slice(8, 10)));
}

export const ukDrivingLicence: Detector = {
  id: "uk_driving_licence",
  type: "UK_DRIVING_LICENCE",
  area: "uk",
  category: "government_id",
  description: "GB driving licence number (DVLA: surname, birth date, initials)",
  patterns: [
    {
      name: "16 characters, or 5 6 5",
      regex: re(String.raw`(?<![A-Za-z0-9_])(?:[A-Z][A-Z9]{4}\d{6}[A-Z][A-Z9]\d[A-Z0-9]{2}|[A-Z][A-Z9]{4} \d{6} [A-Z][A-Z9]\d[A-Z0-9]{2})(?![A-Za-z0-9_])`),
      score: 0.6,
    },
  ],
  context: ["driving licence", "driving license", "driver licence", "driver's licence", "licence number", "licence no", "dvla", "driving licence number", "counterpart"],
  prefilter: { letter: true, minDigits: 7 },
  // The surname's letters, a real birth date with its month's +50, the initials: one random run of
  // this shape in several hundred passes, and a run of capitals and digits this long is rare in
  // text. Reported alone; a licence word near lifts it.
  validate: (value) => (ukDrivingLicenceRules(value) ? { validation: "dvla_format" } : false),
};
