/**
 * A Git packfile (`.git/objects/pack/pack-….pack`, gitformat-pack(5)): where a repository keeps
 * its history once it has been packed (every clone, every `git gc`). Read here with node:zlib,
 * no Git library: each object inflated, a delta (against an earlier object of the pack, by offset
 * or by id) applied to its base. Then, as for a loose object (`git-object.ts`):
 * - each blob is a member named by its path and its id, `src/.env@3b9d3c922c2a`: the path from
 *   the trees of the pack's commits (a blob no tree names is named by its id alone). Every
 *   version of a file is there, a secret deleted in a later commit too;
 * - each commit and annotated tag is a member `commit <id>` / `tag <id>` read as its text
 *   (author, committer, message). Trees give the members their names.
 * A thin pack's delta whose base is in another pack is `corrupt` (its object is not read).
 */
import { createHash } from "node:crypto";
import { inflateSync } from "node:zlib";
import { childPath, childScope, type Ctx, type Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { emitChunks } from "./text.ts";
import { treeEntries } from "./git-object.ts";

const TYPES = ["", "commit", "tree", "blob", "tag"] as const;
const OFS_DELTA = 6;
const REF_DELTA = 7;

/** Whether the bytes are a packfile: "PACK", version 2 or 3, an object count. */
export function isGitPack(b: Uint8Array): boolean {
  return b.length >= 32 && b[0] === 0x50 && b[1] === 0x41 && b[2] === 0x43 && b[3] === 0x4b && b[4] === 0 && b[5] === 0 && b[6] === 0 && (b[7] === 2 || b[7] === 3);
}

interface PackObject {
  type: string;
  data: Buffer;
  id: string;
}

/**
 * The object a delta makes of its base (gitformat-pack(5), "Deltified representation"): the
 * base's and the result's sizes, then instructions that copy a range of the base or insert
 * bytes of their own.
 */
export function applyDelta(base: Buffer, delta: Buffer, maxSize = Infinity): Buffer {
  let at = 0;
  const size = (): number => {
    let n = 0;
    let shift = 0;
    let c: number;
    do {
      c = delta[at++]!;
      n += (c & 0x7f) * 2 ** shift;
      shift += 7;
    } while (c & 0x80 && at < delta.length);
    return n;
  };
  if (size() !== base.length) throw new Error("git pack: a delta's base size does not match its base");
  const declared = size();
  // (a few bytes of delta may declare gigabytes: the limit is checked before anything is allocated)
  if (declared > maxSize) throw new DeltaTooLarge(`git pack: a delta declares ${declared} bytes, over the ${maxSize} left`);
  const out = Buffer.alloc(declared);
  let o = 0;
  while (at < delta.length) {
    const op = delta[at++]!;
    if (op & 0x80) {
      let offset = 0;
      let length = 0;
      for (let k = 0; k < 4; k++) if (op & (1 << k)) offset += delta[at++]! * 2 ** (8 * k);
      for (let k = 0; k < 3; k++) if (op & (0x10 << k)) length += delta[at++]! * 2 ** (8 * k);
      if (length === 0) length = 0x10000;
      if (offset + length > base.length || o + length > out.length) throw new Error("git pack: a delta copies past its base or its result");
      base.copy(out, o, offset, offset + length);
      o += length;
    } else if (op > 0) {
      if (at + op > delta.length || o + op > out.length) throw new Error("git pack: a delta inserts past its end");
      delta.copy(out, o, at, at + op);
      at += op;
      o += op;
    } else throw new Error("git pack: a delta's reserved instruction 0");
  }
  if (o !== out.length) throw new Error("git pack: a delta gives fewer bytes than it declares");
  return out;
}

/** A delta whose result would pass the total-bytes limit. */
class DeltaTooLarge extends Error {}

const objectId = (type: string, data: Buffer) => createHash("sha1").update(`${type} ${data.length}\0`).update(data).digest("hex");

/** The pack's objects in order, deltas applied; stops at the limits (said as reasons). */
function readObjects(b: Buffer, ctx: Ctx, scope: Scope): PackObject[] {
  const count = b.readUInt32BE(8);
  const byOffset = new Map<number, PackObject>();
  const byId = new Map<string, PackObject>();
  const out: PackObject[] = [];
  let at = 12;
  for (let i = 0; i < count && at < b.length - 20; i++) {
    ctx.checkTime();
    const start = at;
    let c = b[at++]!;
    const kind = (c >> 4) & 7;
    let size = c & 0x0f;
    let shift = 4;
    while (c & 0x80 && at < b.length) {
      c = b[at++]!;
      size += (c & 0x7f) * 2 ** shift;
      shift += 7;
    }
    let base: PackObject | undefined;
    let baseKnown = true;
    if (kind === OFS_DELTA) {
      c = b[at++]!;
      let ofs = c & 0x7f;
      while (c & 0x80 && at < b.length) {
        c = b[at++]!;
        ofs = (ofs + 1) * 128 + (c & 0x7f);
      }
      base = byOffset.get(start - ofs);
    } else if (kind === REF_DELTA) {
      base = byId.get(b.subarray(at, at + 20).toString("hex"));
      at += 20;
    } else if (!TYPES[kind]) {
      ctx.reason("corrupt", `git pack: object ${i + 1} of ${count} of unknown type ${kind}; the rest not read`, scope.path);
      break;
    }
    if (kind === OFS_DELTA || kind === REF_DELTA) baseKnown = base !== undefined;
    if (size > ctx.bytesLeft()) {
      ctx.reason("limit_total_bytes", `uncompressed bytes over ${ctx.limits.maxTotalBytes}`, scope.path);
      break;
    }
    let inflated: { buffer: Buffer; engine: { bytesWritten: number } };
    try {
      inflated = inflateSync(b.subarray(at), { info: true, maxOutputLength: Math.max(1, size) }) as unknown as typeof inflated;
    } catch (err) {
      // (where the next object starts is known only past this one: the rest is lost)
      ctx.reason("corrupt", `git pack: object ${i + 1} of ${count} does not inflate (${(err as Error).message}); the rest not read`, scope.path);
      break;
    }
    at += inflated.engine.bytesWritten;
    if (!baseKnown) {
      ctx.reason("corrupt", "git pack: a delta whose base is not in this pack (a thin pack) not read", scope.path);
      continue;
    }
    let data = inflated.buffer;
    if (base) {
      try {
        data = applyDelta(base.data, data, ctx.bytesLeft());
      } catch (err) {
        if (err instanceof DeltaTooLarge) {
          ctx.reason("limit_total_bytes", err.message, scope.path);
          break;
        }
        ctx.reason("corrupt", `${(err as Error).message}: object ${i + 1} not read`, scope.path);
        continue;
      }
    }
    // (what the object holds counts against the total, a delta's result too)
    ctx.totalBytes += data.length;
    const type = base ? base.type : TYPES[kind]!;
    const obj = { type, data, id: objectId(type, data) };
    byOffset.set(start, obj);
    byId.set(obj.id, obj);
    out.push(obj);
  }
  return out;
}

/** Each blob's path, from the trees of the commits (walked from their root trees), else from the tree that names it. */
function blobPaths(objects: PackObject[]): Map<string, string> {
  const trees = new Map<string, Array<[string, string, string]>>();
  for (const o of objects) {
    if (o.type !== "tree") continue;
    trees.set(o.id, treeEntries(o.data));
  }
  const paths = new Map<string, string>();
  const walked = new Set<string>();
  const walk = (tree: string, prefix: string) => {
    if (walked.has(tree)) return;
    walked.add(tree);
    for (const [mode, name, id] of trees.get(tree) ?? []) {
      if (mode === "40000") walk(id, `${prefix}${name}/`);
      else if (!paths.has(id)) paths.set(id, `${prefix}${name}`);
    }
  };
  for (const o of objects) {
    const root = o.type === "commit" ? /^tree ([0-9a-f]{40})/.exec(o.data.toString("latin1", 0, 64))?.[1] : undefined;
    if (root) walk(root, "");
  }
  // (a tree no commit of the pack reaches still names its blobs)
  for (const entries of trees.values()) for (const [mode, name, id] of entries) if (mode !== "40000" && !paths.has(id)) paths.set(id, name);
  return paths;
}

export const gitPackFormat: Format = {
  kinds: ["git-pack"],
  library: "node:zlib",
  async extract(bytes, scope, ctx) {
    const objects = readObjects(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), ctx, scope);
    const paths = blobPaths(objects);
    for (const o of objects) {
      if (o.type === "tree") continue;
      const short = o.id.slice(0, 12);
      const name = o.type === "blob" ? `${paths.get(o.id) ?? "blob"}@${short}` : `${o.type} ${short}`;
      if (!ctx.takeEntry(childPath(scope, name))) break;
      if (o.type === "blob") await ctx.recurse(o.data, (paths.get(o.id) ?? o.id).split("/").pop()!, childScope(scope, name));
      else emitChunks(ctx, childScope(scope, name), o.data.toString("utf8"));
    }
  },
};
