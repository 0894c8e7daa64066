/** `node apps/classifier/src/main.ts`: runs the classifier until SIGINT/SIGTERM. */
import { startClassifier } from "./app.ts";

const app = await startClassifier();
console.error(JSON.stringify({ level: "info", msg: "classifier running", app: "classifier", llm: process.env.FILESCAN_LLM ?? "local" }));
const stop = async () => {
  await app.stop();
  process.exit(0);
};
process.once("SIGINT", () => void stop());
process.once("SIGTERM", () => void stop());
