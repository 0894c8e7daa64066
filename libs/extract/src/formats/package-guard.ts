/**
 * OOXML (DOCX, XLSX, PPTX) and ODF files are ZIP packages. Before a document parser inflates
 * one, every member is inflated here under the archive limits — declared sizes first, then the
 * bytes actually produced (ratio, total bytes, time) — so a zip bomb dressed as a document ends
 * with a limit reason, not in the parser's memory. Encrypted members (never legitimate in a
 * document package) make the file `encrypted`.
 */
import yauzl from "yauzl";
import { Encrypted, type Ctx, type Scope } from "../context.ts";
import { declaredProblem, LimitHit, nextEntry, readBounded } from "./archive-util.ts";

/** True when the package may be parsed; false when a limit was hit (the reason is recorded). */
export async function checkPackage(buf: Buffer, scope: Scope, ctx: Ctx): Promise<boolean> {
  const zip = await yauzl.fromBufferPromise(buf, { lazyEntries: true, validateEntrySizes: false, strictFileNames: false });
  zip.on("error", () => {});
  try {
    for (let i = 0; ; i++) {
      ctx.checkTime();
      const e = await nextEntry(zip);
      if (!e) return true;
      if (i >= ctx.limits.maxEntries) {
        ctx.reason("limit_entries", `document package with more than ${ctx.limits.maxEntries} parts`, scope.path);
        return false;
      }
      if (e.fileName.endsWith("/")) continue;
      if (e.isEncrypted() || e.compressionMethod === 99) throw new Encrypted("document package with encrypted parts");
      const declared = declaredProblem(ctx, e.uncompressedSize, e.compressedSize);
      if (declared) {
        ctx.reason(declared.code, `document part ${e.fileName}: ${declared.message}`, scope.path);
        return false;
      }
      try {
        await readBounded(await zip.openReadStreamPromise(e), ctx, e.compressedSize);
      } catch (err) {
        if (!(err instanceof LimitHit)) throw err;
        ctx.reason(err.code, `document part ${e.fileName}: ${err.message}`, scope.path);
        return false;
      }
    }
  } finally {
    zip.close();
  }
}
