/**
 * Writes XPS documents for the specs, as XPS 1.0 lays them out: the fixed document sequence, one
 * fixed document listing its pages, each page's Glyphs (with the canvases, paths and transforms
 * around them a writer puts there), and the core properties. Pages may be written in UTF-16, as
 * Windows' XPS writer does.
 */
import { makeZip } from "./fixtures.ts";

/** A run of glyphs: its text at (x, y), its em size, and its advances in hundredths of an em (none: Indices without them). */
export interface XpsGlyphs {
  text: string;
  x: number;
  y: number;
  em?: number;
  advances?: number[];
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function glyphs(g: XpsGlyphs): string {
  const indices = [...g.text].map((_, i) => (g.advances ? `${40 + i},${g.advances[i]}` : `${40 + i}`)).join(";");
  const text = g.text.startsWith("{") ? `{}${g.text}` : g.text;
  return `<Glyphs Fill="#FF000000" FontUri="/Resources/F1.odttf" FontRenderingEmSize="${g.em ?? 12}" StyleSimulations="None" OriginX="${g.x}" OriginY="${g.y}" Indices="${indices}" UnicodeString="${esc(text)}"/>`;
}

/** `sequenceLast`: the fixed document sequence written after the pages, as Windows' print-to-XPS writer does. */
export async function makeXps(pages: XpsGlyphs[][], opts: { utf16?: boolean; title?: string; listedInReverse?: boolean; sequenceLast?: boolean } = {}): Promise<Buffer> {
  const files: Record<string, string | Buffer> = {
    "[Content_Types].xml": `<?xml version="1.0" encoding="utf-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="fdseq" ContentType="application/vnd.ms-package.xps-fixeddocumentsequence+xml"/></Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="utf-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Type="http://schemas.microsoft.com/xps/2005/06/fixedrepresentation" Target="/FixedDocSeq.fdseq" Id="R0"/></Relationships>`,
  };
  const sequence = `<FixedDocumentSequence xmlns="http://schemas.microsoft.com/xps/2005/06"><DocumentReference Source="Documents/1/FixedDoc.fdoc"/></FixedDocumentSequence>`;
  if (!opts.sequenceLast) files["FixedDocSeq.fdseq"] = sequence;
  const order = pages.map((_, i) => i);
  if (opts.listedInReverse) order.reverse();
  files["Documents/1/FixedDoc.fdoc"] = `<FixedDocument xmlns="http://schemas.microsoft.com/xps/2005/06">${order.map((i) => `<PageContent Source="Pages/${i + 1}.fpage"/>`).join("")}</FixedDocument>`;
  pages.forEach((runs, i) => {
    const xml = `<FixedPage xmlns="http://schemas.microsoft.com/xps/2005/06" Width="816" Height="1056" xml:lang="en-US"><Canvas RenderTransform="1.333,0,0,1.333,0,0"><Path Data="M 0,0 L 595.32,0 L 595.32,841.92 Z" Fill="#FFFFFFFF"/>${runs.map(glyphs).join("")}</Canvas></FixedPage>`;
    files[`Documents/1/Pages/${i + 1}.fpage`] = opts.utf16 ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, "utf16le")]) : xml;
  });
  if (opts.sequenceLast) files["FixedDocSeq.fdseq"] = sequence;
  if (opts.title) files["docProps/core.xml"] = `<?xml version="1.0" encoding="utf-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${esc(opts.title)}</dc:title><dc:creator>Account Name</dc:creator></cp:coreProperties>`;
  return makeZip(files);
}
