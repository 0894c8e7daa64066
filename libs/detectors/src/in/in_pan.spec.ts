import assert from "node:assert/strict";
import { inPan } from "./in_pan.ts";
import { run, scoreOf, spans } from "../testing.ts";

describe("in/in_pan", () => {
  it("scores a valid holder type higher than an unknown one", () => {
    assert.deepEqual(spans(inPan, "PAN ABCPE1234F"), [[4, 14]]);
    assert.ok(scoreOf(inPan, "ABCPE1234F") > scoreOf(inPan, "ABCXE1234F"));
    assert.ok(scoreOf(inPan, "PAN card: ABCPE1234F") >= 0.8);
  });
  it("rejects other shapes", () => {
    assert.equal(run(inPan, "ABCD1234 abcpe1234f ABCPE12345").length, 0);
  });
});
