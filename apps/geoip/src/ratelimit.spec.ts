import assert from "node:assert/strict";
import { RateLimiter } from "./ratelimit.ts";

describe("geoip rate limiter", () => {
  it("allows a burst of N, then N per second, and says how long to wait", () => {
    let now = 0;
    const rl = new RateLimiter(() => now);
    for (let i = 0; i < 3; i++) assert.equal(rl.take("k", 3), 0);
    assert.equal(rl.take("k", 3), 1);
    now += 340; // one token back after 1/3 s
    assert.equal(rl.take("k", 3), 0);
    assert.equal(rl.take("k", 3), 1);
    assert.equal(rl.take("other", 3), 0, "keys have separate buckets");
  });

  it("rounds Retry-After up for slow rates", () => {
    let now = 0;
    const rl = new RateLimiter(() => now);
    assert.equal(rl.take("k", 0.25), 0, "a burst of at least one");
    assert.equal(rl.take("k", 0.25), 4);
    now += 4000;
    assert.equal(rl.take("k", 0.25), 0);
  });

  it("never limits an unlimited key", () => {
    const rl = new RateLimiter(() => 0);
    for (let i = 0; i < 1000; i++) assert.equal(rl.take("k", null), 0);
  });
});
