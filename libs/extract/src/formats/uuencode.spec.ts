import assert from "node:assert/strict";
import { makeZip } from "../test-util/fixtures.ts";
import { makeEml, uuencode } from "../test-util/mail.ts";
import { codes, run, segWith } from "../test-util/run.ts";
import { uudecode } from "./uuencode.ts";

const CSV = "name,ssn\nTiara Gislason,536-22-8726\n";

describe("extract: uuencoded files", () => {
  it("decodes uuencode's lines (\"Cat\" is #0V%T) and a file of every byte value", () => {
    assert.equal(uudecode("#0V%T\n`\n").toString(), "Cat");
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    assert.deepEqual(uudecode(uuencode("b.bin", all).split("\n").slice(1, -3).join("\n")), all);
  });

  it("reads a .uue file's files as members under their names, and a ZIP inside one", async () => {
    const r = await run(uuencode("clients.csv", CSV) + uuencode("more.zip", await makeZip({ "staff.txt": "jane.roe@example.org" })), "post.uue");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["text/x-uuencode", "complete", []]);
    assert.deepEqual([segWith(r, "536-22-8726")?.locator.file_in_zip, segWith(r, "536-22-8726")?.locator.column], ["clients.csv", "ssn"]);
    assert.equal(segWith(r, "jane.roe@example.org")?.locator.file_in_zip, "more.zip!/staff.txt");
  });

  it("reads a mail's x-uuencode attachment (which mailparser leaves encoded) and a file uuencoded in a plain-text body", async () => {
    const attached = makeEml({ From: "a@example.com", To: "b@example.com", Subject: "list" }, [
      { contentType: "text/plain", body: "see attached" },
      { contentType: "application/octet-stream", filename: "clients.csv", encoding: "x-uuencode", body: uuencode("clients.csv", CSV) },
    ]);
    const a = await run(attached, "a.eml");
    assert.deepEqual([a.status, codes(a), segWith(a, "536-22-8726")?.locator.file_in_zip], ["complete", [], "clients.csv!/clients.csv"]);
    const inline = makeEml({ From: "a@example.com", To: "b@example.com", Subject: "list" }, [{ contentType: "text/plain", body: `Here it is:\n\n${uuencode("clients.csv", CSV)}\nRegards` }]);
    const b = await run(inline, "b.eml");
    assert.equal(segWith(b, "536-22-8726")?.locator.file_in_zip, "clients.csv");
    assert.deepEqual(b.segments.filter((s) => s.locator.part === "body").map((s) => s.text.trim()), ["Here it is:\n\n[clients.csv]\n\nRegards"]);
  });
});
