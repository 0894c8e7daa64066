import type { Candidate, Detector } from "../core/types.ts";
import { patternCandidates } from "../core/engine.ts";
import { re } from "../core/regex.ts";
import { inAssembly } from "../core/assembly.ts";

const CONTEXT = ["icd", "icd 10", "icd10", "diagnosis", "diagnoses", "dx", "diagnosed", "condition", "disorder", "comorbidity", "admitting diagnosis"];

/** The context terms that still count in assembly code, where "DX" is a register. */
const NOT_DX: ReadonlySet<string> = new Set(CONTEXT.filter((t) => t !== "dx"));

/** A register's shape: a letter and two digits (R10–R15, X10–X31, V17, Z28). */
const REGISTER_SHAPED = /^[A-Z]\d{2}$/;

/**
 * ICD-10 diagnosis codes (A00–Z99, optional .x–.xxxx). The shape is too common to report on
 * its own ("B12" is a cell, "A4" a paper size): only diagnosis context makes it a finding.
 * U is reserved for special purposes (U07.1 COVID-19) and allowed. In assembly code "DX" is a
 * register and R10–R15, X10–X31, V17, Z28 are registers too: there a code without its decimals
 * is not read and "dx" is no context (Go's assembly sources gave 7,521 findings).
 */
export const icd10Code: Detector = {
  id: "icd10_code",
  type: "ICD10_CODE",
  area: "medical",
  category: "medical",
  description: "ICD-10 diagnosis code (by diagnosis context)",
  patterns: [{ name: "A00.0000", regex: re(String.raw`(?<![A-Za-z0-9_.-])[A-Z]\d{2}(?:\.[0-9A-Z]{1,4})?(?![A-Za-z0-9_]|\.\d)`), score: 0.05 }],
  context: CONTEXT,
  // Software's conditions: "ISO C11, which provides … error conditions", "X41 D-Sec … Race Condition".
  negativeContext: ["error condition", "race condition", "boundary condition", "exit condition", "loop condition", "test condition"],
  contextBoost: 0.5,
  maxBaseScore: 0.05,
  prefilter: { minDigits: 2 },
  find(text) {
    const found = patternCandidates(icd10Code, text);
    // in assembly code, a code of a register's shape is a register; "dx" is no context there
    const out: Candidate[] = [];
    for (const c of found) {
      if (!inAssembly(text, c.start, c.end)) out.push(c);
      else if (!REGISTER_SHAPED.test(text.slice(c.start, c.end))) out.push({ ...c, onlyContext: NOT_DX });
    }
    return out;
  },
};
