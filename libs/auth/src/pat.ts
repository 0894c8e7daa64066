/**
 * Personal access tokens (PATs), in the shape secret scanners recognise:
 *
 *   fsp_<30 base62 characters of randomness><6 base62 characters of CRC32 checksum>
 *
 * 30 base62 characters carry ~178 bits of entropy. The checksum is the CRC32 of the prefix
 * plus the random part, written as 6 base62 digits (zero-padded), so a scanner (or the API)
 * can reject a mistyped or made-up token without a lookup. Only a SHA-256 of the whole token
 * is ever stored: with this much entropy a fast hash is enough (no salt or KDF needed).
 */
import { createHash, randomInt } from "node:crypto";
import { crc32 } from "node:zlib";

export const PAT_PREFIX = "fsp_";
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_LEN = 30;
const CHECKSUM_LEN = 6;
export const PAT_LENGTH = PAT_PREFIX.length + RANDOM_LEN + CHECKSUM_LEN;
const PAT_SHAPE = new RegExp(`^${PAT_PREFIX}[0-9A-Za-z]{${RANDOM_LEN + CHECKSUM_LEN}}$`);

function base62(n: number, width: number): string {
  let out = "";
  let v = n;
  do {
    out = ALPHABET[v % 62] + out;
    v = Math.floor(v / 62);
  } while (v > 0);
  return out.padStart(width, "0");
}

function checksum(body: string): string {
  return base62(crc32(body), CHECKSUM_LEN);
}

export function generatePat(): string {
  let random = "";
  for (let i = 0; i < RANDOM_LEN; i++) random += ALPHABET[randomInt(62)];
  const body = PAT_PREFIX + random;
  return body + checksum(body);
}

/** Right prefix, length, alphabet and checksum. Says nothing about whether it was issued. */
export function isWellFormedPat(token: string): boolean {
  if (!PAT_SHAPE.test(token)) return false;
  const body = token.slice(0, PAT_PREFIX.length + RANDOM_LEN);
  return token.slice(body.length) === checksum(body);
}

/** The only form in which a PAT is stored: SHA-256 hex of the whole token. */
export function hashPat(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
