/**
 * FILESCAN_KAFKA_PREFIX on the real Kafka and registry: the API and the extractor of one prefix
 * create and use topics and consumer groups of their own. A submission lands on the prefixed
 * submissions topic and never on the suite's own (itself under the run's prefix, hooks.ts), the
 * back-pressure reads the prefixed group's lag, the extractor answers on the prefixed extractions
 * topic, and `deletePrefixed` removes the set afterwards (and refuses to run without a prefix);
 * `deleteStaleRuns` removes what a run killed long ago left, and nothing of a recent one.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import kafkajs, { type Admin, type Consumer } from "kafkajs";
import { GROUPS, TOPICS, kafkaGroup, kafkaTopic, type TopicName } from "@filescan/config";
import type { FileExtracted, FileSubmitted } from "@filescan/contracts";
import { startExtractor } from "@filescan/extractor";
import { createKafka, createRegistry, deletePrefixed, deleteStaleRuns, ensureTopics, runPrefix, STALE_RUN_MS, waitForLeaders } from "@filescan/kafka";
import { accessToken, bearer, issuePat, post, startTestApi, submission, type TestApi } from "./api-helpers.ts";
import { waitFor, within } from "./deadline.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("FILESCAN_KAFKA_PREFIX: a set of topics and consumer groups of its own", function () {
  this.timeout(240_000);
  const run = randomUUID().slice(0, 8);
  const env: NodeJS.ProcessEnv = { ...process.env, FILESCAN_KAFKA_PREFIX: `test-prefix-${run}.`, FILESCAN_EXTRACTOR_HTTP_PORT: "0" };
  /** The topics the rest of the suite uses (the run's prefix, or none). */
  const suite = (t: TopicName) => kafkaTopic(t, process.env);
  const kafka = createKafka("test-prefix", process.env, { quiet: true });
  const registry = createRegistry();
  let admin: Admin;
  let api: TestApi | undefined;
  let extractor: { stop(): Promise<void> } | undefined;
  const readers: Consumer[] = [];

  /** Every event on `topic` from the given offsets (the topic's start when none), decoded, as they come. */
  async function read<T>(topic: string, from?: Array<{ partition: number; offset: string }>): Promise<T[]> {
    const seen: T[] = [];
    const consumer = kafka.consumer({ groupId: `test-prefix-reader-${randomUUID()}`, maxBytesPerPartition: 64 * 1024 * 1024 });
    readers.push(consumer);
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => {
      for (const p of from ?? []) consumer.seek({ topic, partition: p.partition, offset: p.offset });
      resolve();
    }));
    await consumer.run({ eachMessage: async ({ message }) => void (message.value && seen.push((await registry.decode(message.value)) as T)) });
    await within(`join a reader of ${topic}`, 60_000, joined);
    return seen;
  }

  before(async () => {
    admin = kafka.admin();
    await admin.connect();
  });

  after(async () => {
    await Promise.all(readers.map((r) => r.disconnect().catch(() => undefined)));
    await extractor?.stop().catch(() => undefined);
    await api?.close().catch(() => undefined);
    // (the test deletes the set itself; this only cleans up after a failure)
    await deletePrefixed(admin, [GROUPS.extractor], env).catch(() => undefined);
    await admin.disconnect();
  });

  it("submits to the prefixed topic only, reads the prefixed backlog, and extracts there", async () => {
    const suiteTopic = suite(TOPICS.submissions);
    const suiteBefore = await admin.fetchTopicOffsets(suiteTopic);
    // Back-pressure at 0: the first submission finds an empty prefixed backlog, a later one the
    // first waiting for the prefixed extractor group (the suite's own extractor group may be far behind).
    api = await startTestApi({ env, settings: { maxBacklog: 0, backlogCacheMs: 0 } });
    const prefixed = (t: TopicName) => kafkaTopic(t, env);
    const topics = new Set(await admin.listTopics());
    for (const t of Object.values(TOPICS)) assert.ok(topics.has(prefixed(t)), `the API created ${prefixed(t)}`);

    const jwt = await accessToken(api.baseUrl, (await issuePat({ scopes: ["submit"] })).token);
    const body = submission(Buffer.from(`prefixed submission ${run}\nmail: jane.roe@example.org\n`));
    const first = await post(`${api.baseUrl}/submit`, body, bearer(jwt));
    assert.equal(first.status, 200, first.text);
    const id = first.json.submission_id as string;
    // The gauge answers with its last reading while it takes the next one: bodies that fail
    // validation (after the backlog check, producing nothing) until a reading after the first
    // submission is in, then a valid one.
    let refused = await post(`${api.baseUrl}/submit`, {}, bearer(jwt));
    for (let i = 0; i < 50 && refused.status === 400; i++) {
      await sleep(100);
      refused = await post(`${api.baseUrl}/submit`, {}, bearer(jwt));
    }
    assert.equal(refused.status, 503, `the prefixed backlog holds the first submission: ${refused.text}`);
    const second = await post(`${api.baseUrl}/submit`, submission(), bearer(jwt));
    assert.equal(second.status, 503, second.text);
    assert.match(second.json.detail as string, /backlog \(1\) is above 0/);

    const onPrefixed = await read<FileSubmitted>(prefixed(TOPICS.submissions));
    const event = await waitFor("the submission on the prefixed topic", () => onPrefixed.find((e) => e.submission_id === id));
    assert.equal(event.sha256, body.sha256);
    assert.equal(onPrefixed.length, 1, "the refused submission was not produced");

    // The suite's topic: read from before the submission to its end now; ours is not there.
    const suiteEnd = await admin.fetchTopicOffsets(suiteTopic);
    const onSuite = await read<FileSubmitted>(suiteTopic, suiteBefore);
    const expected = suiteEnd.reduce((n, p) => n + Number(p.high) - Number(suiteBefore.find((b) => b.partition === p.partition)?.offset ?? p.low), 0);
    await waitFor(`the ${expected} records on ${suiteTopic} since the start`, () => (onSuite.length >= expected ? true : undefined));
    assert.ok(!onSuite.some((e) => e.submission_id === id), "the submission is not on the suite's topic");

    // The extractor of the same prefix answers on the prefixed extractions topic.
    const extracted = await read<FileExtracted>(prefixed(TOPICS.extractions));
    extractor = await within("start the extractor (prefixed group joined)", 120_000, startExtractor(env));
    const out = await waitFor("FileExtracted on the prefixed topic", () => extracted.find((e) => e.submission_id === id));
    assert.match(out.segments.map((s) => s.text).join("\n"), /jane\.roe@example\.org/);
    const group = await admin.describeGroups([`${env.FILESCAN_KAFKA_PREFIX}${GROUPS.extractor}`]);
    assert.equal(group.groups[0]!.state, "Stable", "the extractor's group carries the prefix");

    await extractor.stop();
    extractor = undefined;
    await api.close();
    api = undefined;
    await Promise.all(readers.splice(0).map((r) => r.disconnect()));
    await deletePrefixed(admin, [GROUPS.extractor], env);
    const after = new Set(await admin.listTopics());
    for (const t of Object.values(TOPICS)) {
      assert.ok(!after.has(prefixed(t)), `${prefixed(t)} deleted`);
      assert.ok(after.has(suite(t)), `${suite(t)} kept`);
    }
  });

  it("deleteStaleRuns deletes what a run killed long ago left, and nothing of a run still going", async () => {
    const old = { FILESCAN_KAFKA_PREFIX: runPrefix("test-stale", Date.now() - STALE_RUN_MS - 60_000) };
    const recent = { FILESCAN_KAFKA_PREFIX: runPrefix("test-stale", Date.now() - 60_000) };
    try {
      await ensureTopics(admin, 1, old);
      await ensureTopics(admin, 1, recent);
      // a consumer group of the old run, with a committed offset (as a killed extractor leaves it)
      await admin.setOffsets({ groupId: kafkaGroup(GROUPS.extractor, old), topic: kafkaTopic(TOPICS.submissions, old), partitions: [{ partition: 0, offset: "0" }] });
      assert.ok((await admin.listGroups()).groups.some((g) => g.groupId === kafkaGroup(GROUPS.extractor, old)), "the old run's group exists");

      const gone = await deleteStaleRuns(admin);
      assert.ok(gone.includes(old.FILESCAN_KAFKA_PREFIX), JSON.stringify(gone));
      assert.ok(!gone.includes(recent.FILESCAN_KAFKA_PREFIX) && !gone.includes(process.env.FILESCAN_KAFKA_PREFIX ?? ""), JSON.stringify(gone));
      const topics = new Set(await admin.listTopics());
      for (const t of Object.values(TOPICS)) {
        assert.ok(!topics.has(kafkaTopic(t, old)), `${kafkaTopic(t, old)} deleted`);
        assert.ok(topics.has(kafkaTopic(t, recent)), `${kafkaTopic(t, recent)} kept`);
        assert.ok(topics.has(suite(t)), `${suite(t)} kept`);
      }
      assert.ok(!(await admin.listGroups()).groups.some((g) => g.groupId === kafkaGroup(GROUPS.extractor, old)), "the old run's group deleted");
    } finally {
      await deletePrefixed(admin, [GROUPS.extractor], { ...process.env, ...old }).catch(() => undefined);
      await deletePrefixed(admin, [], { ...process.env, ...recent });
    }
  });

  it("ensureTopics returns once every new partition (FILESCAN_KAFKA_PARTITIONS of them) has a leader, the topics that hold content kept FILESCAN_CONTENT_RETENTION_HOURS; waitForLeaders gives up on a topic that is not there", async () => {
    const env = { FILESCAN_KAFKA_PREFIX: runPrefix("test-leaders", Date.now()), FILESCAN_CONTENT_RETENTION_HOURS: "5", FILESCAN_KAFKA_PARTITIONS: "3" };
    try {
      const created = await ensureTopics(admin, undefined, env);
      assert.equal(created.length, Object.values(TOPICS).length);
      const { topics } = await admin.fetchTopicMetadata({ topics: created });
      for (const t of topics) assert.ok(t.partitions.length === 3 && t.partitions.every((p) => p.leader >= 0), `${t.name}: ${JSON.stringify(t.partitions)}`);
      const { resources } = await admin.describeConfigs({ includeSynonyms: false, resources: created.map((name) => ({ type: kafkajs.ConfigResourceTypes.TOPIC, name, configNames: ["retention.ms"] })) });
      const retention = Object.fromEntries(resources.map((r) => [r.resourceName.slice(env.FILESCAN_KAFKA_PREFIX.length), r.configEntries[0]!.configValue]));
      assert.deepEqual(retention[TOPICS.submissions], String(5 * 3_600_000), "the files' bytes");
      assert.deepEqual(retention[TOPICS.extractions], String(5 * 3_600_000), "their text");
      assert.deepEqual(retention[TOPICS.deadletter], String(5 * 3_600_000), "failed records");
      assert.notEqual(retention[TOPICS.analyses], String(5 * 3_600_000), "masked verdicts: the cluster's default");
      const started = Date.now();
      await assert.rejects(waitForLeaders(admin, [`${env.FILESCAN_KAFKA_PREFIX}no-such-topic`], 1_500), /have no leader after 1500 ms/);
      assert.ok(Date.now() - started >= 1_500, "it asked again until its deadline");
    } finally {
      await deletePrefixed(admin, [], { ...process.env, ...env });
    }
  });

  it("deletePrefixed refuses without a prefix", async () => {
    await assert.rejects(deletePrefixed(admin, [], { ...process.env, FILESCAN_KAFKA_PREFIX: "" }), /needs FILESCAN_KAFKA_PREFIX/);
    assert.ok((await admin.listTopics()).includes(suite(TOPICS.submissions)));
  });
});
