import assert from "node:assert/strict";
import { brCpf, cpfValid } from "./br_cpf.ts";
import { run, scoreOf, spans } from "../testing.ts";

/** The best score of a finding in `text` (0 when there is none). */
const best = (text: string, header = "") => Math.max(0, ...run(brCpf, text, header).map((s) => s.score));

describe("br/br_cpf", () => {
  it("accepts valid check digits; the formatted form scores higher", () => {
    assert.ok(cpfValid("529.982.247-25"));
    assert.deepEqual(spans(brCpf, "CPF 529.982.247-25"), [[4, 18]]);
    assert.ok(scoreOf(brCpf, "x 529.982.247-25") > scoreOf(brCpf, "x 52998224725"));
  });
  it("a bare eleven-digit run counts under a CPF cue only; an order or invoice label keeps it below the threshold", () => {
    assert.ok(scoreOf(brCpf, "x 52998224725") < 0.4, "alone");
    assert.ok(scoreOf(brCpf, "id=52998224725") < 0.4, "after a generic id label");
    assert.ok(scoreOf(brCpf, "CPF: 52998224725") >= 0.4, "after its label");
    assert.ok(scoreOf(brCpf, "52998224725", "cpf") >= 0.4, "under a cpf column");
    assert.ok(best("52998224725", "order") < 0.4);
    assert.ok(best("invoice 52998224725") < 0.4);
    assert.ok(best("order 52998224725", "cpf") < 0.4, "its own label outweighs the column");
  });
  it("rejects wrong check digits and repeated digits", () => {
    assert.equal(cpfValid("529.982.247-26"), false);
    assert.equal(cpfValid("111.111.111-11"), false);
  });
});
