/**
 * Test cases of Presidio's South African identity number recognizer, ported as data. Source:
 * microsoft/presidio, presidio-analyzer/tests/test_za_id_number_recognizer.py
 * (commit 0aa33814a238032f1151fde038fd48af8d6d0664): the texts of its analyze cases, then the
 * numbers of its validate_result cases as texts (a valid one is the whole text). Presidio is
 * © Microsoft Corporation and contributors, MIT License; no Presidio code is reproduced, only
 * inputs and expected spans.
 */
import { table, whole, type PresidioCase, type Row } from "./case.ts";

const rows: Row[] = [
  ["8001015009087", whole("8001015009087")],
  ["8001015000086", whole("8001015000086")],
  ["My South African ID is 9202201234088.", [[23, 36]]],
  ["RSA ID: 0002294321191", [[8, 21]]],
  ["Permanent resident number 9912316789285 is on file.", [[26, 39]]],
  ["Refugee ID number 0001015002288 is on file.", [[18, 31]]],
  // a wrong check digit, month 13, 29 February 1999, A 7 (check digits failing too), counting digits
  ["8001015009086", []],
  ["9913326789285", []],
  ["9902294321191", []],
  ["8001015000076", []],
  ["8001015009176", []],
  ["1234567890123", []],
  // too short, too long, glued to letters
  ["ID 80010150090", []],
  ["SA ID 80010150090870", []],
  ["AB8001015009087CD", []],
  // test_validate_result's numbers not above
  ["80010150090", []],
  ["80010150090870", []],
  ["80010150090A7", []],
];

export const ZA_ID_NUMBER_CASES: PresidioCase[] = table("ZA_ID_NUMBER", "test_za_id_number_recognizer.py", rows);
