import assert from "node:assert/strict";
import { mbiValid, usMbi } from "./us_mbi.ts";
import { scoreOf, spans } from "../testing.ts";

describe("medical/us_mbi", () => {
  it("accepts CMS's letter and digit positions, with or without both dashes, either case", () => {
    assert.ok(mbiValid("1EG4-TE5-MK73")); // CMS's example
    assert.ok(mbiValid("1EG4TE5MK73"));
    assert.ok(mbiValid("5KM2-QR9-VW18"));
    assert.ok(mbiValid("2A34-C56-DE78")); // digits in positions 3 and 6
    assert.ok(mbiValid("1eg4-te5-mk73"));
  });
  it("rejects 0 first, S L O I B Z, a digit where a letter goes, one dash or blanks", () => {
    assert.equal(mbiValid("0EG4-TE5-MK73"), false);
    assert.equal(mbiValid("1EG4-TE5-MS73"), false);
    assert.equal(mbiValid("1EZ4-TE5-MK73"), false);
    assert.equal(mbiValid("1EG4-TE5-5K73"), false);
    assert.equal(mbiValid("1EGA-TE5-MK73"), false);
    assert.equal(mbiValid("1EG4-TE5MK73"), false);
    assert.equal(mbiValid("1EG4 TE5 MK73"), false);
  });
  it("reports the dashed form alone, the plain one only beside a Medicare word", () => {
    assert.ok(scoreOf(usMbi, "ref 5KM2-QR9-VW18") >= 0.4);
    assert.ok(scoreOf(usMbi, "ref 5KM2QR9VW18") < 0.4);
    assert.ok(scoreOf(usMbi, "Medicare number 5KM2QR9VW18") >= 0.6);
    assert.ok(scoreOf(usMbi, "5KM2QR9VW18", "MBI") >= 0.6);
    assert.ok(scoreOf(usMbi, "beneficiary 5KM2-QR9-VW18") > scoreOf(usMbi, "ref 5KM2-QR9-VW18"));
  });
  it("finds nothing glued to a longer token", () => {
    assert.deepEqual(spans(usMbi, "X1EG4TE5MK73 1EG4TE5MK73X 21EG4-TE5-MK73 1EG4-TE5-MK73-2 1EG4-TE5-MK731 a_1EG4TE5MK73"), []);
    assert.deepEqual(spans(usMbi, "MBI: 1EG4TE5MK73."), [[5, 16]]);
  });
});
