import assert from "node:assert/strict";
import { placeInDateline } from "./place_in_dateline.ts";
import { run } from "../testing.ts";

const found = (text: string) => run(placeInDateline, text).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("ner/place_in_dateline", () => {
  it("finds the place heading a dateline, at a line start only", () => {
    assert.deepEqual(found("Mesa, Mon Nov 23 2026\n\nDear Shawn,"), ["Mesa"]);
    assert.deepEqual(found("Letter\nReading, 3 March 2026\n"), ["Reading"]);
    assert.deepEqual(found("Kalamazoo, 2026-03-01"), ["Kalamazoo"]);
    assert.deepEqual(found("We met Reading, 3 March 2026"), []);
    // a weekday heading a date (iso-codes' and dpkg's change logs)
    assert.deepEqual(found("Tobias Toedter <t.toedter@gmx.net>\nMon, 7 January 2008\nMonday, 2026-03-01\nSun, 4 Dec 2006"), []);
    assert.equal(run(placeInDateline, "Lincoln, Sun Nov 22 2026")[0]!.score, 0.9);
  });
  it("reads names with two small words between capitalised ones, and an elided d'", () => {
    assert.deepEqual(found("Saint Vincent and the Grenadines, Tue Nov 24 2026"), ["Saint Vincent and the Grenadines"]);
    assert.deepEqual(found("Democratic Republic of the Congo, 2026-03-01"), ["Democratic Republic of the Congo"]);
    assert.deepEqual(found("Côte d'Ivoire, 3 March 2026"), ["Côte d'Ivoire"]);
    assert.deepEqual(found("Coeur d’Alene, Mon Nov 23 2026"), ["Coeur d’Alene"]);
  });
  it("reads the date as other languages write it", () => {
    assert.deepEqual(found("Trier, 5. Februar 2019\n"), ["Trier"]);
    assert.deepEqual(found("Angers, le 16 février 2019\n"), ["Angers"]);
    assert.deepEqual(found("Oviedo, 9 de noviembre de 2024\n"), ["Oviedo"]);
    assert.deepEqual(found("Chełm, 26 września 2026 r.\n"), ["Chełm"]);
    assert.deepEqual(found("Bourges, le temps\n"), []);
  });
  it("takes only a known place that is all there is before the comma", () => {
    assert.deepEqual(found("Anna Smith, Mon Nov 23 2026"), []);
    assert.deepEqual(found("East Kiaraview, Mon Nov 23 2026"), []);
    assert.deepEqual(found("Mesa, the city"), []);
  });
});
