import assert from "node:assert/strict";
import { krRrn, rrnBirthDate, rrnValid } from "./kr_rrn.ts";
import { run, scoreOf, spans } from "../testing.ts";

describe("kr/kr_rrn", () => {
  it("accepts a real birth date, gender digit and check digit, in either century", () => {
    for (const d of ["8503151052411", "0002293048177", "9912312715306", "2001013950288", "9601211021413"]) assert.ok(rrnValid(d), d);
    assert.deepEqual(spans(krRrn, "주민등록번호: 850315-1052411"), [[8, 22]]);
    // dashed and checked: reported alone
    assert.equal(scoreOf(krRrn, "850315-1052411"), 0.7);
    assert.equal(run(krRrn, "850315-1052411")[0]!.validation, "rrn_checksum");
  });

  it("rejects impossible dates, gender digits other than 1–4, and runs glued to longer numbers", () => {
    assert.equal(rrnBirthDate("0002291048171"), false); // 29 February 1900 (its check digit passes)
    assert.equal(rrnBirthDate("9602301021413"), false);
    assert.equal(rrnBirthDate("0013321234567"), false);
    for (const g of "05690") assert.equal(rrnBirthDate(`850315${g}052411`), false, g);
    assert.deepEqual(spans(krRrn, "000229-1048171"), []);
    assert.deepEqual(spans(krRrn, "850315-5052411"), []);
    assert.deepEqual(spans(krRrn, "111111-1111111"), []); // 11 November 1911, but a filler
    assert.deepEqual(spans(krRrn, "1850315-1052411 850315-10524110 850315-1052411-2 A850315-1052411 8503151052411 2"), [[65, 78]]);
  });

  it("keeps a failing check digit (numbers since October 2020) or region code above 95 below the threshold alone", () => {
    assert.equal(rrnValid("8503151052412"), false);
    assert.equal(rrnValid("9601211961412"), false); // region 96, though the check digit passes
    assert.equal(scoreOf(krRrn, "850315-1052412"), 0.2);
    assert.equal(scoreOf(krRrn, "960121-1961412"), 0.2);
    assert.equal(scoreOf(krRrn, "8503151052412"), 0.1);
    assert.equal(run(krRrn, "850315-1052412")[0]!.validation, "rrn_birth_date");
  });

  it("context lifts it: in Korean, in English, and from the column header", () => {
    assert.equal(scoreOf(krRrn, "8503151052411"), 0.3);
    assert.equal(scoreOf(krRrn, "주민등록번호: 8503151052411"), 0.65);
    assert.equal(scoreOf(krRrn, "주민번호는 850315-1052412"), 0.55);
    // (a particle glued to the label: "the resident registration number (object) ... entered")
    assert.equal(scoreOf(krRrn, "주민등록번호를 입력하세요: 8503151052411"), 0.65);
    assert.equal(scoreOf(krRrn, "고객의 주민등록번호가 8503151052411 입니다"), 0.65);
    assert.equal(scoreOf(krRrn, "resident registration number 850315-1052411"), 1);
    assert.equal(scoreOf(krRrn, "8503151052412", "RRN"), 0.45);
  });

  it("does not report alone a millisecond timestamp or a Korean EAN-13 that pass every check", () => {
    // 2024-01-13T13:16:47.396Z; read as 15 May 1917, male, region 80, check digit 6
    assert.ok(rrnValid("1705151807396"));
    assert.ok(scoreOf(krRrn, "created 1705151807396") < 0.4);
    assert.deepEqual(spans(krRrn, "timestamp: 1705151807396"), []);
    // GS1 prefix 880 (Korea), EAN check digit 8; read as 15 January 1988
    assert.ok(rrnValid("8801151000138"));
    assert.ok(scoreOf(krRrn, "8801151000138") < 0.4);
    assert.deepEqual(spans(krRrn, "barcode 8801151000138"), []);
  });
});
