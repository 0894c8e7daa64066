/** Worker-thread entry of the extraction pool: one job at a time, results posted back. */
import { parentPort, workerData } from "node:worker_threads";
import { extractFile, type ExtractInput } from "./extract.ts";
import type { ExtractLimits } from "./limits.ts";

const base = (workerData ?? {}) as { limits?: Partial<ExtractLimits> };

parentPort?.on("message", async (msg: { id: number; input: ExtractInput; limits?: Partial<ExtractLimits> }) => {
  try {
    const r = await extractFile(msg.input, { ...base.limits, ...msg.limits });
    parentPort?.postMessage({ id: msg.id, result: r });
  } catch (e) {
    parentPort?.postMessage({ id: msg.id, error: e instanceof Error ? e.message : String(e) });
  }
});
