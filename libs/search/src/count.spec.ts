import assert from "node:assert/strict";
import { countsAsMade, LLM_UNAVAILABLE } from "./index.ts";

describe("search: which stored analyses count as made", () => {
  const HOUR = 3_600_000;
  const now = Date.parse("2026-12-08T12:00:00Z");
  const at = (ago: number) => new Date(now - ago).toISOString();
  const outage = (ago: number) => ({ analyzer_version: 4, reasons: [LLM_UNAVAILABLE], analyzed_at: at(ago) });

  it("counts one made while the LLM was unavailable until it is as old as the retry window, then no longer", () => {
    const rule = { outageRetryMs: HOUR, now };
    assert.equal(countsAsMade(outage(0), rule), true);
    assert.equal(countsAsMade(outage(HOUR - 1), rule), true, "found before the window: a down LLM does not make crawlers resend everything at once");
    assert.equal(countsAsMade(outage(HOUR), rule), false, "not found after it: crawlers send the file again");
    assert.equal(countsAsMade({ ...outage(HOUR * 2), reasons: ["limit_segments", LLM_UNAVAILABLE] }, rule), false, "among other reasons");
    assert.equal(countsAsMade({ reasons: [LLM_UNAVAILABLE] }, rule), false, "a time that cannot be read: asked again");
    assert.equal(countsAsMade(outage(0), { outageRetryMs: 0, now }), false, "a window of 0: never counts");
  });

  it("counts every other analysis whatever its age: normal ones, FILESCAN_LLM=off's (no reason), an unusable answer's, a bare document", () => {
    const rule = { outageRetryMs: HOUR, now };
    assert.equal(countsAsMade({ analyzer_version: 4, reasons: [], analyzed_at: at(1000 * HOUR) }, rule), true);
    assert.equal(countsAsMade({ analyzer_version: 4, reasons: ["llm_invalid_output"], analyzed_at: at(1000 * HOUR) }, rule), true);
    assert.equal(countsAsMade({}, rule), true);
    assert.equal(countsAsMade(undefined, rule), true);
  });

  it("counts an outage's analysis for good without a window (as before), and applies the minimum version to it too", () => {
    assert.equal(countsAsMade(outage(1000 * HOUR), { now }), true);
    assert.equal(countsAsMade(outage(0), { minVersion: 5, outageRetryMs: HOUR, now }), false);
    assert.equal(countsAsMade({ analyzer_version: 3, reasons: [] }, { minVersion: 4 }), false);
    assert.equal(countsAsMade({ analyzer_version: 4, reasons: [] }, { minVersion: 4 }), true);
  });
});
