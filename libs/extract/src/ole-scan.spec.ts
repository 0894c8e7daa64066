import assert from "node:assert/strict";
import CFB from "cfb";
import { oleDamage } from "./ole-scan.ts";
import { codes, run } from "./test-util/run.ts";

/**
 * A Word-like container whose "WordDocument" stream spans 16 sectors; and the same with the
 * stream's last sector leading back to its second and the directory's chain running into the
 * stream (so `cfb` reads the stream from a sector another chain holds, the way it loops).
 */
function containers(): { good: Buffer; looped: Buffer } {
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, "/WordDocument", Buffer.alloc(8192, 0x41));
  const good = Buffer.from(CFB.write(cfb, { type: "buffer" }) as Uint8Array);
  const start = CFB.read(good, { type: "buffer" }).FileIndex.find((e) => e.name === "WordDocument")!.start;
  const looped = Buffer.from(good);
  const fat = (looped.readUInt32LE(0x4c) + 1) * 512;
  let last = start;
  while (looped.readInt32LE(fat + 4 * last) >= 0) last = looped.readUInt32LE(fat + 4 * last);
  looped.writeUInt32LE(start + 1, fat + 4 * last);
  looped.writeUInt32LE(start, fat + 4 * looped.readUInt32LE(0x30));
  return { good, looped };
}

describe("extract: OLE containers whose sector chains loop (ole-scan.ts)", () => {
  it("tells a stream's chain that loops back on itself from a sound one", () => {
    const { good, looped } = containers();
    assert.equal(oleDamage(good), null);
    assert.equal(oleDamage(looped), "the directory's chain of sectors loops back on itself");
  });
  it("tells a stream larger than the file (msgreader made a buffer of the size an entry said: a fuzzed MSG, past 5 GB)", () => {
    const { good } = containers();
    const big = Buffer.from(good);
    const dir = (big.readUInt32LE(0x30) + 1) * 512;
    for (let e = dir; e < dir + 512; e += 128) if (big.readUInt8(e + 0x42) === 2) big.writeUInt32LE(0x7fffffff, e + 0x78);
    assert.equal(oleDamage(big), `a stream says it holds ${0x7fffffff} bytes, more than the file's ${big.length}`);
  });
  it("refuses such a file as corrupt, quickly, where cfb followed the loop until memory ran out (a fuzzed 28 KB DOC took 3 GB)", async () => {
    const t0 = Date.now();
    const r = await run(containers().looped, "report.doc");
    assert.ok(Date.now() - t0 < 5000, `${Date.now() - t0} ms`);
    assert.ok(r.status === "failed" || r.status === "partial", r.status);
    assert.ok(codes(r).includes("corrupt"), JSON.stringify(r.reasons));
  });
});
