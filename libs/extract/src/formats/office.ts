/**
 * Office documents and presentations: DOCX, ODT, RTF, PPTX, ODP (and the macro-enabled, template
 * and slide-show variants of DOCX and PPTX, detect.ts) through officeparser (its AST
 * gives slides their numbers and headers/footers/notes their part), legacy DOC through
 * word-extractor. Tracked deletions of DOCX and ODT, which officeparser (as any reader) leaves
 * out, are read from their XML parts (`part: deleted text`), and the document's properties
 * (properties.ts) from officeparser's metadata (a DOC's from its SummaryInformation stream:
 * ole-properties.ts). OOXML and ODF files are ZIP packages: their members are inflated once under
 * the archive limits (ratio, total bytes, entries — enforced on the bytes actually inflated)
 * before the parser sees them, so a bomb dressed as a document is stopped the same way.
 */
import CFB from "cfb";
import { readCfb } from "../ole-scan.ts";
import { boundedParser } from "./markup.ts";
import iconv from "iconv-lite";
import { OfficeParser } from "officeparser";
import "./word-extractor-fix.ts"; // must load before word-extractor
import WordExtractor from "word-extractor";
import { Encrypted, errorMessage, Stop, withinBudget, type Ctx, type Scope } from "../context.ts";
import { NoText, type Format } from "../format.ts";
import { ALT_TEXT_PARTS, emitAltTexts, emitOdfHidden } from "./alt-text.ts";
import { CHART_PARTS, emitCharts } from "./charts.ts";
import { CUSTOM_XML_PARTS, DOCX_EXTRA_PARTS, emitDocxExtras, readCustomXml } from "./docx-extras.ts";
import { EMBEDDED_PARTS, readEmbedded } from "./embedded.ts";
import { emitMasters, MASTER_PARTS } from "./masters.ts";
import { openedWithBuiltInPassword } from "./office-crypto.ts";
import { readPackages } from "./ole-package.ts";
import { readRtfObjects } from "./rtf-objects.ts";
import { rtfAltTexts, rtfProperties, rtfText } from "./rtf-text.ts";
import { checkPackage, withPartsReplaced } from "./package-guard.ts";
import { oleSummaryProperties } from "./ole-properties.ts";
import { emitProperties } from "./properties.ts";
import { emitChunks } from "./text.ts";

interface Node {
  type: string;
  text?: string;
  children?: Node[];
  /** Review comments and notes (footnotes, endnotes, speaker notes) officeparser attaches to the node they belong to. */
  comments?: Node[];
  notes?: Node[];
  metadata?: { slideNumber?: number; author?: string; link?: string };
}

/**
 * The comments (each its author's name, then its text, as a PPT's are read) and notes attached
 * anywhere under `nodes`, in document order, and the targets of links whose text does not show them. officeparser 8 hangs them on the node they belong
 * to (`node.comments`, `node.notes`), outside its children, and they were never read: a DOCX's
 * review comments and footnotes, a presentation's comments and speaker notes.
 */
function attachedTexts(nodes: readonly Node[], out: Attached = { comment: [], note: [], hyperlink: [] }): Attached {
  for (const n of nodes) {
    for (const c of n.comments ?? []) {
      if (c.metadata?.author) out.comment.push(c.metadata.author);
      out.comment.push(textOf(c));
    }
    for (const note of n.notes ?? []) out.note.push(textOf(note));
    // A link's target when its text does not show it ("write to Jane" linking mailto:jane.roe@…)
    const link = n.metadata?.link;
    if (link && !link.startsWith("#") && !(n.text ?? "").includes(link.replace(/^mailto:/i, "").split("?")[0]!) && !out.hyperlink.includes(link)) out.hyperlink.push(link);
    if (n.children) attachedTexts(n.children, out);
  }
  return out;
}

interface Attached {
  comment: string[];
  note: string[];
  hyperlink: string[];
}

/** Emits the comments and notes under `nodes`, each part one chunked text (on `slide` when they are a slide's). */
function emitAttached(ctx: Ctx, scope: Scope, nodes: readonly Node[], slide?: number): void {
  const texts = attachedTexts(nodes);
  for (const part of ["comment", "note", "hyperlink"] as const) {
    const text = texts[part].filter((t) => /\S/.test(t)).join("\n");
    if (text) emitChunks(ctx, scope, text, slide ? { slide, part } : { part });
  }
}

const PARTS = new Set(["header", "footer", "note", "comment"]);

/** A node's text: a paragraph's runs joined as they are, a row's cells by tabs, anything else's parts (paragraphs, rows, items) by line ends. */
function textOf(n: Node): string {
  if (n.children?.length) {
    const sep = n.type === "row" ? "\t" : n.children.every((c) => c.type === "text") ? "" : "\n";
    return n.children.map(textOf).filter(Boolean).join(sep);
  }
  return n.text ?? "";
}

/**
 * Emits the AST: one chunked text per slide, per part (header, footer, note, comment) and for the
 * body. officeparser keeps a DOCX's, ODT's and RTF's headers and footers out of the content, in
 * `auxiliary` (a letterhead, "Prepared for …", a signature line in the footer); a presentation's
 * slide masters, also there, hold the template's prompts ("Click to edit Master title style") and
 * are not read.
 */
function emitAst(ctx: Ctx, scope: Scope, content: Node[], auxiliary: { headers?: Node[]; footers?: Node[] } = {}): void {
  for (const [part, nodes] of [["header", auxiliary.headers], ["footer", auxiliary.footers]] as const) {
    if (nodes?.length) emitChunks(ctx, scope, nodes.map(textOf).filter(Boolean).join("\n"), { part });
  }
  const body: string[] = [];
  for (const n of content) {
    ctx.checkTime();
    if (n.type === "slide") {
      const slide = n.metadata?.slideNumber;
      emitChunks(ctx, scope, textOf(n), slide ? { slide } : {});
      emitAttached(ctx, scope, [n], slide);
    } else if (PARTS.has(n.type)) {
      emitChunks(ctx, scope, textOf(n), { part: n.type });
    } else {
      body.push(textOf(n));
    }
  }
  emitChunks(ctx, scope, body.filter(Boolean).join("\n"));
  emitAttached(ctx, scope, content.filter((n) => n.type !== "slide"));
}

/**
 * Where a format keeps text deleted with track changes on, which stays in the file until the
 * change is accepted and which no reader shows: the parts that may hold deletions, the element
 * of one deletion, and inside it the elements of its text (DOCX: `w:delText` in `w:del`, in the
 * body, headers, footers, notes and comments) or all its text but an element's (ODT: a
 * `text:deletion`'s paragraphs, not its `office:change-info`, in content.xml).
 */
interface Deletions {
  parts: RegExp;
  marker: string;
  deletion: string;
  text: string | null;
  skip: string | null;
}
const DELETIONS: Partial<Record<string, Deletions>> = {
  docx: { parts: /^word\/(?:document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/, marker: "w:delText", deletion: "w:del", text: "w:delText", skip: null },
  odt: { parts: /^content\.xml$/, marker: "text:deletion", deletion: "text:deletion", text: null, skip: "office:change-info" },
};

/** The tracked deletions of one XML part: one line per deletion (a deleted paragraph a line of its own), in document order. */
export function deletedText(xml: string, d: Deletions): string {
  const out: string[] = [];
  let inDeletion = 0;
  let inText = 0;
  let skipped = 0;
  let current = "";
  const parser = boundedParser(
    {
      onopentag(name) {
        if (name === d.deletion) inDeletion++;
        else if (name === d.text) inText++;
        else if (name === d.skip) skipped++;
      },
      ontext(t) {
        if (inDeletion > 0 && skipped === 0 && (d.text === null || inText > 0)) current += t;
      },
      onclosetag(name) {
        if (name === d.text) inText = Math.max(0, inText - 1);
        else if (name === d.skip) skipped = Math.max(0, skipped - 1);
        else if ((name === "text:p" || name === "text:h") && inDeletion > 0 && current !== "") current += "\n";
        else if (name === d.deletion) {
          inDeletion = Math.max(0, inDeletion - 1);
          if (current.trim() !== "") out.push(current.trim());
          current = "";
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  if (current.trim() !== "") out.push(current.trim());
  return out.join("\n");
}

/**
 * A DOCX part's ruby (`<w:ruby>`: a phonetic guide, furigana over a Japanese name, pinyin over a
 * Chinese one) as the text of its run: the base text, then the reading in brackets
 * ("東京(とうきょう)", as Tika writes it). officeparser skips a run's `w:ruby`, and with it the
 * base text: Tika's testWORD_phonetic.docx, "東京" under its reading, gave 0 characters.
 */
export function rubyAsText(xml: string): string {
  // (an element's content stops at its end tag or at the next start tag of its kind: a start tag
  // with no end tag after it no longer sends the search to the part's end, once per tag)
  const texts = (s: string | undefined) => [...(s ?? "").matchAll(/<w:t(?:\s[^<>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join("");
  return xml.replace(/<w:ruby>((?:(?!<\/?w:ruby>)[^])*)<\/w:ruby>/g, (_, inner: string) => {
    const base = texts(/<w:rubyBase>((?:(?!<\/?w:rubyBase>)[^])*)<\/w:rubyBase>/.exec(inner)?.[1]);
    const reading = texts(/<w:rt>((?:(?!<\/?w:rt>)[^])*)<\/w:rt>/.exec(inner)?.[1]);
    return `<w:t xml:space="preserve">${base}${reading ? `(${reading})` : ""}</w:t>`;
  });
}

/**
 * Whether a Word 97–2003 document is encrypted (a password to open it): FibBase.fEncrypted, bit 8
 * of the flags at 0x0A of its WordDocument stream's FIB ([MS-DOC] 2.5.2; XOR obfuscation sets it too).
 * Its text is then RC4 or XOR ciphertext, which word-extractor read as a corrupt file.
 */
function wordEncrypted(fib: Buffer): boolean {
  return fib.length >= 12 && fib.readUInt16LE(0) === 0xa5ec && (fib.readUInt16LE(0x0a) & 0x0100) !== 0; // (wIdent: a FIB at all)
}

/**
 * A Word 6.0 or Word 95 document's text, which word-extractor does not read ("Invalid magic
 * number: a5dc"; it reads Word 97 and later). Unless it was fast-saved (fComplex: its text in
 * pieces), its text is one run of 8-bit characters, from fcMin to fcMac of its WordDocument
 * stream ([MS-DOC]'s predecessor, the Word 6 FIB): the body, then notes and headers. Null for
 * another document; a fast-saved one is no text here (NoText).
 */
/** Word's marks in its text that are no characters: a field's begin, separator and end, an object's and a picture's anchor. */
const WORD_MARKS = new Set([0x01, 0x08, 0x13, 0x14, 0x15]);

function word6Text(fib: Buffer): string | null {
  if (fib.length < 0x20 || fib.readUInt16LE(0) !== 0xa5dc) return null;
  const flags = fib.readUInt16LE(0x0a);
  if (flags & 0x0100) throw new Encrypted("Word 6.0/95 document is encrypted (a password to open it)");
  if (flags & 0x0004) throw new NoText("fast-saved Word 6.0/95 document (its text in pieces)");
  const [from, to] = [fib.readUInt32LE(0x18), fib.readUInt32LE(0x1c)];
  if (from > to || to > fib.length) throw new Error(`Word 6.0/95 text at ${from}–${to} is outside its ${fib.length}-byte stream`);
  // (paragraph and cell marks are line ends and tabs; a field's marks, its instructions' brackets, go)
  const text = fib.subarray(from, to).map((b) => (b === 0x0d ? 0x0a : b === 0x07 ? 0x09 : b));
  return iconv.decode(text.filter((b) => !WORD_MARKS.has(b)), "win1252");
}

/** The root streams word-extractor looks up by their exact names. */
const WORD_STREAMS = ["WordDocument", "1Table", "0Table", "Data", "\u0005SummaryInformation", "\u0005DocumentSummaryInformation", "\u0001CompObj"];

/**
 * Gives a DOC's root streams named in another case ("worddocument", "1TABLE": a compound file's
 * names are case-insensitive, and some writers use them so) Word's names, which word-extractor
 * looks up as they are ("Attempt to access memory outside buffer bounds" otherwise, on Tika's
 * casing test files). Whether any was renamed.
 */
function giveWordNames(cfb: CFB.CFB$Container): boolean {
  const root = cfb.FullPaths[0]!;
  let renamed = false;
  cfb.FullPaths.forEach((full, i) => {
    const name = full.slice(root.length);
    const word = WORD_STREAMS.find((w) => w.toLowerCase() === name.toLowerCase());
    if (word === undefined || word === name) return;
    cfb.FileIndex[i]!.name = word;
    cfb.FullPaths[i] = root + word;
    renamed = true;
  });
  return renamed;
}

export const officeFormat: Format = {
  kinds: ["docx", "odt", "rtf", "pptx", "odp", "odg", "doc", "ooxml-encrypted"],
  library: "officeparser (DOCX, ODT, RTF, PPTX, ODP, ODG), word-extractor (DOC)",
  async extract(bytes, scope, ctx, info) {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (info.kind === "ooxml-encrypted") {
      // (the decrypted package is the same file: read as what it is, one level deeper against nesting)
      const plain = await openedWithBuiltInPassword(buf);
      if (!plain) throw new Encrypted("password-protected Office document (OOXML encrypted package)");
      await ctx.recurse(plain, info.filename, { ...scope, depth: scope.depth + 1 });
      return;
    }
    if (info.kind === "doc") {
      // (the container read once: its stream names mended, the FIB read for the version and encryption)
      const cfb = readCfb(buf);
      const doc97 = giveWordNames(cfb) ? Buffer.from(CFB.write(cfb, { type: "buffer" }) as Uint8Array) : buf;
      const fib = Buffer.from((CFB.find(cfb, "WordDocument")?.content ?? []) as Uint8Array);
      const word6 = word6Text(fib);
      if (word6 !== null) {
        emitChunks(ctx, scope, word6);
        emitProperties(ctx, scope, oleSummaryProperties(buf));
        return;
      }
      if (wordEncrypted(fib)) throw new Encrypted("Word 97–2003 document is encrypted (a password to open it)");
      const doc = await withinBudget(ctx, new WordExtractor().extract(doc97));
      emitChunks(ctx, scope, doc.getBody());
      for (const [part, text] of [["header", doc.getHeaders({ includeFooters: false })], ["footer", doc.getFooters()], ["note", `${doc.getFootnotes()}\n${doc.getEndnotes()}`], ["comment", doc.getAnnotations()]] as const) {
        emitChunks(ctx, scope, text, { part });
      }
      emitProperties(ctx, scope, oleSummaryProperties(buf));
      await readPackages(ctx, scope, buf);
      return;
    }
    const deletions = DELETIONS[info.kind];
    const keep = new RegExp([deletions?.parts, EMBEDDED_PARTS, CHART_PARTS, MASTER_PARTS[info.kind], ALT_TEXT_PARTS[info.kind], CUSTOM_XML_PARTS, info.kind === "docx" ? DOCX_EXTRA_PARTS : undefined].filter((r) => r !== undefined).map((r) => r.source).join("|"));
    const pkg = info.kind === "rtf" ? { archive: buf, parts: new Map<string, Buffer>() } : await checkPackage(buf, scope, ctx, keep);
    if (pkg === null) return;
    const { parts } = pkg;
    let { archive } = pkg;
    // (ruby, a phonetic guide over East Asian text, is a run's content officeparser drops, base text and all)
    if (info.kind === "docx") {
      const mended = new Map<string, Buffer>();
      for (const [name, xml] of parts) if (DELETIONS.docx!.parts.test(name) && xml.includes("<w:ruby>")) mended.set(name, Buffer.from(rubyAsText(xml.toString("utf8")), "utf8"));
      if (mended.size) archive = await withPartsReplaced(archive, mended, ctx);
    }
    // (the kind as its type: officeparser's own detection refuses a DOCM, DOTX, PPTM, PPSX or POTX, which are the same packages)
    let ast;
    try {
      ast = await withinBudget(ctx, OfficeParser.parseOffice(archive, { ocr: false, extractAttachments: false, ignoreNotes: false, fileType: info.kind } as never));
    } catch (e) {
      // (an RTF officeparser refuses, nested past its depth limit or damaged: its text all the same)
      if (info.kind !== "rtf" || e instanceof Stop || e instanceof Encrypted) throw e;
      ctx.reason("corrupt", `rtf: ${errorMessage(e)}; its text read without its structure`, scope.path);
      const rtf = buf.toString("latin1");
      emitChunks(ctx, scope, rtfText(rtf));
      await readRtfObjects(ctx, scope, rtf);
      return;
    }
    emitAst(ctx, scope, ast.content as unknown as Node[], ast.auxiliary as { headers?: Node[]; footers?: Node[] } | undefined);
    const meta = ast.metadata as { title?: unknown; subject?: unknown; keywords?: unknown; description?: unknown; customProperties?: Record<string, unknown> } | undefined;
    if (meta) emitProperties(ctx, scope, { ...meta, custom: meta.customProperties });
    // (officeparser gives an RTF's none: its info group and user properties)
    if (info.kind === "rtf") {
      emitProperties(ctx, scope, rtfProperties(buf.toString("latin1")));
      emitChunks(ctx, scope, rtfAltTexts(buf.toString("latin1")).join("\n"), { part: "alt text" });
    }
    // (officeparser reads what a reader shows; a tracked deletion is still in the file)
    if (deletions) for (const [name, xml] of parts) if (deletions.parts.test(name) && xml.includes(deletions.marker)) emitChunks(ctx, scope, deletedText(xml.toString("utf8"), deletions), { part: "deleted text" });
    emitCharts(ctx, scope, parts);
    emitMasters(ctx, scope, info.kind, parts);
    emitAltTexts(ctx, scope, info.kind, parts);
    if (info.kind === "docx") emitDocxExtras(ctx, scope, parts);
    if (info.kind === "odt" || info.kind === "odp") emitOdfHidden(ctx, scope, parts);
    await readCustomXml(ctx, scope, parts);
    await readEmbedded(ctx, scope, parts);
    if (info.kind === "rtf") await readRtfObjects(ctx, scope, buf.toString("latin1"));
  },
};
