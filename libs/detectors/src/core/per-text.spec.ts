import assert from "node:assert/strict";
import { perText } from "./per-text.ts";

describe("core/per-text", () => {
  it("computes once per text in a row, again for another text", () => {
    const seen: string[] = [];
    const length = perText((text) => {
      seen.push(text);
      return text.length;
    });
    assert.deepEqual([length("abc"), length("abc"), length("de"), length("de"), length("abc")], [3, 3, 2, 2, 3]);
    assert.deepEqual(seen, ["abc", "de", "abc"]);
  });
});
