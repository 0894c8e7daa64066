import assert from "node:assert/strict";
import { makeHwp } from "../test-util/hwp.ts";
import { allText, codes, run, failedOrRecovered } from "../test-util/run.ts";

const paragraphs = [
  ["인사 기록: 홍길동", { control: 9 }, "주민등록번호 900101-1234567"],
  ["Jane Roe", { control: 10 }, "jane.roe@example.org", { control: 11 }, " (table)"], // a line break, then a table's control
  ["010", { control: 24 }, "1234", { control: 30 }, "5678"], // a hyphen, a fixed space
];
const expected = "인사 기록: 홍길동\t주민등록번호 900101-1234567\nJane Roe\njane.roe@example.org (table)\n010-1234 5678";

describe("extract: HWP 5 documents (.hwp)", () => {
  it("reads the paragraphs' text, compressed or not: controls of one character and of eight", async () => {
    for (const compressed of [false, true]) {
      const r = await run(makeHwp(paragraphs, { compressed }), "인사.hwp");
      assert.deepEqual([r.detected_type, r.status, codes(r), allText(r)], ["application/x-hwp", "complete", [], expected], `compressed: ${compressed}`);
    }
  });

  it("decrypts a distribution document's sections (DISTRIBUTE_DOC_DATA and AES)", async () => {
    const r = await run(makeHwp(paragraphs, { compressed: true, distribution: true }), "배포.hwp");
    assert.deepEqual([r.status, codes(r), allText(r)], ["complete", [], expected]);
  });

  it("gives a password-protected document's preview text and ends encrypted; fails a broken section", async () => {
    const locked = await run(makeHwp(paragraphs, { compressed: true, password: true, preview: "인사 기록: 홍길동\r\n" }), "locked.hwp");
    assert.deepEqual([locked.status, codes(locked), locked.segments.map((s) => [s.locator.part, s.text])], ["partial", ["encrypted"], [["preview", "인사 기록: 홍길동\n"]]]);
    // a record that says it is longer than its section
    const cut = Buffer.alloc(8);
    cut.writeUInt32LE((67 | (4000 << 20)) >>> 0, 0);
    const broken = await run(makeHwp([], { section: cut }), "broken.hwp");
    assert.deepEqual([failedOrRecovered(broken), codes(broken)], [true, ["corrupt"]]);
  });

  it("inflates a compressed section within the ratio limit: a bomb's first paragraphs are read, then it stops (limit_ratio)", async () => {
    const bomb = [["Jane Roe, 536-22-1234"], ...Array.from({ length: 20_000 }, () => ["x".repeat(100)])];
    const r = await run(makeHwp(bomb, { compressed: true }), "bomb.hwp", undefined, { maxRatio: 20 });
    assert.deepEqual([r.status, codes(r)], ["partial", ["limit_ratio"]]);
    assert.ok(allText(r).startsWith("Jane Roe, 536-22-1234\n"));
  });
});
