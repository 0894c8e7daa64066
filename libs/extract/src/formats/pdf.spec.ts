import assert from "node:assert/strict";
import { makeEncryptedPdf, makePdf, makePdfForm, makePdfWithContent, makeZip, pdfTextStream, writePdf, makePdfWithAttachments, makePdfWithProperties, noise } from "../test-util/fixtures.ts";
import { deflateSync } from "node:zlib";
import { codes, run, segWith } from "../test-util/run.ts";
import { mendCutPdf } from "./pdf-repair.ts";

describe("extract: PDF", () => {
  describe("a PDF cut short (a download that stopped: its cross-reference table and trailer lost), read with an end put back, partial (it failed)", () => {
    const content = "BT /F1 14 Tf 30 200 Td (Contact: jane.roe@example.org) Tj ET";
    /** Written plainly, objects in the order given by number (pdf-lib packs its own into an object stream), a picture's bytes among them. */
    const plainPdf = (order: number[]) => {
      const objects: Record<number, string> = {
        1: "<< /Type /Catalog /Pages 2 0 R >>",
        2: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 300] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
        4: `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
        5: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        6: `<< /Length 4000 >>\nstream\n${noise(4000, 5).toString("latin1")}\nendstream`,
      };
      let body = "%PDF-1.4\n";
      const offsets: Record<number, number> = {};
      for (const n of order) {
        offsets[n] = Buffer.byteLength(body, "latin1");
        body += `${n} 0 obj\n${objects[n]}\nendobj\n`;
      }
      const xref = Buffer.byteLength(body, "latin1");
      body += `xref\n0 7\n0000000000 65535 f \n${[1, 2, 3, 4, 5, 6].map((n) => `${String(offsets[n]).padStart(10, "0")} 00000 n \n`).join("")}trailer\n<< /Root 1 0 R /Size 7 >>\nstartxref\n${xref}\n%%EOF\n`;
      return { pdf: Buffer.from(body, "latin1"), picture: offsets[6]! };
    };
    const MENDED = /^pdf: cut short \(no end-of-file marker, .*\); read with a cross-reference stream of the objects left put back, its catalog object /;

    it("200,000 objects left: mended (the highest object number was Math.max(...numbers), more arguments than a call takes)", () => {
      let body = "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R >>\nendobj\n";
      const parts: string[] = [body];
      for (let n = 4; n < 200_004; n++) parts.push(`${n} 0 obj\nnull\nendobj\n`);
      body = parts.join("");
      const mended = mendCutPdf(Buffer.from(body, "latin1"));
      assert.equal(mended?.catalog, "1 0");
      assert.match(Buffer.from(mended.bytes).subarray(-200).toString("latin1"), /startxref\s+\d+\s+%%EOF\s*$/);
    });

    it("its catalog and page tree before the cut: read through them", async () => {
      const { pdf, picture } = plainPdf([1, 2, 3, 4, 5, 6]);
      assert.equal((await run(pdf, "whole.pdf")).status, "complete");
      const r = await run(pdf.subarray(0, picture + 2000), "cut.pdf");
      assert.deepEqual([r.status, codes(r), segWith(r, "jane.roe@example.org")?.locator.page], ["partial", ["corrupt"], 1]);
      assert.match(r.reasons[0]!.message, new RegExp(`${MENDED.source}1 0$`));
    });

    it("its page tree after the cut (a linearized file writes it last): a new catalog over the pages left", async () => {
      const { pdf, picture } = plainPdf([1, 3, 4, 5, 6, 2]);
      const r = await run(pdf.subarray(0, picture + 2000), "cut.pdf");
      assert.deepEqual([r.status, segWith(r, "jane.roe@example.org")?.locator.page], ["partial", 1]);
      assert.match(r.reasons[0]!.message, new RegExp(`${MENDED.source}8 0 \\(new, over the 1 page left\\)$`));
    });

    it("its catalog packed in an object stream (pdf-lib, PDF 1.5): found there", async () => {
      const pdf = Buffer.from(await makePdf(["Contact: jane.roe@example.org", "MARKER-P2"]));
      // (pdf-lib writes its cross-reference stream last, after the object stream)
      const r = await run(pdf.subarray(0, pdf.lastIndexOf("/Type /XRef") - 40), "cut.pdf");
      assert.deepEqual([r.status, segWith(r, "jane.roe@example.org")?.locator.page, segWith(r, "MARKER-P2")?.locator.page], ["partial", 1, 2]);
      assert.match(r.reasons[0]!.message, MENDED);
    });
  });

  it("puts each page's text on its 1-based page (a marker on page 2 says page 2)", async () => {
    const r = await run(await makePdf(["cover page", "MARKER-P2 Anna Schmidt", "the end"]), "doc.pdf", "application/pdf");
    assert.equal(r.status, "complete");
    assert.equal(r.detected_type, "application/pdf");
    assert.equal(segWith(r, "MARKER-P2")?.locator.page, 2);
    assert.equal(segWith(r, "cover")?.locator.page, 1);
    assert.equal(segWith(r, "the end")?.locator.page, 3);
  });

  it("reads a filled form's text fields and choices, each on its page and named by its field", async () => {
    const r = await run(await makePdfForm("Application form", { "applicant.ssn": "536-22-1234", "f1_01[0]": "Tiara Gislason", empty: "" }), "form.pdf", "application/pdf");
    assert.equal(r.status, "complete");
    const fields = r.segments.filter((s) => s.locator.part === "form field").map((s) => [s.text, s.locator.column, s.locator.page]);
    assert.deepEqual(fields, [["536-22-1234", "applicant.ssn", 1], ["Tiara Gislason", "f1_01[0]", 1], ["France", "country", 1]]);
    assert.equal(segWith(r, "Application form")?.locator.part, null, "the page's own text as before");
  });

  it("reads comments (a sticky note, a free-text box), which no page's text layer holds either, each its author's name (/T) first", async () => {
    const r = await run(await makePdfForm("Report", {}, [["Text", "call Tiara at +1 206 342 8631"], ["FreeText", "SSN 536-22-1234"], ["Text", "SSN 536-22-1234"]]), "notes.pdf", "application/pdf");
    const comments = r.segments.filter((s) => s.locator.part === "comment").map((s) => [s.text, s.locator.page]);
    assert.deepEqual(comments, [["Reviewer\ncall Tiara at +1 206 342 8631", 1], ["Reviewer\nSSN 536-22-1234", 1]]);
  });

  it("reads the Info dictionary's title, subject, keywords and own keys, not the author", async () => {
    const r = await run(await makePdfWithProperties("the letter", { title: "Salary review Tiara Gislason", subject: "pay", keywords: "hr", creator: "Bertha Kuhn", custom: { EmployeeSSN: "536-22-8726" } }), "review.pdf");
    assert.equal(r.status, "complete");
    const props = r.segments.filter((s) => s.locator.part?.startsWith("property:")).map((s) => [s.locator.part, s.text]);
    assert.deepEqual(props, [["property:title", "Salary review Tiara Gislason"], ["property:subject", "pay"], ["property:keywords", "hr"], ["property:EmployeeSSN", "536-22-8726"]]);
    assert.ok(!r.segments.some((s) => s.text.includes("Bertha Kuhn")));
  });

  it("reads attached files as members: the document's (an e-invoice's XML) and a page's file attachment annotation", async () => {
    const invoice = "<Invoice><Buyer><Name>Tiara Gislason</Name><IBAN>DE89 3704 0044 0532 0130 00</IBAN></Buyer></Invoice>";
    const pdf = await makePdfWithAttachments("Invoice 2026-114", { "factur-x.xml": invoice }, { "staff.csv": "name,ssn\nBen Okafor,536-22-8726\n" });
    const r = await run(pdf, "invoice.pdf");
    assert.deepEqual([r.status, r.reasons], ["complete", []]);
    assert.deepEqual([segWith(r, "Invoice 2026-114")?.locator.file_in_zip, segWith(r, "DE89 3704")?.locator.file_in_zip, segWith(r, "536-22-8726")?.locator.file_in_zip, segWith(r, "536-22-8726")?.locator.column], [null, "factur-x.xml", "staff.csv", "ssn"]);
  });

  it("an encrypted PDF ends partial with reason encrypted, within its budget", async () => {
    const t0 = Date.now();
    const r = await run(makeEncryptedPdf(), "locked.pdf", "application/pdf", { timeBudgetMs: 5000 });
    assert.equal(r.status, "partial");
    assert.deepEqual(codes(r), ["encrypted"]);
    assert.ok(Date.now() - t0 < 5000);
    // a rights-management security handler pdf.js does not know (Microsoft IRM's) is encryption too, not corruption
    const irm = await run(makeEncryptedPdf("MicrosoftIRMServices"), "protected.pdf");
    assert.deepEqual([irm.status, codes(irm)], ["partial", ["encrypted"]], JSON.stringify(irm.reasons));
  });

  it("a truncated PDF and random bytes behind a %PDF header end failed with the parser's reason", async () => {
    const good = await makePdf(["alpha", "beta"]);
    for (const [bytes, label] of [[good.slice(0, Math.floor(good.length / 2)), "truncated"], [Buffer.concat([Buffer.from("%PDF-1.7\n"), noise(64 * 1024)]), "noise"]] as const) {
      const t0 = Date.now();
      const r = await run(bytes, `${label}.pdf`, "application/pdf", { timeBudgetMs: 5000 });
      assert.equal(r.detected_type, "application/pdf", label);
      assert.equal(r.status, "failed", label);
      assert.equal(r.reasons[0]?.code, "corrupt", label);
      assert.match(r.reasons[0]!.message, /pdf/i, label);
      assert.ok(Date.now() - t0 < 5000, label);
    }
  });

  it("reads a page that saves the graphics state 40,000 times without restoring it, within its budget (pdf.js's text state chained every save: quadratic, and deaf to the budget; patches/pdfjs-dist)", async () => {
    const page = await makePdfWithContent(`${"q ".repeat(40_000)}BT /F1 12 Tf 30 200 Td (MARKER-AFTER-SAVES) Tj ET`);
    const r = await run(page, "saves.pdf", "application/pdf", { timeBudgetMs: 5000 });
    assert.deepEqual([r.status, codes(r)], ["complete", []], JSON.stringify(r.reasons));
    assert.ok(segWith(r, "MARKER-AFTER-SAVES"));
  });

  it("puts each page of a nested page tree on its number (pdf.js's walk to page i is taken up again for page i+1: patches/pdfjs-dist)", async () => {
    // objects 1-5: the catalog, the root (node A, page 3, node B), A (pages 1-2), B (node C), C
    // (pages 4-5); 6-10: pages 3, 1, 2, 4, 5; 11-15: pages 1-5's content; 16: the font
    const page = (parent: number, n: number) => `<< /Type /Page /Parent ${parent} 0 R /MediaBox [0 0 400 300] /Contents ${10 + n} 0 R /Resources << /Font << /F1 16 0 R >> >> >>`;
    const objects = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 6 0 R 4 0 R] /Count 5 >>",
      "<< /Type /Pages /Parent 2 0 R /Kids [7 0 R 8 0 R] /Count 2 >>",
      "<< /Type /Pages /Parent 2 0 R /Kids [5 0 R] /Count 2 >>",
      "<< /Type /Pages /Parent 4 0 R /Kids [9 0 R 10 0 R] /Count 2 >>",
      page(2, 3), page(3, 1), page(3, 2), page(5, 4), page(5, 5),
      ...[1, 2, 3, 4, 5].map((n) => pdfTextStream(`MARK-P${n}`)),
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ];
    const r = await run(writePdf(objects), "tree.pdf", "application/pdf");
    assert.equal(r.status, "complete", JSON.stringify(r.reasons));
    assert.deepEqual(r.segments.map((s) => [s.locator.page, s.text]), [[1, "MARK-P1"], [2, "MARK-P2"], [3, "MARK-P3"], [4, "MARK-P4"], [5, "MARK-P5"]]);
  });
});

describe("extract: PDF whose text pdf.js makes without end", () => {
  /**
   * One page that draws form 5, which draws form 6 ten times, … nine levels down to a form that
   * shows a word: 10^9 words from 2 KB. pdf.js makes a page's text on promises alone, so no timer
   * (the budget's) fired until it was done.
   */
  const fanOut = () => {
    const forms = Array.from({ length: 10 }, (_, level) => {
      const last = level === 9;
      const body = last ? "BT /F1 12 Tf 30 200 Td (leaf) Tj ET" : "/X Do ".repeat(10);
      const resources = last ? "<< /Font << /F1 4 0 R >> >>" : `<< /XObject << /X ${level + 7} 0 R >> >>`;
      return `<< /Type /XObject /Subtype /Form /BBox [0 0 400 300] /Resources ${resources} /Length ${body.length} >>\nstream\n${body}\nendstream`;
    });
    const page = "BT /F1 12 Tf 30 200 Td (MARKER-PAGE-TEXT jane.roe@example.org) Tj ET /X Do";
    return writePdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 300] /Contents 5 0 R /Resources << /Font << /F1 4 0 R >> /XObject << /X 6 0 R >> >> >>",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
      `<< /Length ${page.length} >>\nstream\n${page}\nendstream`,
      ...forms,
    ]);
  };

  it("stops at the budget inside a page's text, keeps what came, and leaves the thread free (a 2 KB page held the worker until the pool killed it, a ZIP's other members lost)", async () => {
    const pdf = fanOut();
    const t0 = Date.now();
    const r = await run(pdf, "fan.pdf", "application/pdf", { timeBudgetMs: 2000 });
    assert.ok(Date.now() - t0 < 8000, `took ${Date.now() - t0} ms`);
    assert.deepEqual([r.status, codes(r)], ["partial", ["limit_time"]]);
    assert.ok(segWith(r, "MARKER-PAGE-TEXT")?.text.includes("leafleaf"));
    // pdf.js was stopped, not left running on the thread: a timer fires at once
    const t1 = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.ok(Date.now() - t1 < 500, `a timer waited ${Date.now() - t1} ms`);
    // inside an archive, the members beside it are kept
    const zip = await makeZip({ "payroll.txt": "MARKER-PAYROLL Jane Roe", "fan.pdf": pdf });
    const z = await run(zip, "share.zip", "application/zip", { timeBudgetMs: 2000 });
    assert.equal(z.status, "partial");
    assert.ok(segWith(z, "MARKER-PAYROLL") && segWith(z, "MARKER-PAGE-TEXT"));
  });

  it("reads no further into a page's text than the characters left", async () => {
    const t0 = Date.now();
    const r = await run(fanOut(), "fan.pdf", "application/pdf", { timeBudgetMs: 10_000, maxChars: 50_000 });
    assert.ok(Date.now() - t0 < 5000, `took ${Date.now() - t0} ms`);
    assert.deepEqual([r.status, codes(r), r.stats.chars], ["partial", ["limit_chars"], 50_000]);
  });
});

describe("extract: PDF whose compressed streams inflate past the bytes left", () => {
  it("empties such a stream before pdf.js inflates it whole (a 1 MB page of a gigabyte of blanks took 18 s and 2.5 GB), and reads the rest", async () => {
    const blanks = deflateSync(Buffer.concat([Buffer.from("BT /F1 12 Tf 30 200 Td (MARKER-IN-BOMB) Tj ET\n"), Buffer.alloc(48 * 1024 * 1024, 0x20)]), { level: 9 });
    const bomb = Buffer.concat([Buffer.from(`<< /Length ${blanks.length} /Filter /FlateDecode >>\nstream\n`, "latin1"), blanks, Buffer.from("\nendstream", "latin1")]);
    const pdf = writePdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 300] /Contents 4 0 R /Resources << /Font << /F1 7 0 R >> >> >>",
      bomb.toString("latin1"),
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 300] /Contents 6 0 R /Resources << /Font << /F1 7 0 R >> >> >>",
      pdfTextStream("MARKER-PAGE-TWO jane.roe@example.org"),
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]);
    const r = await run(pdf, "bomb.pdf", "application/pdf", { maxTotalBytes: 16 * 1024 * 1024 });
    assert.deepEqual([r.status, codes(r)], ["partial", ["limit_total_bytes"]]);
    assert.equal(segWith(r, "MARKER-PAGE-TWO")?.locator.page, 2);
    assert.equal(segWith(r, "MARKER-IN-BOMB"), undefined);
    // under the limit, the same stream is read as it is
    const whole = await run(pdf, "bomb.pdf", "application/pdf", { maxTotalBytes: 64 * 1024 * 1024 });
    assert.deepEqual([whole.status, segWith(whole, "MARKER-IN-BOMB")?.locator.page], ["complete", 1]);
  });
});
