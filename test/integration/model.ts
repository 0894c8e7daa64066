/** Where the integration tests find the local model (fetched by infra/local/fetch-model.sh). */
import { existsSync } from "node:fs";
import path from "node:path";
import { stateDir } from "@filescan/config";
import { localLlmConfig } from "@filescan/llm-local";

export function localModelPath(): string {
  const p = localLlmConfig().modelPath;
  if (!existsSync(p)) throw new Error(`no local model at ${p}: run \`bash infra/local/fetch-model.sh\` first (or set FILESCAN_LLM_LOCAL_MODEL)`);
  return p;
}

/** Where the integration tests find the optional NER model (fetched by infra/local/fetch-ner-model.sh, which the suite's hooks run). */
export function nerModelDir(): string {
  const dir = path.join(stateDir(), "models", "rampart");
  if (!existsSync(path.join(dir, "onnx", "model_q4.onnx"))) throw new Error(`no NER model in ${dir}: run \`bash infra/local/fetch-ner-model.sh\` first`);
  return dir;
}
