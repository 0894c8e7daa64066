import assert from "node:assert/strict";
import { makeEmf } from "../test-util/metafile.ts";
import { withMembers } from "../test-util/fixtures.ts";
import { allText, codes, run, segWith } from "../test-util/run.ts";
import { makeVsdx } from "../test-util/visio.ts";

describe("extract: Visio drawings (VSDX and its kin)", () => {
  it("reads the pages' shape text in the pages' order, each shape's data under its label, comments and properties; no cell values, formulas or theme numbers", async () => {
    const vsdx = await makeVsdx(
      [
        [{ text: "Org chart 2024" }, { text: "Jane Roe\nHead of HR", data: [["Name", "Jane Roe"], ["Telephone", "+49 30 901820"], ["E-mail", "jane.roe@example.org"]] }],
        [{ text: "Server room" }, { data: [["IP address", "10.20.30.40"]] }],
      ],
      { comments: [["Ben Okafor", "Is Jane's number current?"]], title: "Staff chart", custom: { Department: "Human Resources" } },
    );
    const r = await run(vsdx, "org.vsdx");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/vnd.visio", "complete", []]);
    assert.deepEqual(r.segments.map((s) => [s.locator.page, s.locator.part, s.text]), [
      // (pages.xml lists page 2 first)
      [1, null, "Server room"],
      [1, "property:IP address", "10.20.30.40"],
      [2, null, "Org chart 2024\nJane Roe\nHead of HR"],
      [2, "property:Name", "Jane Roe"],
      [2, "property:Telephone", "+49 30 901820"],
      [2, "property:E-mail", "jane.roe@example.org"],
      [null, "comment", "Ben Okafor\nIs Jane's number current?"],
      [null, "property:title", "Staff chart"],
      [null, "property:Department", "Human Resources"],
    ]);
    assert.ok(!/75000|48000|GUARD|5B9BD5|1006703189/.test(allText(r)), allText(r));
  });

  it("reads a stencil's masters when it has no page, and a drawing's embedded files and metafiles as members", async () => {
    const stencil = await run(await makeVsdx([], { masters: [[{ text: "Employee: Golden Hessel" }]] }), "people.vssx");
    assert.deepEqual([stencil.status, segWith(stencil, "Golden Hessel")?.locator.part], ["complete", "master"]);
    const withObject = await withMembers(await makeVsdx([[{ text: "see the icon" }]]), { "visio/media/image1.emf": makeEmf([{ text: "salaries 2024.xlsx", box: [0, 0, 90, 10] }]) });
    const r = await run(withObject, "net.vsdx");
    assert.equal(segWith(r, "salaries 2024.xlsx")?.locator.file_in_zip, "visio/media/image1.emf");
  });
});
