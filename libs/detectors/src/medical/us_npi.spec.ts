import assert from "node:assert/strict";
import { npiValid, usNpi } from "./us_npi.ts";
import { scoreOf, spans } from "../testing.ts";

describe("medical/us_npi", () => {
  it("accepts Luhn-valid NPIs with the 80840 prefix", () => {
    assert.ok(npiValid("1234567893"));
    assert.deepEqual(spans(usNpi, "NPI 1234-567-893"), [[4, 16]]);
    assert.ok(scoreOf(usNpi, "Prescriber NPI: 1234567893") >= 0.7);
  });
  it("rejects a wrong check digit, other first digits and degenerate bodies", () => {
    assert.equal(npiValid("1234567890"), false);
    assert.equal(npiValid("3234567893"), false);
    assert.equal(npiValid("1111111112"), false);
  });
});
