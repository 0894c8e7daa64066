import assert from "node:assert/strict";
import { nricCheckLetter, sgNric } from "./sg_nric.ts";
import { spans } from "../testing.ts";

describe("sg/sg_nric", () => {
  it("computes check letters for every series", () => {
    assert.equal(nricCheckLetter("S", "1234567"), "D");
    assert.equal(nricCheckLetter("T", "1234567"), "J");
    assert.equal(nricCheckLetter("G", "1234567"), "X");
    assert.equal(nricCheckLetter("M", "4332674"), "T");
    assert.deepEqual(spans(sgNric, "NRIC S1234567D and FIN G1234567X"), [[5, 14], [23, 32]]);
  });
  it("rejects a wrong letter and other prefixes", () => {
    assert.deepEqual(spans(sgNric, "S1234567A A1234567D T1234567Z"), []);
  });
  it("takes no mixed-case file name for an NRIC (seen in JDK test logs)", () => {
    assert.equal(nricCheckLetter("T", "8169345"), "A");
    assert.deepEqual(spans(sgNric, "Passed: tools/javac/8169345/T8169345a.java"), []);
    assert.deepEqual(spans(sgNric, "NRIC T8169345A"), [[5, 14]]);
  });
});
