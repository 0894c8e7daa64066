import type { Candidate, Detector } from "../core/types.ts";
import { patternCandidates } from "../core/engine.ts";
import { bounded, NOT_AFTER_GROUP, NOT_BEFORE_GROUP, NOT_IN_TOKEN } from "../core/regex.ts";
import { allSame, digitsOf, weightedSum } from "../core/checksums.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";
import { readPhoneNumber } from "../generic/phone_parse.ts";

/**
 * Weights of the first eleven digits, left to right. The definition of the check digit (a
 * ministerial ordinance of 2014) counts them from the right: the n-th from the right (n = 1 … 11)
 * weighs n + 1 up to n = 6, n − 5 from n = 7 on; read from the left that is 6, 5, 4, 3, 2, then
 * 7, 6, 5, 4, 3, 2.
 */
const WEIGHTS = [6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/**
 * A Japanese Individual Number (マイナンバー, 個人番号): twelve digits, the last a check digit:
 * r = Σ weighted digits mod 11; the check digit is 0 when r is 0 or 1, else 11 − r. The other
 * eleven come from the resident record code by an undisclosed transformation: no range or
 * structure to check beyond that. A run of one digit (twelve zeros pass) is no one's.
 */
export function myNumberValid(d: string): boolean {
  if (d.length !== 12 || !/^\d{12}$/.test(d) || allSame(d)) return false;
  const r = weightedSum(d, WEIGHTS) % 11;
  return (r <= 1 ? 0 : 11 - r) === d.charCodeAt(11) - 48;
}

/** The context terms: Japanese, then English. */
const CONTEXT = [
  // Japanese: the number, its legal name, the cards (individual number card, the paper
  // notification card issued until 2020), and the half-width katakana of older systems' forms
  "マイナンバー", "個人番号", "個人番号カード", "マイナンバーカード", "通知カード", "個人番号通知カード", "ﾏｲﾅﾝﾊﾞｰ",
  // English: the government's own names ("my number" also as a key, my_number / myNumber).
  // Not "personal number": it is the Swedish personnummer's (twelve digits as YYYYMMDDNNNC too).
  "my number", "mynumber", "my number card", "individual number", "individual number card",
];

/**
 * The terms that lift twelve digits that are also a valid phone number in international form
 * without its "+" (44 7700 900123, a British mobile): all but the English phrase "my number",
 * with which an English text gives a phone number ("my number is 447700900123") far more often
 * than a Japanese resident's Individual Number. Of random valid Individual Numbers, about 7 %
 * read as a valid phone number so; those still count with any other term.
 */
const NOT_A_PHONE_NUMBER: ReadonlySet<string> = new Set(CONTEXT.filter((t) => t !== "my number"));
/**
 * The English phrase "my number", written apart, near the digits. Without it, "my number" came
 * from a key ("my_number: …", "myNumber=…", a table's column "my_number"), which names the
 * field: the restriction above is for the phrase only.
 */
const PHRASE = /(?<![\p{L}\p{N}_])my[ \t]+number(?![\p{L}\p{N}_])/iu;
/** How far around the digits the phrase is looked for (the context window's reach, about ten words). */
const PHRASE_REACH = 80;

/**
 * Japanese Individual Number. Twelve digits with a check digit that one random number in ten
 * passes, written plain or as the card prints it, 4-4-4 ("1234 5678 9018", also hyphenated).
 * Twelve digits are also Aadhaar numbers (which, grouped 4-4-4, stand alone: 0.5), a Russian
 * person's INN, order, invoice and account numbers, and a phone number in international form
 * without its "+" (81 90 …, 91 98 …): in either form it needs a label (0.3 alone, 0.65 with one),
 * which also makes it win over an Aadhaar reading of the same digits (0.5 alone). Japanese writes
 * its labels run into the sentence ("私のマイナンバーは…"): the engine finds a Japanese term inside
 * a longer word. The Corporate Number (法人番号: thirteen digits, check digit first) is no
 * individual's: the boundaries keep its last twelve digits from being read as one.
 */
export const jpMyNumber: Detector = {
  id: "jp_my_number",
  type: "JP_MY_NUMBER",
  area: "jp",
  category: "government_id",
  description: "Japanese Individual Number (マイナンバー: 12 digits, mod-11 check digit)",
  patterns: [
    {
      name: "12 digits, or 4-4-4 with blanks or hyphens",
      // Not the tail of a token (a UUID's last group, "id-…"), nor of "+81…" (a phone number);
      // grouped, not three groups of a longer row ("1 2345 6789 0123", a 4-4-4-4 card number).
      regex: bounded(String.raw`${NOT_IN_TOKEN}(?<!\+)\d{12}|${NOT_IN_TOKEN}${NOT_AFTER_GROUP}(?<!\+)\d{4}(?<sep>[ -])\d{4}\k<sep>\d{4}${NOT_BEFORE_GROUP}`),
      score: 0.3,
    },
  ],
  context: CONTEXT,
  // Japanese order, slip, invoice and inquiry numbers. (Not 法人番号: tax forms label the field
  // "個人番号又は法人番号", an individual's twelve digits or a corporation's thirteen.) In English
  // "my number" also introduces a phone number, twelve digits in international form without its
  // "+" ("call me on my number 4479…"): words of calling lower it. (Not "tel": Japanese forms
  // print TEL next to マイナンバー.)
  negativeContext: [
    ...OTHER_NUMBER_LABELS, "注文番号", "受注番号", "発注番号", "伝票番号", "請求書番号", "お問い合わせ番号", "問い合わせ番号", "追跡番号", "シリアル番号", "製造番号",
    "call", "phone", "telephone", "mobile", "whatsapp", "sms",
  ],
  prefilter: { minDigits: 12 },
  maxBaseScore: 0.3,
  chance: 0.1, // the check digit (0 for r = 0 and 1, then 9 … 1): one uniform last digit in ten matches it
  find(text, _cues, tally): Candidate[] {
    return patternCandidates(jpMyNumber, text, tally).map((c) => {
      if (c.onlyContext === undefined || PHRASE.test(text.slice(Math.max(0, c.start - PHRASE_REACH), c.end + PHRASE_REACH))) return c;
      const { onlyContext: _, ...keyed } = c;
      return keyed;
    });
  },
  validate: (value) => {
    const digits = digitsOf(value);
    if (!myNumberValid(digits)) return false;
    return readPhoneNumber(`+${digits}`)?.valid ? { validation: "my_number_mod11", score: 0.3, onlyContext: NOT_A_PHONE_NUMBER } : { validation: "my_number_mod11", score: 0.3 };
  },
};
