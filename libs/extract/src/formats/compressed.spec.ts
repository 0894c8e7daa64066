import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { make7z, makeZip } from "../test-util/fixtures.ts";
import { codes, run, segWith } from "../test-util/run.ts";

/** 785 bytes of bzip2 (`bzip2 -9` of 1 GiB of zeros): some 1.3 million to one. */
const ZEROS_1G_BZ2 = readFileSync(new URL("../../../../test/fixtures/extract-hostile/zeros-1g.bz2", import.meta.url));

describe("extract: single-stream compression under hostile input", () => {
  it("stops a bzip2 bomb at the ratio limit at once (unbzip2-stream decoded its gigabyte in one synchronous loop: 30 s, 3 GB, deaf to limits and budget)", async () => {
    const t0 = Date.now();
    const r = await run(ZEROS_1G_BZ2, "zeros.bin.bz2", "application/x-bzip2", { timeBudgetMs: 5000 });
    assert.ok(Date.now() - t0 < 10_000, `took ${Date.now() - t0} ms`);
    assert.deepEqual([r.status, codes(r)], ["partial", ["limit_ratio"]]);
    // beside the text of an archive, which is still read
    const zip = await makeZip({ "payroll.txt": "MARKER-PAYROLL Jane Roe", "zeros.bin.bz2": ZEROS_1G_BZ2 });
    const t1 = Date.now();
    const z = await run(zip, "share.zip", "application/zip", { timeBudgetMs: 5000 });
    assert.ok(Date.now() - t1 < 10_000, `took ${Date.now() - t1} ms`);
    assert.equal(z.status, "partial");
    assert.ok(segWith(z, "MARKER-PAYROLL"));
    assert.deepEqual(codes(z), ["limit_ratio"]);
  });

  it("reads every stream of a multi-stream bzip2 file (pbzip2), each block as it comes", async () => {
    const a = await make7z({ "a.txt": "MARKER-FIRST-STREAM" }, "bzip2");
    const b = await make7z({ "a.txt": "MARKER-SECOND-STREAM" }, "bzip2");
    const r = await run(Buffer.concat([a, b]), "a.txt.bz2", "application/x-bzip2");
    assert.equal(r.status, "complete");
    assert.ok(segWith(r, "MARKER-FIRST-STREAM") && segWith(r, "MARKER-SECOND-STREAM"));
  });
});
