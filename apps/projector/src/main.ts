/** `node apps/projector/src/main.ts`: runs the projector against the configured servers until SIGINT/SIGTERM. */
import { serverAddresses } from "@filescan/config";
import { HEALTH_PORTS } from "@filescan/kafka";
import { startProjectorApp } from "./app.ts";

const projector = await startProjectorApp({ ...process.env, FILESCAN_PROJECTOR_HTTP_PORT: process.env.FILESCAN_PROJECTOR_HTTP_PORT || String(HEALTH_PORTS.projector) });
console.error(JSON.stringify({ level: "info", msg: "projector running", app: "projector", es: serverAddresses().esUrl, http: `port ${projector.httpPort}: /healthz /readyz /metrics` }));
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await projector.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
