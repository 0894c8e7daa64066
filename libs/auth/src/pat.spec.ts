import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { PAT_LENGTH, PAT_PREFIX, generatePat, hashPat, isWellFormedPat } from "./pat.ts";
import { checkExpiresInDays, MAX_EXPIRES_IN_DAYS } from "./store.ts";

describe("personal access tokens", () => {
  it("have the fsp_ prefix, a fixed length and only base62 characters", () => {
    for (let i = 0; i < 50; i++) {
      const t = generatePat();
      assert.ok(t.startsWith(PAT_PREFIX));
      assert.equal(t.length, PAT_LENGTH);
      assert.match(t, /^fsp_[0-9A-Za-z]{36}$/);
      assert.ok(isWellFormedPat(t), t);
    }
  });

  it("are distinct (high entropy)", () => {
    const seen = new Set(Array.from({ length: 2000 }, generatePat));
    assert.equal(seen.size, 2000);
  });

  it("carry a checksum that catches any changed character", () => {
    const t = generatePat();
    for (let i = PAT_PREFIX.length; i < t.length; i++) {
      const c = t[i] === "a" ? "b" : "a";
      const changed = t.slice(0, i) + c + t.slice(i + 1);
      assert.equal(isWellFormedPat(changed), false, `position ${i}`);
    }
  });

  it("rejects other shapes", () => {
    const t = generatePat();
    for (const bad of ["", "fsp_", t.slice(0, -1), t + "0", "ghp_" + t.slice(4), t.replace("fsp_", "FSP_"), t.slice(0, 10) + "-" + t.slice(11)]) {
      assert.equal(isWellFormedPat(bad), false, bad);
    }
  });

  it("are stored as the SHA-256 hex of the whole token", () => {
    const t = generatePat();
    assert.equal(hashPat(t), createHash("sha256").update(t).digest("hex"));
    assert.notEqual(hashPat(t), hashPat(generatePat()));
  });
});

describe("personal access tokens: a lifetime", () => {
  it("is above 0 days and at most ten years (1e9 days made an invalid date and a stack trace)", () => {
    assert.equal(checkExpiresInDays(0.5), 0.5);
    assert.equal(checkExpiresInDays(MAX_EXPIRES_IN_DAYS), 3650);
    for (const bad of [0, -5, NaN, Infinity]) assert.throws(() => checkExpiresInDays(bad), /must be a positive number/, String(bad));
    for (const bad of [3651, 1e9]) assert.throws(() => checkExpiresInDays(bad), /at most 3650 \(ten years\)/, String(bad));
  });
});
