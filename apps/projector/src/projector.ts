/**
 * The projector's stream wiring: one consumer group reads filescan.submissions.v1 and
 * filescan.analyses.v1 and maintains Elasticsearch. A batch's offsets are committed only after
 * its documents are written; while Elasticsearch or the schema registry is down it backs off and
 * retries (heartbeating, committing nothing), so nothing is lost; an index deleted under it is
 * made again from its template.
 */
import type { Client } from "@elastic/elasticsearch";
import type { Consumer, Kafka, KafkaMessage } from "kafkajs";
import type { SchemaRegistry } from "@kafkajs/confluent-schema-registry";
import { esIndexShape, kafkaGroup, kafkaTopic, TOPICS } from "@filescan/config";
import { maxFindings, type FileAnalyzed, type FileSubmitted } from "@filescan/contracts";
import { consumerGroupLag, ensureTopicsWith, registryUnavailable, sendDeadLetter, startNewGroupAtEnd, type EventProducer, type ProcessorHealth } from "@filescan/kafka";
import { indexGone, projectAnalyses, projectSubmissions, type RejectedDocument } from "./project.ts";
import { ensureIndices, type IndexNames } from "./indices.ts";

export const PROJECTOR_GROUP = "filescan-projector";

export interface ProjectorOptions {
  es: Client;
  kafka: Kafka;
  registry: SchemaRegistry;
  producer: EventProducer;
  indices: IndexNames;
  /**
   * `indices` are the aliases ensureIndices keeps (default; a rebuild's fresh indices are not):
   * writes require them to be aliases, and one that is gone is made again from its template.
   */
  aliases?: boolean;
  groupId?: string;
  /** A group with no committed offsets starts at the end of both topics (tests on shared topics). */
  startAtEnd?: boolean;
  log?: (level: "info" | "warn" | "error", msg: string, fields?: Record<string, unknown>) => void;
  /** Follows the consumer's group membership for /readyz (from before the first join). */
  health?: ProcessorHealth;
  /** Where `FILESCAN_KAFKA_PREFIX` is read (default process.env): the topics and the group carry it. */
  env?: NodeJS.ProcessEnv;
}

export interface RunningProjector {
  consumer: Consumer;
  /** Events applied so far (for progress output). */
  applied(): number;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startProjector(opts: ProjectorOptions): Promise<RunningProjector> {
  const { es, kafka, registry, producer, indices } = opts;
  const groupId = opts.groupId ?? PROJECTOR_GROUP;
  const env = opts.env ?? process.env;
  const aliases = opts.aliases ?? true;
  const submissionsTopic = kafkaTopic(TOPICS.submissions, env);
  const findingsLimit = maxFindings(env);
  const log = opts.log ?? ((level, msg, fields) => console.error(JSON.stringify({ level, msg, app: "projector", ...fields })));
  let applied = 0;

  const deadLetter = async (topic: string, partition: number, m: KafkaMessage, error: string) => {
    log("warn", "dead-lettered a record", { topic, partition, offset: m.offset, error: error.slice(0, 300) });
    if (opts.health) opts.health.records.dead_lettered++;
    // (without its value when the dead letter would be too large with it: a record near the
    // size limit stopped the projector for good)
    await sendDeadLetter(producer, {
      processor: groupId, topic, partition, offset: m.offset, key: m.key ?? null, value: m.value ?? null, error: error.slice(0, 10_000), failed_at: Date.now(),
    });
  };

  await ensureTopicsWith(kafka, env);
  if (opts.startAtEnd) await startNewGroupAtEnd(kafka, groupId, [TOPICS.submissions, TOPICS.analyses], env);
  const consumer = kafka.consumer({ groupId: kafkaGroup(groupId, env), sessionTimeout: 45_000, heartbeatInterval: 3_000, maxBytesPerPartition: 64 * 1024 * 1024, allowAutoTopicCreation: false });
  opts.health?.watch(consumer, { groupId: kafkaGroup(groupId, env) });
  await consumer.connect();
  await consumer.subscribe({ topics: [submissionsTopic, kafkaTopic(TOPICS.analyses, env)], fromBeginning: true });
  await consumer.run({
    autoCommit: false,
    eachBatchAutoResolve: false,
    partitionsConsumedConcurrently: 4,
    eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
      /** Waits before a retry (30 s at most), beating the group's heart meanwhile. */
      const backOff = async (attempt: number, what: string, err: unknown) => {
        const wait = Math.min(30_000, 500 * 2 ** Math.min(attempt, 6));
        if (opts.health) opts.health.records.retried += batch.messages.length;
        log("warn", `${what}; retrying without committing`, { error: String(err).slice(0, 300), retry_in_ms: wait, topic: batch.topic, partition: batch.partition });
        const until = Date.now() + wait;
        while (Date.now() < until) {
          await heartbeat().catch(() => undefined);
          await sleep(Math.min(2_000, until - Date.now()));
        }
      };
      const decoded: Array<{ m: KafkaMessage; ev: FileSubmitted | FileAnalyzed }> = [];
      for (const m of batch.messages) {
        for (let attempt = 0; ; attempt++) {
          try {
            if (!m.value) throw new Error("record has no value");
            decoded.push({ m, ev: (await registry.decode(m.value)) as FileSubmitted | FileAnalyzed });
          } catch (err) {
            // (the registry down is no fault of the record's: wait for it, as for Elasticsearch)
            if (registryUnavailable(err)) {
              if (!isRunning() || isStale()) return;
              await backOff(attempt, "the schema registry cannot be read", err);
              continue;
            }
            await deadLetter(batch.topic, batch.partition, m, `undecodable: ${String(err)}`);
          }
          break;
        }
      }
      let rejected: RejectedDocument[];
      for (let attempt = 0; ; attempt++) {
        if (!isRunning() || isStale()) return;
        try {
          rejected = batch.topic === submissionsTopic
            ? await projectSubmissions(es, indices, decoded.map((d) => d.ev as FileSubmitted), aliases)
            : await projectAnalyses(es, indices, decoded.map((d) => d.ev as FileAnalyzed), findingsLimit, aliases);
          break;
        } catch (err) {
          if (aliases && indexGone(err)) {
            // (deleted under us: what it held is lost, but what comes is not; `filescan projector rebuild` brings back what the topics hold)
            log("warn", "an index of the projector is gone; making it again from its template", { error: String(err).slice(0, 300), files: indices.files, analyses: indices.analyses });
            await ensureIndices(es, indices, esIndexShape(env)).catch((e: unknown) => log("warn", "the index could not be made", { error: String(e).slice(0, 300) }));
          }
          await backOff(attempt, "Elasticsearch write failed", err);
        }
      }
      let refused = 0;
      for (const r of rejected) {
        const hit = decoded.find((d) => (batch.topic === submissionsTopic ? (d.ev as FileSubmitted).submission_id : d.ev.sha256.toLowerCase()) === r.id);
        if (hit) {
          refused++;
          await deadLetter(batch.topic, batch.partition, hit.m, r.by === "projector" ? r.message : `Elasticsearch refused the document: ${r.message}`);
        } else log("error", r.by === "projector" ? "no document could be made of an event" : "Elasticsearch refused a document", { id: r.id, error: r.message });
      }
      if (opts.health) opts.health.records.handled += decoded.length - refused;
      applied += decoded.length;
      const last = batch.messages[batch.messages.length - 1];
      if (last) {
        resolveOffset(last.offset);
        await consumer.commitOffsets([{ topic: batch.topic, partition: batch.partition, offset: (BigInt(last.offset) + 1n).toString() }]);
      }
    },
  });
  return {
    consumer,
    applied: () => applied,
    async stop() {
      await consumer.disconnect();
    },
  };
}

/** Waits until consumer group `groupId` has committed everything on both topics. */
export async function waitCaughtUp(kafka: Kafka, groupId: string, onProgress?: (lag: number) => void, timeoutMs = 30 * 60_000, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const lag = (await consumerGroupLag(admin, groupId, TOPICS.submissions, env)) + (await consumerGroupLag(admin, groupId, TOPICS.analyses, env));
      onProgress?.(lag);
      if (lag === 0) return;
      if (Date.now() > deadline) throw new Error(`projector group ${groupId} still ${lag} events behind`);
      await sleep(500);
    }
  } finally {
    await admin.disconnect();
  }
}
