/**
 * Test cases of Presidio's Thai national ID number recognizer, ported as DATA: input text and
 * the expected entity spans. Source: microsoft/presidio,
 * presidio-analyzer/tests/test_th_tnin_recognizer.py
 * (commit 3d24171eb487beed517036d6efa1d892382c2c98). Presidio is © Microsoft Corporation and
 * contributors, MIT License; no Presidio code is reproduced, only inputs and expected spans.
 */
import { table, whole, type PresidioCase, type Row } from "./case.ts";

const VALID = ["1234567890121", "2345678901234", "3456789012347", "4567890123459", "5678901234560"];

const ROWS: Row[] = [
  // the check digit passing, alone and after a label
  ...VALID.map((t): Row => [t, whole(t)]),
  ["My Thai ID is 1234567890121", [[14, 27]]],
  ["TNIN: 2345678901234", [[6, 19]]],
  ["เลขประจำตัวประชาชน: 3456789012347", [[20, 33]]],
  ["Thai National ID 1234567890121", [[17, 30]]],
  ["เลขบัตรประชาชน 2345678901234", [[15, 28]]],
  // 12 and 14 digits, a letter, a trailing blank after 12 digits
  ["123456789012", []], ["12345678901234", []], ["123456789012a", []], ["123456789012 ", []],
  // first or second digit 0
  ["0234567890124", []], ["0034567890124", []], ["1034567890124", []], ["1304567890124", []],
  // digits 2–3 no province has
  ...["28", "29", "59", "68", "69", "78", "79", "87", "88", "89", "97", "98", "99"].map((p): Row => [`1${p}4567890124`, []]),
  // a wrong check digit
  ["1234567890123", []], ["2345678901235", []], ["3456789012346", []],
  ["0000000000000", []], ["1111111111111", []],
];

export const TH_TNIN_CASES: PresidioCase[] = table("TH_TNIN", "test_th_tnin_recognizer.py", ROWS);
