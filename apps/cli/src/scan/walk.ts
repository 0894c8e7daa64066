/**
 * Walks the given roots and yields the regular files to scan. Symbolic links are followed only
 * while they stay inside one of the roots (a link out of them is reported and skipped unless
 * `followOutside`). A directory is walked once, whatever the path it is reached by: one met again
 * (the same device and inode) is reported skipped, `already_walked`, with the path it was walked
 * as. So link cycles end, and a bind mount inside the tree (`mount --bind`, or a share mounted
 * twice) is not walked a second time: by real path, which a bind mount does not share, every file
 * under one was read, submitted and reported twice. Include/exclude globs match the path relative
 * to its root (picomatch, `**` allowed; a pattern without `/` also matches the base name). An
 * exclude pattern that matches a directory (its path under the root, or its name) excludes
 * everything under it, as in .gitignore, and the walk does not enter it: `--exclude node_modules`
 * and `node_modules/**` skip a tree of 100,000 files as one line instead of reading every name in it.
 *
 * What cannot be read is told apart from what is gone. A file or directory deleted while the walk
 * goes (ENOENT, ENOTDIR), a link that leads nowhere or in a circle, a path longer than the system
 * takes (ENAMETOOLONG): skipped, `unreadable`. A directory the scan may not list or enter (EACCES,
 * EPERM, an I/O error): `failed`, as a file it may not read is: a locked directory of a share hid
 * its whole tree from the scan, which said "skipped" and ended with exit code 0.
 *
 * Names are bytes on Linux: one that is not UTF-8 (Latin-1 names from an old file server) is
 * shown and reported read as Latin-1, and the file is read by its bytes (`fsPath`). Read as a
 * string, such a name had lost its bytes, and its file was skipped as "unreadable".
 */
import { lstat, readdir, realpath, stat } from "node:fs/promises";
import path from "node:path";
import picomatch from "picomatch";

export interface WalkOptions {
  include?: string[];
  exclude?: string[];
  followOutside?: boolean;
}

export type WalkItem =
  /** `fsPath`: the path's bytes, when a name in it is not UTF-8 (`path` then shows it read as Latin-1). */
  | { kind: "file"; path: string; size: number; mtimeMs: number; fsPath?: Buffer }
  | { kind: "skipped"; path: string; reason: "symlink_outside_roots" | "excluded" | "not_a_file" | "unreadable" | "already_walked"; detail?: string }
  /** A directory (or a name in one) the walk may not read: what it holds is not scanned. */
  | { kind: "failed"; path: string; reason: "read_error"; detail: string };

/** Errors of a path that is gone or never was a place to read (skipped), not of one the scan may not read (failed). */
const GONE = new Set(["ENOENT", "ENOTDIR", "ENAMETOOLONG", "ELOOP"]);

/** What becomes of a path the walk could not lstat or list. */
export function unreadable(p: string, err: unknown, what: string): WalkItem {
  const e = err as NodeJS.ErrnoException;
  if (e.code && GONE.has(e.code)) return { kind: "skipped", path: p, reason: "unreadable", detail: e.code };
  const why = e.code === "EACCES" || e.code === "EPERM" ? `${e.code}: permission denied` : String(e.message ?? e);
  return { kind: "failed", path: p, reason: "read_error", detail: `${why}, ${what}` };
}

function matcher(patterns: string[] | undefined): ((rel: string) => boolean) | undefined {
  if (!patterns?.length) return undefined;
  const m = picomatch(patterns, { dot: true, basename: false });
  const base = picomatch(patterns.filter((p) => !p.includes("/")), { dot: true });
  return (rel) => m(rel) || base(path.basename(rel));
}

function inside(p: string, roots: string[]): boolean {
  return roots.some((r) => p === r || p.startsWith(r.endsWith(path.sep) ? r : r + path.sep));
}

/** A name as the walk shows it: its UTF-8, or, when its bytes are not UTF-8, its Latin-1. */
export function nameOf(bytes: Buffer): { name: string; utf8: boolean } {
  const name = bytes.toString("utf8");
  return Buffer.byteLength(name) === bytes.length && Buffer.from(name).equals(bytes) ? { name, utf8: true } : { name: bytes.toString("latin1"), utf8: false };
}

/**
 * A path as the scan cache knows it: the path itself when it is UTF-8; else each name in it that
 * is not UTF-8 with its bytes above 0x7f as lone surrogates (U+DC80–U+DCFF, as Python's
 * surrogateescape), which no UTF-8 name decodes to. The Latin-1 string shown is no key: the
 * Latin-1 "Müller.txt" shows as the UTF-8 "Müller.txt" does, and of two such files of the same
 * size and mtime the second was taken from the cache for the first, never read nor sent.
 */
export function cacheKey(f: { path: string; fsPath?: Buffer }): string {
  return f.fsPath ? escapedPath(f.fsPath) : f.path;
}

/** Each name of a path in bytes: `cacheKey`'s string of it (a UTF-8 path is itself). */
export function escapedPath(fsPath: Buffer): string {
  return namesOf(fsPath)
    .map((bytes) => {
      const n = nameOf(bytes);
      return n.utf8 ? n.name : String.fromCharCode(...Array.from(bytes, (b) => (b < 0x80 ? b : 0xdc00 + b)));
    })
    .join("/");
}

/** The path `escapedPath` made that string of: a string when it is UTF-8, else its bytes. */
export function unescapedPath(escaped: string): string | Buffer {
  if (!/[\udc80-\udcff]/.test(escaped)) return escaped;
  const names = escaped.split("/").map((name) => (/[\udc80-\udcff]/.test(name) ? Buffer.from(Array.from(name, (c) => c.charCodeAt(0) & 0xff)) : Buffer.from(name)));
  return Buffer.concat(names.flatMap((n, i) => (i === 0 ? [n] : [Buffer.from("/"), n])));
}

/** A path in bytes as the walk shows it: each name as `nameOf` reads it. */
export const shownPath = (fsPath: Buffer): string => namesOf(fsPath).map((bytes) => nameOf(bytes).name).join("/");

function namesOf(fsPath: Buffer): Buffer[] {
  const names: Buffer[] = [];
  for (let from = 0; from <= fsPath.length; ) {
    let to = fsPath.indexOf(0x2f, from);
    if (to === -1) to = fsPath.length;
    names.push(fsPath.subarray(from, to));
    from = to + 1;
  }
  return names;
}

/**
 * A directory's identity: its device and inode. Of the numbers `stat` gives, unless one is past
 * 2^53 (a 64-bit inode of XFS, NFS or overlayfs), which a double rounds: then two directories could
 * share a key and the second be skipped unwalked, so it is read again as a bigint.
 */
async function dirKey(fp: string | Buffer, st: { dev: number; ino: number }): Promise<string> {
  if (Number.isSafeInteger(st.dev) && Number.isSafeInteger(st.ino)) return `${st.dev}:${st.ino}`;
  const big = await stat(fp, { bigint: true });
  return `${big.dev}:${big.ino}`;
}

/** A path's bytes as a string of one character per byte: paths compared without decoding them. */
const binary = (p: string | Buffer) => (typeof p === "string" ? Buffer.from(p) : p).toString("latin1");

/**
 * `rootsIn`: paths, each UTF-8 or as `escapedPath` writes one whose names are not (a Latin-1 name
 * on the command line: `rawArgument`).
 */
export async function* walk(rootsIn: string[], opts: WalkOptions = {}): AsyncGenerator<WalkItem> {
  const include = matcher(opts.include);
  const exclude = matcher(opts.exclude);
  const rootsBinary = await Promise.all(rootsIn.map(async (r) => binary(await realpath(unescapedPath(path.resolve(r)), { encoding: "buffer" }))));
  /** Each directory walked (`dirKey`) → the path it was walked as. */
  const seenDirs = new Map<string, string>();

  /** `p` as shown, `fp` the path the file system reads (its bytes when a name in it is not UTF-8). */
  interface Pending {
    p: string;
    fp: string | Buffer;
    root: string;
  }

  // A stack of what is still to visit, not a generator per directory delegating to the next: a
  // tree 3,000 directories deep (a copy loop on a share) overflowed the call stack and ended the
  // whole scan.
  async function* visit(start: Pending): AsyncGenerator<WalkItem> {
    const stack: Pending[] = [start];
    for (let next = stack.pop(); next; next = stack.pop()) {
      const { p, fp, root } = next;
      let st;
      try {
        st = await lstat(fp);
      } catch (err) {
        yield unreadable(p, err, "lstat");
        continue;
      }
      if (st.isSymbolicLink()) {
        let real: string;
        try {
          const target = await realpath(fp, { encoding: "buffer" });
          real = binary(target);
          st = await stat(target);
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          yield code && GONE.has(code) ? { kind: "skipped", path: p, reason: "unreadable", detail: `broken link (${code})` } : unreadable(p, err, "realpath of the link");
          continue;
        }
        if (!opts.followOutside && !inside(real, rootsBinary)) {
          yield { kind: "skipped", path: p, reason: "symlink_outside_roots", detail: nameOf(Buffer.from(real, "latin1")).name };
          continue;
        }
      }
      const rel = path.relative(root, p) || path.basename(p);
      if (st.isDirectory()) {
        // (never the root itself: it was asked for by name)
        if (exclude && p !== root && exclude(rel)) {
          yield { kind: "skipped", path: p, reason: "excluded", detail: "directory" };
          continue;
        }
        // (by device and inode, not by real path: realpath reads every component of the path, so
        // with one per directory a tree 1,000 deep took 13 s, 2,000 deep a minute; and a bind mount
        // has a real path of its own)
        let key: string;
        try {
          key = await dirKey(fp, st);
        } catch (err) {
          yield unreadable(p, err, "stat");
          continue;
        }
        const first = seenDirs.get(key);
        if (first !== undefined) {
          yield { kind: "skipped", path: p, reason: "already_walked", detail: `walked as ${first}` };
          continue;
        }
        seenDirs.set(key, p);
        let names: Buffer[];
        try {
          names = await readdir(fp, { encoding: "buffer" });
        } catch (err) {
          yield unreadable(p, err, "scandir: nothing under it was scanned");
          continue;
        }
        const children = names.map((bytes) => ({ bytes, ...nameOf(bytes) })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        // (pushed last first: they are visited in order, each whole before the next)
        for (const c of children.reverse()) {
          const childFp = typeof fp === "string" && c.utf8 ? path.join(fp, c.name) : Buffer.concat([typeof fp === "string" ? Buffer.from(fp) : fp, Buffer.from(path.sep), c.bytes]);
          stack.push({ p: path.join(p, c.name), fp: childFp, root });
        }
        continue;
      }
      if (!st.isFile()) {
        yield { kind: "skipped", path: p, reason: "not_a_file" };
        continue;
      }
      if ((include && !include(rel)) || (exclude && exclude(rel))) {
        yield { kind: "skipped", path: p, reason: "excluded" };
        continue;
      }
      yield { kind: "file", path: p, size: st.size, mtimeMs: st.mtimeMs, ...(typeof fp === "string" ? {} : { fsPath: fp }) };
    }
  }

  for (let i = 0; i < rootsIn.length; i++) {
    const fp = unescapedPath(path.resolve(rootsIn[i]!));
    const given = typeof fp === "string" ? fp : shownPath(fp);
    const st = await stat(fp).catch(() => undefined);
    yield* visit({ p: given, fp, root: st?.isDirectory() ? given : path.dirname(given) });
  }
}
