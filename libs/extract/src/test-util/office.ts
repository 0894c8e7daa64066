/**
 * Minimal Office / OpenDocument files, written by the tests themselves (no file copied from
 * another project): the smallest package parts a reader needs, zipped with yazl, and
 * spreadsheets written by SheetJS.
 */
import * as XLSX from "@e965/xlsx";
import { makeZip } from "./fixtures.ts";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const CT = "http://schemas.openxmlformats.org/package/2006/content-types";
const REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const OFFICE_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/**
 * A DOCX of `paragraphs`; `deleted` are tracked deletions (`w:del`, as Word writes them with
 * track changes on), each in a paragraph of its own after the others, split over two runs.
 */
export function makeDocx(paragraphs: string[], deleted: string[] = []): Promise<Buffer> {
  const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
  const half = (t: string) => [t.slice(0, Math.ceil(t.length / 2)), t.slice(Math.ceil(t.length / 2))];
  const dels = deleted.map((d, i) => `<w:p><w:r><w:t>kept </w:t></w:r><w:del w:id="${i + 1}" w:author="Reviewer">${half(d).map((h) => `<w:r><w:delText xml:space="preserve">${esc(h)}</w:delText></w:r>`).join("")}</w:del></w:p>`).join("");
  return makeZip({
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${CT}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${REL}"><Relationship Id="rId1" Type="${OFFICE_REL}/officeDocument" Target="word/document.xml"/></Relationships>`,
    "word/document.xml": `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>${paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${esc(p)}</w:t></w:r></w:p>`).join("")}${dels}</w:body></w:document>`,
  });
}

export function makePptx(slides: string[]): Promise<Buffer> {
  const P = "http://schemas.openxmlformats.org/presentationml/2006/main";
  const A = "http://schemas.openxmlformats.org/drawingml/2006/main";
  const files: Record<string, string> = {
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${CT}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>${slides.map((_, i) => `<Override PartName="/ppt/slides/slide${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`).join("")}</Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${REL}"><Relationship Id="rId1" Type="${OFFICE_REL}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
    "ppt/presentation.xml": `<?xml version="1.0" encoding="UTF-8"?><p:presentation xmlns:p="${P}" xmlns:r="${OFFICE_REL}"><p:sldIdLst>${slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`).join("")}</p:sldIdLst></p:presentation>`,
    "ppt/_rels/presentation.xml.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${REL}">${slides.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${OFFICE_REL}/slide" Target="slides/slide${i + 1}.xml"/>`).join("")}</Relationships>`,
  };
  slides.forEach((text, i) => {
    files[`ppt/slides/slide${i + 1}.xml`] = `<?xml version="1.0" encoding="UTF-8"?><p:sld xmlns:p="${P}" xmlns:a="${A}"><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>${esc(text)}</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`;
  });
  return makeZip(files);
}

function odf(mime: string, body: string): Promise<Buffer> {
  return makeZip({
    mimetype: mime,
    "META-INF/manifest.xml": `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mime}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    "content.xml": `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.2"><office:body>${body}</office:body></office:document-content>`,
  }, false);
}

/** An ODT of `paragraphs`; `deleted` are tracked deletions (a changed region each, marked in a "kept" paragraph), as LibreOffice writes them. */
export function makeOdt(paragraphs: string[], deleted: string[] = []): Promise<Buffer> {
  const regions = deleted.map((d, i) => `<text:changed-region text:id="ct${i}"><text:deletion><office:change-info><dc:creator>Reviewer</dc:creator><dc:date>2026-01-02T10:00:00</dc:date></office:change-info><text:p>${esc(d)}</text:p></text:deletion></text:changed-region>`).join("");
  const tracked = deleted.length ? `<text:tracked-changes>${regions}</text:tracked-changes>` : "";
  const marks = deleted.map((_, i) => `<text:p>kept<text:change text:change-id="ct${i}"/></text:p>`).join("");
  return odf("application/vnd.oasis.opendocument.text", `<office:text>${tracked}${paragraphs.map((p) => `<text:p>${esc(p)}</text:p>`).join("")}${marks}</office:text>`);
}

export function makeOdp(slides: string[]): Promise<Buffer> {
  return odf("application/vnd.oasis.opendocument.presentation", `<office:presentation>${slides.map((s, i) => `<draw:page draw:name="page${i + 1}"><draw:frame><draw:text-box><text:p>${esc(s)}</text:p></draw:text-box></draw:frame></draw:page>`).join("")}</office:presentation>`);
}

export function makeRtf(text: string): Buffer {
  return Buffer.from(`{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Arial;}}\\f0\\fs20 ${text.replace(/[\\{}]/g, (c) => `\\${c}`)}\\par}`, "latin1");
}

/** A workbook of `sheets` (rows of values; numbers stay numbers); `comments` are notes on cells ("Payroll!B2"), empty ones included. */
export function makeWorkbook(sheets: Record<string, Array<Array<string | number>>>, bookType: "xlsx" | "xls" | "ods" = "xlsx", comments: Record<string, string> = {}): Buffer {
  const wb = XLSX.utils.book_new();
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
    XLSX.utils.book_append_sheet(wb, ws, name);
  }
  return XLSX.write(wb, { type: "buffer", bookType }) as Buffer;
}
