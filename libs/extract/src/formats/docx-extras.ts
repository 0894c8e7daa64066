/**
 * Parts of OOXML packages that officeparser and SheetJS do not read and that hold data no page shows:
 *
 * - **Custom XML data** (`customXml/item1.xml`, in DOCX, XLSX and PPTX alike): the store a
 *   document's content controls are bound to (the values typed into a form, kept even when the
 *   control is deleted), SharePoint's document properties (the owner's name and account, a
 *   case's or a client's fields), the bibliography's sources (`b:Sources`: authors), a cover page's
 *   address, phone and e-mail. Each item is read as the XML file it is, a member named by its part
 *   (`file_in_zip` `customXml/item1.xml`: its leaf elements as "parent field: value" lines). An
 *   item that is a schema (SharePoint's `contentTypeSchema`, an `xsd:schema`) holds no data and is
 *   not read; nor are the items' property parts (`itemProps1.xml`: a schema's id).
 * - **A DOCX's glossary** (`word/glossary/document.xml`): its building blocks and AutoText entries
 *   (a letter's signature block, "Jane Roe, Head of Payroll, +49 30 1234567"), saved with the
 *   document; one segment, a paragraph a line, `part: glossary`.
 * - **A DOCX's document variables** (`word/settings.xml`, `w:docVars`): name and value pairs a
 *   template or a macro stored ("ClientName" = "Jane Roe"), which Word's Document Inspector lists as
 *   hidden data; each a segment, `part: document variable`, its name as `column`. At most
 *   MAX_VARIABLES are read.
 * - **A DOCX's HYPERLINK fields' targets** (`{ HYPERLINK "mailto:jane.roe@…" }` in a field's
 *   instructions, as older documents and mail merges write links): officeparser reads the field's
 *   result ("write to the case officer") and not its target, where it reads a `w:hyperlink`'s.
 *   A target the result does not show is read as those are, `part: hyperlink`, each once.
 */
import { childPath, childScope, type Ctx, type Scope } from "../context.ts";
import { boundedParser } from "./markup.ts";
import { elementParagraphs, emitChunks } from "./text.ts";

/** The custom XML data items of an OOXML package. */
export const CUSTOM_XML_PARTS = /^customXml\/item\d+\.xml$/;
/** The DOCX parts read here besides those. */
export const DOCX_EXTRA_PARTS = /^word\/(?:glossary\/document\.xml|settings\.xml)$/;

/** The DOCX parts whose fields are read (as the tracked deletions': office.ts). */
const FIELD_PARTS = /^word\/(?:document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/;
/** A field's instructions past this many characters are not read (Word's limit is 255). */
const MAX_INSTRUCTION = 2048;

/** Document variables past this many are not read (as properties.ts's custom properties). */
const MAX_VARIABLES = 200;

/** Whether a custom XML item is a schema (its root element's local name): no data of anyone. */
function isSchema(xml: Buffer): boolean {
  const head = xml.subarray(0, 4096).toString("utf8");
  const root = /<(?!\?|!)([\w.-]+:)?([\w.-]+)/.exec(head);
  return root !== null && /^(?:schema|contentTypeSchema)$/.test(root[2]!);
}

/** Reads a package's custom XML data items, each as a member. */
export async function readCustomXml(ctx: Ctx, scope: Scope, parts: Map<string, Buffer>): Promise<void> {
  const items = [...parts.keys()].filter((n) => CUSTOM_XML_PARTS.test(n)).sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  for (const name of items) {
    const xml = parts.get(name)!;
    if (xml.byteLength === 0 || isSchema(xml)) continue;
    ctx.checkTime();
    if (!ctx.takeEntry(childPath(scope, name))) return;
    await ctx.recurse(xml, name, childScope(scope, name));
  }
}

/**
 * The targets of a DOCX part's HYPERLINK fields whose results do not show them: complex fields
 * (`w:fldChar` begin, `w:instrText`, separate, the result's runs, end; nested fields each on its
 * own) and simple ones (`w:fldSimple w:instr`, its runs the result).
 */
export function hyperlinkFieldTargets(xml: string): string[] {
  const out = new Set<string>();
  const fields: Array<{ instr: string; result: string; inResult: boolean }> = [];
  let inInstr = 0;
  let inText = 0;
  const done = (f: { instr: string; result: string }) => {
    const target = /^\s*HYPERLINK\s+"([^"]+)"/i.exec(f.instr)?.[1]?.trim();
    if (target && !target.startsWith("#") && !f.result.includes(target.replace(/^mailto:/i, "").split("?")[0]!)) out.add(target);
  };
  // (a nested field's result is part of the result of the field around it: handed up when it ends)
  const end = () => {
    const f = fields.pop()!;
    done(f);
    const outer = fields[fields.length - 1];
    if (outer?.inResult && outer.result.length < MAX_INSTRUCTION) outer.result += f.result.slice(0, MAX_INSTRUCTION - outer.result.length);
  };
  const parser = boundedParser(
    {
      onopentag(name, a) {
        if (name === "w:fldChar") {
          const type = a["w:fldCharType"];
          if (type === "begin") fields.push({ instr: "", result: "", inResult: false });
          else if (type === "separate" && fields.length) fields[fields.length - 1]!.inResult = true;
          else if (type === "end" && fields.length) end();
        } else if (name === "w:fldSimple") fields.push({ instr: a["w:instr"] ?? "", result: "", inResult: true });
        else if (name === "w:instrText") inInstr++;
        else if (name === "w:t") inText++;
      },
      ontext(t) {
        const f = fields[fields.length - 1];
        if (!f) return;
        if (inInstr && !f.inResult && f.instr.length < MAX_INSTRUCTION) f.instr += t;
        else if (inText && f.inResult && f.result.length < MAX_INSTRUCTION) f.result += t;
      },
      onclosetag(name) {
        if (name === "w:fldSimple" && fields.length) end();
        else if (name === "w:instrText") inInstr = Math.max(0, inInstr - 1);
        else if (name === "w:t") inText = Math.max(0, inText - 1);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return [...out];
}

/** Emits a DOCX's glossary, document variables and HYPERLINK fields' hidden targets among its kept `parts`. */
export function emitDocxExtras(ctx: Ctx, scope: Scope, parts: Map<string, Buffer>): void {
  const targets = new Set<string>();
  for (const [name, xml] of parts) if (FIELD_PARTS.test(name) && xml.includes("HYPERLINK")) for (const t of hyperlinkFieldTargets(xml.toString("utf8"))) targets.add(t);
  emitChunks(ctx, scope, [...targets].join("\n"), { part: "hyperlink" });
  const glossary = parts.get("word/glossary/document.xml");
  if (glossary) emitChunks(ctx, scope, elementParagraphs(glossary.toString("utf8"), { text: "w:t", lineBreak: "w:br", paragraph: "w:p" }), { part: "glossary" });
  const settings = parts.get("word/settings.xml");
  if (!settings) return;
  let n = 0;
  const parser = boundedParser(
    {
      onopentag(name, a) {
        if (name !== "w:docVar" || n >= MAX_VARIABLES) return;
        const value = a["w:val"]?.trim();
        if (!value) return;
        n++;
        ctx.emit(scope, value, { part: "document variable", column: a["w:name"]?.slice(0, 100) || null });
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(settings.toString("utf8"));
  parser.end();
}
