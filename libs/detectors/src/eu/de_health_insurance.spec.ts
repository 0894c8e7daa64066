import assert from "node:assert/strict";
import { deHealthInsurance, deHealthInsuranceValid } from "./de_health_insurance.ts";
import { run, scoreOf, spans } from "../testing.ts";

describe("eu/de_health_insurance", () => {
  it("accepts the right check digit (the letter as two digits), in either case", () => {
    assert.ok(deHealthInsuranceValid("A000500015")); // § 290 SGB V, Anlage 1
    assert.ok(deHealthInsuranceValid("T876543216"));
    assert.ok(deHealthInsuranceValid("K555123408"));
    assert.ok(deHealthInsuranceValid("X000000000"));
    assert.ok(deHealthInsuranceValid("t876543216"));
  });
  it("rejects a wrong check digit, a digit for the letter and other lengths", () => {
    assert.equal(deHealthInsuranceValid("A000500010"), false);
    assert.equal(deHealthInsuranceValid("T876543217"), false);
    assert.equal(deHealthInsuranceValid("1876543216"), false);
    assert.equal(deHealthInsuranceValid("T87654321"), false);
    assert.equal(deHealthInsuranceValid("T8765432160"), false);
  });
  it("is below the threshold alone and reported beside a health insurance word", () => {
    assert.ok(scoreOf(deHealthInsurance, "Artikel Q123456784") < 0.4);
    assert.equal(run(deHealthInsurance, "Artikel Q123456784 und T876543217").length, 1);
    assert.ok(scoreOf(deHealthInsurance, "Krankenversichertennummer: T876543216") >= 0.6);
    assert.ok(scoreOf(deHealthInsurance, "eGK K555123408 (AOK Bayern)") >= 0.6);
    assert.ok(scoreOf(deHealthInsurance, "T876543216", "KVNR") >= 0.6);
  });
  it("finds nothing glued to a longer token", () => {
    assert.deepEqual(spans(deHealthInsurance, "AT876543216 T8765432160 T87654321-6 x_T876543216"), []);
  });
});
