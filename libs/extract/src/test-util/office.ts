/**
 * Minimal Office / OpenDocument files, written by the tests themselves (no file copied from
 * another project): the smallest package parts a reader needs, zipped with yazl, and
 * spreadsheets written by SheetJS.
 */
import * as XLSX from "@e965/xlsx";
import CFB from "cfb";
import { makeZip } from "./fixtures.ts";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const CT = "http://schemas.openxmlformats.org/package/2006/content-types";
const REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const OFFICE_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/**
 * A DOCX of `paragraphs`; `deleted` are tracked deletions (`w:del`, as Word writes them with
 * track changes on), each in a paragraph of its own after the others, split over two runs.
 */
/** A document's properties as the fixtures write them (`creator` is the author; `custom` the user-defined ones). */
export interface DocProps {
  title?: string;
  subject?: string;
  keywords?: string;
  description?: string;
  creator?: string;
  custom?: Record<string, string>;
}

/** OOXML's property parts (docProps/core.xml, docProps/custom.xml), their relationships and content types. */
function ooxmlProps(props: DocProps): { parts: Record<string, string>; rels: string; types: string } {
  const el = (name: string, v: string | undefined) => (v === undefined ? "" : `<${name}>${esc(v)}</${name}>`);
  const core = `<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">${el("dc:title", props.title)}${el("dc:subject", props.subject)}${el("dc:creator", props.creator)}${el("cp:keywords", props.keywords)}${el("dc:description", props.description)}${el("cp:lastModifiedBy", props.creator)}</cp:coreProperties>`;
  const custom = `<?xml version="1.0" encoding="UTF-8"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">${Object.entries(props.custom ?? {}).map(([k, v], i) => `<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="${i + 2}" name="${esc(k)}"><vt:lpwstr>${esc(v)}</vt:lpwstr></property>`).join("")}</Properties>`;
  return {
    parts: { "docProps/core.xml": core, "docProps/custom.xml": custom },
    rels: `<Relationship Id="rIdCore" Type="${REL}/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rIdCustom" Type="${OFFICE_REL}/custom-properties" Target="docProps/custom.xml"/>`,
    types: `<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/custom.xml" ContentType="application/vnd.openxmlformats-officedocument.custom-properties+xml"/>`,
  };
}

/** The main part's content type of a macro-enabled document, a template or a slide show (what names it DOCM, DOTX, PPTM, PPSX, …). */
export const MAIN_TYPES = {
  docm: "application/vnd.ms-word.document.macroEnabled.main+xml",
  dotx: "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml",
  pptm: "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml",
  ppsx: "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml",
  potx: "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml",
} as const;

/**
 * What a DOCX holds beside its body: its section's default header and footer (word/header1.xml,
 * word/footer1.xml, referenced from the section's properties), review comments on its first
 * paragraph (word/comments.xml) and footnotes referenced from it (word/footnotes.xml).
 */
export interface DocxExtras {
  header?: string;
  footer?: string;
  comments?: Array<{ author: string; text: string }>;
  footnotes?: string[];
  /** Paragraphs of one hyperlink each: its text and its (external) target. */
  links?: Array<{ text: string; target: string }>;
}

export function makeDocx(paragraphs: string[], deleted: string[] = [], props?: DocProps, mainType = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml", extras: DocxExtras = {}): Promise<Buffer> {
  const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
  const p = props ? ooxmlProps(props) : { parts: {}, rels: "", types: "" };
  const para = (t: string) => `<w:p><w:r><w:t xml:space="preserve">${esc(t)}</w:t></w:r></w:p>`;
  const xml = (root: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?><w:${root} xmlns:w="${W}">${body}</w:${root}>`;
  // (each extra part: its name, its relationship's and content type's last word, its XML)
  const parts: Array<[name: string, type: string, xml: string]> = [];
  if (extras.header !== undefined) parts.push(["header1.xml", "header", xml("hdr", para(extras.header))]);
  if (extras.footer !== undefined) parts.push(["footer1.xml", "footer", xml("ftr", para(extras.footer))]);
  const comments = extras.comments ?? [];
  if (comments.length) parts.push(["comments.xml", "comments", xml("comments", comments.map((c, i) => `<w:comment w:id="${i}" w:author="${esc(c.author)}" w:initials="X">${para(c.text)}</w:comment>`).join(""))]);
  const footnotes = extras.footnotes ?? [];
  if (footnotes.length) parts.push(["footnotes.xml", "footnotes", xml("footnotes", `<w:footnote w:type="separator" w:id="-1"><w:p/></w:footnote>${footnotes.map((f, i) => `<w:footnote w:id="${i + 1}">${para(f)}</w:footnote>`).join("")}`)]);
  const links = extras.links ?? [];
  const linkRels = links.map((l, i) => `<Relationship Id="rIdLink${i}" Type="${OFFICE_REL}/hyperlink" Target="${esc(l.target)}" TargetMode="External"/>`).join("");
  const rels: Record<string, string> = parts.length || links.length ? { "word/_rels/document.xml.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${REL}">${parts.map(([name, type]) => `<Relationship Id="rId${type}" Type="${OFFICE_REL}/${type}" Target="${name}"/>`).join("")}${linkRels}</Relationships>` } : {};
  const types = parts.map(([name, type]) => `<Override PartName="/word/${name}" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.${type}+xml"/>`).join("");
  const bands = parts.filter(([, type]) => type === "header" || type === "footer").map(([, type]) => type);
  const sectPr = bands.length ? `<w:sectPr xmlns:r="${OFFICE_REL}">${bands.map((b) => `<w:${b}Reference w:type="default" r:id="rId${b}"/>`).join("")}</w:sectPr>` : "";
  // the first paragraph carries the comments' ranges and the footnotes' references
  const marks = `${comments.map((_, i) => `<w:commentRangeStart w:id="${i}"/>`).join("")}<w:r><w:t xml:space="preserve">${esc(paragraphs[0] ?? "")}</w:t></w:r>${comments.map((_, i) => `<w:commentRangeEnd w:id="${i}"/><w:r><w:commentReference w:id="${i}"/></w:r>`).join("")}${footnotes.map((_, i) => `<w:r><w:footnoteReference w:id="${i + 1}"/></w:r>`).join("")}`;
  const linked = links.map((l, i) => `<w:p><w:hyperlink r:id="rIdLink${i}" xmlns:r="${OFFICE_REL}"><w:r><w:t xml:space="preserve">${esc(l.text)}</w:t></w:r></w:hyperlink></w:p>`);
  const body = [...(paragraphs.length ? [`<w:p>${marks}</w:p>`] : []), ...paragraphs.slice(1).map(para), ...linked].join("");
  const half = (t: string) => [t.slice(0, Math.ceil(t.length / 2)), t.slice(Math.ceil(t.length / 2))];
  const dels = deleted.map((d, i) => `<w:p><w:r><w:t>kept </w:t></w:r><w:del w:id="${i + 1}" w:author="Reviewer">${half(d).map((h) => `<w:r><w:delText xml:space="preserve">${esc(h)}</w:delText></w:r>`).join("")}</w:del></w:p>`).join("");
  return makeZip({
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${CT}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${mainType}"/>${types}${p.types}</Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${REL}"><Relationship Id="rId1" Type="${OFFICE_REL}/officeDocument" Target="word/document.xml"/>${p.rels}</Relationships>`,
    "word/document.xml": `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>${body}${dels}${sectPr}</w:body></w:document>`,
    ...rels,
    ...Object.fromEntries(parts.map(([name, , x]) => [`word/${name}`, x])),
    ...p.parts,
  });
}

/** What a PPTX holds beside its slides: each slide's speaker notes (a notes page), review comments on its first slide with their authors. */
export interface PptxExtras {
  notes?: string[];
  comments?: Array<{ author: string; text: string }>;
  /** A slide master and a layout: each a title placeholder holding its prompt, and a text box holding `master` / `layout`. */
  master?: { master: string; layout: string; prompt: string };
}

export function makePptx(slides: string[], props?: DocProps, mainType = "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml", extras: PptxExtras = {}): Promise<Buffer> {
  const P = "http://schemas.openxmlformats.org/presentationml/2006/main";
  const p = props ? ooxmlProps(props) : { parts: {}, rels: "", types: "" };
  const A = "http://schemas.openxmlformats.org/drawingml/2006/main";
  const files: Record<string, string> = {
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${CT}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="${mainType}"/>${slides.map((_, i) => `<Override PartName="/ppt/slides/slide${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`).join("")}${p.types}</Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${REL}"><Relationship Id="rId1" Type="${OFFICE_REL}/officeDocument" Target="ppt/presentation.xml"/>${p.rels}</Relationships>`,
    ...p.parts,
    "ppt/presentation.xml": `<?xml version="1.0" encoding="UTF-8"?><p:presentation xmlns:p="${P}" xmlns:r="${OFFICE_REL}"><p:sldIdLst>${slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`).join("")}</p:sldIdLst></p:presentation>`,
    "ppt/_rels/presentation.xml.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${REL}">${slides.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${OFFICE_REL}/slide" Target="slides/slide${i + 1}.xml"/>`).join("")}</Relationships>`,
  };
  const textBody = (text: string) => `<p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>${esc(text)}</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld>`;
  slides.forEach((text, i) => {
    files[`ppt/slides/slide${i + 1}.xml`] = `<?xml version="1.0" encoding="UTF-8"?><p:sld xmlns:p="${P}" xmlns:a="${A}">${textBody(text)}</p:sld>`;
    const rels: string[] = [];
    const note = extras.notes?.[i];
    if (note !== undefined) {
      files[`ppt/notesSlides/notesSlide${i + 1}.xml`] = `<?xml version="1.0" encoding="UTF-8"?><p:notes xmlns:p="${P}" xmlns:a="${A}">${textBody(note)}</p:notes>`;
      rels.push(`<Relationship Id="rIdNotes" Type="${OFFICE_REL}/notesSlide" Target="../notesSlides/notesSlide${i + 1}.xml"/>`);
    }
    if (i === 0 && extras.comments?.length) {
      files["ppt/comments/comment1.xml"] = `<?xml version="1.0" encoding="UTF-8"?><p:cmLst xmlns:p="${P}">${extras.comments.map((c, k) => `<p:cm authorId="${k}" dt="2026-01-02T10:00:00.000" idx="1"><p:pos x="10" y="10"/><p:text>${esc(c.text)}</p:text></p:cm>`).join("")}</p:cmLst>`;
      files["ppt/commentAuthors.xml"] = `<?xml version="1.0" encoding="UTF-8"?><p:cmAuthorLst xmlns:p="${P}">${extras.comments.map((c, k) => `<p:cmAuthor id="${k}" name="${esc(c.author)}" initials="X" lastIdx="1" clrIdx="${k}"/>`).join("")}</p:cmAuthorLst>`;
      rels.push(`<Relationship Id="rIdComments" Type="${OFFICE_REL}/comments" Target="../comments/comment1.xml"/>`);
    }
    if (rels.length) files[`ppt/slides/_rels/slide${i + 1}.xml.rels`] = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${REL}">${rels.join("")}</Relationships>`;
  });
  if (extras.master) {
    const shapes = (text: string) => `<p:cSld><p:spTree><p:sp><p:nvSpPr><p:cNvPr id="2" name="Title 1"/><p:cNvSpPr/><p:nvPr><p:ph type="title"/></p:nvPr></p:nvSpPr><p:txBody><a:p><a:r><a:t>${esc(extras.master!.prompt)}</a:t></a:r></a:p></p:txBody></p:sp><p:sp><p:nvSpPr><p:cNvPr id="3" name="TextBox 2"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:txBody><a:p><a:r><a:t>${esc(text)}</a:t></a:r><a:fld id="{B6F15528-21DE-4FAA-801E-634DDDAF4B2B}" type="slidenum"><a:t>‹#›</a:t></a:fld></a:p></p:txBody></p:sp></p:spTree></p:cSld>`;
    files["ppt/slideMasters/slideMaster1.xml"] = `<?xml version="1.0" encoding="UTF-8"?><p:sldMaster xmlns:p="${P}" xmlns:a="${A}">${shapes(extras.master.master)}</p:sldMaster>`;
    files["ppt/slideLayouts/slideLayout1.xml"] = `<?xml version="1.0" encoding="UTF-8"?><p:sldLayout xmlns:p="${P}" xmlns:a="${A}">${shapes(extras.master.layout)}</p:sldLayout>`;
  }
  return makeZip(files);
}

/** ODF's meta.xml of `props` (user-defined properties as `meta:user-defined`). */
function odfMeta(props: DocProps): string {
  const el = (name: string, v: string | undefined) => (v === undefined ? "" : `<${name}>${esc(v)}</${name}>`);
  const custom = Object.entries(props.custom ?? {}).map(([k, v]) => `<meta:user-defined meta:name="${esc(k)}">${esc(v)}</meta:user-defined>`).join("");
  return `<?xml version="1.0" encoding="UTF-8"?><office:document-meta xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.2"><office:meta>${el("dc:title", props.title)}${el("dc:subject", props.subject)}${el("meta:keyword", props.keywords)}${el("dc:description", props.description)}${el("meta:initial-creator", props.creator)}${el("dc:creator", props.creator)}${custom}</office:meta></office:document-meta>`;
}

function odf(mime: string, body: string, props?: DocProps, styles?: string): Promise<Buffer> {
  return makeZip({
    ...(props ? { "meta.xml": odfMeta(props) } : {}),
    ...(styles ? { "styles.xml": `<?xml version="1.0" encoding="UTF-8"?><office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" office:version="1.2">${styles}</office:document-styles>` } : {}),
    mimetype: mime,
    "META-INF/manifest.xml": `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mime}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    "content.xml": `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.2"><office:body>${body}</office:body></office:document-content>`,
  }, false);
}

/** An ODT of `paragraphs`; `deleted` are tracked deletions (a changed region each, marked in a "kept" paragraph), as LibreOffice writes them. */
export function makeOdt(paragraphs: string[], deleted: string[] = [], props?: DocProps, mime = "application/vnd.oasis.opendocument.text"): Promise<Buffer> {
  const regions = deleted.map((d, i) => `<text:changed-region text:id="ct${i}"><text:deletion><office:change-info><dc:creator>Reviewer</dc:creator><dc:date>2026-01-02T10:00:00</dc:date></office:change-info><text:p>${esc(d)}</text:p></text:deletion></text:changed-region>`).join("");
  const tracked = deleted.length ? `<text:tracked-changes>${regions}</text:tracked-changes>` : "";
  const marks = deleted.map((_, i) => `<text:p>kept<text:change text:change-id="ct${i}"/></text:p>`).join("");
  return odf(mime, `<office:text>${tracked}${paragraphs.map((p) => `<text:p>${esc(p)}</text:p>`).join("")}${marks}</office:text>`, props);
}

/**
 * An ODP of `slides`; with `master`, a master page (in styles.xml) holding a title placeholder
 * with `prompt`, a footer frame with `footer` and a page number field, and a footer the slides
 * show by name (`decl`, in content.xml), as LibreOffice writes them.
 */
export function makeOdp(slides: string[], props?: DocProps, mime = "application/vnd.oasis.opendocument.presentation", master?: { footer: string; prompt: string; decl: string }): Promise<Buffer> {
  const body = mime.endsWith(".graphics") ? "office:drawing" : "office:presentation";
  const styles = master && `<office:master-styles><style:master-page style:name="Default"><draw:frame presentation:class="title" presentation:placeholder="true"><draw:text-box/></draw:frame><draw:frame presentation:class="outline"><draw:text-box><text:p>${esc(master.prompt)}</text:p></draw:text-box></draw:frame><draw:frame presentation:class="footer"><draw:text-box><text:p>${esc(master.footer)}</text:p></draw:text-box></draw:frame><draw:frame presentation:class="page-number"><draw:text-box><text:p><text:page-number>&lt;number&gt;</text:page-number></text:p></draw:text-box></draw:frame></style:master-page></office:master-styles>`;
  const decl = master ? `<presentation:footer-decl presentation:name="ftr1">${esc(master.decl)}</presentation:footer-decl>` : "";
  const use = master ? ` presentation:use-footer-name="ftr1"` : "";
  return odf(mime, `<${body}>${decl}${slides.map((s, i) => `<draw:page draw:name="page${i + 1}"${use}><draw:frame><draw:text-box><text:p>${esc(s)}</text:p></draw:text-box></draw:frame></draw:page>`).join("")}</${body}>`, props, styles);
}

export function makeRtf(text: string): Buffer {
  return Buffer.from(`{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Arial;}}\\f0\\fs20 ${text.replace(/[\\{}]/g, (c) => `\\${c}`)}\\par}`, "latin1");
}

/**
 * An XLSX package written directly (no SheetJS): one sheet per given text, in cell A1 as an inline
 * string. Quick at thousands of sheets, where SheetJS's writer takes seconds per thousand.
 */
export function makeXlsxOfSheets(texts: string[]): Promise<Buffer> {
  const S = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${body}`;
  const sheets: Record<string, string> = {};
  for (const [i, t] of texts.entries()) sheets[`xl/worksheets/sheet${i + 1}.xml`] = xml(`<worksheet xmlns="${S}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${esc(t)}</t></is></c></row></sheetData></worksheet>`);
  return makeZip({
    "[Content_Types].xml": xml(`<Types xmlns="${CT}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${texts.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join("")}</Types>`),
    "_rels/.rels": xml(`<Relationships xmlns="${REL}"><Relationship Id="rId1" Type="${OFFICE_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    "xl/workbook.xml": xml(`<workbook xmlns="${S}" xmlns:r="${OFFICE_REL}"><sheets>${texts.map((_, i) => `<sheet name="Sheet${i + 1}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("")}</sheets></workbook>`),
    "xl/_rels/workbook.xml.rels": xml(`<Relationships xmlns="${REL}">${texts.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${OFFICE_REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join("")}</Relationships>`),
    ...sheets,
  });
}

/** A workbook of `sheets` (rows of values; numbers stay numbers); `comments` are notes on cells ("Payroll!B2"), empty ones included; `links` hyperlinks' targets on cells. */
export function makeWorkbook(sheets: Record<string, Array<Array<string | number>>>, bookType: "xlsx" | "xlsm" | "xlsb" | "xls" | "ods" | "dbf" | "biff2" | "biff3" | "biff4" = "xlsx", comments: Record<string, string> = {}, props?: DocProps, links: Record<string, string> = {}): Buffer {
  const wb = XLSX.utils.book_new();
  if (props) {
    wb.Props = { Title: props.title, Subject: props.subject, Keywords: props.keywords, Comments: props.description, Author: props.creator, LastAuthor: props.creator };
    wb.Custprops = props.custom ?? {};
  }
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = XLSX.utils.aoa_to_sheet(rows);
    for (const [at, text] of Object.entries(comments)) {
      const [sheet, ref] = at.split("!") as [string, string];
      if (sheet !== name) continue;
      ws[ref] ??= { t: "z" };
      XLSX.utils.cell_add_comment(ws[ref] as XLSX.CellObject, text, "Reviewer");
      const range = XLSX.utils.decode_range(ws["!ref"] ?? "A1");
      const cell = XLSX.utils.decode_cell(ref);
      ws["!ref"] = XLSX.utils.encode_range({ s: range.s, e: { r: Math.max(range.e.r, cell.r), c: Math.max(range.e.c, cell.c) } });
    }
    for (const [at, target] of Object.entries(links)) {
      const [sheet, ref] = at.split("!") as [string, string];
      if (sheet === name && ws[ref]) (ws[ref] as XLSX.CellObject).l = { Target: target };
    }
    XLSX.utils.book_append_sheet(wb, ws, name);
  }
  return XLSX.write(wb, { type: "buffer", bookType: bookType as XLSX.BookType }) as Buffer; // (biff3, biff4: written, not in the types)
}

/**
 * An OLE package's `\x01Ole10Native` stream: `name`'s bytes as the Packager writes a file inserted
 * as an object (label, source path, temporary path in ANSI, the data, then the three names in
 * UTF-16). `cut` drops that many bytes from the end of the data and everything after it.
 */
export function oleNative(name: string, data: Uint8Array | string, cut = 0): Buffer {
  const ansi = (t: string) => Buffer.concat([Buffer.from(t, "latin1"), Buffer.from([0])]);
  const wide = (t: string) => {
    const n = Buffer.alloc(4);
    n.writeUInt32LE(t.length);
    return Buffer.concat([n, Buffer.from(t, "utf16le")]);
  };
  const u32 = (v: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    return b;
  };
  const bytes = Buffer.from(data);
  const source = `C:\\Users\\clerk\\Documents\\${name}`;
  const temp = `C:\\Users\\clerk\\AppData\\Local\\Temp\\${name}`;
  const body = Buffer.concat([Buffer.from([2, 0]), ansi(name), ansi(source), u32(0x00030000), u32(temp.length + 1), ansi(temp), u32(bytes.length), bytes.subarray(0, bytes.length - cut), ...(cut ? [] : [wide(temp), wide(name), wide(source)])]);
  return Buffer.concat([u32(body.length), body]);
}

/** An OLE object's container (`oleObject1.bin`) holding `name` as a package. */
export function makeOlePackage(name: string, data: Uint8Array | string): Buffer {
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, "/\u0001Ole10Native", oleNative(name, data));
  return Buffer.from(CFB.write(cfb, { type: "buffer" }) as Uint8Array);
}

/**
 * An embedded object's OLE container: its `\x01CompObj` (the user type and ProgID, as Office
 * writes them after a fixed header) and its payload streams (`CONTENTS` for Acrobat's PDF,
 * `Package` for an OOXML file, `Workbook` for Microsoft Graph's chart data).
 */
export function makeOleObject(userType: string, progId: string, streams: Record<string, Uint8Array>): Buffer {
  const lp = (t: string) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(t.length + 1);
    return Buffer.concat([b, Buffer.from(`${t}\0`, "latin1")]);
  };
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, "/\u0001CompObj", Buffer.concat([Buffer.from([1, 0, 0xfe, 0xff, 3, 10, 0, 0, 0xff, 0xff, 0xff, 0xff]), Buffer.alloc(16), lp(userType), lp(""), lp(progId)]));
  for (const [name, data] of Object.entries(streams)) CFB.utils.cfb_add(cfb, `/${name}`, data);
  return Buffer.from(CFB.write(cfb, { type: "buffer" }) as Uint8Array);
}

/**
 * An RTF picture group of a metafile (`kind`): its bytes as hex, 64 digits a line, as Word writes
 * them, or after `\bin` as raw bytes. Word puts an EMF in `{\*\shppict …}` and the same picture
 * again as WMF in `{\nonshppict …}` beside it.
 */
export function rtfPicture(kind: "emf" | "wmf", data: Uint8Array, opts: { bin?: boolean } = {}): string {
  const word = kind === "emf" ? "\\emfblip" : "\\wmetafile8";
  const body = opts.bin ? `\\bin${data.length} ${Buffer.from(data).toString("latin1")}` : `\n${Buffer.from(data).toString("hex").replace(/.{64}/g, "$&\n")}`;
  return `{\\pict{\\*\\picprop{\\sp{\\sn wzName}{\\sv Picture 1}}}\\picw1000\\pich800\\picwgoal567\\pichgoal454${word}${body}}`;
}

/** An RTF `\object` group embedding `native` as an OLE 1 object of `className` (hex in `\objdata`, 64 digits a line, as Word writes it). */
export function rtfObject(className: string, native: Uint8Array, opts: { result?: string } = {}): string {
  const u32 = (v: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    return b;
  };
  const name = Buffer.from(`${className}\0`, "latin1");
  const header = Buffer.concat([u32(0x0501), u32(2), u32(name.length), name, u32(0), u32(0), u32(native.length), Buffer.from(native)]);
  const hex = header.toString("hex").replace(/.{64}/g, "$&\n");
  return `{\\object\\objemb{\\*\\objclass ${className}}{\\*\\objdata\n${hex}}${opts.result === undefined ? "" : `{\\result ${opts.result}}`}}`;
}
