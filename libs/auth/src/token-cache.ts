/**
 * Access tokens already verified, so that a client sending the same JWT on every request does
 * not pay for the HMAC check and the JSON decoding each time (a tenth of the API's CPU per
 * /submit). Only what the verifier accepted goes in, keyed by the whole token string: a token
 * that differs in any character is not found and is verified afresh. An entry counts only
 * until its `exp`, by the verifier's own rule (expired once the current whole second reaches
 * `exp`), so a cached token is refused at the same second the verifier would refuse it. The
 * map is bounded: when full, the oldest entry leaves (tokens are issued with one lifetime, so
 * the oldest is about the first to expire).
 *
 * This replaces the signature check only: the caller still checks revocation (the PAT behind
 * `sub`) on every request.
 */
import { isAccessClaims, type AccessClaims } from "./jwt.ts";

export const DEFAULT_TOKEN_CACHE_ENTRIES = 10_000;

export class VerifiedTokenCache {
  private readonly entries = new Map<string, AccessClaims>();
  readonly maxEntries: number;

  constructor(maxEntries = DEFAULT_TOKEN_CACHE_ENTRIES) {
    if (!(maxEntries >= 1)) throw new Error("maxEntries must be at least 1");
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The claims of this exact token, when it was verified before and has not expired at `nowMs`. */
  get(token: string, nowMs = Date.now()): AccessClaims | undefined {
    const claims = this.entries.get(token);
    if (claims === undefined) return undefined;
    if (isExpired(claims, nowMs)) {
      this.entries.delete(token);
      return undefined;
    }
    return claims;
  }

  /**
   * Remember a token the verifier has just accepted, with the claims it decoded. Claims that are
   * not access claims or carry a not-before time are not kept (they are verified each time).
   * Returns the frozen claims that `get` will hand out (or the claims as given when not kept).
   */
  set(token: string, claims: unknown, nowMs = Date.now()): AccessClaims | undefined {
    if (!isAccessClaims(claims) || (claims as { nbf?: unknown }).nbf !== undefined) return undefined;
    if (isExpired(claims, nowMs)) return undefined;
    if (this.entries.size >= this.maxEntries && !this.entries.has(token)) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    // Shared by every request that presents the token: nobody may change them.
    const frozen = Object.freeze({ ...claims, scopes: Object.freeze([...claims.scopes]) as AccessClaims["scopes"] });
    this.entries.set(token, frozen);
    return frozen;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** jsonwebtoken's rule (no clock tolerance): expired when floor(now / 1000) >= exp. */
function isExpired(claims: AccessClaims, nowMs: number): boolean {
  return Math.floor(nowMs / 1000) >= claims.exp;
}
