/**
 * Single-stream compression: GZIP, Zstandard, Brotli and bare zlib streams (node:zlib), BZIP2
 * (unbzip2-stream), XZ (xz-decompress, WebAssembly). Each is read as a stream, so the ratio and total-bytes limits
 * stop a bomb while it inflates; what it gave before the limit is read. The inner file is the same file, so it keeps the outer
 * file_in_zip; it still costs a nesting level.
 */
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { createBrotliDecompress, createGunzip, createInflate, createZstdDecompress } from "node:zlib";
import bz2 from "unbzip2-stream";
import xzDecompress from "xz-decompress";
import { Stop, type Ctx, type Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { keptBefore, LimitHit, readBounded } from "./archive-util.ts";

const { XzReadableStream } = xzDecompress; // a CommonJS bundle: no named exports for ESM

/** FNAME from the gzip header (RFC 1952), if the writer stored one. */
function gzipName(b: Uint8Array): string | null {
  const flags = b[3] ?? 0;
  let i = 10;
  if (flags & 0x04) i += 2 + ((b[10] ?? 0) | ((b[11] ?? 0) << 8));
  if (!(flags & 0x08)) return null;
  const end = b.indexOf(0, i);
  if (end < 0 || end - i > 1024) return null;
  return Buffer.from(b.subarray(i, end)).toString("latin1").split(/[\\/]/).pop() || null;
}

function innerName(outer: string, stored: string | null): string {
  if (stored) return stored;
  if (/\.tgz$/i.test(outer)) return outer.replace(/\.tgz$/i, ".tar");
  if (/\.tbz2?$/i.test(outer)) return outer.replace(/\.tbz2?$/i, ".tar");
  if (/\.txz$/i.test(outer)) return outer.replace(/\.txz$/i, ".tar");
  if (/\.tzst$/i.test(outer)) return outer.replace(/\.tzst$/i, ".tar");
  return outer.replace(/\.(gz|bz2|xz|zst|br|zlib|zz)$/i, "") || "data";
}

/** A Node stream decompressor, piped to. */
const piped = (make: () => NodeJS.ReadWriteStream) => (src: Readable) => src.pipe(make() as unknown as NodeJS.WritableStream) as unknown as Readable;

async function inflate(ctx: Ctx, scope: Scope, bytes: Uint8Array, decompress: (src: Readable) => Readable, name: string): Promise<void> {
  const src = Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);
  const stream = decompress(src);
  let content: Buffer;
  try {
    content = await readBounded(stream, ctx, bytes.byteLength);
  } catch (err) {
    if (!(err instanceof LimitHit)) throw err;
    if (err.code === "limit_time") throw new Stop(err.code, err.message);
    const before = keptBefore(ctx, err, scope.path);
    if (before === null) return;
    content = before;
  }
  await ctx.recurse(content, name, { path: scope.path, depth: scope.depth + 1, base: scope.base });
}

export const gzipFormat: Format = {
  kinds: ["gzip"],
  library: "node:zlib",
  async extract(bytes, scope, ctx, { filename }) {
    await inflate(ctx, scope, bytes, piped(createGunzip), innerName(filename, gzipName(bytes)));
  },
};

export const bz2Format: Format = {
  kinds: ["bz2"],
  library: "unbzip2-stream",
  async extract(bytes, scope, ctx, { filename }) {
    await inflate(ctx, scope, bytes, piped(() => bz2() as unknown as NodeJS.ReadWriteStream), innerName(filename, null));
  },
};

export const xzFormat: Format = {
  kinds: ["xz"],
  library: "xz-decompress",
  async extract(bytes, scope, ctx, { filename }) {
    // (a web stream: destroying the Node side cancels it, which stops the WebAssembly decoder)
    const xz = (src: Readable) => Readable.fromWeb(new XzReadableStream(Readable.toWeb(src) as ReadableStream<Uint8Array>) as unknown as WebReadableStream<Uint8Array>);
    await inflate(ctx, scope, bytes, xz, innerName(filename, null));
  },
};

export const zstdFormat: Format = {
  kinds: ["zstd"],
  library: "node:zlib",
  async extract(bytes, scope, ctx, { filename }) {
    await inflate(ctx, scope, bytes, piped(createZstdDecompress), innerName(filename, null));
  },
};

/** Brotli (a web server's precompressed `index.html.br`, `app.js.br`): no magic number, told by its extension. */
export const brotliFormat: Format = {
  kinds: ["brotli"],
  library: "node:zlib",
  async extract(bytes, scope, ctx, { filename }) {
    await inflate(ctx, scope, bytes, piped(createBrotliDecompress), innerName(filename, null));
  },
};

/** A bare zlib stream (RFC 1950: `.zlib`, `.zz`, what a program wrote with zlib's compress()). */
export const zlibFormat: Format = {
  kinds: ["zlib"],
  library: "node:zlib",
  async extract(bytes, scope, ctx, { filename }) {
    await inflate(ctx, scope, bytes, piped(createInflate), innerName(filename, null));
  },
};

/** Whether the bytes start a zlib stream (RFC 1950): deflate with a window of at most 32 KiB, and the header's check. */
export function isZlibStream(b: Uint8Array): boolean {
  return b.length >= 3 && ((b[0] ?? 0) & 0x0f) === 8 && (b[0] ?? 0) >> 4 <= 7 && (((b[0] ?? 0) << 8) | (b[1] ?? 0)) % 31 === 0 && ((b[1] ?? 0) & 0x20) === 0;
}
