import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { allSame, digitsOf } from "../core/checksums.ts";

/** US passport book numbers: 9 digits, or a letter and 8 digits (Next Generation, 2021+). No check digit. */
export const usPassport: Detector = {
  id: "us_passport",
  type: "US_PASSPORT",
  area: "us",
  category: "government_id",
  description: "US passport number (format + context)",
  patterns: [
    { name: "9 digits", regex: bounded(String.raw`\d{9}`), score: 0.05 },
    { name: "letter + 8 digits", regex: bounded(String.raw`[A-Z]\d{8}`), score: 0.1 },
  ],
  context: ["us passport", "passport", "passport number", "passport no", "passport#", "travel document", "issuing country", "passport book"],
  maxBaseScore: 0.1,
  prefilter: { minDigits: 8 },
  validate: (value) => (allSame(digitsOf(value)) ? false : { validation: null }),
};
