import assert from "node:assert/strict";
import { auTfn, tfnValid } from "./au_tfn.ts";
import { scoreOf, spans } from "../testing.ts";

describe("au/au_tfn", () => {
  it("accepts numbers whose weighted sum is divisible by 11", () => {
    assert.ok(tfnValid("123456782"));
    assert.deepEqual(spans(auTfn, "TFN 123 456 782"), [[4, 15]]);
    assert.ok(scoreOf(auTfn, "Tax file number: 123456782") >= 0.7);
    // Alone, nine digits that pass mod 11 are not evidence enough (one in eleven do).
    assert.ok(scoreOf(auTfn, "Reference 123456782") < 0.4);
  });
  it("rejects other check digits and newline-split groups", () => {
    assert.equal(tfnValid("123456781"), false);
    assert.deepEqual(spans(auTfn, "123 456\n782"), []);
  });
  it("reads a label run together (<TaxFileNo>, \"taxfilenumber\")", () => {
    const bare = scoreOf(auTfn, "ref 123 456 782");
    for (const t of ["<TaxFileNo>123 456 782</TaxFileNo>", "taxfilenumber=123456782"]) assert.ok(scoreOf(auTfn, t) > bare, t);
  });
});
