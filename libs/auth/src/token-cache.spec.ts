import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import jwt from "jsonwebtoken";
import { VERIFY_OPTIONS, signAccessToken, verifyAccessToken } from "./jwt.ts";
import { VerifiedTokenCache } from "./token-cache.ts";

const key = randomBytes(32);
const sign = (now: number, ttl = 60) => signAccessToken(key, { sub: "pat-1", name: "crawler", scopes: ["submit", "query"], ttl, now });

describe("verified access tokens cache", () => {
  it("hands back the claims of the exact token verified before, and nothing for any other string", () => {
    const now = Math.floor(Date.now() / 1000);
    const { token } = sign(now);
    const cache = new VerifiedTokenCache();
    cache.set(token, verifyAccessToken(key, token), now * 1000);
    assert.equal(cache.get(token, now * 1000)?.sub, "pat-1");
    // Every one-character change (header, payload, signature; the signature's last character
    // carries unused bits, so it is the case a byte-level comparison would miss) is a miss.
    for (let i = 0; i < token.length; i++) {
      if (token[i] === ".") continue;
      const other = token.slice(0, i) + (token[i] === "A" ? "B" : "A") + token.slice(i + 1);
      assert.equal(cache.get(other, now * 1000), undefined, `changed at ${i}`);
    }
    assert.equal(cache.get(token + "=", now * 1000), undefined);
    assert.equal(cache.get(token.slice(0, -1), now * 1000), undefined);
  });

  it("refuses a cached token from the same second as jsonwebtoken does", () => {
    const iat = 1_800_000_000;
    const { token, claims } = sign(iat, 60);
    const cache = new VerifiedTokenCache();
    cache.set(token, claims, iat * 1000);
    const lastGood = claims.exp * 1000 - 1;
    assert.ok(cache.get(token, lastGood));
    assert.doesNotThrow(() => jwt.verify(token, key, { ...VERIFY_OPTIONS, clockTimestamp: Math.floor(lastGood / 1000) }));
    assert.equal(cache.get(token, claims.exp * 1000), undefined, "expired at exp");
    assert.throws(() => jwt.verify(token, key, { ...VERIFY_OPTIONS, clockTimestamp: claims.exp }), { name: "TokenExpiredError" });
    assert.equal(cache.size, 0, "the expired entry is dropped");
    assert.equal(cache.get(token, lastGood), undefined, "and stays gone");
  });

  it("keeps only access claims without nbf that have not expired", () => {
    const now = 1_800_000_000;
    const { token, claims } = sign(now);
    const cache = new VerifiedTokenCache();
    assert.equal(cache.set(token, { ...claims, scopes: undefined }, now * 1000), undefined);
    assert.equal(cache.set(token, { ...claims, nbf: now }, now * 1000), undefined);
    assert.equal(cache.set(token, claims, claims.exp * 1000), undefined);
    assert.equal(cache.set(token, null, now * 1000), undefined);
    assert.equal(cache.size, 0);
  });

  it("hands out frozen claims, so one request cannot change another's", () => {
    const now = 1_800_000_000;
    const { token, claims } = sign(now);
    const cache = new VerifiedTokenCache();
    cache.set(token, claims, now * 1000);
    const got = cache.get(token, now * 1000)!;
    assert.throws(() => ((got as { sub: string }).sub = "other"), TypeError);
    assert.throws(() => got.scopes.push("query"), TypeError);
    claims.scopes.push("submit");
    assert.deepEqual(cache.get(token, now * 1000)!.scopes, ["submit", "query"], "a copy, not the caller's object");
  });

  it("is bounded: the oldest entry leaves when full", () => {
    const now = 1_800_000_000;
    const cache = new VerifiedTokenCache(3);
    const tokens = [0, 1, 2, 3].map(() => sign(now));
    for (const t of tokens) cache.set(t.token, t.claims, now * 1000);
    assert.equal(cache.size, 3);
    assert.equal(cache.get(tokens[0]!.token, now * 1000), undefined);
    for (const t of tokens.slice(1)) assert.ok(cache.get(t.token, now * 1000));
    assert.throws(() => new VerifiedTokenCache(0));
  });
});
