import assert from "node:assert/strict";
import { locator } from "@filescan/contracts";
import { levelOf, maskGeneric, piiSignal, rawValuesOf, scrub, segmentsOf, verifySpan } from "./evidence.ts";
import { finding, SSN } from "./testing/fixtures.ts";

describe("classify: evidence helpers", () => {
  const segs = [
    { text: "Intro page", source: "text", locator: locator({ page: 1 }) },
    { text: `Jane Roe\nSSN:  ${SSN}`, source: "text", locator: locator({ page: 2 }) },
  ];

  it("recovers a finding's raw value from the segment with its locator", () => {
    const f = finding(segs[1]!.text, SSN, "US_SSN", { loc: locator({ page: 2 }) });
    assert.deepEqual(segmentsOf(f, segs), [{ i: 1, start: f.start, end: f.end }]);
    assert.deepEqual(rawValuesOf(f, segs), [SSN]);
    assert.deepEqual(rawValuesOf({ ...f, locator: locator({ page: 9 }) }, segs), [], "no segment, no value");
    assert.deepEqual(rawValuesOf({ ...f, end: 10_000 }, segs), [], "offsets beyond the text are ignored");
  });

  it("reads a finding's offsets in its locator's text: a long text's chunks share one locator, one after the other", () => {
    const chunks = ["First chunk of a long text.\n", "Second chunk, where the SSN is ", `${SSN}.\n`].map((text) => ({ text, source: "text", locator: locator() }));
    const start = chunks[0]!.text.length + chunks[1]!.text.length;
    const f = { ...finding(chunks[2]!.text, SSN, "US_SSN", { loc: locator() }), start, end: start + SSN.length };
    assert.deepEqual(segmentsOf(f, chunks), [{ i: 2, start: 0, end: SSN.length }]);
    assert.deepEqual(rawValuesOf(f, chunks), [SSN]);
    assert.deepEqual(segmentsOf({ ...f, start: start - 3, end: start + 3 }, chunks), [], "a span across two chunks is in neither");
  });

  it("scrubs known values in any case, whitespace or digit-separator spelling, then e-mails and long numbers", () => {
    const out = scrub(`a ${SSN} b 123 45 6789 c 123456789 d JANE ROE e j.doe@x.org f +49 151 2345 6789 g year 2024`, [
      { value: SSN, mask: "***-**-6789" },
      { value: "Jane Roe", mask: "J*** R**" },
    ]);
    assert.equal(out.match(/\*\*\*-\*\*-6789/g)?.length, 3);
    assert.ok(!/123|jane|j\.doe|2345/i.test(out), out);
    assert.match(out, /year 2024/, "short numbers stay");
  });

  it("scrubs values spelt with underscores, other dashes or glued to letters, as file names and models write them", () => {
    const known = [
      { value: "536-22-1234", mask: "***-**-1234" },
      { value: "Tiara Roe", mask: "T**** R**" },
    ];
    // (a member's name cited in the reasoning: the raw SSN and name were kept, even with the LLM off)
    assert.equal(scrub("Strongest evidence in hr/Tiara_Roe_536_22_1234.txt.", known), "Strongest evidence in hr/T**** R**_***-**-1234.txt.");
    assert.equal(scrub("in T. R. 536\u201322\u20131234 and tiara-roe", known), "in T. R. ***-**-1234 and T**** R**");
    assert.equal(scrub("ssn 536 - 22 - 1234", known), "ssn ***-**-1234");
    // (unknown values: a long number glued to letters, a card in an account name)
    const out = scrub("The statement lists card ACCT4111111111111111 and id X_9876543_Y, 12 rows in 2024.", []);
    assert.ok(!/4111111111|987654/.test(out), out);
    assert.match(out, /12 rows in 2024\.$/, "short numbers stay");
  });

  it("masks generically, keeping the last two characters of long values only", () => {
    assert.equal(maskGeneric("4111 1111 1111 1111"), "**** **** **** **11");
    assert.equal(maskGeneric("Bob"), "***");
  });

  it("verifies cited spans against the source text, whitespace and case insensitive", () => {
    assert.equal(verifySpan("Roe Jane SSN", segs), null, "not contiguous in the source");
    const v = verifySpan(`"SSN: ${SSN}"`, segs);
    assert.equal(v?.segment, 1);
    assert.equal(segs[1]!.text.slice(v!.start, v!.end), `SSN:  ${SSN}`);
    assert.equal(verifySpan("jane ROE", segs)?.segment, 1);
    assert.equal(verifySpan("John Doe", segs), null, "a hallucinated span is not found");
    assert.equal(verifySpan("in", segs), null, "too short to mean anything");
  });

  it("tells cited spans with a personal-data signal from ordinary prose", () => {
    for (const yes of ["SSN 123-45-6789", "mail jane@x.org", "date of birth: 3 May", "Name: Jane Roe", "lab results came back positive", "account 1234"]) assert.ok(piiSignal(yes), yes);
    for (const no of ["The Committee reviewed the figures", "the meeting is on Monday", "Quarterly Report", "tulip bulbs and the spring fair", "Memo 3"]) assert.ok(!piiSignal(no), no);
  });

  it("rates findings: validated and >= 0.8 is high, >= 0.6 medium, else low", () => {
    const f = finding(segs[1]!.text, SSN, "US_SSN");
    assert.equal(levelOf(f), "high");
    assert.equal(levelOf({ ...f, validation: null }), "medium");
    assert.equal(levelOf({ ...f, score: 0.79 }), "medium");
    assert.equal(levelOf({ ...f, score: 0.5 }), "low");
  });
});
