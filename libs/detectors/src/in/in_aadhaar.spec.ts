import assert from "node:assert/strict";
import { aadhaarValid, inAadhaar } from "./in_aadhaar.ts";
import { scoreOf, spans } from "../testing.ts";

describe("in/in_aadhaar", () => {
  it("accepts Verhoeff-valid numbers in plain and grouped forms", () => {
    assert.ok(aadhaarValid("499118665246"));
    assert.deepEqual(spans(inAadhaar, "Aadhaar 4991 1866 5246"), [[8, 22]]);
    assert.ok(scoreOf(inAadhaar, "Aadhaar 4991-1866-5246") >= 0.8);
    // Three groups of a longer grouped number (a 4-4-4-4 card) are not an Aadhaar.
    assert.deepEqual(spans(inAadhaar, "4991 1866 5246 1234"), []);
    assert.deepEqual(spans(inAadhaar, "1234 4991 1866 5246"), []);
    assert.deepEqual(spans(inAadhaar, "4991-1866-5246 1234"), [[0, 14]]);
  });
  it("rejects a wrong check digit, leading 0/1 and mixed separators", () => {
    assert.equal(aadhaarValid("499118665247"), false);
    assert.equal(aadhaarValid("123456789012"), false);
    assert.deepEqual(spans(inAadhaar, "4991 1866-5246"), []);
    // the last group of a UUID (bench/detect's labelled corpus), a slug's tail
    assert.deepEqual(spans(inAadhaar, "ac86116e-11bd-4e2a-bfaa-499118665246, release-499118665246"), []);
    assert.deepEqual(spans(inAadhaar, "Aadhaar: 499118665246"), [[9, 21]]);
  });
  it("reports the printed groups alone; twelve plain digits (an order's, an invoice's, an INN) only beside an Aadhaar word or column", () => {
    assert.equal(scoreOf(inAadhaar, "4991 1866 5246"), 0.5);
    assert.ok(scoreOf(inAadhaar, "499118665246") < 0.4);
    assert.ok(scoreOf(inAadhaar, "Aadhaar: 499118665246") >= 0.6);
    assert.ok(scoreOf(inAadhaar, "499118665246", "aadhaar_no") >= 0.6);
    assert.ok(scoreOf(inAadhaar, "invoice number 4991 1866 5246") < 0.4);
  });
});
