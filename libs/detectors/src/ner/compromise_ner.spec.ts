import assert from "node:assert/strict";
import nlp from "compromise";
import { Faker, base as baseLocale, en, de, fr } from "@faker-js/faker";
import { entities, trimSpan } from "./compromise_ner.ts";

/** The spans as compromise's json() gives them, trimmed the same way: what entities() replaced. */
function viaJson(text: string): Array<[string, number, number]> {
  const doc = nlp(text);
  const out: Array<[string, number, number]> = [];
  for (const [label, view] of [["PERSON", doc.people()], ["LOCATION", doc.places()]] as const) {
    for (const it of view.json({ offset: true }) as Array<{ offset?: { start: number; length: number } }>) {
      if (!it.offset) continue;
      const [s, e] = trimSpan(text, it.offset.start, it.offset.start + it.offset.length);
      if (e - s < 2 || !/\p{Lu}/u.test(text.slice(s, e))) continue;
      if (label === "PERSON" && e - s <= 3 && !/\p{Ll}/u.test(text.slice(s, e))) continue;
      out.push([label, s, e]);
    }
  }
  return out;
}

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
  it("takes no person of two or three capitals (country codes)", () => {
    for (const t of ["MR", "MS", "LY", "Contact MR today"]) assert.deepEqual(entities(t).filter((e) => e.label === "PERSON"), [], t);
    assert.ok(entities("Contact Mr Al Li today").some((e) => e.label === "PERSON"));
  });
  it("reads the same spans off term offsets as compromise's json() gives", () => {
    const texts = [
      "Dear Mr. John Smith, I met (Mary Jones's) friend in Paris, France last week.",
      "\"Anna-Lena O'Brien\" lives at 12 Baker Street, London.",
      "Kind regards,\nPeter O'Neil\nHead of Sales, Acme Ltd, Springfield, IL 62704",
    ];
    for (const locale of [en, de, fr]) {
      const f = new Faker({ locale: [locale, en, baseLocale] });
      f.seed(5);
      for (let i = 0; i < 60; i++) {
        texts.push(`${f.person.prefix()} ${f.person.fullName()} (${f.location.city()}) wrote to "${f.person.firstName()} ${f.person.lastName()}" in ${f.location.country()}; ${f.lorem.sentence()} ${f.person.fullName()}'s office, ${f.location.streetAddress()}, ${f.location.state()}.`);
      }
    }
    let spans = 0;
    for (const t of texts) {
      const ours = entities(t).map((e) => [e.label, e.start, e.end]);
      assert.deepEqual(ours, viaJson(t), t);
      spans += ours.length;
    }
    assert.ok(spans > texts.length, `only ${spans} spans in ${texts.length} texts`);
  });
});
