import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { estimateTokens } from "./tokens.ts";

/** Pseudo-random bytes (xorshift32): the reference strings are the same on every run and machine. */
function bytes(n: number, seed: number): Buffer {
  const out = Buffer.alloc(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}
const from = (alphabet: string, n: number, seed: number) => [...bytes(n, seed)].map((b) => alphabet[b % alphabet.length]).join("");
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const KOREAN = "개인정보 보호법에 따라 주민등록번호와 계좌번호는 암호화하여 저장해야 합니다. 고객의 이름, 주소, 전화번호를 수집할 때에는 동의를 받아야 합니다. ";

/**
 * Reference data: strings of the shapes that broke the budget, the start of each one's SHA-256
 * (so that a change to the generators above cannot go unnoticed) and its real token count,
 * measured with the tokenizer of the GGUF apps/llm-local serves (SmolLM2-135M-Instruct.Q4_1):
 * node-llama-cpp's `model.tokenize(text).length`, the count engine.ts makes of a prompt
 * (README, "Prompt"). The estimate before 2026-12 said 0.46–0.85 of them (English prose aside).
 */
const REFERENCE: Array<{ name: string; text: string; sha: string; real: number }> = [
  { name: "base64 body", text: bytes(3000, 1).toString("base64"), sha: "e0b1d587dcc1", real: 3253 },
  { name: "hex", text: bytes(2000, 2).toString("hex"), sha: "d489aaea91a3", real: 3607 },
  {
    name: "hash log",
    text: Array.from({ length: 40 }, (_, i) => `${createHash("sha256").update(String(i)).digest("hex")} ${createHash("md5").update(String(i)).digest("hex")}`).join("\n"),
    sha: "87484094c5d1",
    real: 3495,
  },
  { name: "random mixed-case letters", text: from(LOWER + LOWER.toUpperCase(), 4000, 3), sha: "704e955ad703", real: 2901 },
  { name: "random small letters", text: from(LOWER, 4000, 4), sha: "56346a7d9451", real: 2386 },
  { name: "random words of 1–9 letters", text: [...bytes(800, 5)].map((b, i) => from(LOWER, 1 + (b % 9), 100 + i)).join(" "), sha: "230098ce4b61", real: 2632 },
  { name: "Korean prose", text: KOREAN.repeat(20), sha: "b18c48830285", real: 3541 },
  { name: "random Hangul", text: [...bytes(1500, 6)].map((b, i) => String.fromCharCode(0xac00 + ((b * 44 + i * 7919) % 11172))).join(""), sha: "8083f3178dfd", real: 4465 },
  { name: "random CJK", text: [...bytes(1500, 7)].map((b, i) => String.fromCharCode(0x4e00 + ((b * 80 + i * 7919) % 20902))).join(""), sha: "568ea28a9fbe", real: 4029 },
  { name: "digits between spaces", text: from("0123456789", 2000, 8).split("").join(" "), sha: "8e6749f8c0c4", real: 3999 },
  {
    name: "names",
    text: "Nguyen, Oluwaseun, Przybylski, Tshabalala, Kowalczyk, Szczepanski, Wojciechowski, Chukwuemeka, Mwangi, Wanjiru, Vuorinen, Kristjansdottir, Papadopoulos, Venkataraman, Subrahmanyam, Bhattacharya, Okonkwo, Thandiwe, Khumalo, Dlamini, Brzezinski, Strzelczyk. ".repeat(10),
    sha: "a6b0075d6a47",
    real: 1172,
  },
  {
    name: "English prose",
    text: "Dear Ms. Thompson, thank you for your application for the position of Senior Financial Analyst. Your annual salary will be paid in twelve monthly instalments into the bank account you provided. Please bring your passport and your social security card to the human resources office on your first day. ".repeat(8),
    sha: "8bb25ce2d177",
    real: 457,
  },
];

describe("classify: estimateTokens", () => {
  it("never undercounts the real tokenizer on base64, hex, random letters, Korean, CJK (reference counts)", () => {
    for (const { name, text, sha, real } of REFERENCE) {
      assert.equal(createHash("sha256").update(text).digest("hex").slice(0, 12), sha, `${name}: the string its count was measured on`);
      const estimate = estimateTokens(text);
      assert.ok(estimate >= real, `${name}: estimate ${estimate} >= real ${real}`);
      // conservative, not blind: the hostile shapes within 1.4× (English pays more, see tokens.ts)
      if (name !== "English prose") assert.ok(estimate <= real * 1.4, `${name}: estimate ${estimate} <= 1.4 × ${real}`);
    }
    const english = REFERENCE.at(-1)!;
    assert.ok(estimateTokens(english.text) <= english.real * 2.5);
  });

  it("counts by pre-token: digits and punctuation 1, other characters their UTF-8 bytes, a space before a word nothing", () => {
    // (SmolLM2's count in each message)
    assert.equal(estimateTokens(""), 0);
    assert.equal(estimateTokens("1234-5678"), 9, "9");
    assert.equal(estimateTokens("1 2 3"), 5, "5: a space before a digit is a token of its own");
    assert.equal(estimateTokens("a b c"), 3, "3: a space before a letter joins it");
    assert.equal(estimateTokens("日本"), 6, "3: 3 bytes each");
    assert.equal(estimateTokens("é"), 2, "1");
    assert.equal(estimateTokens("🙂"), 4, "2: a surrogate pair is 4 bytes");
    assert.equal(estimateTokens(" ".repeat(40)), 3, "2: a run of spaces, 1 and 1 per 16");
    assert.equal(estimateTokens("the cat"), 2, "2: short words, 1 each");
    assert.equal(estimateTokens("information"), 5, "1: a longer word, 0.45 a letter");
    assert.equal(estimateTokens("xkcdqzvb"), 7, "7: no word's shape, 0.8 a letter");
    assert.equal(estimateTokens("getUserName"), 5, "3: camelCase counts hump by hump");
    assert.equal(estimateTokens("aGVsbG8gd29ybGQ"), 15, "14: base64");
    assert.equal(estimateTokens("cafe1234"), 8, "6: letters against a digit are no word (hex)");
  });

  it("stays cheap: one pass over a megabyte", () => {
    const text = bytes(750_000, 9).toString("base64");
    const t0 = performance.now();
    const n = estimateTokens(text);
    assert.ok(n > 800_000);
    assert.ok(performance.now() - t0 < 500, `${Math.round(performance.now() - t0)} ms`);
  });
});
