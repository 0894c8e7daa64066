import assert from "node:assert/strict";
import CFB from "cfb";
import { cfbChainLoops } from "./ole-scan.ts";
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
    assert.equal(cfbChainLoops(good), false);
    assert.equal(cfbChainLoops(looped), true);
  });
  it("refuses such a file as corrupt, quickly, where cfb followed the loop until memory ran out (a fuzzed 28 KB DOC took 3 GB)", async () => {
    const t0 = Date.now();
    const r = await run(containers().looped, "report.doc");
    assert.ok(Date.now() - t0 < 5000, `${Date.now() - t0} ms`);
    assert.ok(r.status === "failed" || r.status === "partial", r.status);
    assert.ok(codes(r).includes("corrupt"), JSON.stringify(r.reasons));
  });
});
