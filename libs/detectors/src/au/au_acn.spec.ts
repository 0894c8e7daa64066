import assert from "node:assert/strict";
import { locator } from "@filescan/contracts";
import { acnValid, auAcn } from "./au_acn.ts";
import { scoreOf, spans } from "../testing.ts";
import { detect } from "../index.ts";

describe("au/au_acn", () => {
  it("accepts numbers whose check digit is (10 − weighted sum mod 10) mod 10", () => {
    for (const v of ["004 085 616", "010499966", "005 499 981", "006249976"]) assert.ok(acnValid(v), v);
    // a sum divisible by 10 gives check digit 0 (Presidio's recognizer expects 10 and misses it)
    assert.ok(acnValid("000 250 000"));
  });
  it("rejects other check digits, other lengths and one digit repeated", () => {
    for (const v of ["004 085 617", "824753557", "000 250 001", "00408561", "0040856160", "000000000"]) assert.equal(acnValid(v), false, v);
  });
  it("needs a context word: 0.3 alone, 0.75 with one, 0.8 right after its label", () => {
    assert.ok(scoreOf(auAcn, "ref 004 085 616") < 0.4);
    assert.ok(scoreOf(auAcn, "ref 004085616") < 0.4);
    assert.equal(scoreOf(auAcn, "the company's ACN is 004 085 616"), 0.75);
    for (const t of ["ACN 004 085 616", "A.C.N. 004085616", "Australian Company Number: 004 085 616", '"acn": "004085616"']) assert.equal(scoreOf(auAcn, t), 0.8, t);
  });
  it("finds the number apart from longer tokens, an ABN's tail and runs of groups", () => {
    assert.deepEqual(spans(auAcn, "ACN 004 085 616."), [[4, 15]]);
    for (const t of ["X004085616", "0040856160", "53 004 085 616", "004 085 616 1", "004-085-616", "004 085\n616", "+004085616"]) assert.deepEqual(spans(auAcn, `ACN ${t}`), [], t);
  });
  it("shares nine digits with TFNs: the value's own label decides, a tie goes to the TFN", () => {
    // 000 000 019 passes the ACN's check and the TFN's; so do 100 000 182 and 005 499 981 not
    assert.deepEqual(spans(auAcn, "TFN: 000 000 019"), [], "after a TFN label it is no ACN");
    const types = (text: string) => detect([{ text, source: "text", locator: locator() }], { ner: false }).map((f) => `${f.type} ${text.slice(f.start, f.end)}`);
    assert.deepEqual(types("ACN: 000 000 019, TFN: 100 000 182"), ["AU_ACN 000 000 019", "AU_TFN 100 000 182"]);
    assert.deepEqual(types("TFN: 000 000 019, ACN: 005 499 981"), ["AU_TFN 000 000 019", "AU_ACN 005 499 981"]);
    assert.deepEqual(types("ref 000 000 019"), [], "neither alone");
    assert.deepEqual(types("ACN 000 000 019"), ["AU_ACN 000 000 019"]);
    assert.deepEqual(types("TFN 000 000 019"), ["AU_TFN 000 000 019"]);
    // no label of either, both words near: equal scores, the detector registered first (au_tfn) stays
    assert.deepEqual(types("The ACN and TFN are 000 000 019"), ["AU_TFN 000 000 019"]);
  });
});
