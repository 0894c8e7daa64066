import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import { Module } from "node:module";
import { readFileSync } from "node:fs";
import path from "node:path";
import { KAFKAJS_MURMUR2_MODULE, murmur2 } from "./murmur2.ts";

/** kafkajs's murmur2 as shipped: its file compiled afresh (the require cache may hold ours). */
function kafkajsMurmur2(): (key: unknown) => number {
  const m = new Module(KAFKAJS_MURMUR2_MODULE) as Module & { _compile(code: string, file: string): void; paths: string[] };
  m.filename = KAFKAJS_MURMUR2_MODULE;
  m.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(KAFKAJS_MURMUR2_MODULE));
  m._compile(readFileSync(KAFKAJS_MURMUR2_MODULE, "utf8"), KAFKAJS_MURMUR2_MODULE);
  return m.exports as (key: unknown) => number;
}

describe("kafka: murmur2 for kafkajs's default partitioner", () => {
  const reference = kafkajsMurmur2();

  it("hashes like kafkajs's murmur2: sha256 keys, random strings and buffers of every length mod 4, numbers", () => {
    const keys: unknown[] = ["", "a", "ab", "abc", "abcd", "21", 21, "é ü 漢字 😀", Buffer.alloc(0), Buffer.from([0xff, 0xff, 0xff, 0xff, 0x80])];
    for (let i = 0; i < 2000; i++) keys.push(randomBytes(32).toString("hex"));
    for (let i = 0; i < 500; i++) keys.push(randomBytes(randomInt(0, 200)));
    for (let i = 0; i < 500; i++) keys.push(randomBytes(randomInt(0, 60)).toString("latin1"));
    for (const key of keys) assert.equal(murmur2(key), reference(key), `key ${JSON.stringify(key)}`);
  });

  it("matches the Java client's murmur2 on known keys", () => {
    // Kafka's UtilsTest.testMurmur2 cases.
    const cases: Array<[string, number]> = [
      ["21", -973932308],
      ["foobar", -790332482],
      ["a-little-bit-long-string", -985981536],
      ["a-little-bit-longer-string", -1486304829],
      ["lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8", -58897971],
    ];
    for (const [key, hash] of cases) assert.equal(murmur2(key), hash, key);
  });

  it("is the function kafkajs's default partitioner uses once @filescan/kafka is imported", () => {
    const script = `
      import { createRequire } from "node:module";
      import "@filescan/kafka";
      import { murmur2 } from ${JSON.stringify(path.join(import.meta.dirname, "murmur2.ts"))};
      const require = createRequire(${JSON.stringify(KAFKAJS_MURMUR2_MODULE)});
      const partitionerModule = require.resolve("./index.js");
      const used = require.cache[partitionerModule].children.find((c) => c.id.endsWith("murmur2.js"));
      // And partitions as before: key -> toPositive(murmur2) % partitions, through kafkajs's own partitioner.
      const { Partitioners } = require("kafkajs");
      const partition = Partitioners.DefaultPartitioner()({ topic: "t", partitionMetadata: [0, 1, 2, 3, 4, 5].map((p) => ({ partitionId: p, leader: 1 })), message: { key: "foobar" } });
      process.stdout.write(JSON.stringify({ ours: used?.exports === murmur2, partition }));
    `;
    const out = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" })) as { ours: boolean; partition: number };
    assert.deepEqual(out, { ours: true, partition: (-790332482 & 0x7fffffff) % 6 });
  });
});
