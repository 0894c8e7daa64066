import assert from "node:assert/strict";
import { nhsChecksum, ukNhs } from "./uk_nhs.ts";
import { scoreOf, spans } from "../testing.ts";

describe("uk/uk_nhs", () => {
  it("accepts mod-11-valid numbers in 3-3-4 or plain form", () => {
    assert.ok(nhsChecksum("9434765919"));
    assert.deepEqual(spans(ukNhs, "NHS No: 943 476 5919"), [[8, 20]]);
    assert.ok(scoreOf(ukNhs, "NHS number 943-476-5919") >= 0.8);
    // Ten plain digits pass mod 11 one time in eleven: alone they are not reported, labelled they are.
    assert.ok(scoreOf(ukNhs, "id=9434765919") < 0.4);
    assert.ok(scoreOf(ukNhs, "NHS number 9434765919") >= 0.6);
    assert.ok(scoreOf(ukNhs, "943 476 5919") >= 0.4);
  });
  it("rejects a wrong check digit, check value 10 and mixed separators", () => {
    assert.equal(nhsChecksum("9434765918"), false);
    assert.deepEqual(spans(ukNhs, "943 476-5919"), []);
    assert.deepEqual(spans(ukNhs, "0000000000"), []);
  });
  it("reads an element's or key's name in camelCase, an acronym first (<NHSNumber>, \"nhsNumber\")", () => {
    const bare = scoreOf(ukNhs, "ref 943 476 5919");
    for (const t of ["<NHSNumber>943 476 5919</NHSNumber>", '"nhsNumber": "943 476 5919"']) assert.ok(scoreOf(ukNhs, t) > bare, t);
  });
});
