import assert from "node:assert/strict";
import CFB from "cfb";
import { makeTar, makeZip } from "../test-util/fixtures.ts";
import { makeDocx, makeOdp, makeOdt, makePptx, makeRtf, makeWorkbook } from "../test-util/office.ts";
import { codes, run, segWith } from "../test-util/run.ts";

describe("extract: Office documents, presentations and spreadsheets", () => {
  it("reads DOCX, ODT and RTF text and detects each type from the bytes", async () => {
    for (const [bytes, name, mime] of [
      [await makeDocx(["Dear Ms Example,", "her SSN is 536-22-8726 MARK-DOCX"]), "letter.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      [await makeOdt(["MARK-ODT paragraph"]), "note.odt", "application/vnd.oasis.opendocument.text"],
      [makeRtf("MARK-RTF rich text"), "old.rtf", "application/rtf"],
    ] as const) {
      const r = await run(bytes, name, "application/octet-stream");
      assert.equal(r.status, "complete", `${name}: ${JSON.stringify(r.reasons)}`);
      assert.equal(r.detected_type, mime, name);
      assert.ok(segWith(r, "MARK-"), `${name}: text missing`);
    }
  });

  it("gives PPTX and ODP segments their 1-based slide", async () => {
    const p = await run(await makePptx(["title slide", "MARK-S2 on slide two", "third"]), "deck.pptx");
    assert.equal(segWith(p, "MARK-S2")?.locator.slide, 2);
    assert.equal(segWith(p, "title slide")?.locator.slide, 1);
    const o = await run(await makeOdp(["one", "two", "MARK-ODP three"]), "deck.odp");
    assert.equal(o.detected_type, "application/vnd.oasis.opendocument.presentation");
    assert.equal(segWith(o, "MARK-ODP")?.locator.slide, 3);
  });

  it("locates spreadsheet cells by sheet and cell, with headers as columns, numbers exact", async () => {
    const rows = [["name", "phone", "salary"], ["Erika Mustermann", 4915123456789, 1234.5], ["Max", 12345678901234, 0.1]];
    for (const type of ["xlsx", "xls", "ods"] as const) {
      const r = await run(makeWorkbook({ Intro: [["nothing here"]], Payroll: rows }, type), `staff.${type}`);
      assert.equal(r.status, "complete", `${type}: ${JSON.stringify(r.reasons)}`);
      const phone = segWith(r, "4915123456789");
      assert.ok(phone, `${type}: the phone number must come out digit for digit (${r.segments.map((s) => s.text).join(" | ")})`);
      assert.equal(phone.text, "4915123456789");
      assert.deepEqual([phone.locator.sheet, phone.locator.cell, phone.locator.column, phone.locator.row], ["Payroll", "B2", "phone", 2], type);
      assert.equal(segWith(r, "12345678901234")?.text, "12345678901234");
      assert.equal(segWith(r, "1234.5")?.locator.cell, "C2");
      const header = r.segments.find((s) => s.locator.part === "header" && s.locator.sheet === "Payroll");
      assert.equal(header?.text, "name, phone, salary", type);
      assert.equal(segWith(r, "nothing here")?.locator.sheet, "Intro");
    }
  });

  it("says a.zip!/b.docx for a DOCX inside a ZIP inside a TAR", async () => {
    const inner = await makeZip({ "b.docx": await makeDocx(["MARK-NESTED-DOCX"]) });
    const r = await run(await makeTar({ "a.zip": inner }), "outer.tar");
    assert.equal(r.status, "complete");
    assert.equal(segWith(r, "MARK-NESTED-DOCX")?.locator.file_in_zip, "a.zip!/b.docx");
  });

  it("marks a password-protected OOXML file encrypted", async () => {
    const cfb = CFB.utils.cfb_new();
    CFB.utils.cfb_add(cfb, "/EncryptionInfo", Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]));
    CFB.utils.cfb_add(cfb, "/EncryptedPackage", Buffer.alloc(4096, 7));
    const r = await run(Buffer.from(CFB.write(cfb, { type: "buffer" }) as Uint8Array), "locked.xlsx");
    assert.equal(r.status, "partial");
    assert.ok(codes(r).includes("encrypted"), JSON.stringify(r.reasons));
  });

  it("stops a zip bomb dressed as a DOCX at the ratio limit, without parsing it", async () => {
    const docx = await makeDocx(["ok"]);
    const bomb = await makeZip({ "[Content_Types].xml": "<Types/>", "word/document.xml": `<w:document>${" ".repeat(50 * 1024 * 1024)}</w:document>` });
    const r = await run(bomb, "bomb.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    assert.equal(r.status, "partial", JSON.stringify(r.reasons));
    assert.ok(codes(r).includes("limit_ratio"), JSON.stringify(r.reasons));
    assert.ok((await run(docx, "ok.docx")).status === "complete");
  });

  it("fails a truncated DOCX or XLSX with the parser's reason, quickly", async () => {
    for (const [bytes, name] of [[(await makeDocx(["x".repeat(5000)])).subarray(0, 900), "cut.docx"], [makeWorkbook({ S: [["a", 1]] }).subarray(0, 700), "cut.xlsx"]] as const) {
      const t = Date.now();
      const r = await run(bytes, name);
      assert.ok(["failed", "partial", "unsupported"].includes(r.status), `${name}: ${r.status}`);
      assert.ok(Date.now() - t < 5000);
    }
  });
});
