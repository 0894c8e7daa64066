/**
 * The classifier's look-up of an earlier analysis (apps/classifier `earlierAnalyses`) on the real
 * Elasticsearch: it reads back what the projector stores (the same analysis, so the file is not
 * sent to the LLM again), says "none" for content never analysed and for an index not there yet,
 * and, when Elasticsearch takes the connection and never answers, gives up within its timeout
 * with one warning instead of holding every file for the client's 30 s and retries.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { aliasesFor, analysisDoc, ensureIndices, type IndexNames } from "@filescan/projector";
import { earlierAnalyses, LOOKUP_TIMEOUT_MS, lookupClient } from "@filescan/classifier/lookup";
import { createAnalyzer } from "@filescan/classifier/analyze";
import type { Classifier } from "@filescan/classify";
import { locator, type FileAnalyzed, type FileExtracted, type FileSubmitted } from "@filescan/contracts";
import { analyzed, submitted } from "./events.ts";
import { muteServer, portOf, stopServer } from "./relay.ts";

describe("classifier: looking up an earlier analysis", function () {
  this.timeout(60_000);
  const prefix = `filescan-t${randomUUID().slice(0, 8)}`;
  const aliases: IndexNames = aliasesFor(prefix);
  const es = lookupClient();
  const warnings: string[] = [];
  const lookup = earlierAnalyses(es, aliases.analyses, (_level, msg, fields) => void warnings.push(`${msg} ${JSON.stringify(fields)}`));

  after(async () => {
    const mine = Object.keys(await es.indices.get({ index: `${prefix}-*`, allow_no_indices: true }));
    if (mine.length) await es.indices.delete({ index: mine });
    for (const name of [aliases.files, aliases.analyses]) await es.indices.deleteIndexTemplate({ name }).catch(() => undefined);
    await es.close();
  });

  it("finds none before the index exists, then reads back the analysis as the projector stores it", async () => {
    const s = submitted(`an analysed file ${randomUUID()}`);
    const ev = analyzed(s);
    assert.equal(await lookup(s.sha256), undefined, "no index yet: none, and no warning");
    await ensureIndices(es, aliases);
    assert.equal(await lookup(s.sha256), undefined, "never analysed: none");
    await es.index({ index: aliases.analyses, id: s.sha256.toLowerCase(), document: analysisDoc(ev), refresh: true });
    const got = await lookup(s.sha256.toUpperCase());
    assert.deepEqual(got, ev);
    assert.deepEqual(warnings, []);
    // an analysis stored before versions were recorded (its event has no analyzer_version) reads as version 0
    const older = submitted(`an older analysis ${randomUUID()}`);
    const doc = analysisDoc(analyzed(older));
    delete (doc.event as Partial<typeof doc.event>).analyzer_version;
    await es.index({ index: aliases.analyses, id: older.sha256, document: doc, refresh: true });
    assert.equal((await lookup(older.sha256))?.analyzer_version, 0);
  });

  it("reuses a stored verdict made while the LLM was unavailable only within FILESCAN_LLM_OUTAGE_REUSE_SECONDS, then asks the LLM again", async () => {
    await ensureIndices(es, aliases);
    const MIN = 60_000;
    const asked: string[] = [];
    // the LLM is back: it answers, and says so
    const llm: Classifier = {
      classify: async (input) => {
        asked.push(input.meta.filename);
        return {
          llm: { has_sensitive_data: false, confidence: "low", reasoning: "the LLM's", description: "d", status: "complete", page_number: null, file_in_zip: null },
          model: { provider: "local", name: "m", prompt_tokens: 10, completion_tokens: 5, llm_ms: 20 },
          reasons: [],
        };
      },
    };
    const outage = (s: FileSubmitted, ago: number): FileAnalyzed => {
      const a = analyzed(s);
      return { ...a, analyzed_at: Date.now() - ago, llm: { ...a.llm, status: "partial" }, extraction: { ...a.extraction, reasons: ["llm_unavailable"] }, model: { ...a.model, provider: "local", name: "m" } };
    };
    const extracted = (s: FileSubmitted, name: string): FileExtracted => ({
      submission_id: randomUUID(), sha256: s.sha256, received_at: Date.now(), filename: name, full_path: `/${name}`, mimetype: "text/plain", app: "t", extra_json: "{}", size: 10,
      detected_type: "text/plain", type_mismatch: false, status: "complete", reasons: [], segments: [{ text: "a few words of text", source: "text", locator: locator() }], stats: { chars: 19, entries: 0, duration_ms: 1 },
    });
    const young = submitted(`an outage verdict, 2 min old ${randomUUID()}`);
    const old = submitted(`an outage verdict, 10 min old ${randomUUID()}`);
    await es.index({ index: aliases.analyses, id: young.sha256, document: analysisDoc(outage(young, 2 * MIN)), refresh: true });
    await es.index({ index: aliases.analyses, id: old.sha256, document: analysisDoc(outage(old, 10 * MIN)), refresh: true });
    const a = createAnalyzer({ classifier: llm, detectOptions: { ner: false }, lookup, outageReuseMs: 5 * MIN });
    const y = await a.analyze(extracted(young, "young.txt"));
    assert.deepEqual([y.model.reused, y.extraction.reasons], [true, ["llm_unavailable"]], "within the window: reused");
    const o = await a.analyze(extracted(old, "old.txt"));
    assert.deepEqual([o.model.reused, o.extraction.reasons, o.llm.reasoning], [false, [], "the LLM's"], "past it: asked again");
    assert.deepEqual(asked, ["old.txt"]);
    assert.deepEqual(warnings, []);
  });

  it("gives up on a silent Elasticsearch within its timeout, with one warning for several look-ups", async () => {
    const mute = await muteServer();
    const silent = lookupClient({ FILESCAN_ES_URL: `http://127.0.0.1:${portOf(mute)}` });
    const warned: string[] = [];
    const slow = earlierAnalyses(silent, aliases.analyses, (_level, msg) => void warned.push(msg));
    try {
      const t0 = Date.now();
      assert.equal(await slow("a".repeat(64)), undefined);
      assert.equal(await slow("b".repeat(64)), undefined);
      const took = Date.now() - t0;
      // (within the timeout each, and far below the client's own 30 s; 3 s of slack for a loaded
      // machine: one second was not enough once, at exactly 5,000 ms)
      assert.ok(took < 2 * LOOKUP_TIMEOUT_MS + 3_000, `two look-ups took ${took} ms`);
      assert.equal(warned.length, 1, warned.join("\n"));
      assert.match(warned[0]!, /analysed again/);
    } finally {
      await silent.close();
      await stopServer(mute);
    }
  });
});
