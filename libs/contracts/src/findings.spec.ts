import assert from "node:assert/strict";
import { countByType, keepFindings, locator, maxFindings, type Finding } from "./index.ts";

const finding = (type: string, score: number, start: number): Finding => ({ type, score, detector: type.toLowerCase(), validation: null, context: [], locator: locator(), start, end: start + 5, masked: "***" });

describe("contracts: the findings an event lists", () => {
  it("keeps every finding when there are no more than the limit", () => {
    const all = [finding("US_SSN", 0.9, 0), finding("EMAIL_ADDRESS", 1, 10)];
    assert.deepEqual(keepFindings(all, 2), all);
  });

  it("shares the limit among the types: a rare type keeps all of its findings, the others the strongest of theirs, in the file's order", () => {
    const mails = Array.from({ length: 300 }, (_, i) => finding("EMAIL_ADDRESS", i % 7 === 0 ? 1 : 0.5, i * 10));
    const phones = Array.from({ length: 100 }, (_, i) => finding("PHONE_NUMBER", i < 50 ? 0.4 : 0.7, 5 + i * 30));
    const ssns = [finding("US_SSN", 0.95, 7), finding("US_SSN", 0.95, 2001)];
    const all = [...mails, ...phones, ...ssns].sort((a, b) => a.start - b.start);
    const kept = keepFindings(all, 62);
    assert.equal(kept.length, 62);
    assert.deepEqual(countByType(kept), { US_SSN: 2, PHONE_NUMBER: 30, EMAIL_ADDRESS: 30 });
    // in the file's order
    assert.deepEqual(kept.map((f) => f.start), [...kept.map((f) => f.start)].sort((a, b) => a - b));
    // of each type the strongest: the 30 phone numbers scored 0.7, the e-mail addresses scored 1 (43 of them) first
    assert.ok(kept.filter((f) => f.type === "PHONE_NUMBER").every((f) => f.score === 0.7));
    assert.ok(kept.filter((f) => f.type === "EMAIL_ADDRESS").every((f) => f.score === 1));
    // among equals the earliest
    assert.deepEqual(kept.filter((f) => f.type === "EMAIL_ADDRESS").map((f) => f.start), mails.filter((f) => f.score === 1).slice(0, 30).map((f) => f.start));
  });

  it("gives a type what the smaller types leave", () => {
    const all = [...Array.from({ length: 10 }, (_, i) => finding("A", 0.5, i)), ...Array.from({ length: 3 }, (_, i) => finding("B", 0.5, 100 + i))];
    assert.deepEqual(countByType(keepFindings(all, 9)), { A: 6, B: 3 });
    // a limit smaller than the number of types lists the largest types' strongest
    assert.equal(keepFindings(all, 1).length, 1);
  });

  it("reads FILESCAN_MAX_FINDINGS: 10,000 unless set, from 1 to 100,000", () => {
    assert.equal(maxFindings({}), 10_000);
    assert.equal(maxFindings({ FILESCAN_MAX_FINDINGS: "250" }), 250);
    assert.throws(() => maxFindings({ FILESCAN_MAX_FINDINGS: "0" }), /from 1 to 100000/);
    assert.throws(() => maxFindings({ FILESCAN_MAX_FINDINGS: "1000000" }), /from 1 to 100000/);
    assert.throws(() => maxFindings({ FILESCAN_MAX_FINDINGS: "many" }), /non-negative integer/);
  });
});
