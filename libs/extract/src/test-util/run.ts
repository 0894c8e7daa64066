/** Shared helpers of the extract specs (not exported by the library). */
import { extractFile, type ExtractResult } from "../extract.ts";
import type { ExtractLimits } from "../limits.ts";

export const NO_OCR: Partial<ExtractLimits> = { ocr: false, timeBudgetMs: 15_000 };

export async function run(bytes: Uint8Array | string, filename: string, claimedMime = "application/octet-stream", limits: Partial<ExtractLimits> = NO_OCR): Promise<ExtractResult> {
  const b = typeof bytes === "string" ? Buffer.from(bytes) : bytes;
  return extractFile({ bytes: b, filename, claimedMime }, { ...NO_OCR, ...limits });
}

export function allText(r: ExtractResult): string {
  return r.segments.map((s) => s.text).join("\n");
}

export function segWith(r: ExtractResult, needle: string) {
  return r.segments.find((s) => s.text.includes(needle));
}

/**
 * A parse that failed: `failed` with nothing read, or `partial` with only the text runs its raw
 * bytes still held (formats/raw-text.ts), its reason saying so.
 */
export function failedOrRecovered(r: ExtractResult): boolean {
  if (r.status === "failed") return r.segments.length === 0;
  return r.status === "partial" && r.segments.length > 0 && r.segments.every((s) => s.locator.part === "recovered text") && r.reasons.some((x) => /characters of text recovered from its raw bytes/.test(x.message));
}

export function codes(r: ExtractResult): string[] {
  return r.reasons.map((x) => x.code);
}

/** A record file's cells as [row, column (or part: the header row), text] (Parquet, Avro). */
export function rowCells(r: ExtractResult): Array<[number | null, string | null, string]> {
  return r.segments.map((s) => [s.locator.row, s.locator.column ?? s.locator.part, s.text]);
}
