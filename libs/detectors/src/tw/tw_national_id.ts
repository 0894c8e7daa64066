import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { weightedSum } from "../core/checksums.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";

/**
 * The letter of the place of first registration, in the order of its two-digit code: A = 10 …
 * H = 17, then J = 18 … V = 29, X = 30, Y = 31, W = 32, Z = 33, I = 34, O = 35 (the letters
 * added last, I, O, W and Z, took the codes left at the end).
 */
const PLACES = "ABCDEFGHJKLMNPQRSTUVXYWZIO";

/** The weights of the letter's two digits, the second character's digit, the seven digits and the check digit. */
const WEIGHTS = [1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1];

/**
 * Which Taiwanese number `value` is, by its shape and check digit, or null:
 * - "citizen": 國民身分證統一編號, a capital letter, 1 (male) or 2 (female), seven digits and a
 *   check digit;
 * - "resident": a foreign or unregistered resident's 統一證號, in the layout of 2 January 2021
 *   (8 male, 9 female in the second place) or the older one (a second capital A–D, which counts
 *   as the last digit of its own code: A 0, B 1, C 2, D 3).
 * Each: the letter's code, the second character and the eight digits times 1, 9, 8, 7, 6, 5, 4,
 * 3, 2, 1, 1, summed, is a multiple of 10. A lower-case first letter is read as the capital.
 */
export function twIdKind(value: string): "citizen" | "resident" | null {
  if (value.length !== 10 || !/^[A-Za-z](?:[1289]|[A-D])\d{8}$/.test(value)) return null;
  const place = PLACES.indexOf(value[0]!.toUpperCase()) + 10;
  const second = value[1]!;
  const oldResident = second >= "A" && second <= "D";
  const secondDigit = oldResident ? String((second.charCodeAt(0) - 65) % 10) : second;
  if (weightedSum(String(place) + secondDigit + value.slice(2), WEIGHTS) % 10 !== 0) return null;
  return second === "1" || second === "2" ? "citizen" : "resident";
}

const CONTEXT = [
  // Traditional Chinese: the card, its number and the resident's certificate number
  "身分證", "身份證", "身分證字號", "身份證字號", "身分證號", "身份證號", "身分證號碼", "身份證號碼", "身分證統一編號", "國民身分證", "國民身分證統一編號",
  "統一證號", "居留證", "居留證號", "居留證號碼", "居留證統一證號", "外僑居留證",
  // Simplified Chinese
  "身份证", "身分证", "身份证号", "身份证号码", "统一证号", "居留证",
  // English
  "national id", "national id number", "national identification number", "national identification card", "id number", "id no", "id card", "identity card", "identity card number",
  "taiwan id", "roc id", "resident certificate", "alien resident certificate", "arc number", "arc no", "ui number", "ui no",
];

/**
 * Taiwanese national identification number (and a resident's certificate number of the same
 * layout). One value of this shape in ten passes the check digit, and a letter and nine digits is
 * a common shape (part and serial numbers, Wikidata's Q-ids beyond Q100000000): alone a citizen's
 * number (1 or 2 second, upper case) scores 0.35, below the threshold; a resident's (8, 9 or
 * A–D second: fewer holders, and two capitals and eight digits is also a Taiwanese receipt's
 * number, 統一發票) and a lower-case letter 0.25. A context word makes them 0.7 and 0.6 (Chinese
 * writes its labels run into the words around them, "我的身分證字號是A123456789": the engine finds
 * a Chinese context term inside a longer word too).
 */
export const twNationalId: Detector = {
  id: "tw_national_id",
  type: "TW_NATIONAL_ID",
  area: "tw",
  category: "government_id",
  description: "Taiwanese national identification number (a place letter, sex digit, 7 digits, check digit; residents' certificate numbers too)",
  patterns: [{ name: "a letter, 1/2/8/9 or A–D, 8 digits", regex: bounded(String.raw`[A-Za-z][1289]\d{8}|[A-Z][A-D]\d{8}`), score: 0.1 }],
  context: CONTEXT,
  // A receipt's number (統一發票) has the old resident layout: two capitals and eight digits.
  negativeContext: [...OTHER_NUMBER_LABELS, "發票", "發票號碼", "統一發票", "電子發票", "发票", "发票号码", "wikidata"],
  prefilter: { minDigits: 8, letter: true, minToken: 10 },
  validate(value) {
    const kind = twIdKind(value);
    if (kind === null) return false;
    const upper = value.charCodeAt(0) <= 90;
    return { validation: kind === "citizen" ? "tw_id_checksum" : "tw_resident_checksum", score: kind === "citizen" && upper ? 0.35 : 0.25 };
  },
};
