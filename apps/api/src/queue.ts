/**
 * What the API needs from Kafka, as a small interface: the app takes it as a dependency, so its
 * validation and auth can be unit-tested alone; production and the integration tests use
 * `createKafkaQueue` (real Kafka and schema registry).
 *
 * The API starts whether or not Kafka and the registry answer, like it does for
 * Elasticsearch: it keeps connecting in the background, `/readyz` says what is missing, and
 * `/submit` answers 500 `queue_error` until the producer is connected.
 */
import type { Admin, Kafka } from "kafkajs";
import { GROUPS, TOPICS, serverAddresses } from "@filescan/config";
import type { FileSubmitted } from "@filescan/contracts";
import { consumerGroupLag, createEventProducer, createKafka, createRegistry, ensureTopics, type EventProducer } from "@filescan/kafka";

export interface SubmissionQueue {
  /** Resolves once Kafka acknowledged the event (acks=all). */
  send(event: FileSubmitted): Promise<void>;
  /** Messages on the submissions topic not yet done by the analysis stage's consumer group. */
  backlog(): Promise<number>;
  /** Reachability of Kafka and the registry, and whether the producer is connected (/readyz). */
  checks(): Promise<Record<string, boolean>>;
  close(): Promise<void>;
}

export interface KafkaQueue extends SubmissionQueue {
  /** Settles after the first connection attempt: true when the producer is ready. */
  readonly firstAttempt: Promise<boolean>;
  readonly connected: boolean;
}

export class QueueUnavailable extends Error {
  constructor(cause: unknown) {
    super("Kafka or the schema registry is not reachable (still connecting)", { cause });
    this.name = "QueueUnavailable";
  }
}

export interface KafkaQueueOptions {
  /** Called with each failed connection attempt (the loop keeps trying). */
  onError?: (err: unknown) => void;
  /** Longest wait between connection attempts. */
  maxBackoffMs?: number;
}

/** How long `close()` waits for a connection attempt under way. */
const CLOSE_WAIT_MS = 2_000;

export function createKafkaQueue(env: NodeJS.ProcessEnv = process.env, backlogGroup: string = GROUPS.extractor, opts: KafkaQueueOptions = {}): KafkaQueue {
  // Connecting, topic creation and lag reads give up quickly and quietly (the loop below retries
  // and the app logs each failure once); sends keep kafkajs's own retries, bounded by the app's
  // produce timeout.
  const quick: Kafka = createKafka("filescan-api", env, { retries: 2, quiet: true });
  const kafka: Kafka = createKafka("filescan-api", env);
  const registry = createRegistry(env);
  const registryUrl = serverAddresses(env).registryUrl;
  const maxBackoff = opts.maxBackoffMs ?? 10_000;

  let admin: Admin | null = null;
  let producer: EventProducer | null = null;
  let lastError: unknown = null;
  let closed = false;
  let wake: (() => void) | null = null;

  async function attempt(): Promise<void> {
    if (!admin) {
      const a = quick.admin();
      await a.connect();
      try {
        await ensureTopics(a, undefined, env);
      } catch (err) {
        await a.disconnect().catch(() => undefined);
        throw err;
      }
      admin = a;
    }
    producer ??= await createEventProducer(kafka, registry, env);
  }

  let settleFirst: (ok: boolean) => void = () => undefined;
  const firstAttempt = new Promise<boolean>((resolve) => (settleFirst = resolve));
  const loop = (async () => {
    let backoff = 500;
    while (!closed) {
      try {
        await attempt();
        lastError = null;
        settleFirst(true);
        break;
      } catch (err) {
        lastError = err;
        opts.onError?.(err);
        settleFirst(false);
      }
      if (closed) break;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, backoff);
        wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      wake = null;
      backoff = Math.min(backoff * 2, maxBackoff);
    }
    // Closed while an attempt was still under way: what it connected is closed here.
    if (closed) await disconnect();
  })();

  async function disconnect(): Promise<void> {
    const p = producer;
    const a = admin;
    producer = null;
    admin = null;
    await Promise.allSettled([p?.disconnect(), a?.disconnect()]);
  }

  return {
    firstAttempt,
    get connected() {
      return producer !== null;
    },
    send(event) {
      if (closed) return Promise.reject(new Error("the queue is closed"));
      if (!producer) return Promise.reject(new QueueUnavailable(lastError));
      return producer.send(TOPICS.submissions, event.sha256, event);
    },
    backlog() {
      if (!admin) return Promise.reject(new QueueUnavailable(lastError));
      return consumerGroupLag(admin, backlogGroup, TOPICS.submissions, env);
    },
    async checks() {
      const a = admin;
      const [k, r] = await Promise.all([
        a ? a.describeCluster().then(() => true, () => false) : Promise.resolve(false),
        fetch(`${registryUrl}/subjects`, { signal: AbortSignal.timeout(2000) }).then((res) => res.ok, () => false),
      ]);
      // Both answer again but the producer is still waiting for its next attempt: try now.
      if (k && r && producer === null) wake?.();
      return { kafka: k, registry: r, producer: producer !== null };
    },
    async close() {
      closed = true;
      wake?.();
      // An attempt stuck on a silent server is not waited for beyond a moment: the loop closes
      // what it connects once it ends.
      await Promise.race([loop, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
      await disconnect();
    },
  };
}
