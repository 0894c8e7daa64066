import assert from "node:assert/strict";
import { check } from "recheck";
import { DETECTORS } from "@filescan/detectors";

// The detectors' patterns as they run: most are composed at load time (`re(String.raw`…`)`, lists
// of words joined), which the linter's recheck, reading literals, does not see. None may
// backtrack exponentially on some input; polynomial ones are pumped by the "ReDoS" and "long
// line" specs. (Part of `npm run lint:redos`: a minute, too slow for the unit tests.)
describe("lint: the detectors' patterns as compiled", function () {
  this.timeout(600_000);

  it("recheck, as installed here, finds the pattern that hung the extractor (the control)", async () => {
    // the XHTML test before 41612d5: a comment's lazy body could run on through the next comments
    const r = await check(String.raw`^<\?xml[^>]*>\s*(?:<!--[^]*?-->\s*)*(?:<!doctype html[^>]*>\s*)?<html[\s>]`, "i", { timeout: 10_000 });
    assert.equal(r.status === "vulnerable" && r.complexity.type, "exponential");
  });

  it("none backtracks exponentially (recheck)", async () => {
    const bad: string[] = [];
    let n = 0;
    for (const d of DETECTORS) {
      for (const p of d.patterns ?? []) {
        n++;
        const r = await check(p.regex.source, p.regex.flags.replace(/[dgy]/g, ""), { timeout: 10_000 });
        if (r.status === "vulnerable" && r.complexity.type === "exponential") bad.push(`${d.id} ${p.name}: ${r.attack.pattern.slice(0, 120)}`);
      }
    }
    assert.ok(n > 50, `only ${n} patterns read`);
    assert.deepEqual(bad, []);
  });
});
