/** `node apps/projector/src/main.ts`: runs the projector against the configured servers until SIGINT/SIGTERM. */
import { serverAddresses } from "@filescan/config";
import { startProjectorApp } from "./app.ts";

const projector = await startProjectorApp();
console.error(JSON.stringify({ level: "info", msg: "projector running", app: "projector", es: serverAddresses().esUrl }));
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await projector.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
