import assert from "node:assert/strict";
import { deaValid, usDeaNumber } from "./us_dea_number.ts";
import { run, scoreOf, spans } from "../testing.ts";

describe("medical/us_dea_number", () => {
  it("accepts the right check digit (d1+d3+d5 + 2×(d2+d4+d6)), 9 for a business, either case", () => {
    assert.ok(deaValid("AB1234563")); // 9 + 2 × 12 = 33
    assert.ok(deaValid("MJ4567890")); // 18 + 2 × 21 = 60
    assert.ok(deaValid("XS7654329")); // 15 + 2 × 12 = 39
    assert.ok(deaValid("P91234563"));
    assert.ok(deaValid("ab1234563"));
  });
  it("rejects a wrong check digit, other registrant types, a digit for the initial and other lengths", () => {
    assert.equal(deaValid("AB1234564"), false);
    assert.equal(deaValid("MJ4567895"), false);
    assert.equal(deaValid("NB1234563"), false);
    assert.equal(deaValid("ZB1234563"), false);
    assert.equal(deaValid("A11234563"), false);
    assert.equal(deaValid("AB123456"), false);
    assert.equal(deaValid("AB12345633"), false);
  });
  it("is below the threshold alone and reported beside a DEA or prescription word", () => {
    assert.ok(scoreOf(usDeaNumber, "Part AB1234563") < 0.4);
    assert.equal(run(usDeaNumber, "Part AB1234563 and AB1234564").length, 1);
    assert.ok(scoreOf(usDeaNumber, "DEA# AB1234563") >= 0.6);
    assert.ok(scoreOf(usDeaNumber, "Prescriber: Dr. Jones, MJ4567890") >= 0.6);
    assert.ok(scoreOf(usDeaNumber, "XS7654329", "DEA number") >= 0.6);
  });
  it("finds nothing glued to a longer token", () => {
    assert.deepEqual(spans(usDeaNumber, "XAB1234563 AB12345630 AB1234563X x_AB1234563 AB1234563-7"), []);
    assert.deepEqual(spans(usDeaNumber, "(AB1234563)"), [[1, 10]]);
  });
});
