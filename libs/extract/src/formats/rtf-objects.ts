/**
 * Objects embedded in an RTF document (`{\object\objemb{\*\objclass Word.Document.8}{\*\objdata
 * 0105000002000000…}}`): the hex of an OLE 1 object ([MS-OLEDS] 2.2.4 ObjectHeader: version,
 * format 2 for embedded, class name, topic and item names, then the native data's size and
 * bytes). Word saves attachments this way when a document goes to RTF (a workbook, a PDF, a file
 * inserted as a package), and so do mail clients' RTF bodies. An RTF of nothing but such
 * objects gave no text at all (Tika's testRTFEmbeddedFiles.rtf: 0 characters from 14 objects).
 * The native data is an OLE container (a Word 97 document, an Excel workbook, Acrobat's PDF
 * object, an OOXML file in a `Package` stream), read as what it is; for the Packager's class
 * ("Package") it is the packaged file's name and bytes. Linked objects (format 1) hold no data.
 *
 * And the document's Windows metafile pictures (`{\pict\emfblip 0100000058…}`, `\wmetafile8`;
 * RTF spec 1.9.1, "Pictures"): a linked object's only content is the picture of it Word keeps
 * in its `\result` (Tika's testRTFEmbeddedLink.rtf: a whole Word document drawn as text in an
 * EMF, and nothing else), and a chart or diagram pasted as a picture draws its labels. Read as
 * members `picture 1.emf`, …. Not read: the `\nonshppict` copy Word writes beside each picture
 * for older readers (the same picture again, as WMF), the picture of an embedded object whose data
 * is read, and raster pictures (PNG, JPEG), as in OOXML documents.
 */
import { childPath, childScope, type Ctx, type Scope } from "../context.ts";
import { packagedFile } from "./ole-package.ts";
import { isEmf, isWmf } from "./metafile.ts";

interface RtfObject {
  className: string;
  data: Buffer;
}

/** The embedded objects of an RTF document's text, in order. */
export function rtfObjects(rtf: string): RtfObject[] {
  const out: RtfObject[] = [];
  for (let at = rtf.indexOf("\\objdata"); at >= 0; at = rtf.indexOf("\\objdata", at + 8)) {
    // the group's hex digits, up to its closing brace (blanks and line ends between them)
    const end = rtf.indexOf("}", at);
    const hex = rtf.slice(at + 8, end < 0 ? rtf.length : end).replace(/[^0-9A-Fa-f]/g, "");
    const b = Buffer.from(hex.length % 2 ? hex.slice(0, -1) : hex, "hex");
    const object = oleObject(b);
    if (object) out.push(object);
  }
  return out;
}

/** An OLE 1 ObjectHeader and its native data; null for a linked object or bytes that do not add up. */
function oleObject(b: Buffer): RtfObject | null {
  let at = 8; // (version, format)
  if (b.length < 12 || b.readUInt32LE(4) !== 2) return null;
  const text = (): string | null => {
    if (at + 4 > b.length) return null;
    const n = b.readUInt32LE(at);
    if (at + 4 + n > b.length) return null;
    const s = b.toString("latin1", at + 4, at + 4 + n).replace(/(?<!\0)\0+$/, "");
    at += 4 + n;
    return s;
  };
  const className = text();
  if (className === null || text() === null || text() === null || at + 4 > b.length) return null;
  const size = b.readUInt32LE(at);
  return { className, data: b.subarray(at + 4, Math.min(b.length, at + 4 + size)) };
}

/** A metafile picture's kind and bytes. */
interface RtfPicture {
  kind: "emf" | "wmf";
  data: Buffer;
}

/** A group of the document as the picture scan tracks it. */
interface Group {
  /** Inside a `\nonshppict` group, or in the `\result` of an object whose data is read. */
  skip: boolean;
  /** An `\object` group: whether it holds embedded data (`\objdata` and not a link). */
  object: { data: boolean; link: boolean } | null;
  /** A `\pict` group: its kind once said, and where its data runs are. */
  pict: { kind: RtfPicture["kind"] | null; runs: Array<[number, number]>; bytes: Buffer[] } | null;
}

/** Groups kept on the picture scan's stack at most. */
const MAX_DEPTH = 256;

/** The metafile pictures of an RTF document, in order (see the file's comment for which). */
export function rtfPictures(rtf: string): RtfPicture[] {
  const out: RtfPicture[] = [];
  if (!rtf.includes("\\pict")) return out;
  const stack: Group[] = [{ skip: false, object: null, pict: null }];
  let objectOf: Group["object"] = null;
  let deeper = 0;
  for (let i = 0; i < rtf.length; ) {
    const c = rtf.charCodeAt(i);
    const top = stack[stack.length - 1]!;
    if (c === 123) {
      // "{": a group inherits what its parent skips (groups nested deeper than any document
      // nests them are counted, not kept: a file of "{" would otherwise hold one per byte)
      if (stack.length < MAX_DEPTH) stack.push({ skip: top.skip, object: null, pict: null });
      else deeper++;
      i++;
    } else if (c === 125) {
      // "}"
      if (deeper > 0) {
        deeper--;
        i++;
        continue;
      }
      if (stack.length > 1) stack.pop();
      if (top.pict?.kind) {
        const hex = top.pict.runs.map(([s, e]) => rtf.slice(s, e)).join("").replace(/[^0-9A-Fa-f]/g, "");
        const data = Buffer.concat([Buffer.from(hex.length % 2 ? hex.slice(0, -1) : hex, "hex"), ...top.pict.bytes]);
        // (bytes that are no metafile, a test's "\bin10" of 0xFF, are no picture to read)
        if (top.pict.kind === "emf" ? isEmf(data) : isWmf(data)) out.push({ kind: top.pict.kind, data });
      }
      if (top.object) objectOf = stack.findLast((g) => g.object !== null)?.object ?? null;
      i++;
    } else if (c === 92) {
      // "\": a control word (letters, an optional number, one blank after it eaten) or symbol
      let j = i + 1;
      while (j < rtf.length && ((rtf.charCodeAt(j) | 32) - 97) >>> 0 < 26) j++;
      const word = rtf.slice(i + 1, j);
      let k = j;
      if (rtf[k] === "-") k++;
      while (k < rtf.length && rtf.charCodeAt(k) - 48 >>> 0 < 10) k++;
      const param = k > j ? Number(rtf.slice(j, k)) : null;
      if (word === "") k = Math.min(rtf.length, j + (rtf[j] === "'" ? 3 : 1));
      else if (rtf[k] === " ") k++;
      if (word === "pict" && !top.skip) top.pict = { kind: null, runs: [], bytes: [] };
      else if (word === "emfblip" && top.pict) top.pict.kind = "emf";
      else if (word === "wmetafile" && top.pict) top.pict.kind = "wmf";
      else if (word === "nonshppict") top.skip = true;
      else if (word === "object") objectOf = top.object = { data: false, link: false };
      else if ((word === "objlink" || word === "objautlink") && objectOf) objectOf.link = true;
      else if (word === "objdata" && objectOf) objectOf.data = true;
      else if (word === "result" && objectOf?.data && !objectOf.link) top.skip = true;
      else if (word === "bin" && param !== null && param > 0) {
        // binary data, `param` bytes of it
        if (top.pict?.kind) top.pict.bytes.push(Buffer.from(rtf.slice(k, k + param), "latin1"));
        k += param;
      }
      i = k;
    } else {
      // text: a picture's data when it is a picture's group
      let j = i + 1;
      while (j < rtf.length && rtf.charCodeAt(j) !== 92 && rtf.charCodeAt(j) !== 123 && rtf.charCodeAt(j) !== 125) j++;
      if (top.pict?.kind) top.pict.runs.push([i, j]);
      i = j;
    }
  }
  return out;
}

/** Reads an RTF document's embedded objects as members `object 1`, … (a packaged file under its name: `object 1/clients.csv`), and its metafile pictures as `picture 1.emf`, …. */
export async function readRtfObjects(ctx: Ctx, scope: Scope, rtf: string): Promise<void> {
  for (const [i, o] of rtfObjects(rtf).entries()) {
    ctx.checkTime();
    let name = `object ${i + 1}`;
    let data = o.data;
    if (/^Package$/i.test(o.className)) {
      // (the Packager's native data, as in an Ole10Native stream less its size)
      const got = packagedFile(Buffer.concat([Buffer.alloc(4), o.data]));
      if (typeof got === "string") {
        ctx.reason("corrupt", `embedded ${name}: ${got}`, scope.path);
        continue;
      }
      name = `${name}/${got.name}`;
      data = got.data;
    }
    if (!ctx.takeEntry(childPath(scope, name))) return;
    await ctx.recurse(data, name.split("/").pop()!, childScope(scope, name));
  }
  for (const [i, p] of rtfPictures(rtf).entries()) {
    ctx.checkTime();
    const name = `picture ${i + 1}.${p.kind}`;
    if (!ctx.takeEntry(childPath(scope, name))) return;
    await ctx.recurse(p.data, name, childScope(scope, name));
  }
}
