import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { isRealDate, modDecimal } from "../core/checksums.ts";

/** Control characters, indexed by DDMMYYNNN mod 31 (no G, I, O, Q, Z). */
const CONTROL = "0123456789ABCDEFHJKLMNPRSTUVWXY";

/** Century of each century sign: + 1800s; - 1900s (Y X W V U too, since 2023); A 2000s (B C D E F too). */
function centuryOf(sign: string): number | undefined {
  if (sign === "+") return 1800;
  if ("-YXWVU".includes(sign)) return 1900;
  if ("ABCDEF".includes(sign)) return 2000;
  return undefined;
}

/**
 * Finnish personal identity code (henkilötunnus, DVV): DDMMYY, century sign, individual number
 * (002–899 issued, 900–999 temporary), control character. Upper case only, as issued.
 */
export function fiPersonalIdentityCodeValid(v: string): boolean {
  if (v.length !== 11 || !/^\d{6}.\d{3}.$/.test(v)) return false;
  const century = centuryOf(v[6]!);
  if (century === undefined || !isRealDate(century + Number(v.slice(4, 6)), Number(v.slice(2, 4)), Number(v.slice(0, 2)))) return false;
  if (Number(v.slice(7, 10)) < 2) return false;
  return CONTROL[modDecimal(v.slice(0, 6) + v.slice(7, 10), 31)] === v[10];
}

export const fiPersonalIdentityCode: Detector = {
  id: "fi_personal_identity_code",
  type: "FI_PERSONAL_IDENTITY_CODE",
  area: "eu",
  category: "government_id",
  description: "Finnish personal identity code (henkilötunnus: birth date, century sign, control character mod 31)",
  patterns: [{ name: "DDMMYY, century sign, 3 digits, control character", regex: bounded(String.raw`\d{6}[-+A-FU-Y]\d{3}[0-9A-FHJ-NPR-Y]`), score: 0.1 }],
  context: ["henkilötunnus", "henkilötunnuksen", "hetu", "sosiaaliturvatunnus", "personal identity code", "identity code", "personbeteckning", "personbeteckningen"],
  // A Danish CPR number has the same shape, DDMMYY-SSSS, and its last character is a digit one
  // time in 31 a Finnish control character: under a CPR label it is the Danish number
  // ("CPR-nr.: 030912-4006", which the CPR detector finds).
  negativeContext: ["cpr", "cpr-nr", "cpr nr", "cpr-nummer", "cpr nummer", "cprnr", "personnummer", "personnr"],
  prefilter: { minDigits: 9 },
  // A century sign between the date and the individual number, and a mod-31 control character:
  // arbitrary text of this shape passes once in ~31 × 30, so the code stands alone (0.55) and a
  // context word makes it 0.9.
  validate: (value) => (fiPersonalIdentityCodeValid(value) ? { validation: "hetu_mod31", score: 0.55 } : false),
};
