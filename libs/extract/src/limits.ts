import { intFromEnv } from "@filescan/config";

/** Every bound the extractor enforces on one submitted file (DESIGN: limits are configurable, each hit is a reason). */
export interface ExtractLimits {
  /** Archive/attachment nesting depth. */
  maxDepth: number;
  /** Members seen inside archives and attachments, over the whole file. */
  maxEntries: number;
  /** Uncompressed bytes produced from archives, over the whole file. */
  maxTotalBytes: number;
  /** Per-entry uncompressed:compressed ratio (checked on declared sizes and while inflating). */
  maxRatio: number;
  /** Extracted characters over the whole file. */
  maxChars: number;
  /**
   * Text segments (cells, fields, pages' chunks) over the whole file: each carries its locator in
   * the event, so a sheet of millions of one-digit cells made an event of 140 MB from 5 M
   * characters, more than Kafka takes, with 5 M objects in memory.
   */
  maxSegments: number;
  /** Wall-clock budget for one file. */
  timeBudgetMs: number;
  /** Pages or images sent to OCR per file. */
  maxOcrPages: number;
  /** OCR on images and PDF pages without a text layer. */
  ocr: boolean;
}

export const DEFAULT_LIMITS: ExtractLimits = {
  maxDepth: 10,
  maxEntries: 10_000,
  maxTotalBytes: 256 * 1024 * 1024,
  maxRatio: 100,
  maxChars: 5_000_000,
  maxSegments: 500_000,
  timeBudgetMs: 60_000,
  maxOcrPages: 20,
  ocr: true,
};

/**
 * Limits from FILESCAN_EXTRACT_* variables (MAX_DEPTH, MAX_ENTRIES, MAX_TOTAL_BYTES, MAX_RATIO, MAX_CHARS,
 * MAX_SEGMENTS, TIME_BUDGET_MS, MAX_OCR_PAGES) and FILESCAN_OCR=off|on.
 */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): ExtractLimits {
  const d = DEFAULT_LIMITS;
  const ocrRaw = (env.FILESCAN_OCR ?? "on").trim().toLowerCase();
  return {
    maxDepth: intFromEnv(env, "FILESCAN_EXTRACT_MAX_DEPTH", d.maxDepth),
    maxEntries: intFromEnv(env, "FILESCAN_EXTRACT_MAX_ENTRIES", d.maxEntries),
    maxTotalBytes: intFromEnv(env, "FILESCAN_EXTRACT_MAX_TOTAL_BYTES", d.maxTotalBytes),
    maxRatio: intFromEnv(env, "FILESCAN_EXTRACT_MAX_RATIO", d.maxRatio),
    maxChars: intFromEnv(env, "FILESCAN_EXTRACT_MAX_CHARS", d.maxChars),
    maxSegments: intFromEnv(env, "FILESCAN_EXTRACT_MAX_SEGMENTS", d.maxSegments),
    timeBudgetMs: intFromEnv(env, "FILESCAN_EXTRACT_TIME_BUDGET_MS", d.timeBudgetMs),
    maxOcrPages: intFromEnv(env, "FILESCAN_EXTRACT_MAX_OCR_PAGES", d.maxOcrPages),
    ocr: !["off", "0", "false", "no"].includes(ocrRaw),
  };
}
