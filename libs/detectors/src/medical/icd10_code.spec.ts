import assert from "node:assert/strict";
import { icd10Code } from "./icd10_code.ts";
import { run } from "../testing.ts";

const reported = (text: string, header = "") => run(icd10Code, text, header).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("medical/icd10_code", () => {
  it("reports codes only with diagnosis context", () => {
    assert.deepEqual(reported("Diagnosis: E11.65 and I10 (type 2 diabetes, hypertension)"), ["E11.65", "I10"]);
    assert.deepEqual(reported("F32.1", "ICD-10"), ["F32.1"]);
  });
  it("ignores the same shapes elsewhere", () => {
    assert.deepEqual(reported("Print on A4, see cell B12 and route E11.65"), []);
    assert.deepEqual(reported("dx: version E11.6.5"), []);
  });
});
