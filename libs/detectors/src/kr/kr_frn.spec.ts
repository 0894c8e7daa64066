import assert from "node:assert/strict";
import { frnValid, krFrn } from "./kr_frn.ts";
import { rrnValid } from "./kr_rrn.ts";
import { run, scoreOf, spans } from "../testing.ts";

describe("kr/kr_frn", () => {
  it("accepts a real birth date, gender digit 5–8 and the check digit on base 13", () => {
    for (const d of ["9111245678906", "0509126000012"]) assert.ok(frnValid(d), d); // Presidio's
    assert.equal(frnValid("9111245678901"), false, "the check digit fails");
    assert.equal(frnValid("8503151052411"), false, "a resident's number (gender digit 1)");
    assert.equal(rrnValid("9111245678906"), false, "and a foreigner's is no resident's");
  });
  it("is reported alone dashed with its check digit; plain digits and a failing check digit need a label", () => {
    assert.equal(scoreOf(krFrn, "911124-5678906"), 0.7);
    assert.equal(scoreOf(krFrn, "9111245678906"), 0.3);
    assert.equal(scoreOf(krFrn, "911124-5678901"), 0.2);
    assert.equal(scoreOf(krFrn, "외국인등록번호: 911124-5678901"), 0.55);
    assert.equal(scoreOf(krFrn, "Foreigner registration number 9111245678906"), 0.65);
    assert.equal(run(krFrn, "timestamp 9111245678906").length, 0);
  });
  it("rejects gender digits of residents and of the 1800s, impossible dates, longer numbers", () => {
    assert.deepEqual(spans(krFrn, "760413-1212134 000402-2214431 051102-9234110 960303-0021413 001332-5234567 1911124-5678906"), []);
  });
});
