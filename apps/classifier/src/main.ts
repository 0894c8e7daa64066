/** `node apps/classifier/src/main.ts`: runs the classifier until SIGINT/SIGTERM. */
import { HEALTH_PORTS } from "@filescan/kafka";
import { startClassifier } from "./app.ts";

// FILESCAN_CLASSIFIER_METRICS_PORT is the older name of FILESCAN_CLASSIFIER_HTTP_PORT (same server)
const port = process.env.FILESCAN_CLASSIFIER_HTTP_PORT || process.env.FILESCAN_CLASSIFIER_METRICS_PORT || String(HEALTH_PORTS.classifier);
const app = await startClassifier({ ...process.env, FILESCAN_CLASSIFIER_HTTP_PORT: port });
console.error(JSON.stringify({ level: "info", msg: "classifier running", app: "classifier", llm: process.env.FILESCAN_LLM ?? "local", http: `port ${app.httpPort}: /healthz /readyz /metrics` }));
const stop = async () => {
  await app.stop();
  process.exit(0);
};
process.once("SIGINT", () => void stop());
process.once("SIGTERM", () => void stop());
