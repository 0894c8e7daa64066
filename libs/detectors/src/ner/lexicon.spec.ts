import assert from "node:assert/strict";
import { knownAsWord, tagsNotAName, tagsOf, withoutAccents } from "./lexicon.ts";

describe("ner/lexicon", () => {
  it("gives the tags of words it knows, as a list", () => {
    assert.ok(tagsOf("said")?.length);
    assert.ok(tagsOf("john")?.some((t) => t.endsWith("Name")));
    assert.equal(tagsOf("zboncak"), null);
  });
  it("gives a word's tags only when none is a name's", () => {
    assert.deepEqual(tagsNotAName("add"), ["Infinitive"]);
    assert.equal(tagsNotAName("mark"), null, "a verb, and a first name too");
    assert.equal(tagsNotAName("zboncak"), null, "unknown");
  });
  it("reads an accented word it does not know without its accents when that is a name, composed or decomposed", () => {
    for (const [w, plain] of [["maría", "maria"], ["josé", "jose"], ["garcía", "garcia"], ["lópez", "lopez"], ["núñez", "nunez"], ["gonçalves", "goncalves"], ["joão", "joao"], ["müller", "muller"], ["maría".normalize("NFD"), "maria"]]) assert.deepEqual(tagsOf(w!), tagsOf(plain!), w);
    assert.equal(withoutAccents("łukasz"), "lukasz");
    assert.equal(withoutAccents("søren"), "soren");
    // an accented word that is an English word, or a place, unaccented is not that word: it stays unknown
    for (const w of ["café", "méxico", "rosé", "perú", "bogotá"]) assert.equal(tagsOf(w), null, w);
  });
  it("knows no word from an object's prototype (a word is a key, not a property)", () => {
    for (const w of ["constructor", "__proto__", "tostring", "hasownproperty", "valueof"]) assert.equal(tagsOf(w), null, w);
    assert.equal(knownAsWord("constructor"), false);
  });
});
