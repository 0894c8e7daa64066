import assert from "node:assert/strict";
import { allText, codes, run, segWith, failedOrRecovered } from "../test-util/run.ts";
import { makeOneNote, makePackagedOneNote, type OneNoteSpec } from "../test-util/onenote.ts";

const MEETING = "Meeting with Jane Roe, SSN 536-22-1234";
const EMAIL = "jane.roe@example.org";

/** Two pages; page 1 edited once (its first paragraph unchanged, its second rewritten). */
const SECTION: OneNoteSpec = {
  pages: [{ revisions: [[MEETING, "Draft: call her"], [MEETING, `Follow up: ${EMAIL}`]] }, { revisions: [["Budget 2025", "Ben Okafor: +49 30 901820"]] }],
  ascii: "Badge number 4471 (Zoë)",
};

describe("extract: OneNote sections (.one)", () => {
  it("reads each page's paragraphs with their page numbers, each distinct text once across revisions", async () => {
    const r = await run(makeOneNote(SECTION), "Notes.one");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/onenote", "complete", []]);
    // (in file order: this file keeps page 2's object space before page 1's; the page numbers are the page series')
    assert.deepEqual(r.segments.map((s) => [s.locator.page, s.text]), [
      [2, "Budget 2025"],
      [2, "Ben Okafor: +49 30 901820"],
      [1, MEETING],
      [1, "Draft: call her"],
      [1, `Follow up: ${EMAIL}`],
      [1, "Badge number 4471 (Zoë)"],
    ]);
    assert.equal(r.segments.filter((s) => s.text === MEETING).length, 1, "the paragraph both revisions hold is one segment");
  });

  it("reads a file attached to a page as a member named as the page names it", async () => {
    const attachment = { name: "clients.csv", data: Buffer.from("name,ssn\nTiara Gislason,536-22-8726\n") };
    const r = await run(makeOneNote({ ...SECTION, attachment }), "Notes.one");
    assert.deepEqual([r.status, codes(r)], ["complete", []]);
    assert.deepEqual([segWith(r, "536-22-8726")?.locator.file_in_zip, segWith(r, "536-22-8726")?.locator.page], ["clients.csv", 1]);
    assert.ok(segWith(r, "clients.csv"), "the attachment's name is on its page too");
  });

  it("reads a section in the FSSHTTPB packaging (saved from SharePoint or OneDrive)", async () => {
    const r = await run(makePackagedOneNote([MEETING, EMAIL, MEETING]), "Shared.one");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/onenote", "complete", []]);
    assert.deepEqual(r.segments.map((s) => s.text), [MEETING, EMAIL]);
  });

  it("a table of contents (.onetoc2) is detected and has no text", async () => {
    const r = await run(makeOneNote({ ...SECTION, toc: true }), "Open Notebook.onetoc2");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/onenote", "unsupported", ["unsupported_type"]]);
  });

  it("a page protected with a password is not read: partial, reason encrypted; a section all protected is encrypted", async () => {
    const r = await run(makeOneNote({ ...SECTION, encrypted: true }), "Locked.one");
    assert.deepEqual([r.status, codes(r), r.segments.map((s) => s.locator.page)], ["partial", ["encrypted"], [2, 2]]);
    const all = await run(makeOneNote({ pages: [SECTION.pages[0]!], encrypted: true }), "Locked.one");
    assert.deepEqual([all.status, codes(all), all.segments.length], ["partial", ["encrypted"], 0]);
  });

  it("a truncated or corrupted file fails with reason corrupt, quickly", async () => {
    const good = makeOneNote(SECTION);
    const root = Number(good.readBigUInt64LE(172));
    const badFooter = Buffer.from(good);
    badFooter.writeUInt32LE(0, root + good.readUInt32LE(180) - 8);
    const overrun = Buffer.from(good);
    overrun.writeUInt32LE((overrun.readUInt32LE(root + 16) | (0x1fff << 10)) >>> 0, root + 16);
    // the root list's fragment chained to itself, the transaction log promising more nodes than it holds
    const looped = Buffer.from(good);
    const rootCb = good.readUInt32LE(180);
    looped.writeBigUInt64LE(BigInt(root), root + rootCb - 20);
    looped.writeUInt32LE(rootCb, root + rootCb - 12);
    const log = Number(good.readBigUInt64LE(160));
    for (let at = log; looped.readUInt32LE(at) !== 1; at += 8) if (looped.readUInt32LE(at) === good.readUInt32LE(root + 8)) looped.writeUInt32LE(1000, at + 4);
    const packaged = makePackagedOneNote([MEETING]);
    for (const [name, bytes] of [
      ["cut in half", good.subarray(0, good.length >> 1)],
      ["cut in the header", good.subarray(0, 600)],
      ["bad list footer", badFooter],
      ["a node overrunning its fragment", overrun],
      ["a fragment chained to itself", looped],
      ["packaging cut short", packaged.subarray(0, 150)],
    ] as const) {
      const t0 = Date.now();
      const r = await run(bytes, "broken.one");
      assert.deepEqual([r.detected_type, failedOrRecovered(r), codes(r)], ["application/onenote", true, ["corrupt"]], name);
      assert.ok(Date.now() - t0 < 2000, `${name}: ${Date.now() - t0} ms`);
    }
  });

  it("an object whose property set is damaged is skipped, the rest read: partial with reason corrupt", async () => {
    const bytes = makeOneNote(SECTION);
    // the first RichEditTextUnicode property id (page 1's first revision, its first paragraph) given an unknown type
    bytes[bytes.indexOf(Buffer.from([0x22, 0x1c, 0x00, 0x1c])) + 3] = 0x7c;
    const r = await run(bytes, "Notes.one");
    assert.deepEqual([r.status, codes(r)], ["partial", ["corrupt"]]);
    assert.match(r.reasons[0]!.message, /1 object\(s\) could not be read.*unknown type 0x1f/);
    assert.deepEqual([segWith(r, MEETING)?.locator.page, segWith(r, "Draft")?.locator.page], [1, 1], "the later revision's copy of the paragraph, and the other objects, are read");
  });

  it("a file node list that refers back to itself is read once", async () => {
    const t0 = Date.now();
    const r = await run(makeOneNote({ ...SECTION, cycle: true }), "Loop.one");
    assert.deepEqual([r.status, codes(r)], ["complete", []]);
    assert.ok(allText(r).includes(EMAIL));
    assert.equal(r.segments.filter((s) => s.text === MEETING).length, 1);
    assert.ok(Date.now() - t0 < 2000, `${Date.now() - t0} ms`);
  });
});
