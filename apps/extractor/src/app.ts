/** The extractor's wiring: consume FileSubmitted, extract in a worker pool, produce FileExtracted. */
import { availableParallelism } from "node:os";
import { GROUPS, TOPICS, intFromEnv } from "@filescan/config";
import { createExtractPool, limitsFromEnv } from "@filescan/extract";
import { createEventProducer, createKafka, createRegistry, runProcessor, startsAtEnd } from "@filescan/kafka";
import { toExtracted, toInput } from "./handle.ts";

export async function startExtractor(env: NodeJS.ProcessEnv = process.env): Promise<{ stop(): Promise<void> }> {
  const pool = createExtractPool({ limits: limitsFromEnv(env) });
  const kafka = createKafka("filescan-extractor", env);
  const registry = createRegistry(env);
  const producer = await createEventProducer(kafka, registry);
  const proc = await runProcessor({
    groupId: env.FILESCAN_EXTRACTOR_GROUP ?? GROUPS.extractor,
    input: TOPICS.submissions,
    kafka, registry, producer,
    startAtEnd: startsAtEnd(env),
    // the pool bounds CPU work; a few more in flight keep it fed while events are decoded/produced
    concurrency: intFromEnv(env, "FILESCAN_EXTRACTOR_CONCURRENCY", availableParallelism() * 4),
    handle: async (ev) => [{ topic: TOPICS.extractions, key: ev.sha256, value: toExtracted(ev, await pool.extract(toInput(ev))) }],
  });
  return {
    async stop() {
      await proc.stop();
      await producer.disconnect();
      await pool.close();
    },
  };
}
