/**
 * Test cases of Presidio's Turkish recognizers (identification number TCKN, entity
 * TR_NATIONAL_ID; tax identification number VKN, entity TR_TAX_ID), ported as DATA: input text
 * and the expected entity spans. Sources: microsoft/presidio,
 * presidio-analyzer/tests/test_tr_national_id_recognizer.py (commit
 * 9ac47108e3d4798128fddcbe9dfc6981c38e9833); data-privacy-stack/presidio (Presidio's home since it
 * left the microsoft organisation), the same file's later version (commit
 * 3d82ae82f414c080b48b6b8872b7f6d98f82dd80: its label in capitals) and
 * presidio-analyzer/tests/test_tr_tax_id_recognizer.py (commit
 * ad50ee21bc224338fe27a8d31b7850d1326f9131). Presidio is © Microsoft Corporation and contributors,
 * MIT License; no Presidio code is reproduced. The values their tests only validate
 * (validate_result) are all among these texts.
 */
import { table, whole, type PresidioCase, type Row } from "./case.ts";

const TCKN: Row[] = [
  // both check digits right, alone, after a label, two in a sentence
  ...["10000000146", "76543210794", "36493665440", "53857632436", "94357219628", "79059236630", "64625294480"].map((t): Row => [t, whole(t)]),
  ["TC Kimlik No: 10000000146", [[14, 25]]],
  ["Başvuru sahibinin TCKN numarası 10000000146 olarak tescil edilmiştir.", [[32, 43]]],
  ["Birinci kişi: 10000000146, ikinci kişi: 76543210794", [[14, 25], [40, 51]]],
  // first digit 0; the 10th digit wrong; the 10th right and the 11th wrong; 10 and 12 digits; letters
  ["00000000000", []], ["02531814694", []],
  ["12345678900", []], ["76543210780", []], ["83219500748", []], ["11798724308", []],
  ["10000000145", []], ["62286775983", []], ["97485249605", []],
  ["1234567890", []], ["123456789012", []], ["abcdefghijk", []],
  // English and Turkish labels
  ["Turkish ID 10000000146", [[11, 22]]], ["Türk kimlik numarası 36493665440", [[21, 32]]],
];

/** data-privacy-stack's later version: the label in capitals, as identity documents print it ("İ" lowers to "i" and a dot). */
const TCKN_CAPITALS: Row[] = [["TC KİMLİK NO: 10000000146", [[14, 25]]]];

const VKN: Row[] = [
  // the check digit right (one with a leading 0), alone, after a label, two in a sentence
  ...["5260181599", "0830166136", "1860913903", "9960308245", "6281948215", "9935181908", "9378657978", "5432319485"].map((t): Row => [t, whole(t)]),
  ["Vergi Kimlik No: 5260181599", [[17, 27]]],
  ["Sirketin VKN numarasi 0830166136 olarak tescil edilmistir.", [[22, 32]]],
  ["Birinci firma: 5260181599, ikinci firma: 0830166136", [[15, 25], [41, 51]]],
  // the check digit wrong; 9 and 11 digits; letters
  ["5260181598", []], ["0830166130", []], ["6281948210", []], ["9378657970", []],
  ["123456789", []], ["12345678901", []], ["abcdefghij", []],
  // English and Turkish labels
  ["Turkish tax id 1860913903", [[15, 25]]], ["Mukellef vergi numarasi 9960308245", [[24, 34]]],
];

export const TR_NATIONAL_ID_CASES: PresidioCase[] = [
  ...table("TR_NATIONAL_ID", "test_tr_national_id_recognizer.py", TCKN),
  ...table("TR_NATIONAL_ID", "test_tr_national_id_recognizer.py (data-privacy-stack)", TCKN_CAPITALS),
];
export const TR_TAX_ID_CASES: PresidioCase[] = table("TR_TAX_ID", "test_tr_tax_id_recognizer.py", VKN);
