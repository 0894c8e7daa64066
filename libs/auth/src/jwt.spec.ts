import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import jwt from "jsonwebtoken";
import { JWT_AUDIENCE, JWT_ISSUER, loadJwtKey, loadPreviousJwtKey, signAccessToken, verifyAccessToken } from "./jwt.ts";

const key = randomBytes(32);

describe("access tokens (JWT)", () => {
  it("carry iss, aud, sub, iat, exp, jti, scopes and name, signed HS256", () => {
    const { token, expiresIn, claims } = signAccessToken(key, { sub: "id-1", name: "crawler", scopes: ["submit"], ttl: 3600 });
    assert.equal(expiresIn, 3600);
    const header = JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString()) as { alg: string };
    assert.equal(header.alg, "HS256");
    const v = verifyAccessToken(key, token);
    assert.equal(v.iss, JWT_ISSUER);
    assert.equal(v.aud, JWT_AUDIENCE);
    assert.equal(v.sub, "id-1");
    assert.equal(v.exp - v.iat, 3600);
    assert.deepEqual(v.scopes, ["submit"]);
    assert.equal(v.name, "crawler");
    assert.equal(v.jti, claims.jti);
    assert.match(v.jti, /^[0-9a-f-]{36}$/);
  });

  it("never outlive the PAT (notAfter)", () => {
    const now = Math.floor(Date.now() / 1000);
    const { expiresIn, claims } = signAccessToken(key, { sub: "s", name: "n", scopes: ["query"], ttl: 3600, notAfter: now + 60, now });
    assert.equal(expiresIn, 60);
    assert.equal(claims.exp, now + 60);
  });

  it("are rejected when expired, signed with another key, unsigned (alg none) or from another issuer/audience", () => {
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = signAccessToken(key, { sub: "s", name: "n", scopes: ["submit"], ttl: 60, now: past }).token;
    assert.throws(() => verifyAccessToken(key, expired), { name: "TokenExpiredError" });
    const other = signAccessToken(randomBytes(32), { sub: "s", name: "n", scopes: ["submit"], ttl: 60 }).token;
    assert.throws(() => verifyAccessToken(key, other), /invalid signature/);
    const good = signAccessToken(key, { sub: "s", name: "n", scopes: ["submit"], ttl: 60 }).token;
    const payload = good.split(".")[1];
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    assert.throws(() => verifyAccessToken(key, none));
    const hs512 = jwt.sign({ iss: JWT_ISSUER, aud: JWT_AUDIENCE, sub: "s", scopes: ["submit"], name: "n", jti: "j" }, key, { algorithm: "HS512", expiresIn: 60 });
    assert.throws(() => verifyAccessToken(key, hs512), /invalid algorithm/);
    const wrongAud = jwt.sign({ iss: JWT_ISSUER, aud: "other", sub: "s", scopes: ["submit"], name: "n", jti: "j" }, key, { algorithm: "HS256", expiresIn: 60 });
    assert.throws(() => verifyAccessToken(key, wrongAud), /audience/);
  });
});

describe("JWT signing key", () => {
  let home: string;
  beforeEach(() => {
    home = mkdtempSync(path.join(tmpdir(), "filescan-key-"));
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  it("is generated once into <state>/secrets/jwt.key with mode 0600 and then reused", () => {
    const env = { FILESCAN_HOME: home };
    const a = loadJwtKey(env);
    const file = path.join(home, "secrets", "jwt.key");
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(a.length, 32);
    assert.deepEqual(loadJwtKey(env), a);
    assert.equal(Buffer.from(readFileSync(file, "utf8").trim(), "base64").equals(a), true);
  });

  it("comes from FILESCAN_JWT_SECRET when set, which must be at least 32 characters", () => {
    const secret = "s".repeat(40);
    assert.deepEqual(loadJwtKey({ FILESCAN_HOME: home, FILESCAN_JWT_SECRET: secret }), Buffer.from(secret));
    assert.throws(() => loadJwtKey({ FILESCAN_HOME: home, FILESCAN_JWT_SECRET: "short" }), /at least 32/);
  });

  it("has a previous key only when FILESCAN_JWT_PREVIOUS_SECRET is set, of at least 32 characters too", () => {
    assert.equal(loadPreviousJwtKey({}), null);
    assert.equal(loadPreviousJwtKey({ FILESCAN_JWT_PREVIOUS_SECRET: "" }), null);
    assert.deepEqual(loadPreviousJwtKey({ FILESCAN_JWT_PREVIOUS_SECRET: "p".repeat(32) }), Buffer.from("p".repeat(32)));
    assert.throws(() => loadPreviousJwtKey({ FILESCAN_JWT_PREVIOUS_SECRET: "short" }), /FILESCAN_JWT_PREVIOUS_SECRET must be at least 32/);
  });
});
