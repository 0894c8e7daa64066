/**
 * Classification settings from the environment. One provider is chosen by FILESCAN_LLM:
 *   local  (default) the project's llm-local server (apps/llm-local), OpenAI-compatible
 *   openai any OpenAI-compatible endpoint (OpenAI, vLLM, Ollama, llama.cpp server)
 *   off    no LLM: the deterministic verdict only
 */
import { intFromEnv } from "@filescan/config";
import type { Confidence } from "@filescan/contracts";

export type Provider = "local" | "openai" | "off";

export interface ClassifyConfig {
  provider: Provider;
  /** OpenAI-compatible base URL, ending in /v1. Always passed to ChatOpenAI explicitly. */
  baseURL: string;
  apiKey: string;
  model: string;
  /** Per attempt, milliseconds. */
  timeoutMs: number;
  maxRetries: number;
  /** LLM calls in flight from one classifier. */
  concurrency: number;
  /** Upper bound of the prompt, in (conservatively estimated) tokens, whatever the file's size. */
  maxInputTokens: number;
  maxOutputTokens: number;
  /** Highest confidence the LLM alone (a verified cited span, no detector finding) may give. */
  raiseCap: Confidence;
  /**
   * always: every file with text goes to the LLM (it words the explanation);
   * uncertain: files whose verdict a validated finding already settles skip it (saves seconds per
   * file on a CPU model; the reasoning is then written from the evidence alone).
   */
  callWhen: "always" | "uncertain";
  /**
   * Send `maxLength` on the schema's strings. The local grammar needs it (a tiny model rambles to
   * max_tokens otherwise); OpenAI's strict mode may reject keywords outside its subset, so it is
   * off by default for `openai` (vLLM, llama.cpp and Ollama accept it: set FILESCAN_LLM_SCHEMA_LIMITS=1).
   * Answers are clipped to the limits after parsing either way.
   */
  schemaLimits: boolean;
}

export const LOCAL_DEFAULT_PORT = 8090;

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new Error(`${name} must be one of ${allowed.join(", ")}, got ${JSON.stringify(raw)}`);
  return raw as T;
}

/**
 * The variables that make LangChain send each run, prompts included, to LangSmith (any of the
 * four, as @langchain/core's `isTracingEnabled` reads them) or print it (`LANGCHAIN_VERBOSE`).
 */
const PROMPT_SINKS = ["LANGSMITH_TRACING", "LANGSMITH_TRACING_V2", "LANGCHAIN_TRACING", "LANGCHAIN_TRACING_V2", "LANGCHAIN_VERBOSE"] as const;

export function classifyConfig(env: NodeJS.ProcessEnv = process.env): ClassifyConfig {
  const provider = oneOf(env, "FILESCAN_LLM", ["local", "openai", "off"] as const, "local");
  const tracing = PROMPT_SINKS.filter((name) => env[name] === "true");
  if (tracing.length && env.FILESCAN_LLM_ALLOW_TRACING !== "1") {
    throw new Error(`LangChain would send or print every prompt (${tracing.map((n) => `${n}=true`).join(", ")}): prompts carry document text (PII); unset it or set FILESCAN_LLM_ALLOW_TRACING=1`);
  }
  const local = provider === "local";
  const localURL = `http://${env.FILESCAN_LLM_LOCAL_HOST || "127.0.0.1"}:${intFromEnv(env, "FILESCAN_LLM_LOCAL_PORT", LOCAL_DEFAULT_PORT)}/v1`;
  const baseURL = env.FILESCAN_LLM_BASE_URL || (local ? localURL : "");
  if (provider === "openai" && !baseURL) throw new Error("FILESCAN_LLM=openai needs FILESCAN_LLM_BASE_URL (the endpoint's /v1 URL)");
  if (provider === "openai" && !env.FILESCAN_LLM_MODEL) throw new Error("FILESCAN_LLM=openai needs FILESCAN_LLM_MODEL");
  return {
    provider,
    baseURL,
    // The local server ignores the key; the OpenAI client insists on one.
    apiKey: env.FILESCAN_LLM_API_KEY || (local ? "local-no-key" : "none"),
    model: env.FILESCAN_LLM_MODEL || "smollm2-135m-instruct",
    timeoutMs: intFromEnv(env, "FILESCAN_LLM_TIMEOUT_MS", local ? 120_000 : 60_000),
    maxRetries: intFromEnv(env, "FILESCAN_LLM_RETRIES", 2),
    concurrency: Math.max(1, intFromEnv(env, "FILESCAN_LLM_CONCURRENCY", local ? 1 : 4)),
    maxInputTokens: Math.max(1000, intFromEnv(env, "FILESCAN_LLM_MAX_INPUT_TOKENS", 3000)),
    maxOutputTokens: Math.max(64, intFromEnv(env, "FILESCAN_LLM_MAX_OUTPUT_TOKENS", 512)),
    raiseCap: oneOf(env, "FILESCAN_LLM_RAISE_CAP", ["low", "medium"] as const, "low"),
    callWhen: oneOf(env, "FILESCAN_LLM_CALL", ["always", "uncertain"] as const, "always"),
    schemaLimits: oneOf(env, "FILESCAN_LLM_SCHEMA_LIMITS", ["0", "1"] as const, local ? "1" : "0") === "1",
  };
}
