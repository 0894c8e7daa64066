import assert from "node:assert/strict";
import iconv from "iconv-lite";
import { makePdf, withMembers } from "../test-util/fixtures.ts";
import { makeDocx } from "../test-util/office.ts";
import { makeEmf, makeWmf } from "../test-util/metafile.ts";
import { allText, codes, run, segWith } from "../test-util/run.ts";

describe("extract: Windows metafiles (EMF, EMF+, WMF)", () => {
  it("reads an EMF's text records as lines: runs on one line joined, touching runs without a blank", async () => {
    const emf = makeEmf([
      { text: "Salaries 2024", box: [100, 50, 600, 90] },
      { text: "Jane Roe", box: [100, 200, 300, 240] },
      { text: "536-22", box: [320, 200, 400, 240] }, // the same line, apart: a blank
      { text: "-", box: [401, 200, 410, 240] }, // touching: none
      { text: "1234", box: [411, 200, 480, 240] },
      { text: "jane.roe@example.org", x: 100, y: 300 }, // no box: the reference point
      { text: "Zoë Müller", ansi: true, x: 100, y: 400 },
      { text: "+49 30 901820", small: true, x: 300, y: 400 },
    ]);
    const r = await run(emf, "chart.emf");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["image/emf", "complete", []]);
    assert.equal(allText(r), "Salaries 2024\nJane Roe 536-22-1234\njane.roe@example.org\nZoë Müller +49 30 901820");
  });

  it("reads an EMF+ picture's strings when it has no EMF text, and not twice when it has", async () => {
    assert.equal(allText(await run(makeEmf([], { plus: ["Patient: Jane Roe"] }), "plus.emf")), "Patient: Jane Roe");
    assert.equal(allText(await run(makeEmf([{ text: "Patient: Jane Roe", box: [0, 0, 90, 10] }], { plus: ["Patient: Jane Roe"] }), "dual.emf")), "Patient: Jane Roe");
  });

  it("reads an EMF that carries the PDF it draws (Office for the Mac) as that PDF, a member `drawing.pdf`, not its drawing too", async () => {
    const pdf = Buffer.from(await makePdf(["Ward 7 roster: Jane Roe"]));
    const r = await run(makeEmf([{ text: "Ward 7 roster", box: [0, 0, 90, 10] }], { pdf }), "picture 1.emf");
    assert.deepEqual([r.status, codes(r)], ["complete", []]);
    assert.deepEqual([segWith(r, "Jane Roe")?.locator.file_in_zip, segWith(r, "Jane Roe")?.locator.page], ["drawing.pdf", 1]);
    assert.equal(r.segments.filter((s) => s.locator.file_in_zip === null).length, 0, "the drawing is not read besides");
  });

  it("reads a WMF's text in its font's code page, with or without a placeable header", async () => {
    const wmf = makeWmf(
      [
        { bytes: Buffer.from("Jane"), x: 10, y: 20, dx: [8, 8, 8, 8] },
        { bytes: Buffer.from("Roe"), x: 42, y: 20 }, // starts where "Jane" ends
        { bytes: iconv.encode("Москва", "cp1251"), x: 10, y: 40, plain: true },
      ],
      { placeable: true, charset: 204 },
    );
    const r = await run(wmf, "label.wmf");
    assert.deepEqual([r.detected_type, r.status, allText(r)], ["image/wmf", "complete", "JaneRoe\nМосква"]);
    const bare = await run(makeWmf([{ bytes: Buffer.from("SSN 536-22-1234"), x: 0, y: 0 }]), "x.wmf");
    assert.deepEqual([bare.detected_type, allText(bare)], ["image/wmf", "SSN 536-22-1234"]);
  });

  it("reads a DOCX's metafiles as members (an embedded file's icon and name), a blank one quietly", async () => {
    const docx = await withMembers(await makeDocx(["see the attached list"]), {
      "word/media/image1.emf": makeEmf([{ text: "staff salaries.xlsx", box: [0, 60, 120, 75] }]),
      "word/media/image2.emf": makeEmf([], { padTo: 2_000_000 }),
    });
    const r = await run(docx, "memo.docx");
    assert.deepEqual([r.status, codes(r), segWith(r, "staff salaries.xlsx")?.locator.file_in_zip], ["complete", [], "word/media/image1.emf"]);
  });

  it("stops at a damaged record and keeps what came before", async () => {
    const emf = makeEmf([{ text: "Jane Roe", box: [0, 0, 50, 10] }, { text: "lost", box: [0, 20, 50, 30] }]);
    const cut = emf.subarray(0, emf.length - 30);
    const r = await run(cut, "cut.emf");
    assert.deepEqual([r.status, allText(r)], ["complete", "Jane Roe"]);
  });
});
