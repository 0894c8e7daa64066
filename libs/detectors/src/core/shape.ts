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
