import assert from "node:assert/strict";
import nlp from "compromise";
import { fastSweep, sweeps } from "./fast_sweep.ts";
import { nerSampleTexts as texts } from "../testing.ts";

/** Everything compromise concluded about a text: every term's tags, and the people and places. */
function analysis(text: string): string {
  const doc = nlp(text);
  // Term ids come from a running counter (they differ between any two parses); all else must not.
  const noIds = (k: string, v: unknown) => (k === "id" ? undefined : v);
  return JSON.stringify({
    terms: doc.json({ terms: { tags: true, offset: true } }),
    people: doc.people().json({ offset: true }),
    places: doc.places().json({ offset: true }),
  }, noIds);
}

describe("ner/fast_sweep", () => {
  afterEach(() => fastSweep(true));

  it("tags every text exactly as compromise's own sweep does", () => {
    const all = texts();
    // The windows NER reads are joined into batches; sweep those too.
    all.push(all.slice(0, 30).join("\n\n"));
    fastSweep(false);
    const plain = all.map(analysis);
    fastSweep(true);
    const fast = all.map(analysis);
    for (let i = 0; i < all.length; i++) assert.ok(fast[i] === plain[i], `text ${i} tagged differently: ${all[i]!.slice(0, 80)}`);
  });

  it("picks and runs the same rules, in the same order, on every sentence of every net", () => {
    const all = texts();
    let calls = 0;
    sweeps.install((docs, net, m, opts) => {
      calls++;
      const theirs = sweeps.original(docs, net, m, opts) as Array<{ match: string; pointer: unknown }>;
      const ours = sweeps.fast(docs, net, m, opts) as Array<{ match: string; pointer: unknown }>;
      const show = (r: typeof ours) => JSON.stringify(r.map((x) => [x.match, x.pointer]));
      assert.ok(show(ours) === show(theirs), `call ${calls}: ${show(ours).slice(0, 300)}\n!==\n${show(theirs).slice(0, 300)}`);
      return theirs;
    });
    for (const t of all) analysis(t);
    assert.ok(calls >= all.length, `bulkMatch ran ${calls} times`);
  });

  it("still finds people and places (the comparison is not between two empty results)", () => {
    const doc = nlp("Contact Maria Garcia in Paris, France.");
    assert.ok((doc.people().json() as unknown[]).length > 0);
    assert.ok((doc.places().json() as unknown[]).length > 0);
  });
});
