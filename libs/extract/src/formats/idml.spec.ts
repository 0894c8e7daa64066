import assert from "node:assert/strict";
import { makeZip } from "../test-util/fixtures.ts";
import { codes, run } from "../test-util/run.ts";

/** An IDML package as InDesign writes one (IDML 1.4): its map, resources, a spread's frames, and stories. */
async function makeIdml(stories: Record<string, string[][]>): Promise<Buffer> {
  const story = (id: string, paragraphs: string[][]) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><idPkg:Story xmlns:idPkg="http://ns.adobe.com/AdobeInDesign/idml/1.0/packaging" DOMVersion="14.0"><Story Self="${id}" AppliedTOCStyle="n" TrackChanges="false" StoryTitle="$ID/"><StoryPreference OpticalMarginAlignment="false" OpticalMarginSize="12" FrameType="TextFrameType"/>${paragraphs
      .map((lines) => `<ParagraphStyleRange AppliedParagraphStyle="ParagraphStyle/$ID/NormalParagraphStyle"><CharacterStyleRange AppliedCharacterStyle="CharacterStyle/$ID/[No character style]" PointSize="12">${lines.map((l) => `<Content>${l}</Content>`).join("<Br />")}</CharacterStyleRange></ParagraphStyleRange>`)
      .join("")}</Story></idPkg:Story>`;
  return makeZip({
    mimetype: "application/vnd.adobe.indesign-idml-package",
    "designmap.xml": `<?xml version="1.0" encoding="UTF-8"?><Document DOMVersion="14.0" Self="d" StoryList="${Object.keys(stories).join(" ")}" Name="brochure"><idPkg:Spread src="Spreads/Spread_ue0.xml"/></Document>`,
    "Resources/Fonts.xml": '<idPkg:Fonts><FontFamily Self="di39" Name="Minion Pro"><Font Self="di39FontnMinion Pro Regular" FontFamily="Minion Pro" PostScriptName="MinionPro-Regular" Status="Installed"/></FontFamily></idPkg:Fonts>',
    "Spreads/Spread_ue0.xml": '<idPkg:Spread><Spread Self="ue0" PageCount="1"><TextFrame Self="uf1" ParentStory="u1" ItemTransform="1 0 0 1 415.2755905511811 -239.5275590551181"><PathPointArray><PathPointType Anchor="-379.2755905511811 -203.52755905511813"/></PathPointArray></TextFrame></Spread></idPkg:Spread>',
    ...Object.fromEntries(Object.entries(stories).map(([id, paragraphs]) => [`Stories/Story_${id}.xml`, story(id, paragraphs)])),
  });
}

describe("extract: InDesign Markup (IDML)", () => {
  it("reads the stories' text, a line break and each paragraph a line end; not the fonts, swatches or frame geometry", async () => {
    const r = await run(await makeIdml({ u1: [["Contact: Jane Roe", "Phone 020 7946 0958"], ["Fees &amp; charges"]], u2: [["Back cover"]] }), "brochure.idml");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/vnd.adobe.indesign-idml-package", "complete", []]);
    assert.deepEqual(r.segments.map((s) => s.text), ["Contact: Jane Roe\nPhone 020 7946 0958\nFees & charges", "Back cover"]);
  });
});
