/**
 * The servers are the real ones: an Avro event round-trips through Kafka in the Confluent wire
 * format with its schema id from the registry, and Elasticsearch indexes and finds a document
 * through the official client.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { Client } from "@elastic/elasticsearch";
import { kafkaTopic, serverAddresses, TOPICS } from "@filescan/config";
import { valueSubject, type FileSubmitted } from "@filescan/contracts";
import { createEventProducer, createKafka, createRegistry } from "@filescan/kafka";
import { checkAll } from "@filescan/infra-local";

describe("foundation: real Kafka, schema registry and Elasticsearch", () => {
  it("round-trips an Avro FileSubmitted through Kafka in the Confluent wire format", async () => {
    const kafka = createKafka("test-foundation");
    const registry = createRegistry();
    const producer = await createEventProducer(kafka, registry);
    const consumer = kafka.consumer({ groupId: `test-foundation-${randomUUID()}` });
    try {
      const admin = kafka.admin();
      await admin.connect();
      const before = await admin.fetchTopicOffsets(kafkaTopic(TOPICS.submissions));
      await admin.disconnect();

      const id = randomUUID();
      const event: FileSubmitted = {
        submission_id: id, received_at: Date.now(), principal: { subject: "test", token_name: null }, mimetype: "text/plain",
        sha256: "0".repeat(64), sha1: "0".repeat(40), md5: "0".repeat(32), filename: "a.txt", full_path: "/tmp/a.txt",
        timestamp: "2026-11-22T08:00:00Z", app: "foundation-test", extra_json: JSON.stringify({ n: 1 }), size: 3, content: Buffer.from([1, 2, 3]),
      };
      await producer.send(TOPICS.submissions, event.sha256, event);

      await consumer.connect();
      await consumer.subscribe({ topic: kafkaTopic(TOPICS.submissions) });
      const raw = new Promise<Buffer>((resolve) => {
        void consumer.run({
          eachMessage: async ({ message }) => {
            if (!message.value) return;
            const decoded = (await registry.decode(message.value)) as FileSubmitted;
            if (decoded.submission_id === id) resolve(message.value);
          },
        });
      });
      consumer.on(consumer.events.GROUP_JOIN, () => {
        for (const p of before) consumer.seek({ topic: kafkaTopic(TOPICS.submissions), partition: p.partition, offset: p.offset });
      });
      const value = await raw;

      assert.equal(value[0], 0, "magic byte 0");
      const latest = await fetch(`${serverAddresses().registryUrl}/subjects/${valueSubject(TOPICS.submissions)}/versions/latest`);
      assert.equal(latest.status, 200);
      const { id: schemaId } = (await latest.json()) as { id: number };
      assert.equal(value.readInt32BE(1), schemaId, "bytes 1-4 are the registry's schema id");
      const decoded = { ...((await registry.decode(value)) as FileSubmitted) };
      assert.equal(decoded.submission_id, id);
      assert.deepEqual([...decoded.content], [1, 2, 3]);
      assert.deepEqual(JSON.parse(decoded.extra_json), { n: 1 });
    } finally {
      await consumer.disconnect();
      await producer.disconnect();
    }
  });

  it("indexes and searches a document in Elasticsearch with the official client", async () => {
    const es = new Client({ node: serverAddresses().esUrl });
    const index = `filescan-test-${randomUUID()}`;
    try {
      await es.indices.create({ index, mappings: { properties: { sha256: { type: "keyword" }, filename: { type: "text" } } } });
      await es.index({ index, id: "1", document: { sha256: "a".repeat(64), filename: "payroll report.pdf" }, refresh: "wait_for" });
      const res = await es.search<{ sha256: string }>({ index, query: { match: { filename: "payroll" } } });
      assert.equal(res.hits.hits.length, 1);
      assert.equal(res.hits.hits[0]!._source!.sha256, "a".repeat(64));
      const health = await es.cluster.health();
      assert.ok(["green", "yellow"].includes(health.status));
    } finally {
      await es.indices.delete({ index, ignore_unavailable: true });
      await es.close();
    }
  });

  it("fails loudly, naming the server, when a configured server does not answer", async () => {
    await assert.rejects(
      checkAll({ ...process.env, FILESCAN_ES_URL: "http://127.0.0.1:1", FILESCAN_REGISTRY_URL: "http://127.0.0.1:1/apis/ccompat/v7", FILESCAN_KAFKA_BROKERS: "127.0.0.1:1" }),
      (err: Error) => /Kafka at 127\.0\.0\.1:1/.test(err.message) && /Elasticsearch at http:\/\/127\.0\.0\.1:1/.test(err.message) && /schema registry/.test(err.message),
    );
  });
});
