/**
 * Test cases of Presidio's German identity card and passport number recognizers, ported as data:
 * input text and the expected entity spans. Source: microsoft/presidio,
 * presidio-analyzer/tests/test_de_id_card_recognizer.py (commit 1819a8fc1e4d850dfb7e6581c2de6da73479e522)
 * and presidio-analyzer/tests/test_de_passport_recognizer.py (commit 5396e3f291a8ff915f1c1181fdd2a2362417eec7).
 * Presidio is © Microsoft Corporation and contributors, MIT License; no Presidio code is
 * reproduced, only inputs and expected spans. (Its checks of `validate_result` alone, which read
 * a ninth character as a check digit over the first eight, are not analyze cases and are not
 * ported: the check digit of ICAO 9303 is a tenth character, after the nine.)
 */
import { table, whole, type PresidioCase, type Row } from "./case.ts";

const ID_CARD_ROWS: Row[] = [
  // the specimen card's number (as printed: no check digit), a letter and eight digits
  ["L01X00T47", whole("L01X00T47")], ["T22000129", whole("T22000129")],
  // a vowel first, a digit first, a vowel inside, eight characters
  ["A01X00T47", []], ["101X00T47", []], ["L01A00T47", []], ["L01X00T4", []],
];

const PASSPORT_ROWS: Row[] = [
  ...["C01X00T41", "F2N3P4M53", "G12345678", "H98765433", "J11223343", "K55667780"].map((t): Row => [t, whole(t)]),
  ["My passport is C01X00T41 here", [[15, 24]]], ["Reisepass: F2N3P4M53", [[11, 20]]],
  ["Passports: C01X00T41 and F2N3P4M53", [[11, 20], [25, 34]]],
  // letters outside the alphabet, vowels, eight and eleven characters
  ["A12345678", []], ["B12345678", []], ["D12345678", []], ["CAEIOU123", []], ["C1234567", []], ["C1234567890", []],
];

export const DE_ID_CARD_CASES: PresidioCase[] = table("DE_ID_CARD", "test_de_id_card_recognizer.py", ID_CARD_ROWS);

export const DE_PASSPORT_CASES: PresidioCase[] = [
  ...table("DE_PASSPORT", "test_de_passport_recognizer.py", PASSPORT_ROWS),
  {
    type: "DE_PASSPORT", text: "L12345678", spans: [[0, 9]], source: "test_de_passport_recognizer.py",
    exception: {
      reason: "a German passport's number starts with C, F, G, H, J or K; one starting with L (L–Y) is an identity card's, which we report as DE_ID_CARD; Presidio's generic nine-character pattern reports it as a weak passport",
      ours: [],
    },
  },
];
