import assert from "node:assert/strict";
import avro from "avsc";
import { deepEqual as sameData } from "node:assert"; // Avro decodes records as class instances: compare data, not prototypes
import { TOPICS } from "@filescan/config";
import { ANALYZER_VERSION, avroSchemaText, findingCounts, llmOutageRetrySeconds, llmOutageReuseSeconds, locator, minAnalyzerVersion, type DeadLetter, type FileAnalyzed, type FileExtracted, type FileSubmitted } from "./index.ts";

const typeOf = (topic: (typeof TOPICS)[keyof typeof TOPICS]) => avro.Type.forSchema(JSON.parse(avroSchemaText(topic)));

export const sampleSubmitted: FileSubmitted = {
  submission_id: "0190f1de-0000-7000-8000-000000000001",
  received_at: 1_763_800_000_000,
  principal: { subject: "tok_1", token_name: "ci" },
  mimetype: "text/plain",
  sha256: "a".repeat(64),
  sha1: "b".repeat(40),
  md5: "c".repeat(32),
  filename: "a.txt",
  full_path: "/data/a.txt",
  timestamp: "2026-11-22T08:00:00Z",
  app: "test",
  extra_json: '{"host":"h1","n":3}',
  size: 5,
  content: Buffer.from("hello"),
  min_analyzer_version: 1,
};

describe("contracts: TypeScript types agree with schemas/avro", () => {
  it("FileSubmitted round-trips through its Avro schema", () => {
    const t = typeOf(TOPICS.submissions);
    assert.ok(t.isValid(sampleSubmitted), "sample must validate");
    sameData(t.fromBuffer(t.toBuffer(sampleSubmitted)), sampleSubmitted);
    assert.equal(t.isValid({ ...sampleSubmitted, sha256: 1 }), false);
    // an event written before the field (by the schema without it) reads as 0: any analysis counts
    const before = JSON.parse(avroSchemaText(TOPICS.submissions)) as { fields: Array<{ name: string }> };
    const old = avro.Type.forSchema({ ...before, fields: before.fields.filter((f) => f.name !== "min_analyzer_version") } as avro.Schema);
    const { min_analyzer_version: _, ...withoutMin } = sampleSubmitted;
    const read = t.fromBuffer(old.toBuffer(withoutMin), t.createResolver(old)) as FileSubmitted;
    assert.equal(read.min_analyzer_version, 0);
  });

  it("FileExtracted round-trips, with locators of every kind", () => {
    const ev: FileExtracted = {
      submission_id: "s", sha256: "a".repeat(64), received_at: 1, filename: "x.zip", full_path: "/x.zip", mimetype: "application/zip",
      app: "t", extra_json: "{}", size: 10, detected_type: "application/zip", type_mismatch: false, status: "partial",
      reasons: [{ code: "encrypted", message: "entry is encrypted", file_in_zip: "a/b.pdf" }],
      segments: [
        { text: "page two", source: "text", locator: locator({ file_in_zip: "a/b.zip!/c.pdf", page: 2 }) },
        { text: "4915123456789", source: "text", locator: locator({ sheet: "S1", cell: "B2" }) },
      ],
      stats: { chars: 21, entries: 3, duration_ms: 4 },
      min_analyzer_version: 1,
    };
    const t = typeOf(TOPICS.extractions);
    assert.ok(t.isValid(ev));
    sameData(t.fromBuffer(t.toBuffer(ev)), ev);
  });

  it("FileAnalyzed and DeadLetter round-trip", () => {
    const ev: FileAnalyzed = {
      submission_id: "s", sha256: "a".repeat(64), analyzed_at: 2,
      llm: { has_sensitive_data: true, confidence: "high", reasoning: "r", description: "d", status: "complete", page_number: 2, file_in_zip: "a.pdf" },
      findings: [{ type: "US_SSN", score: 0.9, detector: "us_ssn", validation: "ssn_rules", context: ["ssn"], locator: locator({ page: 2 }), start: 3, end: 14, masked: "***-**-6789" }],
      finding_counts: { US_SSN: 1200, EMAIL_ADDRESS: 3 },
      extraction: { detected_type: "application/pdf", type_mismatch: false, status: "complete", reasons: [], chars: 100 },
      model: { provider: "local", name: "smollm2", prompt_tokens: 10, completion_tokens: 5, llm_ms: 100, detect_ms: 1, extract_ms: 2, reused: false },
      analyzer_version: ANALYZER_VERSION,
    };
    const t = typeOf(TOPICS.analyses);
    assert.ok(t.isValid(ev));
    sameData(t.fromBuffer(t.toBuffer(ev)), ev);
    // an event written before finding_counts (which listed every finding) reads with none: they are counted
    const schema = JSON.parse(avroSchemaText(TOPICS.analyses)) as { fields: Array<{ name: string }> };
    const old = avro.Type.forSchema({ ...schema, fields: schema.fields.filter((f) => f.name !== "finding_counts") } as avro.Schema);
    const { finding_counts: _, ...withoutCounts } = ev;
    const read = t.fromBuffer(old.toBuffer(withoutCounts), t.createResolver(old)) as FileAnalyzed;
    sameData(read.finding_counts, {});
    sameData(findingCounts(read), { US_SSN: 1 });
    sameData(findingCounts(ev), { US_SSN: 1200, EMAIL_ADDRESS: 3 });
    const dl: DeadLetter = { processor: "p", topic: "t", partition: 0, offset: "5", key: Buffer.from("k"), value: null, error: "boom", failed_at: 3 };
    const d = typeOf(TOPICS.deadletter);
    assert.ok(d.isValid(dl));
    sameData(d.fromBuffer(d.toBuffer(dl)), dl);
  });
});

describe("contracts: the analyzer version", () => {
  it("refuses a FILESCAN_MIN_ANALYZER_VERSION above its own version, and reads 0 when unset", () => {
    assert.equal(minAnalyzerVersion({}), 0);
    assert.equal(minAnalyzerVersion({ FILESCAN_MIN_ANALYZER_VERSION: String(ANALYZER_VERSION) }), ANALYZER_VERSION);
    assert.throws(() => minAnalyzerVersion({ FILESCAN_MIN_ANALYZER_VERSION: String(ANALYZER_VERSION + 1) }), /above this analyzer's version/);
    assert.throws(() => minAnalyzerVersion({ FILESCAN_MIN_ANALYZER_VERSION: "latest" }), /non-negative integer/);
  });
});

describe("contracts: the windows of verdicts made while the LLM was unavailable", () => {
  it("reads an hour for /query and five minutes for the classifier when unset", () => {
    assert.equal(llmOutageRetrySeconds({}), 3600);
    assert.equal(llmOutageReuseSeconds({}), 300);
    assert.equal(llmOutageRetrySeconds({ FILESCAN_LLM_OUTAGE_RETRY_SECONDS: "0" }), 0);
    assert.throws(() => llmOutageRetrySeconds({ FILESCAN_LLM_OUTAGE_RETRY_SECONDS: "1h" }), /non-negative integer/);
  });

  it("keeps the classifier's window within /query's: shorter by default, refused when set longer", () => {
    assert.equal(llmOutageReuseSeconds({ FILESCAN_LLM_OUTAGE_RETRY_SECONDS: "60" }), 60, "a shorter retry window shortens the default");
    assert.equal(llmOutageReuseSeconds({ FILESCAN_LLM_OUTAGE_RETRY_SECONDS: "60", FILESCAN_LLM_OUTAGE_REUSE_SECONDS: "60" }), 60);
    assert.equal(llmOutageReuseSeconds({ FILESCAN_LLM_OUTAGE_REUSE_SECONDS: "0" }), 0);
    assert.throws(() => llmOutageReuseSeconds({ FILESCAN_LLM_OUTAGE_RETRY_SECONDS: "60", FILESCAN_LLM_OUTAGE_REUSE_SECONDS: "61" }), /above FILESCAN_LLM_OUTAGE_RETRY_SECONDS/);
    assert.throws(() => llmOutageReuseSeconds({ FILESCAN_LLM_OUTAGE_REUSE_SECONDS: "7200" }), /above FILESCAN_LLM_OUTAGE_RETRY_SECONDS \(3600\)/);
  });
});
