import type { Detector } from "../core/types.ts";
import { bounded, NOT_AFTER_GROUP, NOT_BEFORE_GROUP } from "../core/regex.ts";
import { allSame, digitsOf, luhn } from "../core/checksums.ts";

/** Social Insurance Number: Luhn; first digit 0 (unassigned) and 8 (business numbers) are not SINs. */
export function sinValid(value: string): boolean {
  const d = digitsOf(value);
  return d.length === 9 && d[0] !== "0" && d[0] !== "8" && !allSame(d) && luhn(d);
}

const RGB = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|0\d\d) ){2}(?:25[0-5]|2[0-4]\d|1\d\d|0\d\d)$/;

export const caSin: Detector = {
  id: "ca_sin",
  type: "CA_SIN",
  area: "ca",
  category: "government_id",
  description: "Canadian Social Insurance Number (Luhn)",
  patterns: [
    // (not three groups of a longer grouped number: a Russian SNILS "112-233-445 95", an ABN's tail)
    { name: "3-3-3 with one separator", regex: bounded(String.raw`${NOT_AFTER_GROUP}\d{3}([ -])\d{3}\1\d{3}${NOT_BEFORE_GROUP}`), score: 0.3 },
    { name: "9 digits", regex: bounded(String.raw`\d{9}`), score: 0.05 },
  ],
  context: ["sin", "social insurance", "social insurance number", "nas", "s i n", "n a s", "numéro d'assurance sociale", "assurance sociale"],
  prefilter: { minDigits: 9 },
  chance: 0.1, // Luhn
  // Dashed, 0.5. In three blank-separated groups it is also an amount written with blanks between
  // its thousands ("123 456 789 €", as French and most of Europe write them) or an Australian
  // company number, one in ten passing Luhn: 0.3, it needs its context; three groups of at most
  // 255 (a colour of X11's rgb.txt, "165 251 208\tgrey"), 0.2; nine plain digits, 0.2.
  validate: (value) => (sinValid(value) ? { validation: "luhn", score: value.length !== 11 || RGB.test(value) ? 0.2 : value[3] === "-" ? 0.5 : 0.3 } : false),
};
