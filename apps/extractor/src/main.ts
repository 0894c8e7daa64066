/** `node apps/extractor/src/main.ts`: runs the extractor until SIGINT/SIGTERM. */
import { HEALTH_PORTS } from "@filescan/kafka";
import { startExtractor } from "./app.ts";

const app = await startExtractor({ ...process.env, FILESCAN_EXTRACTOR_HTTP_PORT: process.env.FILESCAN_EXTRACTOR_HTTP_PORT || String(HEALTH_PORTS.extractor) });
console.error(JSON.stringify({ level: "info", msg: "extractor running", app: "extractor", http: `port ${app.httpPort}: /healthz /readyz /metrics` }));
const stop = async () => {
  await app.stop();
  process.exit(0);
};
process.once("SIGINT", () => void stop());
process.once("SIGTERM", () => void stop());
