/**
 * OOXML (DOCX, XLSX, PPTX) and ODF files are ZIP packages. Before a document parser inflates
 * one, every member is inflated here under the archive limits — declared sizes first, then the
 * bytes actually produced (ratio, total bytes, time) — so a zip bomb dressed as a document ends
 * with a limit reason, not in the parser's memory. Encrypted members (never legitimate in a
 * document package) make the file `encrypted`, and so does an OpenDocument file saved with a
 * password (its manifest's `encryption-data`), which SheetJS and officeparser called corrupt.
 */
import yauzl from "yauzl";
import yazl from "yazl";
import { boundedParser } from "./markup.ts";
import { Encrypted, type Ctx, type Scope } from "../context.ts";
import { declaredProblem, LimitHit, nextEntry, readBounded } from "./archive-util.ts";
import { archiveOf, zipBounds } from "./zip.ts";
import { readLocalHeaders } from "./zip-local.ts";

/**
 * Below this many bytes a document's part may compress as well as it likes: Office writes blank
 * EMF images at 130:1 and OLE objects padded with zeros at 73:1 (Tika's testWORD_embedded_pdf.docx),
 * and one such part over the ratio left the whole document unread. A bomb inflates past it and is
 * stopped there; the total-bytes limit bounds the sum of all parts.
 */
const PART_RATIO_FLOOR = 16 * 1024 * 1024;

/**
 * The package as its parser should get it (the archive alone: zip.ts's `archiveOf`, so a file
 * with a line end appended after the archive is still read) and its parts whose names `keep`
 * accepts, inflated, when the package may be parsed; null when a limit was hit (the reason is
 * recorded). `keep` may also be a function that keeps a piece of a part it reads whole anyway (a
 * worksheet's page header and footer, not its cells): what it returns is kept under the part's name.
 */
export async function checkPackage(file: Buffer, scope: Scope, ctx: Ctx, keep?: Keep): Promise<{ archive: Buffer; parts: Map<string, Buffer> } | null> {
  let { archive } = archiveOf(file, scope, ctx);
  if (zipBounds(file) === null) archive = (await cutPackage(file, scope, ctx)) ?? archive;
  const parts = await checkParts(archive, scope, ctx, keep);
  return parts && { archive, parts };
}

/**
 * A package cut short (no central directory: a download or a copy that stopped), rebuilt from the
 * parts whose local headers and data came whole before the cut (zip-local.ts), for its parser to
 * read: a document's text part is often among them, its pictures after it. The XML part the cut
 * falls in is read as far as it came, as recovered text (its parser would refuse it). A workbook
 * whose styles came after the cut gets an empty style sheet: SheetJS reads no workbook without
 * one. Null when no part came whole.
 */
async function cutPackage(file: Buffer, scope: Scope, ctx: Ctx): Promise<Buffer | null> {
  if (file.byteLength < 4 || file.readUInt32LE(0) !== 0x04034b50) return null;
  const out = new yazl.ZipFile();
  const names = new Set<string>();
  let cutPart: string | null = null;
  await readLocalHeaders(file, 0, scope, ctx, null, async (name, content, cut) => {
    if (!cut) {
      out.addBuffer(content, name, { compress: false });
      names.add(name);
    } else if (/\.(?:xml|fpage)$/i.test(name)) {
      cutPart = name;
      ctx.emit(scope, xmlText(content), { part: "recovered text" });
    }
  });
  if (names.size === 0) return null;
  if (names.has("xl/workbook.xml") && !names.has("xl/styles.xml")) out.addBuffer(Buffer.from(EMPTY_STYLES), "xl/styles.xml", { compress: false });
  ctx.reason("corrupt", `document package cut short (no central directory): its ${names.size} whole part${names.size === 1 ? "" : "s"} read${cutPart ? `, the part the cut falls in (${cutPart}) as far as it came (part: recovered text)` : ""}, any after it not`, scope.path);
  return written(out);
}

const EMPTY_STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs></styleSheet>`;

/** Elements whose end ends a line of a document's text (paragraphs, headings, shared strings, rows) or a cell. */
const LINE_ENDS = new Set(["p", "h", "si", "row", "tr", "li", "line-break", "br"]);
const CELL_ENDS = new Set(["c", "tc", "td", "tab", "table-cell"]);

/**
 * The text of an XML part, as far as it came: element text, a line per paragraph, a tab per cell;
 * an XPS page's glyph runs, whose text is their `UnicodeString` attribute, a line each (a page
 * Windows wrote is UTF-16).
 */
export function xmlText(xml: Buffer): string {
  let text = "";
  const parser = boundedParser(
    {
      ontext: (t) => (text += t),
      onopentag: (name, attrs) => {
        const glyphs = attrs.UnicodeString;
        if (glyphs !== undefined) text += `${glyphs.replace(/^\{\}/, "")}\n`;
      },
      onclosetag: (name) => {
        const local = name.slice(name.indexOf(":") + 1);
        if (LINE_ENDS.has(local)) text += "\n";
        else if (CELL_ENDS.has(local)) text += "\t";
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml[0] === 0xff && xml[1] === 0xfe ? xml.subarray(2).toString("utf16le") : xml.toString("utf8"));
  parser.end();
  return text.replace(/(?<![ \t])[ \t]*\n\s*\n/g, "\n").trim();
}

/** Which parts to keep: those a name matches, or what a function keeps of a part (undefined: nothing). */
export type Keep = RegExp | ((name: string, part: Buffer) => Buffer | undefined);

async function checkParts(buf: Buffer, scope: Scope, ctx: Ctx, keep?: Keep): Promise<Map<string, Buffer> | null> {
  const kept = new Map<string, Buffer>();
  const zip = await yauzl.fromBufferPromise(buf, { lazyEntries: true, validateEntrySizes: false, strictFileNames: false });
  zip.on("error", () => {});
  try {
    for (let i = 0; ; i++) {
      ctx.checkTime();
      const e = await nextEntry(zip);
      if (!e) return kept;
      if (i >= ctx.limits.maxEntries) {
        ctx.reason("limit_entries", `document package with more than ${ctx.limits.maxEntries} parts`, scope.path);
        return null;
      }
      if (e.fileName.endsWith("/")) continue;
      if (e.isEncrypted() || e.compressionMethod === 99) throw new Encrypted("document package with encrypted parts");
      const declared = declaredProblem(ctx, e.uncompressedSize, e.compressedSize, PART_RATIO_FLOOR);
      if (declared) {
        ctx.reason(declared.code, `document part ${e.fileName}: ${declared.message}`, scope.path);
        return null;
      }
      try {
        const part = await readBounded(await zip.openReadStreamPromise(e), ctx, e.compressedSize, PART_RATIO_FLOOR);
        // (an OpenDocument file saved with a password: its manifest lists each part's encryption; the parts are AES ciphertext)
        if (e.fileName === "META-INF/manifest.xml" && part.includes("encryption-data")) throw new Encrypted("password-protected OpenDocument file");
        const piece = keep === undefined ? undefined : typeof keep === "function" ? keep(e.fileName, part) : keep.test(e.fileName) ? part : undefined;
        if (piece !== undefined) kept.set(e.fileName, piece);
      } catch (err) {
        if (!(err instanceof LimitHit)) throw err;
        ctx.reason(err.code, `document part ${e.fileName}: ${err.message}`, scope.path);
        return null;
      }
    }
  } finally {
    zip.close();
  }
}

/**
 * The package with some parts' contents replaced, every other part as it was (a document's XML
 * mended for its parser: office.ts's ruby text). Read under the same limits as `checkPackage`.
 */
export async function withPartsReplaced(archive: Buffer, replacements: Map<string, Buffer>, ctx: Ctx): Promise<Buffer> {
  const out = new yazl.ZipFile();
  const zip = await yauzl.fromBufferPromise(archive, { lazyEntries: true, validateEntrySizes: false, strictFileNames: false });
  zip.on("error", () => {});
  try {
    for (;;) {
      ctx.checkTime();
      const e = await nextEntry(zip);
      if (!e) break;
      if (e.fileName.endsWith("/")) continue;
      out.addBuffer(replacements.get(e.fileName) ?? (await readBounded(await zip.openReadStreamPromise(e), ctx, e.compressedSize, PART_RATIO_FLOOR)), e.fileName);
    }
  } finally {
    zip.close();
  }
  return written(out);
}

/** The bytes of a package written with yazl. */
async function written(out: yazl.ZipFile): Promise<Buffer> {
  out.end();
  const chunks: Buffer[] = [];
  for await (const c of out.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
