import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";
import { colour, lowerHexHash } from "../core/shape.ts";
import { patternCandidates } from "../core/engine.ts";
import { prevFeed } from "../core/lines.ts";

export const DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";

/** The control letter of a DNI/NIF number: number mod 23 indexes the letter table. */
export function dniLetter(num: number): string {
  return DNI_LETTERS[num % 23]!;
}

/** Spanish DNI/NIF of a person: 7–8 digits and the control letter (optionally after a dash). */
/** A DNI's label before it on its line ("dni,", "\"NIF\";"). */
const DNI_LABEL_BEFORE = /(?<![\p{L}\p{N}])(?:dni|nif|documento)(?![\p{L}\p{N}])/iu;

export const esNif: Detector = {
  id: "es_nif",
  type: "ES_NIF",
  area: "eu",
  category: "government_id",
  description: "Spanish NIF / DNI (control letter mod 23)",
  // (not the mantissa and exponent of a number: "1.38435736E+12")
  patterns: [{ name: "digits + letter", regex: re(String.raw`(?<![A-Za-z0-9_-]|\d\.)\d{7,8}-?[A-Za-z](?![A-Za-z0-9_]|[+-]\d)`), score: 0.5 }],
  context: ["nif", "dni", "documento nacional", "identidad", "identificación fiscal", "número de identificación", "nie"],
  prefilter: { letter: true, minDigits: 7 },
  validate(value) {
    const m = /^(\d{7,8})-?([A-Za-z])$/.exec(value);
    if (lowerHexHash(value)) return false; // "2315785f Add Mux library": a commit
    if (!m || dniLetter(Number(m[1])) !== m[2]!.toUpperCase()) return false;
    // A DNI's letter is written in capitals; a lower-case one after digits is more often a unit
    // ("3000000h", a duration in Go's tests): reported only with a DNI word near.
    return { validation: "dni_letter_mod23", score: m[2] === m[2]!.toUpperCase() ? 0.9 : 0.35 };
  },
  // A long integer literal in code ("serialVersionUID = 19190115L;", "foo(12345678L)"): unquoted
  // after "=" or "(" and before ";", "," or ")". A DNI in code is a string, quoted. And a colour
  // with its opacity, "#8080800A" (a chart's palette). (A CSV row under its label is no code:
  // "dni,89251404L,active".)
  find(text) {
    return patternCandidates(esNif, text).filter((c) => !(/[lL]$/.test(text.slice(c.start, c.end)) && /[=(,][ \t]*$/.test(text.slice(Math.max(0, c.start - 4), c.start)) && /^[ \t]*[;,)]/.test(text.slice(c.end, c.end + 3)) && !DNI_LABEL_BEFORE.test(text.slice(Math.max(0, prevFeed(text, c.start) + 1, c.start - 40), c.start))) && !colour(text, c.start, c.end));
  },
};
