import assert from "node:assert/strict";
import { locator } from "@filescan/contracts";
import { detect } from "../index.ts";
import { trTaxId, vknValid } from "./tr_tax_id.ts";
import { run, scoreOf, spans } from "../testing.ts";

/** The reported findings of the whole registry: type and score. */
const reported = (text: string) => detect([{ text, source: "text", locator: locator() }], { ner: false }).map((f) => `${f.type} ${f.score}`);

describe("tr/tr_tax_id", () => {
  it("accepts the right check digit, a leading 0, and a digit whose t is 9 (worth 9, not 0)", () => {
    // Presidio's vectors: 0830166136, 9378657978 and 5432319485 have a place where t = 9
    for (const v of ["5260181599", "0830166136", "1860913903", "9960308245", "6281948215", "9935181908", "9378657978", "5432319485"]) assert.ok(vknValid(v), v);
    assert.deepEqual(spans(trTaxId, "VKN: 5260181599, 0830166136"), [[5, 15], [17, 27]]);
    assert.equal(run(trTaxId, "VKN 5260181599")[0]!.validation, "vkn_checksum");
  });

  it("rejects a wrong check digit, other lengths and a run of one digit", () => {
    for (const v of ["5260181598", "0830166130", "6281948210", "9378657970", "526018159", "52601815990", "52601815a9"]) assert.equal(vknValid(v), false, v);
    // (4444444444 passes the check digit: a filler)
    assert.equal(vknValid("4444444444"), false);
    assert.deepEqual(spans(trTaxId, "VKN 5260181598 4444444444 123456789 12345678901"), []);
  });

  it("rejects numbers glued to a longer token, after a plus, or written with separators", () => {
    assert.deepEqual(spans(trTaxId, "VKN 15260181599 52601815991 x5260181599 5260181599x 5-5260181599 5260181599.5"), []);
    assert.deepEqual(spans(trTaxId, "VKN +5260181599"), []);
    assert.deepEqual(spans(trTaxId, "VKN 526 018 1599, 526-018-15-99"), []);
  });

  it("never reports it alone (one number in ten passes) and takes a tax label in Turkish, suffixed or in capitals, or English", () => {
    assert.equal(scoreOf(trTaxId, "5260181599"), 0.2);
    for (const t of [
      "Vergi Kimlik No: 5260181599", "VKN: 5260181599", "Vergi no 5260181599", "Vergi numaranız 5260181599 olarak kayıtlı",
      "VERGİ NO: 5260181599", "VERGİ KİMLİK NUMARASI: 5260181599", "Vergi Dairesi / No: Kadıköy / 5260181599", "Mükellef 5260181599",
      "vergi_kimlik_no=5260181599", "Tax number 5260181599", "Turkish tax ID: 5260181599",
    ]) assert.equal(scoreOf(trTaxId, t), 0.55, t);
    assert.equal(scoreOf(trTaxId, "5260181599", "VKN"), 0.55); // a column header
  });

  it("lets another label lower it: an order number, a Russian ИНН", () => {
    // alone, to nothing; beside a tax label, below the threshold
    assert.deepEqual(spans(trTaxId, "order 5260181599"), []);
    assert.deepEqual(spans(trTaxId, "ИНН 5260181599"), []);
    assert.equal(scoreOf(trTaxId, "Sipariş no 5260181599 (vergi no değil)"), 0.25);
    assert.equal(scoreOf(trTaxId, "Tax ID (ИНН): 5260181599"), 0.25);
  });

  it("resolves ten digits valid as a Russian organisation's ИНН too by the label next to them", () => {
    // 6258377789 passes both check digits
    assert.ok(vknValid("6258377789"));
    assert.deepEqual(reported("x 6258377789"), []);
    assert.deepEqual(reported("ИНН 6258377789"), ["RU_TAX_ID 0.55"]);
    assert.deepEqual(reported("Vergi No: 6258377789"), ["TR_TAX_ID 0.55"]);
    // an eleven-digit TCKN under the tax label (a person's tax number is the TCKN) is no VKN
    assert.deepEqual(reported("Vergi Kimlik No: 36493665440"), ["TR_NATIONAL_ID 0.65"]);
  });
});
