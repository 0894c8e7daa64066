#!/usr/bin/env node
/** Runs the local OpenAI-compatible model server until SIGINT/SIGTERM. */
import { existsSync } from "node:fs";
import { localLlmConfig } from "./config.ts";
import { startLocalLlmServer } from "./server.ts";

const cfg = localLlmConfig();
if (!existsSync(cfg.modelPath)) {
  console.error(`llm-local: no model at ${cfg.modelPath}; run: bash infra/local/fetch-model.sh (or set FILESCAN_LLM_LOCAL_MODEL)`);
  process.exit(2);
}
const t0 = performance.now();
const server = await startLocalLlmServer(cfg);
console.log(`llm-local: ${server.engine.modelId} on ${server.baseURL} (threads ${cfg.threads}, context ${server.engine.contextSize}, loaded in ${Math.round(performance.now() - t0)} ms)`);
let closing = false;
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    if (closing) return;
    closing = true;
    server.close().then(() => process.exit(0), () => process.exit(1));
  });
}
