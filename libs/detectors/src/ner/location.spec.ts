import assert from "node:assert/strict";
import { location } from "./location.ts";
import { run } from "../testing.ts";

const places = (text: string, header = "") => run(location, text, header).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("ner/location", () => {
  it("reports the places compromise reads, stronger with address context", () => {
    assert.deepEqual(places("She moved from Chicago last spring."), ["Chicago"]);
    const [plain] = run(location, "We met in London.");
    const [lived] = run(location, "He lives in London.");
    assert.ok(lived!.score > plain!.score, `${lived!.score} > ${plain!.score}`);
  });
  it("reports no place in a cell of a people column: a first name or surname that is also a place", () => {
    assert.deepEqual(places("London Ward", "name"), []);
    assert.deepEqual(places("Hudson Upton", "Customer"), []);
    assert.deepEqual(places("London", "city"), ["London"]);
    assert.deepEqual(places("The customer name is on file; she lives in London."), ["London"], "a people word in the text is no negative context");
  });
});
