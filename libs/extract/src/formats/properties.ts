/**
 * A document's descriptive properties: its title, subject, keywords, description (Word's
 * "Comments") and the properties its author defined (OOXML `docProps/custom.xml`, ODF
 * `meta:user-defined`, a PDF Info dictionary's own keys; a DOC's summary: ole-properties.ts). No reader shows them on the page, and
 * they often say whom the file is about ("Salary review Jane Roe", a custom "EmployeeSSN"). Each
 * is a segment of its own, `part: property:<name>` as an Outlook message's properties are, so the
 * name is its value's label.
 *
 * The author and last editor are not read: nearly every Office file names the account that wrote
 * it, which would make every document a PERSON hit and say nothing about what it holds.
 */
import { boundedParser } from "./markup.ts";
import type { Ctx, Scope } from "../context.ts";
import { decodeText } from "../text-decode.ts";
import { emitChunks } from "./text.ts";

export interface Properties {
  title?: unknown;
  subject?: unknown;
  keywords?: unknown;
  description?: unknown;
  /** User-defined properties by name: strings and numbers are read, dates and flags are not. */
  custom?: Record<string, unknown>;
}

/** More user-defined properties than this are not read (a file can define thousands). */
const MAX_CUSTOM = 200;
/** A property's name is cut to this many characters. */
const MAX_NAME = 100;

export function emitProperties(ctx: Ctx, scope: Scope, p: Properties): void {
  const named: Array<[string, unknown]> = [["title", p.title], ["subject", p.subject], ["keywords", p.keywords], ["description", p.description], ...Object.entries(p.custom ?? {}).slice(0, MAX_CUSTOM)];
  for (const [name, value] of named) {
    const text = typeof value === "string" ? value.trim() : typeof value === "number" && Number.isFinite(value) ? String(value) : "";
    if (text !== "") emitChunks(ctx, scope, text, { part: `property:${name.slice(0, MAX_NAME)}` });
  }
}

const CORE: Record<string, "title" | "subject" | "keywords" | "description"> = { "dc:title": "title", "dc:subject": "subject", "cp:keywords": "keywords", "dc:description": "description" };

/**
 * An OPC package's properties, from its parts (for the packages officeparser does not read: Visio,
 * XPS): `docProps/core.xml`'s title, subject, keywords and description, `docProps/custom.xml`'s
 * properties but those `ownCustom` names (an application's own: Visio's build number).
 */
export function packageProperties(parts: Map<string, Buffer>, ownCustom?: RegExp): Properties {
  const out: Properties & { custom: Record<string, string> } = { custom: {} };
  const read = (part: string, on: { open(name: string, a: Record<string, string>): void; text(t: string): void; close(name: string): void }) => {
    const xml = parts.get(part);
    if (!xml) return;
    const parser = boundedParser({ onopentag: on.open, ontext: on.text, onclosetag: on.close }, { xmlMode: true, decodeEntities: true });
    parser.write(decodeText(xml).text);
    parser.end();
  };
  let field: "title" | "subject" | "keywords" | "description" | null = null;
  read("docProps/core.xml", {
    open: (name) => void (field = CORE[name] ?? null),
    text: (t) => void (field && (out[field] = `${(out[field] as string | undefined) ?? ""}${t}`)),
    close: () => void (field = null),
  });
  let name: string | null = null;
  read("docProps/custom.xml", {
    open: (tag, a) => void (tag === "property" && (name = a.name ?? null)),
    text: (t) => void (name !== null && !ownCustom?.test(name) && (out.custom[name] = (out.custom[name] ?? "") + t)),
    close: (tag) => void (tag === "property" && (name = null)),
  });
  return out;
}
