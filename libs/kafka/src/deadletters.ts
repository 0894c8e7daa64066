/**
 * The dead-letter topic, for operators (`filescan deadletter list|replay`): every dead letter
 * read to the topic's current end, and a replay that writes the records back to the topics they
 * were read from, byte for byte, so the processors read them again (after the fix for what made
 * them fail). Every consumer group of that topic reads a replayed record again; the sinks are
 * idempotent, so that costs work, not duplicates.
 */
import { randomUUID } from "node:crypto";
import type { Kafka } from "kafkajs";
import type { SchemaRegistry } from "@kafkajs/confluent-schema-registry";
import { kafkaGroup, kafkaTopic, TOPICS, type TopicName } from "@filescan/config";
import type { DeadLetter } from "@filescan/contracts";
import { EventTooLarge, type EventProducer } from "./index.ts";

/**
 * Sends a dead letter; one that would be more than a Kafka record holds with the record's value
 * (a record near that limit, with the error beside it) goes without the value, the error saying
 * so: no retry could send it, and the partition stopped for good behind it. The record stays at
 * its coordinates in its topic until the topic's retention ends.
 */
export async function sendDeadLetter(producer: EventProducer, letter: DeadLetter): Promise<void> {
  const key = letter.key?.toString("utf8") ?? "";
  try {
    await producer.send(TOPICS.deadletter, key, letter);
  } catch (err) {
    if (!(err instanceof EventTooLarge)) throw err;
    const note = ` [the record's value of ${letter.value?.length ?? 0} bytes left out: with it the dead letter is more than one Kafka record holds; the record is at its partition and offset until the topic's retention ends]`;
    await producer.send(TOPICS.deadletter, key, { ...letter, value: null, error: letter.error.slice(0, 10_000 - note.length) + note });
  }
}

/** A dead letter and where it stands in the dead-letter topic. */
export interface DeadLetterEntry {
  /** Partition and offset in the dead-letter topic. */
  at: { partition: number; offset: string };
  /** Null when the entry itself cannot be decoded (then `problem` says why). Its `value` only when read `withValues`. */
  letter: DeadLetter | null;
  /** The size of the record's value (kept when the value itself is not). */
  valueBytes: number;
  problem?: string;
}

export interface ReadOptions {
  /** Only the dead letters this accepts are kept (an undecodable one is offered as null). */
  select?: (letter: DeadLetter | null) => boolean;
  /** Keep the records' values (a replay needs them; a listing does not: they are files' bytes, up to the size limit each). */
  withValues?: boolean;
}

/** How long the read waits for the next record before it gives up (the end offsets were read first, so records are there). */
const QUIET_MS = 30_000;

/** Every dead letter of this deployment (`FILESCAN_KAFKA_PREFIX`), oldest first per partition, read with a throw-away consumer group. */
export async function readDeadLetters(kafka: Kafka, registry: SchemaRegistry, env: NodeJS.ProcessEnv = process.env, opts: ReadOptions = {}): Promise<DeadLetterEntry[]> {
  const topic = kafkaTopic(TOPICS.deadletter, env);
  const admin = kafka.admin();
  await admin.connect();
  const groupId = kafkaGroup(`filescan-cli-deadletters-${randomUUID()}`, env);
  try {
    if (!(await admin.listTopics()).includes(topic)) return [];
    // (the end to read to is fixed first: dead letters written meanwhile wait for the next look)
    const ends = new Map((await admin.fetchTopicOffsets(topic)).filter((p) => BigInt(p.high) > BigInt(p.low)).map((p) => [p.partition, BigInt(p.high)]));
    if (ends.size === 0) return [];
    const out: DeadLetterEntry[] = [];
    // (a dead letter holds the whole record: a file of up to the size limit)
    const consumer = kafka.consumer({ groupId, allowAutoTopicCreation: false, maxBytesPerPartition: 50 * 1024 * 1024, maxBytes: 100 * 1024 * 1024 });
    await consumer.connect();
    try {
      await consumer.subscribe({ topic, fromBeginning: true });
      await new Promise<void>((resolve, reject) => {
        let quiet = setTimeout(() => reject(new Error(`no dead letter arrived for ${QUIET_MS / 1000} s before the topic's end`)), QUIET_MS);
        consumer
          .run({
            autoCommit: false,
            eachMessage: async ({ partition, message }) => {
              clearTimeout(quiet);
              quiet = setTimeout(() => reject(new Error(`no dead letter arrived for ${QUIET_MS / 1000} s before the topic's end`)), QUIET_MS);
              const end = ends.get(partition);
              if (end === undefined || BigInt(message.offset) >= end) return;
              const at = { partition, offset: message.offset };
              let letter: DeadLetter | null = null;
              let problem: string | undefined;
              try {
                if (!message.value) throw new Error("no value");
                letter = (await registry.decode(message.value)) as DeadLetter;
              } catch (err) {
                problem = String((err as Error).message ?? err).slice(0, 300);
              }
              if (!opts.select || opts.select(letter)) {
                const valueBytes = letter?.value?.length ?? 0;
                if (letter && !opts.withValues) letter.value = null;
                out.push({ at, letter, valueBytes, ...(problem !== undefined ? { problem } : {}) });
              }
              if (BigInt(message.offset) + 1n >= end) ends.delete(partition);
              if (ends.size === 0) {
                clearTimeout(quiet);
                resolve();
              }
            },
          })
          .catch(reject);
      });
    } finally {
      await consumer.disconnect();
    }
    return out.sort((a, b) => a.at.partition - b.at.partition || Number(BigInt(a.at.offset) - BigInt(b.at.offset)));
  } finally {
    await admin.deleteGroups([groupId]).catch(() => undefined);
    await admin.disconnect();
  }
}

/** The logical topic a dead letter's record was read from, or null when it is not one of this deployment's topics. */
export function sourceTopic(letter: DeadLetter, env: NodeJS.ProcessEnv = process.env): TopicName | null {
  return Object.values(TOPICS).find((t) => kafkaTopic(t, env) === letter.topic) ?? null;
}

/**
 * Writes each dead letter's record back to the topic it was read from, key and value byte for
 * byte. Returns how many were written and the entries that could not be (no value, a topic not of
 * this deployment, the dead-letter topic itself).
 */
export async function replayDeadLetters(producer: EventProducer, entries: DeadLetterEntry[], env: NodeJS.ProcessEnv = process.env): Promise<{ replayed: number; refused: Array<{ entry: DeadLetterEntry; reason: string }> }> {
  const refused: Array<{ entry: DeadLetterEntry; reason: string }> = [];
  const byTopic = new Map<TopicName, Array<{ key: Buffer | null; value: Buffer }>>();
  for (const entry of entries) {
    const l = entry.letter;
    const topic = l ? sourceTopic(l, env) : null;
    if (l === null) refused.push({ entry, reason: `the dead letter cannot be decoded: ${entry.problem ?? ""}` });
    else if (l.value === null) refused.push({ entry, reason: entry.valueBytes > 0 ? "read without its value (readDeadLetters withValues)" : "the record had no value" });
    else if (topic === null) refused.push({ entry, reason: `${l.topic} is not a topic of this deployment` });
    else if (topic === TOPICS.deadletter) refused.push({ entry, reason: "a dead letter of the dead-letter topic" });
    else byTopic.set(topic, [...(byTopic.get(topic) ?? []), { key: l.key, value: l.value }]);
  }
  let replayed = 0;
  for (const [topic, messages] of byTopic) {
    await producer.sendEncoded(topic, messages);
    replayed += messages.length;
  }
  return { replayed, refused };
}
