/**
 * An exclusive lock beside a file, for a read-modify-write of it by several processes: two
 * `filescan apikey create` at once each read the key file, added their key and renamed their
 * copy over it, so one key was lost, and a revoke racing a create was undone.
 *
 * proper-lockfile: the lock is the directory `<file>.lock` (mkdir is atomic on local and network
 * file systems), its holder keeps its time fresh, and one not refreshed for `staleMs` (a holder
 * killed mid-write) is taken over. What it guards is a read and a write of a small file,
 * milliseconds; a waiter gives up after about `waitMs`.
 */
import lockfile from "proper-lockfile";

export interface LockOptions {
  waitMs?: number;
  staleMs?: number;
}

/** Runs `fn` while holding the lock of `file` (which need not exist yet). */
export async function withFileLock<T>(file: string, fn: () => Promise<T>, opts: LockOptions = {}): Promise<T> {
  const lockfilePath = `${file}.lock`;
  const waitMs = opts.waitMs ?? 15_000;
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(file, {
      realpath: false,
      lockfilePath,
      stale: opts.staleMs ?? 10_000,
      // (about waitMs in all: 20 ms, growing to 500 ms between tries)
      retries: { retries: Math.ceil(waitMs / 400), minTimeout: 20, maxTimeout: 500, factor: 1.5, randomize: true },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ELOCKED") throw err;
    throw new Error(`${lockfilePath} is held by another process; remove it if no filescan apikey command is running`, { cause: err });
  }
  try {
    return await fn();
  } finally {
    await release();
  }
}
