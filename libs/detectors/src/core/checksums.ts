/** Check-digit algorithms shared by several detectors. Inputs are digit strings unless noted. */

export function digitsOf(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) out += s[i];
  }
  return out;
}

/** True when every character is the same (000000000, 111-11-1111 after stripping). */
export function allSame(s: string): boolean {
  for (let i = 1; i < s.length; i++) if (s[i] !== s[0]) return false;
  return true;
}

/** Luhn (mod 10) over the whole string, the last digit being the check digit. */
export function luhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** Verhoeff (dihedral group D5) check, the last digit being the check digit. */
export function verhoeff(digits: string): boolean {
  let c = 0;
  const n = digits.length;
  for (let i = 0; i < n; i++) {
    const d = digits.charCodeAt(n - 1 - i) - 48;
    if (d < 0 || d > 9) return false;
    c = VERHOEFF_D[c]![VERHOEFF_P[i % 8]![d]!]!;
  }
  return n > 0 && c === 0;
}

/** Σ digit[i] × weights[i]; digits beyond the weights are ignored. */
export function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (digits.charCodeAt(i) - 48) * weights[i]!;
  return sum;
}

/** Σ of the digit sums of digit[i] × weights[i] (7 × 5 = 35 counts 3 + 5): German social security and health insurance numbers. */
export function digitSumWeighted(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    const p = (digits.charCodeAt(i) - 48) * weights[i]!;
    sum += Math.floor(p / 10) + (p % 10);
  }
  return sum;
}

/** A capital letter as the two digits of its place in the alphabet ("A" → "01", "Z" → "26"). */
export const letterPlace = (letter: string): string => String(letter.charCodeAt(0) - 64).padStart(2, "0");

/** A character's value in an ICAO 9303 check digit: digits, A = 10 … Z = 35, the filler `<` 0 (NaN for others). */
function icaoValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 90) return c - 55;
  return c === 60 ? 0 : NaN;
}

const ICAO_WEIGHTS = [7, 3, 1];

/**
 * The ICAO Doc 9303 check digit of a machine-readable zone's field (document number, date):
 * characters valued as `icaoValue`, weights 7, 3, 1 repeating, the sum mod 10. NaN when the field
 * holds another character (lower case included).
 */
export function icao9303CheckDigit(s: string): number {
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += icaoValue(s.charCodeAt(i)) * ICAO_WEIGHTS[i % 3]!;
  return sum % 10;
}

/** ISO 7064 MOD 11,10 (German tax id): true when the last digit is the check digit. */
export function iso7064Mod11_10(digits: string): boolean {
  let product = 10;
  for (let i = 0; i < digits.length - 1; i++) {
    let sum = (digits.charCodeAt(i) - 48 + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  let check = 11 - product;
  if (check === 10) check = 0;
  return check === digits.charCodeAt(digits.length - 1) - 48;
}

/** Remainder of a long decimal string modulo m, without BigInt. */
export function modDecimal(decimal: string, m: number): number {
  let r = 0;
  for (let i = 0; i < decimal.length; i++) r = (r * 10 + (decimal.charCodeAt(i) - 48)) % m;
  return r;
}

/** A calendar date that exists (proleptic Gregorian). */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || month < 1 || month > 12 || day < 1) return false;
  const days = [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= days[month - 1]!;
}

/** A birth date: a real date, not after `today`. */
export const isBirthDate = (year: number, month: number, day: number, today = new Date()): boolean =>
  isRealDate(year, month, day) && Date.UTC(year, month - 1, day) <= today.getTime();
