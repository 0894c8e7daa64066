/**
 * Test cases of Presidio's Estonian personal identification code recognizer (entity ET_IK),
 * ported as DATA: input text and the expected entity spans. Source: microsoft/presidio,
 * presidio-analyzer/tests/test_et_ik_recognizer.py (commit
 * e3045986942e8f33656be7e76a8e7754c2b7016b). Presidio is © Microsoft Corporation and
 * contributors, MIT License; no Presidio code is reproduced.
 */
import { table, whole, type PresidioCase, type Row } from "./case.ts";

const ROWS: Row[] = [
  // born 25 February 1971, serial 038, check digit 2
  ["37102250382", whole("37102250382")],
  // month 13; a first digit of 9 (no century)
  ["37132250382", []], ["99999999999", []],
];

export const ET_IK_CASES: PresidioCase[] = table("ET_IK", "test_et_ik_recognizer.py", ROWS);
