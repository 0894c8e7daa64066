/**
 * What the API needs from Kafka, as a small interface: the app takes it as a dependency, so its
 * validation and auth can be unit-tested alone; production and the integration tests use
 * `createKafkaQueue` (real Kafka and schema registry).
 */
import type { Admin } from "kafkajs";
import { GROUPS, TOPICS, serverAddresses } from "@filescan/config";
import type { FileSubmitted } from "@filescan/contracts";
import { consumerGroupLag, createEventProducer, createKafka, createRegistry, ensureTopics, type EventProducer } from "@filescan/kafka";

export interface SubmissionQueue {
  /** Resolves once Kafka acknowledged the event (acks=all). */
  send(event: FileSubmitted): Promise<void>;
  /** Messages on the submissions topic not yet done by the analysis stage's consumer group. */
  backlog(): Promise<number>;
  /** Reachability of the servers behind the queue, for /readyz. */
  checks(): Promise<Record<string, boolean>>;
  close(): Promise<void>;
}

export async function createKafkaQueue(env: NodeJS.ProcessEnv = process.env, backlogGroup: string = GROUPS.extractor): Promise<SubmissionQueue> {
  const kafka = createKafka("filescan-api", env);
  const registry = createRegistry(env);
  const admin: Admin = kafka.admin();
  await admin.connect();
  let producer: EventProducer;
  try {
    await ensureTopics(admin);
    producer = await createEventProducer(kafka, registry);
  } catch (err) {
    await admin.disconnect().catch(() => undefined);
    throw err;
  }
  const registryUrl = serverAddresses(env).registryUrl;
  return {
    send: (event) => producer.send(TOPICS.submissions, event.sha256, event),
    backlog: () => consumerGroupLag(admin, backlogGroup, TOPICS.submissions),
    async checks() {
      const [k, r] = await Promise.all([
        admin.describeCluster().then(() => true, () => false),
        fetch(`${registryUrl}/subjects`, { signal: AbortSignal.timeout(2000) }).then((res) => res.ok, () => false),
      ]);
      return { kafka: k, registry: r };
    },
    async close() {
      await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
    },
  };
}
