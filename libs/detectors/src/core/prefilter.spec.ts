import assert from "node:assert/strict";
import { DETECTORS } from "../registry.ts";
import { PRESIDIO_CASES } from "../presidio/cases.ts";
import { candidates } from "./engine.ts";
import { rng } from "../testing.ts";
import { words } from "./context.ts";

/** Random texts of digit groups and separators, with letters when `letters` (the shapes identifiers take). */
function texts(seed: number, n: number, letters: boolean): string[] {
  const rand = rng(seed);
  const pick = (chars: string) => chars[Math.floor(rand() * chars.length)]!;
  const piece = () => {
    const r = rand();
    if (r < 0.6) return Array.from({ length: 1 + Math.floor(rand() * rand() * 14) }, () => pick("0123456789")).join("");
    if (r < 0.9 || !letters) return pick("  --./:,()+#@");
    return Array.from({ length: 1 + Math.floor(rand() * 5) }, () => pick("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")).join("");
  };
  return Array.from({ length: n }, () => Array.from({ length: 3 + Math.floor(rand() * 12) }, piece).join(""));
}

describe("core/prefilter: the declared shortcuts hold", () => {
  it("a detector declaring `letter` finds nothing in a text without letters", () => {
    const declared = DETECTORS.filter((d) => d.prefilter.letter);
    assert.ok(declared.length >= 8);
    const corpus = texts(3, 20_000, false);
    for (const det of declared) for (const t of corpus) assert.deepEqual(candidates(det, t), [], `${det.id} found something in ${JSON.stringify(t)}`);
    // The check is not vacuous: detectors that need no letter do find in these texts.
    const bare = DETECTORS.filter((d) => !d.prefilter.letter && !d.ner && ["us_passport", "us_bank_number", "ip_address"].includes(d.id));
    for (const det of bare) assert.ok(corpus.some((t) => candidates(det, t).length > 0), `${det.id} finds nothing in the letterless corpus`);
  });

  it("a detector declaring `minToken` finds nothing in a text whose longest run of letters and digits is shorter", () => {
    const declared = DETECTORS.filter((d) => d.prefilter.minToken);
    assert.ok(declared.length >= 1);
    const rand = rng(9);
    const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    for (const det of declared) {
      const n = det.prefilter.minToken!;
      // tokens up to n - 1 characters (the detector's own alphabet included), any separators
      // ... and Presidio's cases of the type: a declaration one too long fails on its valid values
      const corpus = [...PRESIDIO_CASES.filter((c) => c.type === det.type).map((c) => c.text), ...Array.from({ length: 20_000 }, () =>
        Array.from({ length: 2 + Math.floor(rand() * 6) }, () => Array.from({ length: 1 + Math.floor(rand() * (n - 1)) }, () => alnum[Math.floor(rand() * alnum.length)]).join("")).join(" -_./:"[Math.floor(rand() * 6)]!),
      )];
      for (const t of corpus) {
        const longest = Math.max(...t.split(/[^A-Za-z0-9]+/).map((w) => w.length));
        if (longest >= n) continue;
        assert.deepEqual(candidates(det, t), [], `${det.id} found something in ${JSON.stringify(t)}`);
      }
      // not vacuous: the detector does find in a text with a token long enough
      const hit = PRESIDIO_CASES.find((c) => c.type === det.type && c.spans.length > 0);
      assert.ok(hit && candidates(det, hit.text).length > 0, `${det.id}: no Presidio case found`);
    }
  });

  it("a detector declaring `context` finds nothing in a text without one of its context words", () => {
    const declared = DETECTORS.filter((d) => d.prefilter.context);
    assert.ok(declared.length >= 1);
    const rand = rng(11);
    // names, cue words of several languages, and other words, in lines and sentences
    const pool = ["Anna", "Weber", "Jonas", "Abel", "Berta", "Ozuna", "de", "van", "Vries", "Herr", "Frau", "Monsieur", "Sra.", "Pani", "Sehr", "geehrte", "Liebe", "Mit", "freundlichen", "Grüßen", "Atentamente", "Kontakt", "Dear", "Kind", "regards", "Name", "wird", "Sie", "anrufen", "the", "report", "Montag", "Rechnung", "please", "contact", "talk", "to", "rivolgersi", "a", "contacter", "will", "call", "you", "will call you", "le llamará", "vous contactera"];
    const seps = [" ", " ", " ", ",\n", "\n\n", ": ", ", "];
    const corpus = Array.from({ length: 20_000 }, () => Array.from({ length: 2 + Math.floor(rand() * 8) }, () => pool[Math.floor(rand() * pool.length)]! + seps[Math.floor(rand() * seps.length)]!).join(""));
    for (const det of declared) {
      const terms = det.context.map((t) => ` ${words(t).join(" ")} `);
      let found = 0;
      for (const t of corpus) {
        const has = terms.some((term) => ` ${words(t).join(" ")} `.includes(term));
        const n = candidates(det, t).length;
        if (!has) assert.equal(n, 0, `${det.id} found something in ${JSON.stringify(t)}, which holds none of its context words`);
        found += n;
      }
      // not vacuous: the corpus has texts with a cue, and the detector finds names in some
      assert.ok(found > 100, `${det.id}: ${found} candidates`);
    }
  });

  it("a detector declaring `maxBaseScore` never scores a candidate above it before context", () => {
    const declared = DETECTORS.filter((d) => d.maxBaseScore !== undefined);
    assert.ok(declared.length >= 7);
    const dates = ["born 1980-04-02", "DOB: 12/05/1975", "date of birth 3 March 1990", "March 3rd, 1990", "31.12.1999"];
    const cells = ["Jane Miller", "Maria Garcia", "Houston", "Germany", "DE", "Rio de Janeiro"];
    const labelled = ["Address: 66859 The Rise"];
    const prose = ["The quarterly review with Shakti Varman and Dipankar Kaul moved to Friday."];
    const positions = ["GPS 52.520008, 13.404954", "-33.8688 151.2093"];
    const corpus = [...texts(4, 20_000, true), ...PRESIDIO_CASES.map((c) => c.text), ...dates, ...cells, ...labelled, ...prose, ...positions];
    for (const det of declared) {
      let seen = 0;
      let validated = 0;
      for (const t of corpus) {
        for (const c of candidates(det, t)) {
          seen++;
          const v = c.confirm ? c.confirm() : { score: c.score, validation: c.validation };
          if (v === false) continue;
          if (v.validation) validated++;
          const s = v.score ?? c.score;
          assert.ok(s <= det.maxBaseScore!, `${det.id}: ${JSON.stringify(t.slice(c.start, c.end))} scores ${s} > ${det.maxBaseScore}`);
        }
      }
      assert.ok(seen > 0, `${det.id}: no candidate in the corpus`);
      // (bank, passport and licence numbers and ICD-10 codes are checked for shape only: no validation name)
      if ((det.validate || det.find) && !["us_bank_number", "us_passport", "us_driver_license", "icd10_code"].includes(det.id)) assert.ok(validated > 0, `${det.id}: no validated candidate in the corpus`);
    }
  });
});
