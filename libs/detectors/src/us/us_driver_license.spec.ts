import assert from "node:assert/strict";
import { usDriverLicense } from "./us_driver_license.ts";
import { scoreOf, spans } from "../testing.ts";

describe("us/us_driver_license", () => {
  it("matches state formats and reports them with license context", () => {
    assert.deepEqual(spans(usDriverLicense, "D1234567 and 123AB1234"), [[0, 8], [13, 22]]);
    assert.ok(scoreOf(usDriverLicense, "Driver's license: D1234567") >= 0.6);
    assert.ok(scoreOf(usDriverLicense, "part D1234567") < 0.4);
  });
  it("rejects letters-only words and shapes no state issues", () => {
    assert.deepEqual(spans(usDriverLicense, "ABCDEFG AB1 AB12345678 C12T345672"), []);
  });
  it("takes a device driver for no licence context", () => {
    assert.ok(scoreOf(usDriverLicense, "parse the ASCII driver! id=1187884934") < 0.4);
    assert.ok(scoreOf(usDriverLicense, "driver's license 1187884934") >= 0.4);
  });
  it("takes no calendar period for a licence, even next to licence words", () => {
    assert.deepEqual(spans(usDriverLicense, "889 units in Q4. Renew the licence in Q1 or H2"), []);
    assert.deepEqual(spans(usDriverLicense, "driver license A1"), [[15, 17]]);
  });
});
