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
  it("takes no mixed-case word or lower-case hash for a NINO (seen in changelogs)", () => {
    assert.equal(ninoRules("bc899650c"), true);
    assert.deepEqual(spans(ukNino, "Merge: bc899650c ae9afd977\nAs 503748d fix"), []);
    assert.deepEqual(spans(ukNino, "nino: tw987654a and AS 50 37 48 D"), [[6, 15], [20, 33]]);
  });
  it("takes no part's number before a word for a NINO (util-linux's release notes: \"MC146818A-compatible\")", () => {
    assert.deepEqual(spans(ukNino, "based on commonly used MC146818A-compatible hardware"), []);
    assert.deepEqual(spans(ukNino, "NI number: AB123456C-"), [[11, 20]]);
  });
});
