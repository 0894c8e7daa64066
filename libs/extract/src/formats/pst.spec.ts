import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { PSTMessage } from "pst-extractor";
import { Ctx } from "../context.ts";
import { DEFAULT_LIMITS } from "../limits.ts";
import { codes, run } from "../test-util/run.ts";
import { nextChild, readItem } from "./pst.ts";

/**
 * Outlook data files shipped in pst-extractor's npm package (its example/testdata, installed with
 * it): a PST of 71 mails from the public Enron corpus with 70 attachments, and an Outlook.com OST
 * cache with calendar items. No tool here writes PST files, so these are the fixtures.
 */
const testdata = path.join(path.dirname(createRequire(import.meta.url).resolve("pst-extractor/package.json")), "example", "testdata");
const enron = readFileSync(path.join(testdata, "enron.pst"));
const ost = readFileSync(path.join(testdata, "pstextractortest@outlook.com.ost"));

describe("extract: Outlook PST and OST", () => {
  it("reads every mail of every folder as a member: headers, body, and its attachments nested under it", async () => {
    const r = await run(enron, "lokay-m.pst");
    assert.deepEqual([r.detected_type, r.status, r.stats.entries], ["application/vnd.ms-outlook-pst", "complete", 71 + 70 + 1]); // (mails, attachments, and a Word object embedded in one)
    const mail = "Top of Personal Folders/lokay-m/MLOKAY (Non-Privileged)/TW-Commercial Group/1-New OBA's";
    const of = (part: string) => r.segments.find((s) => s.locator.file_in_zip === mail && s.locator.part === part)?.text;
    assert.equal(of("header:from"), "Lee  Dennis <Dennis.Lee@ENRON.com>");
    assert.equal(of("header:to"), "Lindberg  Lorraine; Watson  Kimberly");
    assert.equal(of("header:subject"), "New OBA's");
    assert.equal(of("header:date"), "2001-10-22T20:06:22.000Z");
    assert.match(of("body") ?? "", /^The attached OBA's have been submitted to the customers for their signature/);
    // its eleven attachments, each a member under the mail ("!/"), read by type (here: Word files)
    const attached = new Set(r.segments.map((s) => s.locator.file_in_zip).filter((p) => p?.startsWith(`${mail}!/`)));
    assert.ok(attached.has(`${mail}!/OBA_Burlington_27732.doc`), [...attached].join("\n"));
    assert.ok(!r.segments.some((s) => s.locator.file_in_zip === null), "nothing outside an item");
  });

  it("reads an OST's calendar items with their location", async () => {
    const r = await run(ost, "mailbox.ost");
    assert.deepEqual([r.detected_type, r.status], ["application/vnd.ms-outlook-pst", "complete"]);
    assert.ok(r.segments.some((s) => s.locator.file_in_zip?.startsWith("Root - Mailbox/IPM_SUBTREE/Calendar/") && s.locator.part === "header:subject"));
    assert.ok(r.segments.some((s) => s.locator.part === "property:location" && s.text === "home office"));
  });

  it("reads a contact's personal fields as properties (an item shaped as pst-extractor gives it)", async () => {
    const contact = {
      messageClass: "IPM.Contact",
      subject: "Jane Roe",
      givenName: "Jane",
      surname: "Roe",
      mobileTelephoneNumber: "+44 7700 900123",
      homeAddress: "1 High Street\r\nOxford OX1 4AA",
      email1EmailAddress: "jane.roe@example.org",
      governmentIdNumber: "QQ 12 34 56 C",
      birthday: new Date("1984-03-14T00:00:00Z"),
      get spouseName(): string {
        throw new Error("damaged property");
      },
      numberOfAttachments: 0,
    } as unknown as PSTMessage;
    const ctx = new Ctx(DEFAULT_LIMITS);
    await readItem(ctx, { path: "Contacts/1-Jane Roe", depth: 1, base: {} }, contact, 1000);
    assert.deepEqual(ctx.segments.map((s) => [s.locator.part, s.text]), [
      ["header:subject", "Jane Roe"],
      ["property:givenName", "Jane"],
      ["property:surname", "Roe"],
      ["property:governmentIdNumber", "QQ 12 34 56 C"],
      ["property:mobileTelephoneNumber", "+44 7700 900123"],
      ["property:homeAddress", "1 High Street\r\nOxford OX1 4AA"],
      ["property:email1EmailAddress", "jane.roe@example.org"],
      ["property:birthday", "1984-03-14T00:00:00.000Z"],
    ]);
  });

  it("stops at the entry limit, and a cut file is failed with reason corrupt", async () => {
    const few = await run(enron, "lokay-m.pst", "application/octet-stream", { maxEntries: 5 });
    assert.deepEqual([few.status, few.stats.entries], ["partial", 5]);
    assert.ok(codes(few).includes("limit_entries"));
    const cut = await run(enron.subarray(0, 65536), "cut.pst");
    assert.deepEqual([cut.detected_type, cut.status, codes(cut)], ["application/vnd.ms-outlook-pst", "failed", ["corrupt"]]);
  });
  it("keeps pst-extractor's word on an item it skips off standard output (where `inspect --json` writes) and counts the item", () => {
    // (pst-extractor's PSTFolder.getNextChild says "Exception Error in No: N" by console.log and skips the item)
    const folder = { getNextChild: () => (console.log("Exception Error in No: ", 3), null) };
    const written: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array) => (written.push(String(chunk)), true)) as typeof process.stdout.write;
    const skipped = { n: 0 };
    try {
      assert.equal(nextChild(folder, skipped), null);
    } finally {
      process.stdout.write = write;
    }
    assert.deepEqual([written, skipped.n], [[], 1]);
  });
});
