/**
 * The stream processor (libs/kafka `runProcessor`) on the real Kafka and schema registry when the
 * registry cannot be read: a record it cannot decode for want of the registry is retried until
 * the registry answers, never dead-lettered, with one warning for the outage (no error per try, no
 * consumer crash) and one line when it ends; a record whose schema id the real registry does not
 * know (404) is dead-lettered at once, and so is a record whose output is more than one Kafka record
 * holds, and one whose dead letter would be (without its value). The processor reads the registry
 * through a relay on a port of the test's own, closed at first; everything else talks to the real
 * servers directly. And one slow record holds back only its own partition, not the others; and
 * a stop waits for a record in flight only `stopTimeoutMs`, commits what is done, and leaves the
 * rest to the next member.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { kafkaGroup, kafkaTopic, TOPICS } from "@filescan/config";
import type { DeadLetter, FileSubmitted } from "@filescan/contracts";
import { analyzed, submitted as fileSubmitted } from "./events.ts";
import { consumerGroupLag, createEventProducer, createKafka, createRegistry, deletePrefixed, ensureTopics, MAX_RECORD_VALUE_BYTES, ProcessorHealth, runProcessor, startNewGroupAtEnd, withAdmin, type EventProducer, type RunningProcessor } from "@filescan/kafka";
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

  it("dead-letters a record too large to travel in a dead letter without its value, and handles the records after it", async () => {
    relay ??= await relayToRegistry(port);
    const before = dead.length;
    // (not Avro, and one byte more than an event may be: its dead letter, the value and more, is
    // more than one Kafka record holds)
    const huge = Buffer.alloc(MAX_RECORD_VALUE_BYTES + 1, 0x41);
    const key = `huge ${run}`;
    const after = submitted(`behind the huge one ${run}`);
    await producer.sendEncoded(TOPICS.submissions, [{ key, value: huge }]);
    await producer.send(TOPICS.submissions, after.sha256, after);
    const dl = await waitFor("the dead letter", () => dead.find((d) => d.key?.toString() === key), 90_000);
    assert.equal(dl.value, null);
    assert.match(dl.error, new RegExp(`value of ${huge.length} bytes left out`), dl.error);
    assert.match(dl.error, /magic byte|Avro/i, dl.error);
    await waitFor("the record behind it handled", () => seen.find((s) => s.submission_id === after.submission_id), 90_000);
    assert.equal(dead.length, before + 1, "only that record was dead-lettered");
    assert.deepEqual(logs.filter((l) => l.startsWith("error")), [], "no batch failed");
  });
});

describe("stream processor: one slow record holds back only its own partition", function () {
  this.timeout(120_000);
  const run = randomUUID().slice(0, 8);
  const app = `processor-hol-${run}`;
  const group = `test-processor-hol-${run}`;
  const kafka = createKafka("test-processor-hol");
  const registry = createRegistry();
  const SLOW_MS = 10_000;
  const started = new Map<string, { partition: number; at: number }>();
  const finished = new Map<string, number>();
  let producer: EventProducer;
  let processor: RunningProcessor | undefined;

  before(async () => {
    producer = await createEventProducer(kafka, registry);
    processor = await runProcessor({
      groupId: group,
      input: TOPICS.submissions,
      kafka, registry, producer,
      startAtEnd: true,
      concurrency: 4,
      handle: async (ev, meta) => {
        if (ev.app !== app) return [];
        started.set(ev.submission_id, { partition: meta.partition, at: Date.now() });
        // (a long LLM call, and ordinary ones)
        await sleep(ev.content.toString().startsWith("slow") ? SLOW_MS : 100);
        finished.set(ev.submission_id, Date.now());
        return [];
      },
      log: () => undefined,
    });
  });

  after(async () => {
    await Promise.allSettled([processor?.stop(), producer?.disconnect()]);
    const admin = kafka.admin();
    await admin.connect();
    await admin.deleteGroups([kafkaGroup(group)]).catch(() => undefined);
    await admin.disconnect();
  });

  it("handles the records of other partitions while one record takes long, and commits to the end", async () => {
    const slow = fileSubmitted(`slow ${run}`, {}, "/share/slow.txt", app);
    await producer.send(TOPICS.submissions, slow.sha256, slow);
    const { partition } = await waitFor("the slow record started", () => started.get(slow.submission_id), 60_000);
    const t0 = Date.now();
    const others = Array.from({ length: 16 }, (_, i) => fileSubmitted(`fast ${run} ${i}`, {}, "/share/fast.txt", app));
    for (const ev of others) await producer.send(TOPICS.submissions, ev.sha256, ev);
    await waitFor("every record handled", () => (others.every((e) => finished.has(e.submission_id)) && finished.has(slow.submission_id) ? true : undefined), 60_000);
    const elsewhere = others.filter((e) => started.get(e.submission_id)!.partition !== partition);
    assert.ok(elsewhere.length > 0);
    const late = elsewhere.filter((e) => finished.get(e.submission_id)! - t0 > SLOW_MS / 2);
    assert.deepEqual(late.map((e) => finished.get(e.submission_id)! - t0), [], `records of other partitions waited for the slow one (it ran ${SLOW_MS} ms)`);
    // a record behind the slow one in its partition was not committed before it
    const admin = kafka.admin();
    await admin.connect();
    try {
      let lag = -1;
      for (let i = 0; i < 40 && lag !== 0; i++) {
        lag = await consumerGroupLag(admin, group, TOPICS.submissions);
        if (lag !== 0) await sleep(500);
      }
      assert.equal(lag, 0, "offsets left uncommitted");
    } finally {
      await admin.disconnect();
    }
  });
});

describe("stream processor: a record whose output cannot be produced is read again, never lost", function () {
  this.timeout(150_000);
  const run = randomUUID().slice(0, 8);
  const app = `processor-out-${run}`;
  const group = `test-processor-out-${run}`;
  const kafka = createKafka("test-processor-out");
  const registry = createRegistry();
  // (the outputs go to topics of a prefix of their own, not there at first)
  const outEnv = { ...process.env, FILESCAN_KAFKA_PREFIX: `${process.env.FILESCAN_KAFKA_PREFIX ?? ""}out-${run}.` };
  const health = new ProcessorHealth("test");
  const tries = new Map<string, number>();
  const logs: string[] = [];
  let input: EventProducer;
  let output: EventProducer;
  let processor: RunningProcessor | undefined;

  before(async () => {
    input = await createEventProducer(kafka, registry);
    // (a client that gives up soon: a produce to a topic not there fails in a second, not in ~50 s)
    output = await createEventProducer(createKafka("test-processor-out-producer", outEnv, { retries: 1 }), registry, outEnv);
    processor = await runProcessor({
      groupId: group,
      input: TOPICS.submissions,
      kafka, registry, producer: output, health,
      startAtEnd: true,
      concurrency: 4,
      handle: async (ev) => {
        if (ev.app !== app) return [];
        tries.set(ev.submission_id, (tries.get(ev.submission_id) ?? 0) + 1);
        return [{ topic: TOPICS.analyses, key: ev.sha256, value: analyzed(ev) }];
      },
      log: (level, msg, fields) => void logs.push(`${level} ${msg} ${JSON.stringify(fields ?? {})}`),
    });
  });

  after(async () => {
    await Promise.allSettled([processor?.stop(), input?.disconnect(), output?.disconnect()]);
    await withAdmin(kafka, async (admin) => {
      await admin.deleteGroups([kafkaGroup(group)]).catch(() => undefined);
      await deletePrefixed(admin, [], outEnv);
    });
  });

  it("tries the record again until its output topic is there, dead-letters nothing and commits to the end", async () => {
    const ev = fileSubmitted(`output waits ${run}`, {}, "/share/o.txt", app);
    await input.send(TOPICS.submissions, ev.sha256, ev);
    // (a third try: two produces failed, each of which logged an error before)
    await waitFor("the record tried again after its output failed twice", () => ((tries.get(ev.submission_id) ?? 0) >= 3 ? true : undefined), 60_000);
    assert.ok(logs.some((l) => l.startsWith("error a record failed")), logs.join("\n"));
    await withAdmin(kafka, (admin) => ensureTopics(admin, undefined, outEnv));
    await withAdmin(kafka, async (admin) => {
      const produced = async () => (await admin.fetchTopicOffsets(kafkaTopic(TOPICS.analyses, outEnv))).reduce((n, p) => n + Number(p.high), 0);
      let n = 0;
      for (let i = 0; i < 120 && n === 0; i++) {
        n = await produced();
        if (n === 0) await sleep(500);
      }
      assert.equal(n, 1, "the record's output, once");
      let lag = -1;
      for (let i = 0; i < 40 && lag !== 0; i++) {
        lag = await consumerGroupLag(admin, group, TOPICS.submissions);
        if (lag !== 0) await sleep(500);
      }
      assert.equal(lag, 0, "offsets left uncommitted");
    });
    assert.equal(health.records.dead_lettered, 0);
    assert.equal(health.records.handled, 1);
    // (one line when the failures start and one when they are over, not one every 2 s)
    const failed = logs.filter((l) => l.startsWith("error a record failed"));
    assert.equal(failed.length, 1, logs.join("\n"));
    assert.ok(logs.some((l) => l.startsWith("info the partition's records are processed again after failures")), logs.join("\n"));
  });
});

describe("stream processor: a stop waits for the records in flight only so long, then leaves them to the next member", function () {
  this.timeout(120_000);
  const run = randomUUID().slice(0, 8);
  const app = `processor-stop-${run}`;
  const group = `test-processor-stop-${run}`;
  const kafka = createKafka("test-processor-stop");
  const registry = createRegistry();
  const STOP_TIMEOUT_MS = 2_000;
  /** What each member handled to the end, and where the slow record is. */
  const byFirst: string[] = [];
  const bySecond: string[] = [];
  const startedByFirst = new Set<string>();
  let slowAt: { partition: number; offset: string } | undefined;
  /** Ends the first member's slow call (a local-model call takes a minute; the test does not wait for it). */
  const releases: (() => void)[] = [];
  const logs: string[] = [];
  let producer: EventProducer;
  let first: RunningProcessor | undefined;
  let second: RunningProcessor | undefined;

  before(async () => {
    producer = await createEventProducer(kafka, registry);
    first = await runProcessor({
      groupId: group,
      input: TOPICS.submissions,
      kafka, registry, producer,
      startAtEnd: true,
      concurrency: 1,
      stopTimeoutMs: STOP_TIMEOUT_MS,
      handle: async (ev, meta) => {
        if (ev.app !== app) return [];
        startedByFirst.add(ev.submission_id);
        if (ev.content.toString().startsWith("slow")) {
          slowAt = { partition: meta.partition, offset: meta.offset };
          await new Promise<void>((r) => {
            const t = setTimeout(r, 60_000);
            releases.push(() => (clearTimeout(t), r()));
          });
        }
        byFirst.push(ev.submission_id);
        return [];
      },
      log: (level, msg, fields) => void logs.push(`${level} ${msg} ${JSON.stringify(fields ?? {})}`),
    });
  });

  after(async () => {
    for (const release of releases) release();
    await Promise.allSettled([first?.stop(), second?.stop(), producer?.disconnect()]);
    await withAdmin(kafka, (admin) => admin.deleteGroups([kafkaGroup(group)]).catch(() => undefined));
  });

  it("commits what is done, leaves the group after stopTimeoutMs, and the next member handles the record in flight and those behind it", async () => {
    const [done, slow, behind] = ["done", "slow", "behind"].map((n) => fileSubmitted(`${n} ${run}`, {}, `/share/${n}.txt`, app));
    // (one key: one partition, in this order)
    for (const ev of [done!, slow!, behind!]) await producer.send(TOPICS.submissions, `stop-${run}`, ev);
    await waitFor("the slow record started", () => slowAt, 60_000);
    assert.deepEqual(byFirst, [done!.submission_id]);

    const t0 = Date.now();
    await first!.stop();
    const took = Date.now() - t0;
    assert.ok(took < STOP_TIMEOUT_MS + 8_000, `stop() took ${took} ms with a record in flight for a minute`);
    assert.ok(!startedByFirst.has(behind!.submission_id), "a stopping member started a record");
    assert.ok(logs.some((l) => l.startsWith("warn stopping: records still in flight")), logs.join("\n"));
    await withAdmin(kafka, async (admin) => {
      const [t] = await admin.fetchOffsets({ groupId: kafkaGroup(group), topics: [kafkaTopic(TOPICS.submissions)] });
      const committed = t!.partitions.find((p) => p.partition === slowAt!.partition)!.offset;
      assert.equal(committed, slowAt!.offset, "the record done before the slow one is committed, the slow one is not");
    });

    second = await runProcessor({
      groupId: group,
      input: TOPICS.submissions,
      kafka, registry, producer,
      concurrency: 1,
      handle: async (ev) => {
        if (ev.app === app) bySecond.push(ev.submission_id);
        return [];
      },
      log: () => undefined,
    });
    await waitFor("the next member handled the rest", () => (bySecond.length >= 2 ? true : undefined), 60_000);
    assert.deepEqual(bySecond, [slow!.submission_id, behind!.submission_id]);
  });
});
