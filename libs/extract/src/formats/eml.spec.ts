import assert from "node:assert/strict";
import { makePdf, makeZip } from "../test-util/fixtures.ts";
import { makeEml } from "../test-util/mail.ts";
import { allText, codes, run, segWith } from "../test-util/run.ts";

const HEADERS = {
  From: '"Anna Schmidt" <anna.schmidt@example.com>',
  To: "Bob Meier <bob@example.org>, payroll@example.org",
  Cc: "Dora <dora@example.net>",
  Subject: "=?UTF-8?Q?Geh=C3=A4lter_Q1?=",
  Date: "Tue, 05 Mar 2024 10:00:00 +0100",
};

describe("extract: EML", () => {
  it("reads the headers (each with part header:<name>) and the text body", async () => {
    const eml = makeEml(HEADERS, [{ contentType: "text/plain; charset=utf-8", body: "Hi Bob,\r\nmy IBAN is DE89 3704 0044 0532 0130 00.\r\n" }]);
    const r = await run(eml, "mail.eml", "message/rfc822");
    assert.equal(r.detected_type, "message/rfc822");
    assert.equal(r.type_mismatch, false);
    assert.equal(r.status, "complete");
    const part = (p: string) => r.segments.find((s) => s.locator.part === p)?.text;
    assert.equal(part("header:from"), '"Anna Schmidt" <anna.schmidt@example.com>');
    assert.match(part("header:to")!, /bob@example\.org.*payroll@example\.org/);
    assert.match(part("header:cc")!, /dora@example\.net/);
    assert.equal(part("header:subject"), "Gehälter Q1");
    assert.equal(part("header:date"), "2024-03-05T09:00:00.000Z");
    const body = segWith(r, "DE89 3704");
    assert.equal(body?.locator.part, "body");
    assert.equal(body?.locator.file_in_zip, null);
  });

  it("is recognised from its headers without the .eml extension, and turns an HTML-only body into text", async () => {
    const eml = makeEml(HEADERS, [{ contentType: "text/html; charset=utf-8", body: "<html><body><p>Card <b>4111 1111 1111 1111</b></p><script>alert('x')</script></body></html>" }]);
    const r = await run(eml, "message-0001", "application/octet-stream");
    assert.equal(r.detected_type, "message/rfc822");
    const body = r.segments.find((s) => s.locator.part === "body");
    assert.ok(body?.text.includes("Card 4111 1111 1111 1111"), body?.text);
    assert.ok(!allText(r).includes("alert"));
  });

  it("is recognised when a relay's trace fields come first (Received, Authentication-Results, Received-SPF folded), not only known fields in a row", async () => {
    const relayed = [
      "Received: from relay.example.net (203.0.113.9) by mx.example.com",
      " (198.51.100.7) with SMTP; Mon, 10 Oct 2022 15:11:35 -0500",
      "Authentication-Results: mx.example.com; spf=none smtp.mailfrom=www-data@example.net",
      "Received-SPF: None (mx.example.com: no sender authenticity",
      "  information available)",
      "IronPort-Data: A9a23:P1Ts4KAPg74kWhVW",
      "Subject: Payment",
      "From: Jane Roe <jane.roe@example.net>",
      "To: <compliance@example.com>",
      "",
      "IBAN DE89 3704 0044 0532 0130 00",
    ].join("\r\n");
    const r = await run(relayed, "mail_test_17");
    assert.deepEqual([r.detected_type, segWith(r, "jane.roe@example.net")?.locator.part, segWith(r, "DE89")?.locator.part], ["message/rfc822", "header:from", "body"]);
    // a note with a date line and other labels is no message
    assert.equal((await run("Date: 2024-05-01\nAuthor: Jane Roe\n\nMinutes of the meeting.", "notes")).detected_type, "text/plain");
  });

  it("reads attachments recursively like archive members (file_in_zip, nested with !/)", async () => {
    const inner = makeEml({ From: "carl@example.com", To: "anna.schmidt@example.com", Subject: "fwd" }, [
      { contentType: "text/plain", body: "MARKER-INNER-BODY" },
      { contentType: "text/plain", filename: "note.txt", body: Buffer.from("MARKER-INNER-ATTACHMENT") },
    ]);
    const eml = makeEml(HEADERS, [
      { contentType: "text/plain", body: "see attachments" },
      { contentType: "text/csv", filename: "pay.csv", body: Buffer.from("name,iban\nAnna,DE89370400440532013000\n") },
      { contentType: "application/pdf", filename: "report.pdf", body: Buffer.from(await makePdf(["cover", "MARKER-PDF-P2"])) },
      { contentType: "application/zip", filename: "docs.zip", body: await makeZip({ "a/b.txt": "MARKER-ZIPPED" }) },
      { contentType: "message/rfc822", filename: "fwd.eml", body: inner },
    ]);
    const r = await run(eml, "mail.eml", "message/rfc822");
    assert.equal(r.status, "complete", JSON.stringify(r.reasons));
    const iban = segWith(r, "DE8937");
    assert.equal(iban?.locator.file_in_zip, "pay.csv");
    assert.equal(iban?.locator.column, "iban");
    assert.deepEqual([segWith(r, "MARKER-PDF-P2")?.locator.file_in_zip, segWith(r, "MARKER-PDF-P2")?.locator.page], ["report.pdf", 2]);
    assert.equal(segWith(r, "MARKER-ZIPPED")?.locator.file_in_zip, "docs.zip!/a/b.txt");
    assert.deepEqual(segWith(r, "MARKER-INNER-BODY")?.locator.file_in_zip, "fwd.eml");
    assert.equal(segWith(r, "MARKER-INNER-BODY")?.locator.part, "body");
    assert.equal(segWith(r, "MARKER-INNER-ATTACHMENT")?.locator.file_in_zip, "fwd.eml!/note.txt");
    assert.equal(r.segments.find((s) => s.locator.file_in_zip === "fwd.eml" && s.locator.part === "header:from")?.text, "carl@example.com");
    assert.equal(r.stats.entries, 6, "five attachments + the inner message's one");
  });

  it("attachments count against the entry and depth limits", async () => {
    const many = makeEml(HEADERS, [{ contentType: "text/plain", body: "body" }, ...Array.from({ length: 5 }, (_, i) => ({ contentType: "text/plain", filename: `f${i}.txt`, body: Buffer.from(`MARKER-F${i}`) }))]);
    const r = await run(many, "many.eml", "message/rfc822", { maxEntries: 3 });
    assert.equal(r.status, "partial");
    assert.deepEqual(codes(r), ["limit_entries"]);
    assert.ok(segWith(r, "MARKER-F2"));
    assert.equal(segWith(r, "MARKER-F3"), undefined);

    let msg = makeEml({ From: "x@example.com", Subject: "deepest" }, [{ contentType: "text/plain", body: "MARKER-DEEPEST" }]);
    for (let i = 0; i < 4; i++) msg = makeEml({ From: "x@example.com", Subject: `level ${i}` }, [{ contentType: "text/plain", body: `level ${i}` }, { contentType: "message/rfc822", filename: `l${i}.eml`, body: msg }]);
    const d = await run(msg, "deep.eml", "message/rfc822", { maxDepth: 2 });
    assert.equal(d.status, "partial");
    assert.deepEqual(codes(d), ["limit_depth"]);
    assert.equal(d.reasons[0]!.file_in_zip, "l3.eml!/l2.eml");
    assert.equal(segWith(d, "MARKER-DEEPEST"), undefined);
  });
  it("reads a message of more MIME parts than mailparser's default 1,000, up to the entry limit; past it, its text from its bytes (a thousand empty parts hide nothing)", async () => {
    const parts = (n: number) => [{ contentType: "text/plain", body: "Payroll contact: anna.schmidt@example.com" }, ...Array.from({ length: n }, () => ({ contentType: "text/plain", body: "" })), { contentType: "text/plain", filename: "last.txt", body: Buffer.from("MARKER-LAST-PART") }];
    const r = await run(makeEml(HEADERS, parts(1500)), "many.eml", "message/rfc822");
    assert.equal(r.status, "complete", JSON.stringify(r.reasons));
    assert.ok(segWith(r, "anna.schmidt@example.com"));
    assert.ok(segWith(r, "MARKER-LAST-PART"));

    const over = await run(makeEml(HEADERS, parts(1100)), "over.eml", "message/rfc822", { maxEntries: 1000 });
    assert.equal(over.status, "partial");
    assert.deepEqual(codes(over), ["limit_entries"]);
    assert.match(over.reasons[0]!.message, /more than 1000 MIME parts; \d+ characters of text recovered/);
    assert.equal(segWith(over, "anna.schmidt@example.com")?.locator.part, "recovered text");
  });
  it("reads a message whose MIME parts nest deeper than mailparser can follow from its bytes (recovered text, the reason says why)", async () => {
    let body = "";
    for (let i = 0; i < 8000; i++) body += `Content-Type: multipart/mixed; boundary="b${i}"\n\n--b${i}\n`;
    body += "Content-Type: text/plain\n\nPayroll contact: anna.schmidt@example.com\n";
    for (let i = 7999; i >= 0; i--) body += `--b${i}--\n`;
    const r = await run(`From: x@example.com\nSubject: nested\nMIME-Version: 1.0\n${body}`, "nested.eml", "message/rfc822");
    assert.equal(r.status, "partial");
    assert.deepEqual(codes(r), ["corrupt"]);
    assert.match(r.reasons[0]!.message, /^eml: .*characters of text recovered/);
    assert.equal(segWith(r, "anna.schmidt@example.com")?.locator.part, "recovered text");
  });
});
