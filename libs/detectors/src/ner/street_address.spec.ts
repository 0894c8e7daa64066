import assert from "node:assert/strict";
import { streetAddress } from "./street_address.ts";
import { run } from "../testing.ts";

const found = (text: string) => run(streetAddress, text).map((f) => text.slice(f.start, f.end));

describe("ner/street_address", () => {
  it("finds US, UK and continental addresses with units and postcodes", () => {
    assert.deepEqual(found("Ship to 742 Evergreen Terrace, Springfield, IL 62704."), ["742 Evergreen Terrace, Springfield, IL 62704"]);
    assert.deepEqual(found("221B Baker Street, London NW1 6XE"), ["221B Baker Street, London NW1 6XE"]);
    assert.deepEqual(found("Wohnhaft Hauptstraße 5, 10115 Berlin"), ["Hauptstraße 5, 10115 Berlin"]);
    assert.deepEqual(found("12 rue de la Paix, 75002 Paris"), ["12 rue de la Paix, 75002 Paris"]);
    assert.deepEqual(found("PO Box 4521, Austin, TX 78701"), ["PO Box 4521, Austin, TX 78701"]);
  });
  it("does not take numbers followed by ordinary words for addresses", () => {
    assert.deepEqual(found("We sold 300 units last year and 12 more today."), []);
  });
});
