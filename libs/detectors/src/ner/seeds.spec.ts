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

  it("for the NER model, also the capitalised words no word list knows, but not acronyms, known words' compounds or a sentence's lone first word", () => {
    const text = "Voluptas quo autem. The review with Priya Raghunathan and the AI-driven SMS team moved. Oluwaseun Adeyemi agreed; Professional-grade kits from Lind-Kuvalis.";
    const at = (w: string) => text.indexOf(w);
    assert.deepEqual(nameSeeds(text, true), [at("Priya"), at("Raghunathan"), at("Oluwaseun"), at("Adeyemi"), at("Lind-Kuvalis")]);
    // (without the model, none of these: the lexicon knows none of them)
    assert.deepEqual(nameSeeds(text), []);
  });
});
