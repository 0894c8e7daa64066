/**
 * Test cases of Presidio's Danish CPR number recognizer (entity DK_CPR_NUMBER), ported as DATA:
 * input text and the expected entity spans. Source: data-privacy-stack/presidio (Presidio's home
 * since it left the microsoft organisation), presidio-analyzer/tests/test_dk_cpr_recognizer.py
 * (commit 1dc813c943be75b8d662ddbc294397743b3fbac0). Presidio is © Microsoft Corporation and
 * contributors, MIT License; no Presidio code is reproduced.
 */
import { table, whole, type PresidioCase, type Row } from "./case.ts";

const ROWS: Row[] = [
  // the modulus-11 control passing, plain and dashed; 29 February 1904 (a leap year)
  ["0101900002", whole("0101900002")], ["010190-0002", whole("010190-0002")],
  ["Mit cpr-nummer er 010190-0002.", [[18, 29]]], ["2902040008", whole("2902040008")],
  // the control failing (numbers issued since 2007 need not pass it): still a CPR number
  ["0101900000", whole("0101900000")], ["010190-0000", whole("010190-0000")],
  ["CPR: 010190-0000 mangler gyldigt kontrolciffer.", [[5, 16]]],
  // a space for the dash; month 13, day 32, 29 February 1903; too short; a letter; inside a longer run
  ["010190 0000", []], ["011390-0000", []], ["320190-0000", []], ["2902030002", []],
  ["123456-789", []], ["01019x0002", []], ["120000101900021234", []],
];

export const DK_CPR_NUMBER_CASES: PresidioCase[] = table("DK_CPR_NUMBER", "test_dk_cpr_recognizer.py", ROWS);
