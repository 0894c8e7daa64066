import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { allSame } from "../core/checksums.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";

/**
 * A Turkish identification number (T.C. Kimlik No, TCKN, issued by the General Directorate of
 * Population and Citizenship Affairs, NVİ; foreign residents' YKN, 99…, follow the same rules):
 * 11 digits, the first not 0; d10 = ((d1 + d3 + d5 + d7 + d9) × 7 − (d2 + d4 + d6 + d8)) mod 10
 * and d11 = (d1 + … + d10) mod 10. Nine equal digits before the two check digits are a filler,
 * not a number issued: "11111111110" passes both checks and is Turkish software's stock test value.
 */
export function tcknValid(d: string): boolean {
  if (!/^[1-9]\d{10}$/.test(d) || allSame(d.slice(0, 9))) return false;
  let odd = 0;
  let even = 0;
  for (let i = 0; i < 9; i++) {
    const x = d.charCodeAt(i) - 48;
    if (i % 2 === 0) odd += x;
    else even += x;
  }
  const d10 = (((odd * 7 - even) % 10) + 10) % 10;
  if (d10 !== d.charCodeAt(9) - 48) return false;
  return (odd + even + d10) % 10 === d.charCodeAt(10) - 48;
}

export const trNationalId: Detector = {
  id: "tr_national_id",
  // (Presidio's entity name)
  type: "TR_NATIONAL_ID",
  area: "tr",
  category: "government_id",
  description: "Turkish identification number (T.C. Kimlik No: 11 digits, first not 0, two check digits)",
  // Not after a "+": "+1…" and "+86 1…" are phone numbers written with their country code.
  patterns: [{ name: "11 digits, first not 0", regex: bounded(String.raw`(?<!\+)[1-9]\d{10}`), score: 0.1 }],
  context: [
    // Turkish. Labels are whole words, lightly stemmed; Turkish glues its suffixes on ("kimlik
    // numaranız", "TC numarasını"), so the stem "kimlik" stands alone, with its softened forms
    // before a vowel ("kimliği", "kimliğini"); a form written in capitals lowers "KİMLİK" to
    // "ki̇mli̇k" (an i and a combining dot), listed as written so it compiles the same way, and
    // "NUMARASI" to "numarasi". Keyboards without Turkish letters give "kimligi", "vatandaslik".
    "tckn", "tckno", "tc no", "t.c. no", "tc kimlik", "tc kimlik no", "t.c. kimlik no", "tc kimlik numarası", "türk kimlik",
    "kimlik", "kimlik no", "kimlik numarası", "kimlik numarasi", "kimliği", "kimliğin", "kimliğini", "kimliğiniz", "kimligi",
    "KİMLİK", "KİMLİK NO", "KİMLİĞİ",
    "tc numarası", "tc numarasi", "tc numaranız", "tc numaraniz", "tc numarasını", "tc numarasini", "tc numaram", "tc nosu",
    "vatandaşlık", "vatandaşlik", "vatandaslik", "vatandaşlık numarası", "vatandaşlık no",
    "nüfus cüzdanı", "nüfus cüzdani", "nufus cuzdani", "ykn", "yabancı kimlik numarası",
    // English
    "turkish id", "turkish id number", "turkish identity number", "turkish identification number", "turkish national id",
    "turkish citizen id", "tr identity number", "national id", "national id number", "national identification number",
    "citizenship number", "citizen id",
  ],
  // Eleven plain digits are also other countries' numbers: their own labels lower the score.
  // (Not phone words: a Turkish phone number of eleven digits starts with 0, and a form puts the
  // phone right after the TCKN.)
  negativeContext: [
    ...OTHER_NUMBER_LABELS, "sipariş", "sipariş no", "sipariş numarası", "siparis no", "seri no",
    "pesel", "cpf", "isikukood", "steuer-id", "steueridentifikationsnummer", "snils", "снилс",
  ],
  prefilter: { minDigits: 11 },
  maxBaseScore: 0.3,
  // The two check digits: one eleven-digit number in a hundred passes.
  chance: 0.01,
  // Two check digits and no date, as a CPF: a bare run passes once in a hundred (Chinese and
  // North American phone numbers with their 1, ids in logs), so it needs a label (0.3 alone,
  // 0.65 with one).
  validate: (value) => (tcknValid(value) ? { validation: "tckn_checksum", score: 0.3 } : false),
};
