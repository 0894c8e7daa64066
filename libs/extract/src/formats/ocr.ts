/** OCR placeholder until the OCR step lands. */
import type { Ctx, Scope } from "../context.ts";

export async function ocrPdfPages(_doc: unknown, _pages: number[], _scope: Scope, _ctx: Ctx): Promise<void> {}
