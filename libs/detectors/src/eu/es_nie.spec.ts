import assert from "node:assert/strict";
import { esNie } from "./es_nie.ts";
import { run, spans } from "../testing.ts";

describe("eu/es_nie", () => {
  it("accepts X/Y/Z numbers with the right letter", () => {
    assert.deepEqual(spans(esNie, "NIE X1234567L y Y-1234567-X"), [[4, 13], [16, 27]]);
  });
  it("rejects wrong letters and other prefixes", () => {
    assert.deepEqual(spans(esNie, "X1234567A W1234567L X123456L"), []);
  });
  it("takes no HTML character reference for an NIE, and reports a lower-case control letter only with an NIE word near", () => {
    const reported = (text: string) => run(esNie, text).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));
    assert.deepEqual(reported(" *   - hex refs      &#x3a; &#X3A; &#x0000003a; &#X0000003A; &#x3a   (same)"), []);
    assert.deepEqual(reported("ref x1234567l"), []);
    assert.deepEqual(reported("NIE: x1234567l; X1234567L"), ["x1234567l", "X1234567L"]);
  });
});
