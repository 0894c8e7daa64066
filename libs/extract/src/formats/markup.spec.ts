import assert from "node:assert/strict";
import { boundedParser, MAX_DEPTH } from "./markup.ts";

describe("extract: markup parsed with a bound on nesting (formats/markup.ts)", () => {
  const texts = (xml: string) => {
    const seen: string[] = [];
    const p = boundedParser({ ontext: (t) => seen.push(t) }, { xmlMode: true });
    p.write(xml);
    p.end();
    return { text: seen.join(""), stoppedAt: p.stoppedAt };
  };

  it("reads a document nested as deep as the bound whole", () => {
    const xml = `${"<a>".repeat(MAX_DEPTH)}Jane Roe${"</a>".repeat(MAX_DEPTH)}<b>after</b>`;
    assert.deepEqual(texts(xml), { text: "Jane Roeafter", stoppedAt: null });
  });

  it("stops at the first element past the bound, at once, and says where", () => {
    // (a third of a million unclosed elements: 46 s through htmlparser2 unbounded)
    const before = `<r>x${"<a>".repeat(MAX_DEPTH - 1)}`;
    const { text, stoppedAt } = texts(`${before}<a>${"<a>".repeat(333_000)}Jane Roe`);
    assert.deepEqual([text, stoppedAt], ["x", before.length]);
  });

  it("passes on what a handler throws", () => {
    const p = boundedParser({ ontext: () => { throw new Error("handler"); } }, { xmlMode: true });
    assert.throws(() => p.write("<a>text</a>"), /handler/);
  });
});
