import assert from "node:assert/strict";
import { thaiProvinceCode, thTnin, thTninValid } from "./th_tnin.ts";
import { run, scoreOf, spans } from "../testing.ts";

describe("th/th_tnin", () => {
  it("accepts categories 1–8 with a province code and the mod-11 check digit (both check digits of the wrap: 0 and 1)", () => {
    // Presidio's, then Bangkok (check digit 0: Σ mod 11 = 1), Khon Kaen (check digit 1 from Σ mod 11 = 0 and
    // from 10), Songkhla, Ranong, Chanthaburi, Lampang
    for (const d of ["1234567890121", "2345678901234", "4567890123459", "5678901234560", "1101700203450", "3401200010061", "3401200010001", "3900100123453", "8850010001113", "6220100123454", "7520100123450"]) {
      assert.ok(thTninValid(d), d);
    }
    assert.deepEqual(spans(thTnin, "เลขประจำตัวประชาชน 1101700203450, 1-1017-00203-45-0 และ 1 1017 00203 45 0"), [[19, 32], [34, 51], [56, 73]]);
    assert.equal(run(thTnin, "1-1017-00203-45-0")[0]!.validation, "tnin_mod11");
  });

  it("rejects a wrong check digit, categories 0 and 9, and codes no province has", () => {
    for (let c = 1; c <= 9; c++) assert.equal(thTninValid(`110170020345${c}`), false, String(c));
    assert.equal(thTninValid("1234567890123"), false);
    // each with its own check digit right: only the category or the province fails
    assert.equal(thTninValid("0101700203451"), false); // category 0 (a company's tax number)
    assert.equal(thTninValid("9101700203455"), false); // no category 9
    assert.equal(thTninValid("1001700203451"), false); // province 00
    assert.equal(thTninValid("1281700203459"), false); // 28
    assert.equal(thTninValid("1591700203456"), false); // 59
    assert.equal(thTninValid("1871700203453"), false); // 87
    assert.equal(thTninValid("1971700203452"), false); // 97
    for (const [code, ok] of [[10, true], [27, true], [28, false], [49, true], [58, true], [59, false], [67, true], [68, false], [77, true], [78, false], [86, true], [87, false], [96, true], [97, false], [9, false]] as const) {
      assert.equal(thaiProvinceCode(code), ok, String(code));
    }
    assert.deepEqual(spans(thTnin, "1101700203451 1-1017-00203-45-1 0101700203451 9-1017-00203-45-5 1-0017-00203-45-1"), []);
  });

  it("rejects other lengths, mixed or other separators, other groupings and numbers glued to longer tokens", () => {
    assert.deepEqual(spans(thTnin, "110170020345 11017002034500 1-1017 00203-45-0 1.1017.00203.45.0 1/1017/00203/45/0 11-017-00203-45-0 1-10170-0203-45-0"), []);
    assert.deepEqual(spans(thTnin, "21101700203450 11017002034502 x1101700203450 1101700203450x 3-1101700203450 1101700203450-2 1-1017-00203-45-0-7 9-1-1017-00203-45-0"), []);
    // a stretch of a longer row of numbers
    assert.deepEqual(spans(thTnin, "9 1 1017 00203 45 0"), []);
    assert.deepEqual(spans(thTnin, "1 1017 00203 45 0 7"), []);
  });

  it("reports the card's grouping alone (dashed above spaced), plain digits only with a label", () => {
    assert.equal(scoreOf(thTnin, "1-1017-00203-45-0"), 0.6);
    assert.equal(scoreOf(thTnin, "1 1017 00203 45 0"), 0.5);
    assert.equal(scoreOf(thTnin, "1101700203450"), 0.3);
  });

  it("context lifts it: in Thai (glued labels as written), in English, from the column header", () => {
    assert.equal(scoreOf(thTnin, "เลขประจำตัวประชาชน: 1101700203450"), 0.65);
    assert.equal(scoreOf(thTnin, "บัตรประชาชนเลขที่ 1101700203450"), 0.65);
    assert.equal(scoreOf(thTnin, "หมายเลขบัตรประชาชน 1101700203450"), 0.65);
    assert.equal(scoreOf(thTnin, "บัตร ปชช. 1101700203450"), 0.65);
    // a label run into the sentence, as Thai writes it: "my national ID number is ..."
    assert.equal(scoreOf(thTnin, "เลขประจำตัวประชาชนของผมคือ 1101700203450"), 0.65);
    assert.equal(scoreOf(thTnin, "กรุณากรอกเลขบัตรประชาชนของท่าน 1101700203450"), 0.65);
    assert.equal(scoreOf(thTnin, "เลขประจำตัวประชาชน\nIdentification Number\n1 1017 00203 45 0"), 0.85);
    assert.equal(scoreOf(thTnin, "Thai national ID 1-1017-00203-45-0"), 0.95);
    assert.equal(scoreOf(thTnin, "citizen ID number 1101700203450"), 0.65);
    assert.equal(scoreOf(thTnin, "1101700203450", "National ID"), 0.65);
  });

  it("does not report alone a millisecond timestamp or a Thai EAN-13 that pass every check", () => {
    // 2024-05-31T16:08:37.137Z: category 1, province 71, check digit 7
    assert.ok(thTninValid("1717171717137"));
    assert.equal(scoreOf(thTnin, "created 1717171717137"), 0.3);
    assert.deepEqual(spans(thTnin, "timestamp: 1717171717137"), []);
    // GS1 prefix 885 (Thailand) with its EAN check digit 3: category 8, province 85
    assert.ok(thTninValid("8850010001113"));
    assert.equal(scoreOf(thTnin, "8850010001113"), 0.3);
    assert.deepEqual(spans(thTnin, "barcode 8850010001113"), []);
    assert.equal(scoreOf(thTnin, "บาร์โค้ด 1-1017-00203-45-0"), 0.3);
  });
});
