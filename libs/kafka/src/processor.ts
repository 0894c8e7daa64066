/**
 * A stream processor: consume one topic in a consumer group, turn each event into output
 * events with a pure-ish handler, produce them, and only then mark the input as done.
 *
 * - Up to `concurrency` events are in flight at once across all partitions (LLM calls take
 *   seconds; partitions must not bound the parallelism). Offsets are resolved strictly in
 *   order per partition: an offset is committed only when it and everything before it is done.
 *   A slow record holds back only the records behind it in its own partition: a partition is
 *   paused while its batch is worked on, and the others are fetched meanwhile, up to
 *   MAX_PENDING_BYTES of records not done.
 * - When the group rebalances (a member joins or leaves) no record fetched before starts any
 *   more and the member rejoins at once; records in flight finish, and whoever holds their
 *   partition next may handle them again (delivery is at-least-once). `stop()` lets the records
 *   in flight finish and commits them before it leaves the group; it starts no others. It waits
 *   `stopTimeoutMs` at most (a local-model call takes a minute, k8s kills a pod 30 s after
 *   SIGTERM): it then commits what is done and leaves, and the records still in flight are
 *   handled again by the member that takes their partition, at once (not after the 45 s session
 *   timeout of a member killed in the group).
 * - A value that cannot be decoded, whose handler keeps failing, or whose output is too large
 *   for a Kafka record, goes to the dead-letter topic with its coordinates and error (without
 *   its value when the dead letter would be too large with it); the processor moves on.
 * - A `TransientError` (a server we depend on is down) is never dead-lettered: the record is
 *   tried again in place, after a wait that doubles up to 30 s, the group's heartbeat kept,
 *   until the server answers or the processor stops; nothing is lost. A schema registry that
 *   cannot be read while a value is decoded counts as one. While the outage lasts, one warning
 *   every 30 s says so (not one error with a stack per retried batch), and one line says when it
 *   is over. A record that fails otherwise (its output cannot be produced) is read again after 2 s;
 *   its partition's failures are logged as an outage is.
 */
import type { Kafka, KafkaMessage, Consumer } from "kafkajs";
import type { SchemaRegistry } from "@kafkajs/confluent-schema-registry";
import pLimit from "p-limit";
import { intFromEnv, kafkaGroup, kafkaTopic, type TopicName } from "@filescan/config";
import type { EventOf } from "@filescan/contracts";
import { ensureTopicsWith, EventTooLarge, registryUnavailable, startNewGroupAtEnd, type EventProducer } from "./index.ts";
import { sendDeadLetter } from "./deadletters.ts";
import { Lasting } from "./lasting.ts";
import type { ProcessorHealth } from "./health.ts";

export interface Output<T extends TopicName = TopicName> {
  topic: T;
  key: string;
  value: EventOf[T];
}

export interface MessageMeta {
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
}

export interface ProcessorOptions<I extends TopicName> {
  groupId: string;
  input: I;
  kafka: Kafka;
  registry: SchemaRegistry;
  producer: EventProducer;
  handle(event: EventOf[I], meta: MessageMeta): Promise<Output[]>;
  /** Events in flight at once, across partitions. */
  concurrency?: number;
  /** Handler attempts before the record is dead-lettered. */
  maxAttempts?: number;
  log?: (level: "info" | "warn" | "error", msg: string, fields?: Record<string, unknown>) => void;
  /** A group with no committed offsets starts at the end of the topic instead of its beginning. */
  startAtEnd?: boolean;
  /** Follows the consumer's group membership for /readyz (from before the first join). */
  health?: ProcessorHealth;
  /** Where `FILESCAN_KAFKA_PREFIX` is read (default process.env): the input topic and the group carry it. */
  env?: NodeJS.ProcessEnv;
  /** How long `stop()` waits for the records in flight (default `FILESCAN_STOP_TIMEOUT_MS`, else 10 s). */
  stopTimeoutMs?: number;
}

/** Thrown by a handler when a dependency is down: retry later, never dead-letter. */
export class TransientError extends Error {
  override name = "TransientError";
}

export interface RunningProcessor {
  consumer: Consumer;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Longest wait between two tries of a record while a server it needs is down. */
const MAX_RETRY_WAIT_MS = 30_000;
/** The most bytes of records fetched and not done yet before the processor fetches no more (what one fetch may bring, `maxBytes`). */
const MAX_PENDING_BYTES = 100 * 1024 * 1024;
/** How long a partition waits after a record failed unexpectedly (the producer, say) before it is read again. */
const FAILED_BATCH_WAIT_MS = 2_000;
/** While a server stays down, a warning at most this often (the first at once). */
const OUTAGE_LOG_EVERY_MS = 30_000;
/**
 * How long `stop()` waits for the records in flight: well under the wait between SIGTERM and
 * SIGKILL of `filescan down` (15 s), compose (30 s, `stop_grace_period`) and k8s (30 s).
 */
const STOP_TIMEOUT_MS = 10_000;

/** Waits `ms`, or less once `goOn` says no (a stopping processor does not sit out a long wait). */
async function waitWhile(ms: number, goOn: () => boolean): Promise<void> {
  const until = Date.now() + ms;
  while (goOn() && Date.now() < until) await sleep(Math.min(500, until - Date.now()));
}

export async function runProcessor<I extends TopicName>(opts: ProcessorOptions<I>): Promise<RunningProcessor> {
  const { kafka, registry, producer, input, groupId } = opts;
  const concurrency = opts.concurrency ?? 1;
  const maxAttempts = opts.maxAttempts ?? 3;
  const log = opts.log ?? ((level, msg, fields) => console.error(JSON.stringify({ level, msg, processor: groupId, ...fields })));
  const limit = pLimit(concurrency);

  /** A dependency's outage as the records see it: logged when it starts, every 30 s, and when it ends. */
  const outage = new Lasting(OUTAGE_LOG_EVERY_MS);
  const waiting = (err: TransientError, waitMs: number) => {
    if (!outage.again()) return;
    const { count, forMs } = outage.seen;
    log("warn", "a server the processor needs is down; records wait and are tried again (none is dead-lettered for it)", { error: err.message.slice(0, 300), retry_in_ms: waitMs, retries: count, down_for_ms: forMs });
  };
  const recovered = () => {
    const over = outage.over();
    if (over) log("info", "the server is back; records are processed again", { down_for_ms: over.forMs, retries: over.count });
  };
  /** Partitions whose records keep failing unexpectedly (their output cannot be produced, say): logged as an outage is. */
  const failing = new Map<number, Lasting>();

  const env = opts.env ?? process.env;
  const stopTimeoutMs = opts.stopTimeoutMs ?? intFromEnv(env, "FILESCAN_STOP_TIMEOUT_MS", STOP_TIMEOUT_MS);
  /** The Kafka topic read, under the prefix: a dead letter's coordinates name it. */
  const topic = kafkaTopic(input, env);

  const deadLetter = async (m: KafkaMessage, partition: number, error: unknown) => {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    log("warn", "dead-lettered a record", { topic, partition, offset: m.offset, error: text.slice(0, 500) });
    if (opts.health) opts.health.records.dead_lettered++;
    // (without its value when the dead letter would be too large with it: `sendDeadLetter`)
    await sendDeadLetter(producer, {
      processor: groupId,
      topic,
      partition,
      offset: m.offset,
      key: m.key ?? null,
      value: m.value ?? null,
      error: text.slice(0, 10_000),
      failed_at: Date.now(),
    });
  };

  const processOne = async (m: KafkaMessage, partition: number) => {
    let event: EventOf[I];
    try {
      if (!m.value) throw new Error("record has no value");
      event = (await registry.decode(m.value)) as EventOf[I];
    } catch (err) {
      // The registry down is no fault of the record's: retry, as for a handler's TransientError.
      if (registryUnavailable(err)) throw new TransientError(`the schema registry cannot be read: ${String(err).slice(0, 300)}`);
      await deadLetter(m, partition, err);
      return;
    }
    const meta: MessageMeta = { topic: input, partition, offset: m.offset, key: m.key?.toString("utf8") ?? null };
    let outputs: Output[] | undefined;
    for (let attempt = 1; outputs === undefined; attempt++) {
      try {
        outputs = await opts.handle(event, meta);
      } catch (err) {
        if (err instanceof TransientError) throw err;
        if (attempt >= maxAttempts) {
          await deadLetter(m, partition, err);
          return;
        }
        await sleep(200 * 2 ** attempt);
      }
    }
    try {
      for (const out of outputs) await producer.send(out.topic, out.key, out.value as never);
    } catch (err) {
      // (an output no record can hold is the input's fault, not the broker's: retried, it stopped the partition for good)
      if (!(err instanceof EventTooLarge)) throw err;
      await deadLetter(m, partition, err);
      return;
    }
    if (opts.health) opts.health.records.handled++;
  };

  await ensureTopicsWith(kafka, env);
  if (opts.startAtEnd) await startNewGroupAtEnd(kafka, groupId, [input], env);
  const consumer = kafka.consumer({
    groupId: kafkaGroup(groupId, env),
    sessionTimeout: 45_000,
    heartbeatInterval: 3_000,
    // (each assigned partition keeps one batch in memory until its records are done: 10 MB a
    // partition; a larger record still comes, alone)
    maxBytesPerPartition: 10 * 1024 * 1024,
    maxBytes: 100 * 1024 * 1024,
    // (when every assigned partition is paused, its records in flight, kafkajs sleeps this long
    // before it fetches again: kafkajs' 5 s left a partition resumed meanwhile waiting; 500 ms is
    // the Java client's fetch.max.wait.ms)
    maxWaitTimeInMs: 500,
    allowAutoTopicCreation: false,
  });
  opts.health?.watch(consumer, { groupId: kafkaGroup(groupId, env) });

  /**
   * Counts the group's rebalances: a batch fetched under an earlier assignment starts no record
   * and resolves no offset any more (its partition may be another member's now). Its records in
   * flight finish; whoever holds the partition next reads them again (at-least-once).
   */
  let generation = 0;
  consumer.on(consumer.events.REBALANCING, () => void generation++);
  consumer.on(consumer.events.GROUP_JOIN, () => void generation++);
  /** The work of batches handed over by kafkajs and not finished yet. */
  const pending = new Set<Promise<void>>();
  /** Commit what each of those batches has done so far (a stop that cannot wait for the rest). */
  const commits = new Set<() => Promise<void>>();
  /** The bytes of their records (past MAX_PENDING_BYTES no batch is let go, so kafkajs fetches no more). */
  let pendingBytes = 0;
  let stopping = false;

  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    autoCommit: true,
    autoCommitInterval: 500,
    eachBatchAutoResolve: false,
    partitionsConsumedConcurrently: Math.max(1, concurrency),
    // kafkajs fetches again only once every batch of its last fetch is handled, so a batch that
    // waited for its records held every partition behind its slowest record (one long LLM call
    // left the other slots idle). Instead the batch's partition is paused, its records are
    // queued for the `concurrency` slots shared by all partitions, and eachBatch returns: the
    // other partitions are fetched meanwhile. When its records are done (offsets resolved in
    // order: one is committed only when it and everything before it is done), the partition is
    // resumed and fetched again from the first record not done.
    eachBatch: async ({ batch, resolveOffset, pause, heartbeat, isRunning, isStale, commitOffsetsIfNecessary, uncommittedOffsets }) => {
      const gen = generation;
      const resume = pause();
      const bytes = batch.messages.reduce((n, m) => n + (m.value?.length ?? 0), 0);
      pendingBytes += bytes;
      let failed = false;
      const goOn = () => !stopping && !failed && gen === generation && isRunning() && !isStale();
      const done = new Array<boolean>(batch.messages.length).fill(false);
      let next = 0;
      const advance = () => {
        if (gen !== generation) return;
        while (next < done.length && done[next]) resolveOffset(batch.messages[next++]!.offset);
      };
      // (only under the assignment the batch was fetched in: its partition may be another member's since)
      const commit = async () => (gen === generation ? commitOffsetsIfNecessary(uncommittedOffsets()) : undefined);
      commits.add(commit);
      const work = (async () => {
        const results = await Promise.allSettled(
          batch.messages.map((m, i) =>
            limit(async () => {
              for (let attempt = 0; ; attempt++) {
                if (!goOn()) return; // (not done: read again from the first record not done)
                try {
                  await processOne(m, batch.partition);
                  if (attempt > 0) recovered();
                  break;
                } catch (err) {
                  if (!(err instanceof TransientError)) throw err;
                  if (!goOn()) return;
                  const wait = Math.min(MAX_RETRY_WAIT_MS, 200 * 2 ** Math.min(attempt, 8));
                  if (opts.health) opts.health.records.retried++;
                  waiting(err, wait);
                  await waitWhile(wait, goOn);
                }
              }
              done[i] = true;
              advance();
            }).catch((err: unknown) => {
              // (the records after it in the batch start no more; the partition reads it again)
              failed = true;
              throw err;
            }),
          ),
        );
        if (gen === generation && isRunning()) await commit().catch(() => undefined);
        const failure = results.find((r) => r.status === "rejected");
        // (a record left behind by a stop may fail once the producer is closed: it is read again, and no fault)
        const partition = batch.partition;
        if (failure && gen === generation) {
          let failures = failing.get(partition);
          if (!failures) failing.set(partition, (failures = new Lasting(OUTAGE_LOG_EVERY_MS)));
          if (failures.again()) log("error", "a record failed; its partition is read again from it", { partition, error: String(failure.reason), failures: failures.seen.count, failing_for_ms: failures.seen.forMs });
          await waitWhile(FAILED_BATCH_WAIT_MS, () => !stopping && gen === generation && isRunning());
        } else if (!failure && done.every(Boolean)) {
          const over = failing.get(partition)?.over();
          failing.delete(partition);
          if (over) log("info", "the partition's records are processed again after failures", { partition, failures: over.count, failing_for_ms: over.forMs });
        }
      })().finally(() => {
        pendingBytes -= bytes;
        resume();
        pending.delete(work);
        commits.delete(commit);
      });
      pending.add(work);
      // Back-pressure: while the records fetched and not done take more than MAX_PENDING_BYTES (a
      // slow LLM, many partitions), kafkajs is held here and fetches nothing more; the group's
      // heartbeat is kept meanwhile, and a rebalance or a stop ends the wait.
      if (pendingBytes > MAX_PENDING_BYTES) {
        let refused = false;
        const beat = setInterval(() => void heartbeat().catch(() => (refused = true)), 2_000);
        try {
          while (pendingBytes > MAX_PENDING_BYTES && !refused && !stopping && gen === generation && isRunning()) await sleep(50);
        } finally {
          clearInterval(beat);
        }
      }
    },
  });
  return {
    consumer,
    async stop() {
      // (no record starts any more; those in flight finish and their offsets are committed
      // before the member leaves the group)
      stopping = true;
      const finished = Promise.allSettled([...pending]).then(() => true);
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<false>((r) => (timer = setTimeout(() => r(false), stopTimeoutMs)));
      const allDone = await Promise.race([finished, waited]);
      clearTimeout(timer);
      if (!allDone) {
        // what is done is committed; what is not resolves no offset any more (as after a rebalance)
        await Promise.allSettled([...commits].map((c) => c()));
        generation++;
        log("warn", "stopping: records still in flight are left to the member that takes their partition", { batches: pending.size, waited_ms: stopTimeoutMs });
      }
      await consumer.disconnect();
    },
  };
}
