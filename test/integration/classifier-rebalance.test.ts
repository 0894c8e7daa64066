/**
 * The classifier's stream processor (libs/kafka `runProcessor`) when its consumer group changes
 * while analyses are in flight, on the real Kafka and schema registry: two members of one group
 * read `filescan.extractions.v1`, each record's "LLM call" a one-second wait. A member that joins
 * gets its partitions within seconds (the busy member starts no more records once the group
 * rebalances, instead of working through everything it fetched first), a member that stops
 * finishes only what is in flight, and no record is left unhandled: the group commits to the end.
 */
import assert from "node:assert/strict";
import { createHash, randomUUID } from "node:crypto";
import { kafkaGroup, TOPICS } from "@filescan/config";
import type { FileExtracted } from "@filescan/contracts";
import { consumerGroupLag, createEventProducer, createKafka, createRegistry, runProcessor, withAdmin, type EventProducer, type RunningProcessor } from "@filescan/kafka";
import type { Kafka } from "kafkajs";
import { waitFor } from "./deadline.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function extracted(text: string, app: string): FileExtracted {
  const sha256 = createHash("sha256").update(text).digest("hex");
  return {
    submission_id: randomUUID(), sha256, received_at: Date.now(), filename: "r.txt", full_path: "/share/r.txt", mimetype: "text/plain", app,
    extra_json: "{}", size: text.length, detected_type: "text/plain", type_mismatch: false, status: "complete", reasons: [],
    segments: [], stats: { chars: text.length, entries: 1, duration_ms: 1 },
  };
}

interface Member {
  name: string;
  proc: RunningProcessor;
  /** When its consumer connected, before it asked to join. */
  connectedAt: number;
  /** When it joined the group (later: rebalances done), and the partitions it then got. */
  joins: Array<{ at: number; partitions: number[] }>;
}

describe("classifier: a member joining or leaving while analyses are in flight", function () {
  this.timeout(170_000);
  const run = randomUUID().slice(0, 8);
  const app = `rebalance-test-${run}`;
  const kafka = createKafka("test-rebalance");
  const registry = createRegistry();
  const CALL_MS = 1_000;
  /** Handler starts: which member, which record, when. */
  const starts: Array<{ member: string; id: string; partition: number; at: number }> = [];
  const finished = new Set<string>();
  const members: Member[] = [];
  const groups: string[] = [];
  let producer: EventProducer;

  /** The group's lag on the extractions topic, asked again until it is 0 (offsets are committed every 500 ms), for at most 20 s. */
  const settledLag = async (group: string): Promise<number> => {
    let lag = -1;
    for (let i = 0; i < 40 && lag !== 0; i++) {
      lag = await withAdmin(kafka, (admin) => consumerGroupLag(admin, group, TOPICS.extractions));
      if (lag !== 0) await sleep(500);
    }
    return lag;
  };

  const join = async (name: string, group: string): Promise<Member> => {
    if (!groups.includes(group)) groups.push(group);
    const m: Member = { name, connectedAt: 0, joins: [], proc: undefined as unknown as RunningProcessor };
    // (the same client; only its consumer's connection is noted, before the consumer joins: what
    // runProcessor does before, on a shared broker, takes its own time)
    const noted = Object.create(kafka) as Kafka;
    noted.consumer = (config) => {
      const c = kafka.consumer(config);
      c.on(c.events.CONNECT, () => void (m.connectedAt = Date.now()));
      return c;
    };
    m.proc = await runProcessor({
      groupId: group,
      input: TOPICS.extractions,
      kafka: noted, registry, producer,
      startAtEnd: true,
      concurrency: 2,
      handle: async (ev, meta) => {
        if (ev.app !== app) return [];
        starts.push({ member: name, id: ev.submission_id, partition: meta.partition, at: Date.now() });
        await sleep(CALL_MS); // (an LLM call)
        finished.add(ev.submission_id);
        return [];
      },
      log: () => undefined,
    });
    // (runProcessor returns once the member joined; later joins are rebalances)
    m.joins.push({ at: Date.now(), partitions: [] });
    m.proc.consumer.on(m.proc.consumer.events.GROUP_JOIN, (e) => void m.joins.push({ at: Date.now(), partitions: Object.values(e.payload.memberAssignment).flat() }));
    members.push(m);
    return m;
  };

  before(async () => {
    producer = await createEventProducer(kafka, registry);
  });

  after(async () => {
    await Promise.allSettled(members.map((m) => m.proc.stop()));
    await producer?.disconnect();
    await withAdmin(kafka, (admin) => admin.deleteGroups(groups.map((g) => kafkaGroup(g)))).catch(() => undefined);
  });

  it("lets a joining member in within seconds, loses no record and commits to the end", async () => {
    const group = `test-rebalance-join-${run}`;
    const a = await join("a", group);
    const events = Array.from({ length: 60 }, (_, i) => extracted(`join ${run} ${i}`, app));
    for (const ev of events) await producer.send(TOPICS.extractions, ev.sha256, ev);
    // (60 one-second calls, two at a time: half a minute of work fetched by a)
    await waitFor("a busy", () => (starts.length >= 4 ? true : undefined), 60_000);
    const t0 = Date.now();
    const b = await join("b", group);
    const took = b.joins[0]!.at - b.connectedAt;
    const aStartsBefore = starts.filter((s) => s.member === "a" && s.at < t0).length;
    assert.ok(took < 15_000, `b waited ${took} ms for its partitions (a started ${starts.filter((s) => s.member === "a" && s.at >= t0).length} records meanwhile, ${aStartsBefore} before)`);
    // after the rebalance a works only on partitions it still holds
    const rejoined = await waitFor("a's rejoin", () => a.joins.find((j) => j.at >= t0), 30_000);
    const aNow = new Set(rejoined.partitions);
    const stray = starts.filter((s) => s.member === "a" && s.at > rejoined.at && !aNow.has(s.partition));
    assert.deepEqual(stray, [], "a started records of partitions it had lost");

    await waitFor("every record handled", () => (events.every((e) => finished.has(e.submission_id)) ? true : undefined), 120_000);
    assert.equal(await settledLag(group), 0, "offsets left uncommitted");
    const twice = events.filter((e) => starts.filter((s) => s.id === e.submission_id).length > 1).length;
    assert.ok(twice <= 4, `${twice} records handled twice (at most those in flight at the rebalance)`);
  });

  it("lets a stopping member finish what is in flight only, and the other take the rest", async () => {
    const group = `test-rebalance-leave-${run}`;
    const a = await join("a2", group);
    const b = await join("b2", group);
    const events = Array.from({ length: 40 }, (_, i) => extracted(`leave ${run} ${i}`, app));
    for (const ev of events) await producer.send(TOPICS.extractions, ev.sha256, ev);
    await waitFor("both busy", () => (["a2", "b2"].every((n) => starts.some((s) => s.member === n && events.some((e) => e.submission_id === s.id))) ? true : undefined), 60_000);
    const t0 = Date.now();
    await a.proc.stop();
    const took = Date.now() - t0;
    // (in flight: two one-second calls; not the rest of its batches)
    assert.ok(took < 10_000, `stop took ${took} ms`);
    const late = starts.filter((s) => s.member === "a2" && s.at > t0 + 500);
    assert.deepEqual(late, [], "a stopping member started records");
    members.splice(members.indexOf(a), 1);
    await waitFor("every record handled", () => (events.every((e) => finished.has(e.submission_id)) ? true : undefined), 120_000);
    assert.equal(await settledLag(group), 0, "offsets left uncommitted");
    assert.ok(b.joins.length >= 2, "b took over a's partitions");
  });
});
