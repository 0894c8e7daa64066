import assert from "node:assert/strict";
import { Ctx, Stop, withinBudget, withoutQuotedText } from "./context.ts";
import { run } from "./test-util/run.ts";
import { DEFAULT_LIMITS } from "./limits.ts";

describe("extract: the extraction context (context.ts)", () => {
  it("leaves no parser's rejection unhandled when the budget is spent before the race (a fuzzed RAR ended the process)", async () => {
    const ctx = new Ctx({ ...DEFAULT_LIMITS, timeBudgetMs: 0 });
    await new Promise((r) => setTimeout(r, 5));
    const unhandled: unknown[] = [];
    const seen = (e: unknown) => unhandled.push(e);
    process.on("unhandledRejection", seen);
    try {
      await assert.rejects(withinBudget(ctx, Promise.reject(new Error("the parser failed after the budget"))), (e) => e instanceof Stop && e.code === "limit_time");
      await new Promise((r) => setTimeout(r, 10));
      assert.deepEqual(unhandled, []);
    } finally {
      process.off("unhandledRejection", seen);
    }
  });
  it("keeps the file's text a parser quotes out of reasons (V8's JSON.parse: \"John Smith\"... is not valid JSON)", async () => {
    const said = (text: string) => {
      try {
        JSON.parse(text);
      } catch (e) {
        return withoutQuotedText((e as Error).message);
      }
      return "";
    };
    for (const text of ["John Smith 536-22-1234 and more text after it", "John", '{"name": Jane Roe, "ssn": "536-22-1234"}', `${"x".repeat(200)} Jane "Roe" 536-22-1234`]) {
      const m = said(text);
      assert.match(m, /^Unexpected token '.', \(the text withheld\) is not valid JSON$/, m);
    }
    assert.equal(said("[1] 2"), "Unexpected non-whitespace character after JSON at position 4 (line 1 column 5)", "a position is no text");
    // through a format that reads JSON: a HAR that is not JSON
    const r = await run(Buffer.from("John Smith 536-22-1234 is no HAR"), "export.har");
    assert.equal(r.reasons.length, 1);
    assert.doesNotMatch(r.reasons[0]!.message, /John|536/);
    assert.match(r.reasons[0]!.message, /^har: Unexpected token 'J', \(the text withheld\) is not valid JSON; read as text$/);
  });

  it("emits no NUL, whichever format lets one through: a run of them parts the words it stood between", () => {
    const ctx = new Ctx(DEFAULT_LIMITS);
    ctx.emit({ path: null, depth: 0, base: {} }, "map is done and\0\0\0\0shuffle can begin");
    ctx.emit({ path: null, depth: 0, base: {} }, "\0\0\0");
    assert.deepEqual(ctx.segments.map((s) => s.text), ["map is done and\nshuffle can begin"]);
  });
});
