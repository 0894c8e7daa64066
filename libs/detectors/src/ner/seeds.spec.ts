import assert from "node:assert/strict";
import { nameSeeds, seedWordCount } from "./seeds.ts";

describe("ner/seeds", () => {
  it("finds the capitalised names and places compromise's lexicon knows, nothing else", () => {
    const text = "The report from Maria in London was sent to Mr. Okafor; the board, maria and paris did not reply.";
    const at = (w: string) => text.indexOf(w);
    assert.deepEqual(nameSeeds(text), [at("Maria"), at("London"), at("Mr.")]);
    assert.deepEqual(nameSeeds("Quarterly figures improved across all regions."), []);
    assert.ok(seedWordCount > 3000, `only ${seedWordCount} seed words`);
  });
});
