import assert from "node:assert/strict";
import { keepEnds, mask } from "./mask.ts";

describe("core/mask", () => {
  it("keeps separators and a short tail of identifiers", () => {
    assert.equal(mask("US_SSN", "078-05-1123"), "***-**-1123");
    assert.equal(mask("CREDIT_CARD", "4111111111111111"), "************1111");
    assert.equal(mask("IBAN_CODE", "DE89 3704 0044 0532 0130 00"), "DE** **** **** **** **30 00");
  });
  it("never reveals more than about a third of a short value", () => {
    assert.equal(keepEnds("A1", 0, 4), "**");
    assert.equal(mask("UK_NINO", "AB123456C"), "*****456C");
  });
  it("masks by kind: e-mail, names, dates, IPs, secrets", () => {
    assert.equal(mask("EMAIL_ADDRESS", "jane@x.org"), "j***@x.org");
    // an internationalised address's first letter whole, beyond the BMP too (it was half a surrogate pair)
    assert.equal(mask("EMAIL_ADDRESS", "иван@почта.рф"), "и***@почта.рф");
    assert.equal(mask("EMAIL_ADDRESS", "𠮷田@例え.jp"), "𠮷***@例え.jp");
    assert.equal(mask("PERSON", "Maria Garcia"), "M*** G***");
    assert.equal(mask("DATE_OF_BIRTH", "03/14/1985"), "**/**/1985");
    assert.equal(mask("IP_ADDRESS", "192.168.10.7"), "192.*.*.*");
    assert.equal(mask("AWS_ACCESS_KEY", "AKIAZ7QW3RT5PLM2XK4N"), "AKIA************");
    assert.ok(mask("PRIVATE_KEY", "-----BEGIN RSA PRIVATE KEY-----\nMIIE...\n-----END RSA PRIVATE KEY-----").startsWith("-----BEGIN RSA PRIVATE KEY----- ["));
    // (its body on the label's line: "\n" escaped in a JSON key file, or blanks in an environment variable; it was kept whole)
    const body = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7";
    for (const key of [`-----BEGIN PRIVATE KEY-----\\n${body}\\n-----END PRIVATE KEY-----\\n`, `-----BEGIN RSA PRIVATE KEY----- ${body} -----END RSA PRIVATE KEY-----`]) {
      const m = mask("PRIVATE_KEY", key);
      assert.match(m, /^-----BEGIN (?:RSA )?PRIVATE KEY----- \[\d+ chars redacted\]$/);
      assert.ok(!m.includes(body.slice(0, 8)), m);
    }
    assert.equal(mask("SESSION_TOKEN", "9F2B1C9E4D7A6B5C3D2E1F0A9B8C7D6E"), "************");
    // (a custom detector's type named as a secret shows nothing of it; an identifier its tail)
    assert.equal(mask("INTERNAL_API_TOKEN", "tok-7QW3RT5PLM2XK4N"), "************");
    assert.equal(mask("VAULT_SECRET", "s.Zq8vR2tY"), "**********");
    assert.equal(mask("EMPLOYEE_ID", "EMP-004711"), "***-**4711");
  });
});
