/**
 * `filescan status` on the real Kafka and Elasticsearch, under a Kafka prefix and an index
 * prefix of its own: what waits for each processor, the dead letters, the stored documents, and
 * a server that does not answer.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { repoRoot, TOPICS } from "@filescan/config";
import { ANALYZER_VERSION } from "@filescan/contracts";
import { createEventProducer, createKafka, createRegistry, deletePrefixed, ensureTopics, runPrefix, type EventProducer } from "@filescan/kafka";
import { aliasesFor, analysisDoc, ensureIndices, sightingDoc } from "@filescan/projector";
import { createEsClient } from "@filescan/search";
import { analyzed, submitted } from "./events.ts";

const status = (env: NodeJS.ProcessEnv) => {
  const r = spawnSync(process.execPath, [path.join(repoRoot(), "apps", "cli", "bin", "filescan.js"), "status", "--json"], { env, encoding: "utf8", timeout: 120_000 });
  return { code: r.status, json: JSON.parse(r.stdout || "null") as Record<string, any>, stderr: r.stderr };
};
const statusText = (env: NodeJS.ProcessEnv) => spawnSync(process.execPath, [path.join(repoRoot(), "apps", "cli", "bin", "filescan.js"), "status"], { env, encoding: "utf8", timeout: 120_000 });

describe("filescan status: is the pipeline keeping up", function () {
  this.timeout(180_000);
  const indexPrefix = `filescan-t${randomUUID().slice(0, 8)}`;
  // (a home of its own: no apps started by `filescan up -d` unless the test says so)
  const home = mkdtempSync(path.join(tmpdir(), "status-it-"));
  const env: NodeJS.ProcessEnv = { ...process.env, FILESCAN_HOME: home, FILESCAN_KAFKA_PREFIX: runPrefix("test-status", Date.now()), FILESCAN_ES_INDEX_PREFIX: indexPrefix, FILESCAN_MIN_ANALYZER_VERSION: String(ANALYZER_VERSION) };
  const kafka = createKafka("test-status", env);
  const es = createEsClient();
  let producer: EventProducer;

  before(async () => {
    const admin = kafka.admin();
    await admin.connect();
    await ensureTopics(admin, 2, env);
    await admin.disconnect();
    producer = await createEventProducer(kafka, createRegistry(env), env);
  });

  after(async () => {
    await producer?.disconnect();
    const admin = kafka.admin();
    await admin.connect();
    await deletePrefixed(admin, [], env).catch(() => undefined);
    await admin.disconnect();
    const mine = Object.keys(await es.indices.get({ index: `${indexPrefix}-*`, allow_no_indices: true }));
    if (mine.length) await es.indices.delete({ index: mine });
    for (const name of Object.values(aliasesFor(indexPrefix))) await es.indices.deleteIndexTemplate({ name }).catch(() => undefined);
    await es.close();
  });

  it("counts what waits for each processor, the dead letters and the stored documents, and says which server does not answer", async () => {
    const files = [1, 2, 3].map((i) => submitted(`waiting ${i} ${randomUUID()}`));
    for (const f of files) await producer.send(TOPICS.submissions, f.sha256, f);
    await producer.send(TOPICS.deadletter, "k", { processor: "test", topic: "t", partition: 0, offset: "1", key: null, value: null, error: "boom", failed_at: Date.now() });
    // two sightings, one with an analysis of version 0 and one of this version
    await ensureIndices(es, aliasesFor(indexPrefix));
    const [a, b] = [analyzed(files[0]!, true, false, 0), analyzed(files[1]!, false, false, ANALYZER_VERSION)].map(analysisDoc);
    await es.index({ index: aliasesFor(indexPrefix).analyses, id: a!.sha256, document: a });
    await es.index({ index: aliasesFor(indexPrefix).analyses, id: b!.sha256, document: b, refresh: true });
    await es.index({ index: aliasesFor(indexPrefix).files, id: files[0]!.submission_id, document: sightingDoc(files[0]!, a) });
    await es.index({ index: aliasesFor(indexPrefix).files, id: files[1]!.submission_id, document: sightingDoc(files[1]!, b) });
    await es.index({ index: aliasesFor(indexPrefix).files, id: files[2]!.submission_id, document: sightingDoc(files[2]!), refresh: true });

    const s = status(env);
    assert.equal(s.code, 0, s.stderr);
    assert.equal(s.json.analyzer_version, ANALYZER_VERSION);
    assert.equal(s.json.min_analyzer_version, ANALYZER_VERSION);
    const lag = Object.fromEntries(s.json.kafka.processors.map((p: any) => [`${p.processor} ${p.topic.slice(env.FILESCAN_KAFKA_PREFIX!.length)}`, p.lag]));
    assert.deepEqual(lag, { [`extractor ${TOPICS.submissions}`]: 3, [`classifier ${TOPICS.extractions}`]: 0, [`projector ${TOPICS.submissions}`]: 3, [`projector ${TOPICS.analyses}`]: 0 });
    assert.ok(s.json.kafka.processors.every((p: any) => p.members === 0), "no processor runs");
    assert.equal(s.json.kafka.dead_letters, 1);
    const { health, ...counts } = s.json.elasticsearch;
    assert.deepEqual(counts, { sightings: 3, analysed: 2, analyses: 2, older_than_this_analyzer: 1 });
    const cluster = await es.cluster.health();
    assert.equal(health, cluster.status, "the cluster's health, as Elasticsearch says it");

    assert.deepEqual(s.json.apps, [], "no app started by filescan up -d");

    const down = status({ ...env, FILESCAN_ES_URL: "http://127.0.0.1:1" });
    assert.equal(down.code, 1);
    assert.match(down.json.elasticsearch.error, /ECONNREFUSED|connect/i);
    assert.equal(down.json.kafka.dead_letters, 1, "the rest is still reported");
  });

  it("shows the apps filescan up -d started, and one that has exited (a crash, a kill) with its log, exit code 1", () => {
    // the pid files up -d writes: one of a live process (this one), one of a process that has exited
    const exited = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
    mkdirSync(path.join(home, "run"), { recursive: true });
    writeFileSync(path.join(home, "run", "app-api.pid"), `${process.pid}\n`);
    writeFileSync(path.join(home, "run", "app-extractor.pid"), `${exited.stdout.trim()}\n`);
    try {
      const s = status(env);
      assert.equal(s.code, 1, s.stderr);
      assert.deepEqual(s.json.apps.map((a: any) => [a.app, a.running]), [["api", true], ["extractor", false]]);
      const text = statusText(env);
      assert.equal(text.status, 1);
      assert.match(text.stdout, /^apps \(filescan up -d\) api running, extractor GONE$/m);
      assert.match(text.stdout, new RegExp(`extractor \\(pid ${exited.stdout.trim()}\\) has exited: its log ${home}/logs/extractor\\.log; filescan up -d starts it again`));
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
