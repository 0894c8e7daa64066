import assert from "node:assert/strict";
import { entities, trimSpan } from "./compromise_ner.ts";

describe("ner/compromise_ner", () => {
  it("trims titles, prepositions and punctuation from spans", () => {
    const t = "Dear Mr. John Smith, see you in Paris.";
    assert.deepEqual(trimSpan(t, 5, 20), [9, 19]);
    assert.deepEqual(trimSpan(t, 29, 38), [32, 37]);
  });
  it("finds people and places with offsets into the text", () => {
    const t = "Contact Maria Garcia in Paris, France or call Dr. Anna Muller.";
    const got = entities(t).map((e) => [e.label, t.slice(e.start, e.end)]);
    assert.ok(got.some(([l, s]) => l === "PERSON" && s === "Maria Garcia"), JSON.stringify(got));
    assert.ok(got.some(([l, s]) => l === "PERSON" && s === "Anna Muller"), JSON.stringify(got));
    assert.ok(got.some(([l, s]) => l === "LOCATION" && s!.startsWith("Paris")), JSON.stringify(got));
  });
});
