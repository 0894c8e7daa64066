import assert from "node:assert/strict";
import { ibanCode } from "./iban_code.ts";
import { spans } from "../testing.ts";

describe("generic/iban_code", () => {
  it("finds IBANs compact and grouped, stopping at the country's length", () => {
    assert.deepEqual(spans(ibanCode, "IBAN: DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX"), [[6, 33]]);
    assert.deepEqual(spans(ibanCode, "GB29NWBK60161331926819"), [[0, 22]]);
    assert.deepEqual(spans(ibanCode, "FR14-2004-1010-0505-0001-3M02-606"), [[0, 33]]);
  });
  it("rejects wrong check digits, wrong lengths, unknown countries and bad BBAN formats", () => {
    assert.deepEqual(spans(ibanCode, "DE89 3704 0044 0532 0130 01"), []);
    assert.deepEqual(spans(ibanCode, "DE89 3704 0044 0532 0130 0"), []);
    assert.deepEqual(spans(ibanCode, "DE89370400440532013000123"), []);
    assert.deepEqual(spans(ibanCode, "QQ89370400440532013000"), []);
    assert.deepEqual(spans(ibanCode, "NL91 1BNA 0417 1643 00"), []);
  });
  it("keeps an IBAN whose mod-97 holds but whose national check digits fail, a little less sure", () => {
    // ES: mod-97 valid, the bank/branch control digits ("91" → "00") wrong
    const ok = ibanCode.find!("ES91 2100 0418 4502 0005 1332");
    const national = ibanCode.find!("ES35 0090 0003 3910 0150 0163");
    assert.deepEqual(ok.map((c) => [c.score, c.validation]), [[1, "mod97"]]);
    assert.deepEqual(national.map((c) => [c.score, c.validation]), [[0.8, "mod97_national_check_failed"]]);
  });
});
