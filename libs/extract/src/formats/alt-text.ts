/**
 * Alternative text of pictures, shapes, charts and tables in OOXML documents: the description and
 * title a screen reader speaks (DrawingML's `wp:docPr` in a DOCX, `p:cNvPr` in a PPTX,
 * `xdr:cNvPr` in a workbook's drawing: `descr="Badge photo of Jane Roe, employee 40123"`; VML's
 * `v:shape alt="…"` in older documents). No reader shows it on the page and officeparser leaves it
 * out (SheetJS too). Each part's alternative texts, each once, are one segment, `part: alt text`
 * (a slide's at its slide, a sheet's at its sheet). Shapes' names ("Picture 1") are not read.
 */
import path from "node:path";
import { boundedParser } from "./markup.ts";
import type { Ctx, Scope } from "../context.ts";
import { emitChunks } from "./text.ts";

/** A picture's or shape's alternative text: its non-visual properties' description and title, a VML shape's `alt`. */
export function altTexts(xml: string): string[] {
  const out = new Set<string>();
  const parser = boundedParser(
    {
      onopentag(name, a) {
        const local = name.slice(name.indexOf(":") + 1);
        const said = local === "docPr" || local === "cNvPr" ? [a.descr, a.title] : local === "shape" && name.startsWith("v:") ? [a.alt] : [];
        for (const t of said) if (t?.trim()) out.add(t.trim());
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return [...out];
}

/** The parts whose alternative text is read, by kind (and what places a PPTX's slides in order). */
export const ALT_TEXT_PARTS: Readonly<Record<string, RegExp>> = {
  docx: /^word\/(?:document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/,
  pptx: /^ppt\/(?:slides\/slide\d+\.xml|presentation\.xml|_rels\/presentation\.xml\.rels)$/,
};

/** A PPTX's slide parts in the deck's order (`p:sldIdLst`, through the presentation's relationships): part → slide number. */
function slideNumbers(parts: Map<string, Buffer>): Map<string, number> {
  const targets = new Map<string, string>();
  const rels = parts.get("ppt/_rels/presentation.xml.rels");
  const parse = (xml: Buffer | undefined, onopentag: (name: string, a: Record<string, string>) => void) => {
    if (!xml) return;
    const parser = boundedParser({ onopentag }, { xmlMode: true, decodeEntities: true });
    parser.write(xml.toString("utf8"));
    parser.end();
  };
  parse(rels, (name, a) => {
    if (name.endsWith("Relationship") && a.Id && a.Target) targets.set(a.Id, path.posix.normalize(a.Target.startsWith("/") ? a.Target.slice(1) : `ppt/${a.Target}`));
  });
  const out = new Map<string, number>();
  parse(parts.get("ppt/presentation.xml"), (name, a) => {
    const id = a["r:id"];
    const part = name === "p:sldId" && id ? targets.get(id) : undefined;
    if (part && !out.has(part)) out.set(part, out.size + 1);
  });
  return out;
}

/** Emits the alternative text of a DOCX's or PPTX's kept `parts`, a segment per part (a PPTX's at its slide). */
export function emitAltTexts(ctx: Ctx, scope: Scope, kind: string, parts: Map<string, Buffer>): void {
  const which = ALT_TEXT_PARTS[kind];
  if (!which) return;
  const slides = kind === "pptx" ? slideNumbers(parts) : new Map<string, number>();
  const names = [...parts.keys()].filter((n) => which.test(n) && !/presentation\.xml/.test(n)).sort((a, b) => (slides.get(a) ?? 0) - (slides.get(b) ?? 0) || a.localeCompare(b, "en", { numeric: true }));
  for (const name of names) {
    ctx.checkTime();
    const text = altTexts(parts.get(name)!.toString("utf8")).join("\n");
    const slide = slides.get(name);
    if (text) emitChunks(ctx, scope, text, slide ? { slide, part: "alt text" } : { part: "alt text" });
  }
}

/** What an ODF document's content keeps out of sight: alternative text, and conditionally hidden text. */
export interface OdfHidden {
  part: "alt text" | "hidden text";
  /** The slide (1-based `draw:page`) it is on, in a presentation. */
  slide: number | null;
  text: string;
}

/**
 * The alternative text of an ODT's or ODP's frames and shapes (`svg:title`, `svg:desc`), and the
 * text a condition hides (`text:hidden-paragraph`'s paragraph, `text:hidden-text`'s and
 * `text:conditional-text`'s values: a mail merge's "if the salary is shown" branch), which
 * officeparser does not read. Each text once per part and slide.
 */
export function odfHiddenTexts(xml: string): OdfHidden[] {
  const out: OdfHidden[] = [];
  const seen = new Set<string>();
  const add = (part: OdfHidden["part"], slide: number | null, text: string | undefined) => {
    const t = text?.trim();
    const key = `${part}\u0000${slide}\u0000${t}`;
    if (!t || seen.has(key)) return;
    seen.add(key);
    out.push({ part, slide, text: t });
  };
  let slide: number | null = null;
  let pages = 0;
  let inAlt = 0;
  let inHidden = 0;
  let current = "";
  const parser = boundedParser(
    {
      onopentag(name, a) {
        if (name === "draw:page") slide = ++pages;
        else if (name === "svg:title" || name === "svg:desc") [inAlt, current] = [inAlt + 1, ""];
        else if (name === "text:hidden-paragraph") [inHidden, current] = [inHidden + 1, ""];
        else if (name === "text:hidden-text") add("hidden text", slide, a["text:string-value"]);
        else if (name === "text:conditional-text") for (const k of ["text:string-value-if-true", "text:string-value-if-false"]) add("hidden text", slide, a[k]);
      },
      ontext(t) {
        if (inAlt || inHidden) current += t;
      },
      onclosetag(name) {
        if ((name === "svg:title" || name === "svg:desc") && inAlt) {
          inAlt--;
          add("alt text", slide, current);
          current = "";
        } else if (name === "text:hidden-paragraph" && inHidden) {
          inHidden--;
          add("hidden text", slide, current);
          current = "";
        } else if (name === "draw:page") slide = null;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return out;
}

/** Emits an ODT's or ODP's alternative and hidden texts (its kept `content.xml`), a segment per part and slide. */
export function emitOdfHidden(ctx: Ctx, scope: Scope, parts: Map<string, Buffer>): void {
  const content = parts.get("content.xml");
  if (!content) return;
  const groups = new Map<string, OdfHidden[]>();
  for (const h of odfHiddenTexts(content.toString("utf8"))) {
    const key = `${h.slide}\u0000${h.part}`;
    const group = groups.get(key);
    if (group) group.push(h);
    else groups.set(key, [h]);
  }
  for (const list of groups.values()) {
    const { part, slide } = list[0]!;
    emitChunks(ctx, scope, list.map((h) => h.text).join("\n"), slide ? { slide, part } : { part });
  }
}
