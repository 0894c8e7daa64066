/** The extractor's wiring: consume FileSubmitted, extract in a worker pool, produce FileExtracted. */
import { availableParallelism } from "node:os";
import { GROUPS, TOPICS, intFromEnv } from "@filescan/config";
import { createExtractPool, limitsFromEnv } from "@filescan/extract";
import { createEventProducer, createKafka, createRegistry, ProcessorHealth, runProcessor, serveHealthFromEnv, startsAtEnd } from "@filescan/kafka";
import { toExtracted, toInput } from "./handle.ts";

export interface RunningExtractor {
  /** The port of /healthz, /readyz and /metrics, when FILESCAN_EXTRACTOR_HTTP_PORT asked for a server. */
  httpPort?: number;
  stop(): Promise<void>;
}

export async function startExtractor(env: NodeJS.ProcessEnv = process.env): Promise<RunningExtractor> {
  // The health server comes first: /healthz answers and /readyz says "not joined yet" during start-up.
  const health = new ProcessorHealth("extractor");
  const http = await serveHealthFromEnv(health, env);
  const pool = createExtractPool({ limits: limitsFromEnv(env) });
  try {
    const kafka = createKafka("filescan-extractor", env);
    const registry = createRegistry(env);
    const producer = await createEventProducer(kafka, registry);
    const proc = await runProcessor({
      groupId: env.FILESCAN_EXTRACTOR_GROUP ?? GROUPS.extractor,
      input: TOPICS.submissions,
      kafka, registry, producer, health,
      startAtEnd: startsAtEnd(env),
      // the pool bounds CPU work; a few more in flight keep it fed while events are decoded/produced
      concurrency: intFromEnv(env, "FILESCAN_EXTRACTOR_CONCURRENCY", availableParallelism() * 4),
      handle: async (ev) => [{ topic: TOPICS.extractions, key: ev.sha256, value: toExtracted(ev, await pool.extract(toInput(ev))) }],
    });
    return {
      ...(http ? { httpPort: http.port } : {}),
      async stop() {
        await proc.stop();
        await producer.disconnect();
        await pool.close();
        await http?.close();
      },
    };
  } catch (err) {
    await pool.close();
    await http?.close();
    throw err;
  }
}
