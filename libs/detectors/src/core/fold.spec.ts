import assert from "node:assert/strict";
import { foldForDetection, originalSpan } from "./fold.ts";

describe("detectors: folding what patterns read", () => {
  it("folds no-break spaces, full-width digits and escaped line breaks, keeping every offset", () => {
    const cases: Array<[string, string]> = [
      ["FR76\u00a03000\u202f6000\u20070112", "FR76 3000 6000 0112"],
      ["マイナンバー：４９３８－２７１６", "マイナンバー:4938-2716"],
      ["ｍａｉｌ＠ｘ．ｊｐ", "ｍａｉｌ@ｘ.ｊｐ"],
      ['{"body":"SSN:\\n536-22-1234\\r\\n\\tend"}', '{"body":"SSN:  536-22-1234      end"}'],
    ];
    for (const [input, want] of cases) {
      const { text: out, origin } = foldForDetection(input);
      assert.equal(origin, null);
      assert.equal(out, want);
      assert.equal(out.length, input.length, "offsets unchanged");
    }
  });

  it("leaves an escaped backslash before n alone, and a text with nothing to fold as the very string", () => {
    assert.equal(foldForDetection(String.raw`C:\\new\\table`).text, String.raw`C:\\new\\table`);
    const plain = "nothing to fold here: 536-22-1234";
    assert.equal(foldForDetection(plain).text, plain);
  });

  it("takes invisible characters out from between digits or Latin letters, with a map back to the original offsets", () => {
    const input = "Card 4111\u200b1111\u200b\u200b1111\u20601111, jo\u00adhn@x.org";
    const { text, origin } = foldForDetection(input);
    assert.equal(text, "Card 4111111111111111, john@x.org");
    assert.ok(origin);
    assert.equal(origin.length, text.length + 1);
    for (let i = 0; i < text.length; i++) assert.equal(input[origin[i]!], text[i], `offset ${i}`);
    assert.equal(origin[text.length], input.length);
    // at a word break of Thai, beside a blank, at either end: left alone
    for (const kept of ["\u0e2a\u0e27\u0e31\u0e2a\u200b\u0e14\u0e35", "a \u200bb", "\ufeffstart", "end\u200b"]) assert.deepEqual(foldForDetection(kept), { text: kept, origin: null, originEnd: null }, kept);
  });

  it("decodes escapes first, then folds and joins the decoded text, with a map back to the escaped original", () => {
    const input = "GET /u?mail=jo\\u00adhn%40x.org&iban=FR76%C2%A03000 card=4111\\u200b1111\\u200b1111\\u200b1111";
    const folded = foldForDetection(input);
    assert.equal(folded.text, "GET /u?mail=john@x.org&iban=FR76 3000 card=4111111111111111");
    assert.ok(folded.origin && folded.originEnd);
    const at = (value: string) => {
      const start = folded.text.indexOf(value);
      const [s, e] = originalSpan(folded, start, start + value.length);
      return input.slice(s, e);
    };
    assert.equal(at("john@x.org"), "jo\\u00adhn%40x.org");
    assert.equal(at("@"), "%40");
    assert.equal(at("FR76 3000"), "FR76%C2%A03000");
    assert.equal(at("4111111111111111"), "4111\\u200b1111\\u200b1111\\u200b1111");
    assert.equal(folded.origin[folded.text.length], input.length);
    // without escapes or invisible characters: the original offsets
    assert.deepEqual(originalSpan(foldForDetection("a 536-22-1234"), 2, 13), [2, 13]);
  });
});
