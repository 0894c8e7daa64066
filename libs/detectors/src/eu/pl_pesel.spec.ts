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
  it("does not report a valid number with no PESEL word: one reference number in fifty passes", () => {
    assert.ok(peselValid("78122249694"));
    assert.ok(scoreOf(plPesel, "Your reference 78122249694 is noted.") < 0.4);
    assert.ok(scoreOf(plPesel, "Numer PESEL 78122249694") >= 0.8);
  });
  it("rejects wrong check digits and impossible dates", () => {
    assert.equal(peselValid("44051401358"), false);
    assert.equal(peselValid("44133101352"), false);
    assert.equal(peselValid("11111111114"), false);
  });
  it("rejects a birth date after today (eleven digits of another scheme read as a date decades ahead)", () => {
    // an Estonian code's shape, read as 21 November 2038
    assert.equal(peselValid("38312121104", new Date(Date.UTC(2026, 10, 27))), false);
    assert.ok(peselValid("38312121104", new Date(Date.UTC(2040, 0, 1))));
    assert.equal(peselValid("36712274169"), false); // 2236
  });
});
