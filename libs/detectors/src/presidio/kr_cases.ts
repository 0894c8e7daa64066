/**
 * Test cases of Presidio's Korean resident and foreigner registration number recognizers, ported
 * as data. Source: microsoft/presidio, presidio-analyzer/tests/test_kr_rrn_recognizer.py and
 * test_kr_frn_recognizer.py (commit 14da1a6db3822baa0b47300064e605e0ab11164a). Presidio is © Microsoft Corporation and
 * contributors, MIT License; no Presidio code is reproduced, only inputs and expected spans.
 */
import { table, type PresidioCase, type Row } from "./case.ts";

const rows: Row[] = [
  // a real birth date and gender digit, the check digit failing (as numbers issued since October 2020)
  ["960121-1234567", [[0, 14]]],
  ["9601211234567", [[0, 13]]],
  ["000505-3637892", [[0, 14]]],
  ["0005053637892", [[0, 13]]],
  ["His Korean RRN is 960121-1234567", [[18, 32]]],
  // the check digit passing
  ["960121-1021413", [[0, 14]]],
  ["9601211021413", [[0, 13]]],
  ["050912-2000019", [[0, 14]]],
  ["0509122000019", [[0, 13]]],
  ["His RRN is 9601211021413", [[11, 24]]],
  // impossible month, a plus sign, eight digits after the hyphen, gender digits 0, 5, 6 and 9
  ["001332-1234567", []],
  ["0013321234567", []],
  ["960121+1021413", []],
  ["960111-10214131", []],
  ["960303-0021413", []],
  ["760413-5212134", []],
  ["000402-6214431", []],
  ["051102-9234110", []],
];

export const KR_RRN_CASES: PresidioCase[] = table("KR_RRN", "test_kr_rrn_recognizer.py", rows);

// Presidio's test_kr_frn_recognizer.py (same commit), the foreigner registration number.
const frn: Row[] = [
  ["911124-5678901", [[0, 14]]],
  ["9111245678901", [[0, 13]]],
  ["000505-7637892", [[0, 14]]],
  ["0005056637892", [[0, 13]]],
  ["His Korean FRN is 911124-5678901", [[18, 32]]],
  ["911124-5678906", [[0, 14]]],
  ["9111245678906", [[0, 13]]],
  ["050912-6000012", [[0, 14]]],
  ["0509126000012", [[0, 13]]],
  ["His FRN is 9111245678906", [[11, 24]]],
  ...["001332-1234567", "0013321234567", "960121+1021413", "960111-10214131", "960303-0021413", "760413-1212134", "000402-2214431", "051102-9234110"].map((t): Row => [t, []]),
];

export const KR_FRN_CASES: PresidioCase[] = table("KR_FRN", "test_kr_frn_recognizer.py", frn);
