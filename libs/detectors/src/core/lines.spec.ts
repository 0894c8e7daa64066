import assert from "node:assert/strict";
import { nextFeed, prevFeed } from "./lines.ts";

describe("core/lines", () => {
  it("answers as lastIndexOf and indexOf do, on short and indexed texts, at every position", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    // (dense line feeds are found by the near scan, sparse ones through the index)
    for (const [size, density] of [[0, 0.02], [1, 0.02], [40, 0.02], [2047, 0.02], [2048, 0.02], [5000, 0.02], [5000, 0.001], [9000, 0.0005]] as const) {
      const text = Array.from({ length: size }, () => (rand() < density ? "\n" : "a")).join("") + (size > 100 ? "\n\n" : "");
      for (let i = -2; i <= text.length + 2; i++) {
        assert.equal(prevFeed(text, i), text.lastIndexOf("\n", i), `prev ${size} ${i}`);
        assert.equal(nextFeed(text, i), text.indexOf("\n", i), `next ${size} ${i}`);
      }
    }
  });

  it("keeps apart texts of the same length", () => {
    const a = `${"x".repeat(3000)}\n${"y".repeat(1000)}`;
    const b = `${"x".repeat(1000)}\n${"y".repeat(3000)}`;
    assert.deepEqual([prevFeed(a, 3500), prevFeed(b, 3500), prevFeed(a, 3500)], [3000, 1000, 3000]);
  });
});
