/**
 * ZIP via yauzl: declared sizes and encryption flags are read from the central directory before any
 * byte is inflated; names are decoded and checked here (yauzl's own check would abort the whole archive).
 * yauzl wants the end-of-central-directory record (EOCD) and its comment to end the buffer and the
 * offsets to count from its first byte: `zipBounds` finds where the archive really lies, so a ZIP
 * with bytes before it (a self-extracting program's stub, a script that unpacks the rest) or after
 * it (padding, a signature appended by a download tool), or whose comment is cut short, is read.
 */
import iconv from "iconv-lite";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { childPath, childScope, Stop, type Ctx, type Scope } from "../context.ts";
import { readWith7Zip } from "./sevenzip.ts";
import type { Format } from "../format.ts";
import { looksLikeText } from "../text-decode.ts";
import { declaredProblem, isTraversal, keptBefore, LimitHit, nextEntry, readBounded, UNSAFE_NAME } from "./archive-util.ts";
import { readLocalHeaders } from "./zip-local.ts";

function entryName(e: Entry): string {
  const raw = e.fileName as unknown as Buffer | string;
  if (typeof raw === "string") return raw;
  return e.generalPurposeBitFlag & 0x800 ? raw.toString("utf8") : iconv.decode(raw, "cp437");
}

/** EOCD: signature, then the central directory's size at 12, its offset at 16, the comment's length at 20. */
const EOCD_LEN = 22;
const EOCD_SIGNATURE = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
/** The ZIP64 EOCD locator (20 bytes, just before the EOCD) and the ZIP64 EOCD record (56 bytes and more). */
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
/** How far from the end an EOCD is looked for: its comment (at most 65,535 bytes) and some bytes after. */
const EOCD_SEARCH = EOCD_LEN + 0xffff + 1024;

/**
 * Where the ZIP archive lies in `b`: from `start` (the byte its offsets count from; `first`, its
 * first member's local header: after a self-extracting program's stub whose archive was made to
 * count its offsets from the file's start, `zip -A`, `start` is 0 and `first` is not) to `end` (its
 * EOCD's comment's end, or the file's end when the comment is cut short, `commentCut` then), or
 * null when no EOCD near the end points at a central directory that is there. The last EOCD whose
 * directory checks out wins (a stored ZIP inside the archive has its own EOCD earlier). As Go's
 * archive/zip does, the start is where the directory really is minus where the EOCD says it is,
 * unless the EOCD's offset, counted from the file's first byte, finds a directory there too.
 */
export function zipBounds(b: Uint8Array): { start: number; end: number; commentCut: boolean; first: number } | null {
  if (b.byteLength < EOCD_LEN) return null;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  // (searched in the tail alone: detect() asks this of every file without a magic number, a
  // text of 30 MB included, and a search of the whole buffer would read all of it)
  const lowest = Math.max(0, b.byteLength - EOCD_SEARCH);
  const tail = Buffer.from(b.buffer, b.byteOffset + lowest, b.byteLength - lowest);
  for (let t = tail.lastIndexOf(EOCD_SIGNATURE, tail.byteLength - EOCD_LEN); t >= 0; t = t > 0 ? tail.lastIndexOf(EOCD_SIGNATURE, t - 1) : -1) {
    const at = lowest + t;
    let size = v.getUint32(at + 12, true);
    let offset = v.getUint32(at + 16, true);
    let dirEnd = at;
    // ZIP64: the sizes are in the ZIP64 record, which ends where the locator starts
    const loc = at - 20;
    if (loc >= 56 && v.getUint32(loc, true) === EOCD64_LOCATOR && (size === 0xffffffff || offset === 0xffffffff || v.getUint16(at + 10, true) === 0xffff)) {
      const rec = loc - 56;
      if (v.getUint32(rec, true) !== EOCD64) continue;
      size = Number(v.getBigUint64(rec + 40, true));
      offset = Number(v.getBigUint64(rec + 48, true));
      dirEnd = rec;
    }
    const isDirectory = (o: number) => o >= 0 && o + 4 <= b.byteLength && v.getUint32(o, true) === CENTRAL_HEADER;
    let start = dirEnd - size - offset;
    if (start < 0 || (size > 0 && !isDirectory(dirEnd - size))) continue;
    // A size that lies (seen in real files): where the offset, counted from the file's start, is a
    // directory, the archive starts with the file
    if (start > 0 && isDirectory(offset)) start = 0;
    const end = at + EOCD_LEN + v.getUint16(at + 20, true);
    return { start, end: Math.min(end, b.byteLength), commentCut: end > b.byteLength, first: firstMember(v, start, dirEnd - size, dirEnd) };
  }
  return null;
}

const LOCAL_HEADER = 0x04034b50;
/** What a split archive's first part starts with (the data descriptor's signature, APPNOTE 8.5.3). */
const SPANNING_MARKER = 0x08074b50;

/**
 * Where the archive's first member's local header is: at `start` when one is there, else the
 * lowest offset the central directory (from `cd` to `dirEnd`) gives, counted from `start`.
 */
function firstMember(v: DataView, start: number, cd: number, dirEnd: number): number {
  if (start + 4 <= v.byteLength && v.getUint32(start, true) === LOCAL_HEADER) return start;
  let first = cd;
  for (let at = cd; at + 46 <= dirEnd && v.getUint32(at, true) === CENTRAL_HEADER; at += 46 + v.getUint16(at + 28, true) + v.getUint16(at + 30, true) + v.getUint16(at + 32, true)) {
    first = Math.min(first, start + v.getUint32(at + 42, true));
  }
  return first;
}

/** Bytes after an archive that hold nothing: zeros, and the line end or blanks a tool appended to a "text" file. */
const PADDING = new Set([0x00, 0x0a, 0x0d, 0x20]);

/**
 * The archive alone, as yauzl reads it: `b` when it is all archive, else the part `zipBounds`
 * found (a copy with the comment's length mended when the comment is cut short), and the bytes
 * before it (a self-extracting program's stub, or the script that unpacks the rest of its file).
 * What it leaves unread is said: a comment cut short (unzip reads such an archive with a caution;
 * Go refuses it, as an earlier EOCD may hide in the missing comment, where other readers see
 * another archive) and bytes after the archive that are not padding.
 */
export function archiveOf(b: Buffer, scope: Scope, ctx: Ctx): { archive: Buffer; before: Buffer | null } {
  const at = zipBounds(b);
  if (at === null || (at.first === 0 && at.end === b.byteLength && !at.commentCut)) return { archive: b, before: null };
  const where = scope.path;
  const part = b.subarray(at.start, at.end);
  const before = at.first > 0 ? b.subarray(0, at.first) : null;
  const after = b.subarray(at.end);
  if (after.some((x) => !PADDING.has(x))) ctx.reason("corrupt", `zip: ${after.byteLength} byte${after.byteLength === 1 ? "" : "s"} after the archive's end not read`, where);
  if (!at.commentCut) return { archive: part, before };
  const mended = Buffer.from(part);
  const eocd = mended.lastIndexOf(EOCD_SIGNATURE);
  const declared = mended.readUInt16LE(eocd + 20);
  mended.writeUInt16LE(mended.byteLength - eocd - EOCD_LEN, eocd + 20);
  ctx.reason("corrupt", `zip: the archive's comment is cut short (${mended.byteLength - eocd - EOCD_LEN} of ${declared} bytes); read as unzip reads it`, where);
  return { archive: mended, before };
}

export const zipFormat: Format = {
  kinds: ["zip"],
  library: "yauzl",
  async extract(bytes, scope, ctx, { filename }) {
    const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const { archive: buf, before } = archiveOf(file, scope, ctx);
    // a script before the archive is the file's own text (an installer's settings, its passwords)
    if (before !== null && looksLikeText(before) !== null) await ctx.recurse(before, filename, scope);
    // validateEntrySizes is off on purpose: a lying declared size must not end the archive with an error;
    // readBounded enforces the ratio and total-bytes limits on the bytes actually inflated.
    let zip: ZipFile;
    try {
      zip = await yauzl.fromBufferPromise(buf, { lazyEntries: true, decodeStrings: false, validateEntrySizes: false, strictFileNames: false });
    } catch (err) {
      // No central directory (a file cut short: a download or a copy that stopped; or the first
      // part of a split archive, `.z01`, which starts with the spanning marker "PK\x07\x08" and
      // leaves the directory to the last part): the members are read from their local headers.
      const split = file.byteLength >= 8 && file.readUInt32LE(0) === SPANNING_MARKER && file.readUInt32LE(4) === LOCAL_HEADER;
      if (!split && (file.byteLength < 4 || file.readUInt32LE(0) !== LOCAL_HEADER)) throw err;
      ctx.reason("corrupt", split ? "zip: the first part of a split archive (its central directory is in the last part); members read from their local headers" : "zip: no central directory (the file is cut short); members read from their local headers", scope.path);
      if ((await readLocalHeaders(file, split ? 4 : 0, scope, ctx, null)).size === 0) throw err;
      return;
    }
    const byOthers = new Set<string>();
    /** Members where the central directory says no local header is (its offsets are wrong). */
    const misplaced = new Map<string, string>();
    zip.on("error", () => {}); // errors surface through nextEntry/openReadStream
    try {
      while (true) {
        ctx.checkTime();
        const e = await nextEntry(zip);
        if (!e) break;
        const name = entryName(e);
        if (name.endsWith("/")) continue;
        const where = childPath(scope, name);
        if (!ctx.takeEntry(where)) break;
        if (e.isEncrypted() || e.compressionMethod === 99) {
          ctx.reason("encrypted", e.compressionMethod === 99 ? "AES-encrypted entry" : "encrypted entry (ZipCrypto)", where);
          continue;
        }
        if (e.compressionMethod !== 0 && e.compressionMethod !== 8) {
          byOthers.add(name); // (read below by 7-Zip)
          continue;
        }
        const declared = declaredProblem(ctx, e.uncompressedSize, e.compressedSize);
        if (declared) {
          ctx.reason(declared.code, declared.message, where);
          if (declared.code === "limit_total_bytes") break;
          continue;
        }
        if (isTraversal(name)) ctx.reason(...UNSAFE_NAME, where);
        let content: Buffer;
        try {
          content = await readBounded(await zip.openReadStreamPromise(e), ctx, e.compressedSize);
        } catch (err) {
          if (!(err instanceof LimitHit)) {
            if (/invalid local file header signature/.test((err as Error).message)) misplaced.set(name, (err as Error).message);
            else ctx.reason("corrupt", `zip entry: ${(err as Error).message}`, where);
            continue;
          }
          if (err.code === "limit_time") throw new Stop(err.code, err.message);
          const before = keptBefore(ctx, err, where);
          if (before === null) continue;
          content = before;
        }
        await ctx.recurse(content, name.split("/").pop() ?? name, childScope(scope, name));
      }
    } finally {
      zip.close();
    }
    // Members the directory misplaces, read from their local headers, front to back.
    if (misplaced.size) {
      const found = await readLocalHeaders(file, Math.max(0, file.indexOf("PK\x03\x04", 0, "latin1")), scope, ctx, new Set(misplaced.keys()));
      for (const [name, message] of misplaced) if (!found.has(name)) ctx.reason("corrupt", `zip entry: ${message}`, childPath(scope, name));
    }
    // Members in a method yauzl does not inflate — implode (PKZIP 1), deflate64 (Windows'
    // compressed folders past 2 GB), bzip2, LZMA, zstd, xz, PPMd (7-Zip's and WinZip's) — 7-Zip does.
    if (byOthers.size) await readWith7Zip(buf, scope, ctx, "zip", byOthers);
  },
};
