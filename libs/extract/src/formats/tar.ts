/** TAR via tar-stream: entries streamed from memory, never written anywhere. */
import { Readable } from "node:stream";
import tar from "tar-stream";
import { childPath, childScope, Stop } from "../context.ts";
import type { Format } from "../format.ts";
import { isTraversal, LimitHit, readBounded, StreamFailed, UNSAFE_NAME } from "./archive-util.ts";

export const tarFormat: Format = {
  kinds: ["tar"],
  library: "tar-stream",
  async extract(bytes, scope, ctx) {
    // (pre-POSIX V7 headers have no "ustar" magic; tar-stream reads them with this option, which its types lack)
    const ex = tar.extract({ allowUnknownFormat: true } as Parameters<typeof tar.extract>[0]);
    Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]).pipe(ex);
    for await (const entry of ex) {
      ctx.checkTime();
      const h = entry.header;
      const name = h.name.replace(/^\.\//, "");
      if (h.type !== "file" && h.type !== "contiguous-file") {
        entry.resume();
        continue;
      }
      const where = childPath(scope, name);
      if (!ctx.takeEntry(where)) {
        entry.resume();
        break;
      }
      if ((h.size ?? 0) > ctx.bytesLeft()) {
        ctx.reason("limit_total_bytes", `uncompressed bytes over ${ctx.limits.maxTotalBytes}`, where);
        entry.resume();
        break;
      }
      if (isTraversal(name)) ctx.reason(...UNSAFE_NAME, where);
      let content: Buffer;
      try {
        content = await readBounded(entry as unknown as Readable, ctx, null);
      } catch (err) {
        if (err instanceof LimitHit) {
          if (err.code === "limit_time") throw new Stop(err.code, err.message);
          ctx.reason(err.code, err.message, where);
          break;
        }
        if (!(err instanceof StreamFailed)) throw err;
        // The archive cut short in this member (a backup or a download that stopped): the member
        // read as far as it came, and nothing after it is there.
        ctx.reason("corrupt", `tar: cut short in this member (${err.message}); read as far as it came`, where);
        if (err.before.byteLength > 0) await ctx.recurse(err.before, name.split("/").pop() ?? name, childScope(scope, name));
        break;
      }
      await ctx.recurse(content, name.split("/").pop() ?? name, childScope(scope, name));
    }
  },
};
