/** TAR via tar-stream: entries streamed from memory, never written anywhere. */
import { Readable } from "node:stream";
import tar from "tar-stream";
import { childPath, childScope, Stop, type Ctx, type Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { isTraversal, LimitHit, readBounded, StreamFailed, UNSAFE_NAME } from "./archive-util.ts";

export const tarFormat: Format = {
  kinds: ["tar"],
  library: "tar-stream",
  async extract(bytes, scope, ctx) {
    let from: number | null = 0;
    while (from !== null && from < bytes.length) from = await readFrom(bytes, from, scope, ctx);
  },
};

/** GNU tar's old sparse member (typeflag 'S'): its data regions, the extension blocks after its header, its size with the holes. */
interface Sparse {
  regions: Array<{ offset: number; length: number }>;
  extensionBlocks: number;
  realSize: number;
}

/** A header's number: octal digits, or base-256 (its first byte's high bit set) as GNU tar writes large ones. */
function headerNumber(b: Uint8Array, at: number, length: number): number {
  if (((b[at] ?? 0) & 0x80) !== 0) {
    let n = (b[at] ?? 0) & 0x7f;
    for (let i = 1; i < length; i++) n = n * 256 + (b[at + i] ?? 0);
    return n;
  }
  const digits = /^[ \0]*([0-7]*)/.exec(Buffer.from(b.subarray(at, at + length)).toString("latin1"))?.[1] ?? "";
  return digits === "" ? 0 : parseInt(digits, 8);
}

/** The sparse map of a GNU sparse member whose 512-byte header ends at `dataAt` (its 4 entries, then 21 in each extension block). */
export function gnuSparse(bytes: Uint8Array, dataAt: number): Sparse | null {
  const header = bytes.subarray(dataAt - 512, dataAt);
  if (header.length < 512 || header[156] !== 0x53) return null;
  const regions: Sparse["regions"] = [];
  const entries = (block: Uint8Array, at: number, count: number) => {
    for (let i = 0; i < count; i++) {
      const e = at + i * 24;
      if (block[e] === 0) break;
      regions.push({ offset: headerNumber(block, e, 12), length: headerNumber(block, e + 12, 12) });
    }
  };
  entries(header, 386, 4);
  let extended = header[482] !== 0;
  let extensionBlocks = 0;
  while (extended) {
    const block = bytes.subarray(dataAt + extensionBlocks * 512, dataAt + (extensionBlocks + 1) * 512);
    if (block.length < 512) break;
    extensionBlocks += 1;
    entries(block, 0, 21);
    extended = block[504] !== 0;
  }
  return { regions, extensionBlocks, realSize: headerNumber(header, 483, 12) };
}

/**
 * The file a GNU sparse member stands for: its data regions at their offsets, the holes zeros (a
 * log with a hole, a database file); when that is past the bytes left or the map does not fit,
 * the regions as stored, one after the other, and said so.
 */
function unsparse(data: Uint8Array, sparse: Sparse, where: string, ctx: Ctx): Uint8Array {
  const fits = sparse.realSize <= ctx.bytesLeft() && sparse.regions.every((r) => r.offset + r.length <= sparse.realSize);
  if (!fits) {
    ctx.reason("limit_total_bytes", `sparse file of ${sparse.realSize} bytes over the bytes left; its ${data.length} stored bytes read without its holes`, where);
    return data;
  }
  const out = new Uint8Array(sparse.realSize);
  let at = 0;
  for (const r of sparse.regions) {
    const part = data.subarray(at, at + r.length);
    out.set(part, r.offset);
    at += part.length;
  }
  ctx.totalBytes += sparse.realSize - data.length;
  return out;
}

/**
 * Reads the members from the header at `start`; returns where to read on when a member's layout
 * is one tar-stream does not know (a GNU sparse member with extension blocks, which it takes for
 * data), else null at the end.
 */
async function readFrom(bytes: Uint8Array, start: number, scope: Scope, ctx: Ctx): Promise<number | null> {
  // (pre-POSIX V7 headers have no "ustar" magic; tar-stream reads them with this option, which its types lack)
  const ex = tar.extract({ allowUnknownFormat: true } as Parameters<typeof tar.extract>[0]);
  Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset + start, bytes.byteLength - start)]).pipe(ex);
  for await (const entry of ex) {
    ctx.checkTime();
    // (tar-stream's header also says where the member's data starts in its input, which its types lack)
    const h = entry.header as tar.Header & { byteOffset: number };
    const name = h.name.replace(/^\.\//, "");
    // A typeflag tar-stream does not know (null) is read as a regular file, as POSIX says: GNU's
    // sparse members ('S', what `tar -S` writes for a file with holes: a log cut under its writer,
    // a preallocated file), multi-volume parts, vendors' types. They were skipped, unsaid: a
    // sparse log's text, and the file `complete`.
    if (h.type !== "file" && h.type !== "contiguous-file" && h.type !== null) {
      entry.resume();
      continue;
    }
    const where = childPath(scope, name);
    if (!ctx.takeEntry(where)) {
      entry.resume();
      return null;
    }
    if ((h.size ?? 0) > ctx.bytesLeft()) {
      ctx.reason("limit_total_bytes", `uncompressed bytes over ${ctx.limits.maxTotalBytes}`, where);
      entry.resume();
      return null;
    }
    if (isTraversal(name)) ctx.reason(...UNSAFE_NAME, where);
    const sparse = h.type === null ? gnuSparse(bytes, start + h.byteOffset) : null;
    if (sparse !== null && sparse.extensionBlocks > 0) {
      // (its extension blocks come before its data, which tar-stream counts from the header: the
      // member is read from the bytes, and the members after it by a new reader at its end)
      entry.resume();
      const dataAt = start + h.byteOffset + sparse.extensionBlocks * 512;
      const data = bytes.subarray(dataAt, Math.min(bytes.length, dataAt + (h.size ?? 0)));
      if (data.length < (h.size ?? 0)) ctx.reason("corrupt", "tar: cut short in this member; read as far as it came", where);
      await ctx.recurse(unsparse(data, sparse, where, ctx), name.split("/").pop() ?? name, childScope(scope, name));
      ex.destroy();
      return data.length < (h.size ?? 0) ? null : dataAt + Math.ceil(data.length / 512) * 512;
    }
    let content: Uint8Array;
    try {
      content = await readBounded(entry as unknown as Readable, ctx, null);
    } catch (err) {
      if (err instanceof LimitHit) {
        if (err.code === "limit_time") throw new Stop(err.code, err.message);
        ctx.reason(err.code, err.message, where);
        return null;
      }
      if (!(err instanceof StreamFailed)) throw err;
      // The archive cut short in this member (a backup or a download that stopped): the member
      // read as far as it came, and nothing after it is there.
      ctx.reason("corrupt", `tar: cut short in this member (${err.message}); read as far as it came`, where);
      if (err.before.byteLength > 0) await ctx.recurse(err.before, name.split("/").pop() ?? name, childScope(scope, name));
      return null;
    }
    if (sparse !== null) content = unsparse(content, sparse, where, ctx);
    await ctx.recurse(content, name.split("/").pop() ?? name, childScope(scope, name));
  }
  return null;
}
