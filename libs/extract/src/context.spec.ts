import assert from "node:assert/strict";
import { Ctx, Stop, withinBudget } from "./context.ts";
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
  it("emits no NUL, whichever format lets one through: a run of them parts the words it stood between", () => {
    const ctx = new Ctx(DEFAULT_LIMITS);
    ctx.emit({ path: null, depth: 0, base: {} }, "map is done and\0\0\0\0shuffle can begin");
    ctx.emit({ path: null, depth: 0, base: {} }, "\0\0\0");
    assert.deepEqual(ctx.segments.map((s) => s.text), ["map is done and\nshuffle can begin"]);
  });
});
