import assert from "node:assert/strict";
import { cprBirthYear, cprMod11, dkCprNumber, dkCprValid } from "./dk_cpr_number.ts";
import { scoreOf, spans } from "../testing.ts";

describe("eu/dk_cpr_number", () => {
  it("reads the century from the year and the serial's first digit", () => {
    assert.equal(cprBirthYear(90, 0), 1990);
    assert.equal(cprBirthYear(10, 3), 1910);
    assert.equal(cprBirthYear(36, 4), 2036);
    assert.equal(cprBirthYear(37, 4), 1937);
    assert.equal(cprBirthYear(5, 9), 2005);
    assert.equal(cprBirthYear(57, 5), 2057);
    assert.equal(cprBirthYear(58, 8), 1858);
  });

  it("accepts a real date in that century, with or without the modulus-11 control", () => {
    for (const v of ["010190-0002", "0101900002", "2902040008", "0101900000", "010190-0000", "290200-4001", "0101588009", "010137-4009"]) assert.ok(dkCprValid(v), v);
    assert.ok(cprMod11("0101900002"));
    assert.equal(cprMod11("0101900000"), false);
  });

  it("rejects impossible dates in the serial's century, future births and other shapes", () => {
    assert.equal(dkCprValid("290200-0002"), false); // 29 Feb 1900 (serial 0–3: the 1900s) ...
    assert.ok(dkCprValid("290200-4001")); // ... though 29 Feb 2000 (serial 4, year 00) is real
    assert.equal(dkCprValid("2902030002"), false); // 29 Feb 1903
    assert.equal(dkCprValid("011390-0000"), false); // month 13
    assert.equal(dkCprValid("320190-0000"), false); // day 32
    assert.equal(dkCprValid("310490-0000"), false); // 31 April
    assert.equal(dkCprValid("010130-4000", new Date(Date.UTC(2026, 10, 27))), false); // 1 Jan 2030: not born yet
    assert.ok(dkCprValid("010130-3004")); // 1 Jan 1930
    assert.equal(dkCprValid("010190 0002"), false);
    assert.equal(dkCprValid("01019-00002"), false);
    assert.deepEqual(spans(dkCprNumber, "CPR 010190 0002, 01019-00002, 0101-900002, 010190/0002, 011390-0000"), []);
  });

  it("rejects numbers glued to a longer token or after a plus", () => {
    assert.deepEqual(spans(dkCprNumber, "CPR 1010190-0002 010190-00021 x010190-0002 010190-0002x 010190-0002-1 120000101900021234"), []);
    assert.deepEqual(spans(dkCprNumber, "CPR +0101900002 cpr/0101900002"), []);
  });

  it("needs a context word, the dashed form and the control scoring higher", () => {
    assert.ok(scoreOf(dkCprNumber, "010190-0002") < 0.4);
    assert.ok(scoreOf(dkCprNumber, "0101900002") < 0.4);
    const dashed = scoreOf(dkCprNumber, "CPR-nr.: 010190-0002");
    const noControl = scoreOf(dkCprNumber, "CPR-nr.: 010190-0000");
    const plain = scoreOf(dkCprNumber, "CPR-nr.: 0101900000");
    assert.ok(dashed >= 0.65, String(dashed));
    assert.ok(noControl >= 0.55 && noControl < dashed, String(noControl));
    assert.ok(plain >= 0.4 && plain < noControl, String(plain));
    assert.ok(scoreOf(dkCprNumber, "Personnummer 010190-0002") >= 0.65);
    // a phone or account word near it lowers it
    assert.ok(scoreOf(dkCprNumber, "CPR-nr.: 010190-0002, kontonummer") < dashed);
  });
});
