/**
 * Images (PNG, JPEG, GIF, BMP, WebP, TIFF) → text through OCR (ocr.ts), when OCR is on.
 * Dimensions are read from the header first (image-size) and anything above DECODE_MAX_PIXELS is
 * refused before a pixel is decoded; decoding is @napi-rs/canvas (Skia) for PNG/JPEG/GIF/BMP/WebP
 * and utif2 for TIFF, whose pages (multi-page scans, faxes) each become a `page`. Large images
 * are scaled down to OCR_MAX_PIXELS. Text from an image has source `ocr`. Its metadata (EXIF,
 * GPS, IPTC, XMP, PNG text: image-metadata.ts) is read first, with OCR on or off, and is all
 * that is read of a HEIC, AVIF or JPEG XL image (kind `image-meta`).
 */
import { createRequire } from "node:module";
import { imageSize } from "image-size";
import { Stop, type Ctx, type Scope } from "../context.ts";
import { NoText, type Format } from "../format.ts";
import { emitImageMetadata } from "./image-metadata.ts";
import { DECODE_MAX_PIXELS, fitScale, greyFromRgba, OCR_MAX_PIXELS, ocrRaster, takeOcrPage, type Raster } from "./ocr.ts";

const require = createRequire(import.meta.url);

interface TiffIfd {
  t256?: number[];
  t257?: number[];
  [tag: string]: unknown;
}
interface Utif {
  decode(buf: Uint8Array | ArrayBuffer): TiffIfd[];
  decodeImage(buf: Uint8Array | ArrayBuffer, ifd: TiffIfd): void;
  toRGBA8(ifd: TiffIfd): Uint8Array;
}

type Canvas = import("@napi-rs/canvas").Canvas;
type CanvasImage = import("@napi-rs/canvas").Image;

/** Draws a decoded image (or canvas) scaled to fit OCR_MAX_PIXELS and returns its grey raster. */
async function rasterOf(src: CanvasImage | Canvas, width: number, height: number): Promise<Raster> {
  const { createCanvas } = await import("@napi-rs/canvas");
  const s = fitScale(width, height, OCR_MAX_PIXELS);
  const w = Math.max(1, Math.round(width * s));
  const h = Math.max(1, Math.round(height * s));
  const canvas = createCanvas(w, h);
  const g = canvas.getContext("2d");
  g.fillStyle = "#fff";
  g.fillRect(0, 0, w, h);
  g.drawImage(src, 0, 0, w, h);
  return greyFromRgba(g.getImageData(0, 0, w, h).data, w, h);
}

async function rasterFromRgba(rgba: Uint8Array, width: number, height: number): Promise<Raster> {
  if (width * height <= OCR_MAX_PIXELS) return greyFromRgba(rgba, width, height);
  const { createCanvas } = await import("@napi-rs/canvas");
  const full = createCanvas(width, height);
  const g = full.getContext("2d");
  const data = g.createImageData(width, height);
  data.data.set(rgba.subarray(0, width * height * 4));
  g.putImageData(data, 0, 0);
  return rasterOf(full, width, height);
}

/** The TIFF's pages (image directories with a size); utif2 parses the directories without decoding pixels. */
function tiffPages(bytes: Uint8Array): TiffIfd[] {
  const UTIF = require("utif2") as Utif;
  const ifds = UTIF.decode(bytes).filter((d) => (d.t256?.[0] ?? 0) > 0 && (d.t257?.[0] ?? 0) > 0);
  if (ifds.length === 0) throw new Error("tiff: no image in the file");
  return ifds;
}

/** Decodes one TIFF page; null (and reason limit_pixels) when it is too large to decode. */
async function tiffRaster(bytes: Uint8Array, ifd: TiffIfd, page: number, ctx: Ctx, scope: Scope): Promise<Raster | null> {
  const UTIF = require("utif2") as Utif;
  const w = ifd.t256![0]!;
  const h = ifd.t257![0]!;
  if (w * h > DECODE_MAX_PIXELS) {
    ctx.reason("limit_pixels", `TIFF page ${page} is ${w}×${h} pixels, over ${DECODE_MAX_PIXELS}`, scope.path);
    return null;
  }
  UTIF.decodeImage(bytes, ifd);
  const r = await rasterFromRgba(UTIF.toRGBA8(ifd), w, h);
  ifd.data = undefined; // let the decoded page go before the next one
  return r;
}

async function ocrOne(ctx: Ctx, scope: Scope, raster: Raster, page: number | null): Promise<boolean> {
  let text: string;
  try {
    text = await ocrRaster(ctx, raster);
  } catch (e) {
    if (e instanceof Stop) throw e;
    ctx.reason("ocr_failed", (e as Error).message, scope.path);
    return false;
  }
  ctx.emit(scope, text, page === null ? {} : { page }, "ocr");
  return true;
}

export const imageFormat: Format = {
  kinds: ["image", "image-meta"],
  library: "tesseract.js + @tesseract.js-data/eng (decoding: image-size, @napi-rs/canvas, utif2); metadata: exifreader",
  async extract(bytes, scope, ctx, info) {
    // (the metadata first: it is read whether the pixels are or not)
    const described = emitImageMetadata(ctx, scope, bytes) > 0;
    // (an image whose pixels nothing here decodes, HEIC, AVIF or JPEG XL, a phone's photo: its metadata only)
    const unread = info.kind === "image-meta" ? "image: its pixels are not decoded here (HEIC, AVIF, JPEG XL)" : !ctx.limits.ocr ? "image: OCR is off (FILESCAN_OCR=off)" : null;
    if (unread !== null) {
      if (!described) throw new NoText(unread);
      ctx.reason("unsupported_type", `${unread}; its metadata read`, scope.path);
      return;
    }
    const dim = imageSize(bytes);
    if (dim.type === "tiff") {
      const ifds = tiffPages(bytes);
      for (const [i, ifd] of ifds.entries()) {
        ctx.checkTime();
        if (!takeOcrPage(ctx, scope.path)) return;
        const raster = await tiffRaster(bytes, ifd, i + 1, ctx, scope);
        if (raster && !(await ocrOne(ctx, scope, raster, ifds.length > 1 ? i + 1 : null))) return;
      }
      return;
    }
    const width = dim.width ?? 0;
    const height = dim.height ?? 0;
    if (width * height > DECODE_MAX_PIXELS) {
      ctx.reason("limit_pixels", `image is ${width}×${height} pixels, over ${DECODE_MAX_PIXELS}`, scope.path);
      return;
    }
    const { loadImage } = await import("@napi-rs/canvas");
    const img = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (!takeOcrPage(ctx, scope.path)) return;
    await ocrOne(ctx, scope, await rasterOf(img, img.width, img.height), null);
  },
};
