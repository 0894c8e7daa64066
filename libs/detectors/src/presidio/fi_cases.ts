/**
 * Test cases of Presidio's Finnish personal identity code recognizer, ported as DATA: input text
 * and the expected entity spans. Source: microsoft/presidio,
 * presidio-analyzer/tests/test_fi_personal_identity_code_recognizer.py
 * (commit 3ee013ba84cd2fe0f15849a4c2cf7342a6bf4702). Presidio is © Microsoft Corporation and
 * contributors, MIT License; no Presidio code is reproduced.
 */
import { table, whole, type PresidioCase, type Row } from "./case.ts";

const TYPE = "FI_PERSONAL_IDENTITY_CODE";
const SOURCE = "test_fi_personal_identity_code_recognizer.py";

const ROWS: Row[] = [
  ["010594Y9032", whole("010594Y9032")], ["My personal identity code is: 010594Y9032. Thank you.", [[30, 41]]],
  ["010594Y9021", whole("010594Y9021")], ["020594X903P", whole("020594X903P")], ["020594X903P is my hetu.", [[0, 11]]],
  ["020594X902N", whole("020594X902N")], ["Here's my henkilötunnus 020594X902N.", [[24, 35]]],
  ["030594W903B", whole("030594W903B")], ["030694W9024", whole("030694W9024")],
  ["040594V9030", whole("040594V9030")], ["040594V902Y", whole("040594V902Y")], ["050594U903M", whole("050594U903M")], ["050594U902L", whole("050594U902L")],
  ["010516B903X", whole("010516B903X")], ["010516B902W", whole("010516B902W")], ["020516C903K", whole("020516C903K")], ["020516C902J", whole("020516C902J")],
  ["030516D9037", whole("030516D9037")], ["030516D9026", whole("030516D9026")], ["010501E9032", whole("010501E9032")], ["020502E902X", whole("020502E902X")],
  ["020503F9037", whole("020503F9037")], ["020504A902E", whole("020504A902E")], ["020504B904H", whole("020504B904H")],
  ["111111-111A", []], ["111111+110G", []], ["311190-1111", []], ["310289-211C", []], ["012245A110G", []], ["010324A110G", []],
];

export const FI_PERSONAL_IDENTITY_CODE_CASES: PresidioCase[] = [
  ...table(TYPE, SOURCE, ROWS),
  {
    type: TYPE, text: "My finnish id code is030594W903B.", spans: [[21, 32]], source: SOURCE,
    exception: { reason: "the code is glued to the word before it (\"is030594W903B\"); Presidio's boundary-free 0.1 pattern finds it, we require it to stand apart as every detector here does, so it is not read out of a longer token", ours: [] },
  },
];
