export { startLocalLlmServer, DEFAULT_PORT, type LocalLlmServer, type LocalLlmServerOptions } from "./server.ts";
export { LocalEngine, RequestError, toHistory, type CompletionRequest, type CompletionResult, type EngineOptions } from "./engine.ts";
export { localLlmConfig, DEFAULT_MODEL_FILE, type LocalLlmConfig } from "./config.ts";
export { toGrammarSchema } from "./schema.ts";
