/**
 * Files embedded in an OOXML document (`word/embeddings/`, `ppt/embeddings/`, `xl/embeddings/`, `visio/embeddings/`)
 * or an ODF document (an OLE object is the part `Object 1`; an embedded chart or formula is a
 * folder of ODF parts, not read):
 * the workbook behind every chart (its data sheet: a sales chart's categories are the sales
 * people), a spreadsheet or document pasted as an object, an OLE object (`oleObject1.bin`: a
 * Word 97 or Excel 97 file in its own container). No document reader shows them; they are read
 * as members, `file_in_zip` naming the part ("deck.pptx" → `ppt/embeddings/Microsoft_Excel_Sheet1.xlsx`),
 * each counted against the archive limits like an archive's member. The Windows metafiles among
 * the package's media are read too (`word/media/image1.emf`): a chart or a diagram pasted as a
 * picture, an embedded file's icon with its name under it, drawn as text.
 */
import { childPath, childScope, type Ctx, type Scope } from "../context.ts";

/** The parts of an OOXML package that are embedded files. */
export const EMBEDDED_PARTS = /^(?:(?:word|ppt|xl|visio)\/embeddings\/[^/]+|(?:word|ppt|xl|visio)\/media\/[^/]+\.(?:emf|wmf|EMF|WMF)|Object \d+)$/;

/** Reads the embedded files among a package's kept `parts`. */
export async function readEmbedded(ctx: Ctx, scope: Scope, parts: Map<string, Buffer>): Promise<void> {
  for (const [name, content] of parts) {
    if (!EMBEDDED_PARTS.test(name) || content.byteLength === 0) continue;
    ctx.checkTime();
    if (!ctx.takeEntry(childPath(scope, name))) return;
    await ctx.recurse(content, name, childScope(scope, name));
  }
}
