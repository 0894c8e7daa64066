import assert from "node:assert/strict";
import { ProduceBatcher, type SendBatch } from "./batcher.ts";

function msg(topic: string, n: number, size = 10) {
  return { topic, key: `k${n}`, value: Buffer.alloc(size, n) };
}

describe("kafka: batching of produce requests", () => {
  it("without a linger, sends a lone message at once, and what arrives meanwhile together in the next request", async () => {
    const calls: Array<Array<{ topic: string; messages: unknown[] }>> = [];
    let release!: () => void;
    const send: SendBatch = async (tm) => {
      calls.push(tm);
      if (calls.length === 1) await new Promise<void>((r) => (release = r));
    };
    const b = new ProduceBatcher(send, { lingerMs: 0 });
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
    const b = new ProduceBatcher(send, { lingerMs: 0 });
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
    const b = new ProduceBatcher(send, { maxMessages: 3, maxBytes: 100, lingerMs: 0 });
    const all = [b.send([msg("a", 0)])];
    for (let i = 1; i <= 5; i++) all.push(b.send([msg("a", i, 40)]));
    all.push(b.send([msg("a", 6, 500)]));
    release();
    await Promise.all(all);
    assert.deepEqual(sizes, [[10], [40, 40], [40, 40], [40], [500]]);
  });

  it("under load holds a message up to its linger for others to join, and after a quiet spell sends it at once", async () => {
    const calls: Array<{ at: number; sizes: number[] }> = [];
    const send: SendBatch = async (tm) => {
      calls.push({ at: performance.now(), sizes: tm.map((t) => t.messages.length) });
    };
    const b = new ProduceBatcher(send, { lingerMs: 100 });
    await b.send([msg("a", 0)]);
    assert.equal(calls.length, 1, "the first message comes after a quiet spell: it must not wait");
    const t1 = performance.now();
    const second = b.send([msg("a", 1)]);
    await new Promise((r) => setTimeout(r, 60));
    assert.equal(calls.length, 1, "a message right after a send waits for company");
    const third = b.send([msg("a", 2)]);
    await Promise.all([second, third]);
    assert.equal(calls.length, 2, "what came within the linger shares the request");
    assert.deepEqual(calls[1]!.sizes, [2]);
    const waited = calls[1]!.at - t1;
    assert.ok(waited >= 99, `sent after ${waited} ms: before the linger was over`);
    // Had the third message (at ~60 ms) restarted the wait, the request would go at ~160 ms.
    assert.ok(waited < 150, `sent after ${waited} ms: the third message must not restart the wait`);
    await new Promise((r) => setTimeout(r, 120));
    const fourth = b.send([msg("a", 3)]);
    assert.equal(calls.length, 3, "after a quiet spell a message goes at once");
    await fourth;
  });

  it("sends a full batch at once, linger or not", async () => {
    const calls: number[][] = [];
    const send: SendBatch = async (tm) => {
      calls.push(tm.flatMap((t) => t.messages.map((m) => (m as { value: Buffer }).value.length)));
    };
    // Each batcher first sends one message, so the next ones come under load and would linger.
    const byCount = new ProduceBatcher(send, { lingerMs: 60_000, maxMessages: 2 });
    await byCount.send([msg("a", 0)]);
    await byCount.send([msg("a", 1), msg("a", 2)]);
    const byBytes = new ProduceBatcher(send, { lingerMs: 60_000, maxBytes: 100 });
    await byBytes.send([msg("a", 3, 20)]);
    await byBytes.send([msg("a", 4, 100)]);
    assert.deepEqual(calls, [[10], [10, 10], [20], [100]]);
  });
});

describe("kafka: FILESCAN_KAFKA_LINGER_MS", () => {
  it("defaults to 2 ms, takes whole milliseconds, and refuses anything else by name", async () => {
    const { lingerMsFromEnv } = await import("./index.ts");
    assert.equal(lingerMsFromEnv({}), 2);
    assert.equal(lingerMsFromEnv({ FILESCAN_KAFKA_LINGER_MS: "0" }), 0);
    assert.equal(lingerMsFromEnv({ FILESCAN_KAFKA_LINGER_MS: " 20 " }), 20);
    for (const bad of ["-1", "2.5", "soon", "10001"]) {
      assert.throws(() => lingerMsFromEnv({ FILESCAN_KAFKA_LINGER_MS: bad }), /FILESCAN_KAFKA_LINGER_MS must be a whole number/);
    }
  });
});
