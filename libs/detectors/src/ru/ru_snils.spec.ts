import assert from "node:assert/strict";
import { ruSnils, snilsControl, snilsKind, snilsValid } from "./ru_snils.ts";
import { run, scoreOf, spans } from "../testing.ts";

describe("ru/ru_snils", () => {
  it("accepts the control number in each of its cases: below 100, 100 and 101 as 00, above 101 mod 101 (a remainder of 100 as 00)", () => {
    assert.equal(snilsControl("112233445"), 95); // Σ = 95
    assert.equal(snilsControl("001508815"), 0); // Σ = 100
    assert.equal(snilsControl("001437544"), 0); // Σ = 101
    assert.equal(snilsControl("002569961"), 49); // Σ = 150
    assert.equal(snilsControl("006996682"), 0); // Σ = 201: remainder 100
    assert.equal(snilsControl("298795994"), 0); // Σ = 302: remainder 100
    assert.equal(snilsControl("123456789"), 64); // Σ = 165
    for (const d of ["11223344595", "00150881500", "00143754400", "00256996149", "00699668200", "29879599400", "12345678964"]) assert.ok(snilsValid(d), d);
    assert.deepEqual(spans(ruSnils, "СНИЛС 112-233-445 95 и 123-456-789 64"), [[6, 20], [23, 37]]);
    assert.equal(run(ruSnils, "112-233-445 95")[0]!.validation, "snils_mod101");
  });

  it("rejects a wrong control number, and 100 or 101 written out", () => {
    for (const c of ["00", "01", "94", "96"]) assert.equal(snilsValid(`112233445${c}`), false, c);
    assert.equal(snilsValid("00150881510"), false); // Σ = 100 is 00, not "10" ...
    assert.equal(snilsValid("00143754401"), false); // ... Σ = 101 is 00, not "01"
    assert.equal(snilsValid("00699668299"), false); // remainder 100 is 00
    assert.deepEqual(spans(ruSnils, "112-233-445 00 112-233-445 01 11223344594 001-508-815 10"), []);
  });

  it("checks no control number up to account 001-001-998 (issued before it), and never accepts account 000-000-000", () => {
    assert.equal(snilsKind("00100199817"), "unchecked");
    assert.equal(snilsKind("00100100123"), "unchecked");
    assert.equal(snilsKind("00100199917"), null); // 001-001-999 is checked: its control number is 65
    assert.equal(snilsKind("00100199965"), "checked");
    assert.equal(snilsKind("00000000000"), null);
    assert.equal(snilsKind("1122334459"), null);
    assert.equal(snilsKind("112233445951"), null);
    assert.equal(run(ruSnils, "001-001-998 17")[0]!.validation, "snils_unchecked");
  });

  it("rejects other separators, mixed groupings and numbers glued to longer tokens", () => {
    assert.deepEqual(spans(ruSnils, "112.233.445 95 112/233/445 95 112-233-445  95 112-233 445 95 112 233-445 95 112-233-44595 1122-33-445 95"), []);
    assert.deepEqual(spans(ruSnils, "1112-233-445 95 112-233-445 951 x112-233-445 95 112-233-445 95x 112-233-445 95-3 5-112-233-445 95"), []);
    assert.deepEqual(spans(ruSnils, "111223344595 1122334459 a11223344595 11223344595b"), []);
  });

  it("reports the printed shape 123-456-789 01 alone, every other writing only with a label", () => {
    const alone = scoreOf(ruSnils, "112-233-445 95");
    assert.ok(alone >= 0.5 && alone < 0.7, String(alone));
    assert.equal(scoreOf(ruSnils, "112-233-445\u00a095"), alone);
    for (const t of ["11223344595", "112-233-445-95", "112 233 445 95"]) assert.ok(scoreOf(ruSnils, t) < 0.4, t);
    assert.ok(scoreOf(ruSnils, "001-001-998 17") < 0.4);
  });

  it("context lifts it: in Russian in several forms, in English, from the column header; an order's label lowers it", () => {
    assert.ok(scoreOf(ruSnils, "СНИЛС: 112-233-445 95") >= 0.9);
    assert.equal(scoreOf(ruSnils, "СНИЛС: 11223344595"), 0.65);
    assert.equal(scoreOf(ruSnils, "номер СНИЛСа 112-233-445-95"), 0.65);
    assert.equal(scoreOf(ruSnils, "Страховой номер индивидуального лицевого счёта 112 233 445 95"), 0.65);
    assert.equal(scoreOf(ruSnils, "копия страхового свидетельства 11223344595"), 0.65);
    assert.equal(scoreOf(ruSnils, "SNILS 11223344595"), 0.65);
    assert.equal(scoreOf(ruSnils, "11223344595", "СНИЛС"), 0.65);
    assert.ok(scoreOf(ruSnils, "снилс 001-001-998 17") >= 0.4);
    // "лицевой счёт" alone is a utility bill's or a bank's account
    assert.equal(scoreOf(ruSnils, "лицевой счёт 11223344595"), 0.3);
    assert.deepEqual(spans(ruSnils, "номер заказа 11223344595"), []);
  });
});
