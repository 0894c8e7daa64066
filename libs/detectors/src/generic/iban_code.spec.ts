import assert from "node:assert/strict";
import { countrySpecs, validateIBAN, ValidationErrorsIBAN } from "ibantools";
import { ibanCode, ibanVerdict } from "./iban_code.ts";
import { rng, spans } from "../testing.ts";

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
  it("gives ibantools' validateIBAN verdict on every country's IBANs and on their mistypings", () => {
    const next = rng(97);
    const pick = (chars: string) => chars[Math.floor(next() * chars.length)]!;
    const ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const theirs = (iban: string) => {
      const v = validateIBAN(iban);
      return v.valid ? "valid" : v.errorCodes.every((c) => c === ValidationErrorsIBAN.WrongAccountBankBranchChecksum) ? "national" : false;
    };
    const tally = { valid: 0, national: 0, false: 0 };
    for (const [country, spec] of Object.entries(countrySpecs)) {
      if (!spec.chars) continue;
      for (let k = 0; k < 300; k++) {
        // a BBAN of the country's length, digits mostly, then its check digits made right (or not)
        let bban = "";
        for (let i = 4; i < spec.chars; i++) bban += next() < 0.8 ? pick("0123456789") : pick(ALNUM);
        let r = 0;
        for (const c of `${bban}${country}00`) r = c >= "A" ? (r * 100 + c.charCodeAt(0) - 55) % 97 : (r * 10 + Number(c)) % 97;
        const check = next() < 0.7 ? String(98 - r).padStart(2, "0") : pick("0123456789") + pick("0123456789");
        let iban = `${country}${check}${bban}`;
        if (next() < 0.2) {
          const at = Math.floor(next() * iban.length);
          iban = iban.slice(0, at) + pick(ALNUM) + iban.slice(at + 1);
        }
        if (next() < 0.05) iban = iban.slice(0, -1);
        const want = theirs(iban);
        assert.equal(ibanVerdict(iban), want, iban);
        tally[String(want) as keyof typeof tally]++;
      }
    }
    // (every verdict is among those compared)
    assert.ok(tally.valid > 1000 && tally.national > 100 && tally.false > 1000, JSON.stringify(tally));
  });
});
