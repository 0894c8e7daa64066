/**
 * The stream processor (libs/kafka `runProcessor`) on the real Kafka and schema registry when the
 * registry cannot be read: a record it cannot decode for want of the registry is retried until
 * the registry answers, never dead-lettered, with one warning for the outage (no error per try, no
 * consumer crash) and one line when it ends; a record whose schema id the real registry does not
 * know (404) is dead-lettered at once, and so is a record whose output is more than one Kafka record
 * holds. The processor reads the registry through a relay on a port of the test's own, closed at
 * first; everything else talks to the real servers directly.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { kafkaGroup, kafkaTopic, TOPICS } from "@filescan/config";
import type { DeadLetter, FileSubmitted } from "@filescan/contracts";
import { analyzed, submitted as fileSubmitted } from "./events.ts";
import { createEventProducer, createKafka, createRegistry, ProcessorHealth, runProcessor, startNewGroupAtEnd, type EventProducer, type RunningProcessor } from "@filescan/kafka";
import type { Consumer } from "kafkajs";
import { freePort } from "../containers/compose.ts";
import { waitFor } from "./deadline.ts";
import { registryUrlOn, relayToRegistry, stopServer } from "./relay.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("stream processor: a schema registry that cannot be read is waited for, never a reason to dead-letter", function () {
  this.timeout(150_000);
  const run = randomUUID().slice(0, 8);
  const app = `processor-test-${run}`;
  const group = `test-processor-${run}`;
  const readerGroup = `test-processor-reader-${run}`;
  const kafka = createKafka("test-processor");
  const registry = createRegistry();
  const seen: FileSubmitted[] = [];
  const dead: DeadLetter[] = [];
  const logs: string[] = [];
  const health = new ProcessorHealth("test");
  let crashes = 0;
  let producer: EventProducer;
  let reader: Consumer;
  let processor: RunningProcessor | undefined;
  let relay: Server | undefined;
  let port: number;

  const submitted = (text: string) => fileSubmitted(text, {}, "/share/p.txt", app);

  before(async () => {
    producer = await createEventProducer(kafka, registry);
    await startNewGroupAtEnd(kafka, readerGroup, [TOPICS.deadletter]);
    reader = kafka.consumer({ groupId: kafkaGroup(readerGroup) });
    await reader.connect();
    await reader.subscribe({ topics: [kafkaTopic(TOPICS.deadletter)], fromBeginning: false });
    await reader.run({
      eachMessage: async ({ message }) => {
        const dl = message.value ? ((await registry.decode(message.value)) as DeadLetter) : null;
        if (dl?.processor === group) dead.push(dl);
      },
    });
    port = await freePort();
    // (its own registry client, with an empty schema cache: every schema id is asked for)
    const cut = createRegistry({ ...process.env, FILESCAN_REGISTRY_URL: registryUrlOn(port), FILESCAN_REGISTRY_TIMEOUT_MS: "2000" });
    processor = await runProcessor({
      groupId: group,
      input: TOPICS.submissions,
      kafka,
      registry: cut,
      producer,
      startAtEnd: true,
      health,
      handle: async (ev) => {
        if (ev.app === app) seen.push(ev);
        // (an output more than one Kafka record holds: a verdict of 49 MB)
        if (ev.app === app && ev.content.toString().startsWith("too large")) return [{ topic: TOPICS.analyses, key: ev.sha256, value: { ...analyzed(ev), llm: { ...analyzed(ev).llm, reasoning: "x".repeat(49 * 1024 * 1024) } } }];
        return [];
      },
      log: (level, msg, fields) => void logs.push(`${level} ${msg} ${JSON.stringify(fields ?? {})}`),
    });
    processor.consumer.on(processor.consumer.events.CRASH, () => crashes++);
  });

  after(async () => {
    await Promise.allSettled([processor?.stop(), reader?.disconnect(), producer?.disconnect(), stopServer(relay)]);
    const admin = kafka.admin();
    await admin.connect();
    await admin.deleteGroups([group, readerGroup].map((g) => kafkaGroup(g))).catch(() => undefined);
    await admin.disconnect();
  });

  it("retries a record while the registry is unreachable and handles it once the registry answers", async () => {
    const ev = submitted(`waits for the registry ${run}`);
    await producer.send(TOPICS.submissions, ev.sha256, ev);
    const waiting = () => logs.filter((l) => l.startsWith("warn a server the processor needs is down") && l.includes("the schema registry cannot be read"));
    await waitFor("the processor waiting for the registry, or a dead letter", () => (waiting().length > 0 || dead.length > 0 ? true : undefined), 60_000);
    await sleep(5_000);
    assert.deepEqual(dead.map((d) => d.error), [], "nothing dead-lettered for want of the registry");
    assert.equal(seen.length, 0, "nothing decoded without the registry");
    // One warning for the outage so far, not an error per retried batch; the consumer never crashed.
    assert.equal(waiting().length, 1, logs.join("\n"));
    assert.deepEqual(logs.filter((l) => l.startsWith("error")), []);
    assert.equal(crashes, 0, "the consumer did not crash and restart");

    relay = await relayToRegistry(port);
    const got = await waitFor("the record handled once the registry answers", () => seen.find((s) => s.submission_id === ev.submission_id), 90_000);
    assert.equal(got.sha256, ev.sha256);
    assert.ok(got.content.equals(ev.content));
    assert.equal(dead.length, 0, "still nothing dead-lettered");
    assert.ok(logs.some((l) => l.startsWith("info the server is back")), logs.join("\n"));
    // what /metrics reads: attempts that waited, the record handled, none dead-lettered
    assert.ok(health.records.retried >= 1 && health.records.handled >= 1 && health.records.dead_lettered === 0, JSON.stringify(health.records));
  });

  it("dead-letters a record whose schema id the registry does not know", async () => {
    relay ??= await relayToRegistry(port);
    // The Confluent wire format: magic byte 0, a schema id no registry has handed out, a payload.
    const unknown = Buffer.concat([Buffer.from([0, 0x7f, 0xff, 0xff, 0x00]), Buffer.from(`payload ${run}`)]);
    const after = submitted(`behind the unknown schema ${run}`);
    await producer.sendEncoded(TOPICS.submissions, [{ key: after.sha256, value: unknown }]);
    await producer.send(TOPICS.submissions, after.sha256, after);
    const dl = await waitFor("the dead letter", () => dead.find((d) => d.value?.equals(unknown)), 90_000);
    assert.match(dl.error, /404|not found/i, dl.error);
    await waitFor("the record behind it handled", () => seen.find((s) => s.submission_id === after.submission_id), 90_000);
    assert.equal(dead.length, 1, "only that record was dead-lettered");
    assert.equal(health.records.dead_lettered, 1);
  });

  it("dead-letters a record whose output no Kafka record holds, and handles the records after it", async () => {
    relay ??= await relayToRegistry(port);
    const before = dead.length;
    const big = submitted(`too large ${run}`);
    const after = submitted(`behind the too large one ${run}`);
    await producer.send(TOPICS.submissions, big.sha256, big);
    await producer.send(TOPICS.submissions, after.sha256, after);
    const dl = await waitFor("the dead letter", () => dead.find((d) => d.key?.toString() === big.sha256), 90_000);
    assert.match(dl.error, /EventTooLarge: the filescan.analyses.v1 event is \d+ bytes, more than one Kafka record holds/, dl.error);
    await waitFor("the record behind it handled", () => seen.find((s) => s.submission_id === after.submission_id), 90_000);
    assert.equal(dead.length, before + 1, "only that record was dead-lettered");
    assert.deepEqual(logs.filter((l) => l.startsWith("error")), [], "no batch failed");
  });
});
