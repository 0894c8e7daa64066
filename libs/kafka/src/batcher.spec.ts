import assert from "node:assert/strict";
import { ProduceBatcher, type SendBatch } from "./batcher.ts";

function msg(topic: string, n: number, size = 10) {
  return { topic, key: `k${n}`, value: Buffer.alloc(size, n) };
}

describe("kafka: natural batching of produce requests", () => {
  it("sends a lone message at once, and what arrives meanwhile together in the next request", async () => {
    const calls: Array<Array<{ topic: string; messages: unknown[] }>> = [];
    let release!: () => void;
    const send: SendBatch = async (tm) => {
      calls.push(tm);
      if (calls.length === 1) await new Promise<void>((r) => (release = r));
    };
    const b = new ProduceBatcher(send);
    const first = b.send([msg("a", 0)]);
    assert.equal(calls.length, 1, "the first message must not wait for company");
    const later = [b.send([msg("a", 1)]), b.send([msg("b", 2)]), b.send([msg("a", 3)])];
    assert.equal(calls.length, 1, "nothing else may go while a request is in flight");
    release();
    await Promise.all([first, ...later]);
    assert.equal(calls.length, 2);
    assert.deepEqual(calls[1]!.map((t) => [t.topic, t.messages.length]), [["a", 2], ["b", 1]]);
  });

  it("rejects exactly the callers whose batch failed", async () => {
    let n = 0;
    let release!: () => void;
    const send: SendBatch = async () => {
      n++;
      if (n === 1) await new Promise<void>((r) => (release = r));
      if (n === 2) throw new Error("broker said no");
    };
    const b = new ProduceBatcher(send);
    const ok = b.send([msg("a", 0)]);
    const failing = b.send([msg("a", 1)]);
    release();
    await ok;
    await assert.rejects(failing, /broker said no/);
    await b.send([msg("a", 2)]);
    assert.equal(n, 3, "the batcher goes on after a failed request");
  });

  it("keeps requests within the message and byte limits, but always sends an oversized message", async () => {
    const sizes: number[][] = [];
    let release!: () => void;
    const send: SendBatch = async (tm) => {
      sizes.push(tm.flatMap((t) => t.messages.map((m) => (m as { value: Buffer }).value.length)));
      if (sizes.length === 1) await new Promise<void>((r) => (release = r));
    };
    const b = new ProduceBatcher(send, { maxMessages: 3, maxBytes: 100 });
    const all = [b.send([msg("a", 0)])];
    for (let i = 1; i <= 5; i++) all.push(b.send([msg("a", i, 40)]));
    all.push(b.send([msg("a", 6, 500)]));
    release();
    await Promise.all(all);
    assert.deepEqual(sizes, [[10], [40, 40], [40, 40], [40], [500]]);
  });
});
