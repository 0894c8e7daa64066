import assert from "node:assert/strict";
import { eePersonalCode, eePersonalCodeCheck, eePersonalCodeValid } from "./ee_personal_code.ts";
import { scoreOf, spans } from "../testing.ts";

describe("eu/ee_personal_code", () => {
  it("accepts a real birth date with the right check digit in each century, the second weighting included", () => {
    // 25 Feb 1971 (Presidio's), 1 Jan 1990, 29 Feb 2000 (a leap year), 15 Apr 2012, 31 Dec 2001, 31 Dec 1891, 1 Jan 1899
    for (const v of ["37102250382", "49001010001", "60002291230", "51204150128", "60112310004", "18912310017", "29901010004"]) assert.ok(eePersonalCodeValid(v), v);
    // Σ × 1…9,1 is 10 mod 11: the check digit is Σ × 3…9,1,2,3 mod 11 (8), and 0 when that is 10 too.
    assert.equal(eePersonalCodeCheck("3900101023"), 8);
    assert.ok(eePersonalCodeValid("39001010238"));
    assert.equal(eePersonalCodeValid("39001010230"), false);
    assert.ok(eePersonalCodeValid("39001010590"));
    assert.deepEqual(spans(eePersonalCode, "isikukood 37102250382, ka 49001010001"), [[10, 21], [26, 37]]);
  });

  it("rejects a wrong check digit, impossible or future dates and first digits of no century", () => {
    assert.equal(eePersonalCodeValid("37102250383"), false);
    assert.equal(eePersonalCodeValid("37132250382"), false); // month 13
    assert.equal(eePersonalCodeValid("48802300017"), false); // 30 February
    assert.equal(eePersonalCodeValid("48804310012"), false); // 31 April
    assert.equal(eePersonalCodeValid("30002290000"), false); // 29 Feb 1900 (no leap year) ...
    assert.equal(eePersonalCodeValid("60502291233"), false); // ... nor 2005
    assert.equal(eePersonalCodeValid("37100250384"), false); // day 0
    // born after today: none issued yet
    assert.equal(eePersonalCodeValid("62601011233", new Date(Date.UTC(2025, 11, 31))), false);
    assert.ok(eePersonalCodeValid("62601011233", new Date(Date.UTC(2026, 0, 1))));
    assert.equal(eePersonalCodeValid("63001011239", new Date(Date.UTC(2026, 10, 27))), false);
    // 0 and 9 give no century, 7 and 8 (the 2100s) have no holder: the check digit is right for each
    for (const g of ["0", "7", "8", "9"]) {
      const v = `${g}710225038`;
      assert.equal(eePersonalCodeValid(v + eePersonalCodeCheck(v)), false, g);
    }
    assert.deepEqual(spans(eePersonalCode, "isikukood 37102250383 37132250382 99999999999 48802300017"), []);
  });

  it("rejects codes glued to a longer token, after a plus, or with separators", () => {
    assert.deepEqual(spans(eePersonalCode, "137102250382 371022503821 x37102250382 37102250382x 5-37102250382 37102250382-5"), []);
    assert.deepEqual(spans(eePersonalCode, "tel +37102250382, /id/37102250382"), []);
    assert.deepEqual(spans(eePersonalCode, "371022-50382 371 0225 0382 3710225.0382"), []);
  });

  it("reports a code of the 1900s or 2000s alone, raises it with Estonian, English or Russian context and lowers it with a phone word", () => {
    const alone = scoreOf(eePersonalCode, "37102250382");
    assert.ok(alone >= 0.5 && alone < 0.7, String(alone));
    for (const t of ["Isikukood: 37102250382", "isikukoodiga 37102250382", "Personal identification code 37102250382", "Личный код: 37102250382"]) {
      assert.ok(scoreOf(eePersonalCode, t) >= 0.85, t);
    }
    assert.ok(scoreOf(eePersonalCode, "Telefon 37102250382") < 0.4);
    // (Dutch "ik", "I", is no context: a Chinese mobile number in a Dutch sentence stays unreported)
    assert.ok(scoreOf(eePersonalCode, "ik bel 18912310017 morgen") < 0.4);
  });

  it("needs a context word for a code of the 1800s (China's and North America's phone numbers start with 1)", () => {
    assert.ok(scoreOf(eePersonalCode, "18912310017") < 0.4);
    assert.ok(scoreOf(eePersonalCode, "isikukood 18912310017") >= 0.5);
    assert.ok(scoreOf(eePersonalCode, "18912310017", "Isikukood") >= 0.5); // a column header
  });
});
