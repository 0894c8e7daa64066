import assert from "node:assert/strict";
import { rtfText } from "./rtf-text.ts";
import { allText, codes, run } from "../test-util/run.ts";

describe("extract: an RTF's text without its structure (when officeparser refuses it)", () => {
  it("reads the text, breaks and escapes, each property on its line; skips tables, pictures, binary data and ignorable destinations", () => {
    const rtf = [
      "{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}{\\colortbl;\\red0\\green0\\blue0;}{\\*\\generator Riched20;}{\\info{\\author Tiara Gislason}}",
      "\\f0 Dear Ana,\\par SSN\\tab 536-22-1234\\line caf\\'e9 \\u8364? 5\\par",
      "{\\pict\\pngblip 89504e47}{\\field{\\*\\fldinst HYPERLINK \"http://x\"}{\\fldrslt click}} \\{braces\\} \\\\ \\bin3 xyzok\\~done}",
    ].join("\r\n");
    assert.equal(rtfText(rtf), "Tiara Gislason\nDear Ana,\nSSN\t536-22-1234\ncafé € 5\nclick {braces} \\ ok done");
  });

  it("skips \\ucN fallback characters after \\uN, by the group's \\uc", () => {
    assert.equal(rtfText("{\\rtf1 {\\uc2\\u20013\\'d6\\'d0x}\\u20013?y}"), "中x中y");
  });

  it("reads text inside 100,000 nested groups, and stray braces", () => {
    const deep = `{\\rtf1 ${"{".repeat(100_000)}SSN 536-22-1234${"}".repeat(100_000)}}`;
    assert.equal(rtfText(deep), "SSN 536-22-1234");
    assert.equal(rtfText("}}text{"), "text");
  });

  it("is what extraction reads of an RTF nested past officeparser's limit: partial, corrupt, the text there", async () => {
    const r = await run(Buffer.from(`{\\rtf1\\ansi ${"{".repeat(1200)}SSN 536-22-1234 for Tiara Gislason${"}".repeat(1200)}}`, "latin1"), "deep.rtf");
    assert.equal(r.detected_type, "application/rtf");
    assert.equal(r.status, "partial");
    assert.deepEqual(codes(r), ["corrupt"]);
    assert.match(r.reasons[0]!.message, /^rtf: .*nesting depth.*; its text read without its structure$/);
    assert.match(allText(r), /SSN 536-22-1234 for Tiara Gislason/);
  });
});
