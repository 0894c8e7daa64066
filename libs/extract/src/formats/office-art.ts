/**
 * The metafile pictures (EMF, WMF) of Office 97–2003 files, stored as OfficeArt blips
 * ([MS-ODRAW] 2.2.23–2.2.25): an XLS keeps them in its drawing group (the MSODRAWINGGROUP record
 * and its CONTINUE records hold a drawing-group container whose blip store holds each picture),
 * a PPT in its `Pictures` stream (the blips one after another). A metafile is deflated as a rule.
 * Read as members `picture 1.emf`, … by the metafile reader: Excel for the Mac keeps a PDF
 * inserted into a sheet as such a picture (an EMF that draws its text, Tika's
 * `testEXCEL_embeddedPDF_mac.xls`), a Microsoft Graph chart's picture draws its labels, a table
 * pasted as a picture its cells. Raster pictures (PNG, JPEG, DIB) and Mac PICTs are left.
 */
import { inflateSync } from "node:zlib";
import { childPath, childScope, type Ctx, type Scope } from "../context.ts";

/** A metafile picture: its kind, its bytes as stored, and whether they are deflated (to `size` bytes). */
export interface StoredPicture {
  kind: "emf" | "wmf";
  bytes: Uint8Array;
  deflated: boolean;
  size: number;
}

/** The EMF and WMF blips among OfficeArt records: containers entered, a blip store entry's (FBSE) blip read. */
export function metafileBlips(data: Buffer): StoredPicture[] {
  const out: StoredPicture[] = [];
  const walk = (from: number, to: number, depth: number) => {
    for (let at = from; at + 8 <= to && depth < 8; ) {
      const verInst = data.readUInt16LE(at);
      const type = data.readUInt16LE(at + 2);
      const length = data.readUInt32LE(at + 4);
      const body = at + 8;
      const end = Math.min(to, body + length);
      if ((verInst & 0xf) === 0xf) walk(body, end, depth + 1);
      else if (type === 0xf007 && end - body >= 36) {
        // FBSE: 36 bytes of fields, the name's length in the 34th, then the name, then the blip
        walk(body + 36 + data[body + 33]!, end, depth + 1);
      } else if ((type === 0xf01a || type === 0xf01b) && end - body > 34) {
        // an EMF or WMF blip: one or two 16-byte ids (by its instance), a 34-byte metafile header, the data
        const inst = verInst >> 4;
        const header = body + (inst === 0x3d5 || inst === 0x217 ? 32 : 16);
        if (header + 34 > end) break;
        const size = data.readUInt32LE(header);
        const saved = data.readUInt32LE(header + 28);
        out.push({ kind: type === 0xf01a ? "emf" : "wmf", bytes: data.subarray(header + 34, Math.min(end, header + 34 + saved)), deflated: data[header + 32] === 0x00, size });
      }
      at = body + length;
    }
  };
  walk(0, data.length, 0);
  return out;
}

/** The drawing group of an Excel 97–2003 `Workbook` stream (BIFF8): MSODRAWINGGROUP's body and its CONTINUE records', joined; empty for an encrypted stream. */
export function xlsDrawingGroup(stream: Uint8Array): Buffer {
  const v = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const u16 = (at: number) => (at + 2 <= stream.length ? v.getUint16(at, true) : 0);
  if (u16(0) !== 0x0809 || u16(4) !== 0x0600) return Buffer.alloc(0);
  const pieces: Uint8Array[] = [];
  let inGroup = false;
  for (let at = 0; at + 4 <= stream.length; ) {
    const type = u16(at);
    const length = u16(at + 2);
    if (type === 0x002f) return Buffer.alloc(0); // FILEPASS: ciphertext follows
    if (type === 0x00eb || (type === 0x003c && inGroup)) {
      pieces.push(stream.subarray(at + 4, Math.min(stream.length, at + 4 + length)));
      inGroup = true;
    } else inGroup = false;
    at += 4 + length;
  }
  return Buffer.concat(pieces);
}

/**
 * A metafile picture inflates to at most this much. Not the ratio limit: a picture's bitmap
 * deflates far beyond it (an embedded object's picture in Tika's `testExcel_embeddedPDF.xls`,
 * 9,334 bytes to 1,505,804), and a file of such pictures is no bomb.
 */
const PICTURE_MAX_BYTES = 32 * 1024 * 1024;

/** Reads metafile pictures as members `picture 1.emf`, …, inflated within what the limits leave. */
export async function readPictures(ctx: Ctx, scope: Scope, pictures: StoredPicture[]): Promise<void> {
  for (const [i, p] of pictures.entries()) {
    ctx.checkTime();
    const name = `picture ${i + 1}.${p.kind}`;
    let data: Uint8Array = p.bytes;
    if (p.deflated) {
      const max = Math.min(ctx.bytesLeft(), PICTURE_MAX_BYTES);
      if (p.size > max) {
        ctx.reason("limit_total_bytes", `${name}: it would inflate to ${p.size} bytes, over ${max}`, childPath(scope, name));
        continue;
      }
      try {
        data = inflateSync(p.bytes, { maxOutputLength: Math.max(1, p.size) });
      } catch (e) {
        ctx.reason("corrupt", `${name} does not inflate: ${(e as Error).message}`, childPath(scope, name));
        continue;
      }
    }
    if (!ctx.takeEntry(childPath(scope, name))) return;
    await ctx.recurse(data, name, childScope(scope, name));
  }
}
