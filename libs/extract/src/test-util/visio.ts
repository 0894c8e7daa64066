/**
 * Writes Visio drawings (VSDX) for the specs, as [MS-VSDX] lays them out: `[Content_Types].xml`,
 * `visio/document.xml`, the pages' index and relationships, each page's shapes (text, shape
 * data, and the cells and geometry every shape carries), comments and document properties.
 */
import { makeZip } from "./fixtures.ts";

const NS = "http://schemas.microsoft.com/office/visio/2012/main";
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/'/g, "&apos;");

/** A shape: its text (runs of it, a field's value), and its shape data rows as [label, value]. */
export interface VisioShape {
  text?: string;
  data?: Array<[string, string]>;
}

function shapeXml(s: VisioShape, id: number): string {
  // (the cells every shape has: coordinates and formulas, which are no text)
  const cells = `<Cell N='PinX' V='4.25' U='MM' F='GUARD(Sheet.1!Width*0.5)'/><Cell N='Width' V='75000'/><Cell N='LineColor' V='#5B9BD5' F='THEMEVAL()'/>`;
  const data = s.data?.length
    ? `<Section N='Property'>${s.data.map(([label, value], i) => `<Row N='Row_${i + 1}'><Cell N='Value' V='${esc(value)}' U='STR'/><Cell N='Prompt' V=''/><Cell N='Label' V='${esc(label)}'/></Row>`).join("")}</Section>`
    : "";
  const geometry = `<Section N='Geometry' IX='0'><Row T='MoveTo' IX='1'><Cell N='X' V='0'/><Cell N='Y' V='48000'/></Row></Section>`;
  const text = s.text === undefined ? "" : `<Text><cp IX='0'/><pp IX='0'/>${s.text.split("\n").map(esc).join("<pp IX='1'/>\n")}</Text>`;
  return `<Shape ID='${id}' Type='Shape' LineStyle='3'>${cells}${data}${geometry}${text}</Shape>`;
}

export async function makeVsdx(pages: VisioShape[][], opts: { comments?: Array<[string, string]>; title?: string; custom?: Record<string, string>; masters?: VisioShape[][] } = {}): Promise<Buffer> {
  const files: Record<string, string> = {
    "[Content_Types].xml": `<?xml version='1.0' encoding='utf-8'?><Types xmlns='http://schemas.openxmlformats.org/package/2006/content-types'><Override PartName='/visio/document.xml' ContentType='application/vnd.ms-visio.drawing.main+xml'/></Types>`,
    "visio/document.xml": `<?xml version='1.0' encoding='utf-8'?><VisioDocument xmlns='${NS}'><DocumentSettings TopPage='0'/><Colors><ColorEntry IX='24' RGB='#7F7F7F'/></Colors></VisioDocument>`,
  };
  // pages listed in reverse file order: the index, not the file names, says which comes first
  const order = pages.map((_, i) => i).reverse();
  files["visio/pages/pages.xml"] = `<?xml version='1.0' encoding='utf-8'?><Pages xmlns='${NS}' xmlns:r='http://schemas.openxmlformats.org/officeDocument/2006/relationships'>${order.map((i) => `<Page ID='${i}' Name='Page-${i}'><PageSheet><Cell N='PageWidth' V='11.69'/></PageSheet><Rel r:id='rId${i + 1}'/></Page>`).join("")}</Pages>`;
  files["visio/pages/_rels/pages.xml.rels"] = `<?xml version='1.0' encoding='utf-8'?><Relationships xmlns='http://schemas.openxmlformats.org/package/2006/relationships'>${pages.map((_, i) => `<Relationship Id='rId${i + 1}' Type='http://schemas.microsoft.com/visio/2010/relationships/page' Target='page${i + 1}.xml'/>`).join("")}</Relationships>`;
  pages.forEach((shapes, i) => (files[`visio/pages/page${i + 1}.xml`] = `<?xml version='1.0' encoding='utf-8'?><PageContents xmlns='${NS}'><Shapes>${shapes.map((s, k) => shapeXml(s, k + 1)).join("")}</Shapes></PageContents>`));
  (opts.masters ?? []).forEach((shapes, i) => (files[`visio/masters/master${i + 1}.xml`] = `<?xml version='1.0' encoding='utf-8'?><MasterContents xmlns='${NS}'><Shapes>${shapes.map((s, k) => shapeXml(s, k + 1)).join("")}</Shapes></MasterContents>`));
  if (opts.comments) {
    const authors = [...new Set(opts.comments.map(([a]) => a))];
    files["visio/comments.xml"] = `<?xml version='1.0' encoding='utf-8'?><Comments xmlns='${NS}'><AuthorList>${authors.map((a, i) => `<AuthorEntry ID='${i}' Name='${esc(a)}' Initials=''/>`).join("")}</AuthorList><CommentList>${opts.comments.map(([a, t]) => `<CommentEntry AuthorID='${authors.indexOf(a)}' PageID='0' ShapeID='1' Date='2024-01-01T00:00:00'>${esc(t)}</CommentEntry>`).join("")}</CommentList></Comments>`;
  }
  files["docProps/core.xml"] = `<?xml version='1.0' encoding='utf-8'?><cp:coreProperties xmlns:cp='http://schemas.openxmlformats.org/package/2006/metadata/core-properties' xmlns:dc='http://purl.org/dc/elements/1.1/'><dc:title>${esc(opts.title ?? "")}</dc:title><dc:creator>Account Name</dc:creator></cp:coreProperties>`;
  const custom = { BuildNumberCreated: "1006703189", IsMetric: "true", ...(opts.custom ?? {}) };
  files["docProps/custom.xml"] = `<?xml version='1.0' encoding='utf-8'?><Properties xmlns='http://schemas.openxmlformats.org/officeDocument/2006/custom-properties' xmlns:vt='http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes'>${Object.entries(custom).map(([k, v], i) => `<property fmtid='{D5CDD505-2E9C-101B-9397-08002B2CF9AE}' pid='${i + 2}' name='${esc(k)}'><vt:lpwstr>${esc(v)}</vt:lpwstr></property>`).join("")}</Properties>`;
  files["visio/theme/theme1.xml"] = `<?xml version='1.0' encoding='utf-8'?><a:theme xmlns:a='http://schemas.openxmlformats.org/drawingml/2006/main' name='Office'><a:lumMod val='75000'/><a:lumOff val='48000'/></a:theme>`;
  return makeZip(files);
}
