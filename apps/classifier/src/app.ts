/** The classifier's wiring: consume FileExtracted, produce FileAnalyzed, N analyses in flight. */
import { GROUPS, intFromEnv, TOPICS } from "@filescan/config";
import { classifierFromConfig, classifyConfig } from "@filescan/classify";
import { llmOutageReuseSeconds, maxFindings, minAnalyzerVersion } from "@filescan/contracts";
import { optionsFromEnv, warmUp } from "@filescan/detectors";
import { aliasesFor } from "@filescan/search";
import { Closers, connectEvents, ProcessorHealth, runProcessor, serveHealthFromEnv, startsAtEnd } from "@filescan/kafka";
import { createAnalyzer, type Analyzer } from "./analyze.ts";
import { earlierAnalyses, lookupClient } from "./lookup.ts";
import { ClassifierMetrics } from "./metrics.ts";

const DEFAULT_CONCURRENCY: Record<string, number> = { off: 32, local: 4, openai: 16 };

export interface RunningClassifier {
  analyzer: Analyzer;
  metrics: ClassifierMetrics;
  /**
   * The port of /healthz, /readyz and /metrics, when FILESCAN_CLASSIFIER_HTTP_PORT (or its older
   * name FILESCAN_CLASSIFIER_METRICS_PORT) asked for a server.
   */
  httpPort?: number;
  stop(): Promise<void>;
}

export async function startClassifier(env: NodeJS.ProcessEnv = process.env): Promise<RunningClassifier> {
  const closers = new Closers();
  return closers.start(async () => {
    const es = closers.add(lookupClient(env), (c) => c.close());
    const lookup = earlierAnalyses(es, aliasesFor(env.FILESCAN_ES_INDEX_PREFIX ?? "filescan").analyses);
    const detectOptions = optionsFromEnv(env);
    const llm = classifyConfig(env);
    // (a verdict made while the LLM was unavailable is reused for FILESCAN_LLM_OUTAGE_REUSE_SECONDS,
    // then the LLM is asked again; with FILESCAN_LLM=off it is made again at once: the
    // deterministic verdict, in milliseconds, and a normal one that /query counts for good)
    const reuseSeconds = llmOutageReuseSeconds(env);
    const outageReuseMs = llm.provider === "off" ? 0 : reuseSeconds * 1000;
    const analyzer = createAnalyzer({ classifier: classifierFromConfig(llm), detectOptions, lookup, minAnalyzerVersion: minAnalyzerVersion(env), maxFindings: maxFindings(env), outageReuseMs });
    // (what detection loads on first use, loaded before the consumer joins: not by the first file)
    warmUp(detectOptions);
    const metrics = new ClassifierMetrics();
    const health = new ProcessorHealth("classifier");
    // the classifier's registry already collects the process metrics
    const http = closers.add(await serveHealthFromEnv(health, env, {
      aliases: { port: ["FILESCAN_CLASSIFIER_METRICS_PORT"], host: ["FILESCAN_CLASSIFIER_METRICS_HOST"] },
      registry: metrics.registry,
      processMetrics: false,
    }), (h) => h?.close());
    const { kafka, registry, producer } = await connectEvents("filescan-classifier", env);
    closers.add(producer, (p) => p.disconnect());
    closers.add(await runProcessor({
      groupId: env.FILESCAN_CLASSIFIER_GROUP ?? GROUPS.classifier,
      input: TOPICS.extractions,
      kafka, registry, producer, health, env,
      startAtEnd: startsAtEnd(env),
      // analyses in flight: an LLM call takes seconds, a deterministic verdict milliseconds
      concurrency: intFromEnv(env, "FILESCAN_CLASSIFIER_CONCURRENCY", DEFAULT_CONCURRENCY[env.FILESCAN_LLM ?? "local"] ?? 4),
      handle: async (ev) => {
        const analysed = await analyzer.analyze(ev);
        metrics.observe(analysed);
        return [{ topic: TOPICS.analyses, key: ev.sha256, value: analysed }];
      },
    }), (proc) => proc.stop());
    return { analyzer, metrics, ...(http ? { httpPort: http.port } : {}), stop: () => closers.closeAll() };
  });
}
