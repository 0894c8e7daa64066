import assert from "node:assert/strict";
import { innKind, innValid, ruInn } from "./ru_inn.ts";
import { run, scoreOf, spans } from "../testing.ts";

describe("ru/ru_inn", () => {
  it("accepts an organisation's ten digits and a person's twelve with their check digits (a remainder of 10 giving 0)", () => {
    // Sberbank's, Gazprom's, one whose Σ mod 11 is 10; then persons'
    for (const d of ["7707083893", "7736050003", "7707083950"]) assert.equal(innKind(d), "organisation", d);
    for (const d of ["500100732259", "366406939705"]) assert.equal(innKind(d), "person", d);
    assert.deepEqual(spans(ruInn, "ИНН 7707083893, ИНН физического лица 500100732259"), [[4, 14], [37, 49]]);
    assert.equal(run(ruInn, "ИНН 500100732259")[0]!.validation, "inn_person");
    assert.equal(run(ruInn, "ИНН 7707083893")[0]!.validation, "inn_organisation");
  });

  it("rejects a wrong check digit (either of a person's two), region 00, other lengths", () => {
    for (let c = 0; c <= 9; c++) if (c !== 3) assert.equal(innValid(`770708389${c}`), false, String(c));
    assert.equal(innValid("500100732258"), false); // the 12th wrong
    assert.equal(innValid("500100732269"), false); // the 11th wrong (the 12th right for it or not)
    assert.equal(innValid("500100732249"), false);
    // region 00, with its check digits right
    assert.equal([2, 4, 10, 3, 5, 9, 4, 6, 8].reduce((s, w, i) => s + w * Number("000708389"[i]), 0) % 11 % 10, 5);
    assert.equal(innKind("0007083895"), null);
    assert.equal(innValid("770708389"), false);
    assert.equal(innValid("77070838931"), false);
    assert.equal(innValid("5001007322591"), false);
    assert.deepEqual(spans(ruInn, "ИНН 7707083894 ИНН 500100732258 ИНН 0007083895"), []);
  });

  it("rejects numbers glued to longer tokens and the tails of dashed or slashed ones; reads ИНН/КПП", () => {
    assert.deepEqual(spans(ruInn, "ИНН 17707083893 77070838931 x7707083893 7707083893x 7707083893-4 5-7707083893 1.7707083893"), []);
    assert.deepEqual(spans(ruInn, "https://example.org/commit/7707083893 build-7707083893"), []);
    assert.deepEqual(spans(ruInn, "ИНН/КПП 7707083893/773601001"), [[8, 18]]);
  });

  it("needs a label: a person's nearer to standing alone than an organisation's", () => {
    const org = scoreOf(ruInn, "7707083893");
    const person = scoreOf(ruInn, "500100732259");
    assert.ok(org < person && person < 0.4, `${org} ${person}`);
  });

  it("context lifts it: ИНН and its phrases in Russian, English, the column header; an order's label lowers it", () => {
    assert.equal(scoreOf(ruInn, "ИНН: 7707083893"), 0.55);
    assert.equal(scoreOf(ruInn, "ИНН физического лица: 500100732259"), 0.65);
    assert.equal(scoreOf(ruInn, "идентификационный номер налогоплательщика 500100732259"), 0.65);
    assert.equal(scoreOf(ruInn, "данные налогоплательщика: 7707083893"), 0.55);
    assert.equal(scoreOf(ruInn, "taxpayer number 7707083893"), 0.55);
    assert.equal(scoreOf(ruInn, "INN 500100732259"), 0.65);
    assert.equal(scoreOf(ruInn, "7707083893", "ИНН"), 0.55);
    // a word that holds "инн" is no label: "длинный" (long)
    assert.equal(scoreOf(ruInn, "длинный номер 7707083893"), 0.2);
    assert.deepEqual(spans(ruInn, "order 7707083893"), []);
  });
});
