/**
 * A Git loose object (`.git/objects/ab/cdef…`, RFC 1950 zlib around "<type> <size>\0" and the
 * object, as git-cat-file(1) describes it; read with node:zlib, no Git library). A repository's
 * history lives in these: a secret deleted from the working tree is still in the blob of an
 * earlier commit. So:
 * - a blob, a file's content at some commit, is read as that file (its name is in a tree, not in
 *   the blob: the content says what it is);
 * - a commit or an annotated tag is read as its text: the author's and the committer's name and
 *   e-mail, the message;
 * - a tree, a directory's listing, as one line per entry, "<mode> <name> <id>" (a file name may
 *   say whose file it is).
 * Packed objects (`.pack`, deltas against each other) are not read.
 */
import { createInflate, inflateSync, constants } from "node:zlib";
import type { Format } from "../format.ts";
import { inflated, isZlibStream, piped } from "./compressed.ts";
import { emitChunks } from "./text.ts";

const HEADER = /^(blob|commit|tree|tag) (\d{1,12})\0/;

/** The object's type when the bytes are a loose object: a zlib stream whose first bytes inflate to a Git header. */
export function gitObjectType(b: Uint8Array): string | null {
  if (!isZlibStream(b)) return null;
  let head: Buffer;
  try {
    // (a prefix: the stream's start alone, flushed, not a whole file inflated to look at it)
    head = inflateSync(b.subarray(0, 256), { finishFlush: constants.Z_SYNC_FLUSH });
  } catch {
    return null;
  }
  return HEADER.exec(head.subarray(0, 32).toString("latin1"))?.[1] ?? null;
}

/** A tree's entries: mode, name and id (each entry: mode, blank, name, NUL, 20 bytes of id). */
export function treeEntries(body: Buffer): Array<[mode: string, name: string, id: string]> {
  const out: Array<[string, string, string]> = [];
  for (let at = 0; at < body.byteLength; ) {
    const nul = body.indexOf(0, at);
    if (nul < 0 || nul + 21 > body.byteLength) break;
    const entry = body.subarray(at, nul).toString("utf8");
    const blank = entry.indexOf(" ");
    out.push([entry.slice(0, blank), entry.slice(blank + 1), body.subarray(nul + 1, nul + 21).toString("hex")]);
    at = nul + 21;
  }
  return out;
}

/** A tree's entries as lines, "<mode> <name> <id>". */
export const treeLines = (body: Buffer): string => treeEntries(body).map((e) => e.join(" ")).join("\n");

export const gitObjectFormat: Format = {
  kinds: ["git-object"],
  library: "node:zlib",
  async extract(bytes, scope, ctx, { filename }) {
    const content = await inflated(ctx, scope, bytes, piped(createInflate));
    if (content === null) return;
    const header = HEADER.exec(content.subarray(0, 32).toString("latin1"));
    if (header === null) throw new Error("git object: no header");
    const body = content.subarray(header[0].length);
    if (Number(header[2]) !== body.byteLength) ctx.reason("corrupt", `git object: ${body.byteLength} of the ${header[2]} bytes its header declares`, scope.path);
    if (header[1] === "blob") await ctx.recurse(body, filename, { path: scope.path, depth: scope.depth + 1, base: scope.base });
    else emitChunks(ctx, scope, header[1] === "tree" ? treeLines(body) : body.toString("utf8"));
  },
};
