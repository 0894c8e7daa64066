import assert from "node:assert/strict";
import { zaBirthDate, zaIdNumber, zaIdValid } from "./za_id_number.ts";
import { run, scoreOf, spans } from "../testing.ts";

describe("za/za_id_number", () => {
  it("accepts a real birth date, citizenship 0–2, A 8 or 9 and the Luhn check digit", () => {
    // a citizen; python-stdnum's example; 29 February 2000; a permanent resident with A 9; a refugee
    for (const d of ["8001015009087", "7503305044089", "0002295000083", "0002294321191", "9912316789285"]) assert.ok(zaIdValid(d), d);
    assert.deepEqual(spans(zaIdNumber, "ID number 8001015009087 and 800101 5009 087."), [[10, 23], [28, 43]]);
    assert.equal(run(zaIdNumber, "8001015009087")[0]!.validation, "za_id_luhn");
  });

  it("rejects a wrong check digit, an impossible date and citizenship digits above 2", () => {
    assert.equal(zaIdValid("8001015009088"), false); // check digit 8, not 7
    assert.equal(zaIdValid("8001015009078"), false);
    assert.equal(zaBirthDate("990229"), false);
    assert.equal(zaIdValid("9902295000085"), false); // 29 February 1999 (Luhn passes)
    assert.equal(zaIdValid("0002305000081"), false); // 30 February (Luhn passes)
    assert.equal(zaIdValid("8013015009082"), false); // month 13 (Luhn passes)
    assert.equal(zaIdValid("8001005009089"), false); // day 0 (Luhn passes)
    assert.equal(zaIdValid("8001015009384"), false); // citizenship 3 (Luhn passes)
    assert.equal(zaIdValid("8001015009988"), false); // citizenship 9 (Luhn passes)
    assert.deepEqual(spans(zaIdNumber, "8001015009088 9902295000085 0002305000081 8001015009384"), []);
  });

  it("reads A 0–7 (a race code of a number superseded in 1986) only as a weak value a cue must confirm", () => {
    assert.equal(zaIdValid("8001015009079"), false);
    assert.ok(zaIdValid("8001015009079", true));
    assert.equal(scoreOf(zaIdNumber, "8001015009079"), 0.1);
    assert.equal(scoreOf(zaIdNumber, "ID-nommer 8001015009079"), 0.45);
  });

  it("takes 13 plain digits or the printed YYMMDD SSSS CAZ grouping, not glued to longer tokens nor other separators", () => {
    assert.deepEqual(spans(zaIdNumber, "18001015009087 80010150090870 A8001015009087 8001015009087B 5-8001015009087 8001015009087.5"), []);
    assert.deepEqual(spans(zaIdNumber, "800101-5009-087 800101.5009.087 800101 5009087 8001015009 087 800101  5009 087"), []);
    // one group of a longer run of spaced digits
    assert.deepEqual(spans(zaIdNumber, "12 800101 5009 087"), []);
    assert.deepEqual(spans(zaIdNumber, "800101 5009 087 4"), []);
    assert.deepEqual(spans(zaIdNumber, "(800101 5009 087)"), [[1, 16]]);
  });

  it("reports the printed grouping alone, needs a cue for 13 plain digits (timestamps pass as often), in English or Afrikaans", () => {
    assert.equal(scoreOf(zaIdNumber, "800101 5009 087"), 0.6);
    assert.equal(scoreOf(zaIdNumber, "8001015009087"), 0.35);
    assert.equal(scoreOf(zaIdNumber, "ID number: 8001015009087"), 0.7);
    assert.equal(scoreOf(zaIdNumber, "Identiteitsnommer: 8001015009087"), 0.7);
    assert.equal(scoreOf(zaIdNumber, "RSA ID 800101 5009 087"), 0.95);
    assert.equal(scoreOf(zaIdNumber, "8001015009087", "SA ID"), 0.7);
    assert.equal(scoreOf(zaIdNumber, "8001015009087", "IDNumber"), 0.7);
    assert.equal(scoreOf(zaIdNumber, "Department of Home Affairs, 7503305044089"), 0.7);
    // a row id is no cue
    assert.equal(scoreOf(zaIdNumber, "8001015009087", "id"), 0.35);
  });

  it("scores lower a number that is also a valid EAN-13, and lowers one labelled a barcode or timestamp", () => {
    // a valid ID whose last digit is also its EAN-13 check digit: it could be a product's barcode
    assert.ok(zaIdValid("8504015004081"));
    assert.equal(scoreOf(zaIdNumber, "8504015004081"), 0.2);
    assert.equal(scoreOf(zaIdNumber, "ID no. 8504015004081"), 0.55);
    assert.deepEqual(spans(zaIdNumber, "barcode 8504015004081"), []); // 0.2 − 0.3
    // 2024-01-13T13:16:47.081Z in milliseconds passes every check (one in ~5,000 does)
    assert.ok(zaIdValid("1705151807081"));
    assert.ok(scoreOf(zaIdNumber, "timestamp 1705151807081") < 0.4);
  });
});
