import assert from "node:assert/strict";
import { ruPassport, ruPassportSeriesValid, ruPassportValid } from "./ru_passport.ts";
import { run, scoreOf, spans } from "../testing.ts";

describe("ru/ru_passport", () => {
  it("finds the series and number as written: spaced, with № or номер between, and as ten digits", () => {
    const t = "паспорт 45 08 123456; 4508 123456; 4508 № 123456; 45 08 №123456; 4508 номер 123456; 4508, Номер 123456; 4508123456";
    const found = spans(ruPassport, t).map(([a, b]) => t.slice(a, b));
    assert.deepEqual(found, ["45 08 123456", "4508 123456", "4508 № 123456", "45 08 №123456", "4508 номер 123456", "4508, Номер 123456", "4508123456"]);
    assert.equal(run(ruPassport, "паспорт 4508 123456")[0]!.validation, "passport_series");
  });

  it("checks the series: a region's OKATO code and the blank's year (1997 to this year)", () => {
    const in2026 = new Date(Date.UTC(2026, 5, 1));
    // Moscow, St Petersburg, Bashkortostan, Crimea, Jewish AO; 1997–1999 and 2000–2026
    for (const s of ["4508", "4097", "8003", "3515", "9999", "4500", "4526"]) assert.ok(ruPassportSeriesValid(s, in2026), s);
    // no region 00, 02, 06, 09, 13, 16, 31, 48, 51, 59, 62, 72, 74
    for (const r of ["00", "02", "06", "09", "13", "16", "31", "48", "51", "59", "62", "72", "74"]) assert.equal(ruPassportSeriesValid(`${r}08`, in2026), false, r);
    // no blank before 1997, none from a year still to come
    assert.equal(ruPassportSeriesValid("4596", in2026), false);
    assert.equal(ruPassportSeriesValid("4527", in2026), false);
    assert.ok(ruPassportSeriesValid("4527", new Date(Date.UTC(2027, 0, 1))));
    assert.equal(ruPassportSeriesValid("4550"), false);
    assert.equal(ruPassportValid("4508000000"), false); // number 000000
    assert.equal(ruPassportValid("4444444444"), false);
    assert.equal(ruPassportValid("450812345"), false);
    assert.deepEqual(spans(ruPassport, "паспорт 02 08 123456, 4596 123456, 4550123456, 4508 000000"), []);
  });

  it("rejects other separators, other groupings and numbers glued to longer tokens", () => {
    assert.deepEqual(spans(ruPassport, "паспорт 45-08-123456 4508-123456 45.08.123456 4508/123456 45 08123456 450 8123456 4508  123456 4508 12345 4508 1234567"), []);
    assert.deepEqual(spans(ruPassport, "паспорт 14508123456 45081234567 x4508123456 4508123456x 4508 123456x 4508123456-1 7-4508 123456 1.4508123456"), []);
    assert.deepEqual(spans(ruPassport, "паспорт 4508 номерa 123456 4508 номер"), []);
  });

  it("needs a label: written apart above ten plain digits", () => {
    const apart = scoreOf(ruPassport, "45 08 123456");
    const plain = scoreOf(ruPassport, "4508123456");
    assert.ok(plain < apart && apart < 0.4, `${plain} ${apart}`);
    assert.equal(scoreOf(ruPassport, "4508 № 123456"), apart);
  });

  it("context lifts it: паспорт and серия in their forms, English, the column header; an order's label lowers it", () => {
    assert.equal(scoreOf(ruPassport, "паспорт 45 08 123456"), 0.65);
    assert.equal(scoreOf(ruPassport, "Паспорт серии 4508 № 123456"), 0.65);
    assert.equal(scoreOf(ruPassport, "Серия и номер паспорта: 4508 123456"), 0.65);
    assert.equal(scoreOf(ruPassport, "по паспортным данным: 4508 123456"), 0.65);
    assert.equal(scoreOf(ruPassport, "паспортные данные: 4508 123456"), 0.65);
    assert.equal(scoreOf(ruPassport, "с паспортом 4508123456"), 0.5);
    assert.equal(scoreOf(ruPassport, "Russian passport 4508 123456"), 0.65);
    assert.equal(scoreOf(ruPassport, "4508123456", "Паспорт"), 0.5);
    assert.deepEqual(spans(ruPassport, "номер заказа 4508 123456"), []);
  });
});
