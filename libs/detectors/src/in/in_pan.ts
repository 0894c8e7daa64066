import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";

/** Fourth character of a PAN: the holder's kind (Person, Company, HUF, Firm, AOP, Trust, ...). */
const HOLDER = "ABCFGHJLPT";

/** Indian Permanent Account Number: 5 letters, 4 digits, 1 letter (the 10th is a check letter of an unpublished scheme). */
export const inPan: Detector = {
  id: "in_pan",
  type: "IN_PAN",
  area: "in",
  category: "government_id",
  description: "Indian PAN (holder-type letter)",
  patterns: [{ name: "AAAAA9999A", regex: re(String.raw`(?<![A-Za-z0-9_])[A-Z]{5}\d{4}[A-Z](?![A-Za-z0-9_])`), score: 0.1 }],
  context: ["pan", "permanent account", "permanent account number", "income tax", "pan card", "pan no"],
  prefilter: { letter: true, minDigits: 4 },
  validate: (value) => (HOLDER.includes(value[3]!) ? { validation: "pan_holder_type", score: 0.5 } : { validation: null }),
};
