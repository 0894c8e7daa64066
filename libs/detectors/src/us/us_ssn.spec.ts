import assert from "node:assert/strict";
import { ssnRules, usSsn } from "./us_ssn.ts";
import { scoreOf, spans } from "../testing.ts";

describe("us/us_ssn", () => {
  it("accepts issuable numbers in the usual formats", () => {
    assert.deepEqual(spans(usSsn, "SSN 536-22-1234."), [[4, 15]]);
    assert.deepEqual(spans(usSsn, "536 22 1234"), [[0, 11]]);
    assert.ok(ssnRules("536221234"));
  });
  it("rejects unissued areas, zero groups/serials, samples and mixed separators", () => {
    for (const v of ["000-12-3456", "666-12-3456", "912-12-3456", "536-00-1234", "536-22-0000", "123-45-6789", "078-05-1120", "111-11-1111", "536-22.1234"]) {
      assert.equal(ssnRules(v), false, v);
    }
    assert.deepEqual(spans(usSsn, "1536-22-1234"), []);
  });
  it("context raises the score, a phone label lowers it", () => {
    assert.ok(scoreOf(usSsn, "my ssn is 536-22-1234") > scoreOf(usSsn, "ref 536-22-1234"));
    assert.ok(scoreOf(usSsn, "phone 536-22-1234") < scoreOf(usSsn, "ref 536-22-1234"));
  });
});
