import assert from "node:assert/strict";
import CFB from "cfb";
import { codes, run } from "../test-util/run.ts";
import { makeOdsWith, makePdfWithHidden, makeWorkbookWith, odsAnnotation } from "../test-util/hidden-parts.ts";
import { withMembers } from "../test-util/fixtures.ts";
import { makeDocx, makeOdp, makeOdt, makePptx, makeWorkbook } from "../test-util/office.ts";
import { makeDoc } from "../test-util/worddoc.ts";
import { hyperlinkFieldTargets } from "./docx-extras.ts";
import { rtfAltTexts } from "./rtf-text.ts";
import { odsAnnotations } from "./workbook-parts.ts";

const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const DRAWING_NS = 'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:v="urn:schemas-microsoft-com:vml"';
/** A DOCX's main part of `body` (paragraphs' XML). */
const documentXml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}" ${DRAWING_NS}><w:body>${body}</w:body></w:document>`;
const para = (t: string) => `<w:p><w:r><w:t xml:space="preserve">${t}</w:t></w:r></w:p>`;
/** A picture in a paragraph, as Word writes one inline, with its alternative text (description and title). */
const inlinePicture = (descr: string, title = "") => `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1" descr="${descr}"${title ? ` title="${title}"` : ""}/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"/></a:graphic></wp:inline></w:drawing></w:r></w:p>`;

/** A segment's locator without its empty fields, and its text. */
const seg = (s: { text: string; locator: object }) => ({ text: s.text, ...Object.fromEntries(Object.entries(s.locator).filter(([, v]) => v !== null)) });

describe("extract: personal data in the less visible parts of documents", () => {
  describe("XLSX outside its cells (workbook-parts.ts)", () => {
    it("reads a pivot cache, the copy of its source data a pivot table keeps (shared items and records), each value under its field; not what the cells show", async () => {
      const xlsx = await makeWorkbookWith(
        { A1: "Department", B1: "Headcount", A2: "Payroll", B2: "2" },
        {
          pivot: {
            fields: [{ name: "Employee", shared: ["Jane Roe", "John Smith"] }, { name: "SSN" }, { name: "Department", shared: ["Payroll"] }],
            records: [
              [{ x: 0 }, "123-45-6789", { x: 0 }],
              [{ x: 1 }, 987654321, { x: 0 }],
            ],
          },
        },
      );
      const r = await run(xlsx, "summary.xlsx");
      assert.equal(r.status, "complete");
      const pivot = r.segments.filter((s) => s.locator.part === "pivot cache").map(seg);
      assert.deepEqual(pivot, [
        { text: "Jane Roe", column: "Employee", part: "pivot cache" },
        { text: "John Smith", column: "Employee", part: "pivot cache" },
        { text: "123-45-6789", row: 1, column: "SSN", part: "pivot cache" },
        { text: "987654321", row: 2, column: "SSN", part: "pivot cache" },
      ]);
    });

    it("bounds a pivot cache of 200,000 records by the segment limit, quickly", async () => {
      const records = Array.from({ length: 200_000 }, (_, i) => [`Person ${i}`, 100_000_000 + i]);
      const xlsx = await makeWorkbookWith({ A1: "x" }, { pivot: { fields: [{ name: "Name" }, { name: "SSN" }], records } });
      const t0 = Date.now();
      const r = await run(xlsx, "bomb.xlsx", "application/octet-stream", { maxSegments: 1000 });
      assert.ok(Date.now() - t0 < 5000, `${Date.now() - t0} ms`);
      assert.equal(r.status, "partial");
      assert.ok(codes(r).includes("limit_segments"), codes(r).join());
      assert.equal(r.segments.length, 1000);
    });

    it("reads an external link's cached values and the other workbook's path, a defined name's string constant, a data validation's list and prompt", async () => {
      const xlsx = await makeWorkbookWith(
        { A1: "Approver", A2: "Salary" },
        {
          external: { path: "file:///C:/Users/jroe/HR/Salaries%202026.xlsx", cells: { B7: "Maria Garcia", C7: "DE89370400440532013000" } },
          names: { Approver: '"Jane Roe"', Print_Range: "Data!$A$1:$B$2", _xlnm_x: "0" },
          validation: { list: ["Jane Roe", "John Smith"], prompt: "Pick the manager (ext. 4471)" },
        },
      );
      const r = await run(xlsx, "links.xlsx");
      assert.equal(r.status, "complete");
      const of = (part: string) => r.segments.filter((s) => s.locator.part === part).map(seg);
      assert.deepEqual(of("external link"), [
        { text: "file:///C:/Users/jroe/HR/Salaries 2026.xlsx", part: "external link" },
        { text: "Maria Garcia", cell: "B7", part: "external link" },
        { text: "DE89370400440532013000", cell: "C7", part: "external link" },
      ]);
      assert.deepEqual(of("defined name"), [{ text: "Jane Roe", column: "Approver", part: "defined name" }]);
      assert.deepEqual(of("data validation"), [{ text: "Pick the manager (ext. 4471)\nJane Roe\nJohn Smith", sheet: "Data", part: "data validation" }]);
    });
  });

  describe("alternative text of pictures and shapes (alt-text.ts)", () => {
    it("reads a DOCX picture's description and title and a VML shape's alt, `part: alt text`, not the shape's name", async () => {
      const body = para("Staff directory") + inlinePicture("Badge photo of Jane Roe, employee 40123", "Jane Roe") + `<w:p><w:r><w:pict><v:shape id="s1" alt="Signature of John Smith"/></w:pict></w:r></w:p>`;
      const docx = await withMembers(await makeDocx(["Staff directory"]), { "word/document.xml": documentXml(body) });
      const r = await run(docx, "directory.docx");
      assert.equal(r.status, "complete");
      assert.deepEqual(r.segments.filter((s) => s.locator.part === "alt text").map(seg), [{ text: "Badge photo of Jane Roe, employee 40123\nJane Roe\nSignature of John Smith", part: "alt text" }]);
      assert.ok(!r.segments.some((s) => s.text.includes("Picture 1")));
    });

    it("reads a PPTX picture's alt text at its slide, in the deck's order", async () => {
      const P = "http://schemas.openxmlformats.org/presentationml/2006/main";
      const slide = `<?xml version="1.0" encoding="UTF-8"?><p:sld xmlns:p="${P}" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><p:cSld><p:spTree><p:pic><p:nvPicPr><p:cNvPr id="3" name="Picture 2" descr="Photo: Maria Garcia, new head of payroll"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill/><p:spPr/></p:pic></p:spTree></p:cSld></p:sld>`;
      const pptx = await withMembers(await makePptx(["Welcome", "Team"]), { "ppt/slides/slide2.xml": slide });
      const r = await run(pptx, "team.pptx");
      assert.deepEqual(r.segments.filter((s) => s.locator.part === "alt text").map(seg), [{ text: "Photo: Maria Garcia, new head of payroll", slide: 2, part: "alt text" }]);
    });

    it("reads the alt text of a picture on a workbook's sheet, at its sheet", async () => {
      const r = await run(await makeWorkbookWith({ A1: "Name" }, { altText: "Scanned passport of Jane Roe" }), "staff.xlsx");
      assert.deepEqual(r.segments.filter((s) => s.locator.part === "alt text").map(seg), [{ text: "Scanned passport of Jane Roe", sheet: "Data", part: "alt text" }]);
    });
  });

  describe("PDF beyond its pages (pdf.ts)", () => {
    it("reads the XMP metadata's title, description and custom properties where the Info dictionary does not say them, not its creator", async () => {
      const pdf = await makePdfWithHidden("Annual review", { info: { title: "Annual review 2026" }, xmp: { title: "Annual review 2026", description: "Performance review of Jane Roe, employee 40123", creator: "Bertha Kuhn", custom: { EmployeeSSN: "536-22-8726" } } });
      const r = await run(pdf, "review.pdf");
      assert.equal(r.status, "complete");
      const props = r.segments.filter((s) => s.locator.part?.startsWith("property:")).map((s) => [s.locator.part, s.text]);
      assert.deepEqual(props, [["property:title", "Annual review 2026"], ["property:description", "Performance review of Jane Roe, employee 40123"], ["property:EmployeeSSN", "536-22-8726"]]);
      assert.ok(!r.segments.some((s) => s.text.includes("Bertha Kuhn")));
    });

    it("reads the outline's bookmarks, nested ones in order, `part: bookmark`", async () => {
      const pdf = await makePdfWithHidden("Case file", { bookmarks: [{ title: "Hearing of Jane Roe", children: [{ title: "Medical certificate (Dr. Okafor)" }] }, { title: "Appendix" }] });
      const r = await run(pdf, "case.pdf");
      assert.deepEqual(r.segments.filter((s) => s.locator.part === "bookmark").map(seg), [{ text: "Hearing of Jane Roe\nMedical certificate (Dr. Okafor)\nAppendix", part: "bookmark" }]);
    });

    it("reads a link's target the page's text does not show (a mailto:), on its page; not one it shows", async () => {
      const pdf = await makePdfWithHidden("Contact the case officer or see https://example.org/help", { links: ["mailto:jane.roe@example.com", "https://example.org/help"] });
      const r = await run(pdf, "letter.pdf");
      assert.deepEqual(r.segments.filter((s) => s.locator.part === "hyperlink").map(seg), [{ text: "mailto:jane.roe@example.com", page: 1, part: "hyperlink" }]);
    });
    it("reads a free-text comment that holds its text as rich text only (/RC, no /Contents)", async () => {
      const pdf = await makePdfWithHidden("Report", { richText: "Call Jane Roe on +1 206 342 8631" });
      const r = await run(pdf, "report.pdf");
      assert.deepEqual(r.segments.filter((s) => s.locator.part === "comment").map(seg), [{ text: "Reviewer\nCall Jane Roe on +1 206 342 8631", page: 1, part: "comment" }]);
    });
  });

  describe("DOCX parts officeparser does not read (docx-extras.ts)", () => {
    it("reads the glossary's building blocks, `part: glossary`", async () => {
      const glossary = `<?xml version="1.0" encoding="UTF-8"?><w:glossaryDocument xmlns:w="${W}"><w:docParts><w:docPart><w:docPartPr><w:name w:val="Signature"/></w:docPartPr><w:docPartBody>${para("Jane Roe, Head of Payroll")}${para("+49 30 1234567")}</w:docPartBody></w:docPart></w:docParts></w:glossaryDocument>`;
      const docx = await withMembers(await makeDocx(["Dear Sir or Madam,"]), { "word/glossary/document.xml": glossary });
      const r = await run(docx, "letter.docx");
      assert.deepEqual(r.segments.filter((s) => s.locator.part === "glossary").map(seg), [{ text: "Jane Roe, Head of Payroll\n+49 30 1234567", part: "glossary" }]);
    });

    it("reads document variables (settings.xml's w:docVars), each under its name, `part: document variable`", async () => {
      const settings = `<?xml version="1.0" encoding="UTF-8"?><w:settings xmlns:w="${W}"><w:zoom w:percent="100"/><w:docVars><w:docVar w:name="ClientName" w:val="Jane Roe"/><w:docVar w:name="ClientIBAN" w:val="DE89370400440532013000"/><w:docVar w:name="Empty" w:val=""/></w:docVars></w:settings>`;
      const docx = await withMembers(await makeDocx(["Contract"]), { "word/settings.xml": settings });
      const r = await run(docx, "contract.docx");
      assert.deepEqual(r.segments.filter((s) => s.locator.part === "document variable").map(seg), [
        { text: "Jane Roe", column: "ClientName", part: "document variable" },
        { text: "DE89370400440532013000", column: "ClientIBAN", part: "document variable" },
      ]);
    });

    it("reads custom XML data (a content control's store, SharePoint's properties) in a DOCX and an XLSX as members, not a schema item", async () => {
      const data = `<?xml version="1.0" encoding="UTF-8"?><p:properties xmlns:p="http://schemas.microsoft.com/office/2006/metadata/properties"><documentManagement><CaseOwner><UserInfo><DisplayName>Jane Roe</DisplayName></UserInfo></CaseOwner><EmployeeSSN>536-22-8726</EmployeeSSN></documentManagement></p:properties>`;
      const schema = `<?xml version="1.0" encoding="UTF-8"?><ct:contentTypeSchema xmlns:ct="http://schemas.microsoft.com/office/2006/metadata/contentType" ct:_="" ma:contentTypeName="Document"><xsd:element name="SchemaOnlyElement"/></ct:contentTypeSchema>`;
      const extra = { "customXml/item1.xml": data, "customXml/item2.xml": schema, "customXml/itemProps1.xml": `<?xml version="1.0"?><ds:datastoreItem ds:itemID="{X}" xmlns:ds="http://schemas.openxmlformats.org/officeDocument/2006/customXml"/>` };
      for (const [file, name] of [[await withMembers(await makeDocx(["Case notes"]), extra), "case.docx"], [await withMembers(await makeWorkbookWith({ A1: "x" }, {}), extra), "case.xlsx"]] as const) {
        const r = await run(file, name);
        assert.equal(r.status, "complete", name);
        const items = r.segments.filter((s) => s.locator.file_in_zip !== null);
        assert.ok(items.length > 0 && items.every((s) => s.locator.file_in_zip === "customXml/item1.xml"), name);
        assert.match(items.map((s) => s.text).join("\n"), /DisplayName: Jane Roe/, name);
        assert.match(items.map((s) => s.text).join("\n"), /EmployeeSSN: 536-22-8726/, name);
        assert.ok(!r.segments.some((s) => s.text.includes("SchemaOnlyElement")), name);
      }
    });
    it("reads a HYPERLINK field's target its result does not show (complex and simple fields), `part: hyperlink`; not one it shows", async () => {
      const run_ = (t: string) => `<w:r><w:t xml:space="preserve">${t}</w:t></w:r>`;
      const complex = (instr: string, result: string) => `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ${instr} </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${run_(result)}<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`;
      const body = para("Contact") + complex('HYPERLINK "mailto:jane.roe@example.com"', "the case officer") + complex('HYPERLINK "https://example.org/help"', "https://example.org/help") + `<w:p><w:fldSimple w:instr=" HYPERLINK &quot;tel:+4930123456&quot; ">${run_("call us")}</w:fldSimple></w:p>` + complex("MERGEFIELD Surname", "Roe");
      const docx = await withMembers(await makeDocx(["Contact"]), { "word/document.xml": documentXml(body) });
      const r = await run(docx, "letter.docx");
      assert.deepEqual(r.segments.filter((s) => s.locator.part === "hyperlink").map(seg), [{ text: "mailto:jane.roe@example.com\ntel:+4930123456", part: "hyperlink" }]);
    });
  });

  describe("RTF properties (rtf-text.ts)", () => {
    it("reads an RTF's info group (title, subject, keywords, comments) and user-defined properties, escapes decoded; not the author", async () => {
      const rtf = String.raw`{\rtf1\ansi\deff0{\fonttbl{\f0 Arial;}}{\info{\title Salary review J\'f6rg M\'fcller}{\subject pay}{\author Bertha Kuhn}{\operator Bertha Kuhn}{\keywords hr}{\doccomm SSN on file: 536-22-8726}}{\*\userprops {\propname EmployeeIBAN}\proptype30{\staticval DE89370400440532013000}}\f0\fs20 The letter.\par}`;
      const r = await run(Buffer.from(rtf, "latin1"), "review.rtf");
      assert.equal(r.status, "complete");
      const props = r.segments.filter((s) => s.locator.part?.startsWith("property:")).map((s) => [s.locator.part, s.text]);
      assert.deepEqual(props, [["property:title", "Salary review Jörg Müller"], ["property:subject", "pay"], ["property:keywords", "hr"], ["property:description", "SSN on file: 536-22-8726"], ["property:EmployeeIBAN", "DE89370400440532013000"]]);
      assert.ok(!r.segments.some((s) => s.text.includes("Bertha Kuhn")));
    });

    it("reads an RTF picture's alt text (its shape's wzDescription), `part: alt text`", async () => {
      const rtf = String.raw`{\rtf1\ansi\deff0{\fonttbl{\f0 Arial;}}\f0\fs20 Staff directory\par{\shp{\*\shpinst\shpleft0\shptop0{\sp{\sn shapeType}{\sv 75}}{\sp{\sn wzDescription}{\sv Badge photo of J\'f6rg M\'fcller, employee 40123}}{\sp{\sn fLine}{\sv 0}}}}\par}`;
      const r = await run(Buffer.from(rtf, "latin1"), "directory.rtf");
      assert.deepEqual(r.segments.filter((s) => s.locator.part === "alt text").map(seg), [{ text: "Badge photo of Jörg Müller, employee 40123", part: "alt text" }]);
    });
  });

  describe("ODS beyond SheetJS (workbook-parts.ts)", () => {
    it("reads a comment on an empty cell (SheetJS drops the cell) at its cell, rows and columns counted as repeated; a comment on a filled cell once; and user-defined properties", async () => {
      const cell = (t: string) => `<table:table-cell office:value-type="string"><text:p>${t}</text:p></table:table-cell>`;
      const tables =
        `<table:table table:name="Staff"><table:table-row>${cell("Name")}${cell("Salary")}</table:table-row>` +
        `<table:table-row table:number-rows-repeated="3"><table:table-cell table:number-columns-repeated="2"/></table:table-row>` +
        `<table:table-row><table:table-cell office:value-type="string"><text:p>Jane Roe</text:p>${odsAnnotation("Reviewer", "checked")}</table:table-cell><table:table-cell table:number-columns-repeated="2"/><table:table-cell>${odsAnnotation("Reviewer", "Jane Roe's salary: 81,000", "IBAN DE89370400440532013000")}</table:table-cell></table:table-row></table:table>`;
      const r = await run(await makeOdsWith(tables, { EmployeeSSN: "536-22-8726" }), "staff.ods");
      assert.equal(r.status, "complete");
      assert.deepEqual(r.segments.filter((s) => s.locator.part === "comment").map(seg), [
        { text: "checked", sheet: "Staff", cell: "A5", row: 5, part: "comment" },
        { text: "Jane Roe's salary: 81,000\nIBAN DE89370400440532013000", sheet: "Staff", cell: "D5", row: 5, part: "comment" },
      ]);
      assert.deepEqual(r.segments.filter((s) => s.locator.part === "property:EmployeeSSN").map((s) => s.text), ["536-22-8726"]);
    });
    it("reads an ODS's validation lists and messages and its named expressions' strings", async () => {
      const rules = `<table:content-validations><table:content-validation table:name="val1" table:condition="of:cell-content-is-in-list(&quot;Jane Roe&quot;;&quot;John Smith&quot;)"><table:help-message table:title="Manager"><text:p>Pick the manager (ext. 4471)</text:p></table:help-message></table:content-validation><table:content-validation table:name="val2" table:condition="of:cell-content-text-length()&lt;10"/></table:content-validations>`;
      const table = `<table:table table:name="Staff"><table:table-row><table:table-cell office:value-type="string"><text:p>Name</text:p></table:table-cell></table:table-row></table:table>`;
      const names = `<table:named-expressions><table:named-expression table:name="Approver" table:expression="of:=&quot;Maria Garcia&quot;"/><table:named-range table:name="R" table:base-cell-address="$Staff.$A$1" table:cell-range-address="$Staff.$A$1"/></table:named-expressions>`;
      const r = await run(await makeOdsWith(rules + table + names), "staff.ods");
      assert.equal(r.status, "complete");
      const of = (part: string) => r.segments.filter((s) => s.locator.part === part).map(seg);
      assert.deepEqual(of("data validation"), [{ text: "Jane Roe\nJohn Smith\nManager\nPick the manager (ext. 4471)", part: "data validation" }]);
      assert.deepEqual(of("defined name"), [{ text: "Maria Garcia", column: "Approver", part: "defined name" }]);
    });
  });

  describe("ODT and ODP: alternative and conditionally hidden text (alt-text.ts)", () => {
    const NS = `xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"`;
    const content = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${NS} office:version="1.2"><office:body>${body}</office:body></office:document-content>`;

    it("reads an ODT's hidden paragraph and hidden and conditional text (`part: hidden text`) and a picture's title and description (`part: alt text`)", async () => {
      const body = `<office:text><text:p>Offer letter</text:p><text:hidden-paragraph text:condition="ooow:ShowSalary == 0" text:is-hidden="true">Salary: 81,000 EUR for Jane Roe</text:hidden-paragraph><text:p><text:hidden-text text:condition="ooow:1" text:string-value="SSN 536-22-8726" text:is-hidden="true"/><text:conditional-text text:condition="ooow:Married" text:string-value-if-true="Spouse: John Roe" text:string-value-if-false="single" text:current-value="false">single</text:conditional-text></text:p><text:p><draw:frame draw:name="Image1"><draw:image/><svg:title>Jane Roe</svg:title><svg:desc>Passport scan, no. C01X00T47</svg:desc></draw:frame></text:p></office:text>`;
      const odt = await withMembers(await makeOdt(["x"]), { "content.xml": content(body) });
      const r = await run(odt, "offer.odt");
      assert.equal(r.status, "complete");
      assert.deepEqual(r.segments.filter((s) => s.locator.part === "hidden text" || s.locator.part === "alt text").map(seg), [
        { text: "Salary: 81,000 EUR for Jane Roe\nSSN 536-22-8726\nSpouse: John Roe\nsingle", part: "hidden text" },
        { text: "Jane Roe\nPassport scan, no. C01X00T47", part: "alt text" },
      ]);
    });

    it("reads an ODP picture's description at its slide", async () => {
      const body = `<office:presentation><draw:page draw:name="p1"><draw:frame><draw:text-box><text:p>Welcome</text:p></draw:text-box></draw:frame></draw:page><draw:page draw:name="p2"><draw:frame><draw:image/><svg:desc>Photo: Maria Garcia, new head of payroll</svg:desc></draw:frame></draw:page></office:presentation>`;
      const odp = await withMembers(await makeOdp(["x"]), { "content.xml": content(body) });
      const r = await run(odp, "team.odp");
      assert.deepEqual(r.segments.filter((s) => s.locator.part === "alt text").map(seg), [{ text: "Photo: Maria Garcia, new head of payroll", slide: 2, part: "alt text" }]);
    });
  });

  describe("legacy Word (ole-properties.ts)", () => {
    it("reads a DOC's user-defined properties (DocumentSummaryInformation's second section), as SheetJS writes them for XLS", async () => {
      // The DocumentSummaryInformation stream of an XLS written by SheetJS (another writer than ours), put into a DOC.
      const xls = CFB.read(makeWorkbook({ S: [["a"]] }, "xls", {}, { title: "Contract", custom: { ClientName: "Jörg Müller", ClientSSN: "536-22-8726" } }), { type: "buffer" });
      const doc = CFB.read(makeDoc({ paragraphs: ["The contract."] }), { type: "buffer" });
      CFB.utils.cfb_add(doc, "\u0005DocumentSummaryInformation", Buffer.from(CFB.find(xls, "\u0005DocumentSummaryInformation")!.content as Uint8Array));
      const r = await run(Buffer.from(CFB.write(doc, { type: "buffer" }) as Uint8Array), "contract.doc", "application/msword");
      assert.equal(r.status, "complete", JSON.stringify(r.reasons));
      const props = r.segments.filter((s) => s.locator.part?.startsWith("property:")).map((s) => [s.locator.part, s.text]);
      assert.deepEqual(props, [["property:ClientName", "Jörg Müller"], ["property:ClientSSN", "536-22-8726"]]);
    });
  });

  describe("hostile counts in the parts read here", () => {
    it("reads 10,000 unclosed RTF alt texts, 20,000 nested DOCX fields and an ODS annotation of 100,000 paragraphs in linear time", () => {
      let t0 = Date.now();
      const unclosed = String.raw`{\sp{\sn wzDescription}{\sv x`.repeat(10_000) + "x".repeat(100_000);
      assert.deepEqual(rtfAltTexts(unclosed), []);
      assert.ok(Date.now() - t0 < 1000, `RTF: ${Date.now() - t0} ms`);
      t0 = Date.now();
      const field = `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> HYPERLINK "mailto:jane.roe@example.com" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>x</w:t></w:r>`;
      const nested = `<w:p>${field.repeat(20_000)}${`<w:r><w:fldChar w:fldCharType="end"/></w:r>`.repeat(20_000)}</w:p>`;
      assert.deepEqual(hyperlinkFieldTargets(nested), ["mailto:jane.roe@example.com"]);
      assert.ok(Date.now() - t0 < 3000, `fields: ${Date.now() - t0} ms`);
      t0 = Date.now();
      const annotation = `<table:table table:name="S"><table:table-row><table:table-cell>${odsAnnotation("a", ...Array.from({ length: 100_000 }, (_, i) => `p${i}`))}</table:table-cell></table:table-row></table:table>`;
      assert.equal(odsAnnotations(annotation)[0]!.text.split("\n").length, 100_000);
      assert.ok(Date.now() - t0 < 3000, `ODS: ${Date.now() - t0} ms`);
    });
  });
});
