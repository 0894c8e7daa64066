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
  it("reads a body broken by \\n escapes inside a JSON string (a service account's key file)", () => {
    const json = `{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\\n${body.replace("\n", "\\n")}\\n-----END PRIVATE KEY-----\\n"}`;
    const [f] = run(privateKey, json);
    assert.equal(f!.validation, "pem_armor");
    assert.equal(f!.score, 1);
  });
  it("does not report documentation's keys: EXAMPLE written into the body, or the body cut short (awscli's examples)", () => {
    const aws = `"privateKey": "-----BEGIN RSA PRIVATE KEY-----\\nEXAMPLEBAAKCAQEA+AD3qeU2toBy5O5v7wnRLVo/tngVickL5+6Jf4tPrPeuoebM\\nrEXAMPLEo8hJmqz2KFQ09X7fB2lBruGgr9aXiNPmWmovYKqwFmrnFvR7odFmDecq\\n-----END RSA PRIVATE KEY-----\\n"`;
    const cut = `"PrivateKey": "-----BEGIN RSA PRIVATE KEY-----\\nMIIEowIABAKCAQEAqKpRgnn6yq26U3yt5YFZquyukfRjbMXDcNOK4rMCxDR...fvY4+te\\n-----END RSA PRIVATE KEY-----\\n"`;
    const omitted = `"PrivateKey": "-----BEGIN RSA PRIVATE KEY-----\\nkey omittted for security reasons\\n-----END RSA PRIVATE KEY-----\\n"`;
    assert.equal(run(privateKey, `private key\n${omitted}`)[0]!.validation, "no_key_body");
    assert.ok(run(privateKey, `private key\n${omitted}`)[0]!.score < 0.4);
    for (const text of [aws, cut]) {
      const [f] = run(privateKey, `private key ssh pem\n${text}`);
      assert.equal(f!.validation, "documentation_example", text);
      assert.ok(f!.score < 0.4, text);
    }
  });
  it("scores a bare header lower and ignores public keys", () => {
    assert.ok(run(privateKey, "-----BEGIN PRIVATE KEY----- (truncated)")[0]!.score < 0.4);
    // cut off: its body follows, or the text ends there (the rest may be in the next segment)
    assert.ok(run(privateKey, `key:\n-----BEGIN RSA PRIVATE KEY-----\n${body.slice(0, 80)}`)[0]!.score >= 0.4);
    assert.equal(run(privateKey, `key:\n-----BEGIN RSA PRIVATE KEY-----\n${body.slice(0, 80)}`)[0]!.validation, null, "no armour without its END line");
    assert.ok(run(privateKey, "key:\n-----BEGIN RSA PRIVATE KEY-----\n")[0]!.score >= 0.4);
    // a mention: freedesktop.org's MIME magic (shared-mime-info), code that looks for a header
    const mention = "<match type=\"string\" value=\"-----BEGIN PGP PRIVATE KEY BLOCK-----\" offset=\"0\"/>\nif line.startswith('-----BEGIN RSA PRIVATE KEY-----'): key = read(f)";
    assert.deepEqual(run(privateKey, mention).filter((f) => f.score >= 0.4), []);
    assert.equal(run(privateKey, "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----").length, 0);
  });
});
