import assert from "node:assert/strict";
import { codes, run } from "../test-util/run.ts";
import { makeWordPerfect } from "../test-util/wordperfect.ts";

const text = (r: Awaited<ReturnType<typeof run>>) => r.segments.map((s) => s.text).join("");

describe("extract: WordPerfect documents", () => {
  it("reads a 5.x document: text, line ends, hard hyphens and spaces, accented letters and quotes of its character sets; formatting groups skipped", async () => {
    const wp = makeWordPerfect({
      version: 5,
      body: [
        { group: 0xd0, sub: 1, data: [0x41, 0x42, 0x43, 0x44] }, // margins (their bytes look like text)
        "Patient: Zo", { char: 45, set: 1 }, " M", { char: 71, set: 1 }, "ller", { char: 9, set: 1 }, "s file",
        { bytes: [0x0a] },
        { fixed: 0xc3, size: 3 }, // bold on
        "SSN 536", { bytes: [0xa9] }, "22", { bytes: [0xa9] }, "1234", { bytes: [0x0d] }, "called", { bytes: [0xa0] }, { char: 32, set: 4 }, "Dr. No", { char: 31, set: 4 },
        { fixed: 0xc4, size: 3 }, // bold off
        { bytes: [0x0a] },
        { group: 0xd4, sub: 0, data: [0x50, 0x51] },
        "end",
      ],
    });
    const r = await run(wp, "letter.wp");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/vnd.wordperfect", "complete", []]);
    assert.equal(text(r), "Patient: Zoë Müller’s file\nSSN 536-22-1234 called “Dr. No”\nend");
  });

  it("reads a 6.x document: 0x80 blanks, one-byte accented letters, end-of-line groups, characters of its sets", async () => {
    const wp = makeWordPerfect({
      version: 6,
      body: [
        { group: 0xd4, sub: 0x1c, data: [0x41, 0x42, 0x43, 0x44, 0x45] }, // a style (its bytes look like text)
        "APPENDIX ", { char: 29, set: 4 }, "A", { char: 28, set: 4 },
        { group: 0xd0, sub: 0x04 }, // hard end of line
        "Gr", { bytes: [0x1a] }, "nwald wrote to J", { bytes: [0x1c] }, "rgen:",
        { group: 0xd0, sub: 0x01 }, // soft end of line: the line wraps
        "IBAN DE89 3704 0044 0532 0130 00",
        { fixed: 0xf2, size: 3 }, // attribute on
        { bytes: [0xcc] },
        "test1", { bytes: [0x84] }, "2.",
      ],
    });
    const r = await run(wp, "appendix.wpd");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/vnd.wordperfect", "complete", []]);
    assert.equal(text(r), "APPENDIX ‘A’\nGrönwald wrote to Jürgen: IBAN DE89 3704 0044 0532 0130 00\ntest1-2.");
  });

  it("knows a 5.x document saved as .doc by its prefix, not its name", async () => {
    const r = await run(makeWordPerfect({ version: 5, body: ["Jane Roe, 536-22-1234"] }), "MEMO.DOC");
    assert.deepEqual([r.detected_type, r.status, text(r)], ["application/vnd.wordperfect", "complete", "Jane Roe, 536-22-1234"]);
  });

  it("marks a document with a password encrypted, and reads a damaged one as far as it makes sense", async () => {
    const locked = await run(makeWordPerfect({ version: 5, body: ["scrambled"], key: 0x1234 }), "locked.wp");
    assert.deepEqual([locked.status, codes(locked), locked.segments.length], ["partial", ["encrypted"], 0]);
    // a group whose length runs past the end is read byte by byte, and what follows is text
    const cut = await run(makeWordPerfect({ version: 6, body: ["Jane", { bytes: [0xd4, 0x00, 0xff, 0x7f, 0x80] }, "Roe"] }), "cut.wpd");
    assert.deepEqual([cut.status, text(cut)], ["complete", "Jane Roe"]);
    // a document area said to start past the end of the file
    const broken = makeWordPerfect({ version: 5, body: ["x"] });
    broken.writeUInt32LE(1 << 20, 4);
    const r = await run(broken, "broken.wp");
    assert.deepEqual([r.status, codes(r)], ["failed", ["corrupt"]]);
  });
});
