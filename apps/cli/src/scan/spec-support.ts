/** What the scan's specs share: a walk's items in a list, and temporary directories removed after the run. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { walk, type WalkItem } from "./walk.ts";

export async function all(roots: string[], opts = {}): Promise<WalkItem[]> {
  const out: WalkItem[] = [];
  for await (const i of walk(roots, opts)) out.push(i);
  return out;
}

/** Directories made by the specs, removed after them. */
const made: string[] = [];
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

export function tempDir(prefix: string, within = tmpdir()): string {
  const d = mkdtempSync(path.join(within, prefix));
  made.push(d);
  return d;
}
