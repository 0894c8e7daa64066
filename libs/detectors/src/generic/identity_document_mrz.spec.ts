import assert from "node:assert/strict";
import { locator } from "@filescan/contracts";
import { identityDocumentMrz } from "./identity_document_mrz.ts";
import { run } from "../testing.ts";
import { detect } from "../index.ts";

// ICAO Doc 9303's specimens (Part 4, 5 and 6): Utopia's passport, identity card (TD1) and TD2 document of Anna Maria Eriksson.
const TD3 = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10";
const TD1 = "I<UTOD231458907<<<<<<<<<<<<<<<\n7408122F1204159UTO<<<<<<<<<<<6\nERIKSSON<<ANNA<MARIA<<<<<<<<<<";
const TD2 = "I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<\nD231458907UTO7408122F1204159<<<<<<<6";
// Doc 9303 Part 7's MRV-A visa: no composite check digit.
const MRV_A = "V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL8988901C4XXX4009078F96121096ZE184226B<<<<<<";

// A French identity card of before 2021 (its own layout, no expiry date): the specimen of Christiane Nicole Douel.
const FR_CNI = "IDFRADOUEL<<<<<<<<<<<<<<<<<<<<932013\n0506932020438CHRISTIANE<<NI2906209F3";

const found = (text: string) => run(identityDocumentMrz, text).map((s) => ({ text: text.slice(s.start, s.end), score: s.score, validation: s.validation }));

describe("generic/identity_document_mrz", () => {
  it("reads the zone of a passport, an identity card, a TD2 document and a visa by their check digits", () => {
    assert.deepEqual(found(`Scan:\n${TD3}\n`), [{ text: TD3, score: 1, validation: "icao9303_td3" }]);
    assert.deepEqual(found(TD1), [{ text: TD1, score: 1, validation: "icao9303_td1" }]);
    assert.deepEqual(found(TD2), [{ text: TD2, score: 1, validation: "icao9303_td2" }]);
    assert.deepEqual(found(MRV_A), [{ text: MRV_A, score: 1, validation: "icao9303_mrv_a" }]);
  });

  it("reads a French identity card of before 2021 (number and birth date checked, and the composite over both lines)", () => {
    assert.deepEqual(found(FR_CNI), [{ text: FR_CNI, score: 1, validation: "fr_cni" }]);
    // one field misread (the composite, over both, fails with it): 0.8; both: nothing
    assert.deepEqual(found(FR_CNI.replace("0506932020438", "0506932020448")).map((f) => [f.score, f.validation]), [[0.8, "fr_cni_composite_failed"]]);
    assert.deepEqual(found(FR_CNI.replace("0506932020438", "0506932020448").replace("2906209", "2906208")), []);
    assert.deepEqual(found(FR_CNI.replace("2906209", "2913209")), [], "month 13");
  });

  it("reads an OCR's text of it: blanks and blank lines put in, O for 0 in a date, the lines joined by a text layer", () => {
    // (tesseract's reading of a rendered specimen: "UT0" for "UTO", "97E" for "9ZE" in the optional data)
    const ocr = "PASSPORT PASS PASSEPORT\nP<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\n\nL898902C36UT07408122F12041597E184226B<<<<<10";
    assert.deepEqual(found(ocr).map((f) => f.validation), ["icao9303_td3_composite_failed"]);
    assert.equal(found("P<UTO ERIKSSON << ANNA < MARIA <<<<<<<<<<<<<<<<<<<\nL898902C36 UTO 74O8122 F 12O4159 ZE184226B<<<<<10")[0]?.score, 1);
    assert.equal(found(TD3.replace("\n", " "))[0]?.text, TD3.replace("\n", " "));
    // a small print: "L" read as "1." (tesseract at 72 dpi; the mark dropped), "«" for "<<"
    assert.deepEqual(found("P<UTOERIKSSON«ANNA<MARIA<<<<<<<<<<<<<<<<<<<\n1.898902C36UT07408122F12041597E184226B<<<<<10").length, 1);
    // (and with the document number misread so its check fails, the dates' still hold)
    assert.deepEqual(found("P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\n1.898962C36UT07408122F12041597E184226B<<<<<10").map((f) => f.score), [0.8]);
    assert.deepEqual(found("P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\n1.8,9.8902C36UTO7408122F1204159ZE184226B<<<<<10"), [], "three marks: no zone line");
  });

  it("takes two field checks of three (one field misread) at 0.8, fewer or an impossible date not at all", () => {
    assert.equal(found(TD3.replace("L898902C36", "L898902C86"))[0]?.score, 0.8);
    assert.deepEqual(found(TD3.replace("L898902C36", "L898902C86").replace("7408122", "7408123")), []);
    assert.deepEqual(found(TD3.replace("7408122F1204159", "7413122F1204159")), [], "month 13");
    assert.deepEqual(found(TD3.replace("2F12", "2Q12")), [], "no sex");
  });

  it("wants the zone's shape: its lines' lengths, its names line, lines in a row", () => {
    assert.deepEqual(found(TD3.replace("<<<<<10", "<<<<10")), []);
    assert.deepEqual(found(TD3.replace("\n", "\nsome words between\n")), []);
    assert.deepEqual(found(TD3.toLowerCase()), []);
    assert.deepEqual(found("std::cout << 12345678 << \"x\";\nint mask = 1 << 20; // 1234567890123456"), []);
    assert.deepEqual(found("template <typename T> struct X<<lambda>> {};\n0123456789012345678901234567890123456789<<<<"), []);
  });

  it("is one finding, masked to the document's code and issuing state", () => {
    const fs = detect([{ text: `Passport scan\n${TD3}`, source: "ocr", locator: locator() }]);
    assert.deepEqual(fs.map((f) => f.type), ["IDENTITY_DOCUMENT"]);
    assert.equal(fs[0]!.masked, "P<UTO****** (machine-readable zone, 2 lines)");
    assert.ok(!/ERIKSSON|L898902C3|740812/.test(fs[0]!.masked));
  });
});
