/**
 * Office packages with data in their less visible parts (pivot caches, external links, alt text,
 * glossaries, …), written part by part by the tests themselves: the smallest XML each part needs.
 */
import { makeZip } from "./fixtures.ts";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const CT = "http://schemas.openxmlformats.org/package/2006/content-types";
const REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const S = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const SML = "application/vnd.openxmlformats-officedocument.spreadsheetml";
const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${body}`;
const rels = (list: Array<[id: string, type: string, target: string, external?: boolean]>) =>
  xml(`<Relationships xmlns="${REL}">${list.map(([id, type, target, external]) => `<Relationship Id="${id}" Type="${type}" Target="${esc(target)}"${external ? ' TargetMode="External"' : ""}/>`).join("")}</Relationships>`);

/** What an XLSX keeps outside its one sheet's cells. */
export interface WorkbookExtras {
  /** A pivot cache: its fields, each field's shared items (strings), and records of inline values (strings; numbers as numbers). */
  pivot?: { fields: Array<{ name: string; shared?: string[] }>; records?: Array<Array<string | number | { x: number }>> };
  /** An external link: the other workbook's path and cached cells (ref → text). */
  external?: { path: string; cells: Record<string, string> };
  /** Defined names: name → formula as written (`"Jane Roe"`, `Sheet1!$A$1`). */
  names?: Record<string, string>;
  /** A data validation list typed into its rule, and its prompt. */
  validation?: { list: string[]; prompt?: string };
  /** Alt text of a picture drawn on the sheet. */
  altText?: string;
}

/**
 * An XLSX of one sheet ("Data") whose cells are `cells` (ref → text, inline strings) and whatever
 * `extras` asks for, each part as Excel writes it.
 */
export function makeWorkbookWith(cells: Record<string, string>, extras: WorkbookExtras): Promise<Buffer> {
  const types: string[] = [`<Override PartName="/xl/workbook.xml" ContentType="${SML}.sheet.main+xml"/>`, `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${SML}.worksheet+xml"/>`];
  const wbRels: Array<[string, string, string, boolean?]> = [["rId1", `${R}/worksheet`, "worksheets/sheet1.xml"]];
  const files: Record<string, string> = {};
  let wbExtra = "";
  const { pivot, external } = extras;
  if (pivot) {
    types.push(`<Override PartName="/xl/pivotCache/pivotCacheDefinition1.xml" ContentType="${SML}.pivotCacheDefinition+xml"/>`, `<Override PartName="/xl/pivotCache/pivotCacheRecords1.xml" ContentType="${SML}.pivotCacheRecords+xml"/>`);
    wbRels.push(["rIdPivot", `${R}/pivotCacheDefinition`, "pivotCache/pivotCacheDefinition1.xml"]);
    wbExtra += `<pivotCaches><pivotCache cacheId="1" r:id="rIdPivot"/></pivotCaches>`;
    const field = (f: { name: string; shared?: string[] }) => `<cacheField name="${esc(f.name)}" numFmtId="0"><sharedItems${f.shared ? ` count="${f.shared.length}">${f.shared.map((s) => `<s v="${esc(s)}"/>`).join("")}</sharedItems>` : ' containsNonDate="0" containsString="0"/>'}</cacheField>`;
    const records = pivot.records ?? [];
    files["xl/pivotCache/pivotCacheDefinition1.xml"] = xml(`<pivotCacheDefinition xmlns="${S}" xmlns:r="${R}" r:id="rId1" refreshOnLoad="1" recordCount="${records.length}"><cacheSource type="worksheet"><worksheetSource ref="A1:C${records.length + 1}" sheet="Source"/></cacheSource><cacheFields count="${pivot.fields.length}">${pivot.fields.map(field).join("")}</cacheFields></pivotCacheDefinition>`);
    files["xl/pivotCache/_rels/pivotCacheDefinition1.xml.rels"] = rels([["rId1", `${R}/pivotCacheRecords`, "pivotCacheRecords1.xml"]]);
    const value = (v: string | number | { x: number }) => (typeof v === "string" ? `<s v="${esc(v)}"/>` : typeof v === "number" ? `<n v="${v}"/>` : `<x v="${v.x}"/>`);
    files["xl/pivotCache/pivotCacheRecords1.xml"] = xml(`<pivotCacheRecords xmlns="${S}" count="${records.length}">${records.map((r) => `<r>${r.map(value).join("")}</r>`).join("")}</pivotCacheRecords>`);
  }
  if (external) {
    types.push(`<Override PartName="/xl/externalLinks/externalLink1.xml" ContentType="${SML}.externalLink+xml"/>`);
    wbRels.push(["rIdExt", `${R}/externalLink`, "externalLinks/externalLink1.xml"]);
    wbExtra += `<externalReferences><externalReference r:id="rIdExt"/></externalReferences>`;
    files["xl/externalLinks/externalLink1.xml"] = xml(`<externalLink xmlns="${S}" xmlns:r="${R}"><externalBook r:id="rId1"><sheetNames><sheetName val="Staff"/></sheetNames><sheetDataSet><sheetData sheetId="0">${Object.entries(external.cells).map(([ref, t]) => `<row r="${ref.replace(/^[A-Z]+/, "")}"><cell r="${ref}" t="str"><v>${esc(t)}</v></cell></row>`).join("")}</sheetData></sheetDataSet></externalBook></externalLink>`);
    files["xl/externalLinks/_rels/externalLink1.xml.rels"] = rels([["rId1", `${R}/externalLinkPath`, external.path, true]]);
  }
  const names = Object.entries(extras.names ?? {});
  const definedNames = names.length ? `<definedNames>${names.map(([n, f]) => `<definedName name="${esc(n)}">${esc(f)}</definedName>`).join("")}</definedNames>` : "";
  const v = extras.validation;
  const validations = v ? `<dataValidations count="1"><dataValidation type="list" allowBlank="1" showInputMessage="1" sqref="B2"${v.prompt ? ` prompt="${esc(v.prompt)}"` : ""}><formula1>${esc(`"${v.list.join(",")}"`)}</formula1></dataValidation></dataValidations>` : "";
  let drawing = "";
  if (extras.altText !== undefined) {
    types.push(`<Override PartName="/xl/drawings/drawing1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/>`);
    files["xl/worksheets/_rels/sheet1.xml.rels"] = rels([["rIdDr", `${R}/drawing`, "../drawings/drawing1.xml"]]);
    files["xl/drawings/drawing1.xml"] = xml(`<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${R}"><xdr:oneCellAnchor><xdr:from><xdr:col>3</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>1</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:ext cx="952500" cy="952500"/><xdr:pic><xdr:nvPicPr><xdr:cNvPr id="2" name="Picture 1" descr="${esc(extras.altText)}"/><xdr:cNvPicPr/></xdr:nvPicPr><xdr:blipFill><a:blip r:embed="rIdImg"/></xdr:blipFill><xdr:spPr/></xdr:pic><xdr:clientData/></xdr:oneCellAnchor></xdr:wsDr>`);
    drawing = `<drawing r:id="rIdDr"/>`;
  }
  const rows = new Map<string, string[]>();
  for (const [ref, t] of Object.entries(cells)) {
    const r = ref.replace(/^[A-Z]+/, "");
    rows.set(r, [...(rows.get(r) ?? []), `<c r="${ref}" t="inlineStr"><is><t>${esc(t)}</t></is></c>`]);
  }
  const sheetData = [...rows].map(([r, cs]) => `<row r="${r}">${cs.join("")}</row>`).join("");
  return makeZip({
    "[Content_Types].xml": xml(`<Types xmlns="${CT}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${types.join("")}</Types>`),
    "_rels/.rels": rels([["rId1", `${R}/officeDocument`, "xl/workbook.xml"]]),
    "xl/workbook.xml": xml(`<workbook xmlns="${S}" xmlns:r="${R}"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets>${definedNames}${wbExtra}</workbook>`),
    "xl/_rels/workbook.xml.rels": rels(wbRels),
    "xl/worksheets/sheet1.xml": xml(`<worksheet xmlns="${S}" xmlns:r="${R}"><sheetData>${sheetData}</sheetData>${validations}<headerFooter><oddFooter>&amp;CPage &amp;P</oddFooter></headerFooter>${drawing}</worksheet>`),
    ...files,
  });
}

/**
 * A one-page PDF showing `text`, with what no page shows: XMP metadata (`xmp`: a title, a
 * description, custom `pdfx:` properties), an outline of `bookmarks` (nested: a title and its
 * children), link annotations to `links` and a free-text box of `richText` (rich text only)
 * (pdf-lib, the rest by hand).
 */
export async function makePdfWithHidden(text: string, opts: { info?: { title?: string; subject?: string }; xmp?: { title?: string; description?: string; creator?: string; custom?: Record<string, string> }; bookmarks?: Bookmark[]; links?: string[]; richText?: string }): Promise<Uint8Array> {
  const { PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([400, 300]);
  page.drawText(text, { x: 30, y: 260, font, size: 14 });
  if (opts.info?.title !== undefined) doc.setTitle(opts.info.title);
  if (opts.info?.subject !== undefined) doc.setSubject(opts.info.subject);
  const ctx = doc.context;
  const { xmp } = opts;
  if (xmp) {
    const alt = (name: string, v?: string) => (v === undefined ? "" : `<${name}><rdf:Alt><rdf:li xml:lang="x-default">${esc(v)}</rdf:li></rdf:Alt></${name}>`);
    const custom = Object.entries(xmp.custom ?? {}).map(([k, v]) => `<pdfx:${k}>${esc(v)}</pdfx:${k}>`).join("");
    const packet = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdfx="http://ns.adobe.com/pdfx/1.3/">${alt("dc:title", xmp.title)}${alt("dc:description", xmp.description)}${xmp.creator ? `<dc:creator><rdf:Seq><rdf:li>${esc(xmp.creator)}</rdf:li></rdf:Seq></dc:creator>` : ""}${custom}</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
    doc.catalog.set(PDFName.of("Metadata"), ctx.register(ctx.stream(Buffer.from(packet, "utf8"), { Type: "Metadata", Subtype: "XML" })));
  }
  if (opts.bookmarks?.length) {
    const root = ctx.obj({ Type: "Outlines" });
    const rootRef = ctx.register(root);
    const add = (items: Bookmark[], parent: ReturnType<typeof ctx.register>, parentDict: typeof root) => {
      const refs = items.map(() => ctx.nextRef());
      items.forEach((b, i) => {
        const dict = ctx.obj({ Title: PDFHexString.fromText(b.title), Parent: parent, Dest: [page.ref, PDFName.of("Fit")] });
        if (i > 0) dict.set(PDFName.of("Prev"), refs[i - 1]!);
        if (i < items.length - 1) dict.set(PDFName.of("Next"), refs[i + 1]!);
        if (b.children?.length) add(b.children, refs[i]!, dict);
        ctx.assign(refs[i]!, dict);
      });
      parentDict.set(PDFName.of("First"), refs[0]!);
      parentDict.set(PDFName.of("Last"), refs[refs.length - 1]!);
      parentDict.set(PDFName.of("Count"), ctx.obj(items.length));
    };
    add(opts.bookmarks, rootRef, root);
    doc.catalog.set(PDFName.of("Outlines"), rootRef);
  }
  const annots = (opts.links ?? []).map((uri, i) => ctx.register(ctx.obj({ Type: "Annot", Subtype: "Link", Rect: [30, 200 - 20 * i, 200, 215 - 20 * i], Border: [0, 0, 0], A: { S: "URI", URI: PDFString.of(uri) } })));
  // a free-text box whose text is rich text (/RC) only, no /Contents
  if (opts.richText !== undefined) annots.push(ctx.register(ctx.obj({ Type: "Annot", Subtype: "FreeText", Rect: [30, 40, 300, 70], DA: PDFString.of("/Helv 12 Tf 0 g"), T: PDFString.of("Reviewer"), RC: PDFString.of(`<?xml version="1.0"?><body xmlns="http://www.w3.org/1999/xhtml"><p>${esc(opts.richText)}</p></body>`) })));
  if (annots.length) page.node.set(PDFName.of("Annots"), ctx.obj(annots));
  return doc.save();
}

/** An outline item: its title and its children. */
export interface Bookmark {
  title: string;
  children?: Bookmark[];
}

const ODF_NS = `xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"`;

/** An ODS whose spreadsheet body is `tables` (`table:table` elements as written) and whose meta.xml holds `userDefined` properties. */
export function makeOdsWith(tables: string, userDefined: Record<string, string> = {}): Promise<Buffer> {
  const mime = "application/vnd.oasis.opendocument.spreadsheet";
  return makeZip(
    {
      mimetype: mime,
      "META-INF/manifest.xml": xml(`<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mime}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`),
      "styles.xml": xml(`<office:document-styles ${ODF_NS} office:version="1.2"/>`),
      "meta.xml": xml(`<office:document-meta ${ODF_NS} office:version="1.2"><office:meta>${Object.entries(userDefined).map(([k, v]) => `<meta:user-defined meta:name="${esc(k)}">${esc(v)}</meta:user-defined>`).join("")}</office:meta></office:document-meta>`),
      "content.xml": xml(`<office:document-content ${ODF_NS} office:version="1.2"><office:body><office:spreadsheet>${tables}</office:spreadsheet></office:body></office:document-content>`),
    },
    false,
  );
}

/** An ODS annotation (a cell's comment) as LibreOffice writes it: its author and date, then its paragraphs. */
export const odsAnnotation = (author: string, ...paragraphs: string[]) => `<office:annotation><dc:creator>${esc(author)}</dc:creator><dc:date>2026-01-02T10:00:00</dc:date>${paragraphs.map((p) => `<text:p>${esc(p)}</text:p>`).join("")}</office:annotation>`;
