/** Reads a file once, computing sha256, sha1 and md5 as the bytes stream by, and keeps the bytes for upload. */
import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { open } from "node:fs/promises";

export interface Hashed {
  bytes: Buffer;
  sha256: string;
  sha1: string;
  md5: string;
  /** The file's size and mtime as it was read (of the open file, not of the walk's look at the path before). */
  size: number;
  mtimeMs: number;
  /**
   * False when the file changed while it was read, every time it was read: the bytes may be a
   * mix of two versions (a document being saved) or a prefix (a log being written). The caller
   * may submit them, but must not remember them as the content of this size and mtime.
   */
  steady: boolean;
}

/** The path is no regular file any more (replaced by a FIFO, a device, a directory since the walk). */
export class NotAFile extends Error {}

/**
 * The file is, or grew while it was read, larger than the limit: as the walk skips one it finds
 * so (`too_large`), not a read error. A log that grew past the limit between the walk and the
 * read failed the scan (exit code 1), after being read to the limit for nothing.
 */
export class TooLarge extends Error {}

export interface HashOptions {
  /** Reads of a file that changes while it is read (3). */
  tries?: number;
  /** For tests: called after each chunk read. */
  onChunk?: () => void | Promise<void>;
}

/**
 * A file whose size or mtime changed while it was read is read again, up to `tries` times. Read
 * once, a file being written meanwhile was submitted torn (a document half old, half new; a
 * file truncated to nothing by a program that rewrites it), and the cache remembered that as
 * the content the walk had seen.
 */
export async function hashFile(file: string | Buffer, maxBytes: number, opts: HashOptions = {}): Promise<Hashed> {
  const tries = opts.tries ?? 3;
  for (let attempt = 1; ; attempt++) {
    // (O_NONBLOCK, then fstat of what was opened: a file replaced by a FIFO after the walk saw it
    // held the open, and the scan, for good; a device was read until the size limit)
    const fh = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const before = await fh.stat();
      if (!before.isFile()) throw new NotAFile("no longer a regular file");
      if (before.size > maxBytes) throw new TooLarge(`over ${maxBytes} bytes (grew since the walk)`);
      const h = { sha256: createHash("sha256"), sha1: createHash("sha1"), md5: createHash("md5") };
      const chunks: Buffer[] = [];
      let n = 0;
      for await (const chunk of fh.createReadStream({ start: 0, highWaterMark: 1024 * 1024, autoClose: false })) {
        const c = chunk as Buffer;
        n += c.length;
        if (n > maxBytes) throw new TooLarge(`over ${maxBytes} bytes (grew while it was read)`);
        h.sha256.update(c);
        h.sha1.update(c);
        h.md5.update(c);
        chunks.push(c);
        await opts.onChunk?.();
      }
      const after = await fh.stat();
      const steady = after.size === before.size && after.mtimeMs === before.mtimeMs;
      if (steady || attempt >= tries) {
        return { bytes: Buffer.concat(chunks, n), sha256: h.sha256.digest("hex"), sha1: h.sha1.digest("hex"), md5: h.md5.digest("hex"), size: after.size, mtimeMs: after.mtimeMs, steady };
      }
    } finally {
      await fh.close();
    }
  }
}
