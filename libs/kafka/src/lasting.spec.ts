import assert from "node:assert/strict";
import { Lasting } from "./lasting.ts";

describe("kafka/lasting", () => {
  it("is logged when it starts, then at most once per period while it lasts, and its end once", () => {
    let now = 1_000;
    const l = new Lasting(30_000, () => now);
    assert.equal(l.over(), null, "not on: no end to log");
    const logged: number[] = [];
    for (let t = 0; t <= 70_000; t += 2_000) {
      now = 1_000 + t;
      if (l.again()) logged.push(t);
    }
    assert.deepEqual(logged, [0, 30_000, 60_000]);
    assert.deepEqual(l.seen, { count: 36, forMs: 70_000 });
    now += 5_000;
    assert.deepEqual(l.over(), { count: 36, forMs: 75_000 });
    assert.equal(l.over(), null, "its end is logged once");
  });

  it("starts afresh after it was over", () => {
    let now = 0;
    const l = new Lasting(30_000, () => now);
    assert.equal(l.again(), true);
    now = 1_000;
    l.over();
    now = 2_000;
    assert.equal(l.again(), true, "a new start is logged at once");
    assert.deepEqual(l.seen, { count: 1, forMs: 0 });
  });
});
