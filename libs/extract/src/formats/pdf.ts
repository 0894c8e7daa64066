/**
 * PDF: pdf.js (pdfjs-dist legacy build, eval disabled, no font loading, no network). One segment per
 * page with its 1-based `page`. Pages without a text layer go to OCR when it is on (ocr.ts). A
 * filled form's values (AcroForm text fields and choices) are no part of the page's text layer:
 * each is a segment of its own on its page, `part` "form field", named by the field's tooltip or
 * name as `column`, which the detectors read as its label. Nor are comments (sticky notes, free
 * text): each is a segment on its page, `part` "comment", its author's name (/T) its first line. The Info dictionary's title, subject,
 * keywords and own keys are the document's properties (properties.ts), and so are its XMP
 * metadata's where they differ (`xmpProperties`). The outline's bookmarks are one segment, `part: bookmark`;
 * a link's target the page's text does not show, `part: hyperlink` on its page.
 */
import { createRequire } from "node:module";
import path from "node:path";
import type { Ctx, Scope } from "../context.ts";
import { Encrypted, Stop, errorMessage, withinBudget } from "../context.ts";
import { attachmentName, readAttachment } from "./mail-parts.ts";
import { emitProperties, type Properties } from "./properties.ts";
import { emitChunks } from "./text.ts";
import { mendCutPdf } from "./pdf-repair.ts";
import { emptyFlateBombs } from "./pdf-streams.ts";
import type { Format } from "../format.ts";

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

/** pdf.js's own data folders (CMaps, standard fonts, JBIG2/JPEG 2000 decoders), read from disk. */
const PDFJS_DIR = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
const PDFJS_DATA = {
  cMapUrl: path.join(PDFJS_DIR, "cmaps") + path.sep,
  cMapPacked: true,
  standardFontDataUrl: path.join(PDFJS_DIR, "standard_fonts") + path.sep,
  wasmUrl: path.join(PDFJS_DIR, "wasm") + path.sep,
};
let pdfjsP: Promise<PdfJs> | null = null;

export function loadPdfJs(): Promise<PdfJs> {
  pdfjsP ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfjsP;
}

interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
}

/** What pdf.js reports of an annotation (`getAnnotations`): a form field's widget, a comment. */
interface WidgetLike {
  annotationType?: number;
  fieldType?: string;
  fieldName?: string;
  fieldValue?: unknown;
  alternativeText?: string;
  contentsObj?: { str?: string };
  /** A markup annotation's author (/T). */
  titleObj?: { str?: string };
  /** A markup annotation's rich text (/RC), as pdf.js parses it. */
  richText?: { str?: string } | null;
}

/** pdf.js's AnnotationType: WIDGET, and POPUP (which repeats its parent's text). */
const WIDGET = 20;
const POPUP = 16;

/**
 * The text of a page's comments (sticky notes, free text, a highlight's note: any annotation's
 * contents but a form field's and a popup's), each once.
 */
export function commentTexts(annotations: readonly WidgetLike[]): string[] {
  const out = new Set<string>();
  for (const a of annotations) {
    if (a.annotationType === WIDGET || a.annotationType === POPUP) continue;
    // (a free-text box may hold its text only as rich text, /RC, and no /Contents)
    const t = a.contentsObj?.str?.trim() || a.richText?.str?.trim();
    // (its author's name first, as a DOCX's and a PPT's comments are read: the /T of a markup annotation)
    const author = a.titleObj?.str?.trim();
    if (t) out.add(author ? `${author}\n${t}` : t);
  }
  return [...out];
}

/**
 * The properties in a PDF's XMP metadata (its catalog's /Metadata stream: what Acrobat shows as
 * the document's description, and keeps beside the Info dictionary), as pdf.js parses them (names
 * lower-cased, the custom ones' names taken as written from the `raw` packet): the title,
 * description, subject's keywords and PDF keywords, and the custom properties Acrobat writes in
 * its `pdfx:` namespace. Not the creator (the author, as in every
 * format: properties.ts), the tools and the dates. A value the Info dictionary already gave is
 * not read again.
 */
export function xmpProperties(xmp: Record<string, unknown>, info: { title?: unknown; subject?: unknown; keywords?: unknown; custom?: Record<string, unknown> }, raw = ""): Properties {
  const written = new Map<string, string>();
  for (const m of raw.matchAll(/<pdfx:([\w.-]{1,100})/g)) written.set(m[1]!.toLowerCase(), m[1]!);
  const known = new Set([info.title, info.subject, info.keywords, ...Object.values(info.custom ?? {})].filter((v) => typeof v === "string").map((v) => (v as string).trim()));
  const text = (v: unknown) => {
    const t = (Array.isArray(v) ? v.filter((x) => typeof x === "string").join(", ") : typeof v === "string" ? v : "").trim();
    return t === "" || known.has(t) ? undefined : t;
  };
  const custom: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(xmp)) if (name.startsWith("pdfx:")) custom[written.get(name.slice(5)) ?? name.slice(5)] = text(value);
  // (XMP has no subject of its own: Acrobat writes the Info dictionary's /Subject as dc:description)
  return { title: text(xmp["dc:title"]), description: text(xmp["dc:description"]), keywords: text(xmp["pdf:keywords"]) ?? text(xmp["dc:subject"]), custom };
}

/** Bookmarks past this many are not read (a book's outline has hundreds; pdf.js reads them all first). */
const MAX_BOOKMARKS = 10_000;

/**
 * The document's outline (bookmarks): titles its author typed, which need not be on any page
 * ("Jane Roe – disciplinary hearing", "Appendix: medical certificate"). One segment, a title a
 * line, in the outline's order, `part: bookmark`.
 */
async function emitOutline(doc: PdfDoc, scope: Scope, ctx: Ctx): Promise<void> {
  let outline: OutlineItem[] | null;
  try {
    outline = (await withinBudget(ctx, doc.getOutline())) as OutlineItem[] | null;
  } catch (e) {
    // (a broken outline is no reason to lose the pages read: the bookmarks are a bonus)
    if (e instanceof Stop) throw e;
    return;
  }
  const lines: string[] = [];
  const stack: OutlineItem[] = [...(outline ?? [])].reverse();
  while (stack.length && lines.length < MAX_BOOKMARKS) {
    const item = stack.pop()!;
    if (typeof item.title === "string" && item.title.trim()) lines.push(item.title.trim());
    if (Array.isArray(item.items)) for (let k = item.items.length - 1; k >= 0; k--) stack.push(item.items[k]!);
  }
  emitChunks(ctx, scope, lines.join("\n"), { part: "bookmark" });
}

interface OutlineItem {
  title?: unknown;
  items?: OutlineItem[];
}

/** pdf.js's AnnotationType: LINK. */
const LINK = 2;

/**
 * The targets of a page's links whose text the page does not show ("write to the case
 * officer" linking mailto:jane.roe@…), each once, as a DOCX's hyperlinks are read.
 */
export function linkTargets(annotations: readonly WidgetLike[], pageText: string): string[] {
  const out = new Set<string>();
  for (const a of annotations as Array<WidgetLike & { url?: unknown }>) {
    if (a.annotationType !== LINK || typeof a.url !== "string" || a.url.trim() === "") continue;
    const url = a.url.trim();
    if (!pageText.includes(url.replace(/^mailto:/i, "").split("?")[0]!)) out.add(url);
  }
  return [...out];
}

/** The filled text fields and choices of a page: value and label (tooltip, else the field's name). */
export function formValues(annotations: readonly WidgetLike[]): Array<{ value: string; label: string | null }> {
  const out: Array<{ value: string; label: string | null }> = [];
  for (const a of annotations) {
    if (a.annotationType !== WIDGET || (a.fieldType !== "Tx" && a.fieldType !== "Ch")) continue;
    const v = Array.isArray(a.fieldValue) ? a.fieldValue.filter((x) => typeof x === "string").join(", ") : a.fieldValue;
    if (typeof v !== "string" || v.trim() === "") continue;
    const label = a.alternativeText?.trim() || a.fieldName?.trim() || null;
    out.push({ value: v.trim(), label });
  }
  return out;
}

export const pdfFormat: Format = {
  kinds: ["pdf"],
  library: "pdfjs-dist (legacy build, isEvalSupported: false)",
  async extract(raw, scope, ctx) {
    const bytes = emptyFlateBombs(raw, ctx, scope);
    let task;
    let doc;
    try {
      ({ task, doc } = await openPdf(bytes, ctx));
    } catch (e) {
      // A file cut short (a download or a copy that stopped) has lost its trailer, and pdf.js its
      // way to the catalog: an end put back that names it lets it read the rest (pdf-repair.ts).
      const mended = e instanceof Encrypted || e instanceof Stop ? null : mendCutPdf(bytes);
      if (mended === null) throw e;
      try {
        ({ task, doc } = await openPdf(mended.bytes, ctx));
      } catch {
        throw e;
      }
      ctx.reason("corrupt", `pdf: cut short (no end-of-file marker, ${errorMessage(e)}); read with a cross-reference stream of the objects left put back, its catalog object ${mended.catalog}`, scope.path);
    }
    try {
      const attached = await readPages(doc, scope, ctx);
      const { info, metadata } = await withinBudget(ctx, doc.getMetadata());
      // (pdf.js gives the dictionary's own keys as a Map)
      const i = info as { Title?: unknown; Subject?: unknown; Keywords?: unknown; Custom?: Map<string, unknown> };
      const fromInfo = { title: i.Title, subject: i.Subject, keywords: i.Keywords, custom: i.Custom instanceof Map ? Object.fromEntries(i.Custom) : undefined };
      emitProperties(ctx, scope, fromInfo);
      // (pdf.js's Metadata iterates over its entries, their names lower-cased; the raw packet has them as written)
      const xmp = metadata && Symbol.iterator in metadata ? Object.fromEntries(metadata as unknown as Iterable<[string, unknown]>) : {};
      const raw = (metadata as { getRaw?(): unknown } | null)?.getRaw?.();
      emitProperties(ctx, scope, xmpProperties(xmp, fromInfo, typeof raw === "string" ? raw : ""));
      await emitOutline(doc, scope, ctx);
      // Attached files: the document's (its EmbeddedFiles: a ZUGFeRD or Factur-X invoice's XML, a
      // portfolio's files) and its pages' file attachment annotations, as members. pdf.js gives
      // their names (a Map, by id) and each one's bytes on request.
      const named = (await withinBudget(ctx, doc.getAttachments())) as Map<string, AttachedFile> | null;
      const ids = [...(named?.entries() ?? []), ...attached.map((a) => [a.fileId, a.file] as const)];
      for (const [i, [id, file]] of ids.entries()) {
        ctx.checkTime();
        const content = (await withinBudget(ctx, doc.getAttachmentContent(id))) as Uint8Array | undefined;
        if (!(content instanceof Uint8Array)) continue;
        if (!(await readAttachment(ctx, scope, attachmentName(file?.filename, i), content))) break;
      }
    } finally {
      void task.destroy();
    }
  },
};

/** pdf.js's reading of a document, hardened; a password or an unknown security handler is `Encrypted`. */
async function openPdf(bytes: Uint8Array, ctx: Ctx) {
  const pdfjs = await loadPdfJs();
  // pdf.js 6.x has no eval code path left (the option was removed); isEvalSupported: false is still
  // passed so that a downgrade can never silently turn it back on.
  const hardening = { isEvalSupported: false } as Record<string, unknown>;
  const task = pdfjs.getDocument({
    ...hardening,
    ...PDFJS_DATA,
    data: new Uint8Array(bytes), // pdf.js may detach the buffer it is given
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    return { task, doc: await withinBudget(ctx, task.promise) };
  } catch (e) {
    void task.destroy();
    if (e instanceof Error && e.name === "PasswordException") throw new Encrypted("PDF needs a password");
    // (a rights-management wrapper: Microsoft IRM's "MicrosoftIRMServices" security handler)
    if (e instanceof Error && /unknown encryption method/i.test(e.message)) throw new Encrypted("PDF encrypted by a security handler pdf.js does not know (rights management)");
    throw e;
  }
}

type PdfDoc = Awaited<ReturnType<PdfJs["getDocument"]>["promise"]>;

/** A file attached to a PDF, as pdf.js describes it (`getAttachments`, a file attachment annotation's `file`). */
interface AttachedFile {
  filename?: string;
}

const FILE_ATTACHMENT = 17;

type PdfPage = Awaited<ReturnType<PdfDoc["getPage"]>>;

/**
 * A page's text, read from pdf.js's stream of it chunk by chunk, the time budget and the room left
 * for characters checked at each. pdf.js runs on promises alone (its fake worker posts its messages
 * as microtasks, its evaluator yields by resolved promises), so while it makes a page's text no
 * timer fires, withinBudget's neither: a 3 KB page drawing a form that draws another ten times,
 * nine deep (10^9 draws), held the thread until the pool killed the worker, and every page and
 * member read before was lost with it. At the budget the stream is cancelled (pdf.js ends the
 * page's task) and what the page gave so far is kept; past the character room, read no further.
 */
async function pageText(page: PdfPage, p: number, scope: Scope, ctx: Ctx): Promise<string> {
  const reader = page.streamTextContent().getReader() as ReadableStreamDefaultReader<{ items: TextItemLike[] }>;
  const room = ctx.limits.maxChars - ctx.chars;
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text;
    for (const it of value.items) if (typeof it.str === "string") text += it.str + (it.hasEOL ? "\n" : "");
    if (text.length > room) {
      void reader.cancel();
      return text;
    }
    if (Date.now() > ctx.deadline) {
      void reader.cancel();
      if (/\S/.test(text)) ctx.emit(scope, text.trim(), { page: p });
      throw new Stop("limit_time", `time budget of ${ctx.limits.timeBudgetMs} ms spent (in the text of page ${p})`);
    }
  }
}

/** Reads the pages' text, form fields and comments; returns the files their annotations attach. */
async function readPages(doc: PdfDoc, scope: Scope, ctx: Ctx): Promise<Array<{ fileId: string; file?: AttachedFile }>> {
  const noText: number[] = [];
  const attached: Array<{ fileId: string; file?: AttachedFile }> = [];
  for (let p = 1; p <= doc.numPages; p++) {
    ctx.checkTime();
    const page = await withinBudget(ctx, doc.getPage(p));
    const text = await pageText(page, p, scope, ctx);
    if (/\S/.test(text)) ctx.emit(scope, text.trim(), { page: p });
    else noText.push(p);
    const annotations = (await withinBudget(ctx, page.getAnnotations())) as WidgetLike[];
    for (const f of formValues(annotations)) ctx.emit(scope, f.value, { page: p, part: "form field", column: f.label });
    for (const c of commentTexts(annotations)) ctx.emit(scope, c, { page: p, part: "comment" });
    for (const url of linkTargets(annotations, text)) ctx.emit(scope, url, { page: p, part: "hyperlink" });
    for (const a of annotations as Array<WidgetLike & { fileId?: string; file?: AttachedFile }>) if (a.annotationType === FILE_ATTACHMENT && typeof a.fileId === "string") attached.push({ fileId: a.fileId, file: a.file });
    page.cleanup();
  }
  if (noText.length > 0 && ctx.limits.ocr) {
    const { ocrPdfPages } = await import("./ocr.ts");
    await ocrPdfPages(doc, noText, scope, ctx);
  }
  return attached;
}
