/**
 * Kafka and the schema registry, the way every filescan app uses them: kafkajs clients built
 * from the one configuration, Avro values in the Confluent wire format registered under
 * `<topic>-value`, idempotent producers with acks=all, and consumer-group lag for back-pressure.
 */
// First, before kafkajs loads: kafkajs's record batches get a hardware CRC32C (crc32c.ts), its
// default partitioner a murmur2 without 64-bit Long objects (murmur2.ts).
import "./crc32c.ts";
import "./murmur2.ts";
import net from "node:net";
import tls from "node:tls";
import { Kafka, logLevel, type Admin, type ISocketFactory, type Producer } from "kafkajs";
import { patchKafkajsEncoder } from "./encoder.ts";
import { filescanLogCreator } from "./log.ts";
import { SchemaRegistry, COMPATIBILITY, SchemaType } from "@kafkajs/confluent-schema-registry";
import { TimeoutMiddleware } from "mappersmith/middleware/timeout";
import { intFromEnv, kafkaGroup, kafkaPrefix, kafkaTopic, serverAddresses, TOPICS, KAFKA_MAX_MESSAGE_BYTES, type TopicName } from "@filescan/config";
import { avroSchemaText, valueSubject, type EventOf } from "@filescan/contracts";
import { DEFAULT_LINGER_MS, ProduceBatcher } from "./batcher.ts";

export { crc32cImplementation } from "./crc32c.ts";
export { ProcessorHealth, serveHealth, serveHealthFromEnv, healthAddressFromEnv, HEALTH_PORTS, type HealthServer, type HealthAddress, type Readiness, type ConsumerState } from "./health.ts";
export { Closers } from "./lifecycle.ts";
export { deleteStaleRuns, runPrefix, staleRunPrefixes, STALE_RUN_MS } from "./run-prefix.ts";
export { readDeadLetters, replayDeadLetters, sendDeadLetter, sourceTopic, type DeadLetterEntry } from "./deadletters.ts";
export { runProcessor, TransientError, type ProcessorOptions, type Output, type MessageMeta, type RunningProcessor } from "./processor.ts";

// kafkajs 2.2.4 (its last release) arms a timer with a negative delay in its request queue; Node 24
// warns about it on every client. The timer still fires at once, as kafkajs expects: hide that one warning.
let warningFilterInstalled = false;
function hideKafkajsTimerWarning(): void {
  if (warningFilterInstalled) return;
  warningFilterInstalled = true;
  const listeners = process.listeners("warning");
  process.removeAllListeners("warning");
  process.on("warning", (w) => {
    if (w.name === "TimeoutNegativeWarning") return;
    for (const l of listeners) l(w);
  });
}

// Fewer copies when kafkajs encodes requests (encoder.ts); same bytes on the wire.
patchKafkajsEncoder();

/**
 * kafkajs's own socket factory, with Nagle's algorithm off. kafkajs writes each request as one
 * buffer; a produce request larger than a TCP segment leaves a short last segment, which Nagle
 * holds until the broker acknowledges the ones before — and a broker that delays that ACK
 * (up to 40 ms on Linux) stalls the whole produce round trip. Kafka's own clients and the
 * broker set TCP_NODELAY for the same reason.
 */
export const kafkaSocketFactory: ISocketFactory = ({ host, port, ssl, onConnect }) => {
  const socket = ssl
    ? tls.connect({ host, port, ...(net.isIP(host) ? {} : { servername: host }), ...ssl }, onConnect)
    : net.connect({ host, port }, onConnect);
  socket.setNoDelay(true);
  socket.setKeepAlive(true, 60_000);
  return socket;
};

export function createKafka(clientId: string, env: NodeJS.ProcessEnv = process.env, opts: { quiet?: boolean; retries?: number } = {}): Kafka {
  hideKafkajsTimerWarning();
  return new Kafka({
    clientId,
    brokers: serverAddresses(env).kafkaBrokers,
    logLevel: opts.quiet ? logLevel.NOTHING : env.FILESCAN_KAFKA_LOG === "debug" ? logLevel.INFO : logLevel.ERROR,
    logCreator: filescanLogCreator,
    connectionTimeout: 3000,
    requestTimeout: 30000,
    retry: { initialRetryTime: 200, retries: opts.retries ?? 8 },
    socketFactory: kafkaSocketFactory,
  });
}

type RegistryMiddleware = NonNullable<NonNullable<ConstructorParameters<typeof SchemaRegistry>[0]>["middlewares"]>[number];

/** How long one request to the schema registry may go unanswered (FILESCAN_REGISTRY_TIMEOUT_MS). */
export const DEFAULT_REGISTRY_TIMEOUT_MS = 10_000;

/**
 * The schema registry client. Every request has a timeout: without one, a registry that takes
 * the connection and never answers (a long pause) kept whoever asked waiting for good.
 */
export function createRegistry(env: NodeJS.ProcessEnv = process.env): SchemaRegistry {
  const timeout = intFromEnv(env, "FILESCAN_REGISTRY_TIMEOUT_MS", DEFAULT_REGISTRY_TIMEOUT_MS);
  // (the middleware is a plain function; only the typings of mappersmith's ESM and CommonJS builds differ)
  const timeoutMiddleware = TimeoutMiddleware(timeout) as unknown as RegistryMiddleware;
  return new SchemaRegistry({ host: serverAddresses(env).registryUrl, retry: { retries: 3 }, middlewares: [timeoutMiddleware] });
}

/**
 * Whether a registry call failed for want of the registry, not because of the record: the
 * registry unreachable or silent (the client reports both as status 400 without a response),
 * busy (5xx), refusing our credentials. Only 404 (no schema of that id) is the record's fault.
 * A consumer retries the first kind and dead-letters only the second.
 */
export function registryUnavailable(err: unknown): boolean {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === "number" && status !== 404;
}

/** Registers the Avro schema of every topic (idempotent: the registry returns the existing id). */
export async function registerSchemas(registry: SchemaRegistry): Promise<Record<TopicName, number>> {
  const ids = {} as Record<TopicName, number>;
  for (const topic of Object.values(TOPICS)) {
    const { id } = await registry.register(
      { type: SchemaType.AVRO, schema: avroSchemaText(topic) },
      { subject: valueSubject(topic), compatibility: COMPATIBILITY.BACKWARD },
    );
    ids[topic] = id;
  }
  return ids;
}

/** Partitions per topic by default: the most processes of one consumer group that can share the work. */
export const TOPIC_PARTITIONS = 6;

/**
 * Partitions of the topics `ensureTopics` creates: FILESCAN_KAFKA_PARTITIONS (default 6). More
 * let more extractor or projector replicas share the work (the classifier keeps many LLM calls
 * in flight whatever the count). An existing topic keeps its partitions: adding some would move
 * keys, so a sha256's events could be read out of order; make new topics (a new
 * FILESCAN_KAFKA_PREFIX) instead.
 */
export function topicPartitions(env: NodeJS.ProcessEnv = process.env): number {
  const n = intFromEnv(env, "FILESCAN_KAFKA_PARTITIONS", TOPIC_PARTITIONS);
  if (n < 1 || n > 1000) throw new Error(`FILESCAN_KAFKA_PARTITIONS must be between 1 and 1000, got ${n}`);
  return n;
}

/**
 * The topics whose events hold what a file says, unmasked: its bytes (submissions, and a failed
 * record's value in dead letters) and its text (extractions). They keep it for
 * FILESCAN_CONTENT_RETENTION_HOURS (default 168, a week: time enough to ride out an outage and
 * to replay); the analyses (masked values only) keep the cluster's default retention.
 */
export const CONTENT_TOPICS: readonly TopicName[] = [TOPICS.submissions, TOPICS.extractions, TOPICS.deadletter];
const DEFAULT_CONTENT_RETENTION_HOURS = 168;

/** The topic settings `ensureTopics` creates `topic` with (unprefixed name). */
export function topicConfig(topic: TopicName, env: NodeJS.ProcessEnv = process.env): Array<{ name: string; value: string }> {
  const entries = [
    { name: "max.message.bytes", value: String(KAFKA_MAX_MESSAGE_BYTES) },
    { name: "compression.type", value: "producer" },
  ];
  const hours = intFromEnv(env, "FILESCAN_CONTENT_RETENTION_HOURS", DEFAULT_CONTENT_RETENTION_HOURS);
  if (hours === 0) throw new Error("FILESCAN_CONTENT_RETENTION_HOURS must be at least 1: a topic that keeps nothing loses every file waiting in it");
  if (CONTENT_TOPICS.includes(topic)) entries.push({ name: "retention.ms", value: String(hours * 3_600_000) });
  return entries;
}

/**
 * Creates the topics of DESIGN.md (under `FILESCAN_KAFKA_PREFIX`) when they are missing, with
 * `topicConfig`'s settings; returns the names it created. A topic that exists keeps its settings.
 */
export async function ensureTopics(admin: Admin, partitions?: number, env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const count = partitions ?? topicPartitions(env);
  const existing = new Set(await admin.listTopics());
  const missing = Object.values(TOPICS).filter((t) => !existing.has(kafkaTopic(t, env)));
  if (missing.length === 0) return [];
  // (not kafkajs's waitForLeaders: it retries LEADER_NOT_AVAILABLE only, and a KRaft broker may
  // first answer a new topic's metadata with UNKNOWN_TOPIC_OR_PARTITION: a test's topics failed so)
  const names = missing.map((t) => kafkaTopic(t, env));
  await admin.createTopics({
    waitForLeaders: false,
    topics: missing.map((t) => ({ topic: kafkaTopic(t, env), numPartitions: count, replicationFactor: -1, configEntries: topicConfig(t, env) })),
  });
  await waitForLeaders(admin, names);
  return names;
}

/** How long a new topic's partitions may take to have a leader. */
const LEADER_WAIT_MS = 30_000;

/**
 * Waits until every partition of `topics` has a leader that answers for it (its offsets are
 * read), asking again while the broker answers with a retriable error (UNKNOWN_TOPIC_OR_PARTITION,
 * LEADER_NOT_AVAILABLE, NOT_LEADER_FOR_PARTITION) or a partition has no leader yet; throws after
 * `timeoutMs`.
 */
export async function waitForLeaders(admin: Admin, topics: string[], timeoutMs = LEADER_WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let last: string;
    try {
      const { topics: meta } = await admin.fetchTopicMetadata({ topics });
      const leaderless = meta.filter((t) => t.partitions.length === 0 || t.partitions.some((p) => p.leader < 0)).map((t) => t.name);
      if (leaderless.length === 0) {
        // ... and each leader answers for its partitions (a new broker's leader may first say it is none: NOT_LEADER_FOR_PARTITION)
        for (const t of topics) await admin.fetchTopicOffsets(t);
        return;
      }
      last = `no leader yet for ${leaderless.join(", ")}`;
    } catch (e) {
      if (!(e as { retriable?: boolean }).retriable) throw e;
      last = (e as Error).message;
    }
    if (Date.now() > deadline) throw new Error(`topics ${topics.join(", ")} have no leader after ${timeoutMs} ms: ${last}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `ensureTopics` on a short-lived admin client: a stream processor's start, where a new `FILESCAN_KAFKA_PREFIX` may not have its topics yet. */
export async function ensureTopicsWith(kafka: Kafka, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    await ensureTopics(admin, undefined, env);
  } finally {
    await admin.disconnect();
  }
}

/** Runs `f` with a connected admin client of `kafka`, and disconnects it whatever happens. */
export async function withAdmin<T>(kafka: Kafka, f: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    return await f(admin);
  } finally {
    await admin.disconnect();
  }
}

/**
 * Deletes the topics of a `FILESCAN_KAFKA_PREFIX` and the named consumer groups under it (a
 * benchmark's or a test's own set, when it is done). Refuses without a prefix: the unprefixed
 * topics are the system's event log.
 */
export async function deletePrefixed(admin: Admin, groups: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (kafkaPrefix(env) === "") throw new Error("deletePrefixed needs FILESCAN_KAFKA_PREFIX: without one these are the system's own topics");
  if (groups.length) await admin.deleteGroups(groups.map((g) => kafkaGroup(g, env))).catch(() => undefined);
  const existing = new Set(await admin.listTopics());
  const topics = Object.values(TOPICS).map((t) => kafkaTopic(t, env)).filter((t) => existing.has(t));
  if (topics.length) await admin.deleteTopics({ topics });
}

export interface EventProducer {
  send<T extends TopicName>(topic: T, key: string, value: EventOf[T]): Promise<void>;
  /** Encodes with the topic's registered schema (Confluent wire format: magic 0, 4-byte id, Avro). */
  encode<T extends TopicName>(topic: T, value: EventOf[T]): Promise<Buffer>;
  sendEncoded(topic: TopicName, messages: Array<{ key: string | Buffer | null; value: Buffer }>): Promise<void>;
  disconnect(): Promise<void>;
  readonly producer: Producer;
}

/** An idempotent producer (acks=all) that writes Avro values through the registry. */
/** A stream processor's Kafka client, registry client and connected event producer. */
export async function connectEvents(clientId: string, env: NodeJS.ProcessEnv = process.env): Promise<{ kafka: Kafka; registry: SchemaRegistry; producer: EventProducer }> {
  const kafka = createKafka(clientId, env);
  const registry = createRegistry(env);
  return { kafka, registry, producer: await createEventProducer(kafka, registry, env) };
}

/** `FILESCAN_KAFKA_LINGER_MS`: how long a produced message waits for others to share its request (default 2). */
export function lingerMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.FILESCAN_KAFKA_LINGER_MS?.trim();
  if (raw === undefined || raw === "") return DEFAULT_LINGER_MS;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0 || ms > 10_000) throw new Error(`FILESCAN_KAFKA_LINGER_MS must be a whole number of milliseconds from 0 to 10000, not "${raw}"`);
  return ms;
}

/** The largest value a record may carry: the topics' max.message.bytes, less room for the record's key, headers and batch. */
export const MAX_RECORD_VALUE_BYTES = KAFKA_MAX_MESSAGE_BYTES - 64 * 1024;

/** An event too large for one Kafka record: no retry can send it (`EventProducer.send`). */
export class EventTooLarge extends Error {
  override name = "EventTooLarge";
  constructor(topic: TopicName, bytes: number) {
    super(`the ${topic} event is ${bytes} bytes, more than one Kafka record holds (${MAX_RECORD_VALUE_BYTES})`);
  }
}

export async function createEventProducer(kafka: Kafka, registry: SchemaRegistry, env: NodeJS.ProcessEnv = process.env): Promise<EventProducer> {
  const lingerMs = lingerMsFromEnv(env);
  const ids = await registerSchemas(registry);
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 5, allowAutoTopicCreation: false });
  await producer.connect();
  const encode = async <T extends TopicName>(topic: T, value: EventOf[T]) => registry.encode(ids[topic], value);
  const batcher = new ProduceBatcher((topicMessages) => producer.sendBatch({ acks: -1, topicMessages }), { lingerMs });
  const names = new Map(Object.values(TOPICS).map((t) => [t, kafkaTopic(t, env)]));
  const sendEncoded = (topic: TopicName, messages: Array<{ key: string | Buffer | null; value: Buffer }>) => {
    const name = names.get(topic)!;
    return batcher.send(messages.map((m) => ({ topic: name, key: m.key, value: m.value })));
  };
  return {
    producer,
    encode,
    sendEncoded,
    async send(topic, key, value) {
      const encoded = await encode(topic, value);
      // (one record above the broker's limit closes the producer's connection, and the batch it
      // shares fails with it: refused here, as this record's fault alone)
      if (encoded.length > MAX_RECORD_VALUE_BYTES) throw new EventTooLarge(topic, encoded.length);
      await sendEncoded(topic, [{ key, value: encoded }]);
    },
    async disconnect() {
      await batcher.drain();
      await producer.disconnect();
    },
  };
}

/** Decodes a Confluent-wire-format Avro value of one of our topics. */
export async function decodeEvent<T extends TopicName>(registry: SchemaRegistry, _topic: T, value: Buffer): Promise<EventOf[T]> {
  return (await registry.decode(value)) as EventOf[T];
}

/**
 * Where a consumer group with no committed offsets starts: `earliest` (the default: a new
 * processor handles the whole log) or `latest` (FILESCAN_NEW_GROUP_START=latest; tests on shared
 * topics). `latest` is made exact by committing the current end offsets before the group joins.
 */
export async function startNewGroupAtEnd(kafka: Kafka, group: string, topics: TopicName[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const admin = kafka.admin();
  const groupId = kafkaGroup(group, env);
  await admin.connect();
  try {
    for (const topic of topics.map((t) => kafkaTopic(t, env))) {
      const committed = await admin.fetchOffsets({ groupId, topics: [topic] });
      if (committed.some((t) => t.partitions.some((p) => Number(p.offset) >= 0))) continue;
      const ends = await admin.fetchTopicOffsets(topic);
      await admin.setOffsets({ groupId, topic, partitions: ends.map((p) => ({ partition: p.partition, offset: p.high })) });
    }
  } finally {
    await admin.disconnect();
  }
}

export function startsAtEnd(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.FILESCAN_NEW_GROUP_START === "latest";
}

/** Messages on `logical` not yet committed by consumer group `group` (all of them when it never committed), under `FILESCAN_KAFKA_PREFIX`. */
export async function consumerGroupLag(admin: Admin, group: string, logical: TopicName, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const topic = kafkaTopic(logical, env);
  const groupId = kafkaGroup(group, env);
  const [ends, committed] = await Promise.all([
    admin.fetchTopicOffsets(topic),
    admin.fetchOffsets({ groupId, topics: [topic] }),
  ]);
  const done = new Map<number, string>();
  for (const t of committed) for (const p of t.partitions) done.set(p.partition, p.offset);
  let lag = 0;
  for (const p of ends) {
    const c = Number(done.get(p.partition) ?? "-1");
    const start = c >= 0 ? c : Number(p.low);
    lag += Math.max(0, Number(p.high) - start);
  }
  return lag;
}
