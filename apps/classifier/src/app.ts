/** The classifier's wiring: consume FileExtracted, produce FileAnalyzed, N analyses in flight. */
import { Client } from "@elastic/elasticsearch";
import { GROUPS, intFromEnv, serverAddresses, TOPICS } from "@filescan/config";
import type { FileAnalyzed } from "@filescan/contracts";
import { classifierFromEnv } from "@filescan/classify";
import { optionsFromEnv } from "@filescan/detectors";
import { createEventProducer, createKafka, createRegistry, runProcessor, startsAtEnd } from "@filescan/kafka";
import type { Server } from "node:http";
import { createAnalyzer, type Analyzer } from "./analyze.ts";
import { ClassifierMetrics } from "./metrics.ts";

const DEFAULT_CONCURRENCY: Record<string, number> = { off: 32, local: 4, openai: 16 };

export interface RunningClassifier {
  analyzer: Analyzer;
  metrics: ClassifierMetrics;
  /** The port of /metrics, when FILESCAN_CLASSIFIER_METRICS_PORT asked for a server. */
  metricsPort?: number;
  stop(): Promise<void>;
}

export async function startClassifier(env: NodeJS.ProcessEnv = process.env): Promise<RunningClassifier> {
  const es = new Client({ node: serverAddresses(env).esUrl });
  const analysesAlias = `${env.FILESCAN_ES_INDEX_PREFIX ?? "filescan"}-analyses`;
  const lookup = async (sha256: string): Promise<FileAnalyzed | undefined> => {
    try {
      const r = await es.get<{ event?: FileAnalyzed & { analyzed_at: string } }>({ index: analysesAlias, id: sha256 });
      const ev = r._source?.event;
      return ev ? { ...ev, analyzed_at: Date.parse(ev.analyzed_at) } : undefined;
    } catch {
      return undefined; // not analysed yet (or the index is not there yet): analyse it
    }
  };
  const analyzer = createAnalyzer({ classifier: classifierFromEnv(env), detectOptions: optionsFromEnv(env), lookup });
  const metrics = new ClassifierMetrics();
  let metricsServer: { port: number; server: Server } | undefined;
  if (env.FILESCAN_CLASSIFIER_METRICS_PORT !== undefined && env.FILESCAN_CLASSIFIER_METRICS_PORT !== "") {
    metricsServer = await metrics.serve(intFromEnv(env, "FILESCAN_CLASSIFIER_METRICS_PORT", 9101), env.FILESCAN_CLASSIFIER_METRICS_HOST || "127.0.0.1");
  }
  const kafka = createKafka("filescan-classifier", env);
  const registry = createRegistry(env);
  const producer = await createEventProducer(kafka, registry);
  const proc = await runProcessor({
    groupId: env.FILESCAN_CLASSIFIER_GROUP ?? GROUPS.classifier,
    input: TOPICS.extractions,
    kafka, registry, producer,
    startAtEnd: startsAtEnd(env),
    // analyses in flight: an LLM call takes seconds, a deterministic verdict milliseconds
    concurrency: intFromEnv(env, "FILESCAN_CLASSIFIER_CONCURRENCY", DEFAULT_CONCURRENCY[env.FILESCAN_LLM ?? "local"] ?? 4),
    handle: async (ev) => {
      const analysed = await analyzer.analyze(ev);
      metrics.observe(analysed);
      return [{ topic: TOPICS.analyses, key: ev.sha256, value: analysed }];
    },
  });
  return {
    analyzer,
    metrics,
    ...(metricsServer ? { metricsPort: metricsServer.port } : {}),
    async stop() {
      metricsServer?.server.close();
      await proc.stop();
      await producer.disconnect();
      await es.close();
    },
  };
}
