import assert from "node:assert/strict";
import { codes, rowCells, run } from "../test-util/run.ts";
import { makeSav, spssDate, SYSMIS, type SavVariable } from "../test-util/spss.ts";

const VARS: SavVariable[] = [
  { name: "resp", label: "Respondent name", width: 24 },
  { name: "email", width: 32 },
  { name: "dob", label: "Date of birth", width: 0, date: true },
  { name: "country", width: 0, valueLabels: { 49: "Germany", 44: "United Kingdom" } },
  { name: "score", width: 0 },
];

describe("extract: SPSS data files (.sav)", () => {
  it("reads each case as a row, each value under its variable's label or name: value labels as labels, dates as dates, system-missing left out", async () => {
    const sav = makeSav(VARS, [
      ["Tiara Gislason", "tiara.gislason@example.org", spssDate("1984-03-14"), 49, 7.5],
      ["Ben Okafor", "ben.okafor@example.org", SYSMIS, 44, SYSMIS],
    ]);
    const r = await run(sav, "survey_2026.sav");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/x-spss-sav", "complete", []]);
    assert.deepEqual(rowCells(r), [
      [1, "header", "Respondent name, EMAIL, Date of birth, COUNTRY, SCORE"],
      [2, "Respondent name", "Tiara Gislason"],
      [2, "EMAIL", "tiara.gislason@example.org"],
      [2, "Date of birth", "1984-03-14"],
      [2, "COUNTRY", "Germany"],
      [2, "SCORE", "7.5"],
      [3, "Respondent name", "Ben Okafor"],
      [3, "EMAIL", "ben.okafor@example.org"],
      [3, "COUNTRY", "United Kingdom"],
    ]);
  });

  it("says a zlib-compressed file ($FL3) is not read, and a file cut short is corrupt with the cases before kept", async () => {
    const sav = makeSav(VARS, [["Tiara Gislason", "tiara.gislason@example.org", spssDate("1984-03-14"), 49, 1], ["Ben Okafor", "ben.okafor@example.org", SYSMIS, 44, 2]]);
    const zsav = Buffer.concat([Buffer.from("$FL3"), sav.subarray(4)]);
    const z = await run(zsav, "survey.zsav");
    assert.deepEqual([z.status, codes(z)], ["unsupported", ["unsupported_type"]]);
    assert.match(z.reasons[0]!.message, /zlib/);
    // (cut inside the last case, and at its start: 10 slots of 8 bytes a case)
    for (const [cutBy, why] of [[20, /No data read/], [80, /1 of its 2 cases/]] as const) {
      const cut = await run(sav.subarray(0, sav.length - cutBy), "survey.sav");
      assert.deepEqual([cut.status, codes(cut)], ["partial", ["corrupt"]]);
      assert.match(cut.reasons[0]!.message, why);
      assert.ok(rowCells(cut).some(([, , v]) => v === "tiara.gislason@example.org"));
    }
  });
});
