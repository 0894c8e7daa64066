/** The extractor's wiring: consume FileSubmitted, extract in a worker pool, produce FileExtracted. */
import { availableParallelism } from "node:os";
import { GROUPS, TOPICS, intFromEnv } from "@filescan/config";
import { createExtractPool, limitsFromEnv } from "@filescan/extract";
import { Closers, connectEvents, ProcessorHealth, runProcessor, serveHealthFromEnv, startsAtEnd } from "@filescan/kafka";
import { toExtracted, toInput } from "./handle.ts";

export interface RunningExtractor {
  /** The port of /healthz, /readyz and /metrics, when FILESCAN_EXTRACTOR_HTTP_PORT asked for a server. */
  httpPort?: number;
  stop(): Promise<void>;
}

export async function startExtractor(env: NodeJS.ProcessEnv = process.env): Promise<RunningExtractor> {
  // The health server comes first: /healthz answers and /readyz says "not joined yet" during start-up.
  const closers = new Closers();
  return closers.start(async () => {
    const health = new ProcessorHealth("extractor");
    const http = closers.add(await serveHealthFromEnv(health, env), (h) => h?.close());
    const pool = closers.add(createExtractPool({ limits: limitsFromEnv(env) }), (p) => p.close());
    const { kafka, registry, producer } = await connectEvents("filescan-extractor", env);
    closers.add(producer, (p) => p.disconnect());
    closers.add(await runProcessor({
      groupId: env.FILESCAN_EXTRACTOR_GROUP ?? GROUPS.extractor,
      input: TOPICS.submissions,
      kafka, registry, producer, health, env,
      startAtEnd: startsAtEnd(env),
      // the pool bounds CPU work; a few more in flight keep it fed while events are decoded/produced
      concurrency: intFromEnv(env, "FILESCAN_EXTRACTOR_CONCURRENCY", availableParallelism() * 4),
      handle: async (ev) => [{ topic: TOPICS.extractions, key: ev.sha256, value: toExtracted(ev, await pool.extract(toInput(ev))) }],
    }), (proc) => proc.stop());
    return { ...(http ? { httpPort: http.port } : {}), stop: () => closers.closeAll() };
  });
}
