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
    // software's conditions (mpfr's TODO, unbound's change log); a record's condition stays one
    assert.deepEqual(reported('See "Treatment of error conditions" of ISO C11, which provides two ways.'), []);
    assert.deepEqual(reported("reported by X41 D-Sec.\n- Fix Race Condition in the cache"), []);
    assert.deepEqual(reported("Condition: E11.9"), ["E11.9"]);
  });
  it("in assembly code, where DX is a register, \"dx\" is no context (seen: Go's .s files, 7,521 findings)", () => {
    assert.deepEqual(reported("\tTESTQ   DX, DX\n\tCMOVQEQ R10, BX\n\tCMOVQEQ R11, CX\n"), []);
    assert.deepEqual(reported("\tADOXL (R11), DX                    // f30f38f613\n"), []);
    assert.deepEqual(reported("// AX CX DX BX SP BP SI DI R8 R9 R10 R11 R12 R13 R15"), []);
    assert.deepEqual(reported("\tmovq %rdx, %r10 ; DX X14"), []);
    assert.deepEqual(reported("\tBSWAPL DX                               // 0fca\n\tBSWAPL R11                         // 410fcb"), []);
    assert.deepEqual(reported("\tMOVW\tR11, gobuf_ctxt(R1)\n\tCMP\tR11, R11 // set condition codes"), []);
    assert.deepEqual(reported("\t//TODO: CALLQ* DX                       // ffd2\n\t//TODO: CALLQ* R11                      // 41ffd3"), []);
    // a clinical note's capitals are not registers; other context words still count in code
    assert.deepEqual(reported("BP 150/90, SI denied. Dx: R10.9, R11"), ["R10.9", "R11"]);
    assert.deepEqual(reported("\tMOVQ AX, BX // diagnosis E11.65"), ["E11.65"]);
  });
});
