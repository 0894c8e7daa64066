import assert from "node:assert/strict";
import { codes, run } from "../test-util/run.ts";

const MBOX = [
  "From jane.roe@example.org Mon Mar  4 09:12:01 2024",
  "From: Jane Roe <jane.roe@example.org>",
  "To: Ben Okafor <ben.okafor@example.net>",
  "Subject: Payroll / March",
  "Date: Mon, 04 Mar 2024 09:12:01 +0000",
  "",
  "Ben, my SSN is 536-22-1234 for the form.",
  ">From the office, with thanks.",
  "From what I hear the form is due Friday.",
  "",
  "From ben.okafor@example.net Mon Mar  4 10:00:00 2024",
  "From: Ben Okafor <ben.okafor@example.net>",
  "To: jane.roe@example.org",
  "Subject: =?UTF-8?Q?R=C3=A9ponse?=",
  "MIME-Version: 1.0",
  'Content-Type: multipart/mixed; boundary="b1"',
  "",
  "--b1",
  "Content-Type: text/plain",
  "",
  "See the attached list.",
  "--b1",
  "Content-Type: text/plain",
  'Content-Disposition: attachment; filename="staff.txt"',
  "",
  "Card 4111 1111 1111 1111",
  "--b1--",
  "",
].join("\n");

describe("extract: mbox mailboxes", () => {
  it("reads each message as an e-mail member named by its number and subject, attachments nested under it", async () => {
    const r = await run(MBOX, "Takeout.mbox");
    assert.deepEqual([r.detected_type, r.status, codes(r), r.stats.entries], ["application/mbox", "complete", [], 3]);
    const at = (where: string) => r.segments.filter((s) => s.locator.file_in_zip === where).map((s) => [s.locator.part, s.text]);
    assert.deepEqual(at("1-Payroll March"), [
      ["header:from", '"Jane Roe" <jane.roe@example.org>'],
      ["header:to", '"Ben Okafor" <ben.okafor@example.net>'],
      ["header:subject", "Payroll / March"],
      ["header:date", "2024-03-04T09:12:01.000Z"],
      // a body line starting with "From " that no header follows stays in its message
      ["body", "Ben, my SSN is 536-22-1234 for the form.\n>From the office, with thanks.\nFrom what I hear the form is due Friday.\n"],
    ]);
    // an encoded subject is decoded in the message's header, not in its member name
    assert.deepEqual(at("2").slice(2), [["header:subject", "Réponse"], ["body", "See the attached list."]]);
    assert.deepEqual(at("2!/staff.txt"), [[null, "Card 4111 1111 1111 1111"]]);
  });

  it("reads a message without a header, told by its envelope line's date; a mailbox where no message starts is read as text", async () => {
    const bare = await run("From envelope-sender Mon Jun 01 10:00:00 2009\n\nSSN 536-22-1234\n\nFrom envelope-sender Mon Jun 01 11:00:00 2010\n\nFrom what I hear, card 4111 1111 1111 1111\n", "simple.mbox");
    assert.deepEqual([bare.status, bare.segments.map((s) => [s.locator.file_in_zip, s.text.trim()])], ["complete", [["1", "SSN 536-22-1234"], ["2", "From what I hear, card 4111 1111 1111 1111"]]]);
    const none = await run("From nobody in particular\nSSN 536-22-1234\n", "odd.mbox");
    assert.deepEqual([none.detected_type, none.status, none.segments.map((s) => s.text.trim())], ["application/mbox", "complete", ["SSN 536-22-1234"]]);
  });

  it("is told from a text that merely starts with 'From ', and stops at the entry limit", async () => {
    const prose = await run("From the desk of the editor, 12 March 2024\nDear readers: this is prose.\n", "letter.txt");
    assert.equal(prose.detected_type, "text/plain");
    const few = await run(MBOX, "inbox", "application/octet-stream", { maxEntries: 1 });
    assert.deepEqual([few.detected_type, few.status, codes(few)], ["application/mbox", "partial", ["limit_entries"]]);
  });
});
