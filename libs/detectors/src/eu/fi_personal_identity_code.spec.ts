import assert from "node:assert/strict";
import { fiPersonalIdentityCode, fiPersonalIdentityCodeValid } from "./fi_personal_identity_code.ts";
import { scoreOf, spans } from "../testing.ts";

describe("eu/fi_personal_identity_code", () => {
  it("accepts a real birth date with the right control character, in every century and with the 2023 signs", () => {
    // DVV's own example, then the 1800s, a leap day of 2004, the new 1900s and 2000s signs, a temporary number.
    for (const v of ["131052-308T", "010100+002H", "290204A234W", "311299Y8997", "150701B412V", "280222F900C"]) assert.ok(fiPersonalIdentityCodeValid(v), v);
    assert.deepEqual(spans(fiPersonalIdentityCode, "hetu 131052-308T ja 150701B412V"), [[5, 16], [20, 31]]);
  });
  it("rejects a wrong control character, an impossible date in its century and unissued individual numbers", () => {
    assert.equal(fiPersonalIdentityCodeValid("131052-308U"), false);
    assert.equal(fiPersonalIdentityCodeValid("290200+1239"), false); // 29 Feb 1800 (no leap year) ...
    assert.ok(fiPersonalIdentityCodeValid("290200A1239")); // ... though 29 Feb 2000 is
    assert.equal(fiPersonalIdentityCodeValid("310494-123E"), false); // 31 April
    assert.equal(fiPersonalIdentityCodeValid("291300-1235"), false); // month 13
    assert.equal(fiPersonalIdentityCodeValid("000594-1238"), false); // day 0
    assert.equal(fiPersonalIdentityCodeValid("010594-001Y"), false); // 001 and 000 are never issued
    assert.equal(fiPersonalIdentityCodeValid("010594-000X"), false);
    assert.deepEqual(spans(fiPersonalIdentityCode, "131052-308U 310494-123E 010594-001Y"), []);
  });
  it("rejects other century signs, lower case and codes glued to a longer token", () => {
    assert.equal(fiPersonalIdentityCodeValid("131052G308T"), false);
    assert.deepEqual(spans(fiPersonalIdentityCode, "131052G308T 131052Z308T 131052/308T 150701b412V 131052-308t"), []);
    assert.deepEqual(spans(fiPersonalIdentityCode, "1131052-308T 131052-308T1 x131052-308T 131052-308TX 131052-308T-5"), []);
  });
  it("is not reported under a Danish CPR label, where a CPR number of the same shape passes its check once in 31 (bench/detect/ids.ts)", () => {
    assert.ok(fiPersonalIdentityCodeValid("030912-4006"));
    assert.ok(scoreOf(fiPersonalIdentityCode, "CPR-nr.: 030912-4006") < 0.4);
    assert.ok(scoreOf(fiPersonalIdentityCode, "Navn: Freja Nielsen   CPR-nummer: 030912-4006") < 0.4);
    assert.ok(scoreOf(fiPersonalIdentityCode, "030912-4006") >= 0.4, "alone it stays a Finnish code");
  });
  it("reports a valid code alone and raises it with a context word", () => {
    const alone = scoreOf(fiPersonalIdentityCode, "131052-308T");
    assert.ok(alone >= 0.5 && alone < 0.7, String(alone));
    assert.ok(scoreOf(fiPersonalIdentityCode, "Henkilötunnus: 131052-308T") >= 0.85);
    assert.ok(scoreOf(fiPersonalIdentityCode, "Personal identity code 131052-308T") > alone);
  });
});
