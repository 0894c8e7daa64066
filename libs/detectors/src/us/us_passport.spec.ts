import assert from "node:assert/strict";
import { usPassport } from "./us_passport.ts";
import { scoreOf, spans } from "../testing.ts";

describe("us/us_passport", () => {
  it("matches both book number formats, reported only with passport context", () => {
    assert.deepEqual(spans(usPassport, "A12803456 and 912803456"), [[0, 9], [14, 23]]);
    assert.ok(scoreOf(usPassport, "Passport number: A12803456") >= 0.4);
    assert.ok(scoreOf(usPassport, "code A12803456") < 0.4);
  });
  it("rejects other shapes", () => {
    assert.deepEqual(spans(usPassport, "AB1234567 1234567890 000000000"), []);
  });
});
