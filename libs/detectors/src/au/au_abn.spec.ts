import assert from "node:assert/strict";
import { abnValid, auAbn } from "./au_abn.ts";
import { scoreOf, spans } from "../testing.ts";

describe("au/au_abn", () => {
  it("accepts numbers whose check digits pass mod 89 (the register's example, a company's ABN from its ACN)", () => {
    for (const v of ["51 824 753 556", "51824753556", "83 914 571 673", "53 004 085 616"]) assert.ok(abnValid(v), v);
  });
  it("rejects other check digits and check digits the register never issues", () => {
    assert.equal(abnValid("52 824 753 556"), false);
    assert.equal(abnValid("51 824 753 557"), false);
    // 10 and 99 check the same nine digits (the register writes 99); a leading 0 is never issued
    // (Presidio reads a leading 0 as 9: 00824754020 passes there)
    assert.ok(abnValid("99824753680"));
    assert.equal(abnValid("10824753680"), false);
    assert.equal(abnValid("00824754020"), false);
    assert.equal(abnValid("00824753586"), false);
    assert.equal(abnValid("5182475355"), false);
    assert.equal(abnValid("518247535561"), false);
  });
  it("reports the register's 2-3-3-3 layout alone, eleven plain digits with a context word only", () => {
    const alone = scoreOf(auAbn, "Supplier 51 824 753 556");
    assert.ok(alone >= 0.5 && alone < 0.7, String(alone));
    assert.ok(scoreOf(auAbn, "ABN 51 824 753 556") >= 0.9);
    const plain = scoreOf(auAbn, "ref 51824753556");
    assert.ok(plain < 0.4, String(plain));
    for (const t of ["ABN: 51824753556", "A.B.N. 51824753556", "Australian Business Number 51824753556", "<abn>51824753556</abn>"]) assert.ok(scoreOf(auAbn, t) >= 0.7, t);
  });
  it("finds the number apart from longer tokens, runs of groups and phone numbers", () => {
    assert.deepEqual(spans(auAbn, "ABN 51 824 753 556."), [[4, 18]]);
    for (const t of ["X51824753556", "518247535561", "51 824 753 5564", "1 51 824 753 556", "51 824 753 556 123", "51 824 753 556,50", "+51 824 753 556", "+51824753556", "51-824-753-556", "51 824\n753 556", "51  824 753 556"]) {
      assert.deepEqual(spans(auAbn, `ABN ${t}`), [], t);
    }
  });
  it("lowers a number labelled a phone's", () => {
    assert.ok(scoreOf(auAbn, "Phone: 51 824 753 556") < 0.4);
  });
});
