/**
 * Office documents saved as one XML file, which were read as any XML: every attribute value and
 * every embedded picture's base64 a word of text (Tika's Word 2006 XML test file gave 391,094
 * characters for its 1,826).
 *
 *  - Flat OPC (Word, Excel and PowerPoint 2007 and later, "XML Document" / "Word XML"; `<pkg:package>`
 *    in the namespace http://schemas.microsoft.com/office/2006/xmlPackage): the package's parts
 *    are `<pkg:part pkg:name pkg:contentType>` elements, each holding its XML (`<pkg:xmlData>`) or
 *    its bytes in base64 (`<pkg:binaryData>`). They are put back into the ZIP package they came
 *    from, with a `[Content_Types].xml` made of their content types, and that package is read as
 *    a DOCX, XLSX or PPTX is: the same file, one nesting level down.
 *  - Word 2003 XML (WordprocessingML 2003, `<w:wordDocument>`): the text of its runs (`<w:t>`),
 *    a paragraph a line, tabs and breaks kept, field codes skipped; tracked deletions
 *    (`<w:delText>`, `part: deleted text`); its title, subject, keywords, description and custom
 *    properties (`<o:DocumentProperties>`, `<o:CustomDocumentProperties>`); its metafiles
 *    (`<w:binData w:name="wordml://….emf">`, gzipped `.emz`) as members, other pictures not read.
 */
import { boundedParser } from "./markup.ts";
import yazl from "yazl";
import { childPath, childScope, type Ctx, type Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { emitProperties } from "./properties.ts";
import { emitChunks } from "./text.ts";
import { decodeText } from "../text-decode.ts";

const FLAT_OPC_NS = "http://schemas.microsoft.com/office/2006/xmlPackage";
const WORDML_2003_NS = "http://schemas.microsoft.com/office/word/2003/wordml";

/** Whether an XML file's head is a flat OPC package or a Word 2003 XML document, and which. */
export function flatOfficeKind(head: string): "flat-opc" | "wordml2003" | null {
  const root = /<([A-Za-z_][\w.-]*:)?(package|wordDocument)[\s>][^>]*>/.exec(head.slice(0, 8192));
  if (root === null) return null;
  if (root[2] === "package" && root[0].includes(FLAT_OPC_NS)) return "flat-opc";
  if (root[2] === "wordDocument" && root[0].includes(WORDML_2003_NS)) return "wordml2003";
  return null;
}

/** The package kind a flat OPC's main part names, and the extension its ZIP would have. */
const MAIN_PARTS: Array<[RegExp, string]> = [
  [/wordprocessingml\.(?:document|template)\.main\+xml$|ms-word\.(?:document|template)\.macroEnabled(?:\.main)?\+xml$/i, "docx"],
  [/spreadsheetml\.(?:sheet|template)\.main\+xml$|ms-excel\.(?:sheet|template)\.macroEnabled\.main\+xml$/i, "xlsx"],
  [/presentationml\.(?:presentation|slideshow|template)\.main\+xml$|ms-powerpoint\.(?:presentation|slideshow|template)\.macroEnabled\.main\+xml$/i, "pptx"],
];

const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The content of `body`'s element `name`, from its first start tag to its last end tag; null when it has none. */
function elementText(body: string, name: string): string | null {
  // (indexOf, not /<name[^>]*>([^]*)<\/name>/: each start tag with no end tag after it sent that
  // expression to the part's end and back)
  const start = new RegExp(`<${name}\\b[^<>]*>`).exec(body);
  if (start === null) return null;
  const from = start.index + start[0].length;
  const end = body.lastIndexOf(`</${name}>`);
  return end >= from ? body.slice(from, end) : null;
}

/** A flat OPC's parts put back into their ZIP package; the extension its main part says, or null. */
export async function flatOpcPackage(xml: string, ctx: Ctx): Promise<{ zip: Buffer; ext: string } | null> {
  const parts: Array<{ name: string; type: string; data: Buffer }> = [];
  let bytes = 0;
  // (an attribute holds no "<": a tag's end is sought up to the next tag only, not through the file)
  const open = /<pkg:part\b[^<>]*>/g;
  for (let m = open.exec(xml); m !== null; m = open.exec(xml)) {
    ctx.checkTime();
    const end = xml.indexOf("</pkg:part>", open.lastIndex);
    if (end < 0) throw new Error("flat OPC: a pkg:part without its end");
    const name = attr(m[0], "pkg:name")?.replace(/^\//, "");
    const type = attr(m[0], "pkg:contentType") ?? "application/octet-stream";
    const body = xml.slice(open.lastIndex, end);
    open.lastIndex = end;
    if (!name) continue;
    const xmlData = elementText(body, "pkg:xmlData");
    const binary = xmlData !== null ? null : /<pkg:binaryData\b[^<>]*>([^<]*)<\/pkg:binaryData>/.exec(body);
    const data = xmlData !== null ? Buffer.from(XML_DECLARATION + xmlData, "utf8") : binary ? Buffer.from(binary[1]!.replace(/\s+/g, ""), "base64") : null;
    if (data === null) continue;
    bytes += data.byteLength;
    if (bytes > ctx.bytesLeft()) throw new Error(`flat OPC: its parts come to more than the ${ctx.bytesLeft()} bytes the limits leave`);
    parts.push({ name, type, data });
  }
  const main = parts.map((p) => MAIN_PARTS.find(([rx]) => rx.test(p.type))?.[1]).find((k) => k !== undefined);
  if (main === undefined) return null;
  ctx.totalBytes += bytes;
  const types = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${parts.map((p) => `<Override PartName="/${escapeAttr(p.name)}" ContentType="${escapeAttr(p.type)}"/>`).join("")}</Types>`;
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(types), "[Content_Types].xml");
  // (the relationships first, then the main part: readers that sniff a package look at its first entries)
  for (const p of [...parts].sort((a, b) => rank(a) - rank(b))) zip.addBuffer(p.data, p.name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return { zip: Buffer.concat(chunks), ext: main };
}
const rank = (p: { name: string; type: string }) => (p.name === "_rels/.rels" ? 0 : MAIN_PARTS.some(([rx]) => rx.test(p.type)) ? 1 : 2);

/** Word 2003 XML elements whose text is no body text: pictures, field codes, the properties (read apart), fonts, styles, lists. */
const SKIPPED_2003 = new Set(["w:binData", "w:instrText", "o:DocumentProperties", "w:fonts", "w:styles", "w:lists"]);

/** A Word 2003 XML document's text, a paragraph a line, and its properties. */
export function wordml2003(xml: string): { text: string; deleted: string; pictures: Array<[string, Buffer]>; props: { title?: string; subject?: string; keywords?: string; description?: string; custom: Record<string, string> } } {
  const out: string[] = [];
  const deleted: string[] = [];
  const pictures: Array<[string, Buffer]> = [];
  let inDeleted = 0;
  let picture: { name: string; base64: string } | null = null;
  const props: { title?: string; subject?: string; keywords?: string; description?: string; custom: Record<string, string> } = { custom: {} };
  const PROPS: Record<string, "title" | "subject" | "keywords" | "description"> = { "o:Title": "title", "o:Subject": "subject", "o:Keywords": "keywords", "o:Description": "description" };
  let inText = 0;
  let skipped = 0;
  let prop: string | null = null;
  let custom = 0;
  let customName: string | null = null;
  const parser = boundedParser(
    {
      onopentag(name, attrs) {
        if (name === "w:binData" && /\.[ew]m[fz]$/i.test(attrs["w:name"] ?? "")) picture = { name: attrs["w:name"]!.replace(/^wordml:\/\//, ""), base64: "" };
        if (name === "w:t") inText++;
        else if (name === "w:delText") inDeleted++;
        else if (SKIPPED_2003.has(name)) skipped++;
        else if (name === "w:tab") out.push("\t");
        else if (name === "w:br" || name === "w:cr") out.push("\n");
        if (name === "o:CustomDocumentProperties") custom++;
        else if (custom > 0) customName = name.replace(/^o:/, "");
        if (PROPS[name]) prop = PROPS[name];
      },
      ontext(t) {
        if (picture) picture.base64 += t;
        else if (inDeleted > 0) deleted.push(t);
        else if (prop) props[prop as "title"] = (props[prop as "title"] ?? "") + t;
        else if (customName) props.custom[customName] = (props.custom[customName] ?? "") + t;
        else if (inText > 0 && skipped === 0) out.push(t);
      },
      onclosetag(name) {
        if (name === "w:binData" && picture) {
          pictures.push([picture.name, Buffer.from(picture.base64.replace(/\s+/g, ""), "base64")]);
          picture = null;
        }
        if (name === "w:t") inText = Math.max(0, inText - 1);
        else if (name === "w:delText") {
          inDeleted = Math.max(0, inDeleted - 1);
          deleted.push(" ");
        }
        else if (SKIPPED_2003.has(name)) skipped = Math.max(0, skipped - 1);
        else if (name === "w:p") out.push("\n");
        if (name === "o:CustomDocumentProperties") custom = Math.max(0, custom - 1);
        customName = null;
        prop = null;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return { text: out.join("").replace(/\n{3,}/g, "\n\n").trim(), deleted: deleted.join("").replace(/\s+/g, " ").trim(), pictures, props };
}

export const flatOfficeFormat: Format = {
  kinds: ["flat-opc", "wordml2003"],
  library: "htmlparser2 and yazl (a flat package put back into its ZIP for officeparser)",
  async extract(bytes: Uint8Array, scope: Scope, ctx: Ctx, info) {
    const xml = decodeText(bytes).text;
    if (info.kind === "wordml2003") {
      const { text, deleted, pictures, props } = wordml2003(xml);
      emitChunks(ctx, scope, text);
      emitChunks(ctx, scope, deleted, { part: "deleted text" });
      emitProperties(ctx, scope, props);
      // (its metafiles, a chart or a diagram pasted as a picture, are members, as a DOCX's are)
      for (const [name, data] of pictures) {
        if (!ctx.takeEntry(childPath(scope, name))) break;
        await ctx.recurse(data, name, childScope(scope, name));
      }
      return;
    }
    const pkg = await flatOpcPackage(xml, ctx);
    if (pkg === null) throw new Error("flat OPC: no Word, Excel or PowerPoint main part");
    const name = `${info.filename.replace(/\.[^./\\]*$/, "") || "document"}.${pkg.ext}`;
    await ctx.recurse(pkg.zip, name, { path: scope.path, depth: scope.depth + 1, base: scope.base });
  },
};
