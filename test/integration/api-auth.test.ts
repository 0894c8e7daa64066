/**
 * POST /auth/token and bearer authentication against the real Elasticsearch credential store:
 * the seed's error table for /auth/token, every way a JWT can be bad (401 + WWW-Authenticate),
 * the token lifecycle through the `filescan token` CLI, expiry and the rate limit.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import jwt from "jsonwebtoken";
import { repoRoot } from "@filescan/config";
import { CredentialStore, JWT_AUDIENCE, JWT_ISSUER, generatePat, hashPat, loadJwtKey, signAccessToken, verifyAccessToken } from "@filescan/auth";
import { createEsClient } from "@filescan/search";
import { accessToken, bearer, issuePat, post, startTestApi, submission, testStore, type TestApi } from "./api-helpers.ts";

const run = promisify(execFile);
const cli = (...args: string[]) => run(process.execPath, [path.join(repoRoot(), "apps", "cli", "src", "main.ts"), ...args], { cwd: repoRoot(), env: process.env });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function assert401(r: Awaited<ReturnType<typeof post>>, detail?: RegExp): void {
  assert.equal(r.status, 401, r.text);
  assert.match(r.headers.get("www-authenticate") ?? "", /^Bearer\b/);
  assert.match(r.headers.get("content-type") ?? "", /^application\/problem\+json/);
  assert.equal(r.json.code, "unauthorized");
  if (detail) assert.match(r.json.detail as string, detail);
}

describe("api: POST /auth/token and bearer authentication", function () {
  this.timeout(120_000);
  let api: TestApi;
  let pat: { token: string; id: string };

  before(async () => {
    api = await startTestApi({ settings: { revocationTtlMs: 300 } });
    pat = await issuePat({ name: "auth-suite" });
  });
  after(async () => {
    await api?.close();
  });

  const exchange = (body: unknown, headers: Record<string, string> = {}) => post(`${api.baseUrl}/auth/token`, body, headers);

  describe("exchange", () => {
    it("answers 200 with a JWT, expires_in in seconds and token_type Bearer", async () => {
      const r = await exchange({ token: pat.token });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(Object.keys(r.json).sort(), ["access_token", "expires_in", "token_type"]);
      assert.equal(r.json.expires_in, 3600);
      assert.equal(r.json.token_type, "Bearer");
      assert.equal(r.headers.get("cache-control"), "no-store");
      const claims = verifyAccessToken(loadJwtKey(), r.json.access_token as string);
      assert.equal(claims.iss, JWT_ISSUER);
      assert.equal(claims.aud, JWT_AUDIENCE);
      assert.equal(claims.sub, pat.id);
      assert.equal(claims.exp - claims.iat, 3600);
      assert.ok(Math.abs(claims.iat - Date.now() / 1000) < 60);
      assert.deepEqual(claims.scopes, ["submit", "query"]);
      assert.equal(typeof claims.jti, "string");
      const second = await exchange({ token: pat.token });
      assert.notEqual(verifyAccessToken(loadJwtKey(), second.json.access_token as string).jti, claims.jti, "a fresh jti per token");
    });

    it("reads the body as JSON whatever the Content-Type", async () => {
      const r = await exchange(JSON.stringify({ token: pat.token }), { "content-type": "text/plain" });
      assert.equal(r.status, 200, r.text);
    });

    it("answers 400 when the body is not a JSON object or token is missing or not a string", async () => {
      for (const body of ["{", "", "[]", "null", '"fsp_x"', {}, { token: 1 }, { token: null }, { token: ["x"] }, { tok: pat.token }]) {
        const r = await exchange(body);
        assert.equal(r.status, 400, `${JSON.stringify(body)} → ${r.text}`);
        assert.match(r.headers.get("content-type") ?? "", /^application\/problem\+json/);
        assert.ok(["invalid_json", "validation_failed"].includes(r.json.code as string));
      }
      const missing = await exchange({});
      assert.deepEqual(missing.json.errors, [{ field: "token", code: "missing", message: "is required" }]);
    });

    it("answers 401 for an unknown, malformed, revoked or expired PAT", async () => {
      assert401(await exchange({ token: generatePat() }), /unknown/);
      assert401(await exchange({ token: "not-a-token" }), /unknown/);
      assert401(await exchange({ token: pat.token.slice(0, -1) + (pat.token.endsWith("a") ? "b" : "a") }), /unknown/);
      const revoked = await issuePat();
      await testStore().revoke(revoked.id);
      assert401(await exchange({ token: revoked.token }), /revoked/);
      const expired = await testStore().create({ name: "expired", scopes: ["submit"], expiresInDays: 1, now: Date.now() - 2 * 86_400_000 });
      assert401(await exchange({ token: expired.token }), /expired/);
    });

    it("caps expires_in at the PAT's own expiry", async () => {
      const short = await issuePat({ expiresInDays: 600 / 86_400 });
      const r = await exchange({ token: short.token });
      assert.equal(r.status, 200);
      assert.ok((r.json.expires_in as number) <= 600 && (r.json.expires_in as number) >= 590, String(r.json.expires_in));
    });

    it("answers 500 when the credential store cannot be read", async () => {
      const down = await startTestApi({ env: { ...process.env, FILESCAN_ES_URL: "http://127.0.0.1:1" } });
      try {
        const r = await post(`${down.baseUrl}/auth/token`, { token: pat.token });
        assert.equal(r.status, 500, r.text);
        assert.equal(r.json.code, "store_error");
      } finally {
        await down.close();
      }
    });

    it("rate-limits exchanges per client address with 429 and Retry-After", async () => {
      const limited = await startTestApi({ settings: { authRateLimit: 3, authRateWindowSeconds: 60, trustProxy: true } });
      try {
        const from = (ip: string) => post(`${limited.baseUrl}/auth/token`, { token: pat.token }, { "x-forwarded-for": ip });
        for (let i = 0; i < 3; i++) assert.equal((await from("203.0.113.7")).status, 200);
        const r = await from("203.0.113.7");
        assert.equal(r.status, 429, r.text);
        assert.equal(r.json.code, "rate_limited");
        const retry = Number(r.headers.get("retry-after"));
        assert.ok(retry >= 1 && retry <= 60, String(retry));
        // Failed guesses count too, and another address is not affected.
        assert.equal((await post(`${limited.baseUrl}/auth/token`, { token: generatePat() }, { "x-forwarded-for": "203.0.113.7" })).status, 429);
        assert.equal((await from("203.0.113.8")).status, 200);
      } finally {
        await limited.close();
      }
    });
  });

  describe("bearer tokens on /submit and /query", () => {
    let key: Buffer;
    let good: string;
    before(async () => {
      key = loadJwtKey();
      good = await accessToken(api.baseUrl, pat.token);
    });
    const endpoints = ["/submit", "/query"];
    // (a sha256 nobody analysed: a fixed one may be in the index from an earlier run's pipeline)
    const bodyFor = (ep: string) => (ep === "/submit" ? submission() : { sha256: randomBytes(32).toString("hex") });
    const call = (ep: string, headers: Record<string, string>) => post(`${api.baseUrl}${ep}`, bodyFor(ep), headers);
    const claims = () => ({ iss: JWT_ISSUER, aud: JWT_AUDIENCE, sub: pat.id, scopes: ["submit", "query"], name: "auth-suite", jti: randomUUID() });

    it("accepts a good token", async () => {
      assert.equal((await call("/submit", bearer(good))).status, 200);
      assert.equal((await call("/query", bearer(good))).status, 404);
    });

    it("answers 401 for a missing or malformed Authorization header", async () => {
      for (const ep of endpoints) {
        assert401(await call(ep, {}), /bearer token is required/);
        assert401(await call(ep, { authorization: `Basic ${Buffer.from("a:b").toString("base64")}` }));
        assert401(await call(ep, { authorization: "Bearer" }));
        assert401(await call(ep, { authorization: `Bearer ${good} extra` }));
        assert401(await call(ep, { authorization: "Bearer not.a.jwt" }), /invalid/);
        assert401(await call(ep, bearer(pat.token)), /invalid/);
      }
    });

    it("answers 401 for an expired token", async () => {
      const past = Math.floor(Date.now() / 1000) - 7200;
      const expired = signAccessToken(key, { sub: pat.id, name: "auth-suite", scopes: ["submit", "query"], ttl: 3600, now: past }).token;
      for (const ep of endpoints) assert401(await call(ep, bearer(expired)), /expired/);
    });

    it("answers 401 for a token signed with another key, with alg none or another algorithm", async () => {
      const wrongKey = jwt.sign(claims(), randomBytes(32), { algorithm: "HS256", expiresIn: 600 });
      const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${good.split(".")[1]}.`;
      const hs384 = jwt.sign(claims(), key, { algorithm: "HS384", expiresIn: 600 });
      for (const ep of endpoints) {
        assert401(await call(ep, bearer(wrongKey)), /invalid/);
        assert401(await call(ep, bearer(none)), /invalid/);
        assert401(await call(ep, bearer(hs384)), /invalid/);
      }
    });

    it("accepts during a key rotation the tokens of the previous key (FILESCAN_JWT_PREVIOUS_SECRET) and signs with the new one", async () => {
      const [newSecret, oldSecret] = [randomBytes(32).toString("hex"), randomBytes(32).toString("hex")];
      const rotated = await startTestApi({ env: { ...process.env, FILESCAN_JWT_SECRET: newSecret, FILESCAN_JWT_PREVIOUS_SECRET: oldSecret } });
      try {
        const sign = (secret: string) => signAccessToken(Buffer.from(secret), { sub: pat.id, name: "auth-suite", scopes: ["submit", "query"], ttl: 600 }).token;
        for (const ep of endpoints) {
          assert.notEqual((await post(`${rotated.baseUrl}${ep}`, bodyFor(ep), bearer(sign(oldSecret)))).status, 401, "a token of the previous key");
          assert.notEqual((await post(`${rotated.baseUrl}${ep}`, bodyFor(ep), bearer(sign(newSecret)))).status, 401, "a token of the new key");
          assert401(await post(`${rotated.baseUrl}${ep}`, bodyFor(ep), bearer(good)), /invalid/);
        }
        const issued = await accessToken(rotated.baseUrl, pat.token);
        assert.equal(verifyAccessToken(Buffer.from(newSecret), issued).sub, pat.id, "new tokens are signed with the new key");
        assert.throws(() => verifyAccessToken(Buffer.from(oldSecret), issued));
      } finally {
        await rotated.close();
      }
      await assert.rejects(startTestApi({ env: { ...process.env, FILESCAN_JWT_PREVIOUS_SECRET: "short" } }), /FILESCAN_JWT_PREVIOUS_SECRET must be at least 32 characters/);
    });

    it("answers 401 for another issuer or audience, or claims that are not ours", async () => {
      const wrongIss = jwt.sign({ ...claims(), iss: "someone" }, key, { algorithm: "HS256", expiresIn: 600 });
      const wrongAud = jwt.sign({ ...claims(), aud: "other-api" }, key, { algorithm: "HS256", expiresIn: 600 });
      const noScopes = jwt.sign({ ...claims(), scopes: undefined }, key, { algorithm: "HS256", expiresIn: 600 });
      const unknownSub = jwt.sign({ ...claims(), sub: randomUUID() }, key, { algorithm: "HS256", expiresIn: 600 });
      for (const ep of endpoints) {
        assert401(await call(ep, bearer(wrongIss)));
        assert401(await call(ep, bearer(wrongAud)));
        assert401(await call(ep, bearer(noScopes)));
        assert401(await call(ep, bearer(unknownSub)), /does not exist/);
      }
    });

    it("answers 401 for a token one character away from a good one it already accepted (verified tokens are cached)", async () => {
      assert.equal((await call("/query", bearer(good))).status, 404, "the good token, now verified once");
      // Every position: header, payload and signature. The signature's last character also
      // carries two unused bits, so changing those gives the same signature bytes: still refused.
      const last = good.length - 1;
      const flip = (t: string, i: number) => t.slice(0, i) + (t[i] === "A" ? "B" : "A") + t.slice(i + 1);
      for (let i = 0; i < good.length; i++) {
        if (good[i] === ".") continue;
        assert401(await call("/query", bearer(flip(good, i))), /invalid/);
      }
      for (const i of [0, good.indexOf(".") + 1, last]) assert401(await call("/submit", bearer(flip(good, i))), /invalid/);
      assert401(await call("/submit", bearer(good + "A")), /invalid/);
      assert401(await call("/submit", bearer(good.slice(0, -1))), /invalid/);
      assert.equal((await call("/submit", bearer(good))).status, 200, "the good one still passes");
    });

    it("answers 401 insufficient_scope for a token without the endpoint's scope", async () => {
      const queryOnly = await accessToken(api.baseUrl, (await issuePat({ scopes: ["query"] })).token);
      const submitOnly = await accessToken(api.baseUrl, (await issuePat({ scopes: ["submit"] })).token);
      const a = await call("/submit", bearer(queryOnly));
      assert401(a, /scope 'submit'/);
      assert.match(a.headers.get("www-authenticate")!, /error="insufficient_scope"/);
      assert401(await call("/query", bearer(submitOnly)), /scope 'query'/);
      assert.equal((await call("/query", bearer(queryOnly))).status, 404);
      assert.equal((await call("/submit", bearer(submitOnly))).status, 200);
    });

    it("answers 500 (not 401) when the PAT cannot be checked because the store is down", async () => {
      const down = await startTestApi({ env: { ...process.env, FILESCAN_ES_URL: "http://127.0.0.1:1" } });
      try {
        const r = await post(`${down.baseUrl}/submit`, submission(), bearer(good));
        assert.equal(r.status, 500, r.text);
        assert.equal(r.json.code, "store_error");
      } finally {
        await down.close();
      }
    });
  });

  describe("logs", () => {
    it("never hold a PAT, a JWT or a token part, whatever the outcome", async () => {
      // Runs after the exchanges and every kind of bad bearer token above (same app).
      await exchange({ token: pat.token });
      await post(`${api.baseUrl}/query`, { sha256: "0".repeat(64) }, { authorization: `Bearer ${pat.token}` });
      const all = api.logs.join("");
      const lines = all.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
      for (const status of [200, 400, 401, 404]) assert.ok(lines.some((l) => l.msg === "request" && l.status === status), `a ${status} line`);
      assert.equal(all.includes(pat.token), false);
      assert.equal(/fsp_[0-9A-Za-z]{36}/.test(all), false, "no PAT");
      assert.equal(/eyJ[\w-]+\.eyJ/.test(all), false, "no JWT");
      assert.equal(/[A-Za-z0-9+/=_-]{40,}/.test(all), false, "no long token-like run");
    });
  });

  describe("token lifecycle through the CLI", () => {
    it("create → exchange → call → revoke → 401, and list never shows a secret", async () => {
      const name = `cli-${randomUUID().slice(0, 8)}`;
      const created = await cli("token", "create", "--name", name, "--scopes", "submit,query", "--expires-in-days", "2");
      assert.match(created.stdout, /^fsp_[0-9A-Za-z]{36}\n$/, "stdout holds the token and nothing else");
      const token = created.stdout.trim();
      const listed = (await cli("token", "list", "--json")).stdout.trim().split("\n").map((l) => JSON.parse(l) as Record<string, string>);
      const mine = listed.find((r) => r.name === name);
      assert.ok(mine, "listed");
      assert.equal(mine.status, "active");
      assert.equal(mine.scopes, "submit,query");
      assert.ok(Date.parse(mine.expires!) - Date.now() > 1.9 * 86_400_000);
      const text = JSON.stringify(listed);
      assert.equal(text.includes(token), false);
      assert.equal(text.includes(hashPat(token)), false);
      const record = await testStore().get(mine.id!);
      assert.equal(record?.token_hash, hashPat(token), "the store holds the hash");
      assert.equal(JSON.stringify(record).includes(token), false, "and never the token");

      const jwtToken = await accessToken(api.baseUrl, token);
      // Accepted (and so cached as verified) before the PAT is revoked: the PAT check still applies.
      assert.equal((await post(`${api.baseUrl}/submit`, submission(), bearer(jwtToken))).status, 200);
      assert.equal((await post(`${api.baseUrl}/submit`, submission(), bearer(jwtToken))).status, 200);
      assert.equal((await post(`${api.baseUrl}/query`, { sha256: "1".repeat(64) }, bearer(jwtToken))).status, 404);

      const revoked = await cli("token", "revoke", mine.id!);
      assert.equal(revoked.stdout, "");
      // The app checks the PAT with a 300 ms cache here (FILESCAN_REVOCATION_TTL_MS; default 5 s).
      await sleep(400);
      assert401(await post(`${api.baseUrl}/submit`, submission(), bearer(jwtToken)), /revoked/);
      assert401(await post(`${api.baseUrl}/query`, { sha256: "1".repeat(64) }, bearer(jwtToken)), /revoked/);
      assert401(await post(`${api.baseUrl}/auth/token`, { token }), /revoked/);
      const after = (await cli("token", "list", "--json")).stdout.trim().split("\n").map((l) => JSON.parse(l) as Record<string, string>);
      assert.equal(after.find((r) => r.id === mine.id)?.status, "revoked");
    });

    it("lists every token, oldest first, past the 10,000 one search returns", async () => {
      const es = createEsClient();
      const index = `filescan-test-credentials-${randomUUID()}`;
      const store = new CredentialStore(es, index, 0);
      try {
        await store.ensureIndex();
        const n = 10_050;
        const t0 = Date.UTC(2026, 0, 1);
        const records = Array.from({ length: n }, (_, i) => ({ id: `tok-${String(n - i).padStart(6, "0")}`, name: `crawler-${i}`, token_hash: hashPat(generatePat()), scopes: ["submit"], created_at: new Date(t0 + Math.floor(i / 2) * 1000).toISOString(), expires_at: null, revoked_at: null }));
        const res = await es.bulk({ operations: records.flatMap((r) => [{ index: { _index: index, _id: r.id } }, r]), refresh: true });
        assert.equal(res.errors, false);
        const listed = await store.list();
        assert.equal(listed.length, n);
        assert.equal(new Set(listed.map((r) => r.id)).size, n, "each once");
        assert.deepEqual(listed.slice(0, 2).map((r) => r.name).sort(), ["crawler-0", "crawler-1"]);
        assert.ok(listed.every((r, i) => i === 0 || r.created_at >= listed[i - 1]!.created_at), "oldest first");
      } finally {
        await es.indices.delete({ index, ignore_unavailable: true });
        await es.close();
      }
    });

    it("rejects bad arguments with exit code != 0 and nothing on stdout", async () => {
      for (const args of [["--name", "x", "--scopes", "admin"], ["--name", "x", "--expires-in-days", "-1"], ["--scopes", "submit"]]) {
        await assert.rejects(cli("token", "create", ...args), (err: { code: number; stdout: string }) => err.code !== 0 && err.stdout === "");
      }
      await assert.rejects(cli("token", "revoke", randomUUID()), (err: { code: number; stderr: string }) => err.code === 1 && /no token/.test(err.stderr));
    });

    it("access tokens expire: 401 after expires_in seconds", async () => {
      // iat and exp are whole seconds, so a token of N seconds is good for N-1 to N of them: 3
      // leaves the two calls below 2 s even on a loaded machine (1 flaked there).
      const quick = await startTestApi({ settings: { jwtTtlSeconds: 3 } });
      try {
        const r = await post(`${quick.baseUrl}/auth/token`, { token: pat.token });
        assert.equal(r.json.expires_in, 3);
        const t = r.json.access_token as string;
        // Used twice: the second request finds the token among the verified ones.
        for (let i = 0; i < 2; i++) assert.equal((await post(`${quick.baseUrl}/query`, { sha256: "2".repeat(64) }, bearer(t))).status, 404);
        await sleep(4100);
        assert401(await post(`${quick.baseUrl}/query`, { sha256: "2".repeat(64) }, bearer(t)), /expired/);
      } finally {
        await quick.close();
      }
    });

    it("an expiring PAT: its JWT lives no longer than the PAT, and the PAT stops exchanging", async () => {
      const short = await issuePat({ expiresInDays: 2 / 86_400 });
      const r = await post(`${api.baseUrl}/auth/token`, { token: short.token });
      assert.equal(r.status, 200);
      assert.ok((r.json.expires_in as number) <= 2);
      const t = r.json.access_token as string;
      await sleep(2600);
      assert401(await post(`${api.baseUrl}/query`, { sha256: "3".repeat(64) }, bearer(t)), /expired/);
      assert401(await post(`${api.baseUrl}/auth/token`, { token: short.token }), /expired/);
    });
  });
});
