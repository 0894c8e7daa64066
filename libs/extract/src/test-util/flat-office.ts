/**
 * Writes Office documents as one XML file for the specs: a ZIP package's parts as a flat OPC
 * (`<pkg:package>`, as Word's "Word XML Document" saves them), and Word 2003 XML documents.
 */
import { zipMembers } from "./fixtures.ts";

const CONTENT_TYPES: Array<[RegExp, string]> = [
  [/^word\/document\.xml$/, "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"],
  [/\.rels$/, "application/vnd.openxmlformats-package.relationships+xml"],
  [/\.xml$/, "application/xml"],
  [/\.emf$/, "image/x-emf"],
];

/** The package's parts (but `[Content_Types].xml`, which a flat OPC does without) as pkg:part elements. */
export async function flatOpcOf(zip: Uint8Array): Promise<string> {
  const parts = Object.entries(await zipMembers(zip)).filter(([name]) => name !== "[Content_Types].xml");
  const body = parts
    .map(([name, data]) => {
      const type = CONTENT_TYPES.find(([rx]) => rx.test(name))?.[1] ?? "application/octet-stream";
      const inner = type.endsWith("xml")
        ? `<pkg:xmlData>${data.toString("utf8").replace(/^<\?xml[^>]*\?>\s*/, "")}</pkg:xmlData>`
        : `<pkg:binaryData>${data.toString("base64").replace(/.{76}/g, "$&\n")}</pkg:binaryData>`;
      return `<pkg:part pkg:name="/${name}" pkg:contentType="${type}">${inner}</pkg:part>`;
    })
    .join("");
  return `<?xml version="1.0" standalone="yes"?>\n<?mso-application progid="Word.Document"?>\n<pkg:package xmlns:pkg="http://schemas.microsoft.com/office/2006/xmlPackage">${body}</pkg:package>`;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** A Word 2003 XML document: paragraphs of runs, a deletion, properties, a picture and a metafile in base64. */
export function makeWordml2003(opts: { paragraphs: string[]; deleted?: string; title?: string; custom?: Record<string, string>; emf?: Buffer }): string {
  const para = (t: string) => `<w:p><w:pPr><w:pStyle w:val="Normal"/></w:pPr>${t.split("\t").map((r) => `<w:r><w:rPr><w:rFonts w:ascii="Arial Unicode MS"/><w:sz w:val="24"/></w:rPr><w:t>${esc(r)}</w:t></w:r>`).join("<w:r><w:tab/></w:r>")}</w:p>`;
  const picture = Buffer.from(Array.from({ length: 900 }, (_, i) => (i * 53) % 256)).toString("base64").replace(/.{76}/g, "$&\n");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<?mso-application progid="Word.Document"?>
<w:wordDocument xmlns:w="http://schemas.microsoft.com/office/word/2003/wordml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:dt="uuid:C2F41010-65B3-11d1-A29F-00AA00C14882" w:macrosPresent="no">
<o:DocumentProperties><o:Title>${esc(opts.title ?? "")}</o:Title><o:Author>Account Name</o:Author><o:Revision>2</o:Revision></o:DocumentProperties>
<o:CustomDocumentProperties>${Object.entries(opts.custom ?? {}).map(([k, v]) => `<o:${k} dt:dt="string">${esc(v)}</o:${k}>`).join("")}</o:CustomDocumentProperties>
<w:fonts><w:font w:name="Arial Unicode MS"><w:panose-1 w:val="020B0604020202020204"/></w:font></w:fonts>
<w:styles><w:style w:type="paragraph" w:styleId="Normal"><w:name w:val="Normal"/></w:style></w:styles>
<w:body>${opts.paragraphs.map(para).join("")}${opts.deleted ? `<w:p><w:del w:id="1" w:author="Ben"><w:r><w:delText>${esc(opts.deleted)}</w:delText></w:r></w:del></w:p>` : ""}
<w:p><w:r><w:pict><w:binData w:name="wordml://02000001.jpg" xml:space="preserve">${picture}</w:binData></w:pict></w:r></w:p>
${opts.emf ? `<w:p><w:r><w:pict><w:binData w:name="wordml://03000001.emf" xml:space="preserve">${opts.emf.toString("base64").replace(/.{76}/g, "$&\n")}</w:binData></w:pict></w:r></w:p>` : ""}
<w:sectPr><w:hdr w:type="odd"><w:p><w:r><w:t>Confidential: HR</w:t></w:r></w:p></w:hdr></w:sectPr></w:body></w:wordDocument>`;
}
