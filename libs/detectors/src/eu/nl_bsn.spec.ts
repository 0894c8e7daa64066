import assert from "node:assert/strict";
import { bsnElevenProof, nlBsn } from "./nl_bsn.ts";
import { scoreOf, spans } from "../testing.ts";

describe("eu/nl_bsn", () => {
  it("accepts 11-proof numbers and reports them with BSN context", () => {
    assert.ok(bsnElevenProof("111222333"));
    assert.deepEqual(spans(nlBsn, "BSN 1112.22.333"), [[4, 15]]);
    assert.ok(scoreOf(nlBsn, "burgerservicenummer: 214693557") >= 0.6);
    assert.ok(scoreOf(nlBsn, "214693557") < 0.4);
    // the test number of the Dutch government's documentation: found, never reported (core/shape.ts placeholderDigits)
    assert.equal(scoreOf(nlBsn, "burgerservicenummer: 111222333"), 0.01);
  });
  it("rejects numbers failing the 11-proof", () => {
    assert.equal(bsnElevenProof("111222334"), false);
    assert.equal(bsnElevenProof("000000000"), false);
  });
  it("reads \"bsnNummer\" and \"BSN-nummer\" as BSN context", () => {
    const bare = scoreOf(nlBsn, "ref 544832814");
    for (const t of ['"bsnNummer": "544832814"', "BSN-nummer 544832814"]) assert.ok(scoreOf(nlBsn, t) > bare, t);
  });
});
