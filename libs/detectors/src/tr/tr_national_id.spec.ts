import assert from "node:assert/strict";
import { locator } from "@filescan/contracts";
import { detect } from "../index.ts";
import { tcknValid, trNationalId } from "./tr_national_id.ts";
import { run, scoreOf, spans } from "../testing.ts";

/** The reported findings of the whole registry: type and score. */
const reported = (text: string) => detect([{ text, source: "text", locator: locator() }], { ner: false }).map((f) => `${f.type} ${f.score}`);

describe("tr/tr_national_id", () => {
  it("accepts both check digits right, a foreign resident's 99… and a 10th digit from a negative difference", () => {
    // Presidio's vectors; 99… (YKN); odd sum 1, even sum 36: 7 − 36 = −29, so d10 is 1 (not −9)
    for (const v of ["10000000146", "76543210794", "36493665440", "53857632436", "94357219628", "79059236630", "64625294480", "99012345698", "19090909018"]) {
      assert.ok(tcknValid(v), v);
    }
    assert.deepEqual(spans(trNationalId, "TC Kimlik No: 36493665440, eşi 76543210794"), [[14, 25], [31, 42]]);
    assert.equal(run(trNationalId, "TCKN 36493665440")[0]!.validation, "tckn_checksum");
  });

  it("rejects a wrong 10th or 11th digit, a first digit 0 and the stock filler", () => {
    assert.equal(tcknValid("36493665451"), false); // 10th wrong (the 11th the sum of the ten before it)
    assert.equal(tcknValid("36493665441"), false); // 11th wrong
    assert.equal(tcknValid("19090909098"), false); // d10 as −29 mod 10 read as 9
    assert.equal(tcknValid("03649366568"), false); // both check digits right, but a first digit 0
    assert.equal(tcknValid("01234567840"), false);
    // nine 1s: both check digits pass (1, then 0), but it is no one's number
    assert.equal(tcknValid("11111111110"), false);
    assert.equal(tcknValid("3649366544"), false);
    assert.equal(tcknValid("364936654400"), false);
    assert.deepEqual(spans(trNationalId, "TCKN 36493665451 36493665441 03649366568 11111111110"), []);
  });

  it("rejects numbers glued to a longer token, after a plus, or written with separators", () => {
    assert.deepEqual(spans(trNationalId, "TCKN 136493665440 364936654401 x36493665440 36493665440x 5-36493665440 36493665440.5"), []);
    assert.deepEqual(spans(trNationalId, "TCKN +36493665440"), []);
    assert.deepEqual(spans(trNationalId, "TCKN 364 936 654 40, 364-936-654-40, 36493.665440"), []);
  });

  it("needs a label alone (one random number in a hundred passes) and takes one in Turkish, suffixed or in capitals, or English", () => {
    const alone = scoreOf(trNationalId, "36493665440");
    assert.equal(alone, 0.3);
    for (const t of [
      "TC Kimlik No: 36493665440", "T.C. Kimlik No 36493665440", "TCKN: 36493665440", "TC No: 36493665440",
      "Kimlik numaranız 36493665440 olarak kaydedildi", "TC numarasını 36493665440 olarak girin", "Kimliği 36493665440",
      "TC KİMLİK NO: 36493665440", "T.C. KİMLİK NUMARASI: 36493665440", "Vatandaşlık numarası: 36493665440", "Nüfus cüzdanı no 36493665440",
      "tc_kimlik_no=36493665440", "tcKimlikNo: 36493665440", "Turkish ID number 36493665440", "National identification number: 36493665440",
    ]) assert.equal(scoreOf(trNationalId, t), 0.65, t);
    assert.equal(scoreOf(trNationalId, "36493665440", "TC Kimlik No"), 0.65); // a column header
    // (not "tc" alone: Linux's traffic control, "tc qdisc", is no label)
    assert.equal(scoreOf(trNationalId, "tc 36493665440"), 0.3);
  });

  it("lets another label lower it: an order number, another country's number", () => {
    // alone, to nothing; beside a TCKN label, below the threshold
    assert.deepEqual(spans(trNationalId, "order 36493665440"), []);
    assert.deepEqual(spans(trNationalId, "Sipariş no: 36493665440"), []);
    assert.equal(scoreOf(trNationalId, "Sipariş numarası 36493665440 (TC kimlik no ile)"), 0.35);
    assert.equal(scoreOf(trNationalId, "PESEL albo TC kimlik no: 36493665440"), 0.35);
  });

  it("resolves eleven digits valid under another scheme too by the label next to them", () => {
    // 15051023052: a PESEL (10 May 1915) and a TCKN; 57872816598: a CPF and a TCKN; 42704209884:
    // an Estonian code (9 April 1927) and a TCKN; 51462930886: a German tax id and a TCKN
    assert.ok(["15051023052", "57872816598", "42704209884", "51462930886"].every(tcknValid));
    assert.deepEqual(reported("x 15051023052"), []);
    assert.deepEqual(reported("PESEL: 15051023052"), ["PL_PESEL 0.85"]);
    assert.deepEqual(reported("TC Kimlik No: 15051023052"), ["TR_NATIONAL_ID 0.65"]);
    assert.deepEqual(reported("x 57872816598"), []);
    assert.deepEqual(reported("CPF: 57872816598"), ["BR_CPF 0.65"]);
    assert.deepEqual(reported("TCKN: 57872816598"), ["TR_NATIONAL_ID 0.65"]);
    assert.deepEqual(reported("x 42704209884"), ["ET_IK 0.5"]);
    assert.deepEqual(reported("Isikukood: 42704209884"), ["ET_IK 0.85"]);
    assert.deepEqual(reported("Turkish ID 42704209884"), ["TR_NATIONAL_ID 0.65"]);
    assert.deepEqual(reported("Steuer-ID: 51462930886"), ["DE_TAX_ID 0.8"]);
    assert.deepEqual(reported("Kimlik No: 51462930886"), ["TR_NATIONAL_ID 0.65"]);
  });
});
