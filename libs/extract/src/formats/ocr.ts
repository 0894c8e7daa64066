/**
 * OCR, fully offline: tesseract.js with the English LSTM model from the npm package
 * `@tesseract.js-data/eng` (`langPath` is that package's folder, so nothing is ever fetched and
 * nothing is cached to disk). One tesseract worker per thread, created on first use and reused;
 * it is unref'd while idle (it never keeps a process alive) and shut down after a minute idle.
 * Jobs take turns on it (see `lock`); a job whose time budget runs out mid-page terminates it.
 *
 * Input is a grey raster (8 bits per pixel) handed to tesseract as PGM, a format its image
 * library reads natively — tesseract never sees the submitted bytes, so a hostile image can only
 * fail in our decoders (image.ts, pdf.js), which run under the pixel and time limits.
 * Each image, TIFF page or scanned PDF page costs one OCR page (limit `maxOcrPages`).
 */
import { createRequire } from "node:module";
import { existsSync } from "node:fs";
import path from "node:path";
import type { Worker as NodeWorker } from "node:worker_threads";
import { Stop, withinBudget, type Ctx, type Scope } from "../context.ts";

const require = createRequire(import.meta.url);

/** 8-bit grey pixels, row-major. */
export interface Raster {
  width: number;
  height: number;
  grey: Uint8Array;
}

/** Rasters above this are scaled down before OCR (time grows with pixels; 8 MP is A4 at ~240 dpi). */
export const OCR_MAX_PIXELS = 8_000_000;
/** Images above this are not decoded at all (a small file can declare a huge canvas). */
export const DECODE_MAX_PIXELS = 64_000_000;
/** Resolution scanned PDF pages are rendered at. */
export const PDF_OCR_DPI = 200;
const IDLE_SHUTDOWN_MS = 60_000;

/** The tesseract.js worker options: language data from the npm package, no cache, no network. */
export function ocrEngineOptions(): { langPath: string; cacheMethod: "none"; gzip: true } {
  const pkgDir = path.dirname(require.resolve("@tesseract.js-data/eng/package.json"));
  // The LSTM-only "best_int" model (what tesseract.js picks for OEM 1); the package's default
  // folder (legacy + LSTM) is the fallback should a later version drop it.
  const best = path.join(pkgDir, "4.0.0_best_int");
  const langPath = existsSync(path.join(best, "eng.traineddata.gz")) ? best : (require("@tesseract.js-data/eng") as { langPath: string }).langPath;
  return { langPath, cacheMethod: "none", gzip: true };
}

type Tess = import("tesseract.js").Worker & { worker?: NodeWorker };

/** A worker that has not loaded its model after this long is given up (and the next OCR starts another). */
const START_TIMEOUT_MS = 60_000;

interface Engine {
  tess: Tess;
  idle: NodeJS.Timeout | null;
  /** user_defined_dpi currently set ("0" = let tesseract estimate). */
  dpi: string;
  /** Rejects when the worker thread exits or fails (a job on it would never answer). */
  gone: Promise<never>;
  /** Set once the worker is gone or being terminated. */
  dead: boolean;
}

/** This thread's engine, and the start of the next one while it loads. */
let current: Engine | null = null;
let starting: Promise<Engine> | null = null;
/**
 * One OCR job at a time per thread: tesseract runs one job at a time anyway, the dpi set for a job
 * stays its own, and a job whose time budget runs out mid-recognition can terminate the worker
 * without killing a job of another file (the next job in line starts a fresh worker).
 */
let lock: Promise<void> = Promise.resolve();

async function startEngine(): Promise<Engine> {
  const { createWorker, OEM } = await import("tesseract.js");
  // errorHandler: without it tesseract.js rethrows a failed job inside its message handler,
  // where nothing can catch it; with it the job's promise rejects and we report a reason.
  const created = createWorker("eng", OEM.LSTM_ONLY, { ...ocrEngineOptions(), errorHandler: () => {} }) as Promise<Tess>;
  let timer: NodeJS.Timeout | undefined;
  const tooSlow = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the OCR engine did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
  });
  let tess: Tess;
  try {
    tess = await Promise.race([created, tooSlow]);
  } catch (e) {
    void created.then((t) => t.terminate()).catch(() => undefined);
    throw e;
  } finally {
    clearTimeout(timer);
  }
  const eng: Engine = { tess, idle: null, dpi: "0", gone: Promise.resolve() as never, dead: false };
  eng.gone = new Promise<never>((_, reject) => {
    const die = (why: string) => {
      eng.dead = true;
      if (current === eng) current = null;
      reject(new Error(why));
    };
    tess.worker?.once("exit", (code) => die(`the OCR worker exited (code ${code})`));
    tess.worker?.once("error", (e) => die(`the OCR worker failed: ${e.message}`));
  });
  eng.gone.catch(() => undefined);
  tess.worker?.unref();
  return eng;
}

function engine(): Promise<Engine> {
  if (current) return Promise.resolve(current);
  starting ??= startEngine()
    .then((e) => (current = e))
    .finally(() => (starting = null));
  return starting;
}

/** Terminates `eng`; the next OCR starts a new engine. */
async function stopEngine(eng: Engine): Promise<void> {
  eng.dead = true;
  if (current === eng) current = null;
  if (eng.idle) clearTimeout(eng.idle);
  await eng.tess.terminate().catch(() => undefined);
}

/** Terminates this thread's OCR worker (the next OCR starts a new one). */
export async function closeOcr(): Promise<void> {
  const eng = current ?? (await starting?.catch(() => null)) ?? null;
  if (eng) await stopEngine(eng);
}

/** Grey raster → binary PGM (P5), which tesseract's image library reads without any codec. */
export function toPgm(r: Raster): Buffer {
  const head = Buffer.from(`P5\n${r.width} ${r.height}\n255\n`, "latin1");
  return Buffer.concat([head, Buffer.from(r.grey.buffer, r.grey.byteOffset, r.width * r.height)]);
}

/** RGBA (canvas ImageData, UTIF) → grey, with the Rec. 601 weights; transparent pixels become white. */
export function greyFromRgba(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Raster {
  const n = width * height;
  const grey = new Uint8Array(n);
  for (let i = 0, j = 0; j < n; i += 4, j++) {
    const a = rgba[i + 3]!;
    const y = (rgba[i]! * 77 + rgba[i + 1]! * 150 + rgba[i + 2]! * 29) >> 8;
    grey[j] = a === 255 ? y : (y * a + 255 * (255 - a)) / 255;
  }
  return { width, height, grey };
}

/**
 * Counts one OCR page. False (and reason `limit_ocr_pages`, once) when the file's OCR budget is
 * spent; the caller stops OCR-ing.
 */
export function takeOcrPage(ctx: Ctx, where: string | null): boolean {
  if (ctx.ocrPages >= ctx.limits.maxOcrPages) {
    ctx.reason("limit_ocr_pages", `more than ${ctx.limits.maxOcrPages} images or pages to OCR`, where);
    return false;
  }
  ctx.ocrPages += 1;
  return true;
}

/**
 * The text tesseract reads in a raster. Jobs queue for the thread's engine; a budget spent while
 * queued just leaves the queue, one spent mid-recognition terminates the worker (it would stay
 * busy with a page nobody waits for).
 */
export async function ocrRaster(ctx: Ctx, raster: Raster, dpi?: number): Promise<string> {
  const prev = lock;
  let release!: () => void;
  const mine = new Promise<void>((r) => (release = r));
  lock = prev.then(() => mine);
  let eng: Engine | null = null;
  try {
    await withinBudget(ctx, prev);
    eng = await withinBudget(ctx, engine());
    if (eng.idle) clearTimeout(eng.idle);
    eng.idle = null;
    eng.tess.worker?.ref();
    const want = String(dpi ?? 0);
    if (want !== eng.dpi) {
      await withinBudget(ctx, Promise.race([eng.tess.setParameters({ user_defined_dpi: want }), eng.gone]));
      eng.dpi = want;
    }
    const r = await withinBudget(ctx, Promise.race([eng.tess.recognize(toPgm(raster)), eng.gone]));
    return r.data.text.replace(/(?<![ \t])[ \t]+\n/g, "\n").trim();
  } catch (e) {
    if (eng && (e instanceof Stop || eng.dead)) await stopEngine(eng);
    throw e instanceof Stop || e instanceof Error ? e : new Error(`OCR failed: ${String(e)}`);
  } finally {
    if (eng && !eng.dead) {
      const idle = eng;
      idle.tess.worker?.unref();
      idle.idle = setTimeout(() => void stopEngine(idle), IDLE_SHUTDOWN_MS);
      idle.idle.unref();
    }
    release();
  }
}

/** Scale that keeps width × height within maxPixels (1 when it already fits). */
export function fitScale(width: number, height: number, maxPixels: number): number {
  const px = width * height;
  return px > maxPixels ? Math.sqrt(maxPixels / px) : 1;
}

interface PdfPageLike {
  getViewport(o: { scale: number }): { width: number; height: number };
  render(o: Record<string, unknown>): { promise: Promise<void>; cancel(): void };
  cleanup(): void;
}
interface PdfDocLike {
  getPage(n: number): Promise<unknown>;
}

/** Renders a PDF page (pdf.js onto an @napi-rs/canvas canvas) at PDF_OCR_DPI, within OCR_MAX_PIXELS. */
async function renderPage(ctx: Ctx, page: PdfPageLike): Promise<Raster> {
  const { createCanvas } = await import("@napi-rs/canvas");
  const base = page.getViewport({ scale: PDF_OCR_DPI / 72 });
  const scale = (PDF_OCR_DPI / 72) * fitScale(base.width, base.height, OCR_MAX_PIXELS);
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  const canvas = createCanvas(width, height);
  const task = page.render({ canvas, viewport, background: "rgb(255,255,255)" });
  try {
    await withinBudget(ctx, task.promise);
  } catch (e) {
    task.cancel();
    throw e;
  }
  const img = canvas.getContext("2d").getImageData(0, 0, width, height);
  return greyFromRgba(img.data, width, height);
}

/**
 * OCR of the PDF pages that had no text layer (pdf.ts calls this): each page is rendered and read;
 * its text is a segment with the page's number and source `ocr`. A page that cannot be rendered
 * is a reason (`corrupt`), the others are still read.
 */
export async function ocrPdfPages(doc: PdfDocLike, pages: number[], scope: Scope, ctx: Ctx): Promise<void> {
  for (const p of pages) {
    ctx.checkTime();
    if (!takeOcrPage(ctx, scope.path)) return;
    const page = (await withinBudget(ctx, doc.getPage(p))) as PdfPageLike;
    let raster: Raster;
    try {
      raster = await renderPage(ctx, page);
    } catch (e) {
      if (e instanceof Stop) throw e;
      ctx.reason("corrupt", `page ${p} could not be rendered for OCR: ${(e as Error).message}`, scope.path);
      continue;
    } finally {
      page.cleanup();
    }
    let text: string;
    try {
      text = await ocrRaster(ctx, raster, PDF_OCR_DPI);
    } catch (e) {
      if (e instanceof Stop) throw e;
      ctx.reason("ocr_failed", `page ${p}: ${(e as Error).message}`, scope.path);
      return;
    }
    ctx.emit(scope, text, { page: p }, "ocr");
  }
}
