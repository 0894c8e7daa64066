import assert from "node:assert/strict";
import { auMedicare, medicareValid } from "./au_medicare.ts";
import { scoreOf, spans } from "../testing.ts";

describe("au/au_medicare", () => {
  it("accepts a valid check digit, spaced 4-5-1 or plain", () => {
    assert.ok(medicareValid("2123456701"));
    assert.deepEqual(spans(auMedicare, "Medicare 2123 45670 1"), [[9, 21]]);
    assert.ok(scoreOf(auMedicare, "Medicare card 2123456701") >= 0.7);
    // Ten plain digits with a one-in-ten check need context; the card layout alone is enough.
    assert.ok(scoreOf(auMedicare, "Reference 2123456701") < 0.4);
    assert.ok(scoreOf(auMedicare, "Reference 2123 45670 1") >= 0.4);
  });
  it("rejects a wrong check digit, first digit outside 2–6 and extra digits", () => {
    assert.equal(medicareValid("2123456791"), false);
    assert.equal(medicareValid("7123456701"), false);
    assert.deepEqual(spans(auMedicare, "212345670221"), []);
  });
});
