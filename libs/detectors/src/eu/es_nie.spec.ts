import assert from "node:assert/strict";
import { esNie } from "./es_nie.ts";
import { spans } from "../testing.ts";

describe("eu/es_nie", () => {
  it("accepts X/Y/Z numbers with the right letter", () => {
    assert.deepEqual(spans(esNie, "NIE X1234567L y Y-1234567-X"), [[4, 13], [16, 27]]);
  });
  it("rejects wrong letters and other prefixes", () => {
    assert.deepEqual(spans(esNie, "X1234567A W1234567L X123456L"), []);
  });
});
