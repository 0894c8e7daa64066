import assert from "node:assert/strict";
import { makeEml } from "../test-util/mail.ts";
import { codes, run } from "../test-util/run.ts";
import { makeTnef } from "../test-util/tnef.ts";

describe("extract: TNEF (winmail.dat)", () => {
  const tnef = makeTnef({
    body: "Jane, the payroll export is attached.",
    attachments: [
      { title: "PAYROL~1.CSV", longName: "payroll march.csv", data: "name,ssn\nJane Roe,536-22-1234\n" },
      { title: "NOTE.TXT", data: "Call Ben on +44 20 7946 0958" },
    ],
  });

  it("reads the body and each attached file as a member under its long name, else its title", async () => {
    const r = await run(tnef, "winmail.dat");
    assert.deepEqual([r.detected_type, r.status, codes(r), r.stats.entries], ["application/vnd.ms-tnef", "complete", [], 2]);
    const by = (t: string) => r.segments.find((s) => s.text === t);
    assert.equal(by("Jane, the payroll export is attached.")?.locator.part, "body");
    assert.deepEqual([by("536-22-1234")?.locator.file_in_zip, by("536-22-1234")?.locator.column], ["payroll march.csv", "ssn"]);
    assert.equal(by("Call Ben on +44 20 7946 0958")?.locator.file_in_zip, "NOTE.TXT");
  });

  it("inside an e-mail, the files Outlook wrapped are read (they were one unsupported attachment)", async () => {
    const mail = makeEml({ From: "hr@example.org", To: "jane@example.org", Subject: "March" }, [
      { contentType: "text/plain", body: "see attached" },
      { contentType: "application/ms-tnef", filename: "winmail.dat", body: tnef },
    ]);
    const r = await run(mail, "march.eml");
    assert.equal(r.status, "complete");
    assert.equal(r.segments.find((s) => s.text === "536-22-1234")?.locator.file_in_zip, "winmail.dat!/payroll march.csv");
  });

  it("keeps what comes before an attribute cut short, partial with reason corrupt", async () => {
    const cut = await run(tnef.subarray(0, tnef.length - 20), "winmail.dat");
    assert.deepEqual([cut.status, codes(cut)], ["partial", ["corrupt"]]);
    assert.ok(cut.segments.some((s) => s.text === "536-22-1234"));
  });
});
