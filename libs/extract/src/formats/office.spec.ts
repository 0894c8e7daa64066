import assert from "node:assert/strict";
import CFB from "cfb";
import officeCrypto from "officecrypto-tool";
import { makePdf, makeTar, makeZip, noise, withMembers, zipMembers } from "../test-util/fixtures.ts";
import { makeMsg } from "../test-util/mail.ts";
import { detect } from "../detect.ts";
import { EXCEL_BUILT_IN_PASSWORD } from "./office-crypto.ts";
import { MAIN_TYPES, makeDocx, makeOdp, makeOdt, makeOleObject, makeOlePackage, makePptx, makeRtf, makeWorkbook, makeXlsxOfSheets, oleNative, rtfObject, rtfPicture } from "../test-util/office.ts";
import { makeEmf, makeWmf } from "../test-util/metafile.ts";
import { artRecord, blipStoreEntry, metafileBlip, pngBlip } from "../test-util/office-art.ts";
import { codes, run, segWith } from "../test-util/run.ts";
import { makeDoc, makeWord6 } from "../test-util/worddoc.ts";
import { makePpt } from "../test-util/ppt.ts";

/** Replaces (or adds) streams of an OLE container and writes it again. */
function withStreams(container: Buffer, streams: Record<string, Buffer>): Buffer {
  const cfb = CFB.read(container, { type: "buffer" });
  for (const [path, data] of Object.entries(streams)) {
    if (CFB.find(cfb, path)) CFB.utils.cfb_del(cfb, path);
    CFB.utils.cfb_add(cfb, path, data);
  }
  return Buffer.from(CFB.write(cfb, { type: "buffer" }) as Uint8Array);
}

const DOC_MIME = "application/msword";

describe("extract: Office documents, presentations and spreadsheets", () => {
  it("reads a dBase table (DBF, no magic number: told by its header), its field names as column headers", async () => {
    const dbf = makeWorkbook({ Sheet1: [["NAME", "SSN"], ["Jane Roe", "536-22-1234"]] }, "dbf");
    const r = await run(dbf, "parcels.dbf");
    assert.deepEqual([r.detected_type, r.status], ["application/x-dbf", "complete"]);
    assert.deepEqual([segWith(r, "536-22-1234")?.locator.column, segWith(r, "536-22-1234")?.locator.row], ["SSN", 2]);
    // a header that does not add up (records past the end, no field terminator) is no table
    const broken = Buffer.from(dbf);
    broken.writeUInt32LE(1_000_000, 4);
    assert.equal((await run(broken, "broken.dbf")).detected_type, "application/octet-stream");
    const noTerminator = Buffer.from(dbf).fill(0x20, 32, broken.readUInt16LE(8));
    assert.equal((await run(noTerminator, "x.dbf")).detected_type, "application/octet-stream");
  });

  it("reads ODF templates and drawings (OTT, OTP, ODG), which were unsupported", async () => {
    const text = "Employee Jane Roe, SSN 536-22-1234";
    for (const [ext, bytes, mime] of [
      ["ott", await makeOdt([text], [], undefined, "application/vnd.oasis.opendocument.text-template"), "application/vnd.oasis.opendocument.text-template"],
      ["otp", await makeOdp(["cover", text], undefined, "application/vnd.oasis.opendocument.presentation-template"), "application/vnd.oasis.opendocument.presentation-template"],
      ["odg", await makeOdp([text], undefined, "application/vnd.oasis.opendocument.graphics"), "application/vnd.oasis.opendocument.graphics"],
    ] as const) {
      const r = await run(bytes, `f.${ext}`);
      assert.deepEqual([r.detected_type, r.status, codes(r)], [mime, "complete", []], ext);
      assert.ok(segWith(r, "536-22-1234"), ext);
    }
  });

  it("takes an Office theme (.thmx: a presentation's package under theme/) for unsupported, not for a corrupt PPTX", async () => {
    const members = await zipMembers(await makePptx(["cover"]));
    const theme: Record<string, Buffer | string> = {};
    for (const [name, data] of Object.entries(members)) theme[name.replace(/^ppt\//, "theme/")] = name.endsWith(".xml") || name.endsWith(".rels") ? data.toString().replaceAll("/ppt/", "/theme/") : data;
    const r = await run(await makeZip(theme), "Office Theme.thmx");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/vnd.ms-officetheme", "unsupported", ["unsupported_type"]]);
  });

  it("reads macro-enabled documents, templates, slide shows and binary workbooks, which were unsupported", async () => {
    const text = "Employee Jane Roe, SSN 536-22-1234";
    const cases: Array<[string, Buffer, string]> = [
      ["docm", await makeDocx([text], [], undefined, MAIN_TYPES.docm), "application/vnd.ms-word.document.macroenabled.12"],
      ["dotx", await makeDocx([text], [], undefined, MAIN_TYPES.dotx), "application/vnd.openxmlformats-officedocument.wordprocessingml.template"],
      ["pptm", await makePptx(["cover", text], undefined, MAIN_TYPES.pptm), "application/vnd.ms-powerpoint.presentation.macroenabled.12"],
      ["ppsx", await makePptx(["cover", text], undefined, MAIN_TYPES.ppsx), "application/vnd.openxmlformats-officedocument.presentationml.slideshow"],
      ["potx", await makePptx(["cover", text], undefined, MAIN_TYPES.potx), "application/vnd.openxmlformats-officedocument.presentationml.template"],
      ["xlsm", makeWorkbook({ Staff: [["name", "ssn"], ["Jane Roe", "536-22-1234"]] }, "xlsm"), "application/vnd.ms-excel.sheet.macroenabled.12"],
      ["xlsb", makeWorkbook({ Staff: [["name", "ssn"], ["Jane Roe", "536-22-1234"]] }, "xlsb"), "application/vnd.ms-excel.sheet.binary.macroenabled.12"],
    ];
    for (const [ext, bytes, mime] of cases) {
      const r = await run(bytes, `f.${ext}`);
      assert.deepEqual([r.detected_type, r.status, codes(r)], [mime, "complete", []], ext);
      const seg = segWith(r, "536-22-1234");
      assert.ok(seg, ext);
      if (ext.startsWith("p")) assert.equal(seg.locator.slide, 2, ext);
      if (ext.startsWith("x")) assert.deepEqual([seg.locator.sheet, seg.locator.cell, seg.locator.column], ["Staff", "B2", "ssn"], ext);
    }
  });

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

  it("detects a workbook of 1,100 sheets and a deck of 600 slides by their parts, where file-type's 1,024 entries end before it reads [Content_Types].xml (their XML was read as an archive's text)", async () => {
    const book = makeWorkbook(Object.fromEntries(Array.from({ length: 1100 }, (_, i) => [`S${i}`, [["Name", "SSN"], [`MARK-${i}`, "536-22-8726"]]])));
    const deck = await makePptx(Array.from({ length: 600 }, (_, i) => `MARK-SLIDE-${i}`));
    for (const [bytes, kind] of [[book, "xlsx"], [deck, "pptx"]] as const) assert.equal((await detect(bytes, "upload.bin")).kind, kind);
    const r = await run(book, "many-sheets.xlsx");
    assert.equal(r.detected_type, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    assert.deepEqual(segWith(r, "MARK-1099")?.locator, { ...segWith(r, "MARK-1099")!.locator, sheet: "S1099", cell: "A2", file_in_zip: null });
    assert.equal(r.segments.some((s) => s.text.includes("<")), false, "no part's XML read as text");
  });

  it("reads a workbook of 3,000 sheets within its budget (SheetJS walked all the package's parts to find each sheet's: time in n², deaf to the budget; patches/@e965+xlsx)", async () => {
    const book = await makeXlsxOfSheets(Array.from({ length: 3000 }, (_, i) => `MARK-SHEET-${i}`));
    const r = await run(book, "many-sheets.xlsx", "application/octet-stream", { ocr: false, timeBudgetMs: 3000 });
    assert.deepEqual([r.status, codes(r)], ["complete", []], JSON.stringify(r.reasons));
    assert.equal(segWith(r, "MARK-SHEET-2999")?.locator.sheet, "Sheet3000");
  });

  it("reads a document package cut short (a download that stopped): its parts before the cut, partial (it failed, no central directory)", async () => {
    const picture = noise(200_000, 9);
    const docx = await withMembers(await makeDocx(["Contact: jane.roe@example.org"]), { "word/media/image1.png": picture });
    const odt = await withMembers(await makeOdt(["Contact: jane.roe@example.org"]), { "Pictures/image1.png": picture });
    for (const [name, file] of [["letter.docx", docx], ["letter.odt", odt]] as const) {
      const r = await run(file.subarray(0, file.byteLength - 100_000), name);
      assert.deepEqual([r.status, codes(r), !!segWith(r, "jane.roe@example.org")], ["partial", ["corrupt"], true], name);
      assert.match(r.reasons[0]!.message, /^document package cut short \(no central directory\): its \d+ whole parts read, any after it not$/);
    }
    // cut inside the document's own text part: read as far as it came, as recovered text
    const long = await makeDocx(["Contact: jane.roe@example.org", ...Array.from({ length: 400 }, (_, i) => `Paragraph ${i} of the quarterly report, on revenue, costs and staffing.`)]);
    const members = await zipMembers(long);
    const ordered = await makeZip({ "[Content_Types].xml": members["[Content_Types].xml"]!, "_rels/.rels": members["_rels/.rels"]!, "word/document.xml": members["word/document.xml"]! }, false);
    const inText = await run(ordered.subarray(0, ordered.indexOf("Paragraph 200")), "report.docx");
    assert.deepEqual([inText.status, segWith(inText, "jane.roe@example.org")?.locator.part, !!segWith(inText, "Paragraph 199")], ["partial", "recovered text", true]);
    assert.match(inText.reasons[0]!.message, /the part the cut falls in \(word\/document\.xml\) as far as it came \(part: recovered text\)/);
    // a workbook whose style sheet came after the cut: read with an empty one
    const book = makeWorkbook({ Clients: [["name", "ssn"], ["John Smith", "536-22-1234"]] });
    const parts = await zipMembers(book);
    const stylesLast = await makeZip({ ...Object.fromEntries(Object.entries(parts).filter(([n]) => n !== "xl/styles.xml")), "xl/styles.xml": parts["xl/styles.xml"]! }, false);
    const sheet = await run(stylesLast.subarray(0, stylesLast.lastIndexOf("<styleSheet") + 40), "clients.xlsx");
    assert.deepEqual([sheet.status, segWith(sheet, "536-22-1234")?.locator.column], ["partial", "ssn"]);
  });

  it("reads the text left in a Word 97 file cut short as recovered text, partial (it failed: the OLE container's directory was past the cut)", async () => {
    const doc = makeDoc({ paragraphs: ["Kontoinhaber: Jane Roe, IBAN DE89 3704 0044 0532 0130 00", Array.from({ length: 300 }, (_, i) => `Item ${i}: the quarterly report covers revenue, costs and staffing.`).join(" ")] });
    const r = await run(doc.subarray(0, Math.floor(doc.byteLength * 0.7)), "memo.doc");
    assert.deepEqual([r.status, codes(r), segWith(r, "DE89 3704 0044 0532 0130 00")?.locator.part], ["partial", ["corrupt"], "recovered text"]);
    assert.match(r.reasons[0]!.message, /^doc: the OLE container is cut short or damaged: .*; \d+ characters of text recovered from its raw bytes \(part: recovered text\)$/);
    // a limit that stops the recovery leaves the failure said
    const limited = await run(doc.subarray(0, Math.floor(doc.byteLength * 0.7)), "memo.doc", "application/msword", { maxChars: 200 });
    assert.deepEqual([limited.status, codes(limited)], ["partial", ["corrupt", "limit_chars"]]);
    assert.match(limited.reasons[0]!.message, /text recovered from its raw bytes until a limit stopped it/);
    // not in place of a parser: the whole file is read by it, with no recovered text
    const whole = await run(doc, "memo.doc");
    assert.deepEqual([whole.status, whole.segments.some((s) => s.locator.part === "recovered text")], ["complete", false]);
  });

  it("reads an ODT's tracked deletions, without their author and date", async () => {
    const r = await run(await makeOdt(["the final text"], ["SSN 536-22-8726 & more", "Tiara Gislason"]), "reviewed.odt", "application/octet-stream");
    assert.equal(r.status, "complete");
    const deleted = r.segments.filter((s) => s.locator.part === "deleted text").map((s) => s.text);
    assert.deepEqual(deleted, ["SSN 536-22-8726 & more\nTiara Gislason"]);
    assert.ok(!r.segments.some((s) => s.locator.part === null && s.text.includes("536-22-8726")), "not in the body: a reader does not show it");
  });

  it("reads a DOCX's tracked deletions, which no reader shows but the file still holds", async () => {
    const r = await run(await makeDocx(["the final text"], ["SSN 536-22-8726 & more", "Tiara Gislason"]), "reviewed.docx", "application/octet-stream");
    assert.equal(r.status, "complete");
    assert.deepEqual(r.segments.map((s) => [s.text, s.locator.part]), [["the final text\nkept \nkept ", null], ["SSN 536-22-8726 & more\nTiara Gislason", "deleted text"]]);
  });

  it("reads a DOCX's ruby (furigana over a Japanese name) as its base text, the reading in brackets", async () => {
    const docx = await makeDocx(["氏名: RUBY 太郎", "社員番号 536-22-8726"]);
    const xml = (await zipMembers(docx))["word/document.xml"]!.toString();
    const ruby = (base: string, reading: string) => `<w:r><w:ruby><w:rubyPr><w:rubyAlign w:val="distributeSpace"/><w:lid w:val="ja-JP"/></w:rubyPr><w:rt><w:r><w:t>${reading}</w:t></w:r></w:rt><w:rubyBase><w:r><w:t>${base}</w:t></w:r></w:rubyBase></w:ruby></w:r>`;
    const r = await run(await withMembers(docx, { "word/document.xml": xml.replace("RUBY 太郎</w:t></w:r>", `</w:t></w:r>${ruby("山田", "やまだ")}<w:r><w:t xml:space="preserve"> </w:t></w:r>${ruby("太郎", "たろう")}`) }), "社員.docx");
    assert.deepEqual([r.status, r.segments.map((s) => s.text.trim())], ["complete", ["氏名: 山田(やまだ) 太郎(たろう)\n社員番号 536-22-8726"]]);
  });

  it("reads a DOCX's and an RTF's header and footer, each as its part (officeparser keeps them out of the body)", async () => {
    const docx = await run(await makeDocx(["the letter"], [], undefined, undefined, { header: "Prepared for Tiara Gislason", footer: "SSN 536-22-8726" }), "letter.docx");
    assert.deepEqual(docx.segments.map((s) => [s.locator.part, s.text]), [["header", "Prepared for Tiara Gislason"], ["footer", "SSN 536-22-8726"], [null, "the letter"]]);
    const rtf = await run(Buffer.from("{\\rtf1\\ansi{\\header Prepared for Tiara Gislason\\par}{\\footer SSN 536-22-8726\\par}the letter\\par}", "latin1"), "letter.rtf");
    assert.deepEqual(rtf.segments.map((s) => [s.locator.part, s.text.trim()]), [["header", "Prepared for Tiara Gislason"], ["footer", "SSN 536-22-8726"], [null, "the letter"]]);
  });

  it("reads a DOCX's review comments (author and text) and footnotes, a PPTX's comments and speaker notes on their slide (officeparser hangs them on their nodes)", async () => {
    const docx = await run(await makeDocx(["the letter", "second paragraph"], [], undefined, undefined, { comments: [{ author: "Ben Okafor", text: "check SSN 536-22-8726" }], footnotes: ["Source: jane.roe@example.org"] }), "letter.docx");
    assert.deepEqual(docx.segments.map((s) => [s.locator.part, s.text]), [[null, "the letter\nsecond paragraph"], ["comment", "Ben Okafor\ncheck SSN 536-22-8726"], ["note", "Source: jane.roe@example.org"]]);
    const pptx = await run(await makePptx(["Q3 review", "Outlook"], undefined, undefined, { notes: ["tell Tiara Gislason", "call +1 415 555 0132"], comments: [{ author: "Ben Okafor", text: "numbers?" }] }), "deck.pptx");
    assert.deepEqual(pptx.segments.map((s) => [s.locator.slide, s.locator.part, s.text]), [[1, null, "Q3 review"], [1, "comment", "Ben Okafor\nnumbers?"], [1, "note", "tell Tiara Gislason"], [2, null, "Outlook"], [2, "note", "call +1 415 555 0132"]]);
  });

  it("reads the text a PPTX's slide master and layout and an ODP's master page and named footers show on every slide, not their placeholders' prompts", async () => {
    const master = { master: "Prepared by Tiara Gislason, tiara.gislason@example.org", layout: "Confidential: payroll 2026", prompt: "Click to edit Master title style" };
    const pptx = await run(await makePptx(["Q3 review"], undefined, undefined, { master }), "deck.pptx");
    assert.deepEqual(pptx.segments.map((s) => [s.locator.slide, s.locator.part, s.text]), [[1, null, "Q3 review"], [null, "master", "Confidential: payroll 2026\nPrepared by Tiara Gislason, tiara.gislason@example.org"]]);
    const odp = await run(await makeOdp(["Q3 review"], undefined, undefined, { footer: "Prepared by Tiara Gislason", prompt: "Click to add an outline", decl: "© 2026 Ben Okafor" }), "deck.odp");
    assert.deepEqual(odp.segments.map((s) => [s.locator.part, s.text]), [[null, "Q3 review"], ["master", "© 2026 Ben Okafor\nPrepared by Tiara Gislason"]]);
  });

  it("reads a DOCX hyperlink's target when its text does not show it (a name linking to a mailto:), once", async () => {
    const links = [{ text: "write to Jane", target: "mailto:jane.roe@example.org" }, { text: "jane.roe@example.org", target: "mailto:jane.roe@example.org" }, { text: "Jane again", target: "mailto:jane.roe@example.org" }];
    const r = await run(await makeDocx(["the letter"], [], undefined, undefined, { links }), "letter.docx");
    assert.deepEqual(r.segments.filter((s) => s.locator.part === "hyperlink").map((s) => s.text), ["mailto:jane.roe@example.org"]);
  });

  it("reads a DOCX's, an ODT's, a workbook's (XLSX, XLS) and a presentation's (PPTX, ODP) properties (title, subject, keywords, description, user-defined), not its author", async () => {
    const props = { title: "Salary review Tiara Gislason", subject: "pay", keywords: "hr, 2026", description: "SSN 536-22-8726", creator: "Bertha Kuhn", custom: { EmployeeSSN: "536-22-8726", Grade: "7" } };
    const want = [["property:title", "Salary review Tiara Gislason"], ["property:subject", "pay"], ["property:keywords", "hr, 2026"], ["property:description", "SSN 536-22-8726"], ["property:EmployeeSSN", "536-22-8726"], ["property:Grade", "7"]];
    const properties = (r: Awaited<ReturnType<typeof run>>) => r.segments.filter((s) => s.locator.part?.startsWith("property:")).map((s) => [s.locator.part, s.text]);
    for (const [name, bytes] of [["review.docx", await makeDocx(["the letter"], [], props)], ["review.odt", await makeOdt(["the letter"], [], props)], ["review.xlsx", makeWorkbook({ Pay: [["grade"], [7]] }, "xlsx", {}, props)], ["review.xls", makeWorkbook({ Pay: [["grade"], [7]] }, "xls", {}, props)], ["review.pptx", await makePptx(["a slide"], props)], ["review.odp", await makeOdp(["a slide"], props)]] as const) {
      const r = await run(bytes, name);
      assert.equal(r.status, "complete", name);
      assert.deepEqual(properties(r), want, name);
      assert.ok(!r.segments.some((s) => s.text.includes("Bertha Kuhn")), `${name}: the author is not read`);
    }
    // (a document without properties has no property segments)
    assert.deepEqual(properties(await run(await makeDocx(["plain"]), "plain.docx")), []);
  });

  it("gives PPTX and ODP segments their 1-based slide", async () => {
    const p = await run(await makePptx(["title slide", "MARK-S2 on slide two", "third"]), "deck.pptx");
    assert.equal(segWith(p, "MARK-S2")?.locator.slide, 2);
    assert.equal(segWith(p, "title slide")?.locator.slide, 1);
    const o = await run(await makeOdp(["one", "two", "MARK-ODP three"]), "deck.odp");
    assert.equal(o.detected_type, "application/vnd.oasis.opendocument.presentation");
    assert.equal(segWith(o, "MARK-ODP")?.locator.slide, 3);
  });

  it("reads a spreadsheet cell's comments, an empty cell's and a header's too, at their cell", async () => {
    const rows = [["name", "amount"], ["Acme", 12]];
    const r = await run(makeWorkbook({ Payroll: rows }, "xlsx", { "Payroll!B2": "paid by card 4111 1111 1111 1111", "Payroll!D5": "SSN 536-22-1234", "Payroll!A1": "who paid" }), "notes.xlsx");
    const comments = r.segments.filter((s) => s.locator.part === "comment").map((s) => [s.text, s.locator.sheet, s.locator.cell, s.locator.row]).sort((a, b) => String(a[2]).localeCompare(String(b[2])));
    assert.deepEqual(comments, [["who paid", "Payroll", "A1", 1], ["paid by card 4111 1111 1111 1111", "Payroll", "B2", 2], ["SSN 536-22-1234", "Payroll", "D5", 5]]);
    assert.equal(segWith(r, "Acme")?.locator.part, null, "the cells as before");
  });

  it("reads Excel 2.x, 3.0 and 4.0 files, bare BIFF streams without an OLE container (they were octet-stream, unsupported)", async () => {
    for (const bookType of ["biff2", "biff3", "biff4"] as const) {
      const r = await run(makeWorkbook({ S: [["name", "ssn"], ["Tiara Gislason", "536-22-8726"]] }, bookType), "old.xls");
      assert.deepEqual([r.detected_type, r.status, segWith(r, "536-22-8726")?.locator.column], ["application/vnd.ms-excel", "complete", "ssn"], bookType);
    }
  });

  it("reads a spreadsheet cell's hyperlink target when the cell does not show it (a name linking to a mailto:)", async () => {
    const book = makeWorkbook({ Staff: [["name"], ["Jane Roe"], ["jane.roe@example.org"]] }, "xlsx", {}, undefined, { "Staff!A2": "mailto:jane.roe@example.org", "Staff!A3": "mailto:jane.roe@example.org" });
    const r = await run(book, "staff.xlsx");
    assert.deepEqual(r.segments.filter((s) => s.locator.part === "hyperlink").map((s) => [s.locator.cell, s.text]), [["A2", "mailto:jane.roe@example.org"]]);
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

  it("reads a sheet's cells, not its declared range: a range to row 1,048,576 and column XFD is read in no time", async () => {
    const book = makeWorkbook({ Staff: [["name", "ssn"], ["Tiara Gislason", "536-22-1234"]] });
    const sheet = (await zipMembers(book))["xl/worksheets/sheet1.xml"]!.toString().replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:XFD1048576"/>');
    assert.match(sheet, /A1:XFD1048576/);
    const t0 = Date.now();
    const r = await run(await withMembers(book, { "xl/worksheets/sheet1.xml": sheet }), "formatted.xlsx");
    assert.ok(Date.now() - t0 < 3000, `${Date.now() - t0} ms`);
    assert.deepEqual([r.status, segWith(r, "536-22-1234")?.locator.column, segWith(r, "536-22-1234")?.locator.cell], ["complete", "ssn", "B2"]);
  });

  it("finds the header row below a report's title rows, and keeps the first row as header otherwise", async () => {
    const titled = await run(makeWorkbook({ Staff: [["Staff list Q3"], [], ["Name", "SSN", "DOB"], ["Tiara Gislason", "536-22-1234", "1985-03-14"]] }), "t.xlsx");
    assert.deepEqual(titled.segments.map((s) => [s.text, s.locator.cell, s.locator.row, s.locator.column, s.locator.part]), [
      ["Name, SSN, DOB", null, 3, null, "header"],
      ["Staff list Q3", "A1", 1, "A", null],
      ["Tiara Gislason", "A4", 4, "Name", null],
      ["536-22-1234", "B4", 4, "SSN", null],
      ["1985-03-14", "C4", 4, "DOB", null],
    ]);
    // A title over rows of numbers (no header row below it) and a one-column list: the first row heads, as before.
    const untitled = await run(makeWorkbook({ Sales: [["Q3 sales"], ["Acme", 12], ["Initech", 7]], Names: [["Name"], ["Tiara Gislason"], ["Drew Bernier"]] }), "u.xlsx");
    assert.deepEqual(untitled.segments.filter((s) => s.locator.part === "header").map((s) => [s.locator.sheet, s.text]), [["Sales", "Q3 sales"], ["Names", "Name"]]);
    assert.equal(segWith(untitled, "Drew")?.locator.column, "Name");
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

  it("reads a document package with a line end appended after the archive (a tool's end-of-file fixer), and one with other bytes there `partial`", async () => {
    for (const [bytes, name] of [[await makeOdt(["SSN 536-22-8726"]), "a.odt"], [makeWorkbook({ S: [["SSN 536-22-8726"]] }, "ods"), "a.ods"], [await makeDocx(["SSN 536-22-8726"]), "a.docx"], [makeWorkbook({ S: [["SSN 536-22-8726"]] }), "a.xlsx"]] as const) {
      const newline = await run(Buffer.concat([bytes, Buffer.from("\n")]), name);
      assert.deepEqual([newline.status, newline.reasons, !!segWith(newline, "536-22-8726")], ["complete", [], true], name);
      const junk = await run(Buffer.concat([bytes, Buffer.from("JUNK")]), name);
      assert.deepEqual([junk.status, codes(junk), !!segWith(junk, "536-22-8726")], ["partial", ["corrupt"], true], name);
      assert.match(junk.reasons[0]!.message, /4 bytes after the archive's end not read/);
    }
  });

  it("marks an OpenDocument file saved with a password (its manifest's encryption-data) encrypted, not corrupt", async () => {
    const manifest = `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml" manifest:size="2011"><manifest:encryption-data manifest:checksum-type="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0#sha256-1k" manifest:checksum="qgpv"><manifest:algorithm manifest:algorithm-name="http://www.w3.org/2001/04/xmlenc#aes256-cbc" manifest:initialisation-vector="nEE8"/></manifest:encryption-data></manifest:file-entry></manifest:manifest>`;
    for (const [bytes, name] of [[await makeOdt(["SSN 536-22-8726"]), "locked.odt"], [makeWorkbook({ S: [["x"]] }, "ods"), "locked.ods"]] as const) {
      const r = await run(await withMembers(bytes, { "META-INF/manifest.xml": manifest, "content.xml": noise(2011) }), name);
      assert.deepEqual([r.status, codes(r), r.segments.length], ["partial", ["encrypted"], 0], `${name}: ${JSON.stringify(r.reasons)}`);
    }
  });

  it("reads an OOXML file encrypted with the password Excel supplies itself (agile and standard encryption), as what it holds; any other password stays encrypted", async () => {
    const book = makeWorkbook({ Staff: [["name", "ssn"], ["Tiara Gislason", "536-22-8726"]] });
    const letter = await makeDocx(["SSN 536-22-8726"]);
    for (const [plain, name, type] of [[book, "staff.xlsx", "standard"], [book, "staff.xlsx", undefined], [letter, "letter.docx", undefined]] as const) {
      const r = await run(officeCrypto.encrypt(plain, { password: EXCEL_BUILT_IN_PASSWORD, ...(type ? { type } : {}) }), name);
      assert.deepEqual([r.detected_type, r.status, r.reasons], ["application/x-ooxml-encrypted", "complete", []], `${name} ${type ?? "agile"}`);
      assert.ok(segWith(r, "536-22-8726"), `${name} ${type ?? "agile"}: ${JSON.stringify(r.segments)}`);
    }
    assert.equal(segWith(await run(officeCrypto.encrypt(book, { password: EXCEL_BUILT_IN_PASSWORD }), "staff.xlsx"), "Tiara Gislason")?.locator.sheet, "Staff");
    const locked = await run(officeCrypto.encrypt(book, { password: "s3cret-Pass" }), "staff.xlsx");
    assert.deepEqual([locked.status, codes(locked), locked.segments.length], ["partial", ["encrypted"], 0]);
  });

  it("does not try a password on a file that asks for more hashing than Office ever writes (a spin count of 2,000,000,000 would take hours)", async () => {
    const cfb = CFB.read(officeCrypto.encrypt(makeWorkbook({ S: [["x"]] }), { password: EXCEL_BUILT_IN_PASSWORD }), { type: "buffer" });
    const info = CFB.find(cfb, "/EncryptionInfo")!;
    info.content = Buffer.from(Buffer.from(info.content as Uint8Array).toString("latin1").replace(/spinCount="\d+"/g, 'spinCount="2000000000"'), "latin1");
    const r = await run(Buffer.from(CFB.write(cfb, { type: "buffer" }) as Uint8Array), "slow.xlsx");
    assert.deepEqual([r.status, codes(r)], ["partial", ["encrypted"]]);
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

  describe("legacy Word (.doc, Word 97 binary)", () => {
    const paragraphs = ["MARK-DOC first paragraph", "Her SSN is 536-22-8726 – “private”", "Ärztin Zoë Müller", "Καλημέρα Ελένη"];

    it("reads its summary properties (title, subject, keywords, comments; not the author), as SheetJS writes them for XLS", async () => {
      // The SummaryInformation stream of an XLS written by SheetJS (another writer than ours), put into a DOC.
      const xls = CFB.read(makeWorkbook({ S: [["a"], ["b"]] }, "xls", {}, { title: "Salary review Tiara Gislason", subject: "pay", keywords: "hr", description: "SSN 536-22-8726 – Grüße", creator: "Bertha Kuhn" }), { type: "buffer" });
      const stream = Buffer.from(CFB.find(xls, "\u0005SummaryInformation")!.content as Uint8Array);
      const r = await run(withStreams(makeDoc({ paragraphs }), { "\u0005SummaryInformation": stream }), "review.doc", DOC_MIME);
      assert.equal(r.status, "complete", JSON.stringify(r.reasons));
      const props = r.segments.filter((s) => s.locator.part?.startsWith("property:")).map((s) => [s.locator.part, s.text]);
      assert.deepEqual(props, [["property:title", "Salary review Tiara Gislason"], ["property:subject", "pay"], ["property:keywords", "hr"], ["property:description", "SSN 536-22-8726 – Grüße"]]);
      assert.ok(!r.segments.some((s) => s.text.includes("Bertha Kuhn")), "the author is not read");
      // A stream that is no property set, or none at all: no properties, no failure.
      const broken = await run(withStreams(makeDoc({ paragraphs }), { "\u0005SummaryInformation": Buffer.from("not a property set at all, just bytes") }), "broken.doc", DOC_MIME);
      assert.equal(broken.status, "complete");
      assert.ok(!broken.segments.some((s) => s.locator.part?.startsWith("property:")));
    });

    it("reads body paragraphs from 8-bit (cp1252) and UTF-16 pieces, and the header and footer", async () => {
      const r = await run(makeDoc({ paragraphs, header: "MARK-HEADER Acme GmbH", footer: "MARK-FOOTER page" }), "letter.doc", DOC_MIME);
      assert.equal(r.detected_type, DOC_MIME);
      assert.equal(r.type_mismatch, false);
      assert.equal(r.status, "complete", JSON.stringify(r.reasons));
      const body = r.segments.filter((s) => s.locator.part == null).map((s) => s.text).join("\n");
      // word-extractor turns the en dash and curly quotes into ASCII; the letters stay as they are.
      for (const t of ["MARK-DOC first paragraph", "536-22-8726", "Ärztin Zoë Müller", "Καλημέρα Ελένη"]) assert.ok(body.includes(t), `${t} missing from ${JSON.stringify(body)}`);
      assert.ok(/MARK-DOC first paragraph\s*\n\s*Her SSN/.test(body), "paragraphs are separated by a line break");
      assert.equal(segWith(r, "MARK-HEADER")?.locator.part, "header");
      assert.equal(segWith(r, "MARK-FOOTER")?.locator.part, "footer");
      assert.equal(r.segments.filter((s) => s.text.includes("MARK-HEADER")).length, 1, "the header is not repeated in the body");
    });

    it("reads a document whose pieces are all UTF-16 and whose table stream is 0Table", async () => {
      const r = await run(makeDoc({ paragraphs: ["MARK-UTF16 Ärztin", "IBAN DE89370400440532013000"], forceUnicode: true, table: "0Table" }), "old.doc");
      assert.equal(r.status, "complete", JSON.stringify(r.reasons));
      assert.ok(segWith(r, "MARK-UTF16 Ärztin"));
      assert.ok(segWith(r, "DE89370400440532013000"));
    });

    it("keeps the euro sign and the rest of an 8-bit piece (word-extractor's table has no 0x80)", async () => {
      const r = await run(makeDoc({ paragraphs: ["Preis 5 € netto, Konto DE89370400440532013000 MARK-EURO", "next paragraph"] }), "preis.doc");
      assert.equal(r.status, "complete", JSON.stringify(r.reasons));
      assert.ok(segWith(r, "Preis 5 € netto, Konto DE89370400440532013000 MARK-EURO"), JSON.stringify(r.segments.map((x) => x.text)));
      assert.ok(segWith(r, "next paragraph"));
    });

    it("keeps the text of EQ fields: a phonetic guide's base and reading (word-extractor dropped fields without a result)", async () => {
      // (Word 97-2003 writes ruby as an EQ field, as Tika's testWORD_phonetic.doc; a field with a result keeps the result)
      const ruby = (base: string, reading: string) => `\u0013EQ \\* jc2 \\* "Font:MS Mincho" \\* hps11 \\o\\ad(\\s\\up 10(${reading}),${base})\u0015`;
      const paragraphs = [
        `氏名 ${ruby("山田", "やまだ")}${ruby("太郎", "たろう")} MARK-RUBY`,
        "Fraction \u0013 EQ \\f(22,7) \u0015 MARK-EQ",
        "See \u0013 HYPERLINK \"https://example.org/\" \u0014example.org\u0015 MARK-LINK",
      ];
      const r = await run(makeDoc({ paragraphs }), "furigana.doc", DOC_MIME);
      assert.equal(r.status, "complete", JSON.stringify(r.reasons));
      const body = r.segments.map((x) => x.text).join("\n");
      assert.ok(body.includes("氏名 山田(やまだ)太郎(たろう) MARK-RUBY"), body);
      assert.ok(body.includes("Fraction 22 7 MARK-EQ"), body);
      assert.ok(body.includes("See example.org MARK-LINK"), body);
      assert.ok(!body.includes("HYPERLINK") && !body.includes("Mincho"), "field instructions stay out");
    });

    it("detects DOC from the bytes whatever the claimed type says, and flags the mismatch", async () => {
      const r = await run(makeDoc({ paragraphs: ["MARK-DISGUISED 078-05-1120"] }), "report.pdf", "application/pdf");
      assert.deepEqual([r.detected_type, r.type_mismatch, r.status], [DOC_MIME, true, "complete"]);
      assert.ok(segWith(r, "078-05-1120"));
    });

    it("says file_in_zip for a DOC inside a ZIP", async () => {
      const r = await run(await makeZip({ "docs/2019/brief.doc": makeDoc({ paragraphs: ["MARK-DOC-IN-ZIP"] }) }), "box.zip");
      assert.equal(r.status, "complete", JSON.stringify(r.reasons));
      assert.equal(segWith(r, "MARK-DOC-IN-ZIP")?.locator.file_in_zip, "docs/2019/brief.doc");
    });

    it("tells DOC, XLS and MSG apart by the streams at the root, not by embedded ones", async () => {
      const doc = makeDoc({ paragraphs: ["embedded"] });
      const embedded = CFB.read(doc, { type: "buffer" });
      const word = CFB.find(embedded, "WordDocument")!.content as Uint8Array;
      const table = CFB.find(embedded, "1Table")!.content as Uint8Array;
      // a workbook with an embedded Word document (Excel keeps it in an MBD storage)
      const xls = withStreams(makeWorkbook({ S: [["MARK-XLS-WITH-DOC"]] }, "xls"), { "/MBD0000A1B2/WordDocument": Buffer.from(word), "/MBD0000A1B2/1Table": Buffer.from(table) });
      assert.equal((await detect(xls, "book.xls")).kind, "xls");
      const x = await run(xls, "book.xls");
      assert.equal(x.status, "complete", JSON.stringify(x.reasons));
      assert.ok(segWith(x, "MARK-XLS-WITH-DOC"));
      // an Outlook item with a Word document attached as an OLE object
      const msg = withStreams(makeMsg({ subject: "with doc", body: "b" }), { "/__attach_version1.0_#00000000/__substg1.0_3701000D/WordDocument": Buffer.from(word) });
      assert.equal((await detect(msg, "m.msg")).kind, "msg");
      assert.equal((await detect(doc, "x.bin")).kind, "doc");
    });

    it("reads a Word 6.0/95 document's text (word-extractor reads Word 97 and later); a fast-saved one is unsupported, an encrypted one encrypted", async () => {
      const r = await run(makeWord6(["Dear Mr. Müller,", "SSN 536-22-8726"]), "old.doc");
      assert.deepEqual([r.detected_type, r.status, r.segments.map((s) => s.text.trim())], [DOC_MIME, "complete", ["Dear Mr. Müller,\nSSN 536-22-8726"]]);
      assert.deepEqual([(await run(makeWord6(["x"], 0x0004), "fast.doc")).status, codes(await run(makeWord6(["x"], 0x0100), "locked.doc"))], ["unsupported", ["encrypted"]]);
    });

    it("reads a DOC whose streams are named in another case (worddocument, 1TABLE: compound file names are case-insensitive)", async () => {
      for (const change of [(n: string) => n.toLowerCase(), (n: string) => n.toUpperCase()]) {
        const cfb = CFB.read(makeDoc({ paragraphs: ["SSN 536-22-8726"] }), { type: "buffer" });
        const root = cfb.FullPaths[0]!;
        cfb.FullPaths.forEach((full, i) => {
          if (i === 0) return;
          cfb.FileIndex[i]!.name = change(cfb.FileIndex[i]!.name);
          cfb.FullPaths[i] = root + change(full.slice(root.length));
        });
        const r = await run(Buffer.from(CFB.write(cfb, { type: "buffer" }) as Uint8Array), "cased.doc");
        assert.deepEqual([r.detected_type, r.status, r.segments.map((s) => s.text.trim())], [DOC_MIME, "complete", ["SSN 536-22-8726"]], JSON.stringify(r.reasons));
      }
    });

    it("marks a DOC with a password to open `encrypted` (partial), not corrupt, and reads none of it", async () => {
      const r = await run(makeDoc({ paragraphs: ["MARK-LOCKED"], encrypted: true }), "locked.doc", DOC_MIME);
      assert.deepEqual([r.detected_type, r.status, codes(r), r.segments.length], [DOC_MIME, "partial", ["encrypted"], 0], JSON.stringify(r.reasons));
      assert.equal((await run(makeDoc({ paragraphs: ["MARK-OPEN"] }), "open.doc", DOC_MIME)).status, "complete");
    });

    it("ends a truncated DOC `failed` with reason corrupt, and a DOC with a broken piece table too", async () => {
      const whole = makeDoc({ paragraphs: ["MARK-CUT", "x".repeat(9000)] });
      for (const f of [0.3, 0.6, 0.9]) {
        const r = await run(whole.subarray(0, Math.floor(whole.length * f)), "cut.doc", DOC_MIME);
        assert.deepEqual([r.detected_type, r.status, codes(r)], [DOC_MIME, "failed", ["corrupt"]], `${f}: ${JSON.stringify(r.reasons)}`);
        assert.match(r.reasons[0]!.message, /^doc: the OLE container is cut short or damaged: .* but the file has \d+ bytes$/);
      }
      const broken = withStreams(whole, { "/1Table": Buffer.from([0x07, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) });
      const b = await run(broken, "broken.doc", DOC_MIME);
      assert.deepEqual([b.detected_type, b.status, codes(b)], [DOC_MIME, "failed", ["corrupt"]], JSON.stringify(b.reasons));
      assert.match(b.reasons[0]!.message, /^doc: /);
      const notWord = withStreams(whole, { "/WordDocument": Buffer.alloc(2048, 0x41) });
      const n = await run(notWord, "fake.doc", DOC_MIME);
      assert.deepEqual([n.status, codes(n)], ["failed", ["corrupt"]], JSON.stringify(n.reasons));
    });
  });

  describe("embedded files", () => {
    const csv = "name,ssn\nTiara Gislason,536-22-8726\n";
    const sheet = makeWorkbook({ Sales: [["rep", "total"], ["Tiara Gislason", 1200]] });

    it("reads the workbook behind a presentation's chart, and a workbook or document embedded in a document, at file_in_zip naming the part", async () => {
      for (const [bytes, name, part] of [
        [await withMembers(await makePptx(["Q3 sales"]), { "ppt/embeddings/Microsoft_Excel_Sheet1.xlsx": sheet }), "q3.pptx", "ppt/embeddings/Microsoft_Excel_Sheet1.xlsx"],
        [await withMembers(await makeDocx(["Q3 sales"]), { "word/embeddings/Microsoft_Excel_Worksheet.xlsx": sheet }), "q3.docx", "word/embeddings/Microsoft_Excel_Worksheet.xlsx"],
        [await withMembers(makeWorkbook({ Summary: [["Q3"]] }), { "xl/embeddings/Microsoft_Word_Document.docx": await makeDocx(["rep Tiara Gislason"]) }), "q3.xlsx", "xl/embeddings/Microsoft_Word_Document.docx"],
      ] as const) {
        const r = await run(bytes, name);
        assert.deepEqual([r.status, r.reasons], ["complete", []], name);
        assert.equal(segWith(r, "Tiara Gislason")?.locator.file_in_zip, part, `${name}: ${JSON.stringify(r.segments)}`);
      }
      assert.equal(segWith(await run(await withMembers(await makePptx(["Q3"]), { "ppt/embeddings/Microsoft_Excel_Sheet1.xlsx": sheet }), "q3.pptx"), "Tiara Gislason")?.locator.sheet, "Sales");
    });

    it("reads a workbook's text boxes and SmartArt diagrams at their sheet, `part: drawing` and `part: diagram`, a paragraph a line", async () => {
      const rels = (list: Array<[string, string, string]>) => `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${list.map(([id, type, target]) => `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`).join("")}</Relationships>`;
      const para = (t: string) => `<a:p><a:r><a:rPr lang="en-US"/><a:t>${t}</a:t></a:r></a:p>`;
      const drawing = `<?xml version="1.0"?><xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><xdr:twoCellAnchor><xdr:sp><xdr:txBody><a:bodyPr/>${para("Questions: Jane Roe")}${para("jane.roe@example.org")}</xdr:txBody></xdr:sp></xdr:twoCellAnchor><xdr:twoCellAnchor><xdr:graphicFrame><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/diagram"/></a:graphic></xdr:graphicFrame></xdr:twoCellAnchor></xdr:wsDr>`;
      const data = `<?xml version="1.0"?><dgm:dataModel xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><dgm:ptLst><dgm:pt modelId="0" type="doc"><dgm:t><a:bodyPr/><a:p><a:endParaRPr/></a:p></dgm:t></dgm:pt><dgm:pt modelId="1"><dgm:t>${para("CEO Tiara Gislason")}</dgm:t></dgm:pt><dgm:pt modelId="2"><dgm:t>${para("CFO Ben Okafor")}</dgm:t></dgm:pt></dgm:ptLst></dgm:dataModel>`;
      const book = await withMembers(makeWorkbook({ Budget: [["total"], [1200]], Team: [["role"], ["lead"]] }), {
        "xl/worksheets/_rels/sheet2.xml.rels": rels([["rId1", "drawing", "../drawings/drawing1.xml"]]),
        "xl/drawings/drawing1.xml": drawing,
        "xl/drawings/_rels/drawing1.xml.rels": rels([["rId1", "diagramData", "../diagrams/data1.xml"], ["rId2", "diagramLayout", "../diagrams/layout1.xml"]]),
        "xl/diagrams/data1.xml": data,
      });
      const r = await run(book, "team.xlsx");
      assert.deepEqual([r.status, r.reasons], ["complete", []]);
      const drawn = r.segments.filter((s) => s.locator.part === "drawing" || s.locator.part === "diagram").map((s) => [s.locator.sheet, s.locator.part, s.text]);
      assert.deepEqual(drawn, [["Team", "drawing", "Questions: Jane Roe\njane.roe@example.org"], ["Team", "diagram", "CEO Tiara Gislason\nCFO Ben Okafor"]]);
    });

    it("reads an XLS's text boxes and shapes at their sheet (BIFF8 OBJ, TXO and CONTINUE records), `part: drawing`, not a cell's note", async () => {
      const record = (type: number, body: Buffer) => {
        const h = Buffer.alloc(4);
        h.writeUInt16LE(type, 0);
        h.writeUInt16LE(body.length, 2);
        return Buffer.concat([h, body]);
      };
      const obj = (ot: number, id: number) => {
        const b = Buffer.alloc(26);
        b.writeUInt16LE(0x15, 0);
        b.writeUInt16LE(0x12, 2);
        b.writeUInt16LE(ot, 4);
        b.writeUInt16LE(id, 6);
        return record(0x5d, b);
      };
      /** A TXO and its text in CONTINUE records of `pieces` (each 8-bit, or UTF-16 when `wide`), then its formatting runs. */
      const txo = (pieces: string[], wide = false) => {
        const head = Buffer.alloc(18);
        head.writeUInt16LE(pieces.join("").length, 10);
        head.writeUInt16LE(16, 12);
        return Buffer.concat([record(0x1b6, head), ...pieces.map((p) => record(0x3c, Buffer.concat([Buffer.from([wide ? 1 : 0]), Buffer.from(p, wide ? "utf16le" : "latin1")]))), record(0x3c, Buffer.alloc(16))]);
      };
      const c = CFB.read(makeWorkbook({ Budget: [["total"], [1200]] }, "xls"), { type: "buffer" });
      const entry = CFB.find(c, "Workbook")!;
      const stream = Buffer.from(entry.content as Uint8Array);
      // (before the sheet's EOF, the stream's last record)
      const drawn = Buffer.concat([obj(6, 1), txo(["Questions: Jane Roe, ", "020 7946 0958"]), obj(2, 2), txo(["Zoë Müller"], true), obj(0x19, 3), txo(["NOTE TEXT"])]);
      entry.content = Buffer.concat([stream.subarray(0, stream.length - 4), drawn, stream.subarray(stream.length - 4)]);
      entry.size = entry.content.length;
      const r = await run(Buffer.from(CFB.write(c, { type: "buffer" }) as Uint8Array), "budget.xls");
      assert.deepEqual([r.status, r.reasons], ["complete", []]);
      assert.deepEqual(r.segments.filter((s) => s.locator.part === "drawing").map((s) => [s.locator.sheet, s.text]), [["Budget", "Questions: Jane Roe, 020 7946 0958"], ["Budget", "Zoë Müller"]]);
      assert.equal(segWith(r, "NOTE TEXT"), undefined);
    });

    it("reads an ODS's page headers and footers (its styles' master pages), their fields left out, `part: page header`/`page footer`", async () => {
      const styles = `<?xml version="1.0" encoding="UTF-8"?><office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:master-styles>
<style:master-page style:name="Default"><style:header><text:p>Prepared by Jane Roe<text:s/>(HR)</text:p></style:header><style:header-left style:display="false"/><style:footer><text:p>Confidential: payroll <text:sheet-name>???</text:sheet-name></text:p></style:footer></style:master-page>
<style:master-page style:name="Report"><style:header><style:region-left><text:p><text:sheet-name>???</text:sheet-name> (<text:title>???</text:title>)</text:p></style:region-left></style:header><style:footer><text:p>Page <text:page-number>1</text:page-number> / <text:page-count>99</text:page-count></text:p></style:footer></style:master-page>
</office:master-styles></office:document-styles>`;
      const r = await run(await withMembers(makeWorkbook({ Staff: [["name"], ["Ben Okafor"]] }, "ods"), { "styles.xml": styles }), "payroll.ods");
      assert.deepEqual([r.status, r.reasons], ["complete", []]);
      assert.deepEqual(r.segments.filter((s) => s.locator.part?.startsWith("page ")).map((s) => [s.locator.part, s.locator.sheet, s.text]), [["page header", null, "Prepared by Jane Roe (HR)"], ["page footer", null, "Confidential: payroll"]]);
    });

    it("reads an XLSX's and an XLS's page headers and footers at their sheet, Excel's codes and fields left out, `part: page header`/`page footer`", async () => {
      // (Excel's codes: a font and its size, a colour, "&&" an ampersand, page fields and the sheet's name)
      const codes = { header: '&L&"Arial,Bold"&12Prepared by Jane Roe&C&KFF0000Payroll && HR&RPage &P of &N', footer: "&CConfidential: &A" };
      const want = [["page header", "Staff", "Prepared by Jane Roe\nPayroll & HR"], ["page footer", "Staff", "Confidential:"]];
      // XLSX: the worksheet's headerFooter, after its cells
      const book = makeWorkbook({ Staff: [["name"], ["Ben Okafor"]], Empty: [["x"]] });
      const sheet = (await zipMembers(book))["xl/worksheets/sheet1.xml"]!.toString();
      const xml = sheet.replace("</worksheet>", `<headerFooter><oddHeader>${codes.header.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}</oddHeader><oddFooter>${codes.footer.replace(/&/g, "&amp;")}</oddFooter><evenFooter>&amp;CPage &amp;P</evenFooter></headerFooter></worksheet>`);
      const r = await run(await withMembers(book, { "xl/worksheets/sheet1.xml": xml }), "staff.xlsx");
      assert.deepEqual([r.status, r.reasons], ["complete", []]);
      assert.deepEqual(r.segments.filter((s) => s.locator.part?.startsWith("page ")).map((s) => [s.locator.part, s.locator.sheet, s.text]), want);
      assert.ok(segWith(r, "Ben Okafor"), "the cells are still SheetJS's");
      // XLS: HEADER and FOOTER records in the sheet's substream (a string: length, flags, characters)
      const record = (type: number, text: string, wide: boolean) => {
        const chars = Buffer.from(text, wide ? "utf16le" : "latin1");
        const h = Buffer.alloc(7);
        h.writeUInt16LE(type, 0);
        h.writeUInt16LE(3 + chars.length, 2);
        h.writeUInt16LE(text.length, 4);
        h[6] = wide ? 1 : 0;
        return Buffer.concat([h, chars]);
      };
      const c = CFB.read(makeWorkbook({ Staff: [["name"], ["Ben Okafor"]] }, "xls"), { type: "buffer" });
      const entry = CFB.find(c, "Workbook")!;
      const stream = Buffer.from(entry.content as Uint8Array);
      const records = Buffer.concat([record(0x14, codes.header, false), record(0x15, codes.footer, true)]);
      entry.content = Buffer.concat([stream.subarray(0, stream.length - 4), records, stream.subarray(stream.length - 4)]);
      entry.size = entry.content.length;
      const x = await run(Buffer.from(CFB.write(c, { type: "buffer" }) as Uint8Array), "staff.xls");
      assert.deepEqual([x.status, x.reasons], ["complete", []]);
      assert.deepEqual(x.segments.filter((s) => s.locator.part?.startsWith("page ")).map((s) => [s.locator.part, s.locator.sheet, s.text]), want);
    });

    it("reads an XLS's metafile pictures from its drawing group (a Mac's embedded PDF, a pasted chart) as members `picture 1.emf`, …", async () => {
      // a drawing group: its header, then the blip store of a deflated EMF, a PNG and a stored EMF
      const store = artRecord(0xf, 3, 0xf001, Buffer.concat([blipStoreEntry(metafileBlip("emf", makeEmf([{ text: "Patient: Jane Roe" }]), true)), blipStoreEntry(pngBlip()), blipStoreEntry(metafileBlip("emf", makeEmf([{ text: "Ward 7 roster" }]), false))]));
      const group = artRecord(0xf, 0, 0xf000, Buffer.concat([artRecord(0, 0, 0xf006, Buffer.alloc(16)), store]));
      // MSODRAWINGGROUP, its body split into a CONTINUE record as Excel splits long ones
      const record = (type: number, body: Buffer) => Buffer.concat([Buffer.from([type & 0xff, type >> 8, body.length & 0xff, body.length >> 8]), body]);
      const half = Math.floor(group.length / 2);
      const c = CFB.read(makeWorkbook({ Ward: [["bed"], [7]] }, "xls"), { type: "buffer" });
      const wb = CFB.find(c, "Workbook")!;
      const stream = Buffer.from(wb.content as Uint8Array);
      wb.content = Buffer.concat([stream.subarray(0, stream.length - 4), record(0xeb, group.subarray(0, half)), record(0x3c, group.subarray(half)), stream.subarray(stream.length - 4)]);
      wb.size = wb.content.length;
      const r = await run(Buffer.from(CFB.write(c, { type: "buffer" }) as Uint8Array), "ward.xls");
      assert.deepEqual([r.status, r.reasons], ["complete", []]);
      assert.deepEqual([segWith(r, "Jane Roe")?.locator.file_in_zip, segWith(r, "Ward 7 roster")?.locator.file_in_zip], ["picture 1.emf", "picture 2.emf"]);
    });

    it("reads a chart's title and cached labels (its categories: the people of a sales chart), not its numbers, in DOCX, PPTX and XLSX", async () => {
      const chart = `<?xml version="1.0"?><c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><c:chart><c:title><c:tx><c:rich><a:p><a:r><a:t>Sales by rep</a:t></a:r></a:p></c:rich></c:tx></c:title><c:plotArea><c:barChart><c:ser><c:tx><c:strRef><c:f>Sheet1!$B$1</c:f><c:strCache><c:pt idx="0"><c:v>Q3</c:v></c:pt></c:strCache></c:strRef></c:tx><c:cat><c:strRef><c:strCache><c:pt idx="0"><c:v>Tiara Gislason</c:v></c:pt><c:pt idx="1"><c:v>Ben Okafor</c:v></c:pt></c:strCache></c:strRef></c:cat><c:val><c:numRef><c:numCache><c:pt idx="0"><c:v>1200</c:v></c:pt></c:numCache></c:numRef></c:val></c:ser></c:barChart></c:plotArea></c:chart></c:chartSpace>`;
      for (const [bytes, name] of [[await withMembers(await makeDocx(["Q3"]), { "word/charts/chart1.xml": chart }), "q3.docx"], [await withMembers(await makePptx(["Q3"]), { "ppt/charts/chart1.xml": chart }), "q3.pptx"], [await withMembers(makeWorkbook({ S: [["Q3"]] }), { "xl/charts/chart1.xml": chart }), "q3.xlsx"]] as const) {
        const r = await run(bytes, name);
        assert.deepEqual(r.segments.filter((s) => s.locator.part === "chart").map((s) => s.text), ["Sales by rep\nQ3\nTiara Gislason\nBen Okafor"], name);
      }
    });

    it("reads a file inserted as an object (an OLE package) in a DOCX, an ODT, a DOC and an XLS, under its UTF-16 name", async () => {
      const name = "clients ü 고객.csv";
      for (const [bytes, file, where] of [
        [await withMembers(await makeDocx(["see the list"]), { "word/embeddings/oleObject1.bin": makeOlePackage(name, csv) }), "memo.docx", `word/embeddings/oleObject1.bin!/${name}`],
        [await withMembers(await makeOdt(["see the list"]), { "Object 1": makeOlePackage(name, csv) }), "memo.odt", `Object 1!/${name}`],
        [withStreams(makeDoc({ paragraphs: ["see the list"] }), { "/ObjectPool/_1577691201/\u0001Ole10Native": oleNative(name, csv) }), "memo.doc", `ObjectPool/_1577691201/${name}`],
        [withStreams(makeWorkbook({ S: [["see the list"]] }, "xls"), { "/MBD0009CF7B/\u0001Ole10Native": oleNative(name, csv) }), "memo.xls", `MBD0009CF7B/${name}`],
        [makeOlePackage(name, csv), "oleObject1.bin", name],
      ] as const) {
        const r = await run(bytes, file);
        assert.deepEqual([r.status, r.reasons], ["complete", []], file);
        const seg = segWith(r, "536-22-8726");
        assert.deepEqual([seg?.locator.file_in_zip, seg?.locator.column], [where, "ssn"], `${file}: ${JSON.stringify(r.segments)}`);
      }
    });

    it("reads a PDF and a workbook embedded as OLE objects (Acrobat's CONTENTS stream, Office's Package stream) as members of their object", async () => {
      const pdf = makeOleObject("Acrobat Document", "AcroExch.Document.7", { CONTENTS: await makePdf(["SSN 536-22-8726"]) });
      const book = makeOleObject("Microsoft Excel Worksheet", "Excel.Sheet.12", { Package: sheet });
      const r = await run(await withMembers(await makeDocx(["see the report"]), { "word/embeddings/oleObject1.bin": pdf, "word/embeddings/oleObject2.bin": book }), "memo.docx");
      assert.deepEqual([r.status, r.reasons], ["complete", []]);
      assert.deepEqual([segWith(r, "536-22-8726")?.locator.file_in_zip, segWith(r, "536-22-8726")?.locator.page], ["word/embeddings/oleObject1.bin!/CONTENTS", 1]);
      assert.deepEqual([segWith(r, "Tiara Gislason")?.locator.file_in_zip, segWith(r, "Tiara Gislason")?.locator.sheet], ["word/embeddings/oleObject2.bin!/Package", "Sales"]);
      // in a DOC's object pool too
      const doc = await run(withStreams(makeDoc({ paragraphs: ["see the report"] }), { "/ObjectPool/_1/\u0001CompObj": Buffer.from("AcroExch.Document.7"), "/ObjectPool/_1/CONTENTS": Buffer.from(await makePdf(["SSN 536-22-8726"])) }), "memo.doc");
      assert.equal(segWith(doc, "536-22-8726")?.locator.file_in_zip, "ObjectPool/_1/CONTENTS");
    });

    it("takes an OLE 1 object of another class (an equation's native data in Ole10Native) for no packaged file: nothing read, nothing wrong", async () => {
      const equation = { "/ObjectPool/_1/\u0001CompObj": Buffer.from("\u0017\u0000\u0000\u0000Microsoft Equation 3.0\u0000\u000b\u0000\u0000\u0000Equation.3\u0000", "latin1"), "/ObjectPool/_1/\u0001Ole10FmtProgID": Buffer.from("\t\u0000\u0000\u0000Equation\u0000", "latin1"), "/ObjectPool/_1/\u0001Ole10Native": Buffer.from("24000000020001010009011283460286", "hex") };
      const r = await run(withStreams(makeDoc({ paragraphs: ["E = mc2"] }), equation), "physics.doc");
      assert.deepEqual([r.status, r.reasons, r.segments.map((s) => s.text.trim())], ["complete", [], ["E = mc2"]]);
    });

    it("reads a DOC's embedded Excel 97 and PowerPoint 97 objects, stored as its storages, as the documents they are", async () => {
      const streamsOf = (file: Buffer, at: string) => {
        const c = CFB.read(file, { type: "buffer" });
        const out: Record<string, Buffer> = {};
        c.FullPaths.forEach((full, i) => {
          if (c.FileIndex[i]!.type === 2) out[`${at}/${full.slice(c.FullPaths[0]!.length)}`] = Buffer.from(c.FileIndex[i]!.content as Uint8Array);
        });
        return out;
      };
      const book = makeOleObject("Microsoft Excel Worksheet", "Excel.Sheet.8", Object.fromEntries(Object.entries(streamsOf(makeWorkbook({ Staff: [["email"], ["ben.okafor@example.org"]] }, "xls"), "")).map(([k, v]) => [k.slice(1), v])));
      const deck = makeOleObject("Microsoft PowerPoint Slide", "PowerPoint.Slide.8", Object.fromEntries(Object.entries(streamsOf(makePpt({ slides: [["Escalations: Jane Roe 020 7946 0958"]] }), "")).map(([k, v]) => [k.slice(1), v])));
      const r = await run(withStreams(makeDoc({ paragraphs: ["see the staff list"] }), { ...streamsOf(book, "/ObjectPool/_1345470949"), "/ObjectPool/_1345470949/\u0003EPRINT": makeEmf([{ text: "PICTURE OF THE LIST", box: [0, 0, 400, 20] }]), ...streamsOf(deck, "/ObjectPool/_1345471035") }), "memo.doc");
      assert.deepEqual([r.status, r.reasons, segWith(r, "ben.okafor@example.org")?.locator.file_in_zip, segWith(r, "ben.okafor@example.org")?.locator.sheet], ["complete", [], "ObjectPool/_1345470949", "Staff"]);
      assert.deepEqual([segWith(r, "020 7946 0958")?.locator.file_in_zip, segWith(r, "020 7946 0958")?.locator.slide], ["ObjectPool/_1345471035", 1]);
      assert.equal(segWith(r, "PICTURE OF THE LIST"), undefined, "an object read as its document is not read by its picture too");
    });

    it("reads the objects WPS Office embeds, without a CompObj and with a lower-case `package` stream, in DOC and PPT", async () => {
      const wps = { "\u0001Ole": Buffer.from("0100000208000000000000000000000000000000", "hex"), "\u0003ObjInfo": Buffer.from("400003000100", "hex") };
      const docx = await makeDocx(["docx_content jane.roe@example.org"]);
      const streams: Record<string, Buffer> = {};
      for (const [k, v] of Object.entries(wps)) streams[`/ObjectPool/_1234567894/${k}`] = v;
      streams["/ObjectPool/_1234567894/package"] = docx;
      const c = CFB.read(makeWorkbook({ Staff: [["email"], ["ben.okafor@example.org"]] }, "xls"), { type: "buffer" });
      c.FullPaths.forEach((full, i) => {
        if (c.FileIndex[i]!.type === 2 && !full.endsWith("CompObj")) streams[`/ObjectPool/_1234567895/${full.slice(c.FullPaths[0]!.length)}`] = Buffer.from(c.FileIndex[i]!.content as Uint8Array);
      });
      for (const [k, v] of Object.entries(wps)) streams[`/ObjectPool/_1234567895/${k}`] = v;
      const r = await run(withStreams(makeDoc({ paragraphs: ["attachments"] }), streams), "wps.doc");
      assert.deepEqual([r.status, r.reasons, segWith(r, "jane.roe@example.org")?.locator.file_in_zip, segWith(r, "ben.okafor@example.org")?.locator.file_in_zip], ["complete", [], "ObjectPool/_1234567894/package", "ObjectPool/_1234567895"]);
      const object = CFB.utils.cfb_new();
      for (const [k, v] of Object.entries({ ...wps, package: docx })) CFB.utils.cfb_add(object, `/${k}`, v);
      const deck = await run(makePpt({ slides: [["see the object"]], objects: [Buffer.from(CFB.write(object, { type: "buffer" }) as Uint8Array)] }), "wps.ppt");
      assert.deepEqual([deck.status, deck.reasons, segWith(deck, "jane.roe@example.org")?.locator.file_in_zip], ["complete", [], "object 1!/package"]);
    });

    it("reads a DOC's linked object by its picture for printing (an EMF in `\\x03EPRINT`), and not when the object holds its file", async () => {
      const picture = makeEmf([{ text: "Staff list: Jane Roe 536-22-8726", box: [0, 0, 400, 20] }]);
      const linked = { "/ObjectPool/_1327495610/\u0001Ole": Buffer.from("0100000209000000", "hex"), "/ObjectPool/_1327495610/\u0003EPRINT": picture, "/ObjectPool/_1327495610/\u0003LinkInfo": Buffer.from("C:\\Share\\staff.xlsx", "latin1") };
      const r = await run(withStreams(makeDoc({ paragraphs: ["see the linked list"] }), linked), "memo.doc");
      assert.deepEqual([r.status, r.reasons, segWith(r, "536-22-8726")?.locator.file_in_zip], ["complete", [], "ObjectPool/_1327495610/EPRINT.emf"]);
      const embedded = { "/ObjectPool/_1/\u0001CompObj": Buffer.from("\u0017\u0000\u0000\u0000", "latin1"), "/ObjectPool/_1/CONTENTS": Buffer.from("plain text of the object", "latin1"), "/ObjectPool/_1/\u0003EPRINT": picture };
      const both = await run(withStreams(makeDoc({ paragraphs: ["see the object"] }), embedded), "memo.doc");
      assert.equal(segWith(both, "536-22-8726"), undefined, "the picture of an object whose file is read is not read too");
    });

    it("reads an RTF's embedded objects (a packaged file, a Word 97 document, an Excel workbook) as members `object 1`, …", async () => {
      const rtf = ["{\\rtf1\\ansi see the attachments\\par ", rtfObject("Package", oleNative("clients.csv", csv).subarray(4)), rtfObject("Word.Document.8", makeDoc({ paragraphs: ["letter to jane.roe@example.org"] })), rtfObject("Excel.Sheet.8", makeWorkbook({ Staff: [["email"], ["ben.okafor@example.org"]] }, "xls")), "}"].join("\n");
      const r = await run(Buffer.from(rtf, "latin1"), "mail.rtf");
      assert.deepEqual([r.detected_type, r.status, r.reasons], ["application/rtf", "complete", []]);
      assert.deepEqual([segWith(r, "536-22-8726")?.locator.file_in_zip, segWith(r, "jane.roe@example.org")?.locator.file_in_zip, segWith(r, "ben.okafor@example.org")?.locator.file_in_zip], ["object 1/clients.csv", "object 2", "object 3"]);
      assert.ok(segWith(r, "see the attachments"));
    });

    it("reads an RTF's metafile pictures as members `picture 1.emf`, …: a linked object's picture, a pasted chart's; not the WMF copy beside each, nor an embedded object's picture", async () => {
      const emf = (text: string) => makeEmf([{ text, box: [0, 0, 400, 20] }]);
      const wmf = (text: string) => makeWmf([{ bytes: Buffer.from(text, "latin1"), x: 0, y: 0 }]);
      const shp = (kind: "emf" | "wmf", data: Buffer, bin = false) => `{\\*\\shppict${rtfPicture(kind, data, { bin })}}`;
      const nonShp = (data: Buffer) => `{\\nonshppict${rtfPicture("wmf", data)}}`;
      const rtf = [
        "{\\rtf1\\ansi the linked report\\par ",
        // a linked object: no data, its picture all there is
        `{\\object\\objautlink\\rsltpict{\\*\\objclass Word.Document.12}{\\*\\objdata 01050000010000000000}{\\result ${shp("emf", emf("Employee SSN 536-22-8726"))}${nonShp(wmf("Employee SSN 536-22-8726"))}}}`,
        // an embedded object: its data is read, its picture not
        rtfObject("Word.Document.8", makeDoc({ paragraphs: ["letter to jane.roe@example.org"] }), { result: shp("emf", emf("PICTURE OF THE LETTER")) }),
        // a chart pasted as a picture, its bytes after \bin; a WMF picture alone
        shp("emf", emf("Sales by rep: Ben Okafor"), true),
        rtfPicture("wmf", wmf("Call 020 7946 0958")),
        // bytes that are no metafile (Tika's testBinControlWord.rtf: "\\bin10" of 0xFF): no picture, no reason
        rtfPicture("wmf", Buffer.alloc(10, 0xff), { bin: true }),
        "}",
      ].join("\n");
      const r = await run(Buffer.from(rtf, "latin1"), "report.rtf");
      assert.deepEqual([r.status, r.reasons], ["complete", []]);
      assert.deepEqual(
        ["536-22-8726", "jane.roe@example.org", "Ben Okafor", "020 7946 0958"].map((t) => segWith(r, t)?.locator.file_in_zip),
        ["picture 1.emf", "object 1", "picture 2.emf", "picture 3.wmf"],
      );
      assert.equal(r.segments.filter((s) => s.text.includes("536-22-8726")).length, 1, "the WMF copy beside the EMF is not read again");
      assert.equal(segWith(r, "PICTURE OF THE LETTER"), undefined, "an embedded object's picture is not read");
      assert.ok(!r.segments.some((s) => s.locator.file_in_zip === "picture 4.wmf"));
    });

    it("takes a Microsoft Graph chart object for no workbook: unsupported, the document around it complete", async () => {
      const chart = makeOleObject("Microsoft Graph Chart", "MSGraph.Chart.8", { Workbook: Buffer.from([0x09, 0x08, 0x10, 0, 0x80, 0x06, 0x20, 0]) });
      const r = await run(await withMembers(await makeDocx(["sales by quarter"]), { "word/embeddings/oleObject1.bin": chart }), "memo.docx");
      assert.deepEqual([r.status, r.reasons.map((x) => [x.code, x.message, x.file_in_zip])], ["complete", [["unsupported_type", "no text from application/x-ms-graph-chart", "word/embeddings/oleObject1.bin"]]]);
    });

    it("reads a document whose images or objects compress better than the archive ratio (a blank EMF at 130:1), a bomb-sized part still stopped", async () => {
      const r = await run(await withMembers(await makeDocx(["SSN 536-22-8726"]), { "word/media/image1.emf": makeEmf([], { padTo: 2_000_000 }) }), "memo.docx");
      assert.deepEqual([r.status, r.reasons, !!segWith(r, "536-22-8726")], ["complete", [], true]);
    });

    it("stops a document embedding a document embedding … at the depth limit", async () => {
      let doc = await makeDocx(["the innermost, SSN 536-22-8726"]);
      for (let i = 0; i < 12; i++) doc = await withMembers(await makeDocx([`level ${i}`]), { "word/embeddings/Microsoft_Word_Document.docx": doc });
      const r = await run(doc, "nested.docx");
      assert.deepEqual([r.status, codes(r), !!segWith(r, "level 11"), !!segWith(r, "536-22-8726")], ["partial", ["limit_depth"], true, false]);
    });

    it("ends a package cut short corrupt: the object alone failed, the document around it partial with its text", async () => {
      const cut = CFB.utils.cfb_new();
      CFB.utils.cfb_add(cut, "/\u0001Ole10Native", oleNative("clients.csv", csv, 10));
      const alone = await run(Buffer.from(CFB.write(cut, { type: "buffer" }) as Uint8Array), "oleObject1.bin");
      assert.deepEqual([alone.detected_type, alone.status, codes(alone)], ["application/x-ole-package", "failed", ["corrupt"]]);
      assert.match(alone.reasons[0]!.message, /packaged file's \d+ bytes run past the stream's end/);
      const doc = await run(withStreams(makeDoc({ paragraphs: ["see the list"] }), { "/ObjectPool/_1/\u0001Ole10Native": oleNative("clients.csv", csv, 10) }), "memo.doc");
      assert.deepEqual([doc.status, codes(doc), doc.segments.map((s) => s.text)], ["partial", ["corrupt"], ["see the list\n"]]);
      assert.match(doc.reasons[0]!.message, /^embedded object ObjectPool\/_1: /);
    });
  });
});
