import assert from "node:assert/strict";
import { dePassport } from "./de_passport.ts";
import { deIdCard } from "./de_id_card.ts";
import { run, scoreOf, spans } from "../testing.ts";

/** The specimen passport's zone (ICAO 9303 TD3). */
const ZONE = "P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<\nC01X00T478D<<6408125F2702283<<<<<<<<<<<<<<<4";

describe("eu/de_passport", () => {
  it("reports a number followed by its right check digit alone, and in the passport's zone", () => {
    for (const v of ["C01X00T478", "F2N3P4M536", "HJ7K2M9P43", "K7K3N9P2C3", "J4M8R2T6V8"]) {
      const s = scoreOf(dePassport, v);
      assert.ok(s >= 0.5 && s < 0.7, `${v} ${s}`);
      assert.equal(run(dePassport, v)[0]!.validation, "icao9303_check_digit");
    }
    // the number, its check digit and the nationality run together in the zone
    assert.deepEqual(spans(dePassport, ZONE), [[45, 55]]);
    assert.deepEqual(spans(dePassport, "Reisepass C01X00T478 und F2N3P4M536."), [[10, 20], [25, 35]]);
  });

  it("drops every wrong check digit, and a zone's nationality without the birth date after it", () => {
    for (let d = 0; d <= 9; d++) if (d !== 8) assert.deepEqual(spans(dePassport, `C01X00T47${d}`), [], String(d));
    assert.deepEqual(spans(dePassport, ZONE.replace("T478D", "T477D")), []);
    assert.deepEqual(spans(dePassport, "C01X00T478D<<64081 C01X00T478DE C01X00T478D"), []);
  });

  it("takes C, F, G, H, J, K first (L–Y is an identity card's), the alphabet without vowels nor B, D, Q, S, upper case only", () => {
    assert.deepEqual(spans(dePassport, "A12345678 B12345678 D12345678 L12345678 Z12345678 112345678"), []);
    assert.deepEqual(spans(dePassport, "CAEIOU123 C01A00T47 C01S00T47 C01Q00T47 C01D00T47 C01B00T47"), []);
    assert.deepEqual(spans(dePassport, "c01x00t478 c01x00t47 C01x00T47 C1234567 C1234567890"), []);
    assert.deepEqual(run(deIdCard, "C01X00T478 F2N3P4M536 C01X00T47"), []);
  });

  it("rejects numbers glued to a longer token, a path, a file name or a dashed id", () => {
    assert.deepEqual(spans(dePassport, "xC01X00T478 C01X00T478x 7C01X00T478 C01X00T4789 /p/C01X00T478 id-C01X00T478 C01X00T478.png C01X00T478-1"), []);
    assert.deepEqual(spans(dePassport, "Pass-Nr.: C01X00T478."), [[10, 20]]);
  });

  it("keeps a printed number of nine below the minimum alone: a context word, German or English, or a header lifts it", () => {
    const alone = scoreOf(dePassport, "C01X00T47");
    assert.ok(alone > 0 && alone < 0.4, String(alone));
    for (const t of ["Reisepassnummer C01X00T47", "Pass-Nr.: C01X00T47", "Passnummer: C01X00T47", "Nummer des Reisepasses C01X00T47", "passport number C01X00T47", "German passport C01X00T47"]) {
      assert.ok(scoreOf(dePassport, t) >= 0.5, t);
    }
    assert.ok(scoreOf(dePassport, "C01X00T47", "Passnummer") >= 0.5);
    assert.ok(scoreOf(dePassport, "Passport: C01X00T478") >= 0.85);
  });

  it("reads a code's shape (a letter and digits, or hexadecimal letters) as weak even with its check digit", () => {
    for (const v of ["G123456786", "C0C12F3452"]) {
      const s = scoreOf(dePassport, v);
      assert.ok(s >= 0.2 && s < 0.4, `${v} ${s}`);
    }
    assert.ok(scoreOf(dePassport, "Reisepass G123456786") >= 0.6);
    assert.ok(scoreOf(dePassport, "G12345678") < scoreOf(dePassport, "F2N3P4M53"));
    assert.ok(scoreOf(dePassport, "Passnummer G12345678") >= 0.4);
  });

  it("drops fillers and numbers without a digit, and lowers a part or order number", () => {
    assert.deepEqual(spans(dePassport, "CCCCCCCCC FFFFFFFFF HXXXXXXXX C00000000 CHKPNTWRX"), []);
    assert.ok(scoreOf(dePassport, "part number HJ7K2M9P43") < 0.4);
    assert.ok(scoreOf(dePassport, "Artikelnummer HJ7K2M9P43") < 0.4);
  });
  it("takes no roff font escape's name and the word after it for a number (objcopy(1))", () => {
    assert.deepEqual(spans(dePassport, "the following eight bytes:  \\f(CW12345678\\fR. ordered \\f(CW43218765\\fR."), []);
  });
});
