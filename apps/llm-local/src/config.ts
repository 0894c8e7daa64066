import path from "node:path";
import { intFromEnv, stateDir } from "@filescan/config";
import { DEFAULT_PORT } from "./server.ts";

/** File name that infra/local/fetch-model.sh writes under $FILESCAN_HOME/models. */
export const DEFAULT_MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf";

export interface LocalLlmConfig {
  host: string;
  port: number;
  modelPath: string;
  threads: number;
  contextSize: number;
}

export function localLlmConfig(env: NodeJS.ProcessEnv = process.env): LocalLlmConfig {
  return {
    host: env.FILESCAN_LLM_LOCAL_HOST || "127.0.0.1",
    port: intFromEnv(env, "FILESCAN_LLM_LOCAL_PORT", DEFAULT_PORT),
    modelPath: env.FILESCAN_LLM_LOCAL_MODEL || path.join(stateDir(env), "models", DEFAULT_MODEL_FILE),
    threads: Math.max(1, intFromEnv(env, "FILESCAN_LLM_THREADS", 1)),
    contextSize: intFromEnv(env, "FILESCAN_LLM_LOCAL_CONTEXT", 4096),
  };
}
