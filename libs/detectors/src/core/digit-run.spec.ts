import assert from "node:assert/strict";
import { DETECTORS } from "../registry.ts";
import { longestDigitRun, minDigitRun } from "./digit-run.ts";
import { rng } from "../testing.ts";

describe("core/digit-run", () => {
  it("reads the longest digit run a pattern's every match needs", () => {
    assert.equal(minDigitRun(/\d{9}/g), 9);
    assert.equal(minDigitRun(/(?<![0-9])\d{3}-\d{2}-\d{4}(?![0-9])/g), 4);
    assert.equal(minDigitRun(/\d{3}( ?)\d{3}\1\d{3}/g), 3); // the separator may be empty, but the back-reference counts as a break
    assert.equal(minDigitRun(/\d{3} ?\d{3}/g), 3);
    assert.equal(minDigitRun(/\d{12,19}|\d{4}-\d{4}/g), 4);
    assert.equal(minDigitRun(/[0-9]{2}[0-9A-F]\d/g), 2);
    assert.equal(minDigitRun(/[A-Z]{5}\d{4}[A-Z]/g), 4);
    assert.equal(minDigitRun(/a\d*b/g), 0);
    assert.equal(minDigitRun(/x(?:\d\d)+y/g), 2);
    assert.equal(longestDigitRun("a 12-3456 b 789"), 4);
  });

  it("never claims more than a match holds: every detector pattern over random digit-rich text", () => {
    const rand = rng(5);
    const pick = (chars: string) => chars[Math.floor(rand() * chars.length)]!;
    // digit groups of random lengths joined by separators and a few letters: the shapes identifiers take
    const piece = () => {
      const r = rand();
      if (r < 0.6) return Array.from({ length: 1 + Math.floor(rand() * rand() * 12) }, () => pick("0123456789")).join("");
      if (r < 0.9) return pick("  --./");
      return Array.from({ length: 1 + Math.floor(rand() * 5) }, () => pick("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")).join("");
    };
    let checked = 0;
    for (const det of DETECTORS) {
      for (const p of det.patterns) {
        const need = minDigitRun(p.regex);
        for (let t = 0; t < 3000; t++) {
          let text = "";
          const len = 3 + Math.floor(rand() * 10);
          for (let i = 0; i < len; i++) text += piece();
          for (const m of text.matchAll(new RegExp(p.regex.source, p.regex.flags))) {
            checked++;
            assert.ok(longestDigitRun(m[0]) >= need, `${det.id} / ${p.name}: '${m[0]}' has a run shorter than ${need}`);
          }
        }
      }
    }
    assert.ok(checked > 3000, `only ${checked} matches were checked`);
  });
});
