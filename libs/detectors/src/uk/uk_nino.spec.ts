import assert from "node:assert/strict";
import { ninoRules, ukNino } from "./uk_nino.ts";
import { scoreOf, spans } from "../testing.ts";

describe("uk/uk_nino", () => {
  it("accepts allocatable numbers, spaced or not, any case", () => {
    assert.deepEqual(spans(ukNino, "NI: QQ 12 34 56 C? no - AB 12 34 56 C"), [[24, 37]]);
    assert.ok(ninoRules("ce123456a"));
    assert.ok(scoreOf(ukNino, "National Insurance number AB123456C") > 0.5);
  });
  it("rejects banned prefixes, letters D F I Q U V and suffixes after D", () => {
    for (const v of ["BG123456A", "GB123456A", "ZZ123456A", "DA123456A", "AO123456A", "AB123456E", "AB12345C"]) assert.equal(ninoRules(v), false, v);
  });
});
