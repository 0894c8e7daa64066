import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import { codes, run } from "../test-util/run.ts";
import { makeCertificate, makePkcs12 } from "../test-util/x509.ts";
import { derKeyKind } from "./der-key.ts";

describe("extract: private keys in DER (unsupported binaries before: a key on a share went unseen)", () => {
  const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey;
  const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;

  it("reads a PKCS #8, PKCS #1 or SEC 1 key as its PEM armour, which the detectors know", async () => {
    const cases: Array<[Buffer, string, string]> = [
      [rsa.export({ type: "pkcs8", format: "der" }), "PRIVATE KEY", "server.key"],
      [rsa.export({ type: "pkcs1", format: "der" }), "RSA PRIVATE KEY", "id_rsa.der"],
      [ec.export({ type: "sec1", format: "der" }), "EC PRIVATE KEY", "noext"],
    ];
    for (const [der, label, name] of cases) {
      const r = await run(der, name);
      assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/pkcs8", "complete", []], name);
      const text = r.segments[0]!.text;
      assert.ok(text.startsWith(`-----BEGIN ${label}-----\n`) && text.endsWith(`-----END ${label}-----\n`), label);
      assert.deepEqual(Buffer.from(text.split("\n").slice(1, -2).join(""), "base64"), der, "the file's own bytes");
    }
  });

  it("reads an encrypted PKCS #8 key as ENCRYPTED PRIVATE KEY armour; a PKCS #12 or Java key store is encrypted, partial", async () => {
    const enc = rsa.export({ type: "pkcs8", format: "der", cipher: "aes-256-cbc", passphrase: "secret" });
    const r = await run(enc, "backup.p8");
    assert.deepEqual([r.detected_type, r.status], ["application/pkcs8-encrypted", "complete"]);
    assert.match(r.segments[0]!.text, /^-----BEGIN ENCRYPTED PRIVATE KEY-----\n/);
    const p12 = await run(makePkcs12("secret"), "jane.pfx");
    assert.deepEqual([p12.detected_type, p12.status, codes(p12), p12.segments.length], ["application/x-pkcs12", "partial", ["encrypted"], 0]);
    // a Java key store: its magic number, a version, a count of entries
    const jks = await run(Buffer.concat([Buffer.from("feedfeed0000000200000001", "hex"), Buffer.alloc(64, 7)]), "server.jks");
    assert.deepEqual([jks.detected_type, jks.status, codes(jks)], ["application/x-java-keystore", "partial", ["encrypted"]]);
  });

  it("tells keys from certificates and other DER; a key that does not parse fails", async () => {
    assert.equal(derKeyKind(makeCertificate({ subject: { CN: "x" } }).der), null);
    assert.equal(derKeyKind(Buffer.concat([Buffer.from([0x30, 0x40, 0x02, 0x01, 0x05]), Buffer.alloc(63)])), null, "no key's version");
    const broken = Buffer.from(rsa.export({ type: "pkcs1", format: "der" }));
    broken.fill(0, 20, 200);
    const r = await run(broken, "broken.der");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/pkcs8", "failed", ["corrupt"]]);
  });
});
