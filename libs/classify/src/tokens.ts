/**
 * A conservative token estimate that never needs the model's tokenizer: it must not undercount
 * for any tokenizer we may talk to, whatever the text (a base64 body, a hex log, random ids,
 * Korean). Byte-level BPE (SmolLM2's, Llama 3's, GPT's) spends at most one token per UTF-8 byte
 * and cuts text into pre-tokens (a letter run with the space before it, one digit, a punctuation
 * run, a whitespace run) that no token crosses, so pre-tokens can be counted one by one:
 *
 * - digits and ASCII punctuation, tabs and newlines: 1 each (their byte; SmolLM2 splits numbers
 *   into single digits);
 * - other characters: their UTF-8 bytes, the most a byte-level tokenizer can spend (2 below
 *   U+0800, 3 above, 4 for a pair of surrogates): SmolLM2 spent 2.2–3.0 tokens a character on
 *   Korean, 1.6–2.7 on Chinese;
 * - a space before an ASCII letter or punctuation: 0 (it joins the token after it); a run of
 *   spaces, or one before a digit, another character or the end: 1, and 1 more per 16;
 * - an ASCII letter run (camelCase split at its humps) by its shape, see letterRunTokens.
 *
 * Measured against SmolLM2's tokenizer (tokens.spec.ts holds reference counts; README,
 * "Prompt"): 1.0–1.35× the real count on base64, hex, random letters, Korean and random CJK,
 * 1.7–2.5× on English prose. Cheap: one pass, no allocation; it runs on every window of text.
 */
export function estimateTokens(text: string): number {
  let tokens = 0;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (isLetter(c)) {
      const end = runEnd(text, i);
      tokens += letterRunTokens(text, i, end);
      i = end;
    } else if (c === 0x20) {
      let end = i + 1;
      while (end < text.length && text.charCodeAt(end) === 0x20) end++;
      const next = end < text.length ? text.charCodeAt(end) : 0;
      if (end - i > 1 || !(next > 0x20 && next < 0x80 && !isDigit(next))) tokens += 1 + Math.floor((end - i) / 16);
      i = end;
    } else {
      tokens += c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 2 : 3;
      i++;
    }
  }
  return tokens;
}

const isUpper = (c: number) => c >= 0x41 && c <= 0x5a;
const isLower = (c: number) => c >= 0x61 && c <= 0x7a;
const isLetter = (c: number) => isUpper(c) || isLower(c);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
/** Bit per letter (a = bit 0) of a lower-cased letter. */
const letterBits = (s: string) => [...s].reduce((m, ch) => m | (1 << (ch.charCodeAt(0) - 0x61)), 0);
const VOWELS = letterBits("aeiouy");
/** Letters rare in words of the Latin-script languages, common in random strings (4 in 26). */
const RARE = letterBits("jqxz");

/** The end of the letter run at `i`: the next non-letter, or a capital after a small letter (a camelCase hump). */
function runEnd(text: string, i: number): number {
  let j = i + 1;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    if (isLower(c)) j++;
    else if (isUpper(c) && !isLower(text.charCodeAt(j - 1))) j++;
    else break;
  }
  return j;
}

/**
 * Tokens of one run of ASCII letters (with the space before it). A word of an ordinary language
 * takes 1–2 tokens in English and ~0.45 a letter in others or in names (Dutch, Indonesian,
 * "Przybylski"); a run without a word's shape is cut into pieces of 1–2 letters: measured 0.60
 * a letter for random small letters, 0.68 capitals, 0.74 mixed case (a base64 body's runs).
 * Word-shaped: small letters or capitals (or a capital first), a vowel (y counts) for every 4
 * letters, at most 4 consonants in a row ("instruction"), and no j, q, x or z (one in a run of
 * more than 5 letters), and no digit against it (a piece of a hash or of base64: "3fa9c0").
 * Runs of 1–3 letters of that shape count 1, longer ones 0.45 a letter, in capitals 0.6; any
 * other run 0.8 a letter (rounded up). English words come out at ~2.5× their real count, the
 * price of never undercounting words of other languages, names or random letters.
 */
function letterRunTokens(text: string, start: number, end: number): number {
  const n = end - start;
  let upper = 0;
  let vowels = 0;
  let rare = 0;
  let consonants = 0;
  let maxConsonants = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (isUpper(c)) upper++;
    const bit = 1 << ((c | 0x20) - 0x61);
    if (bit & RARE) rare++;
    if (bit & VOWELS) {
      vowels++;
      consonants = 0;
    } else maxConsonants = Math.max(maxConsonants, ++consonants);
  }
  const mixedCase = upper > 1 && upper < n;
  const nextToDigit = isDigit(text.charCodeAt(start - 1)) || isDigit(text.charCodeAt(end));
  const wordShaped = !mixedCase && !nextToDigit && vowels * 4 >= n && maxConsonants <= 4 && rare <= (n > 5 ? 1 : 0);
  if (!wordShaped) return Math.ceil(n * 0.8);
  if (upper > 1) return Math.ceil(n * 0.6);
  return n <= 3 ? 1 : Math.ceil(n * 0.45);
}
