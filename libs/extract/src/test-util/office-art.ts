/** OfficeArt records ([MS-ODRAW]) for tests: metafile blips as an XLS's drawing group and a PPT's Pictures stream store them. */
import { deflateSync } from "node:zlib";

/** An OfficeArt record: version and instance, type, then its body. */
export function artRecord(ver: number, inst: number, type: number, body: Buffer): Buffer {
  const h = Buffer.alloc(8);
  h.writeUInt16LE(ver | (inst << 4), 0);
  h.writeUInt16LE(type, 2);
  h.writeUInt32LE(body.length, 4);
  return Buffer.concat([h, body]);
}

/** An EMF or WMF blip: one 16-byte id, the metafile header (size, then saved size and compression), the data, deflated or not. */
export function metafileBlip(kind: "emf" | "wmf", metafile: Buffer, deflate: boolean): Buffer {
  const data = deflate ? deflateSync(metafile) : metafile;
  const header = Buffer.alloc(34);
  header.writeUInt32LE(metafile.length, 0);
  header.writeUInt32LE(data.length, 28);
  header[32] = deflate ? 0x00 : 0xfe;
  return artRecord(0, kind === "emf" ? 0x3d4 : 0x216, kind === "emf" ? 0xf01a : 0xf01b, Buffer.concat([Buffer.alloc(16), header, data]));
}

/** A blip store entry (FBSE: 36 bytes of fields, no name) holding a blip. */
export const blipStoreEntry = (blip: Buffer): Buffer => artRecord(2, 2, 0xf007, Buffer.concat([Buffer.alloc(36), blip]));

/** A PNG blip (a raster picture: not read). */
export const pngBlip = (): Buffer => artRecord(0, 0x6e0, 0xf01e, Buffer.alloc(40));
