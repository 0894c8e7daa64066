/**
 * Prometheus metrics of the classifier: analyses by provider and outcome, LLM latency, token
 * usage, findings by type, plus the Node process metrics. Served at /metrics by the classifier's
 * health server (@filescan/kafka serveHealth: FILESCAN_CLASSIFIER_HTTP_PORT, `node apps/classifier`
 * defaults to 9101; 0 picks a free port; unset in library use: no server).
 */
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { findingCounts, type FileAnalyzed } from "@filescan/contracts";

export class ClassifierMetrics {
  readonly registry = new Registry();
  private readonly analyses = new Counter({ name: "filescan_classifier_analyses_total", help: "FileAnalyzed events produced, by provider, whether the verdict was reused, and the verdict", labelNames: ["provider", "reused", "sensitive"], registers: [this.registry] });
  private readonly llmSeconds = new Histogram({ name: "filescan_classifier_llm_seconds", help: "Latency of LLM calls (fresh analyses only)", labelNames: ["provider"], buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80], registers: [this.registry] });
  private readonly tokens = new Counter({ name: "filescan_classifier_llm_tokens_total", help: "LLM tokens used, by kind (prompt, completion)", labelNames: ["provider", "kind"], registers: [this.registry] });
  private readonly findings = new Counter({ name: "filescan_classifier_findings_total", help: "Detector findings in fresh analyses, by entity type", labelNames: ["type"], registers: [this.registry] });
  private readonly detectSeconds = new Histogram({ name: "filescan_classifier_detect_seconds", help: "Time the detectors took per file", buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5], registers: [this.registry] });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: "filescan_classifier_" });
  }

  observe(a: FileAnalyzed): void {
    const provider = a.model.provider;
    this.analyses.inc({ provider, reused: String(a.model.reused), sensitive: String(a.llm.has_sensitive_data) });
    if (a.model.reused) return;
    if (a.model.llm_ms > 0) this.llmSeconds.observe({ provider }, a.model.llm_ms / 1000);
    if (a.model.prompt_tokens) this.tokens.inc({ provider, kind: "prompt" }, a.model.prompt_tokens);
    if (a.model.completion_tokens) this.tokens.inc({ provider, kind: "completion" }, a.model.completion_tokens);
    this.detectSeconds.observe(a.model.detect_ms / 1000);
    for (const [type, n] of Object.entries(findingCounts(a))) this.findings.inc({ type }, n);
  }
}
