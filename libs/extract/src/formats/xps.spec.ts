import assert from "node:assert/strict";
import { allText, codes, run } from "../test-util/run.ts";
import { makeXps } from "../test-util/xps.ts";

describe("extract: XPS documents", () => {
  it("reads each page's glyph runs as lines in the pages' listed order, words joined where runs meet; no clip paths, transforms or indices", async () => {
    const xps = await makeXps(
      [
        [
          { text: "Patient:", x: 72, y: 100, advances: [60, 55, 30, 25, 55, 55, 30, 25] },
          { text: "Jane", x: 130, y: 100, advances: [40, 55, 55, 55] },
          { text: "Roe", x: 162, y: 100.5 },
          { text: "{SSN} 536-22-1234", x: 72, y: 130 },
        ],
        // a writer that draws every character alone: the advances say they meet
        [..."Müller"].map((ch, i) => ({ text: ch, x: 72 + i * 6, y: 100, advances: [50] })),
      ],
      { utf16: true, title: "Intake", listedInReverse: true },
    );
    const r = await run(xps, "print.xps");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/vnd.ms-xpsdocument", "complete", []]);
    assert.deepEqual(r.segments.map((s) => [s.locator.page, s.locator.part, s.text]), [
      [1, null, "Müller"],
      [2, null, "Patient: Jane Roe\n{SSN} 536-22-1234"],
      [null, "property:title", "Intake"],
    ]);
    assert.ok(!/595\.32|1\.333|odttf/.test(allText(r)));
  });

  it("cut short before its fixed document sequence (written last, as Windows' writer does): still an XPS, its pages read from their own headers", async () => {
    const xps = await makeXps([[{ text: "Patient: Jane Roe, SSN 536-22-1234", x: 72, y: 100 }]], { sequenceLast: true });
    const cut = xps.subarray(0, xps.indexOf("FixedDocSeq.fdseq") - 30);
    const r = await run(cut, "print.xps");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/vnd.ms-xpsdocument", "partial", ["corrupt"]]);
    assert.deepEqual(r.segments.map((s) => [s.locator.page, s.text]), [[1, "Patient: Jane Roe, SSN 536-22-1234"]]);
  });

  it("cut inside a page (UTF-16, as Windows writes it): the page's glyph runs as far as they came, as recovered text", async () => {
    const runs = Array.from({ length: 60 }, (_, i) => ({ text: i === 0 ? "Patient: Jane Roe, SSN 536-22-1234" : `line ${i} of the intake form`, x: 72, y: 100 + 14 * i }));
    const xps = await makeXps([runs], { sequenceLast: true, utf16: true });
    // (cut at two thirds of the page's compressed data: the next member's local header ends it)
    const page = xps.indexOf("Documents/1/Pages/1.fpage");
    const after = xps.indexOf(Buffer.from("PK\x03\x04", "latin1"), page);
    const cut = xps.subarray(0, page + Math.floor(((after - page) * 2) / 3));
    const r = await run(cut, "print.xps");
    assert.deepEqual([r.detected_type, r.status], ["application/vnd.ms-xpsdocument", "partial"]);
    const recovered = r.segments.find((s) => s.locator.part === "recovered text");
    assert.ok(recovered?.text.startsWith("Patient: Jane Roe, SSN 536-22-1234\nline 1 of the intake form"), JSON.stringify(r.segments));
    assert.ok(!/FixedPage|Glyphs|odttf/.test(recovered!.text));
  });
});
