/**
 * Test cases of Presidio's Taiwanese national ID recognizer, ported as DATA: input text and the
 * expected entity spans. Source: microsoft/presidio,
 * presidio-analyzer/tests/test_tw_national_id_recognizer.py
 * (commit dc2331630173a59eb85ef594808ba3971b3f0154, the version that goes with the recognizer of
 * that commit: the check digit, second digit 1 or 2). Presidio is © Microsoft Corporation and
 * contributors, MIT License; no Presidio code is reproduced.
 *
 * (Another stored version of the file, commit 7e600d4c1c2e95f99b0c75b911110d351086eebd, expects
 * numbers that fail the check digit, "B298765432", "F800000014", "H987654321", and a lower-case
 * letter rejected: it contradicts the recognizer both stored commits hold and is not ported.)
 */
import { table, whole, type PresidioCase, type Row } from "./case.ts";

const TYPE = "TW_NATIONAL_ID";
const SOURCE = "test_tw_national_id_recognizer.py";

const ROWS: Row[] = [
  ["A100000001", whole("A100000001")], ["B120863514", whole("B120863514")], ["(A100000001)", [[1, 11]]],
  ["身分證字號：A100000001", [[6, 16]]],
  ["National ID A100000001 belongs to the applicant.", [[12, 22]]],
  ["Primary ID A100000001, secondary ID B120863514", [[11, 21], [36, 46]]],
  ["A100000002", []], ["Z100000000", []], ["A300000001", []], ["AA00000001", []], ["A10000001", []], ["A1000000011", []],
  ["身分證 A100000002", []],
  ["a100000001", whole("a100000001")],
];

export const TW_NATIONAL_ID_CASES: PresidioCase[] = table(TYPE, SOURCE, ROWS);
