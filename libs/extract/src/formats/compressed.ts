/**
 * Single-stream compression: GZIP, Zstandard, Brotli and bare zlib streams (node:zlib), BZIP2
 * (unbzip2-stream), XZ (xz-decompress, WebAssembly), LZ4 frames (lz4js's block decoder) and
 * framed Snappy (hyparquet's Snappy decoder per chunk). Each is read as a stream, so the ratio and total-bytes limits
 * stop a bomb while it inflates; what it gave before the limit is read. The inner file is the same file, so it keeps the outer
 * file_in_zip; it still costs a nesting level.
 */
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { constants, createBrotliDecompress, createGunzip, createInflate, createZstdDecompress } from "node:zlib";
import { createRequire } from "node:module";
import xzDecompress from "xz-decompress";
import { decompressBlock } from "lz4js";
import { snappyUncompress } from "hyparquet";
import { Stop, type Ctx, type Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { keptBefore, LimitHit, readBounded, StreamFailed } from "./archive-util.ts";

const { XzReadableStream } = xzDecompress; // a CommonJS bundle: no named exports for ESM

/** unbzip2-stream's block decoder and bit reader (its own modules, which have no types). */
interface Bits {
  (n: number | null): number;
  bytesRead: number;
}
const requireHere = createRequire(import.meta.url);
const bzip2 = requireHere("unbzip2-stream/lib/bzip2.js") as {
  header(bits: Bits): number;
  decompress(bits: Bits, out: (byte: number) => void, buf: Int32Array, bufsize: number, streamCRC: number): number | null;
};
const bitIterator = requireHere("unbzip2-stream/lib/bit_iterator.js") as (next: () => Uint8Array | undefined) => Bits;

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
  return outer.replace(/\.(gz|bz2|xz|zst|br|zlib|zz|lz4|sz|snappy)$/i, "") || "data";
}

/** A Node stream decompressor, piped to. */
export const piped = (make: () => NodeJS.ReadWriteStream) => (src: Readable) => src.pipe(make() as unknown as NodeJS.WritableStream) as unknown as Readable;

/**
 * The decompressed bytes, as far as the limits let them come (a limit hit is said as a reason;
 * null when nothing before it is kept).
 */
export async function inflated(ctx: Ctx, scope: Scope, bytes: Uint8Array, decompress: (src: Readable) => Readable): Promise<Buffer | null> {
  const src = Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);
  return readKept(ctx, scope, decompress(src), bytes.byteLength);
}

/** A decoding stream's bytes as `inflated` reads them, from `compressedSize` bytes. */
export async function readKept(ctx: Ctx, scope: Scope, stream: Readable, compressedSize: number): Promise<Buffer | null> {
  try {
    return await readBounded(stream, ctx, compressedSize);
  } catch (err) {
    if (!(err instanceof LimitHit)) throw err;
    if (err.code === "limit_time") throw new Stop(err.code, err.message);
    return keptBefore(ctx, err, scope.path);
  }
}

/**
 * Reads the inner file. `cutShort`, the same decompressor that flushes what it has at the input's
 * end instead of failing: a file cut short (a download, a copy or a log rotation that stopped) is
 * read as far as it came, and said so, where zlib said "unexpected end of file" and gave nothing.
 */
async function inflate(ctx: Ctx, scope: Scope, bytes: Uint8Array, decompress: (src: Readable) => Readable, name: string, { kind, cutShort, explain }: { kind: string; cutShort?: (src: Readable) => Readable; explain?: (err: Error) => string | null }): Promise<void> {
  let content: Buffer | null;
  try {
    content = await inflated(ctx, scope, bytes, decompress);
  } catch (err) {
    // (a decompressor's own words for what went wrong, where its error is an internal one)
    const said = (err instanceof Error && explain?.(err)) || null;
    if (cutShort !== undefined && /unexpected end of file/i.test((err as Error).message)) {
      content = await inflated(ctx, scope, bytes, cutShort);
      ctx.reason("corrupt", `${kind}: cut short (unexpected end of file); read as far as it came`, scope.path);
    } else if (err instanceof StreamFailed && err.before.byteLength > 0) {
      // (another decompressor's error: what it gave before it is the file's first part)
      content = err.before;
      ctx.totalBytes += content.byteLength;
      ctx.reason("corrupt", `${kind}: cut short or damaged (${said ?? err.message}); its first ${content.byteLength} bytes read`, scope.path);
    } else if (said !== null) throw new Error(said, { cause: err });
    else throw err;
  }
  if (content !== null) await ctx.recurse(content, name, { path: scope.path, depth: scope.depth + 1, base: scope.base });
}

/** Flushes what it has at the input's end (see `inflate`). */
const AT_END = { finishFlush: constants.Z_SYNC_FLUSH };

export const gzipFormat: Format = {
  kinds: ["gzip"],
  library: "node:zlib",
  async extract(bytes, scope, ctx, { filename }) {
    await inflate(ctx, scope, bytes, piped(createGunzip), innerName(filename, gzipName(bytes)), { kind: "gzip", cutShort: piped(() => createGunzip(AT_END)) });
  },
};

/**
 * unbzip2-stream reads past its input when the data ends inside a block (a file cut short) and
 * fails with the runtime's words ("TypeError: Cannot read properties of undefined"): said plainly.
 */
function bz2Failure(err: Error): string | null {
  return err.name === "TypeError" || err.name === "RangeError" ? "the data ends inside a block (cut short) or a block is damaged" : null;
}

/**
 * The blocks of a bzip2 file (and of the streams after it: pbzip2 writes one per thread), each
 * decoded only when it is read, by unbzip2-stream's block decoder. Its stream decoded everything
 * left at its input's end in one synchronous loop, whatever the reader had stopped: a 785-byte
 * bomb's gigabyte of zeros took 30 s and 3 GB, deaf to the ratio limit and the time budget (a
 * larger one held the worker until the pool killed it, the text of the archive around it lost).
 * A block gives at most some 45 MB (900 kB of runs of 255).
 */
export function* bz2Blocks(b: Uint8Array): Generator<Uint8Array> {
  let given = false;
  // (past the input the reader gets undefined and fails with a TypeError: a file cut short, bz2Failure)
  const bits = bitIterator(() => (given ? undefined : ((given = true), b)));
  let out = new Uint8Array(1 << 20);
  let n = 0;
  const put = (byte: number) => {
    if (n === out.length) {
      const grown = new Uint8Array(out.length * 2);
      grown.set(out);
      out = grown;
    }
    out[n++] = byte;
  };
  while (bits.bytesRead < b.length) {
    const size = 100000 * bzip2.header(bits);
    const buf = new Int32Array(size);
    let crc: number | null = 0;
    for (;;) {
      n = 0;
      crc = bzip2.decompress(bits, put, buf, size, crc);
      if (crc === null) break;
      // (the block's bytes handed on as they are, a new buffer for the next: no copy of a bomb's 45 MB)
      const block = out.subarray(0, n);
      out = new Uint8Array(1 << 20);
      yield block;
    }
  }
}

export const bz2Format: Format = {
  kinds: ["bz2"],
  library: "unbzip2-stream (its block decoder; the blocks read here one at a time)",
  async extract(bytes, scope, ctx, { filename }) {
    await inflate(ctx, scope, bytes, blocks(() => bz2Blocks(bytes)), innerName(filename, null), { kind: "bz2", explain: bz2Failure });
  },
};

export const xzFormat: Format = {
  kinds: ["xz"],
  library: "xz-decompress",
  async extract(bytes, scope, ctx, { filename }) {
    // (a web stream: destroying the Node side cancels it, which stops the WebAssembly decoder)
    const xz = (src: Readable) => Readable.fromWeb(new XzReadableStream(Readable.toWeb(src) as ReadableStream<Uint8Array>) as unknown as WebReadableStream<Uint8Array>);
    await inflate(ctx, scope, bytes, xz, innerName(filename, null), { kind: "xz" });
  },
};

export const zstdFormat: Format = {
  kinds: ["zstd"],
  library: "node:zlib",
  async extract(bytes, scope, ctx, { filename }) {
    await inflate(ctx, scope, bytes, piped(createZstdDecompress), innerName(filename, null), { kind: "zstd" });
  },
};

/** Brotli (a web server's precompressed `index.html.br`, `app.js.br`): no magic number, told by its extension. */
export const brotliFormat: Format = {
  kinds: ["brotli"],
  library: "node:zlib",
  async extract(bytes, scope, ctx, { filename }) {
    await inflate(ctx, scope, bytes, piped(createBrotliDecompress), innerName(filename, null), { kind: "brotli" });
  },
};

/** A bare zlib stream (RFC 1950: `.zlib`, `.zz`, what a program wrote with zlib's compress()). */
export const zlibFormat: Format = {
  kinds: ["zlib"],
  library: "node:zlib",
  async extract(bytes, scope, ctx, { filename }) {
    await inflate(ctx, scope, bytes, piped(createInflate), innerName(filename, null), { kind: "zlib", cutShort: piped(() => createInflate(AT_END)) });
  },
};

/** Whether the bytes start a zlib stream (RFC 1950): deflate with a window of at most 32 KiB, and the header's check. */
export function isZlibStream(b: Uint8Array): boolean {
  return b.length >= 3 && ((b[0] ?? 0) & 0x0f) === 8 && (b[0] ?? 0) >> 4 <= 7 && (((b[0] ?? 0) << 8) | (b[1] ?? 0)) % 31 === 0 && ((b[1] ?? 0) & 0x20) === 0;
}

/** A decoder's blocks as a stream, decoded as they are read (so the limits stop a bomb between blocks). */
const blocks = (decode: () => Generator<Uint8Array>) => () => Readable.from(decode(), { objectMode: false });

/**
 * The blocks of an LZ4 frame (the LZ4 Frame Format 1.6.x: magic 0x184D2204, a descriptor, then
 * blocks of at most its declared size, each stored or compressed, until an empty one), and of any
 * frames after it; skippable frames are skipped, a legacy frame (0x184C2102: 8 MiB blocks) read.
 */
export function* lz4Blocks(b: Uint8Array): Generator<Uint8Array> {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let at = 0;
  while (at + 4 <= b.length) {
    const magic = v.getUint32(at, true);
    if ((magic & 0xfffffff0) === 0x184d2a50) {
      // a skippable frame: its length, then that many bytes
      at += 8 + (at + 8 <= b.length ? v.getUint32(at + 4, true) : 0);
      continue;
    }
    if (magic === 0x184c2102) {
      at += 4;
      while (at + 4 <= b.length && v.getUint32(at, true) !== 0x184c2102 && v.getUint32(at, true) !== 0x184d2204) {
        const size = v.getUint32(at, true);
        const out = new Uint8Array(8 << 20);
        yield out.subarray(0, Math.min(out.length, decompressBlock(b, out, at + 4, Math.min(size, b.length - at - 4), 0)));
        at += 4 + size;
      }
      continue;
    }
    if (magic !== 0x184d2204) throw new Error(`lz4: no frame at byte ${at}`);
    const flg = b[at + 4] ?? 0;
    const bd = b[at + 5] ?? 0;
    if (flg >> 6 !== 1) throw new Error("lz4: unknown frame version");
    const maxBlock = 1 << (2 * ((bd >> 4) & 7) + 8); // 4: 64 KiB … 7: 4 MiB
    at += 6 + (flg & 0x08 ? 8 : 0) + (flg & 0x01 ? 4 : 0) + 1; // descriptor, content size, dictionary id, header checksum
    for (;;) {
      if (at + 4 > b.length) throw new Error("lz4: frame cut short");
      const word = v.getUint32(at, true);
      at += 4;
      if (word === 0) break; // the end mark
      const size = word & 0x7fffffff;
      const end = Math.min(b.length, at + size);
      if (word & 0x80000000) yield b.slice(at, end);
      else {
        const out = new Uint8Array(maxBlock);
        yield out.subarray(0, Math.min(maxBlock, decompressBlock(b, out, at, end - at, 0)));
      }
      at = end + (flg & 0x10 ? 4 : 0); // a block's checksum
      if (end === b.length) throw new Error("lz4: frame cut short");
    }
    if (flg & 0x04) at += 4; // the content's checksum
  }
}

/**
 * The data of a framed Snappy stream (Snappy's framing_format.txt: a stream identifier, then
 * chunks of at most 64 KiB of data, compressed or not, each with a checksum; padding and reserved
 * skippable chunks skipped).
 */
export function* snappyChunks(b: Uint8Array): Generator<Uint8Array> {
  let at = 0;
  while (at + 4 <= b.length) {
    const type = b[at]!;
    const length = b[at + 1]! | (b[at + 2]! << 8) | (b[at + 3]! << 16);
    const body = b.subarray(at + 4, Math.min(b.length, at + 4 + length));
    if (body.length < length) throw new Error("snappy: chunk cut short");
    at += 4 + length;
    // (after its 4-byte checksum: 0x00 compressed data, 0x01 stored data)
    if (type === 0x00) yield snappyRaw(body.subarray(4), 65536);
    else if (type === 0x01) yield body.subarray(4);
    else if (type >= 0x02 && type <= 0x7f) throw new Error(`snappy: reserved chunk type ${type}`);
  }
}

/**
 * A raw Snappy block (its uncompressed length as a varint, then its elements), uncompressed by
 * hyparquet's decoder; refused when that length is over `limit`.
 */
export function snappyRaw(data: Uint8Array, limit: number): Uint8Array {
  let length = 0;
  for (let i = 0, shift = 0; i < 5; i++, shift += 7) {
    const c = data[i] ?? 0;
    length += (c & 0x7f) * 2 ** shift;
    if (c < 0x80) break;
  }
  if (length > limit) throw new Error(`snappy block of ${length} bytes, over ${limit}`);
  const out = new Uint8Array(length);
  snappyUncompress(data, out);
  return out;
}

/** LZ4 frames (`.lz4`: lz4 on the command line, log shippers, backups). */
export const lz4Format: Format = {
  kinds: ["lz4"],
  library: "lz4js (its block decoder; the frames read here)",
  async extract(bytes, scope, ctx, { filename }) {
    await inflate(ctx, scope, bytes, blocks(() => lz4Blocks(bytes)), innerName(filename, null), { kind: "lz4" });
  },
};

/** Framed Snappy (`.sz`: Hadoop's and Kafka's tools, `snzip`), told by its stream identifier. */
export const snappyFormat: Format = {
  kinds: ["snappy"],
  library: "hyparquet's Snappy decoder (each chunk; the framing read here)",
  async extract(bytes, scope, ctx, { filename }) {
    await inflate(ctx, scope, bytes, blocks(() => snappyChunks(bytes)), innerName(filename, null), { kind: "snappy" });
  },
};

/** Whether the bytes start a framed Snappy stream: its stream identifier chunk, "sNaPpY". */
export function isSnappyFramed(b: Uint8Array): boolean {
  return b.length >= 10 && b[0] === 0xff && b[1] === 6 && b[2] === 0 && b[3] === 0 && Buffer.from(b.subarray(4, 10)).toString("latin1") === "sNaPpY";
}
