import assert from "node:assert/strict";
import { locator, type FileAnalyzed, type Finding } from "@filescan/contracts";
import { analysisDoc, EXAMPLES_PER_FILE, FLATTENED_MAX_PATH_BYTES, indexableExtra, sightingDoc, summarise } from "./documents.ts";
import { submitted } from "../../../test/integration/events.ts";
import { supersedes } from "./project.ts";

const finding = (type: string, masked: string, score: number, page: number): Finding => ({ type, score, detector: type.toLowerCase(), validation: "v", context: [], locator: locator({ page }), start: 0, end: 3, masked });

describe("projector: the findings summary", () => {
  it("shows the strongest of every type, then other values, before a value already shown again", () => {
    const mails = Array.from({ length: 30 }, (_, i) => finding("EMAIL_ADDRESS", "h***@gnu.org", 1, i + 1));
    const ssn = finding("US_SSN", "***-**-6789", 0.85, 40);
    const person = finding("PERSON", "J*** R***", 0.5, 41);
    const other = finding("EMAIL_ADDRESS", "j***@acme.com", 1, 42);
    const s = summarise([...mails, ssn, person, other]);
    assert.equal(s.total, 33);
    assert.deepEqual(s.counts, { EMAIL_ADDRESS: 31, US_SSN: 1, PERSON: 1 });
    assert.equal(s.examples.length, EXAMPLES_PER_FILE);
    const shown = s.examples.map((e) => `${e.type} ${e.masked}`);
    for (const want of ["US_SSN ***-**-6789", "PERSON J*** R***", "EMAIL_ADDRESS j***@acme.com", "EMAIL_ADDRESS h***@gnu.org"]) assert.ok(shown.includes(want), want);
    assert.deepEqual(s.examples.map((e) => e.score), [...s.examples.map((e) => e.score as number)].sort((a, b) => b - a), "strongest first");
  });
});

describe("projector: the analysis document", () => {
  const event = (version?: number): FileAnalyzed => ({
    submission_id: "s", sha256: "A".repeat(64), analyzed_at: 1_700_000_000_000,
    llm: { has_sensitive_data: false, confidence: "low", reasoning: "r", description: "d", status: "complete", page_number: null, file_in_zip: null },
    findings: [], extraction: { detected_type: "text/plain", type_mismatch: false, status: "complete", reasons: [], chars: 3 },
    model: { provider: "off", name: null, prompt_tokens: 0, completion_tokens: 0, llm_ms: 0, detect_ms: 0, extract_ms: 0, reused: false },
    ...(version === undefined ? {} : { analyzer_version: version }),
  }) as FileAnalyzed;

  it("lets a later analysis of a content take the earlier one's place, unless it is a reused verdict or an older analyzer's", () => {
    const made = (version: number | undefined, reused: boolean) => ({ ...event(version), model: { ...event(version).model, reused } }) as FileAnalyzed;
    assert.equal(supersedes(made(1, false), made(0, false)), true, "a re-analysis");
    assert.equal(supersedes(made(1, false), made(1, false)), true, "the later of one version");
    assert.equal(supersedes(made(1, false), made(undefined, false)), true, "over one written before versions");
    assert.equal(supersedes(made(0, false), made(1, false)), false, "an older analyzer's");
    assert.equal(supersedes(made(1, true), made(1, false)), false, "a reused verdict");
    assert.equal(supersedes(made(1, false), made(1, true)), true, "the original over a reused one");
  });

  it("keeps the LLM's verdict over one of its version made while the LLM was unavailable, not over an older analyzer's", () => {
    const made = (version: number, reasons: string[]) => ({ ...event(version), extraction: { ...event(version).extraction, reasons } }) as FileAnalyzed;
    const outage = ["llm_unavailable"];
    assert.equal(supersedes(made(2, outage), made(2, [])), false, "an outage's verdict after the LLM's");
    assert.equal(supersedes(made(2, ["truncated", ...outage]), made(2, ["truncated"])), false, "whatever other reasons both carry");
    assert.equal(supersedes(made(2, []), made(2, outage)), true, "the LLM's after an outage's");
    assert.equal(supersedes(made(2, outage), made(2, outage)), true, "the later of two outages'");
    assert.equal(supersedes(made(3, outage), made(2, [])), true, "a newer analyzer's, even made without the LLM");
    assert.equal(supersedes(made(2, []), made(3, outage)), false, "never an older analyzer's");
  });

  it("lists at most the limit of an event's findings, and counts all of them by the event's finding_counts or, without, its findings", () => {
    const many = Array.from({ length: 500 }, (_, i) => finding(i % 100 === 0 ? "US_SSN" : "EMAIL_ADDRESS", "***", 0.9, i + 1));
    // an event from before the limit: every finding listed, no counts
    const old = analysisDoc({ ...event(1), findings: many }, 40);
    assert.equal(old.event.findings.length, 40);
    assert.equal(old.event.findings.filter((f) => f.type === "US_SSN").length, 5);
    assert.deepEqual(old.event.finding_counts, { US_SSN: 5, EMAIL_ADDRESS: 495 });
    assert.equal(old.findings_summary.total, 500);
    // an event that lists some and counts all
    const listed = analysisDoc({ ...event(1), findings: many.slice(0, 50), finding_counts: { US_SSN: 7, EMAIL_ADDRESS: 90_000 } });
    assert.equal(listed.event.findings.length, 50);
    assert.equal(listed.findings_summary.total, 90_007);
    assert.deepEqual(listed.findings_summary.counts, { US_SSN: 7, EMAIL_ADDRESS: 90_000 });
    assert.deepEqual(listed.findings_summary.types, ["EMAIL_ADDRESS", "US_SSN"]);
  });

  it("records the analyzer version, 0 for an event written before the field existed (its writer's schema has none)", () => {
    assert.equal(analysisDoc(event(3)).analysis.analyzer_version, 3);
    assert.equal(analysisDoc(event()).analysis.analyzer_version, 0);
    assert.equal(analysisDoc(event()).sha256, "a".repeat(64));
  });
});

describe("projector: the extra fields a sighting indexes", () => {
  const nested = (levels: number, leaf: unknown = 1) => {
    let v = leaf;
    for (let i = 0; i < levels; i++) v = { a: v };
    return v as Record<string, unknown>;
  };

  it("indexes an object nested at most 20 levels (arrays counted), with no key path longer than flattened takes", () => {
    assert.equal(indexableExtra({ a: 1, b: [1, { c: "x" }], d: null }), true);
    assert.equal(indexableExtra(nested(20)), true);
    assert.equal(indexableExtra(nested(21)), false);
    assert.equal(indexableExtra(nested(10, [[[[[[[[[[1]]]]]]]]]])), true);
    assert.equal(indexableExtra(nested(10, [[[[[[[[[[[{ x: 1 }]]]]]]]]]]])), false);
    assert.equal(indexableExtra({ ["k".repeat(FLATTENED_MAX_PATH_BYTES)]: 1 }), true);
    assert.equal(indexableExtra({ ["k".repeat(FLATTENED_MAX_PATH_BYTES + 1)]: 1 }), false);
    assert.equal(indexableExtra({ ["é".repeat(FLATTENED_MAX_PATH_BYTES / 2)]: 1 }), true, "bytes of UTF-8, not characters");
    assert.equal(indexableExtra({ ["é".repeat(FLATTENED_MAX_PATH_BYTES / 2) + "x"]: 1 }), false);
    const half = "k".repeat(FLATTENED_MAX_PATH_BYTES / 2);
    assert.equal(indexableExtra({ [half]: { [half.slice(1)]: 1 } }), true, "the path: the keys joined with a dot");
    assert.equal(indexableExtra({ [half]: { [half]: 1 } }), false);
    for (const not of [null, [], "x", 3, undefined]) assert.equal(indexableExtra(not), false);
  });

  it("reads a huge array or a very deep value without overflowing the stack (an array of 200,000 did: the batch was retried for good)", () => {
    assert.equal(indexableExtra({ arr: new Array<number>(200_000).fill(0) }), true);
    assert.equal(indexableExtra({ deep: nested(100_000) }), false);
    const doc = sightingDoc(submitted("x", { arr: new Array<number>(200_000).fill(0) }));
    assert.equal((doc.extra as { arr: number[] }).arr.length, 200_000);
  });

  it("indexes the numbers of extra fields as the client wrote them (18446744073709551615 was indexed as 18446744073709552000)", () => {
    const s = { ...submitted("x"), extra_json: '{"inode":18446744073709551615,"n":[12345678901234567890123,1.50,7],"deep":{"x":0.1000000000000000000001}}' };
    const doc = sightingDoc(s);
    // What the Elasticsearch client sends: JSON.stringify of the document.
    assert.equal(JSON.stringify(doc.extra), s.extra_json);
    assert.equal(indexableExtra(doc.extra), true);
    // A number held as its text counts no level and no key: 20 levels with one still index.
    const deep = `${'{"a":'.repeat(20)}18446744073709551615${"}".repeat(20)}`;
    assert.equal(indexableExtra(sightingDoc({ ...submitted("x"), extra_json: deep }).extra), true);
  });

  it("keeps extra fields it cannot index whole in extra_json only", () => {
    const s = submitted("x", { ["k".repeat(40_000)]: 1 });
    const doc = sightingDoc(s);
    assert.equal(doc.extra, undefined);
    assert.equal(doc.extra_json, s.extra_json);
    assert.ok((doc.sighting_bytes as number) > 40_000, "its metadata bytes, by which GET /files pages");
  });
});
