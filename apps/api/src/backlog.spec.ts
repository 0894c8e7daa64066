import assert from "node:assert/strict";
import { BacklogGauge } from "./backlog.ts";

describe("backlog gauge", () => {
  it("reads the lag at most once per TTL however many requests ask", async () => {
    let reads = 0;
    const g = new BacklogGauge(async () => ++reads * 10, 200);
    const first = await Promise.all(Array.from({ length: 20 }, () => g.current()));
    assert.deepEqual(new Set(first), new Set([10]));
    assert.equal(reads, 1);
    await g.current();
    assert.equal(reads, 1);
    await new Promise((r) => setTimeout(r, 250));
    // Stale value served while the new reading is fetched, then the new one.
    assert.equal(await g.current(), 10);
    await new Promise((r) => setTimeout(r, 10));
    assert.equal(await g.current(), 20);
    assert.equal(reads, 2);
  });

  it("keeps the last value when a reading fails, and answers null before any reading", async () => {
    let fail = true;
    const errors: unknown[] = [];
    const g = new BacklogGauge(async () => {
      if (fail) throw new Error("down");
      return 5;
    }, 0, (e) => errors.push(e));
    assert.equal(await g.current(), null);
    fail = false;
    assert.equal(await g.current(), 5);
    fail = true;
    await g.current();
    await new Promise((r) => setTimeout(r, 5));
    assert.equal(await g.current(), 5);
    assert.ok(errors.length >= 2);
  });
});
