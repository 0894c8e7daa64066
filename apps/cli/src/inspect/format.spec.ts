import assert from "node:assert/strict";
import { formatReport, printable } from "./format.ts";
import type { InspectReport } from "./inspect.ts";

describe("cli/inspect/format", () => {
  it("writes a value of several lines on one line of the table", () => {
    assert.equal(printable("H*** 1***\n1*** T***", "⏎"), "H*** 1***⏎1*** T***");
    assert.equal(printable("a\r\nb\tc\u0007d\re", "⏎"), "a⏎b\\tc\\x07d\\re");
    assert.equal(printable("J*** A***", "⏎"), "J*** A***");
    assert.equal(printable("a\nb"), "a\\nb", "without lineBreak a line break is escaped");
  });

  it("shows the control characters of a name or an archive member escaped, not to the terminal (they set its title and cleared its screen)", () => {
    const evil = "a\u001b]0;PWNED\u0007\u001b[2J\nforged line\u202etxt.exe";
    const r: InspectReport = {
      input: `/share/${evil}.zip`, sha256: "a".repeat(64), size: 10, detected_type: "application/zip", type_mismatch: false, status: "partial",
      reasons: [{ code: "encrypted", message: "member is encrypted", file_in_zip: evil } as InspectReport["reasons"][number]],
      chars: 3, analyzer_version: 1,
      llm: { has_sensitive_data: true, confidence: "high", reasoning: "found", description: "", status: "complete", page_number: null, file_in_zip: evil } as InspectReport["llm"],
      model: { provider: "off" } as InspectReport["model"],
      findings: [{ type: "US_SSN", score: 0.85, detector: "ssn", validation: null, context: [], locator: { file_in_zip: evil }, start: 0, end: 11, masked: "***-**-8726" }],
    };
    const out = formatReport(r, false);
    for (const line of out.split("\n")) assert.doesNotMatch(line, /[\p{Cc}\u202e]/u);
    assert.equal(out.split("\n").length, 9, out);
    const shown = "a\\x1b]0;PWNED\\x07\\x1b[2J\\nforged line\\u{202e}txt.exe";
    assert.ok(out.startsWith(`/share/${shown}.zip  application/zip`), out);
    assert.match(out, /^ {2}where {7}a\\x1b\]0;PWNED/m);
    const [head, row] = out.split("\n").slice(-2);
    assert.equal(head!.indexOf("offsets"), row!.indexOf("0-11"), "the columns stay aligned");
  });
});
