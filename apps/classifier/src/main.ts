/** `node apps/classifier/src/main.ts`: runs the classifier until SIGINT/SIGTERM. */
import { startClassifier } from "./app.ts";

const app = await startClassifier({ ...process.env, FILESCAN_CLASSIFIER_METRICS_PORT: process.env.FILESCAN_CLASSIFIER_METRICS_PORT ?? "9101" });
console.error(JSON.stringify({ level: "info", msg: "classifier running", app: "classifier", llm: process.env.FILESCAN_LLM ?? "local", metrics: app.metricsPort ? `http://127.0.0.1:${app.metricsPort}/metrics` : null }));
const stop = async () => {
  await app.stop();
  process.exit(0);
};
process.once("SIGINT", () => void stop());
process.once("SIGTERM", () => void stop());
