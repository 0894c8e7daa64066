import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";
import { dniLetter } from "./es_nif.ts";
import { patternCandidates } from "../core/engine.ts";

/** Spanish foreigner id (NIE): X/Y/Z (read as 0/1/2), 7 digits, control letter mod 23. */
export const esNie: Detector = {
  id: "es_nie",
  type: "ES_NIE",
  area: "eu",
  category: "government_id",
  description: "Spanish NIE (foreigner identity number, control letter mod 23)",
  patterns: [{ name: "X/Y/Z + 7 digits + letter", regex: re(String.raw`(?<![A-Za-z0-9_])[XYZxyz]-?\d{7}-?[A-Za-z](?![A-Za-z0-9_])`), score: 0.5 }],
  context: ["nie", "número de identidad de extranjero", "extranjero", "identificación de extranjero", "tie", "residencia"],
  prefilter: { letter: true, minDigits: 7 },
  validate(value) {
    const v = value.replace(/-/g, "").toUpperCase();
    const num = Number("XYZ".indexOf(v[0]!) + v.slice(1, 8));
    if (dniLetter(num) !== v[8]) return false;
    // Written in capitals, as es_nif's DNI: a lower-case control letter needs an NIE word near.
    return { validation: "nie_letter_mod23", score: /[a-z]$/.test(value) ? 0.35 : 0.9 };
  },
  // An HTML character reference in hexadecimal is none ("&#x0000003a;", any leading zeros).
  find(text) {
    return patternCandidates(esNie, text).filter((c) => text.slice(Math.max(0, c.start - 2), c.start) !== "&#");
  },
};
