/**
 * Visio drawings in their OOXML package (VSDX, VSDM; stencils VSSX, VSSM; templates VSTX, VSTM).
 * They were read as plain ZIP archives, every XML part's attribute values dumped: some tens of
 * kilobytes of coordinates, formulas and theme numbers per drawing ("phClr 75000 48000" read as a
 * phone number) around the few words a reader sees. What a drawing holds, as [MS-VSDX] lays it
 * out:
 *
 *  - its pages (`visio/pages/pageN.xml`, in the order `pages.xml` lists them through its
 *    relationships): each shape's text (`<Text>`, the markers of its character, paragraph and
 *    tab runs dropped; a field's `<fld>` keeps its last value), `page` the page's ordinal;
 *  - each shape's data (`<Section N="Property">`: the rows an org chart or a network diagram
 *    keeps per shape, "Name", "Title", "Telephone", "E-mail", "IP address"), each value a
 *    segment `part: property:<label>`, its label its context as a column's header is a cell's;
 *  - the masters' shapes (`visio/masters/masterN.xml`), read only when the package has no page:
 *    a stencil's content (a template's placeholders otherwise);
 *  - review comments (`visio/comments.xml`: the author's name, then the text, `part: comment`);
 *  - the title, subject, keywords, description and custom properties (`docProps/`);
 *  - embedded files and metafiles as members, as a DOCX's are (embedded.ts).
 */
import { boundedParser } from "./markup.ts";
import type { Ctx, Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { EMBEDDED_PARTS, readEmbedded } from "./embedded.ts";
import { checkPackage } from "./package-guard.ts";
import { emitProperties, packageProperties } from "./properties.ts";
import { emitChunks } from "./text.ts";

const VISIO_PARTS = /^(?:visio\/(?:pages|masters)\/[^/]+\.xml|visio\/pages\/_rels\/pages\.xml\.rels|visio\/comments\.xml|docProps\/(?:core|custom)\.xml)$/;

/** What a page or master part holds: its shapes' texts and their data's values by label. */
interface ShapeText {
  texts: string[];
  data: Array<[label: string, value: string]>;
}

/** Parses XML, calling back per element with its attributes, its text and its closing. */
function walk(xml: Buffer, on: { open?(name: string, attrs: Record<string, string>): void; text?(t: string): void; close?(name: string): void }): void {
  const parser = boundedParser(
    { onopentag: (name, attrs) => on.open?.(name, attrs), ontext: (t) => on.text?.(t), onclosetag: (name) => on.close?.(name) },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml.toString("utf8"));
  parser.end();
}

/** The shapes' texts and data of a page or master part. */
export function shapeTexts(xml: Buffer): ShapeText {
  const out: ShapeText = { texts: [], data: [] };
  let text: string | null = null;
  let inField = 0;
  let property = 0;
  let row: { name: string; label: string; value: string } | null = null;
  walk(xml, {
    open(name, a) {
      if (name === "Text") text = "";
      else if (name === "fld") inField++;
      else if (name === "Section" && a.N === "Property") property++;
      else if (property > 0 && name === "Row") row = { name: a.N ?? a.NameU ?? "", label: "", value: "" };
      else if (row !== null && name === "Cell") {
        if (a.N === "Label") row.label = a.V ?? "";
        else if (a.N === "Value") row.value = a.V ?? "";
      }
    },
    text(t) {
      if (text !== null) text += t;
    },
    close(name) {
      if (name === "Text" && text !== null) {
        if (text.trim() !== "") out.texts.push(text.replace(/\r\n?/g, "\n").replace(/[\u2028\u2029]/g, "\n").trim());
        text = null;
      } else if (name === "fld") inField = Math.max(0, inField - 1);
      else if (name === "Row" && row !== null) {
        if (row.value.trim() !== "") out.data.push([(row.label || row.name.replace(/^Prop\./, "")).trim(), row.value.trim()]);
        row = null;
      } else if (name === "Section") property = Math.max(0, property - 1);
    },
  });
  return out;
}

/** The page parts in the order `pages.xml` lists their pages (by its relationships), then any it does not list. */
function pageOrder(parts: Map<string, Buffer>): string[] {
  const targets = new Map<string, string>();
  const rels = parts.get("visio/pages/_rels/pages.xml.rels");
  if (rels) walk(rels, { open: (name, a) => void (name === "Relationship" && a.Id && a.Target && targets.set(a.Id, `visio/pages/${a.Target.replace(/^\.?\//, "")}`)) });
  const listed: string[] = [];
  const index = parts.get("visio/pages/pages.xml");
  if (index) walk(index, { open: (name, a) => void (name === "Rel" && a["r:id"] && targets.has(a["r:id"]) && listed.push(targets.get(a["r:id"])!)) });
  const rest = [...parts.keys()].filter((p) => /^visio\/pages\/page\d+\.xml$/.test(p) && !listed.includes(p)).sort((a, b) => Number(/\d+/.exec(a.slice(12))![0]) - Number(/\d+/.exec(b.slice(12))![0]));
  return [...listed.filter((p) => parts.has(p)), ...rest];
}

/** Review comments: the author's name, then the text. */
function comments(xml: Buffer): string[] {
  const authors = new Map<string, string>();
  const out: string[] = [];
  let author: string | null = null;
  let text: string | null = null;
  walk(xml, {
    open(name, a) {
      if (name === "AuthorEntry" && a.ID) authors.set(a.ID, a.Name ?? "");
      else if (name === "CommentEntry") {
        author = authors.get(a.AuthorID ?? "") ?? null;
        text = "";
      }
    },
    text(t) {
      if (text !== null) text += t;
    },
    close(name) {
      if (name === "CommentEntry" && text !== null) {
        const body = text.trim();
        if (body) out.push(author ? `${author}\n${body}` : body);
        text = null;
      }
    },
  });
  return out;
}

/** Custom properties Visio writes itself (its build, the units, a time stamp): they say nothing of the drawing. */
const VISIO_OWN = /^(?:BuildNumber(?:Created|Edited)|IsMetric|Time(?:Created|Edited|Saved|Printed))$/;

export const visioFormat: Format = {
  kinds: ["visio"],
  library: "yauzl and htmlparser2 (the package's parts read as [MS-VSDX] lays them out)",
  async extract(bytes: Uint8Array, scope: Scope, ctx: Ctx) {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const pkg = await checkPackage(buf, scope, ctx, new RegExp(`${VISIO_PARTS.source}|${EMBEDDED_PARTS.source}`));
    if (pkg === null) return;
    const { parts } = pkg;
    const emitShapes = (part: string, loc: { page?: number; part?: string }) => {
      ctx.checkTime();
      const { texts, data } = shapeTexts(parts.get(part)!);
      emitChunks(ctx, scope, texts.join("\n"), loc);
      for (const [label, value] of data) emitChunks(ctx, scope, value, { ...loc, part: `property:${label}` });
    };
    const pages = pageOrder(parts);
    pages.forEach((part, i) => emitShapes(part, { page: i + 1 }));
    if (pages.length === 0) for (const part of [...parts.keys()].filter((p) => /^visio\/masters\/master\d+\.xml$/.test(p)).sort()) emitShapes(part, { part: "master" });
    const notes = parts.get("visio/comments.xml");
    if (notes) for (const c of comments(notes)) emitChunks(ctx, scope, c, { part: "comment" });
    emitProperties(ctx, scope, packageProperties(parts, VISIO_OWN));
    await readEmbedded(ctx, scope, parts);
  },
};
