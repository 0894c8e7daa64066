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
 */
import { childPath, childScope, type Ctx, type Scope } from "../context.ts";
import { packagedFile } from "./ole-package.ts";

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
    const s = b.toString("latin1", at + 4, at + 4 + n).replace(/\0+$/, "");
    at += 4 + n;
    return s;
  };
  const className = text();
  if (className === null || text() === null || text() === null || at + 4 > b.length) return null;
  const size = b.readUInt32LE(at);
  return { className, data: b.subarray(at + 4, Math.min(b.length, at + 4 + size)) };
}

/** Reads an RTF document's embedded objects as members `object 1`, … (a packaged file under its name: `object 1/clients.csv`). */
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
}
