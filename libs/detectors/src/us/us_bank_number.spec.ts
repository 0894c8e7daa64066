import assert from "node:assert/strict";
import { usBankNumber } from "./us_bank_number.ts";
import { run, scoreOf, spans } from "../testing.ts";

describe("us/us_bank_number", () => {
  it("matches 8 to 17 digits and needs account context to be reported", () => {
    assert.deepEqual(spans(usBankNumber, "12345678 and 945456787654"), [[0, 8], [13, 25]]);
    assert.ok(scoreOf(usBankNumber, "Checking account 945456787654") >= 0.4);
    assert.ok(scoreOf(usBankNumber, "945456787654") < 0.4);
  });
  it("an invoice, request or tracking label near the number outweighs an account word further off", () => {
    assert.deepEqual(run(usBankNumber, "account_iban = NO9500995035970\ninvoice_prefix = 299055583").filter((f) => f.score >= 0.4), []);
    assert.ok(scoreOf(usBankNumber, "account_iban = NO9500995035970\npayout_account = 299055583") >= 0.4);
  });
  it("takes no id at the end of a slug or a URL path for an account (botocore's examples, an oss-fuzz link)", () => {
    assert.deepEqual(spans(usBankNumber, '"id": "to-get-information-about-account-settings-1472567568189", https://oss-fuzz.com/testcase-detail/5453052403811658 account'), []);
    assert.ok(scoreOf(usBankNumber, "account: 945456787654") >= 0.4);
  });
  it("takes an eight-digit date for no account, even after an account word (ncurses's patch dates)", () => {
    assert.deepEqual(run(usBankNumber, "leak-checking\n\n20220521\n\t+ improve; account 20030716").map((f) => [f.score, f.validation]), [[0.01, "date_shaped"], [0.01, "date_shaped"]]);
    assert.ok(scoreOf(usBankNumber, "account 20031716") >= 0.4, "no month 17");
  });
  it("rejects shorter, longer and repeated-digit runs", () => {
    assert.deepEqual(spans(usBankNumber, "1234567 123456789012345678 00000000"), []);
  });
});
