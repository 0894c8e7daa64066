import assert from "node:assert/strict";
import { locator } from "@filescan/contracts";
import { detect } from "../index.ts";
import { PRESIDIO_CASES, type PresidioCase } from "./cases.ts";

function ours(c: PresidioCase): Array<[number, number]> {
  return detect([{ text: c.text, source: "text", locator: locator() }], { entities: [c.type], minScore: 0, ner: false })
    .map((f): [number, number] => [f.start, f.end])
    .sort((a, b) => a[0] - b[0]);
}

describe("agreement with Presidio's recognizer tests (ported as data)", () => {
  const byType = new Map<string, PresidioCase[]>();
  for (const c of PRESIDIO_CASES) byType.set(c.type, [...(byType.get(c.type) ?? []), c]);

  for (const [type, cases] of byType) {
    it(`${type}: ${cases.length} cases (${cases.filter((c) => c.exception).length} documented exceptions)`, () => {
      const disagreements: string[] = [];
      for (const c of cases) {
        const got = ours(c);
        const want = c.exception ? c.exception.ours : c.spans;
        if (JSON.stringify(got) !== JSON.stringify(want)) disagreements.push(`${JSON.stringify(c.text)}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
      }
      assert.deepEqual(disagreements, []);
    });
  }

  it("keeps exceptions few and each one justified", () => {
    const exceptions = PRESIDIO_CASES.filter((c) => c.exception);
    // (at most one case in fifty: 11 of 794 cases in November 2026)
    assert.ok(exceptions.length <= PRESIDIO_CASES.length / 50, `${exceptions.length} exceptions of ${PRESIDIO_CASES.length} cases`);
    for (const c of exceptions) {
      assert.ok(c.exception!.reason.length > 40, c.text);
      assert.notDeepEqual(c.exception!.ours, c.spans, `${c.text}: an exception must actually differ`);
    }
  });
});
