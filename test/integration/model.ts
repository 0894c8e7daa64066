/** Where the integration tests find the local model (fetched by infra/local/fetch-model.sh). */
import { existsSync } from "node:fs";
import { localLlmConfig } from "@filescan/llm-local";

export function localModelPath(): string {
  const p = localLlmConfig().modelPath;
  if (!existsSync(p)) throw new Error(`no local model at ${p}: run \`bash infra/local/fetch-model.sh\` first (or set FILESCAN_LLM_LOCAL_MODEL)`);
  return p;
}
