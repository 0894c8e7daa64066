import type { Detector } from "../core/types.ts";
import { bounded, NB, NE, NOT_IN_TOKEN, re } from "../core/regex.ts";
import { allSame, digitsOf, luhn } from "../core/checksums.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";
import { bitConstant } from "../core/shape.ts";

/** Issuer identification ranges (first digits) and the lengths each network issues. */
const ISSUERS: Array<{ name: string; test: (d: string) => boolean; lengths: number[] }> = [
  { name: "uatp", test: (d) => d[0] === "1", lengths: [15] },
  { name: "mir", test: (d) => { const p = +d.slice(0, 4); return p >= 2200 && p <= 2204; }, lengths: [16, 17, 18, 19] },
  { name: "mastercard", test: (d) => { const p = +d.slice(0, 4); return p >= 2221 && p <= 2720; }, lengths: [16] },
  { name: "amex", test: (d) => d.startsWith("34") || d.startsWith("37"), lengths: [15] },
  { name: "diners", test: (d) => /^(?:30[0-5]|309|36|3[89])/.test(d), lengths: [14, 15, 16, 17, 18, 19] },
  { name: "jcb", test: (d) => { const p = +d.slice(0, 4); return p >= 3528 && p <= 3589; }, lengths: [16, 17, 18, 19] },
  { name: "visa", test: (d) => d[0] === "4", lengths: [13, 16, 19] },
  { name: "mastercard/maestro", test: (d) => d[0] === "5", lengths: [12, 13, 14, 15, 16, 17, 18, 19] },
  { name: "discover/unionpay/maestro/rupay", test: (d) => d[0] === "6", lengths: [12, 13, 14, 15, 16, 17, 18, 19] },
  { name: "rupay/unionpay", test: (d) => d.startsWith("81") || d.startsWith("82"), lengths: [16, 17, 18, 19] },
];

export function issuerOf(digits: string): string | null {
  for (const i of ISSUERS) if (i.test(digits) && i.lengths.includes(digits.length)) return i.name;
  return null;
}

/** Payment card numbers (PAN): 12–19 digits, grouped by spaces or dashes, Luhn-valid, in an issuer range. */
export const creditCard: Detector = {
  id: "credit_card",
  type: "CREDIT_CARD",
  area: "generic",
  category: "financial",
  description: "Payment card number (Luhn + issuer ranges)",
  patterns: [
    // 4-4-4-4, 4-4-4-4-3 and 4-4-4-4-2 (19 and 18 digits: UnionPay, Maestro, Visa, "6214 8309 5716
    // 2840 399"), three groups of four and one of one to seven, and Amex/Diners 4-6-5 / 4-6-4, with
    // one consistent separator; or plain digits. The whole grouped run is the candidate, and no
    // group may follow it: the fifth group was left out ("4-4-4-4-3" allowed no separator before
    // it), so a 19-digit card was missed, or, one time in ten, its first sixteen digits passed Luhn
    // and were reported as a card at 1.0 ("4520 9371 8264 5917" of "4520 9371 8264 5917 938"). A
    // date or a time after the number is no group of it: "4111 1111 1111 1111 12/29" (its expiry).
    { name: "grouped", regex: bounded(String.raw`\d{4}([ -])\d{4}\1\d{4}\1(?:\d{4}(?:\1\d{1,3}(?![/:]\d))?|\d{1,7})(?!\1\d+(?![\d/:.]))|\d{4}([ -])\d{6}\2\d{4,5}`), score: 0.3 },
    // A 4-4-4-4 card followed by a group of three, its CVV as dumps write it ("4111 1111 1111 1111
    // 123"): when the nineteen digits are no card, the sixteen are read alone (when they are one,
    // the longer reading wins the overlap).
    { name: "grouped_cvv", regex: bounded(String.raw`\d{4}( )\d{4}\1\d{4}\1\d{4}(?=\1\d{3}(?![\d/:])(?!\1\d+(?![\d/:.])))`), score: 0.3 },
    // A 4-4-4-4 card with its expiry (MM/YY or MM/YYYY) after it by the same separator, maybe its
    // CVV after that ("4111-1111-1111-1111-12/29-123"): the numeric end boundary refused the dash
    // and digit after the sixteen digits, so the card was missed.
    { name: "grouped_expiry", regex: re(String.raw`${NB}\d{4}([ -])\d{4}\1\d{4}\1\d{4}(?=\1(?:0[1-9]|1[0-2])\/(?:20)?\d{2}(?:\1\d{3,4})?(?![/:]\d)${NE})`), score: 0.3 },
    { name: "plain", regex: bounded(String.raw`${NOT_IN_TOKEN}\d{12,19}`), score: 0.3 },
  ],
  context: ["credit", "card", "visa", "mastercard", "amex", "american express", "discover", "jcb", "diners", "maestro", "cc", "ccn", "pan", "debit", "payment", "cardholder", "expiry", "cvv"],
  negativeContext: [...OTHER_NUMBER_LABELS, "isbn"],
  prefilter: { minDigits: 12 },
  chance: 0.1, // Luhn
  validate(value) {
    const d = digitsOf(value);
    if (d.length < 12 || d.length > 19 || allSame(d) || !luhn(d)) return false;
    if (issuerOf(d) === null || bitConstant(d)) return false;
    // A plain run of digits passes Luhn one time in ten: other numbers (national ids, accounts,
    // references) do too. Grouped like a card it is one; plain at a card's usual length (16, or
    // an Amex's 15) it probably is; plain at another length it needs card context.
    if (d.length !== value.length) return { validation: "luhn", score: 1.0 };
    return { validation: "luhn", score: d.length === 16 || (d.length === 15 && /^3[47]/.test(d)) ? 0.8 : 0.35 };
  },
};
