/** Reads a file once, computing sha256, sha1 and md5 as the bytes stream by, and keeps the bytes for upload. */
import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { open } from "node:fs/promises";

export interface Hashed {
  bytes: Buffer;
  sha256: string;
  sha1: string;
  md5: string;
}

/** The path is no regular file any more (replaced by a FIFO, a device, a directory since the walk). */
export class NotAFile extends Error {}

export async function hashFile(file: string | Buffer, maxBytes: number): Promise<Hashed> {
  // (O_NONBLOCK, then fstat of what was opened: a file replaced by a FIFO after the walk saw it
  // held the open, and the scan, for good; a device was read until the size limit)
  const fh = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (!(await fh.stat()).isFile()) throw new NotAFile("no longer a regular file");
    const h = { sha256: createHash("sha256"), sha1: createHash("sha1"), md5: createHash("md5") };
    const chunks: Buffer[] = [];
    let n = 0;
    for await (const chunk of fh.createReadStream({ highWaterMark: 1024 * 1024, autoClose: false })) {
      const c = chunk as Buffer;
      n += c.length;
      if (n > maxBytes) throw new Error(`grew past ${maxBytes} bytes while reading`);
      h.sha256.update(c);
      h.sha1.update(c);
      h.md5.update(c);
      chunks.push(c);
    }
    return { bytes: Buffer.concat(chunks, n), sha256: h.sha256.digest("hex"), sha1: h.sha1.digest("hex"), md5: h.md5.digest("hex") };
  } finally {
    await fh.close();
  }
}
