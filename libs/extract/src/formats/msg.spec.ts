import assert from "node:assert/strict";
import CFB from "cfb";
import { makeZip } from "../test-util/fixtures.ts";
import { makeEml, makeMsg, type MsgSpec } from "../test-util/mail.ts";
import { codes, run, segWith, failedOrRecovered } from "../test-util/run.ts";

const BASE: MsgSpec = {
  subject: "Gehälter Q1",
  senderName: "Anna Schmidt",
  senderEmail: "anna.schmidt@example.com",
  submitted: new Date("2024-03-05T09:00:00Z"),
  recipients: [
    { name: "Bob Meier", email: "bob@example.org", type: "to" },
    { name: "Dora", email: "dora@example.net", type: "cc" },
    { name: "Audit", email: "audit@example.net", type: "bcc" },
  ],
};

describe("extract: Outlook MSG", () => {
  it("reads sender, recipients by type, subject, date and the text body", async () => {
    const r = await run(makeMsg({ ...BASE, body: "My SSN is 078-05-1120.\r\nAnna" }), "mail.msg", "application/vnd.ms-outlook");
    assert.equal(r.detected_type, "application/vnd.ms-outlook");
    assert.equal(r.status, "complete", JSON.stringify(r.reasons));
    const part = (p: string) => r.segments.find((s) => s.locator.part === p)?.text;
    assert.equal(part("header:from"), "Anna Schmidt <anna.schmidt@example.com>");
    assert.equal(part("header:to"), "Bob Meier <bob@example.org>");
    assert.equal(part("header:cc"), "Dora <dora@example.net>");
    assert.equal(part("header:bcc"), "Audit <audit@example.net>");
    assert.equal(part("header:subject"), "Gehälter Q1");
    assert.equal(part("header:date"), "2024-03-05T09:00:00.000Z");
    assert.equal(segWith(r, "078-05-1120")?.locator.part, "body");
  });

  it("falls back to the HTML body, then to the RTF body; other text properties are read too", async () => {
    const html = await run(makeMsg({ ...BASE, html: "<p>IBAN <i>DE89370400440532013000</i></p><style>p{}</style>", strings: { "3a1c": "+49 151 23456789" } }), "h.msg");
    assert.equal(segWith(html, "IBAN DE89370400440532013000")?.locator.part, "body");
    assert.equal(segWith(html, "+49 151")?.locator.part, "property:mobileTelephoneNumber");
    const rtf = await run(makeMsg({ ...BASE, rtf: "{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Arial;}}\\f0 MARKER-RTF-BODY 4111 1111 1111 1111\\par}" }), "r.msg");
    assert.equal(rtf.status, "complete", JSON.stringify(rtf.reasons));
    const body = segWith(rtf, "MARKER-RTF-BODY");
    assert.equal(body?.locator.part, "body");
    assert.equal(body?.locator.file_in_zip, null);
  });

  it("reads attachments recursively (file_in_zip, nested with !/)", async () => {
    const eml = makeEml({ From: "carl@example.com", Subject: "fwd" }, [{ contentType: "text/plain", body: "MARKER-EML-IN-MSG" }]);
    const r = await run(makeMsg({ ...BASE, body: "see attached", attachments: [
      { name: "contacts.csv", data: Buffer.from("name,phone\nAnna,030 1234567\n") },
      { name: "fwd.eml", data: eml },
      { name: "bundle.zip", data: await makeZip({ "x/y.txt": "MARKER-ZIP-IN-MSG" }) },
      { name: "Forwarded", data: { subject: "inner", body: "MARKER-EMBEDDED-MSG", attachments: [{ name: "deep.txt", data: Buffer.from("MARKER-DEEP-IN-EMBEDDED") }] } },
    ] }), "mail.msg");
    assert.equal(r.status, "complete", JSON.stringify(r.reasons));
    assert.equal(segWith(r, "030 1234567")?.locator.file_in_zip, "contacts.csv");
    assert.equal(segWith(r, "MARKER-EML-IN-MSG")?.locator.file_in_zip, "fwd.eml");
    assert.equal(segWith(r, "MARKER-ZIP-IN-MSG")?.locator.file_in_zip, "bundle.zip!/x/y.txt");
    assert.equal(segWith(r, "MARKER-EMBEDDED-MSG")?.locator.file_in_zip, "Forwarded.msg");
    assert.equal(segWith(r, "MARKER-DEEP-IN-EMBEDDED")?.locator.file_in_zip, "Forwarded.msg!/deep.txt");
    const inZip = await run(await makeZip({ "mail/2024/m.msg": makeMsg({ ...BASE, body: "MARKER-MSG-IN-ZIP" }) }), "box.zip");
    assert.equal(segWith(inZip, "MARKER-MSG-IN-ZIP")?.locator.file_in_zip, "mail/2024/m.msg");
  });

  it("attachments count against the entry limit; truncated or garbled MSG files end without a crash", async () => {
    const attachments = Array.from({ length: 4 }, (_, i) => ({ name: `a${i}.txt`, data: Buffer.from(`MARKER-A${i}`) }));
    const r = await run(makeMsg({ ...BASE, body: "x", attachments }), "m.msg", "application/vnd.ms-outlook", { maxEntries: 2 });
    assert.equal(r.status, "partial");
    assert.deepEqual(codes(r), ["limit_entries"]);
    assert.ok(segWith(r, "MARKER-A1"));
    assert.equal(segWith(r, "MARKER-A2"), undefined);
    const whole = makeMsg({ ...BASE, body: "x".repeat(20_000), attachments });
    const cut = await run(whole.subarray(0, Math.floor(whole.length * 0.6)), "cut.msg", "application/vnd.ms-outlook");
    assert.deepEqual([cut.detected_type, failedOrRecovered(cut), codes(cut)], ["application/vnd.ms-outlook", true, ["corrupt"]]);
    const garbled = Buffer.from(whole);
    for (let i = Math.floor(garbled.length * 0.4); i < garbled.length * 0.6; i += 97) garbled[i] = 0xff; // inside the body stream
    const g = await run(garbled, "garbled.msg", "application/vnd.ms-outlook");
    assert.equal(g.detected_type, "application/vnd.ms-outlook");
    assert.ok(g.segments.some((s) => s.locator.part === "header:subject"), "what is still readable is read");
  });

  describe("a cut or unreadable OLE container", () => {
    const whole = makeMsg({ ...BASE, body: "x".repeat(20_000), attachments: [{ name: "a.txt", data: Buffer.from("MARKER-A") }] });

    it("is still a MSG when the directory sectors left name MSG streams: failed, reason corrupt, with what is missing", async () => {
      for (const f of [0.1, 0.5, 0.9]) {
        const r = await run(whole.subarray(0, Math.floor(whole.length * f)), "cut.msg", "application/octet-stream");
        assert.deepEqual([r.detected_type, failedOrRecovered(r), codes(r)], ["application/vnd.ms-outlook", true, ["corrupt"]], `${f}: ${JSON.stringify(r.reasons)}`);
        assert.match(r.reasons[0]!.message, /^msg: the OLE container is cut short or damaged: it refers to sector \d+, which would end at byte \d+, but the file has \d+ bytes(?:; \d+ characters of text recovered from its raw bytes \(part: recovered text\))?$/);
      }
      const inZip = await run(await makeZip({ "in/cut.msg": whole.subarray(0, 20_000), "ok.txt": "MARKER-OK" }), "box.zip");
      assert.equal(inZip.status, "partial");
      assert.deepEqual(inZip.reasons.map((x) => [x.code, x.file_in_zip]), [["corrupt", "in/cut.msg"]]);
      assert.ok(segWith(inZip, "MARKER-OK"));
    });

    it("stays a generic CFB when not even the directory is left, whatever the claim: failed, corrupt, mismatch flagged", async () => {
      // header and allocation table only: the directory (sector 2) is past the end
      const r = await run(whole.subarray(0, 1200), "cut.msg", "application/vnd.ms-outlook");
      assert.deepEqual([r.detected_type, r.type_mismatch, r.status, codes(r)], ["application/x-cfb", true, "failed", ["corrupt"]]);
      assert.match(r.reasons[0]!.message, /^cfb: the OLE container is cut short or damaged: .*; its directory is unreadable, so what it holds is unknown$/);
    });

    it("reads a hostile header (4 billion FAT sectors, a DIFAT chain looping on itself) quickly", async () => {
      const b = Buffer.from(whole.subarray(0, 4096));
      b.writeUInt32LE(0xfffffff0, 0x2c); // FAT sector count
      b.writeUInt32LE(3, 0x44); // first DIFAT sector…
      b.writeUInt32LE(3, 512 * 4 + 508); // …whose next DIFAT sector is itself
      const t = Date.now();
      const r = await run(b, "evil.msg");
      assert.equal(r.status, "failed", JSON.stringify(r.reasons));
      assert.deepEqual(codes(r), ["corrupt"]);
      assert.ok(Date.now() - t < 2000, `${Date.now() - t} ms`);
    });

    it("keeps a readable OLE container of unknown kind unsupported", async () => {
      const cfb = CFB.utils.cfb_new();
      CFB.utils.cfb_add(cfb, "/Thumbnails", Buffer.alloc(5000, 3));
      CFB.utils.cfb_add(cfb, "/Catalog", Buffer.from("MARKER-NOT-READ"));
      const r = await run(Buffer.from(CFB.write(cfb, { type: "buffer" }) as Uint8Array), "Thumbs.db", "application/vnd.ms-outlook");
      assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/x-cfb", "unsupported", ["unsupported_type"]]);
    });

    it("reads the text runs of a Microsoft Project or Quattro Pro file, which no parser reads: partial, said so", async () => {
      const mpp = CFB.utils.cfb_new();
      CFB.utils.cfb_add(mpp, "/Props9", Buffer.from("\u0000\u0001Project props"));
      CFB.utils.cfb_add(mpp, "/   19/TBkndRsc/Var2Data", Buffer.concat([Buffer.alloc(40, 0), Buffer.from("Resource manager Jane Roe, jane.roe@acme.example", "utf16le"), Buffer.alloc(40, 0)]));
      const r = await run(Buffer.from(CFB.write(mpp, { type: "buffer" }) as Uint8Array), "rollout.mpp");
      assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/vnd.ms-project", "partial", ["unsupported_type"]]);
      assert.match(r.reasons[0]!.message, /^no parser for application\/vnd\.ms-project; \d+ characters of text recovered from its raw bytes/);
      assert.ok(r.segments.some((s) => s.locator.part === "recovered text" && s.text.includes("Resource manager Jane Roe, jane.roe@acme.example")));
      const qpw = CFB.utils.cfb_new();
      CFB.utils.cfb_add(qpw, "/NativeContent_MAIN", Buffer.concat([Buffer.alloc(64, 0), Buffer.from("Payroll contact: Ben Okafor <ben.okafor@acme.example>"), Buffer.alloc(64, 0)]));
      const q = await run(Buffer.from(CFB.write(qpw, { type: "buffer" }) as Uint8Array), "payroll.qpw");
      assert.deepEqual([q.detected_type, q.status], ["application/x-quattro-pro", "partial"]);
      assert.ok(q.segments.some((s) => s.text.includes("Ben Okafor <ben.okafor@acme.example>")));
    });
  });
});
