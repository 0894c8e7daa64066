import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import path from "node:path";
import { makeZip } from "../test-util/fixtures.ts";
import { encodeImage, jpegWithMetadata, multiPageTiff, pngChunk, pngWithText, scannedPdf, textPixels, type ImageKind, type Rgba } from "../test-util/images.ts";
import { allText, codes, run, segWith } from "../test-util/run.ts";
import { closeOcr, ocrEngineOptions } from "./ocr.ts";

const OCR = { ocr: true, timeBudgetMs: 60_000 };

/** A PNG whose header declares a huge canvas (a decompression bomb's shape) and holds no pixels. */
function hugePng(w: number, h: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", ihdr), pngChunk("IDAT", Buffer.alloc(16)), pngChunk("IEND", Buffer.alloc(0))]);
}

describe("extract: images and scanned PDFs through offline OCR", function () {
  this.timeout(60_000);
  let px: Rgba;

  before(async () => {
    px = await textPixels(["Invoice 4711 for Anna Schmidt", "Phone 030 1234567"]);
  });
  after(() => closeOcr());

  it("takes the language data from the npm package, never from the network", () => {
    const o = ocrEngineOptions();
    assert.equal(o.cacheMethod, "none");
    assert.ok(path.isAbsolute(o.langPath) && !/^[a-z]+:\/\//i.test(o.langPath), o.langPath);
    assert.ok(o.langPath.includes(`${path.sep}@tesseract.js-data${path.sep}eng`), o.langPath);
    assert.ok(existsSync(path.join(o.langPath, "eng.traineddata.gz")));
  });

  for (const kind of ["png", "jpeg", "webp", "tiff", "gif", "bmp"] as ImageKind[]) {
    it(`reads the text of a ${kind.toUpperCase()} image`, async () => {
      const r = await run(encodeImage(px, kind), `scan.${kind}`, "application/octet-stream", OCR);
      assert.match(r.detected_type, /^image\//);
      assert.equal(r.status, "complete", JSON.stringify(r.reasons));
      const seg = segWith(r, "4711");
      assert.ok(seg, JSON.stringify(r.segments));
      assert.match(seg.text, /Schmidt/);
      assert.equal(seg.source, "ocr");
      assert.equal(seg.locator.page, null);
    });
  }

  it("gives each page of a multi-page TIFF its page number", async () => {
    const p2 = await textPixels(["Second page 8150"]);
    const r = await run(multiPageTiff([px, p2]), "fax.tif", "image/tiff", OCR);
    assert.equal(r.status, "complete", JSON.stringify(r.reasons));
    assert.equal(segWith(r, "4711")?.locator.page, 1);
    assert.equal(segWith(r, "8150")?.locator.page, 2);
  });

  it("OCRs the scanned page of a PDF (no text layer) and keeps its page number", async () => {
    const pdf = await scannedPdf(["typed cover page", px]);
    const r = await run(pdf, "scan.pdf", "application/pdf", OCR);
    assert.equal(r.status, "complete", JSON.stringify(r.reasons));
    assert.equal(segWith(r, "typed cover")?.source, "text");
    const seg = segWith(r, "4711");
    assert.ok(seg, JSON.stringify(r.segments));
    assert.equal(seg.locator.page, 2);
    assert.equal(seg.source, "ocr");
  });

  it("OCRs a scanned page that saves the graphics state 24,000 times within its budget (pdf.js's drawing states chained every save: quadratic, deaf to the budget; patches/pdfjs-dist)", async () => {
    const r = await run(await scannedPdf([px], "png", 24_000), "saves.pdf", "application/pdf", { ocr: true, timeBudgetMs: 8000 });
    assert.deepEqual([r.status, codes(r)], ["complete", []], JSON.stringify(r.reasons));
    assert.equal(segWith(r, "4711")?.source, "ocr");
  });

  it("OCRs a scanned page stored as JPEG (DCT) as well", async () => {
    const r = await run(await scannedPdf([px], "jpeg"), "scan-jpeg.pdf", "application/pdf", OCR);
    assert.equal(r.status, "complete", JSON.stringify(r.reasons));
    assert.equal(segWith(r, "4711")?.locator.page, 1);
  });

  it("stops at the OCR page limit with reason limit_ocr_pages", async () => {
    const pdf = await scannedPdf([px, px, px]);
    const r = await run(pdf, "three.pdf", "application/pdf", { ...OCR, maxOcrPages: 2 });
    assert.equal(r.status, "partial");
    assert.deepEqual(codes(r), ["limit_ocr_pages"]);
    assert.deepEqual(r.segments.map((s) => s.locator.page), [1, 2]);
  });

  it("a time budget spent in the middle of OCR ends partial with limit_time, and OCR still works after", async () => {
    const big = await textPixels(Array.from({ length: 30 }, (_, i) => `line ${i} of a long scanned page with text`));
    const pdf = await scannedPdf([big, big, big, big]);
    const t0 = Date.now();
    const r = await run(pdf, "slow.pdf", "application/pdf", { ...OCR, timeBudgetMs: 1500 });
    assert.ok(Date.now() - t0 < 4000, `took ${Date.now() - t0} ms`);
    assert.equal(r.status, "partial");
    assert.ok(codes(r).includes("limit_time"), JSON.stringify(r.reasons));
    const again = await run(encodeImage(px, "png"), "after.png", "image/png", OCR);
    assert.ok(segWith(again, "4711"), JSON.stringify(again.reasons));
  });

  it("a file whose budget runs out mid-OCR does not cost the OCR of files beside it", async () => {
    const big = await textPixels(Array.from({ length: 30 }, (_, i) => `line ${i} of a long scanned page with text`));
    const pdf = await scannedPdf([big, big, big, big]);
    for (const budget of [300, 700, 1200]) {
      const slow = run(pdf, "slow.pdf", "application/pdf", { ...OCR, timeBudgetMs: budget });
      await new Promise((r) => setTimeout(r, budget / 2));
      const t0 = Date.now();
      const [s, others] = await Promise.all([slow, Promise.all([1, 2].map(() => run(encodeImage(px, "png"), "beside.png", "image/png", { ...OCR, timeBudgetMs: 20_000 })))]);
      assert.ok(codes(s).includes("limit_time"), JSON.stringify(s.reasons));
      for (const o of others) assert.ok(segWith(o, "4711"), `budget ${budget}: ${JSON.stringify(o.reasons)}`);
      assert.ok(Date.now() - t0 < 10_000, `took ${Date.now() - t0} ms`);
    }
  });

  it("reads an image inside a ZIP with its file_in_zip", async () => {
    const r = await run(await makeZip({ "scans/id.png": encodeImage(px, "png") }), "scans.zip", "application/zip", OCR);
    assert.equal(segWith(r, "4711")?.locator.file_in_zip, "scans/id.png");
  });

  it("with OCR off an image is unsupported, and a declared pixel bomb is refused before decoding", async () => {
    const off = await run(encodeImage(px, "png"), "a.png", "image/png", { ocr: false });
    assert.equal(off.status, "unsupported");
    assert.match(off.reasons[0]!.message, /OCR is off/);
    const t0 = Date.now();
    const bomb = await run(hugePng(100_000, 100_000), "bomb.png", "image/png", OCR);
    assert.equal(bomb.status, "partial");
    assert.deepEqual(codes(bomb), ["limit_pixels"]);
    assert.ok(Date.now() - t0 < 2000);
  });

  it("reads a photo's metadata: its GPS position, description, the person shown and the city, not its artist; with OCR off too", async () => {
    const meta = { description: "Badge photo of Tiara Gislason", artist: "Ben Okafor", gps: [52.520008, -13.404954] as [number, number], personShown: "Tiara Gislason", city: "Berlin" };
    for (const ocr of [false, true]) {
      const r = await run(jpegWithMetadata(px, meta), "IMG_0042.jpg", "image/jpeg", { ...OCR, ocr });
      assert.equal(r.status, "complete", JSON.stringify(r.reasons));
      const props = r.segments.filter((s) => s.locator.part?.startsWith("property:")).map((s) => [s.locator.part, s.text]);
      assert.deepEqual(props, [["property:description", "Badge photo of Tiara Gislason"], ["property:gps position", "52.520008, -13.404954"], ["property:city", "Berlin"], ["property:person shown", "Tiara Gislason"]], `ocr ${ocr}`);
      assert.ok(!allText(r).includes("Ben Okafor"), "the artist is the image's maker, as a document's author");
      if (ocr) assert.ok(segWith(r, "4711"), "the pixels are still read");
      else assert.deepEqual(codes(r), ["unsupported_type"], "OCR off: said, and the metadata kept");
    }
    const png = await run(pngWithText(px, { Comment: "Scan of the contract signed by Tiara Gislason", Software: "GIMP 2.10", Author: "Ben Okafor" }), "scan.png", "image/png", { ocr: false });
    assert.deepEqual(png.segments.map((s) => [s.locator.part, s.text]), [["property:comment", "Scan of the contract signed by Tiara Gislason"]]);
  });

  it("reads the names of tagged faces: MWG regions (as attributes or elements) and Windows Photo Gallery's", async () => {
    const ns = `xmlns:mwg-rs="http://www.metadataworkinggroup.com/schemas/regions/" xmlns:MP="http://ns.microsoft.com/photo/1.2/" xmlns:MPRI="http://ns.microsoft.com/photo/1.2/t/RegionInfo#" xmlns:MPReg="http://ns.microsoft.com/photo/1.2/t/Region#"`;
    const mwg = `<mwg-rs:Regions rdf:parseType="Resource"><mwg-rs:RegionList><rdf:Bag><rdf:li><rdf:Description mwg-rs:Name="Ben Okafor" mwg-rs:Type="Face"/></rdf:li><rdf:li rdf:parseType="Resource"><mwg-rs:Name>Tiara Gislason</mwg-rs:Name><mwg-rs:Type>Face</mwg-rs:Type></rdf:li></rdf:Bag></mwg-rs:RegionList></mwg-rs:Regions>`;
    const ms = `<MP:RegionInfo rdf:parseType="Resource"><MPRI:Regions><rdf:Bag><rdf:li rdf:parseType="Resource"><MPReg:PersonDisplayName>Jane Roe</MPReg:PersonDisplayName></rdf:li></rdf:Bag></MPRI:Regions></MP:RegionInfo>`;
    const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" ${ns}>${mwg}${ms}</rdf:Description></rdf:RDF></x:xmpmeta>`;
    const r = await run(pngWithText(px, {}, xmp), "party.png", "image/png", { ocr: false });
    assert.deepEqual(r.segments.map((s) => [s.locator.part, s.text]), [["property:person shown", "Jane Roe"], ["property:person shown", "Ben Okafor"], ["property:person shown", "Tiara Gislason"]]);
  });

  it("a corrupt image ends failed with a reason, not a crash", async () => {
    const good = encodeImage(px, "png");
    const r = await run(Buffer.concat([good.subarray(0, 64), Buffer.alloc(2000, 7)]), "broken.png", "image/png", OCR);
    assert.equal(r.status, "failed");
    assert.equal(r.reasons[0]?.code, "corrupt");
  });
});
