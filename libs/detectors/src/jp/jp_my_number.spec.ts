import assert from "node:assert/strict";
import { jpMyNumber, myNumberValid } from "./jp_my_number.ts";
import { aadhaarValid } from "../in/in_aadhaar.ts";
import { detect } from "../index.ts";
import { locator } from "@filescan/contracts";
import { rng, run, scoreOf, spans } from "../testing.ts";

/** The check digit as the ordinance words it: P_n the n-th digit from the right of the first eleven, Q_n n + 1 up to 6, n − 5 after. */
function ordinanceCheck(d: string): number {
  let sum = 0;
  for (let n = 1; n <= 11; n++) sum += Number(d[11 - n]) * (n <= 6 ? n + 1 : n - 5);
  const r = sum % 11;
  return r <= 1 ? 0 : 11 - r;
}

const found = (text: string) => detect([{ text, source: "text", locator: locator() }], { ner: false }).map((f) => `${f.type} ${text.slice(f.start, f.end)}`);

describe("jp/jp_my_number", () => {
  it("accepts the check digit of the definition, in every case of r (0 and 1 give 0, 2 gives 9, 10 gives 1)", () => {
    for (const d of ["578425247230", "971888242100", "311378304119", "519870198421", "864467136482", "730795574806"]) assert.ok(myNumberValid(d), d);
    // the Digital Agency's example number (its digits count up: found, never reported)
    assert.ok(myNumberValid("123456789018"));
    const next = rng(12);
    let passed = 0;
    for (let i = 0; i < 2000; i++) {
      let d = "";
      for (let k = 0; k < 11; k++) d += Math.floor(next() * 10);
      const c = ordinanceCheck(d);
      assert.ok(myNumberValid(`${d}${c}`), `${d}${c}`);
      if (myNumberValid(`${d}${(c + 1 + Math.floor(next() * 9)) % 10}`)) passed++;
    }
    assert.equal(passed, 0);
  });

  it("rejects every wrong check digit, runs of one digit, other lengths and letters", () => {
    for (let c = 0; c <= 9; c++) if (c !== 6) assert.equal(myNumberValid(`73079557480${c}`), false, String(c));
    assert.equal(myNumberValid("000000000000"), false); // r = 0, check 0: passes the sum, no one's
    assert.equal(myNumberValid("73079557480"), false);
    assert.equal(myNumberValid("7307955748060"), false);
    assert.equal(myNumberValid("7307955748O6"), false);
  });

  it("finds the number plain or as 4-4-4 with one kind of separator, not glued to a longer token", () => {
    assert.deepEqual(spans(jpMyNumber, "マイナンバー：7307 9557 4806"), [[7, 21]]);
    assert.deepEqual(spans(jpMyNumber, "7307-9557-4806 / 730795574806"), [[0, 14], [17, 29]]);
    assert.equal(run(jpMyNumber, "730795574806")[0]!.validation, "my_number_mod11");
    // wrong check digit; mixed, doubled or other separators
    assert.deepEqual(spans(jpMyNumber, "7307 9557 4807, 730795574807, 7307 9557-4806, 7307  9557 4806, 7307.9557.4806, 7307/9557/4806"), []);
    // glued to letters, digits, a dashed token (a UUID's last group), a "+" (a phone number)
    assert.deepEqual(spans(jpMyNumber, "A730795574806 730795574806B 73079557480612 id-730795574806 ac86116e-11bd-4e2a-bfaa-730795574806 +730795574806"), []);
    // three groups of a longer grouped row (a 4-4-4-4 card number, a 1-4-4-4 corporate number)
    assert.deepEqual(spans(jpMyNumber, "7307 9557 4806 1234"), []);
    assert.deepEqual(spans(jpMyNumber, "4 7307 9557 4806"), []);
    assert.deepEqual(spans(jpMyNumber, "4-7307-9557-4806"), []);
  });

  it("does not read a Corporate Number's last twelve digits (法人番号: thirteen digits, check digit first)", () => {
    // check digit 4 = 9 − (Σ of the twelve, weights 1 and 2 from the right, mod 9); the tail is a valid My Number
    assert.deepEqual(spans(jpMyNumber, "法人番号：4730795574806"), []);
    assert.deepEqual(spans(jpMyNumber, "登録番号 T4730795574806"), []);
    assert.deepEqual(found("法人番号：4730795574806"), []);
    // the tax forms' field for either: twelve digits there are an individual's
    assert.deepEqual(found("個人番号又は法人番号：730795574806"), ["JP_MY_NUMBER 730795574806"]);
  });

  it("needs a label in either form; Japanese labels (also run into the sentence), English ones and the column header lift it", () => {
    assert.equal(scoreOf(jpMyNumber, "730795574806"), 0.3);
    assert.equal(scoreOf(jpMyNumber, "7307 9557 4806"), 0.3);
    assert.equal(scoreOf(jpMyNumber, "マイナンバー: 730795574806"), 0.65);
    assert.equal(scoreOf(jpMyNumber, "私のマイナンバーは730795574806です。"), 0.65);
    assert.equal(scoreOf(jpMyNumber, "個人番号カードの番号 7307-9557-4806"), 0.65);
    assert.equal(scoreOf(jpMyNumber, "通知カード記載の番号：7307 9557 4806"), 0.65);
    assert.equal(scoreOf(jpMyNumber, "ﾏｲﾅﾝﾊﾞｰ 730795574806"), 0.65);
    assert.equal(scoreOf(jpMyNumber, "My Number: 7307 9557 4806"), 0.65);
    assert.equal(scoreOf(jpMyNumber, "Individual Number 730795574806"), 0.65);
    assert.equal(scoreOf(jpMyNumber, "730795574806", "my_number"), 0.65);
    assert.equal(scoreOf(jpMyNumber, "730795574806", "マイナンバー"), 0.65);
    // "番号" alone (any number) and "personal number" (a Swedish personnummer's English name) are no label
    assert.equal(scoreOf(jpMyNumber, "番号：730795574806"), 0.3);
    assert.equal(scoreOf(jpMyNumber, "personal number 730795574806"), 0.3);
  });

  it("is lowered by an order's label and, after 'my number', by words of calling (a phone number without its +)", () => {
    assert.deepEqual(spans(jpMyNumber, "注文番号 730795574806, order number 7307 9557 4806"), []);
    assert.equal(scoreOf(jpMyNumber, "注文番号 マイナンバー 730795574806"), 0.35);
    assert.deepEqual(spans(jpMyNumber, "call me on my number 447911123457"), []);
    assert.deepEqual(found("WhatsApp or call my number 447911123457"), []);
    // (730795574806 is no phone number with a "+": "my number" lifts it, and calling words lower it)
    assert.equal(scoreOf(jpMyNumber, "call me on my number 730795574806"), 0.35);
  });

  it("is not lifted by the English 'my number' alone when the digits are a valid phone number without its '+'", () => {
    // a British mobile, a German and an Indian one, each passing the check digit
    for (const d of ["447911123457", "491701234565", "919418273651"]) {
      assert.ok(myNumberValid(d), d);
      assert.equal(scoreOf(jpMyNumber, `my number ${d}`), 0.3, d);
      assert.deepEqual(found(`Thanks for the note! My number is ${d}, text me any time.`), [], d);
      // any other term still lifts them: a Japanese one, "individual number", the key "mynumber"
      assert.equal(scoreOf(jpMyNumber, `マイナンバー：${d}`), 0.65, d);
      assert.equal(scoreOf(jpMyNumber, `Individual Number ${d}`), 0.65, d);
      assert.equal(scoreOf(jpMyNumber, d, "mynumber"), 0.65, d);
      // and so does "my number" written as a key, in the text or as the column's header (bench/detect/layouts.ts)
      assert.equal(scoreOf(jpMyNumber, `my_number: ${d}`), 0.65, d);
      assert.equal(scoreOf(jpMyNumber, `{"myNumber": "${d}"}`), 0.65, d);
      assert.equal(scoreOf(jpMyNumber, d, "my_number"), 0.65, d);
    }
    // digits that are no phone number are lifted by "my number" as before
    assert.equal(scoreOf(jpMyNumber, "my number 730795574806"), 0.65);
  });

  it("wins over an Aadhaar reading of the same digits beside its label, and leaves them to Aadhaar without one", () => {
    assert.ok(aadhaarValid("730795574806") && myNumberValid("730795574806"));
    assert.deepEqual(found("マイナンバー：7307 9557 4806"), ["JP_MY_NUMBER 7307 9557 4806"]);
    assert.deepEqual(found("マイナンバー：730795574806"), ["JP_MY_NUMBER 730795574806"]);
    assert.deepEqual(found("7307 9557 4806"), ["IN_AADHAAR 7307 9557 4806"]);
    assert.deepEqual(found("Aadhaar 7307 9557 4806"), ["IN_AADHAAR 7307 9557 4806"]);
    // a valid My Number alone is not reported; the example number's digits count up: never
    assert.deepEqual(found("ref 864467136482"), []);
    assert.deepEqual(found("マイナンバー：1234 5678 9018"), []);
  });
});
