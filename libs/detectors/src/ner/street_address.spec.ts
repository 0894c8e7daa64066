import assert from "node:assert/strict";
import { streetAddress } from "./street_address.ts";
import { run } from "../testing.ts";

// What counts at the default minimum score (0.4).
const found = (text: string) => run(streetAddress, text).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("ner/street_address", () => {
  it("finds US, UK and continental addresses with units and postcodes", () => {
    assert.deepEqual(found("Ship to 742 Evergreen Terrace, Springfield, IL 62704."), ["742 Evergreen Terrace, Springfield, IL 62704"]);
    assert.deepEqual(found("221B Baker Street, London NW1 6XE"), ["221B Baker Street, London NW1 6XE"]);
    assert.deepEqual(found("Wohnhaft Hauptstraße 5, 10115 Berlin"), ["Hauptstraße 5, 10115 Berlin"]);
    assert.deepEqual(found("12 rue de la Paix, 75002 Paris"), ["12 rue de la Paix, 75002 Paris"]);
    assert.deepEqual(found("PO Box 4521, Austin, TX 78701"), ["PO Box 4521, Austin, TX 78701"]);
  });
  it("takes the other USPS suffixes with an address word near, or completed by city, state and ZIP", () => {
    assert.deepEqual(found("Please note my address: 25273 Nathen Hollow. Thanks"), ["25273 Nathen Hollow"]);
    assert.deepEqual(found("Shipping to 70223 Satterfield Island"), ["70223 Satterfield Island"]);
    assert.deepEqual(found("8290 Jerrod Courts, Springfield, IL 62704"), ["8290 Jerrod Courts, Springfield, IL 62704"]);
  });
  it("does not take numbers followed by ordinary words for addresses", () => {
    assert.deepEqual(found("We sold 300 units last year and 12 more today."), []);
    assert.deepEqual(found("Top 10 Key Points of the plan"), []);
    assert.deepEqual(found("Chapter 4 Light Rail Station opened"), []);
  });
});
