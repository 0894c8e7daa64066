import assert from "node:assert/strict";
import { aDate } from "./address_by_model.ts";

describe("ner/address_by_model (the model's own reading is tested on the real model: test/integration/ner-model.test.ts)", () => {
  it("takes a date the model reads as a street and its number for a date", () => {
    const span = (text: string, value: string) => [text.indexOf(value), text.indexOf(value) + value.length] as const;
    const polish = "Jeziorany, 23 października 2025 r.";
    assert.equal(aDate(polish, ...span(polish, "23 października")), true);
    const portuguese = "Davi Lucca do Sul, 25 de setembro de 2020";
    assert.equal(aDate(portuguese, ...span(portuguese, "do Sul, 25")), true);
    const street = "Ship it to Rua Augusta 274, Lisbon, by Friday.";
    assert.equal(aDate(street, ...span(street, "Rua Augusta 274")), false);
    const may = "1184 Kingsbury Drive, May we call?";
    assert.equal(aDate(may, ...span(may, "1184 Kingsbury Drive")), false, "a month's name after a comma is no date of the span");
  });
});
