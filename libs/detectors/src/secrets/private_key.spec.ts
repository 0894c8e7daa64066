import assert from "node:assert/strict";
import { privateKey } from "./private_key.ts";
import { run } from "../testing.ts";

const body = "MIIEowIBAAKCAQEA" + "q".repeat(120) + "\n" + "Z".repeat(64) + "==";
const block = `-----BEGIN RSA PRIVATE KEY-----\n${body}\n-----END RSA PRIVATE KEY-----`;

describe("secrets/private_key", () => {
  it("spans the whole armored block and validates its body", () => {
    const text = `config:\n${block}\nend`;
    const [f] = run(privateKey, text);
    assert.equal(text.slice(f!.start, f!.end), block);
    assert.equal(f!.validation, "pem_armor");
    assert.equal(f!.score, 1);
  });
  it("scores a bare header lower and ignores public keys", () => {
    assert.ok(run(privateKey, "-----BEGIN PRIVATE KEY----- (truncated)")[0]!.score < 1);
    assert.equal(run(privateKey, "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----").length, 0);
  });
});
