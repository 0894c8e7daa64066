import assert from "node:assert/strict";
import { deTaxId, deTaxIdRules } from "./de_tax_id.ts";
import { scoreOf, spans } from "../testing.ts";

describe("eu/de_tax_id", () => {
  it("accepts numbers with a valid check digit and digit pattern", () => {
    assert.ok(deTaxIdRules("86095742719"));
    assert.deepEqual(spans(deTaxId, "Steuer-ID 86 095 742 719."), [[10, 24]]);
    assert.ok(scoreOf(deTaxId, "Steuer-IdNr: 86095742719") >= 0.8);
  });
  it("needs a tax word for a bare number: a log's 11-digit id passes by chance (bench/detect's mixed logs)", () => {
    assert.ok(deTaxIdRules("98021567477"));
    assert.ok(scoreOf(deTaxId, "synthesizing the virtual SSD system! id=98021567477") < 0.4);
    assert.ok(scoreOf(deTaxId, "Ihre Steuer-ID lautet 98021567477") >= 0.8);
  });
  it("rejects wrong check digits, leading zeros, a digit four times or three in a row", () => {
    assert.ok(deTaxIdRules("11213456783")); // 1 three times, not adjacent, valid check digit
    for (const v of ["86095742711", "06095742719", "11112345678", "12345678901", "11123456786"]) assert.equal(deTaxIdRules(v), false, v);
  });
  it("wants exactly one digit repeated among the first ten, twice or three times (python-stdnum's de/idnr.py)", () => {
    // stdnum's doctests: one digit twice; two digits repeated
    assert.ok(deTaxIdRules("36 574 261 809"));
    assert.equal(deTaxIdRules("36554266806"), false);
    // ten distinct digits with a right check digit: never issued, but reported at 0.80 beside its label
    assert.equal(deTaxIdRules("58294713603"), false);
    assert.deepEqual(spans(deTaxId, "Steuer-ID: 58294713603"), []);
    assert.deepEqual(spans(deTaxId, "Steuerliche Identifikationsnummer: 58 294 713 603"), []);
    // Presidio's test numbers count up or down: found, as placeholders are, never reported
    assert.equal(scoreOf(deTaxId, "Meine Steuer-ID: 12345678903."), 0.01);
    assert.equal(scoreOf(deTaxId, "IdNr. 98765432106 liegt vor."), 0.01);
  });
  it("reads \"IdNr\" and \"ID-Nr.\" as it reads \"IdNr.\"", () => {
    const bare = scoreOf(deTaxId, "ref 86095742719");
    for (const t of ["IdNr: 86095742719", "ID-Nr. 86095742719", "IDNr 86095742719", "<SteuerlicheIdentifikationsnummer>86095742719</SteuerlicheIdentifikationsnummer>"]) assert.ok(scoreOf(deTaxId, t) > bare, t);
  });
});
