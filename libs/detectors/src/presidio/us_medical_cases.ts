/**
 * Test cases of Presidio's US DEA number (MEDICAL_LICENSE) and Medicare Beneficiary Identifier
 * (US_MBI) recognizers, ported as data. Presidio is © Microsoft Corporation and contributors,
 * MIT License; no Presidio code is reproduced, only inputs and expected spans.
 * Sources (microsoft/presidio, presidio-analyzer/tests/):
 *   test_medical_license_recognizer.py  an earlier version, which imports the recognizer from
 *                                       presidio_analyzer.predefined_recognizers.medical_license_recognizer
 *                                       (before the recognizers moved under country_specific/): five
 *                                       cases, "GL0285191 EU4488929" … "123 456\n789"; the copy read
 *                                       was stored without its commit
 *   test_dea_number_recognizer.py       820894185a17bd671c7923cbcdfa015f1de7ed50 (entity DEA_NUMBER there)
 *   test_us_mbi_recognizer.py           14da1a6db3822baa0b47300064e605e0ab11164a
 * Not ported: the test_medical_license_recognizer.py stored at 1235f1e3b2f16bc27bad61ce43bf230fe07e0892,
 * whose values found ("G92341666", "ZY1364061" …) fail the check digit or start with a letter
 * Presidio's own pattern refuses: it tests another recognizer.
 */
import { table, type PresidioCase } from "./case.ts";

const MEDICAL_LICENSE = [
  ...table("MEDICAL_LICENSE", "test_medical_license_recognizer.py", [
    ["GL0285191 EU4488929", [[0, 9], [10, 19]]],
    ["K92993548", [[0, 9]]],
    ["my certificate number is: BB1388568", [[26, 35]]],
    // the check digit failing
    ["The DEA number is  BG8207031", []],
    ["123 456\n789", []],
  ]),
  ...table("MEDICAL_LICENSE", "test_dea_number_recognizer.py", [
    ["BE1234563", [[0, 9]]],
    // the initial in lower case
    ["Gn2494932", [[0, 9]]],
    ["Gz1234563", [[0, 9]]],
    // the check digit failing; N, no registrant type
    ["cA3561105", []],
    ["Nu2494932", []],
  ]),
];

const US_MBI = table("US_MBI", "test_us_mbi_recognizer.py", [
  ["1EG4-TE5-MK73", [[0, 13]]],
  ["1EG4TE5MK73", [[0, 11]]],
  ["Patient 1EG4-TE5-MK73 and 2AG9-XC4-NN22", [[8, 21], [26, 39]]],
  ["9XX9-XX9-XX99", [[0, 13]]],
  ["Medicare ID: 3CD5-FG7-HJ89", [[13, 26]]],
  ["The MBI is 4EF6GH8JK12 for this patient", [[11, 22]]],
  // S, L, O, I, B and Z, letters an MBI never holds
  ["1SG4-TE5-MK73", []],
  ["1EG4-LE5-MK73", []],
  ["1EG4-TE5-OK73", []],
  ["1EG4-TE5-MI73", []],
  ["1BG4-TE5-MK73", []],
  ["1EG4-ZE5-MK73", []],
  // a letter first, a digit second, ten and twelve characters
  ["AEG4-TE5-MK73", []],
  ["12G4-TE5-MK73", []],
  ["1EG4TE5MK7", []],
  ["1EG4TE5MK734", []],
  ["1eg4-te5-mk73", [[0, 13]]],
]);

export const US_MEDICAL_CASES: PresidioCase[] = [...MEDICAL_LICENSE, ...US_MBI];
