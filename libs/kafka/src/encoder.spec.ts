import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Module, createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { KAFKAJS_ENCODER_MODULE, LARGE_WRITE, patchKafkajsEncoder } from "./encoder.ts";

const require = createRequire(import.meta.url);

type AnyEncoder = any;

/** kafkajs's Encoder as shipped: its file compiled afresh, so the patch does not reach it. */
function unpatchedEncoderClass(): new () => AnyEncoder {
  const m = new Module(KAFKAJS_ENCODER_MODULE) as Module & { _compile(code: string, file: string): void; paths: string[] };
  m.filename = KAFKAJS_ENCODER_MODULE;
  m.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(KAFKAJS_ENCODER_MODULE));
  m._compile(readFileSync(KAFKAJS_ENCODER_MODULE, "utf8"), KAFKAJS_ENCODER_MODULE);
  return m.exports as new () => AnyEncoder;
}

const sizes = [0, 1, 7, LARGE_WRITE - 1, LARGE_WRITE, LARGE_WRITE + 1, 5000, 70_000];
const pick = <T>(xs: T[]): T => xs[randomInt(0, xs.length)]!;

/** Applies the same random writes to an encoder of each class; nested encoders are built alike. */
function randomWrites(a: AnyEncoder, b: AnyEncoder, A: new () => AnyEncoder, B: new () => AnyEncoder, depth: number, reads: Array<[Buffer, Buffer]>): void {
  const steps = randomInt(1, 25);
  for (let i = 0; i < steps; i++) {
    const op = randomInt(0, depth > 0 ? 14 : 12);
    const both = (f: (e: AnyEncoder) => void) => {
      f(a);
      f(b);
    };
    const buf = randomBytes(pick(sizes));
    const str = randomBytes(randomInt(0, 40)).toString("hex");
    const n = randomInt(-(2 ** 31), 2 ** 31);
    switch (op) {
      case 0: both((e) => e.writeInt8(n & 0x7f)); break;
      case 1: both((e) => e.writeInt16(n >> 16)); break;
      case 2: both((e) => e.writeInt32(n)); break;
      case 3: both((e) => e.writeInt64(n * 1000)); break;
      case 4: { const v = pick([str, null]); both((e) => e.writeString(v)); break; }
      case 5: both((e) => e.writeVarIntString(str)); break;
      case 6: { const v = pick([buf, null, str]); both((e) => e.writeBytes(v)); break; }
      case 7: { const v = pick([buf, null, str]); both((e) => e.writeVarIntBytes(v)); break; }
      case 8: { const v = pick([buf, null, str]); both((e) => e.writeUVarIntBytes(v)); break; }
      case 9: both((e) => e.writeBuffer(buf)); break;
      case 10: both((e) => e.writeVarInt(n)); both((e) => e.writeVarLong(n * 3)); break;
      case 11: reads.push([a.buffer, b.buffer]); assert.equal(a.size(), b.size()); break; // kafkajs reads `buffer` mid-way (CRC, sizes)
      case 12: case 13: {
        const [na, nb] = [new A(), new B()];
        randomWrites(na, nb, A, B, depth - 1, reads);
        if (op === 12) {
          a.writeEncoder(na);
          b.writeEncoder(nb);
        } else {
          const [ma, mb] = [new A(), new B()];
          randomWrites(ma, mb, A, B, depth - 1, reads);
          a.writeArray([na, ma], "object");
          b.writeArray([nb, mb], "object");
        }
        break;
      }
    }
  }
}

describe("kafka: kafkajs encoder with fewer copies", () => {
  const Patched = patchKafkajsEncoder();
  const Original = unpatchedEncoderClass();

  it("is kafkajs's Encoder class, patched once", () => {
    assert.equal(require("kafkajs/src/protocol/encoder.js"), Patched);
    assert.equal(patchKafkajsEncoder(), Patched);
    assert.notEqual(Original, Patched);
    assert.notEqual(Original.prototype.writeBufferInternal, (Patched as unknown as { prototype: AnyEncoder }).prototype.writeBufferInternal);
  });

  it("writes the same bytes as the unpatched encoder for random nested writes", () => {
    for (let round = 0; round < 300; round++) {
      const a = new Original();
      const b = new Patched() as AnyEncoder;
      const reads: Array<[Buffer, Buffer]> = [];
      randomWrites(a, b, Original, Patched as unknown as new () => AnyEncoder, 3, reads);
      assert.equal(b.size(), a.size(), `size, round ${round}`);
      const expected = a.buffer as Buffer;
      assert.ok((b.buffer as Buffer).equals(expected), `bytes, round ${round}`);
      assert.ok((b.buffer as Buffer).equals(expected), `bytes read twice, round ${round}`);
      for (const [x, y] of reads) assert.ok(y.equals(x), "a buffer read mid-way stays what it was");
      // Writing on after the result was read leaves that result alone.
      const before = Buffer.from(b.buffer as Buffer);
      const seen = b.buffer as Buffer;
      b.writeBuffer(randomBytes(LARGE_WRITE * 2));
      b.writeInt32(7);
      a.writeBuffer(b.buffer.subarray(before.length, before.length + LARGE_WRITE * 2));
      a.writeInt32(7);
      assert.ok(seen.equals(before));
      assert.ok((b.buffer as Buffer).equals(a.buffer as Buffer));
    }
  });

  it("is applied by importing @filescan/kafka", () => {
    const script = `
      import { createRequire } from "node:module";
      import "@filescan/kafka";
      const Encoder = createRequire(import.meta.url)(${JSON.stringify(KAFKAJS_ENCODER_MODULE)});
      process.stdout.write(String(Encoder[Symbol.for("filescan.kafkajs.encoder.patched")] === true));
    `;
    assert.equal(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }), "true");
  });

  it("keeps kafkajs's errors for things that are not encoders", () => {
    const e = new Patched() as AnyEncoder;
    assert.throws(() => e.writeEncoder({}), /should be an instance of Encoder/);
    assert.throws(() => e.writeEncoderArray([new Patched(), null]), /should be an instance of Encoder\[\]/);
    assert.throws(() => e.writeBuffer("x"), /should be an instance of Buffer/);
  });

  it("encodes a whole produce request (record batches, CRC32C, idempotent fields) byte for byte like plain kafkajs (patched: with the native CRC32C too)", function () {
    this.timeout(30_000);
    const dir = mkdtempSync(path.join(tmpdir(), "kafkajs-encoder-"));
    try {
      const cases = [
        { counts: [1], sizes: [10_900] },
        { counts: [30, 7, 1, 4, 2, 12], sizes: [10_900, 200, LARGE_WRITE, 0, 70_000] },
        { counts: [3, 3], sizes: [5, LARGE_WRITE - 1, 3_000_000] },
      ].map((c) => ({
        partitions: c.counts.map((count, partition) => ({
          partition,
          firstSequence: randomInt(0, 1000),
          messages: Array.from({ length: count }, (_, i) => ({
            key: i % 3 === 2 ? null : randomBytes(32).toString("hex"),
            value: randomBytes(pick(c.sizes)).toString("base64"),
            headers: i % 4 === 1 ? { h: "v", big: randomBytes(2000).toString("base64") } : undefined,
            // Always set: kafkajs stamps messages without one with Date.now(), which differs between the processes.
            timestamp: String(1_700_000_000_000 + (i % 5) * 7),
          })),
        })),
      }));
      writeFileSync(path.join(dir, "cases.json"), JSON.stringify(cases));
      // The same script encodes in this (patched) process and in a fresh one with plain kafkajs.
      const script = (patched: boolean) => `
        import { createRequire } from "node:module";
        import { readFileSync } from "node:fs";
        ${patched ? `await import(${JSON.stringify(path.join(import.meta.dirname, "crc32c.ts"))}); const { patchKafkajsEncoder } = await import(${JSON.stringify(path.join(import.meta.dirname, "encoder.ts"))}); patchKafkajsEncoder();` : ""}
        const require = createRequire(${JSON.stringify(KAFKAJS_ENCODER_MODULE)});
        const Long = require("../utils/long");
        const produce = require("./requests/produce/v7/request");
        const frame = require("./request");
        const cases = JSON.parse(readFileSync(${JSON.stringify(path.join(dir, "cases.json"))}, "utf8"));
        const out = [];
        for (const c of cases) {
          const topicData = [{ topic: "t-a", partitions: c.partitions.map((p) => ({ ...p, messages: p.messages.map((m) => ({ ...m, key: m.key === null ? null : Buffer.from(m.key), value: Buffer.from(m.value, "base64"), headers: m.headers && Object.fromEntries(Object.entries(m.headers).map(([k, v]) => [k, Buffer.from(v)])) })) })) }];
          topicData.push({ topic: "t-b", partitions: topicData[0].partitions.slice(0, 1) });
          const request = produce({ acks: -1, timeout: 30000, transactionalId: null, producerId: Long.fromInt(77), producerEpoch: 3, topicData });
          const encoded = await frame({ correlationId: 42, clientId: "spec", request });
          out.push(encoded.buffer.toString("base64"));
        }
        process.stdout.write(JSON.stringify(out));
      `;
      const run = (patched: boolean) => JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script(patched)], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })) as string[];
      const plain = run(false);
      const patched = run(true);
      assert.equal(patched.length, cases.length);
      for (let i = 0; i < cases.length; i++) {
        const [x, y] = [Buffer.from(patched[i]!, "base64"), Buffer.from(plain[i]!, "base64")];
        let at = 0;
        while (at < x.length && x[at] === y[at]) at++;
        assert.ok(x.equals(y), `case ${i}: ${x.length} vs ${y.length} bytes, first difference at ${at}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
