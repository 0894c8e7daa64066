import assert from "node:assert/strict";
import { itinRules, usItin } from "./us_itin.ts";
import { scoreOf, spans } from "../testing.ts";

describe("us/us_itin", () => {
  it("accepts 9XX numbers with an ITIN group", () => {
    assert.deepEqual(spans(usItin, "ITIN 912-78-1234"), [[5, 16]]);
    assert.ok(itinRules("912941234") && itinRules("912501234") && itinRules("912991234"));
  });
  it("rejects groups outside the ITIN ranges and non-9 starts", () => {
    for (const v of ["912-89-1234", "912-93-1234", "912-49-1234", "812-78-1234", "912-78.1234"]) assert.equal(itinRules(v), false, v);
  });
  it("context raises the score", () => {
    assert.ok(scoreOf(usItin, "taxpayer id 912-78-1234") > scoreOf(usItin, "912-78-1234"));
  });
  it("takes no input mask for an ITIN (pdf.js)", () => {
    assert.deepEqual(spans(usItin, 'case 3: formatStr = "999-99-9999"; break;'), []);
  });
});
