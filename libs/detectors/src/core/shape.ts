/**
 * Shapes of a matched value that say it is something else than the identifier it resembles,
 * whatever its check digit says (one in 11 or 23 random values passes a check letter).
 */

/** Letters of both cases ("T8169345a" of "T8169345a.java"): an identifier is written in one case. */
export function mixedCase(value: string): boolean {
  return /[a-z]/.test(value) && /[A-Z]/.test(value);
}

/**
 * Lower-case hexadecimal with a digit and a letter, unspaced ("2315785f", "bc899650c"): an
 * abbreviated commit or a hash, as changelogs and logs are full of.
 */
export function lowerHexHash(value: string): boolean {
  return /^[0-9a-f-]+$/.test(value) && /[a-f]/.test(value) && /[0-9]/.test(value);
}

/** The first `n` primes. */
function primes(n: number): number[] {
  const out: number[] = [];
  for (let k = 2; out.length < n; k++) if (out.every((p) => k % p !== 0)) out.push(k);
  return out;
}

/** The integer `k`-th root of a big integer (Newton's method, rounded down). */
function iroot(n: bigint, k: bigint): bigint {
  let x = 1n << (BigInt(n.toString(2).length) / k + 1n);
  for (;;) {
    const y = ((k - 1n) * x + n / x ** (k - 1n)) / k;
    if (y >= x) return x;
    x = y;
  }
}

/** The first 64 bits of the fractional part of the `k`-th root of p, exactly. */
const frac64 = (p: number, k: bigint) => iroot(BigInt(p) << (64n * k), k) & ((1n << 64n) - 1n);

/**
 * Constants every bundled hash implementation spells out in decimal: MD5's and SHA-1's initial
 * values and SHA-1's round constants, MD5's sine table (floor(|sin(i)|·2³²), RFC 1321), the
 * SHA-2 family's initial values and round constants (the fractional parts of the square and cube
 * roots of the first primes, FIPS 180-4: SHA-512's 64-bit words as their two 32-bit halves,
 * which also give SHA-256's and SHA-224's), each also as the magnitude of its signed 32-bit form
 * (`-680876936` is 0xd76aa478); and powers of two and their predecessors from 2²⁰ to 2⁶⁴
 * (`{length: 4294967296}`, MAX_SAFE_INTEGER). Minified
 * JavaScript is full of them, and they pass for SSNs, NPIs, phone and licence numbers.
 */
export const HASH_CONSTANTS: ReadonlySet<string> = (() => {
  const words = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0, 0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6, 2 ** 32 + 1];
  for (let i = 1; i <= 64; i++) words.push(Math.floor(Math.abs(Math.sin(i)) * 2 ** 32));
  const ps = primes(80);
  const sha2 = [...ps.slice(0, 16).map((p) => frac64(p, 2n)), ...ps.map((p) => frac64(p, 3n))];
  for (const w of sha2) words.push(Number(w >> 32n), Number(w & 0xffffffffn));
  const out = new Set<string>();
  for (let k = 20n; k <= 64n; k++) out.add(String(1n << k)).add(String((1n << k) - 1n));
  for (const w of words) {
    out.add(String(w));
    if (w >= 2 ** 31) out.add(String(2 ** 32 - w));
  }
  return out;
})();

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * Whether the digits at [start, end) are numbers of code, not identifiers: a well-known hash
 * constant, an element of a comma-separated array of numbers ("…,1294757372,1396182291,…"), or
 * the fraction of a decimal number ("-.4435068666934967"). Only runs of digits alone are judged.
 */
export function numericNoise(text: string, start: number, end: number): boolean {
  if (end - start < 6 || end - start > 20) return false;
  for (let i = start; i < end; i++) if (!isDigit(text.charCodeAt(i))) return false;
  if (HASH_CONSTANTS.has(text.slice(start, end))) return true;
  const prev = text.charCodeAt(start - 1);
  if (prev === 46 /* . */) {
    const p2 = text.charCodeAt(start - 2);
    if (isDigit(p2) || p2 === 45 /* - */ || p2 === 40 /* ( */) return true;
  }
  return prev === 44 /* , */ && isDigit(text.charCodeAt(start - 2)) && text.charCodeAt(end) === 44 && isDigit(text.charCodeAt(end + 1));
}
