import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";

/**
 * ICD-10 diagnosis codes (A00–Z99, optional .x–.xxxx). The shape is too common to report on
 * its own ("B12" is a cell, "A4" a paper size): only diagnosis context makes it a finding.
 * U is reserved for special purposes (U07.1 COVID-19) and allowed.
 */
export const icd10Code: Detector = {
  id: "icd10_code",
  type: "ICD10_CODE",
  area: "medical",
  category: "medical",
  description: "ICD-10 diagnosis code (by diagnosis context)",
  patterns: [{ name: "A00.0000", regex: re(String.raw`(?<![A-Za-z0-9_.-])[A-Z]\d{2}(?:\.[0-9A-Z]{1,4})?(?![A-Za-z0-9_]|\.\d)`), score: 0.05 }],
  context: ["icd", "icd 10", "icd10", "diagnosis", "diagnoses", "dx", "diagnosed", "condition", "disorder", "comorbidity", "admitting diagnosis"],
  contextBoost: 0.5,
  prefilter: { minDigits: 2 },
};
