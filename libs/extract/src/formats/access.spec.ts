import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { codes, run } from "../test-util/run.ts";

/** Written by Jackcess (test-util/access/MakeAccess.java): no JavaScript library writes Access files. */
const fixture = (name: string) => gunzipSync(readFileSync(new URL(`../test-util/access/${name}.gz`, import.meta.url)));

describe("extract: Access databases (MDB, ACCDB)", () => {
  for (const name of ["staff.mdb", "staff.accdb"]) {
    it(`reads each table of ${name} like a sheet: the column names as its header, each value a cell under its column`, async () => {
      const r = await run(fixture(name), name);
      assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/x-msaccess", "complete", []]);
      const cells = r.segments.map((s) => [s.locator.sheet, s.locator.row, s.locator.column ?? s.locator.part, s.text]);
      assert.deepEqual(cells.filter(([sheet, row]) => sheet === "Staff" && (row === 1 || row === 2)), [
        ["Staff", 1, "header", "Name, SSN, Born, Salary, Notes"],
        ["Staff", 2, "Name", "Tiara Gislason"],
        ["Staff", 2, "SSN", "536-22-8726"],
        ["Staff", 2, "Born", "1985-03-14T00:00:00.000Z"],
        ["Staff", 2, "Salary", "52000.0000"],
        ["Staff", 2, "Notes", "call jane.roe@example.org"],
      ]);
      assert.deepEqual(cells.filter(([sheet]) => sheet === "Orders"), [["Orders", 1, "header", "OrderNo, Card"], ["Orders", 2, "OrderNo", "1001"], ["Orders", 2, "Card", "4111 1111 1111 1111"]]);
    });
  }

  it("is told by its first page's engine name whatever the file is called, and a cut one is corrupt", async () => {
    assert.equal((await run(fixture("staff.mdb"), "export.bin")).detected_type, "application/x-msaccess");
    const cut = await run(fixture("staff.accdb").subarray(0, 8192), "staff.accdb");
    assert.deepEqual([cut.detected_type, cut.status, codes(cut)], ["application/x-msaccess", "failed", ["corrupt"]], JSON.stringify(cut.reasons));
  });
});
