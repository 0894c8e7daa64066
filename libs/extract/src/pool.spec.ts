import assert from "node:assert/strict";
import { makeEncryptedPdf, makePdf, makeZip, noise } from "./test-util/fixtures.ts";
import { buildZip } from "./test-util/zipwriter.ts";
import { createExtractPool, type ExtractPool } from "./pool.ts";

/**
 * The hostile set of the issue through the worker pool — the path the extractor app uses — each
 * with its expected status and reason, within its time budget.
 */
describe("extract pool: hostile files end with the right status and reason, in time", function () {
  this.timeout(60_000);
  let pool: ExtractPool;
  before(() => {
    pool = createExtractPool({ size: 2, limits: { ocr: false } });
  });
  after(() => pool.close());

  it("handles the bombs, traversal, encryption and broken PDFs", async () => {
    let nested: Buffer = Buffer.from("deep");
    for (let i = 0; i < 14; i++) nested = await makeZip({ [`l${i}`]: nested });
    const tiny: Record<string, string> = {};
    for (let i = 0; i < 20_000; i++) tiny[`d/${i}.txt`] = "x";
    const pdf = await makePdf(["alpha", "beta"]);
    const cases: Array<[string, Uint8Array, string, string, number]> = [
      ["nested bomb", nested, "partial", "limit_depth", 10_000],
      ["high-ratio bomb", await makeZip({ "zeros.bin": Buffer.alloc(20 * 1024 * 1024) }), "partial", "limit_ratio", 5_000],
      ["lying sizes", buildZip([{ name: "liar.bin", data: Buffer.alloc(20 * 1024 * 1024), declaredSize: 1000 }]), "partial", "limit_ratio", 5_000],
      ["20,000 tiny entries", await makeZip(tiny, false), "partial", "limit_entries", 15_000],
      ["../ entry names", buildZip([{ name: "../../x.txt", data: Buffer.from("x") }]), "complete", "unsafe_entry_name", 2_000],
      ["ZipCrypto", buildZip([{ name: "a.txt", data: Buffer.from("secret"), mode: "zipcrypto" }]), "partial", "encrypted", 2_000],
      ["AES", buildZip([{ name: "a.txt", data: Buffer.from("secret"), mode: "aes" }]), "partial", "encrypted", 2_000],
      ["encrypted PDF", makeEncryptedPdf(), "partial", "encrypted", 5_000],
      ["truncated PDF", pdf.slice(0, Math.floor(pdf.length / 2)), "failed", "corrupt", 5_000],
      ["random bytes behind a PDF header", Buffer.concat([Buffer.from("%PDF-1.7\n"), noise(256 * 1024)]), "failed", "corrupt", 5_000],
    ];
    const results = await Promise.all(cases.map(async ([label, bytes, , , budget]) => {
      const t0 = Date.now();
      const r = await pool.extract({ bytes, filename: `${label}.bin`, claimedMime: "application/octet-stream" }, { timeBudgetMs: budget });
      return { r, ms: Date.now() - t0 };
    }));
    cases.forEach(([label, , status, code, budget], i) => {
      const { r, ms } = results[i]!;
      assert.equal(r.status, status, `${label}: ${JSON.stringify(r.reasons)}`);
      assert.ok(r.reasons.some((x) => x.code === code), `${label}: ${JSON.stringify(r.reasons)}`);
      // queued behind the others on 2 workers: the budget applies from when a worker takes it
      assert.ok(ms < budget * 2 + 5_000, `${label} took ${ms} ms`);
    });
  });
});
