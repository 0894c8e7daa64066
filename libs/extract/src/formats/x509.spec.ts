import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import { codes, run, segWith } from "../test-util/run.ts";
import { makeCertificate } from "../test-util/x509.ts";
import { isDerCertificate } from "./x509.ts";

describe("extract: X.509 certificates (Go's 405 DER test certificates were unsupported binaries)", () => {
  const personal = makeCertificate({ subject: { CN: "Jane Roe", emailAddress: "jane.roe@example.org", O: "Acme GmbH", L: "Berlin", C: "DE" }, emails: ["jane@roe.example"] });

  it("reads a DER certificate's subject and e-mail alternative names as cells under their labels, whatever its name", async () => {
    for (const name of ["jane.crt", "blob.bin", "noext"]) {
      const r = await run(personal.der, name);
      assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/pkix-cert", "complete", []], name);
      const cells = r.segments.map((x) => [x.locator.part, x.locator.column, x.text]);
      assert.deepEqual(cells, [
        ["certificate 1", "common name", "Jane Roe"],
        ["certificate 1", "e-mail", "jane.roe@example.org"],
        ["certificate 1", "organization", "Acme GmbH"],
        ["certificate 1", "city", "Berlin"],
        ["certificate 1", "e-mail", "jane@roe.example"],
      ]);
    }
  });

  it("reads no CA certificate's names: a bundle of root certificates names authorities, not people", async () => {
    const ca = makeCertificate({ subject: { CN: "Example Root CA", O: "Example Trust Services", emailAddress: "pki@trust.example" }, ca: true });
    const r = await run(ca.der, "root.crt");
    assert.deepEqual([r.detected_type, r.status, r.segments.length], ["application/pkix-cert", "complete", 0]);
  });

  it("reads every certificate of a PEM chain decoded, and the file's text too (a key beside them is still seen)", async () => {
    const other = makeCertificate({ subject: { CN: "Max Mustermann", O: "Beispiel AG" } });
    const key = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const r = await run(`subject=CN = Jane Roe\n${personal.pem}${other.pem}${key}`, "chain.pem");
    assert.deepEqual([r.detected_type, r.status], ["application/x-pem-file", "complete"]);
    const cell = (text: string) => r.segments.find((x) => x.text === text)?.locator;
    assert.deepEqual([cell("Jane Roe")?.part, cell("Jane Roe")?.column], ["certificate 1", "common name"]);
    assert.equal(cell("Max Mustermann")?.part, "certificate 2");
    assert.equal(segWith(r, "BEGIN PRIVATE KEY")?.locator.part, null);
    // a text that only quotes a certificate stays what it is
    assert.equal((await run(`# How to\nPaste it:\n${personal.pem}`, "notes.md")).detected_type, "text/markdown");
  });

  it("tells a DER certificate from other DER files and cut ones; a certificate that does not parse fails", async () => {
    assert.equal(isDerCertificate(personal.der), true);
    const key = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "der" });
    assert.equal(isDerCertificate(key), false, "a private key's first element is an INTEGER, its version");
    assert.equal(isDerCertificate(personal.der.subarray(0, personal.der.length - 1)), false, "cut short");
    const broken = Buffer.from(personal.der);
    broken.fill(0xff, 40, 80);
    const r = await run(broken, "broken.crt");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/pkix-cert", "failed", ["corrupt"]]);
  });
});
