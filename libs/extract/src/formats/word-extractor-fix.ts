/**
 * Workaround for word-extractor 1.0.4 (imported by office.ts right after this module): its
 * cp1252 table for 8-bit text pieces has no entry for 0x80 (€) nor for the unused bytes 0x81,
 * 0x8D, 0x8F, 0x90, 0x9D, so each becomes the word "undefined" — nine characters for one — and
 * every offset after it in the piece shifts, which cuts the rest of the piece off
 * ("Preis 5 € netto" → "Preis 5 undefine"). Its filters module is CommonJS and read by the
 * extractor when it loads, so its `binaryToUnicode` is replaced here first with one that maps
 * 0x80 to € and keeps every other byte it does not know as itself (one character for one).
 * office.spec.ts checks the € case, so an upgrade that changes this is noticed.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const filters = require("word-extractor/lib/filters.js") as { binaryToUnicode: (s: string) => string };
const original = filters.binaryToUnicode;

filters.binaryToUnicode = (s: string): string =>
  s.replace(/[\x80-\x9f]/g, (ch) => {
    if (ch === "\x80") return "€";
    const mapped = original(ch);
    return mapped.length === 1 ? mapped : ch;
  });
