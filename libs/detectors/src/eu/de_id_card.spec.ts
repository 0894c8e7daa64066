import assert from "node:assert/strict";
import { deIdCard } from "./de_id_card.ts";
import { dePassport } from "./de_passport.ts";
import { icao9303CheckDigit } from "../core/checksums.ts";
import { run, scoreOf, spans } from "../testing.ts";

describe("eu/de_id_card", () => {
  it("computes ICAO 9303's check digit (7, 3, 1; A = 10 … Z = 35) as the specimen cards' zones print it", () => {
    // the specimens of 2010 (T22000129), 2019 (L01X00T47), 2021 (LZ6311T47) and the pre-2010 card
    assert.equal(icao9303CheckDigit("T22000129"), 3);
    assert.equal(icao9303CheckDigit("L01X00T47"), 1);
    assert.equal(icao9303CheckDigit("LZ6311T47"), 5);
    assert.equal(icao9303CheckDigit("122000129"), 7);
    assert.ok(Number.isNaN(icao9303CheckDigit("l01x00t47")));
  });

  it("reports a number followed by its right check digit alone, in a text and in the card's zone", () => {
    for (const v of ["L01X00T471", "LZ6311T475", "N4R7T2W9X2"]) {
      const s = scoreOf(deIdCard, v);
      assert.ok(s >= 0.5 && s < 0.7, `${v} ${s}`);
      assert.equal(run(deIdCard, v)[0]!.validation, "icao9303_check_digit");
    }
    assert.deepEqual(spans(deIdCard, "Nr. L01X00T471 und LZ6311T475."), [[4, 14], [19, 29]]);
    assert.deepEqual(spans(deIdCard, "IDD<<L01X00T471<<<<<<<<<<<<<<<\n6408125<2010315D<<<<<<<<<<<<<4\nMUSTERMANN<<ERIKA<<<<<<<<<<<<<"), [[5, 15]]);
  });

  it("drops a tenth character that is not the check digit, and every wrong check digit", () => {
    for (let d = 0; d <= 9; d++) if (d !== 1) assert.deepEqual(spans(deIdCard, `L01X00T47${d}`), [], String(d));
    assert.deepEqual(spans(deIdCard, "IDD<<L01X00T479<<<<<<<<<<<<<<<"), []);
    // a letter as tenth character: no number of nine either (it is glued to it)
    assert.deepEqual(spans(deIdCard, "L01X00T47K L01X00T47C"), []);
  });

  it("takes only the alphabet: L–Y first (C–K is a passport's), no vowels nor B, D, Q, S, upper case, nine or ten characters", () => {
    assert.deepEqual(spans(deIdCard, "A01X00T47 C01X00T47 K01X00T47 Z01X00T47 101X00T47"), []);
    assert.deepEqual(spans(deIdCard, "L01A00T47 L01E00T47 L01B00T47 L01D00T47 L01Q00T47 L01S00T47 L01O00T47"), []);
    assert.deepEqual(spans(deIdCard, "l01x00t471 l01x00t47 L01x00T47"), []);
    assert.deepEqual(spans(deIdCard, "L01X00T4 L01X00T4712"), []);
    assert.deepEqual(run(dePassport, "L01X00T471 LZ6311T475 L01X00T47"), []);
  });

  it("rejects numbers glued to a longer token, a path, a file name or a dashed id", () => {
    assert.deepEqual(spans(deIdCard, "xL01X00T471 L01X00T471x _L01X00T471 L01X00T471_ 5L01X00T471"), []);
    assert.deepEqual(spans(deIdCard, "build-L01X00T471 /files/L01X00T471 L01X00T471.pdf L01X00T471-2 L01X00T471/3 1.L01X00T471"), []);
    // a sentence's full stop, a label's colon and brackets are no part of it
    assert.deepEqual(spans(deIdCard, "(L01X00T471) Nr.:L01X00T471."), [[1, 11], [17, 27]]);
  });

  it("keeps a printed number of nine (no check digit) below the minimum alone: a context word, German or English, or a header lifts it", () => {
    const alone = scoreOf(deIdCard, "L01X00T47");
    assert.ok(alone > 0 && alone < 0.4, String(alone));
    assert.equal(run(deIdCard, "L01X00T47")[0]!.validation, null);
    for (const t of ["Personalausweisnummer: L01X00T47", "Ausweis-Nr. L01X00T47", "Ausweisnummer L01X00T47", "Nummer des Personalausweises L01X00T47", "ID card number: L01X00T47", "identity card L01X00T47"]) {
      assert.ok(scoreOf(deIdCard, t) >= 0.5, t);
    }
    assert.ok(scoreOf(deIdCard, "L01X00T47", "Ausweisnummer") >= 0.5);
    assert.ok(scoreOf(deIdCard, "Personalausweis: L01X00T471") >= 0.85);
  });

  it("reads a code's shape (a letter and digits, or only C and F as letters) as weak even with its check digit", () => {
    // 2010's specimen "T22000129" with its check digit: a letter and nine digits, as order and parcel numbers are
    const plain = scoreOf(deIdCard, "T220001293");
    assert.ok(plain >= 0.2 && plain < 0.4, String(plain));
    assert.ok(scoreOf(deIdCard, "M0C12F3452") < 0.4);
    assert.ok(scoreOf(deIdCard, "Ausweisnummer T220001293") >= 0.6);
    // without the check digit the letter and eight digits are weaker than a mixed number
    assert.ok(scoreOf(deIdCard, "T22000129") < scoreOf(deIdCard, "L01X00T47"));
    assert.ok(scoreOf(deIdCard, "Ausweis T22000129") >= 0.4);
  });

  it("drops fillers and numbers without a digit", () => {
    // (a filler's right check digit too)
    assert.equal(icao9303CheckDigit("XXXXXXXXX"), 9);
    assert.deepEqual(spans(deIdCard, "XXXXXXXXX XXXXXXXXX9 T00000000 T000000003 LMNPRTVWX WWWWWWWWW"), []);
  });

  it("reads the pre-2010 card's ten digits (the last the check digit) only with a context word", () => {
    const alone = scoreOf(deIdCard, "1220001297");
    assert.ok(alone > 0 && alone < 0.4, String(alone));
    assert.ok(scoreOf(deIdCard, "Ausweisnummer 1220001297") >= 0.4);
    assert.deepEqual(spans(deIdCard, "Ausweisnummer 1220001298"), []);
    // nine digits, eleven digits, a number of one digit repeated
    assert.deepEqual(spans(deIdCard, "Ausweisnummer 122000129 12200012970 0000000000"), []);
  });

  it("lowers a number an order or part label claims", () => {
    assert.ok(scoreOf(deIdCard, "Order number L01X00T471") < 0.4);
    assert.ok(scoreOf(deIdCard, "Bestellnummer L01X00T471") < 0.4);
  });
});
