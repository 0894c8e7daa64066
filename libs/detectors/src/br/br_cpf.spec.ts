import assert from "node:assert/strict";
import { brCpf, cpfValid } from "./br_cpf.ts";
import { scoreOf, spans } from "../testing.ts";

describe("br/br_cpf", () => {
  it("accepts valid check digits; the formatted form scores higher", () => {
    assert.ok(cpfValid("529.982.247-25"));
    assert.deepEqual(spans(brCpf, "CPF 529.982.247-25"), [[4, 18]]);
    assert.ok(scoreOf(brCpf, "x 529.982.247-25") > scoreOf(brCpf, "x 52998224725"));
  });
  it("an order or invoice label takes a bare eleven-digit run below the threshold", () => {
    assert.ok(scoreOf(brCpf, "x 52998224725") >= 0.4);
    assert.ok(scoreOf(brCpf, "52998224725", "order") < 0.4);
    assert.ok(scoreOf(brCpf, "invoice 52998224725") < 0.4);
  });
  it("rejects wrong check digits and repeated digits", () => {
    assert.equal(cpfValid("529.982.247-26"), false);
    assert.equal(cpfValid("111.111.111-11"), false);
  });
});
