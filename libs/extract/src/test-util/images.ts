/**
 * Image fixtures for the OCR specs, all generated here: text is laid out by pdf-lib (Helvetica),
 * rendered by pdf.js onto an @napi-rs/canvas canvas, then written as PNG/JPEG/WebP (canvas),
 * TIFF (utif2, also multi-page), GIF (omggif) or BMP (a 24-bit writer below).
 */
import { crc32 } from "node:zlib";
import { createRequire } from "node:module";
import { createCanvas } from "@napi-rs/canvas";
import { GifWriter } from "omggif";
import { PDFDocument, StandardFonts, pushGraphicsState } from "pdf-lib";
import { loadPdfJs } from "../formats/pdf.ts";

const require = createRequire(import.meta.url);
const UTIF = require("utif2") as { encode(ifds: object[]): ArrayBuffer; encodeImage(rgba: Uint8Array, w: number, h: number): ArrayBuffer };

export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Black text lines (large, one per line) on white, as RGBA pixels; in Courier, a monospaced face
 * like a passport's OCR-B, the page as wide as the longest line needs.
 */
export async function textPixels(lines: string[], scale = 2, face: "Helvetica" | "Courier" = "Helvetica"): Promise<Rgba> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(face === "Courier" ? StandardFonts.Courier : StandardFonts.Helvetica);
  const width = face === "Courier" ? Math.max(520, 40 + 12 * Math.max(...lines.map((l) => l.length))) : 520;
  const page = doc.addPage([width, 40 + 36 * lines.length]);
  lines.forEach((t, i) => page.drawText(t, { x: 20, y: page.getHeight() - 40 - 36 * i, font, size: 20 }));
  const pdfjs = await loadPdfJs();
  const pdf = await pdfjs.getDocument({ data: await doc.save(), isEvalSupported: false, disableFontFace: true, verbosity: 0 } as Parameters<typeof pdfjs.getDocument>[0]).promise;
  const p = await pdf.getPage(1);
  const viewport = p.getViewport({ scale });
  const canvas = createCanvas(Math.floor(viewport.width), Math.floor(viewport.height));
  await p.render({ canvas: canvas as never, viewport, background: "rgb(255,255,255)" }).promise;
  const img = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
  await pdf.cleanup();
  return { width: canvas.width, height: canvas.height, data: new Uint8Array(img.data.buffer, img.data.byteOffset, img.data.byteLength) };
}

function toCanvas(px: Rgba) {
  const canvas = createCanvas(px.width, px.height);
  const g = canvas.getContext("2d");
  const id = g.createImageData(px.width, px.height);
  id.data.set(px.data);
  g.putImageData(id, 0, 0);
  return canvas;
}

export type ImageKind = "png" | "jpeg" | "webp" | "tiff" | "gif" | "bmp";

export function encodeImage(px: Rgba, kind: ImageKind): Buffer {
  switch (kind) {
    case "png":
      return toCanvas(px).toBuffer("image/png");
    case "jpeg":
      return toCanvas(px).toBuffer("image/jpeg", 90);
    case "webp":
      return toCanvas(px).toBuffer("image/webp", 90);
    case "tiff":
      return Buffer.from(UTIF.encodeImage(px.data, px.width, px.height));
    case "gif":
      return gif(px);
    case "bmp":
      return bmp(px);
  }
}

/** Grey value of each pixel (the fixtures are black on white). */
function greys(px: Rgba): Uint8Array {
  const g = new Uint8Array(px.width * px.height);
  for (let i = 0; i < g.length; i++) g[i] = (px.data[i * 4]! * 77 + px.data[i * 4 + 1]! * 150 + px.data[i * 4 + 2]! * 29) >> 8;
  return g;
}

function gif(px: Rgba): Buffer {
  const palette = Array.from({ length: 256 }, (_, i) => (i << 16) | (i << 8) | i);
  const buf = Buffer.alloc(px.width * px.height * 2 + 4096);
  const w = new GifWriter(buf, px.width, px.height, { palette });
  w.addFrame(0, 0, px.width, px.height, Array.from(greys(px)));
  return buf.subarray(0, w.end());
}

/** A bottom-up 24-bit BMP (BITMAPINFOHEADER). */
function bmp(px: Rgba): Buffer {
  const row = Math.ceil((px.width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + row * px.height);
  out.write("BM", 0, "latin1");
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(px.width, 18);
  out.writeInt32LE(px.height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(row * px.height, 34);
  for (let y = 0; y < px.height; y++) {
    for (let x = 0; x < px.width; x++) {
      const s = ((px.height - 1 - y) * px.width + x) * 4;
      const d = 54 + y * row + x * 3;
      out[d] = px.data[s + 2]!;
      out[d + 1] = px.data[s + 1]!;
      out[d + 2] = px.data[s]!;
    }
  }
  return out;
}

/** An uncompressed 8-bit grey TIFF with one page per raster (strips written after the directories). */
export function multiPageTiff(pages: Rgba[]): Buffer {
  const ifds = (offsets: number[]) =>
    pages.map((p, i) => ({
      t256: [p.width], t257: [p.height], t258: [8], t259: [1], t262: [1], t273: [offsets[i]!], t277: [1], t278: [p.height],
      t279: [p.width * p.height], t282: [[72, 1]], t283: [[72, 1]], t284: [1], t296: [1],
    }));
  const head = UTIF.encode(ifds(pages.map(() => 0))).byteLength;
  const offsets: number[] = [];
  let at = head;
  for (const p of pages) {
    offsets.push(at);
    at += p.width * p.height;
  }
  const dirs = Buffer.from(UTIF.encode(ifds(offsets)));
  return Buffer.concat([dirs, ...pages.map((p) => Buffer.from(greys(p)))]);
}

/**
 * A "scanned" PDF: each page is one PNG (or JPEG) image and has no text layer; string pages carry
 * real text. `saves`: that many saves of the graphics state (`q`, never restored) after each image.
 */
export async function scannedPdf(pages: Array<Rgba | string>, as: "png" | "jpeg" = "png", saves = 0): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const p of pages) {
    if (typeof p === "string") {
      doc.addPage([520, 300]).drawText(p, { x: 20, y: 200, font, size: 14 });
      continue;
    }
    const img = as === "png" ? await doc.embedPng(encodeImage(p, "png")) : await doc.embedJpg(encodeImage(p, "jpeg"));
    // the page is 520 pt wide and as tall as the image's aspect needs, the image fills it
    const page = doc.addPage([520, (520 * img.height) / img.width]);
    page.drawImage(img, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
    if (saves > 0) page.pushOperators(...Array.from({ length: saves }, () => pushGraphicsState()));
  }
  return doc.save();
}

/** Metadata to write into an image: EXIF's description and GPS position, an XMP packet's person shown and city, PNG text chunks. */
export interface ImageMeta {
  description?: string;
  artist?: string;
  gps?: [number, number];
  personShown?: string;
  city?: string;
  pngText?: Record<string, string>;
}

/** An EXIF block (TIFF, little-endian): IFD0 with ImageDescription, Artist and a GPS IFD pointer; the GPS IFD's latitude and longitude. */
function exifBlock(m: ImageMeta): Buffer {
  type Entry = { tag: number; type: number; count: number; data: Buffer };
  const ascii = (tag: number, s: string): Entry => ({ tag, type: 2, count: Buffer.byteLength(s) + 1, data: Buffer.concat([Buffer.from(s), Buffer.alloc(1)]) });
  const rationals = (tag: number, v: number): Entry => {
    const a = Math.abs(v);
    const parts = [Math.floor(a), Math.floor((a % 1) * 60), Math.round(((a * 60) % 1) * 60 * 1000)];
    const b = Buffer.alloc(24);
    parts.forEach((p, i) => (b.writeUInt32LE(p, i * 8), b.writeUInt32LE(i === 2 ? 1000 : 1, i * 8 + 4)));
    return { tag, type: 5, count: 3, data: b };
  };
  // (an IFD at `at`: its entries, then the values that do not fit in four bytes)
  const ifd = (entries: Entry[], at: number): Buffer => {
    const head = Buffer.alloc(2 + entries.length * 12 + 4);
    head.writeUInt16LE(entries.length, 0);
    let extra = Buffer.alloc(0);
    entries.forEach((e, i) => {
      const o = 2 + i * 12;
      head.writeUInt16LE(e.tag, o);
      head.writeUInt16LE(e.type, o + 2);
      head.writeUInt32LE(e.count, o + 4);
      if (e.data.length <= 4) e.data.copy(head, o + 8);
      else {
        head.writeUInt32LE(at + head.length + extra.length, o + 8);
        extra = Buffer.concat([extra, e.data, Buffer.alloc(e.data.length % 2)]);
      }
    });
    return Buffer.concat([head, extra]);
  };
  const gpsEntries: Entry[] = m.gps
    ? [ascii(1, m.gps[0] < 0 ? "S" : "N"), rationals(2, m.gps[0]), ascii(3, m.gps[1] < 0 ? "W" : "E"), rationals(4, m.gps[1])]
    : [];
  const ifd0Entries = (gpsAt: number): Entry[] => [
    ...(m.description ? [ascii(0x010e, m.description)] : []),
    ...(m.artist ? [ascii(0x013b, m.artist)] : []),
    ...(m.gps ? [{ tag: 0x8825, type: 4, count: 1, data: Buffer.from(Uint32Array.of(gpsAt).buffer) }] : []),
  ];
  const header = Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]);
  const size0 = ifd(ifd0Entries(0), 8).length;
  const ifd0 = ifd(ifd0Entries(8 + size0), 8);
  return Buffer.concat([header, ifd0, m.gps ? ifd(gpsEntries, 8 + size0) : Buffer.alloc(0)]);
}

/** An XMP packet naming the person shown (Iptc4xmpExt) and the city (photoshop). */
function xmpPacket(m: ImageMeta): string {
  const person = m.personShown ? `<Iptc4xmpExt:PersonInImage><rdf:Bag><rdf:li>${m.personShown}</rdf:li></rdf:Bag></Iptc4xmpExt:PersonInImage>` : "";
  const city = m.city ? `<photoshop:City>${m.city}</photoshop:City>` : "";
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/">${person}${city}</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
}

/** A JPEG of `px` with EXIF (APP1 "Exif") and XMP (APP1, Adobe's namespace) blocks after its SOI marker. */
export function jpegWithMetadata(px: Rgba, m: ImageMeta): Buffer {
  const jpeg = encodeImage(px, "jpeg");
  const app1 = (body: Buffer) => {
    const h = Buffer.from([0xff, 0xe1, 0, 0]);
    h.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([h, body]);
  };
  const blocks = [app1(Buffer.concat([Buffer.from("Exif\0\0", "latin1"), exifBlock(m)]))];
  if (m.personShown || m.city) blocks.push(app1(Buffer.concat([Buffer.from("http://ns.adobe.com/xap/1.0/\0", "latin1"), Buffer.from(xmpPacket(m), "utf8")])));
  return Buffer.concat([jpeg.subarray(0, 2), ...blocks, jpeg.subarray(2)]);
}

/** A PNG chunk: its length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/**
 * A PNG of `px` with tEXt chunks (keyword, NUL, Latin-1 text) after its IHDR chunk; with `xmp`,
 * an iTXt chunk holding that XMP packet (keyword "XML:com.adobe.xmp", uncompressed), as Adobe's
 * and Microsoft's tools write it.
 */
export function pngWithText(px: Rgba, text: Record<string, string>, xmp?: string): Buffer {
  const png = encodeImage(px, "png");
  const ihdrEnd = 8 + 8 + 13 + 4;
  const chunks = Object.entries(text).map(([k, v]) => pngChunk("tEXt", Buffer.from(`${k}\0${v}`, "latin1")));
  if (xmp !== undefined) chunks.push(pngChunk("iTXt", Buffer.concat([Buffer.from("XML:com.adobe.xmp\0\0\0\0\0", "latin1"), Buffer.from(xmp, "utf8")])));
  return Buffer.concat([png.subarray(0, ihdrEnd), ...chunks, png.subarray(ihdrEnd)]);
}
