import assert from "node:assert/strict";
import { peselValid, plPesel } from "./pl_pesel.ts";
import { scoreOf, spans } from "../testing.ts";

describe("eu/pl_pesel", () => {
  it("accepts a real date with the right check digit, in either century", () => {
    assert.ok(peselValid("44051401359"));
    assert.ok(peselValid("02270803624"));
    assert.deepEqual(spans(plPesel, "PESEL: 44051401359"), [[7, 18]]);
    assert.ok(scoreOf(plPesel, "PESEL: 44051401359") >= 0.8);
  });
  it("rejects wrong check digits and impossible dates", () => {
    assert.equal(peselValid("44051401358"), false);
    assert.equal(peselValid("44133101352"), false);
    assert.equal(peselValid("11111111114"), false);
  });
});
