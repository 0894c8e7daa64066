/**
 * Test cases of Presidio's Australian Business Number and Australian Company Number recognizers,
 * ported as DATA: input text and the expected entity spans. Sources: microsoft/presidio,
 * presidio-analyzer/tests/test_au_abn_recognizer.py (commit 3459792d54a44fa1aaeed500d58d93c7e2a75141)
 * and presidio-analyzer/tests/test_au_acn_recognizer.py (commit 2ef5db9214a82fac3fbc4df968208df0d25690d4).
 * Presidio is © Microsoft Corporation and contributors, MIT License; no Presidio code is reproduced.
 */
import { table, type Row } from "./case.ts";

const ABN_ROWS: Row[] = [
  ["51 824 753 556", [[0, 14]]], ["51824753556", [[0, 11]]],
  ["52 824 753 556", []], ["52824753556", []],
  ["5282475355632", []], ["52824753556AF", []], ["51 824 753 5564", []], ["123 456\n789", []],
];

const ACN_ROWS: Row[] = [
  ["000 000 019", [[0, 11]]], ["005 499 981", [[0, 11]]], ["006249976", [[0, 9]]],
  ["824 753 557", []], ["824753557", []],
  ["5282475355632", []], ["52824753556AF", []], ["51 824 753 5564", []], ["123 456\n789", []],
];

export const AU_ABN_CASES = table("AU_ABN", "test_au_abn_recognizer.py", ABN_ROWS);
export const AU_ACN_CASES = table("AU_ACN", "test_au_acn_recognizer.py", ACN_ROWS);
