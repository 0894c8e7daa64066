/**
 * The projector on the real Kafka, registry and Elasticsearch: events produced to the topics
 * become documents; an analysis applies to every sighting of its sha256, earlier and later;
 * client extras never cost a document; a schema registry it cannot read is waited for, never a
 * reason to dead-letter; a rebuild from offset 0 gives the same documents.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { Client } from "@elastic/elasticsearch";
import { kafkaGroup, repoRoot, serverAddresses, TOPICS } from "@filescan/config";
import { ANALYZER_VERSION } from "@filescan/contracts";
import { createEventProducer, createKafka, createRegistry, MAX_RECORD_VALUE_BYTES, ProcessorHealth, readDeadLetters, type EventProducer } from "@filescan/kafka";
import { aliasesFor, analysisDoc, createGeneration, ensureIndices, purge, purgeCount, rebuild, sightingDoc, startProjector, type IndexNames, type RunningProjector } from "@filescan/projector";
import type { Server } from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "../containers/compose.ts";
import { registryUrlOn, relayToRegistry, stopServer } from "./relay.ts";
import { analyzed, submitted } from "./events.ts";
import { filescan } from "./cli.ts";
import { analysisUpdate, bulk, projectAnalyses, projectSubmissions } from "../../apps/projector/src/project.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function eventually<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

describe("projector: events become Elasticsearch documents", function () {
  const run = randomUUID(); // contents unique to this run: the topics keep every earlier run's events
  const prefix = `filescan-t${randomUUID().slice(0, 8)}`;
  const aliases: IndexNames = aliasesFor(prefix);
  const groupId = `test-projector-${randomUUID()}`;
  const es = new Client({ node: serverAddresses().esUrl });
  const kafka = createKafka("test-projector");
  const registry = createRegistry();
  let producer: EventProducer;
  let projector: RunningProjector;
  const health = new ProcessorHealth("projector");

  const sighting = (id: string) => es.get<Record<string, any>>({ index: aliases.files, id }).then((r) => r._source!);
  const analysedSighting = (id: string) => eventually(`sighting ${id} analysed`, async () => {
    const d = await sighting(id);
    return d.analysed ? d : undefined;
  });

  before(async () => {
    await ensureIndices(es, aliases);
    producer = await createEventProducer(kafka, registry);
    // At the topics' ends: the shared topics keep every earlier run's events (and the benches'),
    // which a new group would otherwise read first. The rebuild test reads from offset 0 itself.
    projector = await startProjector({ es, kafka, registry, producer, indices: aliases, groupId, startAtEnd: true, health, log: () => undefined });
  });

  after(async () => {
    await projector?.stop();
    await producer?.disconnect();
    const mine = Object.keys(await es.indices.get({ index: `${prefix}-*`, allow_no_indices: true }));
    if (mine.length) await es.indices.delete({ index: mine });
    for (const name of [aliases.files, aliases.analyses]) await es.indices.deleteIndexTemplate({ name }).catch(() => undefined);
    await es.close();
    const admin = kafka.admin();
    await admin.connect();
    await admin.deleteGroups([groupId].map((g) => kafkaGroup(g))).catch(() => undefined);
    await admin.disconnect();
  });

  it("indexes a sighting without file bytes, then applies its analysis to it", async () => {
    const s = submitted(`SSN 123-45-6789 belongs to Jane ${run}`, { host: "h1", depth: { a: 1 } });
    await producer.send(TOPICS.submissions, s.sha256, s);
    const before = await eventually("sighting", () => sighting(s.submission_id));
    assert.equal(before.analysed, false);
    assert.equal(before.content, undefined);
    assert.equal(before.file_data, undefined);
    for (const k of ["sha256", "sha1", "md5", "filename", "full_path", "timestamp", "app", "mimetype"] as const) assert.equal(before[k], s[k]);
    assert.deepEqual(before.extra, { host: "h1", depth: { a: 1 } });
    assert.equal(before.principal.subject, "tok_test");

    await producer.send(TOPICS.analyses, s.sha256, analyzed(s));
    const after = await analysedSighting(s.submission_id);
    assert.equal(after.llm.has_sensitive_data, true);
    assert.equal(after.llm.page_number, 2);
    assert.deepEqual(after.findings.types, ["US_SSN"]);
    assert.equal(after.findings.examples[0].masked, "***-**-6789");
    const a = await es.get<Record<string, any>>({ index: aliases.analyses, id: s.sha256 });
    assert.equal(a.found, true);
    // what /metrics reads: both records handled, none dead-lettered
    assert.ok(health.records.handled >= 2 && health.records.dead_lettered === 0, JSON.stringify(health.records));
  });

  it("applies an existing analysis to a later sighting of the same sha256, and keeps every sighting", async () => {
    const first = submitted(`card 4111 1111 1111 1111 ${run}`);
    await producer.send(TOPICS.submissions, first.sha256, first);
    await producer.send(TOPICS.analyses, first.sha256, analyzed(first));
    await analysedSighting(first.submission_id);
    const second = { ...submitted(`card 4111 1111 1111 1111 ${run}`, {}, "/other/place.txt") };
    assert.equal(second.sha256, first.sha256);
    await producer.send(TOPICS.submissions, second.sha256, second);
    const doc = await analysedSighting(second.submission_id);
    assert.equal(doc.full_path, "/other/place.txt");
    assert.equal(doc.llm.has_sensitive_data, true);
    await es.indices.refresh({ index: aliases.files });
    const all = await es.count({ index: aliases.files, query: { term: { sha256: first.sha256 } } });
    assert.equal(all.count, 2);
  });

  it("rewrites none of a content's other sightings for a new sighting's reused verdict, and every one for a re-analysis", async () => {
    // (the projector's own functions on a client of their own, whose bulk updates are counted)
    const counted = new Client({ node: serverAddresses().esUrl });
    const updated: string[] = [];
    const bulk = counted.bulk.bind(counted);
    counted.bulk = ((p: { operations: Array<Record<string, any>> }) => {
      for (const op of p.operations) if (op.update) updated.push(op.update._id);
      return bulk(p as never);
    }) as typeof counted.bulk;
    const text = `a content seen everywhere ${run}`;
    const first = submitted(text);
    try {
      await projectSubmissions(counted, aliases, [first]);
      await projectAnalyses(counted, aliases, [analyzed(first, false, false, 0)]);
      await projectSubmissions(counted, aliases, Array.from({ length: 300 }, () => submitted(text)));
      await es.indices.refresh({ index: aliases.files });
      const s = submitted(text);
      await projectSubmissions(counted, aliases, [s]);
      updated.length = 0;
      await projectAnalyses(counted, aliases, [analyzed(s, false, true, 0)]);
      assert.deepEqual(updated, [], "the other 301 sightings already carry the analysis");
      assert.equal((await sighting(s.submission_id)).analysed, true);
      // a re-analysis by a newer analyzer reaches every sighting
      await projectAnalyses(counted, aliases, [analyzed(s, true, false, ANALYZER_VERSION)]);
      assert.equal(updated.length, 302);
      await es.indices.refresh({ index: aliases.files });
      const now = await es.count({ index: aliases.files, query: { bool: { filter: [{ term: { sha256: s.sha256 } }, { term: { "llm.has_sensitive_data": true } }, { term: { "analysis.analyzer_version": ANALYZER_VERSION } }] } } });
      assert.equal(now.count, 302);
    } finally {
      // (written here, not through the topics: the rebuild tests below count what they carry over)
      // (this Elasticsearch has no _delete_by_query: the reindex module is not part of it)
      await es.indices.refresh({ index: aliases.files });
      const ids = (await es.search({ index: aliases.files, size: 1000, query: { term: { sha256: first.sha256 } }, _source: false })).hits.hits.map((h) => h._id!);
      if (ids.length) await es.bulk({ operations: ids.map((id) => ({ delete: { _index: aliases.files, _id: id } })), refresh: true });
      await es.delete({ index: aliases.analyses, id: first.sha256, refresh: true }).catch(() => undefined);
      await counted.close();
    }
  });

  it("replaces an analysis made by an older analyzer with a newer one, on the content and on every sighting", async () => {
    const s = submitted(`read again: SSN 078-05-1120 ${run}`);
    await producer.send(TOPICS.submissions, s.sha256, s);
    await producer.send(TOPICS.analyses, s.sha256, analyzed(s, false, false, 0));
    const old = await analysedSighting(s.submission_id);
    assert.equal(old.llm.has_sensitive_data, false);
    assert.equal(old.analysis.analyzer_version, 0);
    await producer.send(TOPICS.analyses, s.sha256, analyzed(s, true, false, ANALYZER_VERSION));
    const now = await eventually("the newer analysis on the sighting", async () => {
      const d = await sighting(s.submission_id);
      return d.analysis.analyzer_version === ANALYZER_VERSION ? d : undefined;
    });
    assert.equal(now.llm.has_sensitive_data, true);
    const a = await es.get<Record<string, any>>({ index: aliases.analyses, id: s.sha256 });
    assert.equal(a._source!.analysis.analyzer_version, ANALYZER_VERSION);
    assert.equal(a._source!.event.analyzer_version, ANALYZER_VERSION);
  });

  it("keeps the newer analyzer's verdict when an older analyzer's comes after it, and in a rebuild that reads both in one batch", async () => {
    const s = submitted(`analysed twice: card 4111 1111 1111 1111 ${run}`);
    await producer.send(TOPICS.submissions, s.sha256, s);
    await producer.send(TOPICS.analyses, s.sha256, analyzed(s, false, false, 0));
    await producer.send(TOPICS.analyses, s.sha256, analyzed(s, true, false, ANALYZER_VERSION));
    const newer = await eventually("the newer verdict", async () => {
      const d = await sighting(s.submission_id);
      return d.analysis?.analyzer_version === ANALYZER_VERSION ? d : undefined;
    });
    // an older classifier, still running beside the upgraded one, analyses the same content
    const applied = projector.applied();
    await producer.send(TOPICS.analyses, s.sha256, analyzed(s, false, false, 0));
    await eventually("the older analysis read", async () => (projector.applied() > applied ? true : undefined));
    assert.deepEqual(await sighting(s.submission_id), newer, "the newer verdict stays");
    assert.equal((await es.get<Record<string, any>>({ index: aliases.analyses, id: s.sha256 }))._source!.analysis.analyzer_version, ANALYZER_VERSION);
    // a replay reads the three in order, in one batch: the newer verdict stands
    await rebuild({ es, kafka, registry, producer, aliases });
    const rebuilt = await sighting(s.submission_id);
    assert.equal(rebuilt.analysis.analyzer_version, ANALYZER_VERSION);
    assert.equal(rebuilt.llm.has_sensitive_data, true);
  });

  it("keeps the LLM's verdict when one of its version made while the LLM was unavailable comes after it (a classifier whose look-up failed), and lets the LLM's replace an outage's", async () => {
    const outage = (a: ReturnType<typeof analyzed>) => ({ ...a, llm: { ...a.llm, status: "partial" as const, description: "deterministic" }, extraction: { ...a.extraction, reasons: ["llm_unavailable"] } });
    const s = submitted(`asked in an outage: SSN 078-05-1120 ${run}`);
    await producer.send(TOPICS.submissions, s.sha256, s);
    await producer.send(TOPICS.analyses, s.sha256, outage(analyzed(s, true)));
    const first = await analysedSighting(s.submission_id);
    assert.equal(first.llm.status, "partial");
    await producer.send(TOPICS.analyses, s.sha256, analyzed(s, true));
    const llm = await eventually("the LLM's verdict", async () => {
      const d = await sighting(s.submission_id);
      return d.llm.status === "complete" ? d : undefined;
    });
    assert.deepEqual(llm.analysis.reasons, []);
    const applied = projector.applied();
    await producer.send(TOPICS.analyses, s.sha256, outage(analyzed(s, true)));
    await eventually("the outage's verdict read", async () => (projector.applied() > applied ? true : undefined));
    assert.deepEqual(await sighting(s.submission_id), llm, "the LLM's verdict stays on the sighting");
    const a = (await es.get<Record<string, any>>({ index: aliases.analyses, id: s.sha256 }))._source!;
    assert.equal(a.llm.status, "complete");
    assert.deepEqual(a.analysis.reasons, []);
  });

  it("never loses a document to a conflicting extra field type or a flood of extra names", async () => {
    const a = submitted(`x1 ${run}`, { n: 1, when: "2024-01-01" });
    const b = submitted(`x2 ${run}`, { n: { nested: ["y", 2, null] }, when: { not: "a date" } });
    const flood: Record<string, number> = {};
    for (let i = 0; i < 3000; i++) flood[`field_${i}`] = i;
    const c = submitted(`x3 ${run}`, flood);
    for (const s of [a, b, c]) await producer.send(TOPICS.submissions, s.sha256, s);
    for (const s of [a, b, c]) await eventually(`sighting ${s.submission_id}`, () => sighting(s.submission_id));
    assert.deepEqual((await sighting(b.submission_id)).extra, { n: { nested: ["y", 2, null] }, when: { not: "a date" } });
    assert.equal(Object.keys((await sighting(c.submission_id)).extra).length, 3000);
    const mapping = await es.indices.getMapping({ index: aliases.files });
    const props = Object.values(mapping)[0]!.mappings.properties!;
    assert.equal(props.extra!.type, "flattened", "extras never grow the mapping");
  });

  it("indexes the numbers of extra fields as the client wrote them (18446744073709551615 was indexed as 18446744073709552000)", async () => {
    const s = { ...submitted(`big ${run}`), extra_json: '{"inode":18446744073709551615,"ratio":1.50}' };
    await producer.send(TOPICS.submissions, s.sha256, s);
    const doc = await eventually(`sighting ${s.submission_id}`, () => sighting(s.submission_id));
    await es.indices.refresh({ index: aliases.files });
    const hits = await es.search({ index: aliases.files, query: { bool: { filter: [{ term: { "extra.inode": "18446744073709551615" } }, { term: { submission_id: s.submission_id } }] } } });
    assert.equal(hits.hits.hits.length, 1, "found by the number as sent");
    assert.equal(doc.extra_json, s.extra_json);
  });

  it("indexes a sighting whose extra fields flattened cannot index without them, and dead-letters none (an array of 200,000 stopped the partition for good; a key with a NUL or of 40,000 characters was dead-lettered)", async () => {
    const before = health.records.dead_lettered;
    const long = submitted(`e1 ${run}`, { ["k".repeat(40_000)]: 1, app_note: "kept" });
    const big = submitted(`e2 ${run}`, { arr: new Array<number>(200_000).fill(0) });
    const nul = submitted(`e3 ${run}`, { "a\u0000b": 1 });
    let nest: unknown = 1;
    for (let i = 0; i < 25; i++) nest = { a: nest };
    const deep = submitted(`e4 ${run}`, { deep: nest });
    const next = submitted(`e5 ${run}`, { ok: true });
    for (const s of [long, big, nul, deep, next]) await producer.send(TOPICS.submissions, s.sha256, s);
    for (const s of [long, big, nul, deep, next]) await eventually(`sighting ${s.submission_id}`, () => sighting(s.submission_id));
    for (const s of [long, nul, deep]) {
      const d = await sighting(s.submission_id);
      assert.equal(d.extra, undefined, "not indexed");
      assert.equal(d.extra_json, s.extra_json, "kept whole");
    }
    assert.equal(((await sighting(big.submission_id)).extra as { arr: number[] }).arr.length, 200_000);
    assert.deepEqual((await sighting(next.submission_id)).extra, { ok: true });
    assert.equal(health.records.dead_lettered, before);
  });

  it("dead-letters an event no document can be made of (a time past year 275,760: RangeError) and indexes the next ones; its batch was retried for good", async () => {
    const before = health.records.dead_lettered;
    const bad = { ...submitted(`t1 ${run}`), received_at: 9_000_000_000_000_000 };
    const good = submitted(`t2 ${run}`);
    for (const s of [bad, good]) await producer.send(TOPICS.submissions, s.sha256, s);
    const badAnalysis = { ...analyzed(good), analyzed_at: 9_000_000_000_000_000 };
    const nextAnalysis = analyzed(submitted(`t3 ${run}`));
    for (const a of [badAnalysis, nextAnalysis]) await producer.send(TOPICS.analyses, a.sha256, a);
    await eventually(`sighting ${good.submission_id}`, () => sighting(good.submission_id));
    await eventually(`analysis ${nextAnalysis.sha256}`, () => es.get({ index: aliases.analyses, id: nextAnalysis.sha256 }).then((r) => r.found || undefined, () => undefined));
    await eventually("two dead letters", async () => (health.records.dead_lettered - before >= 2 ? true : undefined));
    assert.equal(health.records.dead_lettered - before, 2);
    await assert.rejects(es.get({ index: aliases.files, id: bad.submission_id }), /"found":false/);
    assert.equal((await sighting(good.submission_id)).analysed, false, "its analysis was the bad one");
  });

  it("gives every sighting a found_at Elasticsearch indexes, whatever RFC 3339 form its timestamp has (a leap second, a lower-case t, twelve digits of fraction were left out of the index, unsearchable)", async () => {
    const forms = ["2016-12-31T23:59:60Z", "2026-03-01t10:00:00z", "2026-03-01T10:00:00.123456789012+01:00", "2026-03-01T10:00:00-00:00"];
    const sightings = forms.map((timestamp, i) => ({ ...submitted(`found ${i} ${run}`), timestamp }));
    for (const s of sightings) await producer.send(TOPICS.submissions, s.sha256, s);
    for (const s of sightings) await eventually(`sighting ${s.submission_id}`, () => sighting(s.submission_id));
    const docs = await Promise.all(sightings.map((s) => sighting(s.submission_id)));
    assert.deepEqual(docs.map((d) => d.timestamp), forms, "kept as the crawler wrote it");
    assert.deepEqual(docs.map((d) => d.found_at), ["2017-01-01T00:00:00.000Z", "2026-03-01T10:00:00.000Z", "2026-03-01T09:00:00.123Z", "2026-03-01T10:00:00.000Z"]);
    await es.indices.refresh({ index: aliases.files });
    const ids = sightings.map((s) => s.submission_id);
    const found = await es.search({ index: aliases.files, size: 10, query: { bool: { filter: [{ ids: { values: ids } }, { range: { found_at: { gte: "2016-01-01T00:00:00Z" } } }] } }, sort: [{ found_at: "asc" }] });
    const hits = found.hits.hits.map((h) => h._id);
    assert.equal(hits.length, 4, "every one searchable by when it was found");
    assert.deepEqual(hits.slice(0, 2), [ids[0], ids[2]], "sorted by it: the leap second first, then 09:00 UTC");
    assert.deepEqual(new Set(hits.slice(2)), new Set([ids[1], ids[3]]));
  });

  it("dead-letters without its value a record too large to travel in a dead letter with it, and indexes the next ones (the partition stopped for good)", async () => {
    const before = health.records.dead_lettered;
    // (not Avro, and one byte more than an event may be: with the error beside it, no record holds its dead letter)
    await producer.sendEncoded(TOPICS.submissions, [{ key: `huge ${run}`, value: Buffer.alloc(MAX_RECORD_VALUE_BYTES + 1, 0x41) }]);
    const good = submitted(`after the huge one ${run}`);
    await producer.send(TOPICS.submissions, good.sha256, good);
    await eventually(`sighting ${good.submission_id}`, () => sighting(good.submission_id));
    const key = `huge ${run}`;
    const letter = await eventually("the dead letter in its topic", async () => (await readDeadLetters(kafka, registry, process.env, { select: (l) => l?.key?.toString() === key })).find(Boolean));
    assert.equal(letter.letter!.value, null);
    assert.match(letter.letter!.error, /bytes left out/);
    assert.equal(health.records.dead_lettered - before, 1);
    // (and the projector goes on: a sighting sent after it all is indexed)
    const later = submitted(`later than the huge one ${run}`);
    await producer.send(TOPICS.submissions, later.sha256, later);
    await eventually(`sighting ${later.submission_id}`, () => sighting(later.submission_id));
  });

  it("indexes the analysis of a file with hundreds of thousands of findings, listing the limit and counting all, and the next analyses after it", async () => {
    // An event from before the classifier bounded its findings: 300,000 listed (18 MB of Avro, a
    // 78 MB document), which Elasticsearch refused as part of a bulk request, retried for good.
    const s = submitted(`dump ${run}`);
    const ssn = analyzed(s).findings[0]!;
    const findings = Array.from({ length: 300_000 }, (_, i) => ({ ...ssn, type: i % 1000 === 0 ? "CREDIT_CARD" : "US_SSN", start: i * 12, end: i * 12 + 11 }));
    const next = submitted(`after the dump ${run}`);
    await producer.send(TOPICS.submissions, s.sha256, s);
    await producer.send(TOPICS.submissions, next.sha256, next);
    const { finding_counts: _, ...before } = analyzed(s);
    await producer.send(TOPICS.analyses, s.sha256, { ...before, findings });
    await producer.send(TOPICS.analyses, next.sha256, analyzed(next));
    const doc = await analysedSighting(s.submission_id);
    assert.equal(doc.findings.total, 300_000);
    assert.deepEqual(doc.findings.counts, { US_SSN: 299_700, CREDIT_CARD: 300 });
    const stored = (await es.get<Record<string, any>>({ index: aliases.analyses, id: s.sha256 }))._source!;
    assert.equal(stored.event.findings.length, 10_000);
    assert.equal(stored.event.findings.filter((f: { type: string }) => f.type === "CREDIT_CARD").length, 300);
    assert.deepEqual(stored.event.finding_counts, { US_SSN: 299_700, CREDIT_CARD: 300 });
    assert.equal((await analysedSighting(next.submission_id)).findings.total, 1, "the analysis after it is indexed too");
  });

  it("gives a sighting its analysis from both paths at once without a version conflict (20 updates of one document in parallel)", async () => {
    const s = submitted(`raced ${run}`);
    await producer.send(TOPICS.submissions, s.sha256, s);
    await eventually("sighting", () => sighting(s.submission_id));
    const doc = analysisDoc(analyzed(s));
    const rejected = (await Promise.all(Array.from({ length: 20 }, () => bulk(es, [analysisUpdate(aliases, s.submission_id, doc)])))).flat();
    assert.deepEqual(rejected.map((r) => r.message), []);
    assert.equal((await sighting(s.submission_id)).analysed, true);
  });

  it("sends a bulk request Elasticsearch refuses as too large again in halves, and reports a document too large alone", async () => {
    const index = `${prefix}-bulk-size`;
    const small = Array.from({ length: 4 }, (_, i): [Record<string, unknown>, Record<string, unknown>] => [{ index: { _index: index, _id: `small-${i}` } }, { n: i }]);
    // more than Elasticsearch's http.max_content_length (100 MB) alone
    const huge: [Record<string, unknown>, Record<string, unknown>] = [{ index: { _index: index, _id: "huge" } }, { text: "x".repeat(101 * 1024 * 1024) }];
    const rejected = await bulk(es, [small[0]!, small[1]!, huge, small[2]!, small[3]!]);
    assert.deepEqual(rejected.map((r) => r.id), ["huge"]);
    assert.match(rejected[0]!.message, /request_too_large/);
    await es.indices.refresh({ index });
    assert.equal((await es.count({ index })).count, 4);
  });

  it("reports a document Elasticsearch refuses without the value it quotes (a client's data, not ours to log)", async () => {
    const index = `${prefix}-refused`;
    await es.indices.create({ index, mappings: { dynamic: "strict", properties: { size: { type: "long" } } } });
    try {
      const rejected = await bulk(es, [[{ index: { _index: index, _id: "a" } }, { size: "Jane Roe 078-05-1120" }]]);
      assert.equal(rejected.length, 1);
      assert.match(rejected[0]!.message, /^document_parsing_exception: .*failed to parse field \[size\] of type \[long\].*Preview of field's value: \(withheld\)$/);
      assert.doesNotMatch(rejected[0]!.message, /Jane|078-05/);
    } finally {
      await es.indices.delete({ index });
    }
  });

  it("waits out an index's write block (an operator's shrink or snapshot) instead of refusing the documents, and says so when it holds", async () => {
    const index = `${prefix}-blocked`;
    await es.indices.create({ index });
    const block = (on: boolean) => es.indices.putSettings({ index, settings: { "index.blocks.write": on ? true : null } });
    await block(true);
    try {
      const op: [Record<string, unknown>, Record<string, unknown>] = [{ index: { _index: index, _id: "a" } }, { n: 1 }];
      // (Elasticsearch answers 403 cluster_block_exception: the documents were dead-lettered)
      const pending = bulk(es, [op]);
      await sleep(1_500);
      await block(false);
      assert.deepEqual(await pending, [], "nothing refused");
      assert.equal(await es.exists({ index, id: "a" }), true);
      await block(true);
      await assert.rejects(bulk(es, [[{ index: { _index: index, _id: "b" } }, { n: 2 }]]), /kept refusing 1 bulk items \(cluster_block_exception: index \[.*-blocked\] blocked by: \[FORBIDDEN\/8\/index write/);
    } finally {
      await es.indices.delete({ index });
    }
  });

  it("waits for a schema registry it cannot read, dead-letters nothing, and indexes the sighting once the registry answers", async () => {
    // A second projector with indices of its own reads the registry through a relay, closed at first.
    const port = await freePort();
    const cut = createRegistry({ ...process.env, FILESCAN_REGISTRY_URL: registryUrlOn(port), FILESCAN_REGISTRY_TIMEOUT_MS: "2000" });
    const own = aliasesFor(`${prefix}-cut`);
    await ensureIndices(es, own);
    const logs: string[] = [];
    const waited = new ProcessorHealth("projector");
    const second = await startProjector({ es, kafka, registry: cut, producer, indices: own, groupId: `${groupId}-cut`, startAtEnd: true, health: waited, log: (level, msg, fields) => void logs.push(`${level} ${msg} ${JSON.stringify(fields ?? {})}`) });
    let relay: Server | undefined;
    try {
      const s = submitted(`waits for the registry ${run}`);
      await producer.send(TOPICS.submissions, s.sha256, s);
      await eventually("the projector backing off for want of the registry, or a dead letter", async () => (logs.some((l) => /schema registry cannot be read|dead-letter/.test(l)) ? true : undefined), 60_000);
      await sleep(2_000);
      assert.deepEqual(logs.filter((l) => /dead-letter/.test(l)), [], "nothing dead-lettered for want of the registry");
      assert.equal((await es.exists({ index: own.files, id: s.submission_id })), false, "nothing indexed without the registry");
      relay = await relayToRegistry(port);
      const doc = await eventually("the sighting indexed once the registry answers", () => es.get<Record<string, any>>({ index: own.files, id: s.submission_id }).then((r) => r._source, () => undefined), 90_000);
      assert.equal(doc.sha256, s.sha256);
      assert.ok(waited.records.retried >= 1 && waited.records.handled >= 1 && waited.records.dead_lettered === 0, JSON.stringify(waited.records));
    } finally {
      await second.stop();
      await stopServer(relay);
      for (const name of [own.files, own.analyses]) await es.indices.deleteIndexTemplate({ name }).catch(() => undefined);
      const admin = kafka.admin();
      await admin.connect();
      await admin.deleteGroups([kafkaGroup(`${groupId}-cut`)]).catch(() => undefined);
      await admin.disconnect();
    }
  });

  it("makes its indices again from the templates when they are deleted under it, and dead-letters nothing", async () => {
    // A second projector with indices of its own; both are deleted while it runs.
    const own = aliasesFor(`${prefix}-gone`);
    await ensureIndices(es, own);
    const logs: string[] = [];
    const health = new ProcessorHealth("projector");
    const second = await startProjector({ es, kafka, registry, producer, indices: own, groupId: `${groupId}-gone`, startAtEnd: true, health, log: (level, msg, fields) => void logs.push(`${level} ${msg} ${JSON.stringify(fields ?? {})}`) });
    try {
      const first = submitted(`before the deletion ${run}`);
      await producer.send(TOPICS.submissions, first.sha256, first);
      await eventually("the first sighting", () => es.get({ index: own.files, id: first.submission_id }).then((r) => r._source, () => undefined), 60_000);
      await es.indices.delete({ index: [`${own.files}-000001`, `${own.analyses}-000001`] });
      const s = submitted(`after the deletion 078-05-1120 ${run}`);
      await producer.send(TOPICS.submissions, s.sha256, s);
      await producer.send(TOPICS.analyses, s.sha256, analyzed(s));
      const doc = await eventually("the sighting with its analysis", () => es.get<Record<string, any>>({ index: own.files, id: s.submission_id }).then((r) => (r._source?.analysed ? r._source : undefined), () => undefined), 90_000);
      assert.equal(doc.llm.has_sensitive_data, true);
      // behind the aliases again, with the templates' strict mappings (not an index named as the alias, mapped dynamically)
      for (const alias of [own.files, own.analyses]) {
        const targets = await es.indices.getAlias({ name: alias });
        assert.deepEqual(Object.keys(targets), [`${alias}-000001`]);
        assert.equal((await es.indices.getMapping({ index: alias }))[`${alias}-000001`]!.mappings.dynamic, "strict");
      }
      assert.ok(logs.some((l) => /an index of the projector is gone; making it again/.test(l)), logs.join("\n"));
      assert.equal(health.records.dead_lettered, 0, logs.join("\n"));
    } finally {
      await second.stop();
      const left = Object.keys(await es.indices.get({ index: [`${own.files}*`, `${own.analyses}*`], allow_no_indices: true }));
      if (left.length) await es.indices.delete({ index: left });
      for (const name of [own.files, own.analyses]) await es.indices.deleteIndexTemplate({ name }).catch(() => undefined);
      const admin = kafka.admin();
      await admin.connect();
      await admin.deleteGroups([kafkaGroup(`${groupId}-gone`)]).catch(() => undefined);
      await admin.disconnect();
    }
  });

  it("rebuilds the same documents from offset 0 into fresh indices and swaps the aliases", async () => {
    const s = submitted(`rebuild me 078-05-1120 ${run}`, { tag: "rebuild" });
    await producer.send(TOPICS.submissions, s.sha256, s);
    await producer.send(TOPICS.analyses, s.sha256, analyzed(s));
    const original = await analysedSighting(s.submission_id);
    const beforeIndex = Object.keys(await es.indices.getAlias({ name: aliases.files }))[0];
    const names = await rebuild({ es, kafka, registry, producer, aliases });
    const afterIndex = Object.keys(await es.indices.getAlias({ name: aliases.files }))[0];
    assert.notEqual(afterIndex, beforeIndex);
    assert.equal(afterIndex, names.files);
    assert.deepEqual(await sighting(s.submission_id), original);
    assert.equal((await es.indices.exists({ index: beforeIndex! })), false, "the old index is gone");
  });

  it("keeps in a rebuild the documents whose events the topics no longer hold, with the newest verdict the topics hold", async () => {
    // events past the topics' retention: their documents are in the indices only
    const gone = submitted(`expired SSN 078-05-1120 ${run}`);
    const goneAnalysis = analysisDoc(analyzed(gone));
    await es.index({ index: aliases.analyses, id: gone.sha256, document: goneAnalysis });
    await es.index({ index: aliases.files, id: gone.submission_id, document: sightingDoc(gone, goneAnalysis), refresh: true });
    // a sighting whose event is gone, of content analysed again since (that analysis is in the topic)
    const seen = submitted(`seen long ago ${run}`);
    const oldVerdict = analysisDoc(analyzed(seen, false, false, 0));
    await es.index({ index: aliases.analyses, id: seen.sha256, document: oldVerdict });
    await es.index({ index: aliases.files, id: seen.submission_id, document: sightingDoc(seen, oldVerdict), refresh: true });
    await producer.send(TOPICS.analyses, seen.sha256, analyzed(seen, true, false, ANALYZER_VERSION));
    await analysedSighting(seen.submission_id).then(() => eventually("the new verdict on the old sighting", async () => ((await sighting(seen.submission_id)).llm.has_sensitive_data ? true : undefined)));
    const goneBefore = await sighting(gone.submission_id);

    const progress: string[] = [];
    await rebuild({ es, kafka, registry, producer, aliases }, (m) => progress.push(m));
    assert.deepEqual(await sighting(gone.submission_id), goneBefore, "carried over as it was");
    assert.deepEqual((await es.get({ index: aliases.analyses, id: gone.sha256 }))._source, goneAnalysis);
    const kept = await sighting(seen.submission_id);
    assert.equal(kept.analysis.analyzer_version, ANALYZER_VERSION, "with the verdict the topics hold");
    assert.equal(kept.llm.has_sensitive_data, true);
    assert.ok(progress.some((m) => /carried over 2 sightings and 1 analyses/.test(m)), progress.join("\n"));
  });

  it("stops a rebuild before the swap, the old indices untouched, when the new mapping refuses an old document", async () => {
    const s = submitted(`legacy ${run}`);
    // a field an earlier release mapped that the template no longer has
    await es.indices.putMapping({ index: aliases.files, properties: { legacy_note: { type: "keyword" } } });
    await es.index({ index: aliases.files, id: s.submission_id, document: { ...sightingDoc(s), legacy_note: "x" }, refresh: true });
    const before = Object.keys(await es.indices.getAlias({ name: aliases.files }))[0];
    const indicesBefore = Object.keys(await es.indices.get({ index: `${prefix}-*` })).sort();
    await assert.rejects(rebuild({ es, kafka, registry, producer, aliases }), /refuse 1 documents .*legacy_note/s);
    assert.equal(Object.keys(await es.indices.getAlias({ name: aliases.files }))[0], before, "the aliases stay");
    assert.deepEqual(Object.keys(await es.indices.get({ index: `${prefix}-*` })).sort(), indicesBefore, "the new indices are gone");
    assert.equal((await sighting(s.submission_id)).legacy_note, "x");
  });
});

/** Index names of a prefix of their own and a client, deleted (indices, templates) and closed after the suite. */
function ownIndices(): { aliases: IndexNames; es: Client } {
  const prefix = `filescan-t${randomUUID().slice(0, 8)}`;
  const aliases: IndexNames = aliasesFor(prefix);
  const es = new Client({ node: serverAddresses().esUrl });
  after(async () => {
    const mine = Object.keys(await es.indices.get({ index: `${prefix}-*`, allow_no_indices: true }));
    if (mine.length) await es.indices.delete({ index: mine });
    for (const name of [aliases.files, aliases.analyses]) await es.indices.deleteIndexTemplate({ name }).catch(() => undefined);
    await es.close();
  });
  return { aliases, es };
}

describe("projector: indices made from an earlier template", function () {
  this.timeout(60_000);
  const { aliases, es } = ownIndices();

  it("get the fields added since at start, so a document with a new field is not refused by the strict mapping", async () => {
    // the sightings index as the projector made it before analyzer_version existed
    const template = JSON.parse(readFileSync(path.join(repoRoot(), "schemas", "elasticsearch", "filescan-files.template.json"), "utf8"));
    const mappings = template.template.mappings;
    delete mappings.properties.analysis.properties.analyzer_version;
    await es.indices.create({ index: `${aliases.files}-000001`, mappings, settings: template.template.settings, aliases: { [aliases.files]: { is_write_index: true } } });
    const doc = { submission_id: "s1", sha256: "a".repeat(64), analysed: true, analysis: { analyzer_version: ANALYZER_VERSION } };
    await assert.rejects(es.index({ index: aliases.files, id: "s1", document: doc }), /strict_dynamic_mapping_exception/, "the old mapping refuses the new field");
    await ensureIndices(es, aliases);
    const got = await es.indices.getMapping({ index: aliases.files });
    const props = Object.values(got)[0]!.mappings.properties!;
    assert.equal((props.analysis as { properties: Record<string, { type: string }> }).properties.analyzer_version!.type, "integer");
    await es.index({ index: aliases.files, id: "s1", document: doc, refresh: true });
    const found = await es.search({ index: aliases.files, query: { term: { "analysis.analyzer_version": ANALYZER_VERSION } } });
    assert.equal(found.hits.hits.length, 1, "the field is searchable");
    assert.equal(Object.keys(await es.indices.getAlias({ name: aliases.files }))[0], `${aliases.files}-000001`, "the same index, not a new one");
  });
});

describe("projector: shards and replicas by configuration", function () {
  this.timeout(60_000);
  const { aliases, es } = ownIndices();
  const shape = async (index: string) => {
    const s = (await es.indices.getSettings({ index }))[index]!.settings!.index!;
    return { shards: Number(s.number_of_shards), replicas: Number(s.number_of_replicas) };
  };

  it("makes the indices with them, sets the replicas of existing indices at start, and says a rebuild changes the shards", async () => {
    await ensureIndices(es, aliases, { shards: 2, replicas: 0 });
    for (const alias of [aliases.files, aliases.analyses]) assert.deepEqual(await shape(`${alias}-000001`), { shards: 2, replicas: 0 });
    const notes: string[] = [];
    await ensureIndices(es, aliases, { shards: 3, replicas: 1 }, (m) => notes.push(m));
    for (const alias of [aliases.files, aliases.analyses]) assert.deepEqual(await shape(`${alias}-000001`), { shards: 2, replicas: 1 }, "replicas in place");
    assert.ok(notes.some((m) => m.includes(`${aliases.files}-000001 has 2 shard(s), FILESCAN_ES_SHARDS says 3`) && m.includes("filescan projector rebuild")), notes.join("\n"));
    // what a rebuild makes
    const next = await createGeneration(es, aliases, "shapetest", { shards: 3, replicas: 1 });
    assert.deepEqual(await shape(next.files), { shards: 3, replicas: 1 });
    assert.deepEqual(await shape(next.analyses), { shards: 3, replicas: 1 });
  });
});

describe("projector: purge", function () {
  this.timeout(60_000);
  const { aliases, es } = ownIndices();

  it("deletes the sightings of an app or a path prefix, and the analyses of contents no sighting is left of; the CLI counts without --yes", async () => {
    await ensureIndices(es, aliases);
    const [x, y] = [submitted("content x"), submitted("content y")];
    const sightings = [
      { ...x, app: "old-crawler", full_path: "/srv/old/x.txt" },
      { ...y, submission_id: randomUUID(), app: "old-crawler", full_path: "/srv/old/y.txt" },
      { ...x, submission_id: randomUUID(), app: "crawler", full_path: "/srv/keep/x.txt" },
    ];
    await projectSubmissions(es, aliases, sightings);
    await projectAnalyses(es, aliases, [analyzed(x, false), analyzed(y, true)]);
    const env = { ...process.env, FILESCAN_ES_INDEX_PREFIX: aliases.files.replace(/-files$/, "") };
    const cli = (...args: string[]) => filescan(["projector", "purge", ...args], env);
    const none = await cli();
    assert.equal(none.code, 2);
    assert.match(none.stderr, /say which sightings to purge/);
    const dry = await cli("--app", "old-crawler");
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /^2 sightings match; nothing deleted \(add --yes to delete them\)/);
    assert.equal(await purgeCount(es, aliases, { app: "old-crawler" }), 2, "nothing deleted");

    const real = await cli("--app", "old-crawler", "--yes");
    assert.equal(real.code, 0, real.stderr);
    assert.match(real.stdout, /deleted 2 sightings and 1 analyses of contents no sighting is left of/);
    await es.indices.refresh({ index: [aliases.files, aliases.analyses] });
    const left = (await es.search<{ full_path: string }>({ index: aliases.files, query: { match_all: {} } })).hits.hits.map((h) => h._source!.full_path);
    assert.deepEqual(left, ["/srv/keep/x.txt"]);
    assert.equal((await es.exists({ index: aliases.analyses, id: y.sha256 })), false, "y has no sighting left");
    assert.equal((await es.exists({ index: aliases.analyses, id: x.sha256 })), true, "x is still seen under /srv/keep");

    assert.deepEqual(await purge(es, aliases, { pathPrefix: "/srv/keep/" }), { sightings: 1, analyses: 1 });
    await es.indices.refresh({ index: aliases.analyses });
    assert.equal((await es.exists({ index: aliases.analyses, id: x.sha256 })), false);
  });
});

