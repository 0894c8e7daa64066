/**
 * ZIP via yauzl: declared sizes and encryption flags are read from the central directory before any
 * byte is inflated; names are decoded and checked here (yauzl's own check would abort the whole archive).
 */
import iconv from "iconv-lite";
import yauzl, { type Entry } from "yauzl";
import { childPath, childScope, Stop } from "../context.ts";
import type { Format } from "../format.ts";
import { declaredProblem, isTraversal, LimitHit, nextEntry, readBounded } from "./archive-util.ts";

function entryName(e: Entry): string {
  const raw = e.fileName as unknown as Buffer | string;
  if (typeof raw === "string") return raw;
  return e.generalPurposeBitFlag & 0x800 ? raw.toString("utf8") : iconv.decode(raw, "cp437");
}

export const zipFormat: Format = {
  kinds: ["zip"],
  library: "yauzl",
  async extract(bytes, scope, ctx) {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // validateEntrySizes is off on purpose: a lying declared size must not end the archive with an error;
    // readBounded enforces the ratio and total-bytes limits on the bytes actually inflated.
    const zip = await yauzl.fromBufferPromise(buf, { lazyEntries: true, decodeStrings: false, validateEntrySizes: false, strictFileNames: false });
    zip.on("error", () => {}); // errors surface through nextEntry/openReadStream
    try {
      while (true) {
        ctx.checkTime();
        const e = await nextEntry(zip);
        if (!e) break;
        const name = entryName(e);
        if (name.endsWith("/")) continue;
        const where = childPath(scope, name);
        if (!ctx.takeEntry(where)) break;
        if (isTraversal(name)) {
          ctx.reason("path_traversal", "entry name leaves the archive root; skipped", where);
          continue;
        }
        if (e.isEncrypted() || e.compressionMethod === 99) {
          ctx.reason("encrypted", e.compressionMethod === 99 ? "AES-encrypted entry" : "encrypted entry (ZipCrypto)", where);
          continue;
        }
        if (e.compressionMethod !== 0 && e.compressionMethod !== 8) {
          ctx.reason("unsupported_compression", `compression method ${e.compressionMethod}`, where);
          continue;
        }
        const declared = declaredProblem(ctx, e.uncompressedSize, e.compressedSize);
        if (declared) {
          ctx.reason(declared.code, declared.message, where);
          if (declared.code === "limit_total_bytes") break;
          continue;
        }
        let content: Buffer;
        try {
          content = await readBounded(await zip.openReadStreamPromise(e), ctx, e.compressedSize);
        } catch (err) {
          if (err instanceof LimitHit) {
            if (err.code === "limit_time") throw new Stop(err.code, err.message);
            ctx.reason(err.code, err.message, where);
            continue;
          }
          ctx.reason("corrupt", `zip entry: ${(err as Error).message}`, where);
          continue;
        }
        await ctx.recurse(content, name.split("/").pop() ?? name, childScope(scope, name));
      }
    } finally {
      zip.close();
    }
  },
};
