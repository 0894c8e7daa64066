/**
 * OLE objects and packages. A workbook, a PDF or a document embedded in an Office document as an
 * object is kept in an OLE container of its own, its file in a `Package` stream (OOXML) or a
 * `CONTENTS` stream (Acrobat's PDF); those are read as members `Package` and `CONTENTS`.
 * OLE packages: a file dragged or inserted into a Word, Excel or PowerPoint document as an object
 * ("Insert → Object → Create from file": a text file, a CSV export, a PDF) is kept in an OLE
 * container of its own (`word/embeddings/oleObject1.bin` in a DOCX) whose `\x01Ole10Native` stream
 * holds the file's name and bytes. The container was `application/x-cfb`, `unsupported`; the
 * file inside is now read as a member under its own name
 * (`word/embeddings/oleObject1.bin!/customers.csv`).
 *
 * The stream ([MS-OLEDS] 2.3.6 names it; the layout is the Packager's, as oletools' oleobj reads
 * it): total size (u32), a type (u16), the label and the source path (NUL-terminated, ANSI), two
 * u32 (the second is the length of the temporary path), the temporary path, the data size (u32)
 * and the data; then, from newer writers, the three names again in UTF-16. Anything that does not
 * add up is `corrupt`.
 */
import CFB from "cfb";
import { readCfb } from "../ole-scan.ts";
import { childPath, childScope, type Ctx, type Scope } from "../context.ts";
import { NoText, type Format } from "../format.ts";
import { pathPart } from "./mail-parts.ts";
import { isEmf } from "./metafile.ts";

/** The embedded file's name and bytes, or a reason the stream does not hold one. */
export function packagedFile(stream: Buffer): { name: string; data: Buffer } | string {
  let at = 6; // (total size, type)
  const zString = (): string | null => {
    const end = stream.indexOf(0, at);
    if (end < 0) return null;
    const s = stream.toString("latin1", at, end);
    at = end + 1;
    return s;
  };
  const label = zString();
  const source = zString();
  if (label === null || source === null || at + 8 > stream.length) return "the package's names run past its end";
  const tempLength = stream.readUInt32LE(at + 4);
  at += 8 + tempLength;
  if (at + 4 > stream.length) return "the package's temporary path runs past its end";
  const size = stream.readUInt32LE(at);
  at += 4;
  if (at + size > stream.length) return `the packaged file's ${size} bytes run past the stream's end (${stream.length - at} left)`;
  const data = stream.subarray(at, at + size);
  // Newer writers follow the data with the temporary path, the label and the source path in
  // UTF-16 (a u32 count of characters each): the ANSI ones have "?" for what the code page lacks.
  at += size;
  const wide: string[] = [];
  while (wide.length < 3 && at + 4 <= stream.length) {
    const end = at + 4 + stream.readUInt32LE(at) * 2;
    if (end > stream.length) break;
    wide.push(stream.toString("utf16le", at + 4, end));
    at = end;
  }
  const [wideLabel, wideSource] = wide.length === 3 ? [wide[1], wide[2]] : [label, source];
  // (the label is what the document shows and is the file's name; a path's last part otherwise)
  const name = pathPart(wideLabel || wideSource?.split(/[\\/]/).pop() || label || "") || "packaged file";
  return { name, data };
}

/**
 * The streams that hold an OLE object's file, beside its `\x01CompObj`: the Packager's
 * `\x01Ole10Native` (a name and the bytes), `Package` (an OOXML file: a workbook or document
 * embedded by Office 2007 and later) and `CONTENTS` (a PDF, as Acrobat embeds one).
 */
const PAYLOADS = ["\u0001Ole10Native", "Package", "CONTENTS"];

/** Streams OLE writes in an object's storage: its class (CompObj), its flags (Ole), Word's ObjInfo. */
const OBJECT_STREAMS = ["\u0001CompObj", "\u0001Ole", "\u0003ObjInfo"];

/** The streams of a Word, Excel or PowerPoint 97–2003 document, by which a storage is one. */
const DOCUMENT_STREAMS = ["WordDocument", "Workbook", "Book", "PowerPoint Document"];

/** A storage of a compound file as a compound file of its own (its streams and storages at the root). */
function storageFile(cfb: CFB.CFB$Container, storage: string): Buffer {
  const out = CFB.utils.cfb_new();
  for (const [i, full] of cfb.FullPaths.entries()) {
    const entry = cfb.FileIndex[i]!;
    if (!full.startsWith(`${storage}/`) || entry.type !== 2) continue;
    CFB.utils.cfb_add(out, `/${full.slice(storage.length + 1)}`, Buffer.from((entry.content ?? new Uint8Array()) as Uint8Array));
  }
  return Buffer.from(CFB.write(out, { type: "buffer" }) as Uint8Array);
}

/**
 * Reads the embedded files of an OLE container: those of the object it is (`word/embeddings/oleObject1.bin`)
 * or of its storages (a DOC's `ObjectPool/_1577691201`, an XLS's `MBD0009CF7B`), each as a member
 * named by its storage and its name (a Package or CONTENTS stream by that name). A storage that is
 * a Word, Excel or PowerPoint 97–2003 document itself (its `Workbook` stream beside its CompObj)
 * is read as that document, a member named by its storage (`ObjectPool/_1345470949`); a storage with
 * none of them (a linked object) by its picture for printing, an `\x03EPRINT` EMF. A Packager stream
 * that does not add up is a `corrupt` reason; at the root, the file's failure.
 */
export async function readPackages(ctx: Ctx, scope: Scope, file: Buffer): Promise<number> {
  const cfb = readCfb(file);
  const index = new Map(cfb.FullPaths.map((p, i) => [p, i]));
  const sibling = (parts: string[], name: string) => {
    const at = index.get(`${parts.slice(0, -1).join("/")}/${name}`);
    return at === undefined ? null : Buffer.from((cfb.FileIndex[at]?.content ?? new Uint8Array()) as Uint8Array).toString("latin1");
  };
  /** Whether a storage is an OLE object's: it holds one of the streams OLE writes for one (WPS Office writes no CompObj). */
  const isObject = (storage: string) => OBJECT_STREAMS.some((m) => index.has(`${storage}/${m}`));
  /** The payload a stream's name is, compared without case as the compound file's own names are (WPS Office writes "package"). */
  const payloadOf = (stream: string) => PAYLOADS.find((p) => p.toLowerCase() === stream.toLowerCase());
  /** The storages that hold a payload (whose picture is then not read). */
  const withPayload = new Set(cfb.FullPaths.filter((f) => payloadOf(f.slice(f.lastIndexOf("/") + 1)) !== undefined).map((f) => f.slice(0, f.lastIndexOf("/"))));
  let read = 0;
  // Storages that are documents themselves (an embedded workbook's `Workbook` stream beside its
  // CompObj): each is put in a compound file of its own and read as what it is.
  const documents: string[] = [];
  for (const full of cfb.FullPaths) {
    const parts = full.split("/");
    const storage = parts.slice(0, -1).join("/");
    if (parts.length < 3 || !DOCUMENT_STREAMS.includes(parts[parts.length - 1]!) || !isObject(storage)) continue;
    if (documents.some((d) => storage.startsWith(`${d}/`)) || documents.includes(storage)) continue;
    documents.push(storage);
  }
  for (const storage of documents) {
    ctx.checkTime();
    const name = storage.split("/").slice(1).join("/");
    if (!ctx.takeEntry(childPath(scope, name))) return read;
    read++;
    await ctx.recurse(storageFile(cfb, storage), name.split("/").pop()!, childScope(scope, name));
  }
  const inDocument = (full: string) => documents.some((d) => full.startsWith(`${d}/`));
  for (const [i, full] of cfb.FullPaths.entries()) {
    const parts = full.split("/");
    const stream = parts[parts.length - 1]!;
    const storage = parts.slice(1, -1).join("/");
    if (inDocument(full)) continue;
    const dir = parts.slice(0, -1).join("/");
    if (stream === "\u0003EPRINT" && storage && !withPayload.has(dir)) {
      // a linked object's picture, its only content here (Tika's testDocumentLink.doc: a linked
      // presentation drawn in an EMF, and no other text)
      const picture = Buffer.from((cfb.FileIndex[i]?.content ?? new Uint8Array()) as Uint8Array);
      if (!isEmf(picture)) continue;
      const name = `${storage}/EPRINT.emf`;
      if (!ctx.takeEntry(childPath(scope, name))) return read;
      read++;
      await ctx.recurse(picture, "EPRINT.emf", childScope(scope, name));
      continue;
    }
    const payload = payloadOf(stream);
    if (payload === undefined) continue;
    const compObj = sibling(parts, "\u0001CompObj");
    // (an object's, not another program's stream of that name)
    if (payload !== PAYLOADS[0] && !isObject(dir)) continue;
    // An OLE 1 object of another class keeps its own data in Ole10Native (an equation:
    // "Equation.3"); only the Packager's holds a file
    if (payload === PAYLOADS[0]) {
      const progId = sibling(parts, "\u0001Ole10FmtProgID");
      if ((compObj !== null && !compObj.includes("Package\u0000")) || (progId !== null && !progId.includes("Package"))) continue;
    }
    ctx.checkTime();
    const content = Buffer.from((cfb.FileIndex[i]?.content ?? new Uint8Array()) as Uint8Array);
    const got = payload === PAYLOADS[0] ? packagedFile(content) : { name: stream, data: content };
    if (typeof got === "string") {
      if (!storage) throw new Error(got);
      ctx.reason("corrupt", `embedded object ${storage}: ${got}`, scope.path);
      continue;
    }
    const name = storage ? `${storage}/${got.name}` : got.name;
    if (!ctx.takeEntry(childPath(scope, name))) return read;
    read++;
    await ctx.recurse(got.data, got.name, childScope(scope, name));
  }
  return read;
}

export const olePackageFormat: Format = {
  kinds: ["ole-package"],
  library: "cfb (the container); the Ole10Native stream read here",
  async extract(bytes, scope, ctx) {
    if ((await readPackages(ctx, scope, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) === 0) throw new NoText("an OLE object that holds no file (an equation, a drawing)");
  },
};
