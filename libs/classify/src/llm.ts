/**
 * The one ChatOpenAI factory and the structured call. The base URL is always set explicitly, so
 * no environment variable of the OpenAI client or LangSmith can redirect document text.
 *
 * The schema is written in zod (the single definition) and sent as its JSON schema: that keeps the
 * request free of `anyOf` (no nullable fields: the local grammar cannot do anyOf) and, measured
 * with @langchain/openai 1.6, makes a non-conforming reply come back as `parsed: null` once,
 * whereas a zod schema is validated inside the OpenAI SDK, where a failed parse is retried like a
 * network error (3 calls) and then thrown. The parsed object is validated with the zod schema here.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { stampRetryable } from "@langchain/core/errors";
import { AsyncCaller, classifyRateLimitError } from "@langchain/core/utils/async_caller";
import { ChatOpenAI } from "@langchain/openai";
import { z } from "zod";
import type { ClassifyConfig } from "./config.ts";

const LIMITS_ = { description: 160, evidence: 3, quote: 120, reasoning: 300 } as const;
export const answerSchema = z.object({
  description: z.string().max(LIMITS_.description).describe("What kind of document this is, in a few words, without personal values"),
  evidence: z.array(z.string().max(LIMITS_.quote)).max(LIMITS_.evidence).describe("Up to 3 short exact quotes from the document text that show personal data"),
  has_sensitive_data: z.boolean(),
  confidence: z.enum(["high", "medium", "low"]),
  reasoning: z.string().max(LIMITS_.reasoning).describe("One or two sentences, without personal values"),
});
export type Answer = z.infer<typeof answerSchema>;

/** The schema's own field descriptions (a model may echo them as well as the prompt: wording.ts). */
export const FIELD_DESCRIPTIONS: string[] = Object.values(answerSchema.shape).map((f) => f.description ?? "");

export const LIMITS = LIMITS_;

export const answerJsonSchema = (() => {
  const s = z.toJSONSchema(answerSchema) as Record<string, unknown>;
  delete s.$schema;
  return { ...s, title: "verdict", description: "Whether the file holds sensitive personal data" };
})();

/** The schema without string length limits (for endpoints whose strict mode rejects maxLength). */
export function withoutMaxLength(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutMaxLength);
  if (typeof schema !== "object" || schema === null) return schema;
  return Object.fromEntries(Object.entries(schema).filter(([k]) => k !== "maxLength").map(([k, v]) => [k, withoutMaxLength(v)]));
}

/** Clips an answer to the schema's limits before validation (endpoints that ignore maxLength). */
function clipAnswer(parsed: unknown): unknown {
  if (typeof parsed !== "object" || parsed === null) return parsed;
  const a = { ...(parsed as Record<string, unknown>) };
  const cut = (v: unknown, n: number) => (typeof v === "string" && v.length > n ? v.slice(0, n) : v);
  a.description = cut(a.description, LIMITS.description);
  a.reasoning = cut(a.reasoning, LIMITS.reasoning);
  if (Array.isArray(a.evidence)) a.evidence = a.evidence.slice(0, LIMITS.evidence).map((q) => cut(q, LIMITS.quote));
  return a;
}

/** LangChain's own retry policy, read from a default AsyncCaller. */
class DefaultRetryPolicy extends AsyncCaller {
  get handler(): (err: unknown) => unknown {
    return this.onFailedAttempt ?? (() => undefined);
  }
}
const defaultOnFailedAttempt = new DefaultRetryPolicy({}).handler;

/**
 * Retry what may succeed next time (network, timeouts, 5xx — LangChain's default — and any 429
 * but an exhausted quota), but not an answer that came back truncated or malformed: at
 * temperature 0 it would come back the same, and on the local model each try costs seconds.
 * LangChain retries a 429 only with a Retry-After of at most 60 s and leaves the others
 * ("capacity") to its caller; a rate limit without the header is the usual one, and the
 * classifier's retries with backoff are what a busy endpoint needs.
 */
function onFailedAttempt(err: unknown): void {
  if (failureOf(err) === "llm_invalid_output") throw stampRetryable(err, false);
  if (classifyRateLimitError(err)?.action === "capacity") return;
  defaultOnFailedAttempt(err);
}

/** The tokens the endpoint said it spent on one structured call's requests (retries included). */
interface Spent {
  promptTokens: number;
  completionTokens: number;
  answered: boolean;
}
const spentOfCall = new AsyncLocalStorage<Spent>();

/**
 * fetch, noting each answer's `usage` for the structured call it belongs to. The OpenAI SDK throws
 * on a truncated or non-JSON answer before LangChain sees its usage, so those calls reported 0
 * tokens, though the endpoint had spent (and may bill) hundreds.
 */
async function meteredFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const res = await fetch(input, init);
  const spent = spentOfCall.getStore();
  if (spent !== undefined && res.ok) {
    try {
      const usage = ((await res.clone().json()) as { usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } })?.usage;
      if (typeof usage?.prompt_tokens === "number" && typeof usage.completion_tokens === "number") {
        spent.promptTokens += usage.prompt_tokens;
        spent.completionTokens += usage.completion_tokens;
        spent.answered = true;
      }
    } catch {
      /* not JSON: the SDK says why */
    }
  }
  return res;
}

export function chatModel(cfg: ClassifyConfig): ChatOpenAI {
  return new ChatOpenAI({
    model: cfg.model,
    apiKey: cfg.apiKey,
    configuration: { baseURL: cfg.baseURL, fetch: meteredFetch },
    temperature: 0,
    maxTokens: cfg.maxOutputTokens,
    timeout: cfg.timeoutMs,
    maxRetries: cfg.maxRetries,
    maxConcurrency: cfg.concurrency,
    streaming: false,
    onFailedAttempt,
  });
}

export type LlmFailure = "llm_unavailable" | "llm_invalid_output";

export class LlmCallError extends Error {
  readonly reason: LlmFailure;
  promptTokens = 0;
  completionTokens = 0;
  constructor(reason: LlmFailure, message: string, usage?: { promptTokens: number; completionTokens: number }) {
    super(message);
    this.reason = reason;
    if (usage) {
      this.promptTokens = usage.promptTokens;
      this.completionTokens = usage.completionTokens;
    }
  }
}

export interface LlmReply {
  answer: Answer;
  promptTokens: number;
  completionTokens: number;
  modelName: string | null;
}

/** Sorts a thrown error: output the model did produce but unusable, or no answer at all. */
export function failureOf(err: unknown): LlmFailure {
  const e = err as { name?: string; message?: string; constructor?: { name?: string } };
  const name = `${e?.constructor?.name ?? ""} ${e?.name ?? ""}`;
  const msg = String(e?.message ?? "");
  if (/LengthFinishReason|ContentFilterFinishReason|SyntaxError|ZodError|OutputParser/.test(name) || /length limit was reached|finish_reason|Failed to parse/i.test(msg)) return "llm_invalid_output";
  return "llm_unavailable";
}

export function structuredCaller(cfg: ClassifyConfig) {
  const model = chatModel(cfg);
  const schema = cfg.schemaLimits ? answerJsonSchema : (withoutMaxLength(answerJsonSchema) as typeof answerJsonSchema);
  const runnable = model.withStructuredOutput(schema, { method: "jsonSchema", includeRaw: true, name: "verdict", strict: true });
  return async (system: string, user: string): Promise<LlmReply> => {
    let out: { raw: unknown; parsed: unknown };
    const spent: Spent = { promptTokens: 0, completionTokens: 0, answered: false };
    try {
      out = (await spentOfCall.run(spent, () => runnable.invoke([
        { role: "system", content: system },
        { role: "user", content: user },
      ]))) as { raw: unknown; parsed: unknown };
    } catch (err) {
      throw new LlmCallError(failureOf(err), `LLM call failed: ${(err as Error)?.name ?? "error"}`, spent);
    }
    const raw = out.raw as { usage_metadata?: { input_tokens?: number; output_tokens?: number }; response_metadata?: { model_name?: string; finish_reason?: string } };
    // (what the endpoint said it spent, every request of the call; else LangChain's reading of the last)
    const usage = spent.answered ? { promptTokens: spent.promptTokens, completionTokens: spent.completionTokens } : { promptTokens: raw?.usage_metadata?.input_tokens ?? 0, completionTokens: raw?.usage_metadata?.output_tokens ?? 0 };
    if (out.parsed === null || out.parsed === undefined) throw new LlmCallError("llm_invalid_output", "LLM reply did not parse against the schema", usage);
    const checked = answerSchema.safeParse(clipAnswer(out.parsed));
    if (!checked.success) throw new LlmCallError("llm_invalid_output", "LLM reply failed schema validation", usage);
    return { answer: checked.data, ...usage, modelName: raw?.response_metadata?.model_name ?? null };
  };
}
