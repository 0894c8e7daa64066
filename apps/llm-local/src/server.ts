/**
 * A small OpenAI-compatible HTTP server in front of LocalEngine:
 *   POST /v1/chat/completions   messages, max_tokens / max_completion_tokens, temperature, seed,
 *                               frequency/presence penalty, response_format (json_schema → grammar,
 *                               json_object → JSON grammar); no streaming, n = 1
 *   GET  /v1/models             the one loaded model
 *   GET  /healthz               liveness + queue depth
 * Errors use OpenAI's shape `{ error: { message, type, code, param } }`. What the server cannot
 * honour (tools, logprobs, image / audio parts, streaming) is refused the way OpenAI refuses a
 * parameter a model lacks, never dropped: an answer without it would pass for one with it. The
 * server logs no request or response content (prompts carry document text).
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { LocalEngine, RequestError, type CompletionRequest, type EngineOptions } from "./engine.ts";

export const DEFAULT_PORT = 8090;
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const MAX_QUEUE = 64;

const contentPart = z.object({ type: z.string(), text: z.string().optional() });
const message = z.object({
  role: z.enum(["system", "developer", "user", "assistant"]),
  content: z.union([z.string(), z.array(contentPart), z.null()]),
  // An assistant turn that called tools: part of tool use, refused as `tools` is.
  tool_calls: z.array(z.unknown()).nullish(),
  function_call: z.unknown().optional(),
});
const chatRequest = z.object({
  model: z.string().optional(),
  messages: z.array(message).min(1),
  max_tokens: z.number().int().positive().nullish(),
  max_completion_tokens: z.number().int().positive().nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  seed: z.number().int().nullish(),
  frequency_penalty: z.number().min(-2).max(2).nullish(),
  presence_penalty: z.number().min(-2).max(2).nullish(),
  n: z.number().int().nullish(),
  stream: z.boolean().nullish(),
  response_format: z
    .union([
      z.object({ type: z.literal("text") }),
      z.object({ type: z.literal("json_object") }),
      z.object({ type: z.literal("json_schema"), json_schema: z.object({ name: z.string().optional(), schema: z.unknown(), strict: z.boolean().nullish() }) }),
    ])
    .nullish(),
  // Read only to refuse them when asked for (unsupportedParameter); off, they are fine.
  tools: z.array(z.unknown()).nullish(),
  tool_choice: z.unknown().optional(),
  parallel_tool_calls: z.boolean().nullish(),
  functions: z.array(z.unknown()).nullish(),
  function_call: z.unknown().optional(),
  logprobs: z.boolean().nullish(),
  top_logprobs: z.number().int().min(0).max(20).nullish(),
});
type ChatRequest = z.infer<typeof chatRequest>;

export interface LocalLlmServerOptions extends Partial<EngineOptions> {
  modelPath: string;
  port?: number;
  host?: string;
  /** Default completion budget when the request sets none. */
  defaultMaxTokens?: number;
}

export interface LocalLlmServer {
  /** Base URL for OpenAI clients, ending in /v1. */
  baseURL: string;
  port: number;
  engine: LocalEngine;
  close(): Promise<void>;
}

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  /** The request field at fault (OpenAI's `error.param`), when there is one. */
  readonly param: string | null;
  constructor(status: number, code: string, message: string, param: string | null = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.param = param;
  }
}

/**
 * A parameter the request turns on that this server cannot honour: tool / function calling and
 * log probabilities. Sent switched off (null, false, [], 0, tool_choice "none" or "auto", which
 * without tools calls nothing; parallel_tool_calls at all) it is accepted: clients such as
 * LangChain's ChatOpenAI may send defaults. Refused with OpenAI's wording and code.
 */
function unsupportedParameter(body: ChatRequest): HttpError | undefined {
  const calls = (choice: unknown) => choice != null && choice !== "none" && choice !== "auto";
  const noTools = "no tool or function calling here; for structured output use response_format json_schema";
  const found: Array<[string, boolean, string]> = [
    ["tools", (body.tools?.length ?? 0) > 0, noTools],
    ["tool_choice", calls(body.tool_choice), noTools],
    ["functions", (body.functions?.length ?? 0) > 0, noTools],
    ["function_call", calls(body.function_call), noTools],
    ["logprobs", body.logprobs === true, "no log probabilities here"],
    ["top_logprobs", (body.top_logprobs ?? 0) > 0, "no log probabilities here"],
  ];
  for (const [param, asked, why] of found) {
    if (asked) return new HttpError(400, "unsupported_parameter", `Unsupported parameter: '${param}' is not supported by this server (${why}).`, param);
  }
  for (const [i, m] of body.messages.entries()) {
    for (const param of ["tool_calls", "function_call"] as const) {
      const v = m[param];
      if (Array.isArray(v) ? v.length > 0 : v != null) return new HttpError(400, "unsupported_parameter", `Unsupported parameter: '${param}' in messages is not supported by this server (${noTools}).`, `messages[${i}].${param}`);
    }
  }
  return undefined;
}

/** A message's text: its string, or its text parts joined. Any other part (image, audio, file) is refused, not dropped. */
function textOf(content: ChatRequest["messages"][number]["content"], i: number): string {
  if (typeof content === "string") return content;
  return (content ?? [])
    .map((p, j) => {
      if (p.type !== "text") {
        const type = p.type.length > 40 ? `${p.type.slice(0, 40)}…` : p.type;
        throw new HttpError(400, "unsupported_value", `Unsupported value: content part type '${type}' is not supported by this server. Only 'text' parts are supported.`, `messages[${i}].content[${j}].type`);
      }
      if (p.text === undefined) throw new HttpError(400, "invalid_request", `invalid request: messages.${i}.content.${j}.text: a text part needs its text`, `messages[${i}].content[${j}].text`);
      return p.text;
    })
    .join("");
}

/** A request body (parsed JSON) → the engine's request, or an HttpError (400) for what cannot be served. */
export function completionRequestOf(raw: unknown, defaultMaxTokens: number): Omit<CompletionRequest, "signal"> {
  const parsed = chatRequest.safeParse(raw);
  if (!parsed.success) throw new HttpError(400, "invalid_request", `invalid request: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  const body = parsed.data;
  if (body.stream) throw new HttpError(400, "unsupported_value", "Unsupported value: 'stream' does not support true with this server. Only false is supported.", "stream");
  if (body.n != null && body.n !== 1) throw new HttpError(400, "unsupported_value", `Unsupported value: 'n' does not support ${body.n} with this server. Only 1 is supported.`, "n");
  const unsupported = unsupportedParameter(body);
  if (unsupported) throw unsupported;
  const rf = body.response_format;
  return {
    messages: body.messages.map((m, i) => ({ role: m.role, content: textOf(m.content, i) })),
    jsonSchema: rf?.type === "json_schema" ? rf.json_schema.schema : rf?.type === "json_object" ? "json" : null,
    maxTokens: body.max_completion_tokens ?? body.max_tokens ?? defaultMaxTokens,
    temperature: body.temperature ?? 0,
    seed: body.seed ?? undefined,
    frequencyPenalty: body.frequency_penalty ?? undefined,
    presencePenalty: body.presence_penalty ?? undefined,
  };
}

export async function startLocalLlmServer(opts: LocalLlmServerOptions): Promise<LocalLlmServer> {
  const engine = await LocalEngine.load({ modelPath: opts.modelPath, threads: opts.threads, contextSize: opts.contextSize });
  const defaultMaxTokens = opts.defaultMaxTokens ?? 512;
  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (req.destroyed && res.destroyed) return; // the client went away; its generation was cancelled
      const e = err instanceof HttpError ? err : err instanceof RequestError ? new HttpError(400, err.code, err.message, err.param) : new HttpError(500, "internal_error", "generation failed");
      if (!(err instanceof HttpError || err instanceof RequestError)) console.error(`llm-local: ${(err as Error)?.name ?? "error"} while serving ${req.method} ${req.url}`);
      if (!res.headersSent && !res.destroyed) sendJson(res, e.status, { error: { message: e.message, type: e.status >= 500 ? "server_error" : "invalid_request_error", code: e.code, param: e.param } });
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (req.method === "GET" && url.pathname === "/healthz") return sendJson(res, 200, { status: "ok", model: engine.modelId, queue: engine.depth });
    if (req.method === "GET" && url.pathname === "/v1/models") {
      return sendJson(res, 200, { object: "list", data: [{ id: engine.modelId, object: "model", created: 0, owned_by: "filescan" }] });
    }
    if (url.pathname === "/v1/chat/completions") {
      if (req.method !== "POST") throw new HttpError(405, "method_not_allowed", "use POST");
      return chatCompletions(req, res);
    }
    throw new HttpError(404, "not_found", `no route ${req.method} ${url.pathname}`);
  }

  async function chatCompletions(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const request = completionRequestOf(await readJson(req), defaultMaxTokens);
    if (engine.depth >= MAX_QUEUE) throw new HttpError(503, "overloaded", "too many queued requests");
    const aborter = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) aborter.abort(new Error("client went away"));
    });
    const out = await engine.complete({ ...request, signal: aborter.signal });
    sendJson(res, 200, {
      id: `chatcmpl-${randomUUID()}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: engine.modelId,
      choices: [{ index: 0, message: { role: "assistant", content: out.text, refusal: null }, logprobs: null, finish_reason: out.finishReason }],
      usage: { prompt_tokens: out.promptTokens, completion_tokens: out.completionTokens, total_tokens: out.promptTokens + out.completionTokens },
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? DEFAULT_PORT, opts.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://${opts.host ?? "127.0.0.1"}:${port}/v1`,
    port,
    engine,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await engine.close();
    },
  };
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const type = req.headers["content-type"] ?? "";
  if (!type.includes("application/json")) throw new HttpError(415, "unsupported_media_type", "send application/json");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, "payload_too_large", `request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new HttpError(400, "invalid_json", "request body is not JSON");
  }
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}
