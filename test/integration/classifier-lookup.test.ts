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
