import assert from "node:assert/strict";
import { phoneNumber } from "./phone_number.ts";
import { scoreOf, spans } from "../testing.ts";

describe("generic/phone_number", () => {
  it("finds national and international numbers with exact spans", () => {
    assert.deepEqual(spans(phoneNumber, "call (415) 555-0132 today"), [[5, 19]]);
    assert.deepEqual(spans(phoneNumber, "Tel: +44 20 7946 0958."), [[5, 21]]);
    assert.deepEqual(spans(phoneNumber, "Mobil +49 151 23456789"), [[6, 22]]);
  });
  it("rejects numbers glued to words, impossible numbering plans and short runs", () => {
    assert.deepEqual(spans(phoneNumber, "id415-555-0132"), []);
    assert.deepEqual(spans(phoneNumber, "+1 000 000 0000"), []);
    assert.deepEqual(spans(phoneNumber, "room 555-01"), []);
  });
  it("does not read IPv4 addresses as phone numbers", () => {
    assert.deepEqual(spans(phoneNumber, "host = 229.163.65.196"), []);
    assert.deepEqual(spans(phoneNumber, "request from 254.24.67.63 took 4 ms"), []);
    // Dotted numbers that are not quads stay phone numbers.
    assert.deepEqual(spans(phoneNumber, "call 415.555.0132"), [[5, 17]]);
  });
  it("context lifts a bare digit run", () => {
    assert.ok(scoreOf(phoneNumber, "mobile: 4155550132") > scoreOf(phoneNumber, "value 4155550132"));
  });
});
