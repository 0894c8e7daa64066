import assert from "node:assert/strict";
import { Closers } from "./lifecycle.ts";

describe("kafka/lifecycle: Closers", () => {
  it("closes the last opened first, runs every closer and throws the first failure after", async () => {
    const log: string[] = [];
    const c = new Closers();
    assert.equal(c.add("a", (x) => log.push(x)), "a");
    c.add("b", () => {
      log.push("b");
      throw new Error("b failed");
    });
    c.add("c", async (x) => {
      log.push(x);
      throw new Error("c failed");
    });
    await assert.rejects(c.closeAll(), /c failed/);
    assert.deepEqual(log, ["c", "b", "a"]);
    await c.closeAll(); // nothing left: closes nothing twice
    assert.deepEqual(log, ["c", "b", "a"]);
  });

  it("a start-up that fails closes what it opened and rethrows its own error", async () => {
    const log: string[] = [];
    const c = new Closers();
    await assert.rejects(
      c.start(async (cl) => {
        cl.add("server", (x) => log.push(x));
        cl.add("client", () => {
          throw new Error("close failed");
        });
        throw new Error("broker unreachable");
      }),
      /broker unreachable/,
    );
    assert.deepEqual(log, ["server"]);
    assert.equal(await new Closers().start(async () => 42), 42);
  });
});
