import assert from "node:assert/strict";
import { npiValid, usNpi } from "./us_npi.ts";
import { scoreOf, spans } from "../testing.ts";

describe("medical/us_npi", () => {
  it("accepts Luhn-valid NPIs with the 80840 prefix", () => {
    assert.ok(npiValid("1234567893"));
    assert.deepEqual(spans(usNpi, "NPI 1234-567-893"), [[4, 16]]);
    assert.ok(npiValid("1492673052"));
    assert.ok(scoreOf(usNpi, "Prescriber NPI: 1492673052") >= 0.7);
    // CMS's example NPI counts up: found, never reported (core/shape.ts placeholderDigits)
    assert.equal(scoreOf(usNpi, "Prescriber NPI: 1234567893"), 0.01);
  });
  it("rejects a wrong check digit, other first digits and degenerate bodies", () => {
    assert.equal(npiValid("1234567890"), false);
    assert.equal(npiValid("3234567893"), false);
    assert.equal(npiValid("1111111112"), false);
  });
  it("takes no id at the end of a name or a URL path for an NPI (GitHub comments and commits)", () => {
    assert.equal(npiValid("1426831800"), true);
    assert.deepEqual(spans(usNpi, "pull/10475#issuecomment-1426831800 and commit/1426831800"), []);
    assert.deepEqual(spans(usNpi, "NPI 1426831800"), [[4, 14]]);
  });
  it("reports a bare Luhn-valid number only with a provider word near (one random number in ten passes)", () => {
    assert.equal(npiValid("1245319599"), true);
    assert.ok(scoreOf(usNpi, "new tr(1245319599, 17)") < 0.4);
    assert.ok(scoreOf(usNpi, "provider 1245319599") >= 0.4);
  });
  it("reads an element's name in camelCase (<NationalProviderIdentifier>)", () => {
    assert.ok(scoreOf(usNpi, "<NationalProviderIdentifier>1245319599</NationalProviderIdentifier>") > scoreOf(usNpi, "ref 1245319599"));
  });
});
