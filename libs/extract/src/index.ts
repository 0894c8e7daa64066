/**
 * @filescan/extract: bytes in, text segments with locators out. Pure library; see README.md.
 */
export { extractFile, type ExtractInput, type ExtractResult } from "./extract.ts";
export { limitsFromEnv, DEFAULT_LIMITS, type ExtractLimits } from "./limits.ts";
export { createExtractPool, type ExtractPool } from "./pool.ts";
export { detect, isMismatch } from "./detect.ts";
export { FORMATS } from "./registry.ts";
export { chunkSpans } from "./formats/text.ts";
