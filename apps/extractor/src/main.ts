/** `node apps/extractor/src/main.ts`: runs the extractor until SIGINT/SIGTERM. */
import { startExtractor } from "./app.ts";

const app = await startExtractor();
console.error(JSON.stringify({ level: "info", msg: "extractor running", app: "extractor" }));
const stop = async () => {
  await app.stop();
  process.exit(0);
};
process.once("SIGINT", () => void stop());
process.once("SIGTERM", () => void stop());
