import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import { createRequire } from "node:module";
import { nativeCrc32c, KAFKAJS_CRC32C_MODULE } from "./crc32c.ts";

const require = createRequire(import.meta.url);
/** kafkajs's own JavaScript CRC32C (the file behind the module we replace). */
const kafkajsCrc32c = require("kafkajs/src/protocol/recordBatch/crc32C/crc32C.js") as (b: Uint8Array) => number;

/** True where the prebuilt binding loads (linux-x64-gnu here and in CI). */
function bindingLoads(): boolean {
  try {
    require("@node-rs/crc32");
    return true;
  } catch {
    return false;
  }
}

describe("kafka: hardware CRC32C for kafkajs record batches", () => {
  it("is loaded where the prebuilt binding exists", function () {
    if (!bindingLoads()) this.skip();
    assert.ok(nativeCrc32c, "the native CRC32C was not installed although @node-rs/crc32 loads");
  });

  it("gives kafkajs's own checksum on random buffers, views into larger buffers and the empty buffer", function () {
    if (!nativeCrc32c) this.skip();
    const sizes = [0, 1, 2, 3, 7, 8, 15, 16, 17, 63, 64, 65, 255, 1024, 4093, 10 * 1024 + 333, 65536, 1 << 20];
    for (let i = 0; i < 40; i++) sizes.push(randomInt(1, 200_000));
    for (const n of sizes) {
      const buf = randomBytes(n);
      assert.equal(nativeCrc32c!(buf), kafkajsCrc32c(buf), `buffer of ${n} bytes`);
      // kafkajs hands over Buffer views with an offset into a larger allocation.
      const start = n > 2 ? randomInt(0, Math.floor(n / 2)) : 0;
      const view = buf.subarray(start, n - (n > 4 ? 1 : 0));
      assert.equal(nativeCrc32c!(view), kafkajsCrc32c(view), `view [${start}, ${view.length}) of ${n} bytes`);
    }
    assert.equal(nativeCrc32c!(Buffer.from("123456789")), 0xe3069283); // the CRC-32C check value
    assert.equal(nativeCrc32c!(Buffer.alloc(32, 0xff)), 0x62a8ab43); // RFC 3720 B.4: 32 bytes of 0xff
  });

  it("is the function kafkajs's record batch encoder uses once @filescan/kafka is imported", function () {
    if (!bindingLoads()) this.skip();
    // A fresh process: what the apps do (import @filescan/kafka, which loads kafkajs after the shim).
    const script = `
      import { createRequire } from "node:module";
      import { crc32cImplementation } from "@filescan/kafka";
      const require = createRequire(import.meta.url);
      const native = require(${JSON.stringify(KAFKAJS_CRC32C_MODULE)});
      const v0 = require.resolve("kafkajs/src/protocol/recordBatch/v0/index.js");
      const usedByEncoder = createRequire(v0)("../crc32C");
      const js = require("kafkajs/src/protocol/recordBatch/crc32C/crc32C.js");
      // Encode a real record batch and check the CRC field against kafkajs's JavaScript CRC.
      // kafkajs loads its record batch encoder lazily, with the first produce request.
      const { RecordBatch } = require(v0);
      const encoderChildren = require.cache[v0].children.filter((c) => c.id.endsWith("crc32C/index.js")).map((c) => c.exports);
      const Record = require("kafkajs/src/protocol/recordBatch/record/v0/index.js");
      const records = [0, 1, 2].map((i) => Record({ offsetDelta: i, key: Buffer.from("k" + i), value: Buffer.alloc(5000 + i, i) }));
      const enc = await RecordBatch({ records, lastOffsetDelta: 2 });
      const b = enc.buffer;
      // firstOffset int64, length int32, partitionLeaderEpoch int32, magic int8, crc uint32, then the checked body
      const crcField = b.readUInt32BE(8 + 4 + 4 + 1);
      const body = b.subarray(8 + 4 + 4 + 1 + 4);
      console.log(JSON.stringify({
        impl: crc32cImplementation,
        encoderRequiredNative: encoderChildren.length === 1 && encoderChildren[0] === native,
        encoderUsesNative: usedByEncoder === native && native.toString().includes("crc32c(data)"),
        crcMatches: crcField === js(body),
      }));
    `;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", cwd: process.cwd() });
    const r = JSON.parse(out.trim().split("\n").pop()!) as Record<string, unknown>;
    assert.deepEqual(r, { impl: "native", encoderRequiredNative: true, encoderUsesNative: true, crcMatches: true });
  });

  it("replaces the module path kafkajs's encoder requires", () => {
    const v0 = require.resolve("kafkajs/src/protocol/recordBatch/v0/index.js");
    assert.equal(createRequire(v0).resolve("../crc32C"), KAFKAJS_CRC32C_MODULE);
  });
});
