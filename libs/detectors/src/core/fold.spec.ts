import assert from "node:assert/strict";
import { foldForDetection } from "./fold.ts";

describe("detectors: folding what patterns read", () => {
  it("folds no-break spaces, full-width digits and escaped line breaks, keeping every offset", () => {
    const cases: Array<[string, string]> = [
      ["FR76\u00a03000\u202f6000\u20070112", "FR76 3000 6000 0112"],
      ["マイナンバー：４９３８－２７１６", "マイナンバー:4938-2716"],
      ["ｍａｉｌ＠ｘ．ｊｐ", "ｍａｉｌ@ｘ.ｊｐ"],
      ['{"body":"SSN:\\n536-22-1234\\r\\n\\tend"}', '{"body":"SSN:  536-22-1234      end"}'],
    ];
    for (const [input, want] of cases) {
      const out = foldForDetection(input);
      assert.equal(out, want);
      assert.equal(out.length, input.length, "offsets unchanged");
    }
  });

  it("leaves an escaped backslash before n alone, and a text with nothing to fold as the very string", () => {
    assert.equal(foldForDetection(String.raw`C:\\new\\table`), String.raw`C:\\new\\table`);
    const plain = "nothing to fold here: 536-22-1234";
    assert.equal(foldForDetection(plain), plain);
  });
});
