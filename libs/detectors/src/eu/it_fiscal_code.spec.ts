import assert from "node:assert/strict";
import { fiscalCheckChar, fiscalCodeValid, itFiscalCode } from "./it_fiscal_code.ts";
import { spans } from "../testing.ts";

describe("eu/it_fiscal_code", () => {
  it("computes the check character and accepts valid codes, omocodia included", () => {
    assert.equal(fiscalCheckChar("RSSMRA85T10A562"), "S");
    assert.ok(fiscalCodeValid("RSSMRA85T10A562S"));
    assert.deepEqual(spans(itFiscalCode, "CF: RSSMRA85T10A562S."), [[4, 20]]);
  });
  it("rejects a wrong check character, bad month letters and impossible days", () => {
    assert.equal(fiscalCodeValid("RSSMRA85T10A562T"), false);
    assert.equal(fiscalCodeValid("RSSMRA85Z10A562S"), false);
    assert.equal(fiscalCodeValid("RSSMRA85T99A562S"), false);
  });
});
