/**
 * Walks the given roots and yields the regular files to scan. Symbolic links are followed only
 * while they stay inside one of the roots (a link out of them is reported and skipped unless
 * `followOutside`), directories already seen (by real path) are not entered twice, so link
 * cycles end. Include/exclude globs match the path relative to its root (picomatch, `**`
 * allowed; a pattern without `/` also matches the base name).
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
  | { kind: "file"; path: string; size: number; mtimeMs: number }
  | { kind: "skipped"; path: string; reason: "symlink_outside_roots" | "excluded" | "not_a_file" | "unreadable"; detail?: string };

function matcher(patterns: string[] | undefined): ((rel: string) => boolean) | undefined {
  if (!patterns?.length) return undefined;
  const m = picomatch(patterns, { dot: true, basename: false });
  const base = picomatch(patterns.filter((p) => !p.includes("/")), { dot: true });
  return (rel) => m(rel) || base(path.basename(rel));
}

function inside(p: string, roots: string[]): boolean {
  return roots.some((r) => p === r || p.startsWith(r.endsWith(path.sep) ? r : r + path.sep));
}

export async function* walk(rootsIn: string[], opts: WalkOptions = {}): AsyncGenerator<WalkItem> {
  const include = matcher(opts.include);
  const exclude = matcher(opts.exclude);
  const roots = await Promise.all(rootsIn.map(async (r) => realpath(path.resolve(r))));
  const seenDirs = new Set<string>();

  async function* visit(p: string, root: string): AsyncGenerator<WalkItem> {
    let st;
    try {
      st = await lstat(p);
    } catch (err) {
      yield { kind: "skipped", path: p, reason: "unreadable", detail: (err as NodeJS.ErrnoException).code };
      return;
    }
    let real = p;
    if (st.isSymbolicLink()) {
      try {
        real = await realpath(p);
        st = await stat(real);
      } catch (err) {
        yield { kind: "skipped", path: p, reason: "unreadable", detail: `broken link (${(err as NodeJS.ErrnoException).code})` };
        return;
      }
      if (!opts.followOutside && !inside(real, roots)) {
        yield { kind: "skipped", path: p, reason: "symlink_outside_roots", detail: real };
        return;
      }
    }
    const rel = path.relative(root, p) || path.basename(p);
    if (st.isDirectory()) {
      const key = await realpath(real).catch(() => real);
      if (seenDirs.has(key)) return;
      seenDirs.add(key);
      let names: string[];
      try {
        names = (await readdir(p)).sort();
      } catch (err) {
        yield { kind: "skipped", path: p, reason: "unreadable", detail: (err as NodeJS.ErrnoException).code };
        return;
      }
      for (const n of names) yield* visit(path.join(p, n), root);
      return;
    }
    if (!st.isFile()) {
      yield { kind: "skipped", path: p, reason: "not_a_file" };
      return;
    }
    if ((include && !include(rel)) || (exclude && exclude(rel))) {
      yield { kind: "skipped", path: p, reason: "excluded" };
      return;
    }
    yield { kind: "file", path: p, size: st.size, mtimeMs: st.mtimeMs };
  }

  for (let i = 0; i < rootsIn.length; i++) {
    const given = path.resolve(rootsIn[i]!);
    const st = await stat(given).catch(() => undefined);
    yield* visit(given, st?.isDirectory() ? given : path.dirname(given));
  }
}
