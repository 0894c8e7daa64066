/**
 * Access tokens (JWTs) handed out by `POST /auth/token`: HS256 only (the verifier pins the
 * algorithm, so `alg: none` or an RS/HS confusion is rejected), with iss, aud, sub (the PAT's
 * id), iat, exp, jti and the PAT's scopes.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import jwt from "jsonwebtoken";
import { intFromEnv, stateDir } from "@filescan/config";

export const JWT_ALGORITHM = "HS256" as const;
export const JWT_ISSUER = "filescan";
export const JWT_AUDIENCE = "filescan-api";
/** Default access-token lifetime in seconds (the spec's example value). */
export const DEFAULT_JWT_TTL_SECONDS = 3600;

export const SCOPES = ["submit", "query"] as const;
export type Scope = (typeof SCOPES)[number];

export interface AccessClaims {
  iss: string;
  aud: string;
  sub: string;
  iat: number;
  exp: number;
  jti: string;
  scopes: Scope[];
  /** The PAT's name, for the event's principal. */
  name: string;
}

export function jwtTtlSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const ttl = intFromEnv(env, "FILESCAN_JWT_TTL_SECONDS", DEFAULT_JWT_TTL_SECONDS);
  if (ttl < 1) throw new Error("FILESCAN_JWT_TTL_SECONDS must be at least 1");
  return ttl;
}

/**
 * The signing key: FILESCAN_JWT_SECRET (at least 32 characters) when set, else a 256-bit key
 * generated once into `<stateDir>/secrets/jwt.key` (mode 0600) and reused afterwards. Several
 * API instances must share the key: set the variable for them.
 */
export function loadJwtKey(env: NodeJS.ProcessEnv = process.env): Buffer {
  const fromEnv = env.FILESCAN_JWT_SECRET;
  if (fromEnv !== undefined && fromEnv !== "") {
    if (fromEnv.length < 32) throw new Error("FILESCAN_JWT_SECRET must be at least 32 characters");
    return Buffer.from(fromEnv, "utf8");
  }
  const file = path.join(stateDir(env), "secrets", "jwt.key");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, randomBytes(32).toString("base64") + "\n", { mode: 0o600, flag: "wx" });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err; // another process won the race
    }
    chmodSync(file, 0o600);
  }
  const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  if (key.length < 32) throw new Error(`${file} holds a key shorter than 256 bits`);
  return key;
}

/**
 * The key a rotation replaced, still accepted (never used to sign): FILESCAN_JWT_PREVIOUS_SECRET
 * (at least 32 characters), or none. Rotating without a burst of 401s: give every API instance
 * the new FILESCAN_JWT_SECRET and the old one here, then, once the old key's tokens have
 * expired (FILESCAN_JWT_TTL_SECONDS), drop this.
 */
export function loadPreviousJwtKey(env: NodeJS.ProcessEnv = process.env): Buffer | null {
  const previous = env.FILESCAN_JWT_PREVIOUS_SECRET;
  if (previous === undefined || previous === "") return null;
  if (previous.length < 32) throw new Error("FILESCAN_JWT_PREVIOUS_SECRET must be at least 32 characters");
  return Buffer.from(previous, "utf8");
}

export interface SignInput {
  sub: string;
  name: string;
  scopes: Scope[];
  /** Lifetime in seconds. */
  ttl: number;
  /** Epoch seconds; never signs past this (the PAT's own expiry). */
  notAfter?: number | null;
  now?: number;
}

export function signAccessToken(key: Buffer, input: SignInput): { token: string; expiresIn: number; claims: AccessClaims } {
  const iat = input.now ?? Math.floor(Date.now() / 1000);
  let exp = iat + input.ttl;
  if (input.notAfter != null && input.notAfter < exp) exp = input.notAfter;
  const claims: AccessClaims = {
    iss: JWT_ISSUER,
    aud: JWT_AUDIENCE,
    sub: input.sub,
    iat,
    exp,
    jti: randomUUID(),
    scopes: input.scopes,
    name: input.name,
  };
  const token = jwt.sign(claims, key, { algorithm: JWT_ALGORITHM });
  return { token, expiresIn: exp - iat, claims };
}

/** Options for jsonwebtoken / koa-jwt verification. */
export const VERIFY_OPTIONS: { algorithms: ["HS256"]; issuer: string; audience: string } = {
  algorithms: [JWT_ALGORITHM],
  issuer: JWT_ISSUER,
  audience: JWT_AUDIENCE,
};

/** Throws as jsonwebtoken does on any bad token. */
export function verifyAccessToken(key: Buffer, token: string): AccessClaims {
  const claims = jwt.verify(token, key, VERIFY_OPTIONS) as unknown as AccessClaims;
  if (!isAccessClaims(claims)) throw new jwt.JsonWebTokenError("jwt claims malformed");
  return claims;
}

export function isAccessClaims(c: unknown): c is AccessClaims {
  if (typeof c !== "object" || c === null) return false;
  const o = c as Record<string, unknown>;
  return typeof o.sub === "string" && typeof o.jti === "string" && typeof o.exp === "number" &&
    typeof o.iat === "number" && typeof o.name === "string" &&
    Array.isArray(o.scopes) && o.scopes.every((s) => typeof s === "string");
}
