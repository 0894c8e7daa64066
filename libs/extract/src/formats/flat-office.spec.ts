import assert from "node:assert/strict";
import { makeDocx } from "../test-util/office.ts";
import { flatOpcOf, makeWordml2003 } from "../test-util/flat-office.ts";
import { makeEmf } from "../test-util/metafile.ts";
import { allText, codes, run, segWith } from "../test-util/run.ts";

describe("extract: Office documents saved as one XML file", () => {
  it("reads a flat OPC (Word XML) as the DOCX it packs: its text, not its markup's attribute values", async () => {
    const flat = await flatOpcOf(await makeDocx(["Staff review: Jane Roe", "SSN 536-22-1234"], [], { title: "Review 2024" }));
    const r = await run(flat, "review.xml");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/vnd.ms-word2006ml", "complete", []]);
    assert.ok(segWith(r, "Staff review: Jane Roe") && segWith(r, "536-22-1234"), allText(r));
    assert.equal(segWith(r, "536-22-1234")?.locator.file_in_zip, null, "the same file, not a member");
    assert.ok(!/schemas\.openxmlformats|wordprocessingml/.test(allText(r)), allText(r));
  });

  it("reads a Word 2003 XML document's runs, deletion, header, properties and metafiles; not its styles, fonts or pictures' base64", async () => {
    const xml = makeWordml2003({
      paragraphs: ["Patient: Zoë Müller", "Phone\t+49 30 901820"],
      deleted: "old SSN 536-22-8726",
      title: "Intake form",
      custom: { Department: "Cardiology" },
      emf: makeEmf([{ text: "Ward 7 roster", box: [0, 0, 90, 10] }]),
    });
    const r = await run(xml, "intake.xml");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/vnd.ms-wordml", "complete", []]);
    assert.deepEqual(r.segments.map((s) => [s.locator.part, s.locator.file_in_zip, s.text]), [
      [null, null, "Patient: Zoë Müller\nPhone\t+49 30 901820\n\nConfidential: HR"],
      ["deleted text", null, "old SSN 536-22-8726"],
      ["property:title", null, "Intake form"],
      ["property:Department", null, "Cardiology"],
      [null, "03000001.emf", "Ward 7 roster"],
    ]);
  });

  it("fails a flat OPC whose part never ends (corrupt), and one without an Office main part", async () => {
    const cut = (await flatOpcOf(await makeDocx(["Jane Roe"]))).replace(/<\/pkg:part><\/pkg:package>$/, "");
    assert.deepEqual(codes(await run(cut, "cut.xml")), ["corrupt"]);
    const none = `<?xml version="1.0"?><pkg:package xmlns:pkg="http://schemas.microsoft.com/office/2006/xmlPackage"><pkg:part pkg:name="/a.xml" pkg:contentType="application/xml"><pkg:xmlData><a>Jane Roe</a></pkg:xmlData></pkg:part></pkg:package>`;
    assert.deepEqual(codes(await run(none, "none.xml")), ["corrupt"]);
  });
});
