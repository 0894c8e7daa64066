/**
 * Test cases of Presidio's Russian recognizers (SNILS, taxpayer number, internal passport),
 * ported as DATA: input text and the expected entity spans. Source: microsoft/presidio,
 * presidio-analyzer/tests/test_ru_snils_recognizer.py, test_ru_inn_recognizer.py and
 * test_ru_passport_recognizer.py (commit 1e1e3e34d4832fbfba438c42032c93bc0e38e695). Presidio is
 * © Microsoft Corporation and contributors, MIT License; no Presidio code is reproduced, only
 * inputs and expected spans. A value its tests only validate (validate_result) is a case of the
 * value alone, found when valid and not found when not.
 */
import { table, whole, type PresidioCase, type Row } from "./case.ts";

const SNILS: Row[] = [
  // the control number 95 (Σ 1·9 + 1·8 + 2·7 + … + 5·1 = 95), alone and after its label
  ["112-233-445 95", whole("112-233-445 95")],
  ["СНИЛС 112-233-445 95", [[6, 20]]],
  // the same account with a wrong control number
  ["112-233-445 00", []], ["112-233-445 01", []],
];

const INN: Row[] = [
  // organisations' (10 digits: Sberbank's, Gazprom's), a person's (12 digits; listed as valid in
  // the test file, which exercises only the organisations'), then after its label
  ["7707083893", whole("7707083893")], ["7736050003", whole("7736050003")], ["500100732259", whole("500100732259")],
  ["ИНН 7707083893", [[4, 14]]],
  // wrong check digits, a wrong length
  ["1234567890", []], ["123456789012", []], ["12345", []],
];

const PASSPORT: Row[] = [
  ["паспорт 45 10 123456", [[8, 20]]], ["серия: 4510 123456", [[7, 18]]], ["паспорт 4510123456", [[8, 18]]],
  ["паспорт гражданина 45 10 123456", [[19, 31]]],
  ["no numbers here", []],
];

export const RU_SNILS_CASES: PresidioCase[] = table("RU_SNILS", "test_ru_snils_recognizer.py", SNILS);
export const RU_TAX_ID_CASES: PresidioCase[] = table("RU_TAX_ID", "test_ru_inn_recognizer.py", INN);
export const RU_PASSPORT_CASES: PresidioCase[] = table("RU_PASSPORT", "test_ru_passport_recognizer.py", PASSPORT);
