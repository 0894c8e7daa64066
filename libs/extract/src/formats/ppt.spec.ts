import assert from "node:assert/strict";
import CFB from "cfb";
import { makeOlePackage, makeWorkbook } from "../test-util/office.ts";
import { makeEmf, makeWmf } from "../test-util/metafile.ts";
import { metafileBlip, pngBlip } from "../test-util/office-art.ts";
import { codes, run, segWith } from "../test-util/run.ts";
import { makePpt } from "../test-util/ppt.ts";
import { pptTexts } from "./ppt.ts";

describe("extract: legacy PowerPoint (.ppt)", () => {
  it("reads the slides' text boxes with their slide numbers, notes on the slide they name and comments, and the masters' text boxes and footers, not their prompts", async () => {
    const ppt = makePpt({
      slides: [["Staff review 2024", "Jane Roe, SSN 536-22-1234"], ["Zoë Müller: +49 30 901820"]],
      notes: [undefined, "Ask Müller about the bonus"],
      notesFooter: "HR only: Ben Okafor",
      comment: ["Ben Okafor", "Check Jane's salary figure"],
      masterText: "Prepared by Tiara Gislason, HR",
    });
    const r = await run(ppt, "review.ppt");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/vnd.ms-powerpoint", "complete", []]);
    assert.deepEqual(r.segments.map((s) => [s.locator.slide, s.locator.part, s.text]), [
      [null, "master", "Prepared by Tiara Gislason, HR"],
      [1, null, "Staff review 2024"],
      [1, null, "Jane Roe, SSN 536-22-1234"],
      [1, "comment", "Ben Okafor"],
      [1, "comment", "Check Jane's salary figure"],
      [2, null, "Zoë Müller: +49 30 901820"],
      [null, "master", "HR only: Ben Okafor"],
      [2, "note", "Ask Müller about the bonus"],
    ]);
  });

  it("reads embedded objects (ExOleObjStg, compressed or not) as members `object 1`, …: a file inserted as an object, a workbook", async () => {
    const objects = [makeOlePackage("clients.csv", "name,ssn\nTiara Gislason,536-22-8726\n"), makeWorkbook({ Staff: [["email"], ["jane.roe@example.org"]] }, "xls")];
    for (const [plainObjects, noChecksum] of [[false, false], [true, false], [false, true]]) {
      const r = await run(makePpt({ slides: [["see the attached list"]], objects, plainObjects, noChecksum }), "deck.ppt");
      assert.deepEqual([r.status, codes(r)], ["complete", []]);
      assert.deepEqual([segWith(r, "536-22-8726")?.locator.file_in_zip, segWith(r, "jane.roe@example.org")?.locator.file_in_zip], ["object 1!/clients.csv", "object 2"]);
    }
    // (a storage that claims more than the limits leave is not inflated)
    const big = await run(makePpt({ slides: [["x"]], objects: [Buffer.alloc(200_000)] }), "deck.ppt", undefined, { maxRatio: 10 });
    assert.deepEqual([big.status, codes(big)], ["partial", ["limit_ratio"]]);
  });

  it("reads the metafile pictures of its Pictures stream (a Graph chart's labels) as members `picture 1.emf`, …", async () => {
    const c = CFB.read(makePpt({ slides: [["Q3 by region"]] }), { type: "buffer" });
    CFB.utils.cfb_add(c, "/Pictures", Buffer.concat([metafileBlip("emf", makeEmf([{ text: "North: Jane Roe" }]), true), pngBlip(), metafileBlip("wmf", makeWmf([{ bytes: Buffer.from("West: Ben Okafor"), x: 0, y: 0 }]), false)]));
    const r = await run(Buffer.from(CFB.write(c, { type: "buffer" }) as Uint8Array), "q3.ppt");
    assert.deepEqual([r.status, codes(r)], ["complete", []]);
    assert.deepEqual([segWith(r, "Jane Roe")?.locator.file_in_zip, segWith(r, "Ben Okafor")?.locator.file_in_zip], ["picture 1.emf", "picture 2.wmf"]);
  });

  it("reads PowerPoint 97's slide list, where the text sits in the document rather than the slides", async () => {
    const r = await run(makePpt({ slides: [[], []], listed: ["First slide title", "Second: jane.roe@example.org"] }), "old.pps");
    assert.deepEqual(r.segments.map((s) => [s.locator.slide, s.text]), [[1, "First slide title"], [2, "Second: jane.roe@example.org"]]);
  });

  it("walks a hostile stream of 200,000 nested containers around 5,000 text atoms in linear time", () => {
    const depth = 200_000;
    const atoms = Buffer.alloc(5000 * 10);
    for (let at = 0; at < atoms.length; at += 10) {
      atoms.writeUInt16LE(0x0fa0, at + 2);
      atoms.writeUInt32LE(2, at + 4);
      atoms.write("x", at + 8, "utf16le");
    }
    const nested = Buffer.concat([Buffer.alloc(8 * depth), atoms]);
    for (let i = 0; i < depth; i++) {
      nested.writeUInt16LE(0xf, i * 8);
      nested.writeUInt16LE(0x03ee, i * 8 + 2);
      nested.writeUInt32LE(nested.length - i * 8 - 8, i * 8 + 4);
    }
    const t0 = Date.now();
    assert.deepEqual(pptTexts(nested), [], "nothing below the nesting limit is read");
    assert.ok(Date.now() - t0 < 2000, `${Date.now() - t0} ms`);
  });

  it("an encrypted presentation is partial with reason encrypted", async () => {
    const r = await run(makePpt({ slides: [["secret"]], encrypted: true }), "locked.ppt");
    assert.deepEqual([r.status, codes(r), r.segments.length], ["partial", ["encrypted"], 0]);
  });
});
