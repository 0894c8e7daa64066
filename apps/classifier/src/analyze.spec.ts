import assert from "node:assert/strict";
import { ANALYZER_VERSION, locator, type FileAnalyzed, type FileExtracted } from "@filescan/contracts";
import type { Classifier, ClassifyInput } from "@filescan/classify";
import { createAnalyzer, madeWithoutLlm } from "./analyze.ts";

function extracted(sha: string, text: string, id = `sub-${Math.random()}`): FileExtracted {
  return {
    submission_id: id, sha256: sha, received_at: 1, filename: "a.txt", full_path: "/a.txt", mimetype: "text/plain", app: "t", extra_json: "{}", size: text.length,
    detected_type: "text/plain", type_mismatch: false, status: "complete", reasons: [], segments: [{ text, source: "text", locator: locator() }],
    stats: { chars: text.length, entries: 0, duration_ms: 3 },
  };
}

/** Counts calls and answers after a delay, so concurrent duplicates overlap. */
function countingClassifier(): Classifier & { calls: ClassifyInput[] } {
  const calls: ClassifyInput[] = [];
  return {
    calls,
    async classify(input) {
      calls.push(input);
      await new Promise((r) => setTimeout(r, 50));
      const sensitive = input.findings.length > 0;
      return {
        llm: { has_sensitive_data: sensitive, confidence: sensitive ? "high" : "low", reasoning: "r", description: "d", status: "complete", page_number: null, file_in_zip: null },
        model: { provider: "test", name: "t", prompt_tokens: 100, completion_tokens: 10, llm_ms: 50 },
        reasons: [],
      };
    },
  };
}

/**
 * A classifier whose LLM is down until `up` is set: its verdict is then the deterministic one with
 * reason `llm_unavailable`, as libs/classify falls back when the retries are exhausted.
 */
function flakyLlm(): Classifier & { calls: ClassifyInput[]; up: boolean } {
  const inner = countingClassifier();
  const c = {
    get calls() {
      return inner.calls;
    },
    up: false,
    async classify(input: ClassifyInput) {
      const r = await inner.classify(input);
      if (c.up) return r;
      return { llm: { ...r.llm, status: "partial" as const, reasoning: "r Deterministic verdict: the LLM was unavailable." }, model: { ...r.model, prompt_tokens: 0, completion_tokens: 0 }, reasons: ["llm_unavailable"] };
    },
  };
  return c;
}

describe("classifier analyze step", () => {
  it("runs the detectors and passes their findings to the classifier", async () => {
    const c = countingClassifier();
    const a = createAnalyzer({ classifier: c, detectOptions: { ner: false } });
    const out = await a.analyze(extracted("a".repeat(64), "SSN: 078-05-1120 and card 4111 1111 1111 1111"));
    assert.equal(out.llm.has_sensitive_data, true);
    assert.ok(out.findings.some((f) => f.type === "CREDIT_CARD"));
    assert.ok(out.findings.every((f) => !f.masked.includes("4111 1111 1111 1111")), "masked values only");
    assert.equal(out.model.prompt_tokens, 100);
    assert.equal(out.model.reused, false);
    assert.equal(out.model.extract_ms, 3);
  });

  it("lists at most maxFindings findings in the event and counts them all; the classifier is given all of them", async () => {
    const c = countingClassifier();
    const a = createAnalyzer({ classifier: c, detectOptions: { ner: false }, maxFindings: 50 });
    // 400 SSNs and 3 cards: the cards are listed whatever the SSNs are
    const ssns = Array.from({ length: 400 }, (_, i) => `SSN ${String(100 + (i % 500)).padStart(3, "0")}-${String(10 + (i % 80)).padStart(2, "0")}-${String(1000 + i).padStart(4, "0")}`);
    const text = ["card 4111 1111 1111 1111", ...ssns, "card 5500 0000 0000 0004", "card 3400 0000 0000 009"].join("\n");
    const out = await a.analyze(extracted("e".repeat(64), text));
    assert.equal(out.findings.length, 50);
    assert.equal(out.finding_counts?.US_SSN, 400);
    assert.equal(out.finding_counts?.CREDIT_CARD, 3);
    assert.equal(out.findings.filter((f) => f.type === "CREDIT_CARD").length, 3);
    assert.equal(c.calls[0]!.findings.length, 403, "the prompt is built from every finding");
    // a stored analysis listing more (made before the limit) is listed within it, its counts those of all it listed
    const stored = { ...out, sha256: "f".repeat(64), findings: c.calls[0]!.findings, finding_counts: {} };
    const b = createAnalyzer({ classifier: countingClassifier(), lookup: async () => stored, maxFindings: 10 });
    const again = await b.analyze(extracted(stored.sha256, text));
    assert.equal(again.model.reused, true);
    assert.equal(again.findings.length, 10);
    assert.deepEqual(again.finding_counts, { CREDIT_CARD: 3, US_SSN: 400 });
  });

  it("keeps recent verdicts within a number of findings in all: the oldest are forgotten, and looked up again", async () => {
    const c = countingClassifier();
    const lookups: string[] = [];
    const a = createAnalyzer({ classifier: c, detectOptions: { ner: false }, recentFindings: 5, lookup: async (sha) => void lookups.push(sha) });
    const cards = (n: number) => Array.from({ length: n }, () => "card 4111 1111 1111 1111").join("\n");
    await a.analyze(extracted("1".repeat(64), cards(3)));
    await a.analyze(extracted("2".repeat(64), cards(2)));
    await a.analyze(extracted("3".repeat(64), cards(1)));
    // 3 + 2 + 1 > 5: the first is forgotten, the others answered from memory
    lookups.length = 0;
    for (const sha of ["3", "2", "1"]) await a.analyze(extracted(sha.repeat(64), cards(1)));
    assert.deepEqual(lookups, ["1".repeat(64)]);
    assert.equal(c.calls.length, 4, "the forgotten one, not in the index either, analysed again");
  });

  it("tells the classifier the extraction's reason codes once each, and how many members went unread for their type", async () => {
    const c = countingClassifier();
    const a = createAnalyzer({ classifier: c, detectOptions: { ner: false } });
    const ev: FileExtracted = {
      ...extracted("b".repeat(64), ""),
      detected_type: "application/msword",
      status: "unsupported",
      segments: [],
      reasons: [
        { code: "unsupported_type", message: "no text from audio/wav", file_in_zip: "ObjectPool/_1/a.wav" },
        { code: "unsupported_type", message: "no text from audio/wav", file_in_zip: "ObjectPool/_2/b.wav" },
      ],
    };
    await a.analyze(ev);
    assert.deepEqual(c.calls[0]!.meta.reasons, ["unsupported_type"]);
    assert.equal(c.calls[0]!.meta.unsupported_members, 2);
  });

  it("makes one classifier call for concurrent and later duplicates of a sha256", async () => {
    const c = countingClassifier();
    const a = createAnalyzer({ classifier: c, detectOptions: { ner: false } });
    const sha = "b".repeat(64);
    const outs = await Promise.all([1, 2, 3].map((i) => a.analyze(extracted(sha, "card 4111 1111 1111 1111", `s${i}`))));
    const later = await a.analyze(extracted(sha, "card 4111 1111 1111 1111", "s4"));
    assert.equal(c.calls.length, 1);
    assert.deepEqual([...outs, later].map((o) => o.submission_id), ["s1", "s2", "s3", "s4"]);
    assert.deepEqual([...outs, later].map((o) => o.model.reused), [false, true, true, true]);
    assert.equal(later.model.prompt_tokens, 0, "a reused verdict costs nothing");
    assert.deepEqual(later.llm, outs[0]!.llm);
  });

  it("answers from a stored analysis without calling the classifier", async () => {
    const c = countingClassifier();
    const stored: FileAnalyzed = {
      submission_id: "old", sha256: "c".repeat(64), analyzed_at: 5,
      llm: { has_sensitive_data: true, confidence: "medium", reasoning: "stored", description: "d", status: "complete", page_number: 3, file_in_zip: null },
      findings: [], extraction: { detected_type: "application/pdf", type_mismatch: false, status: "complete", reasons: [], chars: 9 },
      model: { provider: "local", name: "m", prompt_tokens: 1, completion_tokens: 1, llm_ms: 1, detect_ms: 1, extract_ms: 1, reused: false },
      analyzer_version: 0,
    };
    const a = createAnalyzer({ classifier: c, lookup: async (sha) => (sha === stored.sha256 ? stored : undefined) });
    const out = await a.analyze(extracted(stored.sha256, "anything", "new"));
    assert.equal(c.calls.length, 0);
    assert.equal(out.submission_id, "new");
    assert.equal(out.llm.reasoning, "stored");
    assert.equal(out.model.reused, true);
    assert.equal(out.analyzer_version, 0, "a reused verdict keeps the version that made it");
  });

  it("analyses afresh, with its own version, a file whose stored analysis is older than FILESCAN_MIN_ANALYZER_VERSION", async () => {
    const c = countingClassifier();
    const sha = "d".repeat(64);
    const stored = await createAnalyzer({ classifier: c }).analyze(extracted(sha, "card 4111 1111 1111 1111", "first"));
    assert.equal(stored.analyzer_version, ANALYZER_VERSION);
    const old = { ...stored, analyzer_version: ANALYZER_VERSION - 1 };
    const lookups: string[] = [];
    const a = createAnalyzer({ classifier: c, minAnalyzerVersion: ANALYZER_VERSION, lookup: async (s) => (lookups.push(s), s === sha ? old : undefined) });
    const out = await a.analyze(extracted(sha, "card 4111 1111 1111 1111", "again"));
    assert.deepEqual(lookups, [sha]);
    assert.equal(c.calls.length, 2, "the stale analysis is not reused");
    assert.equal(out.model.reused, false);
    assert.equal(out.analyzer_version, ANALYZER_VERSION);
    // an analysis of the current version is reused under the same setting
    const current = createAnalyzer({ classifier: c, minAnalyzerVersion: ANALYZER_VERSION, lookup: async () => stored });
    assert.equal((await current.analyze(extracted(sha, "card 4111 1111 1111 1111", "third"))).model.reused, true);
    assert.equal(c.calls.length, 2);
  });

  it("reuses no analysis older than the minimum the API sent with the file, whatever its own setting", async () => {
    const c = countingClassifier();
    const sha = "e".repeat(64);
    const made = await createAnalyzer({ classifier: c }).analyze(extracted(sha, "card 4111 1111 1111 1111", "first"));
    const old = { ...made, analyzer_version: ANALYZER_VERSION - 1 };
    // a classifier left at the default 0, behind an API that counts only the current version
    const a = createAnalyzer({ classifier: c, lookup: async () => old });
    const out = await a.analyze({ ...extracted(sha, "card 4111 1111 1111 1111", "again"), min_analyzer_version: ANALYZER_VERSION });
    assert.equal(c.calls.length, 2, "the analysis /query does not count is made again");
    assert.equal(out.model.reused, false);
    assert.equal(out.analyzer_version, ANALYZER_VERSION);
    // the same stored analysis is reused for a file the API sent with no minimum (or an older event)
    const b = createAnalyzer({ classifier: c, lookup: async () => old });
    assert.equal((await b.analyze({ ...extracted(sha, "card 4111 1111 1111 1111", "third"), min_analyzer_version: 0 })).model.reused, true);
    assert.equal((await b.analyze(extracted(sha, "card 4111 1111 1111 1111", "fourth"))).model.reused, true);
    assert.equal(c.calls.length, 2);
  });

  describe("a verdict made while the LLM was unavailable", () => {
    const MIN = 60_000;
    const card = "card 4111 1111 1111 1111";

    it("is reused for the window, then the LLM is asked again; concurrent duplicates share one call", async () => {
      const c = flakyLlm();
      let t = 1_000_000;
      const a = createAnalyzer({ classifier: c, detectOptions: { ner: false }, outageReuseMs: 5 * MIN, now: () => t });
      const sha = "7".repeat(64);
      const first = await Promise.all([1, 2, 3].map((i) => a.analyze(extracted(sha, card, `s${i}`))));
      assert.equal(c.calls.length, 1, "concurrent duplicates share the call");
      assert.ok(madeWithoutLlm(first[0]!));
      assert.deepEqual(first.map((o) => o.model.reused), [false, true, true]);
      // within the window: reused, the down LLM is not asked (each ask costs its retries' time)
      t += 4 * MIN;
      const within = await a.analyze(extracted(sha, card, "s4"));
      assert.equal(within.model.reused, true);
      assert.equal(c.calls.length, 1);
      // past it, with the LLM back: asked again, and the LLM's verdict is reused from then on, for good
      t += 2 * MIN;
      c.up = true;
      const again = await Promise.all([5, 6].map((i) => a.analyze(extracted(sha, card, `s${i}`))));
      assert.equal(c.calls.length, 2, "asked again, once for both");
      assert.deepEqual(again.map((o) => o.model.reused), [false, true]);
      assert.equal(madeWithoutLlm(again[0]!), false);
      assert.equal(again[0]!.llm.status, "complete");
      t += 24 * 60 * MIN;
      assert.equal((await a.analyze(extracted(sha, card, "s7"))).model.reused, true);
      assert.equal(c.calls.length, 2);
    });

    it("is not reused from the index once older than the window: the LLM is asked again, and its verdict is a fresh one that replaces it", async () => {
      const c = flakyLlm();
      const sha = "8".repeat(64);
      const t = 5_000_000;
      const made = await createAnalyzer({ classifier: c, detectOptions: { ner: false }, now: () => t }).analyze(extracted(sha, card, "first"));
      assert.deepEqual(made.extraction.reasons, ["llm_unavailable"]);
      const lookups: string[] = [];
      const stored = (age: number): FileAnalyzed => ({ ...made, analyzed_at: t - age });
      // younger than the window: reused, no call
      const young = createAnalyzer({ classifier: c, outageReuseMs: 5 * MIN, now: () => t, lookup: async (s) => (lookups.push(s), stored(4 * MIN)) });
      assert.equal((await young.analyze(extracted(sha, card, "young"))).model.reused, true);
      assert.equal(c.calls.length, 1);
      // older: asked again (the LLM is back)
      c.up = true;
      const old = createAnalyzer({ classifier: c, outageReuseMs: 5 * MIN, now: () => t, lookup: async (s) => (lookups.push(s), stored(6 * MIN)) });
      const out = await old.analyze(extracted(sha, card, "old"));
      assert.equal(c.calls.length, 2);
      assert.equal(out.model.reused, false, "not reused: the projector stores it in place of the old one");
      assert.deepEqual(out.extraction.reasons, []);
      assert.equal(out.llm.status, "complete");
      // a stored one whose time cannot be read: asked again
      const unknown = createAnalyzer({ classifier: c, outageReuseMs: 5 * MIN, now: () => t, lookup: async () => ({ ...made, analyzed_at: Number.NaN }) });
      assert.equal((await unknown.analyze(extracted(sha, card, "unknown"))).model.reused, false);
      assert.equal(c.calls.length, 3);
      assert.deepEqual(lookups, [sha, sha]);
    });

    it("made by this process and past the window, looks in the index first: another classifier may have stored the LLM's verdict", async () => {
      const c = flakyLlm();
      let t = 0;
      const sha = "9".repeat(64);
      /** What the index holds of the content. */
      const index: { doc?: FileAnalyzed } = {};
      const a = createAnalyzer({ classifier: c, detectOptions: { ner: false }, outageReuseMs: MIN, now: () => t, lookup: async () => index.doc });
      const down = await a.analyze(extracted(sha, card, "down"));
      assert.ok(madeWithoutLlm(down));
      // (another classifier, with the LLM back, stored its verdict)
      index.doc = { ...down, submission_id: "other", extraction: { ...down.extraction, reasons: [] }, llm: { ...down.llm, status: "complete", reasoning: "the LLM's" } };
      t += 2 * MIN;
      const out = await a.analyze(extracted(sha, card, "later"));
      assert.equal(out.model.reused, true);
      assert.equal(out.llm.reasoning, "the LLM's");
      assert.equal(c.calls.length, 1);
    });

    it("with a window of 0 (FILESCAN_LLM=off) is made again at once, as a normal verdict; verdicts made with the LLM off are reused for good", async () => {
      const sha = "6".repeat(64);
      const outage = await createAnalyzer({ classifier: flakyLlm(), detectOptions: { ner: false } }).analyze(extracted(sha, card, "outage"));
      // the classifier of FILESCAN_LLM=off: the deterministic verdict, no reason
      const off = countingClassifier();
      const offClassifier: Classifier = { classify: async (input) => ({ ...(await off.classify(input)), model: { provider: "off", name: null, prompt_tokens: 0, completion_tokens: 0, llm_ms: 0 } }) };
      const a = createAnalyzer({ classifier: offClassifier, detectOptions: { ner: false }, outageReuseMs: 0, now: () => outage.analyzed_at, lookup: async () => outage });
      const out = await a.analyze(extracted(sha, card, "off"));
      assert.equal(out.model.reused, false);
      assert.equal(out.model.provider, "off");
      assert.equal(madeWithoutLlm(out), false, "a verdict made with the LLM off is no outage's");
      // a stored verdict of FILESCAN_LLM=off, however old, is reused
      const b = createAnalyzer({ classifier: offClassifier, outageReuseMs: 0, now: () => out.analyzed_at + 365 * 24 * 60 * MIN, lookup: async () => out });
      assert.equal((await b.analyze(extracted(sha, card, "later"))).model.reused, true);
      assert.equal(off.calls.length, 1);
    });

    it("is told apart by its reason only: a verdict whose LLM answer was unusable (llm_invalid_output) is reused as any other", async () => {
      const c = countingClassifier();
      const sha = "5".repeat(64);
      const made = await createAnalyzer({ classifier: c, detectOptions: { ner: false } }).analyze(extracted(sha, card, "first"));
      const invalid = { ...made, analyzed_at: 0, extraction: { ...made.extraction, reasons: ["llm_invalid_output"] } };
      const a = createAnalyzer({ classifier: c, outageReuseMs: 0, now: () => 1e12, lookup: async () => invalid });
      assert.equal((await a.analyze(extracted(sha, card, "again"))).model.reused, true);
      assert.equal(c.calls.length, 1);
    });
  });
});
