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
    assert.ok(run(privateKey, "-----BEGIN PRIVATE KEY----- (truncated)")[0]!.score < 0.4);
    // cut off: its body follows, or the text ends there (the rest may be in the next segment)
    assert.ok(run(privateKey, `key:\n-----BEGIN RSA PRIVATE KEY-----\n${body.slice(0, 80)}`)[0]!.score >= 0.4);
    assert.ok(run(privateKey, "key:\n-----BEGIN RSA PRIVATE KEY-----\n")[0]!.score >= 0.4);
    // a mention: freedesktop.org's MIME magic (shared-mime-info), code that looks for a header
    const mention = "<match type=\"string\" value=\"-----BEGIN PGP PRIVATE KEY BLOCK-----\" offset=\"0\"/>\nif line.startswith('-----BEGIN RSA PRIVATE KEY-----'): key = read(f)";
    assert.deepEqual(run(privateKey, mention).filter((f) => f.score >= 0.4), []);
    assert.equal(run(privateKey, "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----").length, 0);
  });
});
