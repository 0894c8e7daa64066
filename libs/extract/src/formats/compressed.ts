/**
 * Single-stream compression: GZIP (node:zlib) and BZIP2 (unbzip2-stream). The inner file is the same
 * file, so it keeps the outer file_in_zip; it still costs a nesting level.
 */
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import bz2 from "unbzip2-stream";
import { Stop, type Ctx, type Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { LimitHit, readBounded } from "./archive-util.ts";

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
  return outer.replace(/\.(gz|bz2)$/i, "") || "data";
}

async function inflate(ctx: Ctx, scope: Scope, bytes: Uint8Array, make: () => NodeJS.ReadWriteStream, name: string): Promise<void> {
  const src = Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);
  const stream = src.pipe(make() as unknown as NodeJS.WritableStream) as unknown as Readable;
  let content: Buffer;
  try {
    content = await readBounded(stream, ctx, bytes.byteLength);
  } catch (err) {
    if (err instanceof LimitHit) {
      if (err.code === "limit_time") throw new Stop(err.code, err.message);
      ctx.reason(err.code, err.message, scope.path);
      return;
    }
    throw err;
  }
  await ctx.recurse(content, name, { path: scope.path, depth: scope.depth + 1, base: scope.base });
}

export const gzipFormat: Format = {
  kinds: ["gzip"],
  library: "node:zlib",
  async extract(bytes, scope, ctx, { filename }) {
    await inflate(ctx, scope, bytes, () => createGunzip(), innerName(filename, gzipName(bytes)));
  },
};

export const bz2Format: Format = {
  kinds: ["bz2"],
  library: "unbzip2-stream",
  async extract(bytes, scope, ctx, { filename }) {
    await inflate(ctx, scope, bytes, () => bz2() as unknown as NodeJS.ReadWriteStream, innerName(filename, null));
  },
};
