/**
 * The bytes of a command-line argument Node decoded as UTF-8. Names are bytes on Linux: a
 * Latin-1 name from an old file server ("caf\xe9") reaches `process.argv` with U+FFFD for its
 * bytes and names no file. The kernel still holds the arguments as they were given
 * (/proc/self/cmdline).
 */
import { readFileSync } from "node:fs";
import { isUtf8 } from "node:buffer";

function cmdline(): Buffer | null {
  try {
    return readFileSync("/proc/self/cmdline");
  } catch {
    return null; // (not Linux)
  }
}

/** The bytes `arg` was decoded from when they are not UTF-8, else undefined (the argument is what it says). */
export function rawArgument(arg: string, args: Buffer | null = cmdline()): Buffer | undefined {
  if (!arg.includes("\ufffd") || !args) return undefined;
  for (let from = 0; from < args.length; ) {
    let to = args.indexOf(0, from);
    if (to === -1) to = args.length;
    const raw = args.subarray(from, to);
    if (!isUtf8(raw) && raw.toString("utf8") === arg) return Buffer.from(raw);
    from = to + 1;
  }
  return undefined;
}
