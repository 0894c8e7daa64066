/** Shared by the archive handlers: bounded reading of inflating streams and entry-name checks. */
import type { Readable } from "node:stream";
import type { Entry, ZipFile } from "yauzl";
import { RATIO_MIN_BYTES, type Ctx } from "../context.ts";
import { looksLikeText } from "../text-decode.ts";

/** A limit reached while inflating one member; the handler records it as a reason and moves on. */
export class LimitHit extends Error {
  readonly code: string;
  /** What a stream gave before the limit stopped it (readBounded; a prefix of the member, still readable). */
  readonly before: Buffer | null;
  constructor(code: string, message: string, before: Buffer | null = null) {
    super(message);
    this.code = code;
    this.before = before;
  }
}

/** A stream that failed (a file cut short, a damaged block): its error's message, and the bytes it gave before. */
export class StreamFailed extends Error {
  readonly before: Buffer;
  constructor(cause: Error, before: Buffer) {
    super(cause.message);
    this.name = cause.name;
    this.before = before;
  }
}

/**
 * Reads a stream into memory, stopping (and destroying the stream) as soon as it produces more than
 * the total-bytes budget left, or more than maxRatio × compressedSize (the ratio enforced while
 * inflating, whatever the declared sizes said). The LimitHit then carries the bytes read before
 * it (`before`): a highly compressible text (a JSON catalogue at 175:1, a log) is read up to there.
 */
export function readBounded(stream: Readable, ctx: Ctx, compressedSize: number | null, ratioFloor = RATIO_MIN_BYTES): Promise<Buffer> {
  const byteCap = ctx.bytesLeft();
  const ratioCap = compressedSize === null ? Infinity : Math.max(ratioFloor, compressedSize * ctx.limits.maxRatio);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let n = 0;
    let done = false;
    const fail = (e: Error) => {
      if (done) return;
      done = true;
      stream.destroy();
      reject(e);
    };
    stream.on("data", (c: Buffer) => {
      if (done) return;
      n += c.length;
      if (n > ratioCap || n > byteCap) {
        // what came before the limit is kept, counted against the total, for the caller to read
        const before = Buffer.concat(chunks, n - c.length);
        if (compressedSize !== null) ctx.totalBytes += before.byteLength;
        if (n > ratioCap) return fail(new LimitHit("limit_ratio", `inflated past ${ctx.limits.maxRatio}:1 of ${compressedSize} compressed bytes`, before));
        return fail(new LimitHit("limit_total_bytes", `uncompressed bytes over ${ctx.limits.maxTotalBytes}`, before));
      }
      if (Date.now() > ctx.deadline) return fail(new LimitHit("limit_time", `time budget of ${ctx.limits.timeBudgetMs} ms spent`));
      chunks.push(c);
    });
    stream.on("error", (e) => fail(new StreamFailed(e, Buffer.concat(chunks))));
    stream.on("end", () => {
      if (done) return;
      done = true;
      if (compressedSize !== null) ctx.totalBytes += n; // stored (tar) bytes were counted when inflated
      resolve(Buffer.concat(chunks, n));
    });
  });
}

/**
 * A limit hit while inflating one member, said as a reason; returns what was inflated before it
 * when that is text (a JSON catalogue at 175:1, a log), which the caller reads as the member's
 * first part; else null (a bomb's zeros, the first part of an archive, which cannot be read).
 */
export function keptBefore(ctx: Ctx, err: LimitHit, where: string | null): Buffer | null {
  const kept = err.before !== null && err.before.byteLength > 0 && looksLikeText(err.before) !== null ? err.before : null;
  ctx.reason(err.code, kept ? `${err.message}; its first ${kept.byteLength} bytes read` : err.message, where);
  return kept;
}

/** True for names that would leave the extraction root if written to disk (`../x`, `/etc/x`, `C:\x`). */
/**
 * An entry whose name leaves the archive's root ("../", absolute) is read all the same: nothing
 * is written to disk, and an archive that hid its payroll under "../../payroll.csv" had it
 * skipped, unread. Its name is reported as written, with this reason (not `partial`: all of it
 * was read). (7-Zip's formats read one from where 7-Zip puts it, and skip it with
 * `path_traversal` when another member lands there too: sevenzip.ts.)
 */
export const UNSAFE_NAME = ["unsafe_entry_name", "entry name leaves the archive root (../ or absolute, as a path-traversal attack writes it); read, its name reported as written"] as const;

export function isTraversal(name: string): boolean {
  const n = name.replace(/\\/g, "/");
  return n.startsWith("/") || /^[A-Za-z]:/.test(n) || n.split("/").some((p) => p === "..");
}

/**
 * Declared-size checks before inflating: ratio and the total-bytes budget. Returns a reason or
 * null. The ratio counts above `ratioFloor` bytes only (a small member may compress as well as it likes).
 */
export function declaredProblem(ctx: Ctx, uncompressed: number, compressed: number, ratioFloor = RATIO_MIN_BYTES): LimitHit | null {
  if (uncompressed > ratioFloor && uncompressed / Math.max(1, compressed) > ctx.limits.maxRatio) {
    return new LimitHit("limit_ratio", `declared ratio ${Math.round(uncompressed / Math.max(1, compressed))}:1 over ${ctx.limits.maxRatio}:1`);
  }
  if (uncompressed > ctx.bytesLeft()) return new LimitHit("limit_total_bytes", `uncompressed bytes over ${ctx.limits.maxTotalBytes}`);
  return null;
}

/** The next entry of a lazily read yauzl archive; null at the end. */
export function nextEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off("entry", onEntry);
      zip.off("end", onEnd);
      zip.off("error", onError);
    };
    const onEntry = (e: Entry) => (cleanup(), resolve(e));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = (err: Error) => (cleanup(), reject(err));
    zip.on("entry", onEntry);
    zip.on("end", onEnd);
    zip.on("error", onError);
    zip.readEntry();
  });
}
