import assert from "node:assert/strict";
import { entitiesOf, mergeWindows, MAX_PIECES, modelWords, OVERLAP_CHARS, spansOf, windows, WINDOW_CHARS, type ModelSpan, type WordLabel } from "./rampart_spans.ts";
import { rng } from "../testing.ts";

/** The words of a text and a label per word, by the words' texts ("O" for the others). */
function labelled(text: string, labels: Record<string, string>): { words: ReturnType<typeof modelWords>; labels: WordLabel[] } {
  const words = modelWords(text);
  return { words, labels: words.map((w) => ({ label: labels[text.slice(w.start, w.end)] ?? "O", score: 0.99 })) };
}
const read = (text: string, labels: Record<string, string>) => {
  const l = labelled(text, labels);
  return spansOf(text, l.words, l.labels).map((s) => [s.label, text.slice(s.start, s.end)]);
};

describe("ner/rampart_spans (the model's labels into entities; no model)", () => {
  it("splits words as BERT's basic tokenizer does: letter and digit runs, each other character alone", () => {
    const text = "Dessau-Roßlau, 22. Februar; O'Neil";
    assert.deepEqual(modelWords(text).map((w) => text.slice(w.start, w.end)), ["Dessau", "-", "Roßlau", ",", "22", ".", "Februar", ";", "O", "'", "Neil"]);
  });

  it("runs a label's words on while only blanks part them, a name only by its I- labels", () => {
    const text = "with Jennifer Alvarez at 1184 Kingsbury Drive";
    assert.deepEqual(read(text, { Jennifer: "B-GIVEN_NAME", Alvarez: "B-SURNAME", "1184": "B-BUILDING_NUMBER", Kingsbury: "B-STREET_NAME", Drive: "I-STREET_NAME" }), [
      ["GIVEN_NAME", "Jennifer"],
      ["SURNAME", "Alvarez"],
      ["BUILDING_NUMBER", "1184"],
      ["STREET_NAME", "Kingsbury Drive"],
    ]);
    // a street's words labelled B again after a particle still run on
    assert.deepEqual(read("14 rue de la République", { "14": "B-BUILDING_NUMBER", rue: "B-STREET_NAME", de: "I-STREET_NAME", la: "I-STREET_NAME", "République": "B-STREET_NAME" }), [
      ["BUILDING_NUMBER", "14"],
      ["STREET_NAME", "rue de la République"],
    ]);
  });

  it("leaves out the labels it does not report, those below the threshold, and a name's continuation of nothing", () => {
    assert.deepEqual(read("mail jo@x.org or call 555", { jo: "B-EMAIL", "555": "B-PHONE" }), []);
    const text = "Kind regards,\n\nFrancis Metz\nSales\n";
    assert.deepEqual(read(text, { Francis: "B-GIVEN_NAME", Metz: "B-SURNAME", Sales: "I-SURNAME" }), [
      ["GIVEN_NAME", "Francis"],
      ["SURNAME", "Metz"],
    ]);
    // (a town's continuation across the blank line is a town: the dateline's)
    assert.deepEqual(read("38630 Bad Femke\n\nDessau, 22. Februar", { "38630": "B-ZIP_CODE", Bad: "B-CITY", Femke: "I-CITY", Dessau: "I-CITY" }), [
      ["ZIP_CODE", "38630"],
      ["CITY", "Bad Femke"],
      ["CITY", "Dessau"],
    ]);
    const l = labelled("Ann Lee", { Ann: "B-GIVEN_NAME", Lee: "B-SURNAME" });
    l.labels[1]!.score = 0.4;
    assert.deepEqual(spansOf("Ann Lee", l.words, l.labels).map((s) => s.label), ["GIVEN_NAME"]);
  });

  it("cuts windows of at most 480 characters and 510 pieces that overlap and cover every word", () => {
    const next = rng(17);
    for (let k = 0; k < 200; k++) {
      const text = Array.from({ length: 1 + Math.floor(next() * 600) }, () => "x".repeat(1 + Math.floor(next() * next() * 30))).join(next() < 0.5 ? " " : "\n");
      const words = modelWords(text);
      const pieces = words.map(() => 1 + Math.floor(next() * 4));
      const wins = windows(words, (i) => pieces[i]!);
      const covered = new Set<number>();
      wins.forEach(([first, end], i) => {
        assert.ok(end > first);
        for (let w = first; w < end; w++) covered.add(w);
        const count = pieces.slice(first, end).reduce((a, b) => a + b, 0);
        if (end - first > 1) {
          assert.ok(words[end - 1]!.end - words[first]!.start <= WINDOW_CHARS, "characters");
          assert.ok(count <= MAX_PIECES, "pieces");
        }
        if (i > 0) {
          const [pf, pe] = wins[i - 1]!;
          assert.ok(first > pf && first <= pe, "starts after the previous start, not after its end");
          // (an overlap of about OVERLAP_CHARS, unless the previous window is one long word or two)
          if (first === pe && pe - pf > 2) assert.ok(words[pe - 1]!.end - words[pe - 2]!.start >= OVERLAP_CHARS);
        }
      });
      assert.equal(covered.size, words.length);
    }
    // a word too long to share a window: a window of its own, not one per word before it
    const text = `Sent by Priya Raghunathan, token ${"x".repeat(900)} for the audit.`;
    const words = modelWords(text);
    const wins = windows(words, (i) => Math.ceil((words[i]!.end - words[i]!.start) / 2));
    assert.deepEqual(wins.map(([a, b]) => text.slice(words[a]!.start, words[b - 1]!.end).slice(0, 12)), ["Sent by Priy", "xxxxxxxxxxxx", "for the audi"]);
  });

  it("joins a span that overlapping windows cut into one, and keeps apart what does not overlap", () => {
    const s = (label: ModelSpan["label"], start: number, end: number): ModelSpan => ({ label, start, end, score: 0.9 });
    assert.deepEqual(mergeWindows([s("STREET_NAME", 10, 20), s("CITY", 30, 36), s("STREET_NAME", 15, 28), s("STREET_NAME", 40, 45), s("CITY", 30, 36)]).map((x) => [x.label, x.start, x.end]), [
      ["STREET_NAME", 10, 28],
      ["CITY", 30, 36],
      ["STREET_NAME", 40, 45],
    ]);
  });

  it("makes names of adjacent name parts, addresses of a street with a number or postcode, places of lone towns", () => {
    const ents = (text: string, labels: Record<string, string>) => {
      const l = labelled(text, labels);
      return entitiesOf(text, spansOf(text, l.words, l.labels)).map((e) => [e.type, text.slice(e.start, e.end), e.parts]);
    };
    assert.deepEqual(ents("Jennifer Alvarez, 1184 Kingsbury Drive, Apt 3B\nSacramento, CA 95814", { Jennifer: "B-GIVEN_NAME", Alvarez: "B-SURNAME", "1184": "B-BUILDING_NUMBER", Kingsbury: "B-STREET_NAME", Drive: "I-STREET_NAME", Apt: "B-SECONDARY_ADDRESS", "3B": "I-SECONDARY_ADDRESS", Sacramento: "B-CITY", CA: "B-STATE", "95814": "B-ZIP_CODE" }), [
      ["PERSON", "Jennifer Alvarez", "GIVEN_NAME+SURNAME"],
      ["ADDRESS", "1184 Kingsbury Drive, Apt 3B\nSacramento, CA 95814", "BUILDING_NUMBER+STREET_NAME+SECONDARY_ADDRESS+CITY+STATE+ZIP_CODE"],
    ]);
    // a town and a state alone are places; a street alone is neither
    assert.deepEqual(ents("moved to Denver, Colorado from Main Street", { Denver: "B-CITY", Colorado: "B-STATE", Main: "B-STREET_NAME", Street: "I-STREET_NAME" }), [
      ["LOCATION", "Denver", "CITY"],
      ["LOCATION", "Colorado", "STATE"],
    ]);
  });
});
