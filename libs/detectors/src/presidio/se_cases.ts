/**
 * Test cases of Presidio's Swedish personal identity number recognizer, ported as DATA: input
 * text and the expected entity spans. Source: microsoft/presidio,
 * presidio-analyzer/tests/test_se_personnummer_recognizer.py (commit
 * 01f754ad7781737b262e7f495661f8d97d8fc957). Its valid rows are those of the version at commit
 * 6c020849267b17efa020872177792b0dd2731733 too; that version's invalid rows (199003092393,
 * 200504142381, 189709179809 ...) have real dates and pass Luhn, and were rejected only by a list
 * of Skatteverket's test numbers (fake_pnr.json) that the recognizer no longer reads, so the later
 * rows, which fail the date or the check digit, are the ones ported. Presidio is © Microsoft
 * Corporation and contributors, MIT License; no Presidio code is reproduced.
 */
import { table, whole, type PresidioCase, type Row } from "./case.ts";

const TYPE = "SE_PERSONNUMMER";
const SOURCE = "test_se_personnummer_recognizer.py";

const ROWS: Row[] = [
  ["189004119807", whole("189004119807")],
  ["My personal identity code is: 189110089811. Thank you.", [[30, 42]]],
  ["191005059801", whole("191005059801")], ["198712202384", whole("198712202384")], ["871220-2384", whole("871220-2384")],
  ["199109242397 är mitt pnr.", [[0, 12]]], ["19910924-2397 är mitt pnr.", [[0, 13]]],
  ["199201232387", whole("199201232387")], ["9201232387", whole("9201232387")],
  ["Here's my personnummer 200109022392.", [[23, 35]]],
  ["201109252385", whole("201109252385")], ["20110925-2385", whole("20110925-2385")],
  // the check digit failing, month 13, day 42, letters among the digits
  ["19000309-3393", []], ["19001309-2393", []], ["200504422381", []], ["189x09179809", []], ["18970c17-9809", []],
];

export const SE_PERSONNUMMER_CASES: PresidioCase[] = [
  ...table(TYPE, SOURCE, ROWS),
  {
    type: TYPE, text: "My swedish id code is199003052397.", spans: [[21, 33]], source: SOURCE,
    exception: { reason: "the number is glued to the word before it (\"is199003052397\"); Presidio's boundary-free 0.1 pattern finds it, we require it to stand apart as every detector here does, so it is not read out of a longer token", ours: [] },
  },
];
