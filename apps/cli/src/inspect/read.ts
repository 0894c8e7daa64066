/**
 * The bytes `filescan inspect` reads: a regular file, or standard input (`-`), of at most
 * `max` bytes (FILESCAN_MAX_FILE_BYTES, what the API takes). `/dev/zero` was read until the
 * process was killed, and a FIFO with no writer kept it waiting for good.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";

export class ReadRefused extends Error {}

export function readInput(name: string | Buffer, max: number): Buffer {
  if (name === "-") return readAll(0, max, "standard input");
  // (O_NONBLOCK: opening a FIFO waits for a writer, and we only want to see what it is)
  const fd = openSync(name, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new ReadRefused(`not a regular file (${st.isDirectory() ? "a directory" : st.isFIFO() ? "a FIFO; - reads standard input" : st.isCharacterDevice() || st.isBlockDevice() ? "a device" : st.isSocket() ? "a socket" : "not a file"})`);
    if (st.size > max) throw new ReadRefused(`${st.size} bytes, more than the ${max} FILESCAN_MAX_FILE_BYTES allows (the API takes no more)`);
    return readAll(fd, max, "the file");
  } finally {
    closeSync(fd);
  }
}

/** Why a named input could not be read, as the user can act on it (`printable` before it is shown). */
export function cannotRead(name: string, err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (!code) return (err as Error).message;
  // (Node hands a program its arguments decoded as UTF-8: a name that is not, Latin-1 from an
  // old file server, arrives with U+FFFD for its bytes and names no file where its bytes cannot
  // be found again (`rawArgument`: no /proc); "ENOENT" alone said the file was not there)
  if (code === "ENOENT" && name.includes("\ufffd")) return "cannot be read (ENOENT): its name is not UTF-8, and Node gets its arguments as UTF-8; give it on standard input: filescan inspect - < FILE";
  return `cannot be read (${code})`;
}

/** Reads to the end, refusing more than `max` bytes (a file that grows, a stream without end). */
function readAll(fd: number, max: number, what: string): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const buf = Buffer.allocUnsafe(Math.min(1 << 20, max + 1 - total));
    let n: number;
    try {
      n = readSync(fd, buf, 0, buf.length, null);
    } catch (err) {
      // (standard input that is a non-blocking pipe with nothing yet: wait a little and read again)
      if ((err as NodeJS.ErrnoException).code === "EAGAIN") {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        continue;
      }
      throw err;
    }
    if (n === 0) return Buffer.concat(chunks, total);
    chunks.push(buf.subarray(0, n));
    total += n;
    if (total > max) throw new ReadRefused(`${what} holds more than the ${max} bytes FILESCAN_MAX_FILE_BYTES allows (the API takes no more)`);
  }
}
