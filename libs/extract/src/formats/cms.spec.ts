import assert from "node:assert/strict";
import { allText, codes, run } from "../test-util/run.ts";
import { ber, envelopedData, signedData, timestampedData } from "../test-util/cms.ts";
import { makeDocx } from "../test-util/office.ts";

const INVOICE = Buffer.from('<?xml version="1.0"?><FatturaElettronica><CodiceFiscale>RSSMRA85T10A562S</CodiceFiscale><Denominazione>Mario Rossi</Denominazione></FatturaElettronica>');

describe("extract: signed files, CMS SignedData (formats/cms.ts)", () => {
  it("reads a signed file's content as the file it is, under its name without .p7m (an Italian e-invoice)", async () => {
    const r = await run(signedData(INVOICE), "IT01234567890_FPA01.xml.p7m", "application/x-pkcs7-mime");
    assert.deepEqual([r.detected_type, r.status, r.type_mismatch], ["application/pkcs7-mime", "complete", false]);
    assert.deepEqual(allText(r).split("\n"), ["FatturaElettronica CodiceFiscale: RSSMRA85T10A562S", "FatturaElettronica Denominazione: Mario Rossi"]);
  });
  it("reads one saved as base64 text, bare or in PEM armour", async () => {
    const b64 = Buffer.from(signedData(INVOICE)).toString("base64");
    for (const text of [b64.replace(/.{64}/g, "$&\n"), `-----BEGIN PKCS7-----\n${b64.replace(/.{64}/g, "$&\n")}\n-----END PKCS7-----\n`]) {
      const r = await run(text, "fattura.xml.p7m");
      assert.deepEqual([r.detected_type, r.status], ["application/pkcs7-mime", "complete"]);
      assert.match(allText(r), /CodiceFiscale: RSSMRA85T10A562S/);
    }
    // base64 of something else stays text
    assert.equal((await run(Buffer.from("MIIB" + "A".repeat(200)).toString(), "x.txt")).detected_type, "text/plain");
  });
  it("reads BER's streaming form alike: indefinite lengths, the content in chunks", async () => {
    const r = await run(signedData(INVOICE, { streamed: true, chunk: 7 }), "fattura.xml.p7m");
    assert.equal(r.status, "complete");
    assert.match(allText(r), /CodiceFiscale: RSSMRA85T10A562S/);
  });
  it("reads a signed configuration profile's property list (its passwords under their keys)", async () => {
    const profile = Buffer.from('<?xml version="1.0"?><plist version="1.0"><dict><key>Password</key><string>Tr0ub4dor&amp;3x</string></dict></plist>');
    const r = await run(signedData(profile), "wifi.mobileconfig");
    assert.match(allText(r), /^Password: Tr0ub4dor&3x$/m);
  });
  it("reads an opaque-signed mail's body (S/MIME's smime.p7m attachment)", async () => {
    const entity = Buffer.from("Content-Type: text/plain; charset=utf-8\r\n\r\nHello, my SSN is 536-22-1234.\r\n");
    const mail = ["From: alice@acme-corp.com", "To: bob@acme-corp.com", "Subject: opaque", "MIME-Version: 1.0", 'Content-Disposition: attachment; filename="smime.p7m"', 'Content-Type: application/x-pkcs7-mime; smime-type=signed-data; name="smime.p7m"', "Content-Transfer-Encoding: base64", "", Buffer.from(signedData(entity)).toString("base64"), ""].join("\r\n");
    const r = await run(mail, "opaque.eml");
    const body = r.segments.find((s) => s.locator.file_in_zip === "smime.p7m" && /SSN/.test(s.text));
    assert.equal(body?.text.trim(), "Hello, my SSN is 536-22-1234.", "the body without its MIME header, read as a message's");
    // a signed body with an attachment: the attachment read as what it is
    const multipart = Buffer.from(["Content-Type: multipart/mixed; boundary=\"b1\"", "", "--b1", "Content-Type: text/plain", "", "See the list.", "--b1", "Content-Type: text/csv", 'Content-Disposition: attachment; filename="staff.csv"', "Content-Transfer-Encoding: base64", "", Buffer.from("name,ssn\nJane Roe,536-22-1234\n").toString("base64"), "--b1--", ""].join("\r\n"));
    const signed = await run(["From: alice@acme-corp.com", "Subject: list", "MIME-Version: 1.0", 'Content-Type: application/pkcs7-mime; smime-type=signed-data; name="smime.p7m"', "Content-Transfer-Encoding: base64", "", Buffer.from(signedData(multipart)).toString("base64"), ""].join("\r\n"), "list.eml");
    const cell = signed.segments.find((s) => s.text === "536-22-1234");
    assert.equal(cell?.locator.column, "ssn", JSON.stringify(signed.segments.map((s) => [s.locator.file_in_zip, s.text])));
  });
  it("says content encrypted for its recipients (EnvelopedData: an S/MIME-encrypted mail) is encrypted", async () => {
    const r = await run(envelopedData(), "smime.p7m");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/pkcs7-mime", "partial", ["encrypted"]]);
  });
  it("says a detached signature holds no text, and fails a damaged or hostile one with a reason", async () => {
    const detached = await run(signedData(null), "invoice.pdf.p7s");
    assert.deepEqual([detached.status, codes(detached)], ["unsupported", ["unsupported_type"]]);
    const cut = signedData(INVOICE).subarray(0, 80);
    const damaged = await run(cut, "cut.xml.p7m");
    assert.equal(damaged.status === "failed" || damaged.status === "partial", true, damaged.status);
    assert.ok(codes(damaged).includes("corrupt"), JSON.stringify(damaged.reasons));
    // 200 chunked OCTET STRINGs inside each other where the content should be: refused, not a stack's overflow
    let deep: Uint8Array = Uint8Array.from([0x04, 0x01, 0x41]);
    for (let i = 0; i < 200; i++) deep = ber(0x24, deep);
    const hostile = await run(signedData(null, { streamed: true, octets: deep }), "x.xml.p7m");
    assert.deepEqual([hostile.status, codes(hostile)], ["failed", ["corrupt"]]);
    assert.match(hostile.reasons[0]!.message, /nested too deep/);
  });
  it("reads a signed DOCX as the Word document it is, not as a ZIP after a program", async () => {
    const docx = await makeDocx(["Contratto di lavoro", "Codice fiscale: RSSMRA85T10A562S"]);
    const r = await run(signedData(docx), "contratto.docx.p7m");
    assert.deepEqual([r.detected_type, r.status], ["application/pkcs7-mime", "complete"], JSON.stringify(r.reasons));
    assert.match(allText(r), /^Codice fiscale: RSSMRA85T10A562S$/m);
  });
});

describe("extract: time-stamped files, RFC 5544 TimeStampedData (formats/cms.ts)", () => {
  it("reads the stamped file as what it is, under the name its metadata gives or its own without .tsd", async () => {
    const csv = Buffer.from("nome,codice_fiscale\nMario Rossi,RSSMRA85T10A562S\n");
    const named = await run(timestampedData(csv, { fileName: "clienti.csv" }), "archivio.tsd");
    assert.deepEqual([named.detected_type, named.status], ["application/timestamped-data", "complete"]);
    const cell = named.segments.find((s) => s.text === "RSSMRA85T10A562S");
    assert.equal(cell?.locator.column, "codice_fiscale", "read as a CSV: its cells under their column");
    const unnamed = await run(timestampedData(csv), "clienti.csv.tsd");
    assert.equal(unnamed.segments.find((s) => s.text === "RSSMRA85T10A562S")?.locator.column, "codice_fiscale");
    // a name in the metadata is a base name only
    const traversal = await run(timestampedData(csv, { fileName: "../../etc/clienti.csv" }), "x.tsd");
    assert.equal(traversal.segments.find((s) => s.text === "RSSMRA85T10A562S")?.locator.column, "codice_fiscale");
  });
  it("reads BER's streaming form, and a signed file inside (a .p7m stamped)", async () => {
    const r = await run(timestampedData(signedData(INVOICE), { streamed: true, chunk: 5 }), "fattura.xml.p7m.tsd");
    assert.equal(r.status, "complete", JSON.stringify(r.reasons));
    assert.match(allText(r), /CodiceFiscale: RSSMRA85T10A562S/);
  });
  it("says a stamp of data kept elsewhere holds no text, and fails a cut one with a reason", async () => {
    const uri = await run(timestampedData(null), "remote.tsd");
    assert.deepEqual([uri.status, codes(uri)], ["unsupported", ["unsupported_type"]]);
    const cut = await run(timestampedData(INVOICE).subarray(0, 60), "cut.xml.tsd");
    assert.deepEqual([cut.status, codes(cut)], ["failed", ["corrupt"]]);
  });
});
