/**
 * Text a presentation's masters and layouts show on its slides: a shape someone typed into the
 * slide master ("Prepared by Jane Roe, HR — jane.roe@acme-corp.com", "Confidential: payroll
 * 2026") is drawn on every slide that uses it, and no slide holds it. officeparser reads the
 * slides only (Tika's testPPT_masterText.pptx: "Text that I added to the master slide" unread;
 * testMasterFooter.odp: 0 characters).
 *
 * Placeholders are left out: on a master they hold the prompts a slide's own text replaces
 * ("Click to edit Master title style"), and a slide's own text is read with the slide. Read:
 * - PPTX (`ppt/slideMasters/*.xml`, `ppt/slideLayouts/*.xml`): every `a:t` outside a shape
 *   whose properties name a placeholder (`p:ph`), a line per paragraph, without fields (`a:fld`:
 *   the slide number's "‹#›", a date);
 * - ODP (`styles.xml`, its `style:master-page`s): text in frames and shapes that are no
 *   placeholder (`presentation:placeholder="true"`, or the title, outline, subtitle, notes and
 *   page-image classes), a line per paragraph, without fields (`<number>`, dates); and the
 *   footers and headers its slides show by name (`presentation:footer-decl` in `content.xml`
 *   or `styles.xml`: "© Copyright 2009 Alan S Berger" in Tika's testODP_NPE.odp, unread).
 * Each line once, in order; one segment per package, `part: master`.
 */
import { boundedParser } from "./markup.ts";
import type { Ctx, Scope } from "../context.ts";
import { ODF_FIELDS } from "./sheet-drawings.ts";
import { emitChunks } from "./text.ts";

/** The parts that hold a presentation's masters and layouts, by kind. */
export const MASTER_PARTS: Readonly<Record<string, RegExp>> = {
  pptx: /^ppt\/slide(?:Masters\/slideMaster|Layouts\/slideLayout)\d*\.xml$/,
  odp: /^(?:styles|content)\.xml$/,
};

/** ODP classes whose frames are prompts a slide fills in. */
const ODP_PLACEHOLDER_CLASSES = new Set(["title", "outline", "subtitle", "notes", "page", "handout"]);
/** ODP fields: what they show is computed when drawn (a page number, a date), not written. */
const ODP_FIELDS: ReadonlySet<string> = new Set([...ODF_FIELDS, "presentation:date-time", "presentation:footer", "presentation:header"]);

/** A PPTX master's or layout's lines outside placeholders. */
export function pptxMasterLines(xml: string): string[] {
  const lines: string[] = [];
  /** One entry per open shape (`p:sp`): whether it is a placeholder. */
  const shapes: boolean[] = [];
  let inText = 0;
  let inField = 0;
  let line = "";
  const inPlaceholder = () => shapes.includes(true);
  const parser = boundedParser(
    {
      onopentag(name) {
        if (name === "p:sp") shapes.push(false);
        else if (name === "p:ph" && shapes.length) shapes[shapes.length - 1] = true;
        else if (name === "a:t") inText++;
        else if (name === "a:fld") inField++;
      },
      ontext(t) {
        if (inText && !inField && !inPlaceholder()) line += t;
      },
      onclosetag(name) {
        if (name === "a:t") inText = Math.max(0, inText - 1);
        else if (name === "a:fld") inField = Math.max(0, inField - 1);
        else if (name === "a:p" || name === "a:br") {
          if (line.trim()) lines.push(line.trim());
          line = "";
        } else if (name === "p:sp") shapes.pop();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return lines;
}

/** An ODP's master pages' lines outside placeholders (from `styles.xml`), and its declared footers and headers. */
export function odpMasterLines(xml: string): string[] {
  const lines: string[] = [];
  let inMaster = 0;
  let inDecl = 0;
  let decl = "";
  /** One entry per open frame or shape: whether it is a placeholder. */
  const frames: boolean[] = [];
  let inField = 0;
  let line = "";
  const parser = boundedParser(
    {
      onopentag(name, attrs) {
        if (name === "presentation:footer-decl" || name === "presentation:header-decl") {
          inDecl++;
          decl = "";
        } else if (name === "style:master-page") inMaster++;
        else if (!inMaster) return;
        else if (name === "draw:frame" || name === "draw:custom-shape" || name === "draw:rect" || name === "draw:text-box") {
          const cls = attrs["presentation:class"];
          frames.push(attrs["presentation:placeholder"] === "true" || (cls !== undefined && ODP_PLACEHOLDER_CLASSES.has(cls)));
        } else if (ODP_FIELDS.has(name)) inField++;
        else if (name === "text:s" || name === "text:tab" || name === "text:line-break") line += " ";
      },
      ontext(t) {
        if (inDecl) decl += t;
        else if (inMaster && frames.length && !inField && !frames.includes(true)) line += t;
      },
      onclosetag(name) {
        if (name === "presentation:footer-decl" || name === "presentation:header-decl") {
          inDecl = Math.max(0, inDecl - 1);
          if (decl.trim()) lines.push(decl.replace(/\s+/g, " ").trim());
        } else if (name === "style:master-page") inMaster = Math.max(0, inMaster - 1);
        else if (!inMaster) return;
        else if (name === "draw:frame" || name === "draw:custom-shape" || name === "draw:rect" || name === "draw:text-box") frames.pop();
        else if (ODP_FIELDS.has(name)) inField = Math.max(0, inField - 1);
        else if (name === "text:p" || name === "text:h") {
          if (line.trim()) lines.push(line.replace(/\s+/g, " ").trim());
          line = "";
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return lines;
}

/** Emits the text of a presentation's masters and layouts among its kept `parts` as one segment, `part: master`. */
export function emitMasters(ctx: Ctx, scope: Scope, kind: string, parts: Map<string, Buffer>): void {
  const partsRx = MASTER_PARTS[kind];
  if (partsRx === undefined) return;
  const read = kind === "odp" ? odpMasterLines : pptxMasterLines;
  const seen = new Set<string>();
  const lines: string[] = [];
  // (in the parts' order by name and number: slideLayout2 before slideLayout10)
  const names = [...parts.keys()].filter((n) => partsRx.test(n)).sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  for (const name of names) {
    ctx.checkTime();
    for (const l of read(parts.get(name)!.toString("utf8"))) {
      if (seen.has(l)) continue;
      seen.add(l);
      lines.push(l);
    }
  }
  emitChunks(ctx, scope, lines.join("\n"), { part: "master" });
}
