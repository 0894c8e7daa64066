/**
 * One GGUF model on the CPU through node-llama-cpp: one context, one sequence, requests served one
 * at a time (a queue), the sequence's history cleared before each request so documents never leak
 * into one another. Only the CPU prebuilt is used: `gpu: false`, `build: "never"` (nothing is built
 * or downloaded at run time).
 */
import path from "node:path";
import { getLlama, LlamaChat, type ChatHistoryItem, type Llama, type LlamaContext, type LlamaContextSequence, type LlamaGrammar, type LlamaModel } from "node-llama-cpp";
import { SchemaError, toGrammarSchema, type JsonValue } from "./schema.ts";

export interface EngineOptions {
  modelPath: string;
  /** CPU threads for evaluation (1 beat 2 on a busy 2-core box). */
  threads?: number;
  /** Context window in tokens (prompt + completion). */
  contextSize?: number;
}

export interface ChatMessage {
  role: "system" | "user" | "assistant" | "developer";
  content: string;
}

export interface CompletionRequest {
  messages: ChatMessage[];
  /** A JSON schema the reply must follow, or "json" for any JSON object, or null for free text. */
  jsonSchema: unknown | "json" | null;
  maxTokens: number;
  temperature: number;
  seed?: number;
  frequencyPenalty?: number;
  presencePenalty?: number;
  signal?: AbortSignal;
}

export interface CompletionResult {
  text: string;
  finishReason: "stop" | "length";
  /** Tokens of the prompt the model evaluated, BOS included (as in a context_length_exceeded message). */
  promptTokens: number;
  /** Tokens generated, the end-of-generation token included. */
  completionTokens: number;
}

/** Thrown for requests that can never be served (the caller answers 400). */
export class RequestError extends Error {
  readonly code: string;
  /** The request field at fault (OpenAI's `error.param`), when there is one. */
  readonly param: string | null;
  constructor(code: string, message: string, param: string | null = null) {
    super(message);
    this.code = code;
    this.param = param;
  }
}

/** The grammar a request asks for: node-llama-cpp's "json", or a reduced JSON schema and its cache key. */
export interface GrammarSpec {
  key: string;
  schema: "json" | { [k: string]: JsonValue };
}

/**
 * Reduces and checks a request's `jsonSchema` (toGrammarSchema), a schema that cannot be served
 * becoming a RequestError (400). The cache key is the reduced schema's text: by then its nesting
 * is bounded (JSON.stringify of the client's own value could overflow the stack: a 500, which
 * clients retry), and schemas that differ only in dropped keywords share one grammar.
 */
export function grammarSpecFor(jsonSchema: unknown): GrammarSpec {
  if (jsonSchema === "json") return { key: "json", schema: "json" };
  try {
    const schema = toGrammarSchema(jsonSchema);
    return { key: JSON.stringify(schema), schema };
  } catch (err) {
    if (err instanceof SchemaError) throw new RequestError("invalid_json_schema", `response_format schema is not supported: ${err.message}`, "response_format");
    throw err;
  }
}

export class LocalEngine {
  readonly modelId: string;
  readonly contextSize: number;
  private readonly llama: Llama;
  private readonly model: LlamaModel;
  private readonly context: LlamaContext;
  private readonly sequence: LlamaContextSequence;
  private readonly grammars = new Map<string, LlamaGrammar>();
  private queue: Promise<unknown> = Promise.resolve();
  private pending = 0;

  private constructor(llama: Llama, model: LlamaModel, context: LlamaContext, modelPath: string) {
    this.llama = llama;
    this.model = model;
    this.context = context;
    this.sequence = context.getSequence();
    this.contextSize = context.contextSize;
    this.modelId = path.basename(modelPath).replace(/\.gguf$/i, "");
  }

  static async load(opts: EngineOptions): Promise<LocalEngine> {
    const threads = opts.threads ?? 1;
    const llama = await getLlama({ gpu: false, build: "never", maxThreads: threads, logLevel: "error" as never });
    const model = await llama.loadModel({ modelPath: opts.modelPath });
    const context = await model.createContext({ contextSize: opts.contextSize ?? 4096, threads, sequences: 1 });
    return new LocalEngine(llama, model, context, opts.modelPath);
  }

  /** Requests waiting or running. */
  get depth(): number {
    return this.pending;
  }

  complete(req: CompletionRequest): Promise<CompletionResult> {
    let grammar: GrammarSpec | null;
    try {
      // Checked before queueing: a schema that can never be served is refused at once.
      grammar = req.jsonSchema === null ? null : grammarSpecFor(req.jsonSchema);
    } catch (err) {
      return Promise.reject(err as Error);
    }
    this.pending++;
    const run = this.queue.then(() => this.run(req, grammar));
    this.queue = run.catch(() => undefined);
    return run.finally(() => {
      this.pending--;
    });
  }

  private async grammarFor(spec: GrammarSpec): Promise<LlamaGrammar> {
    let g = this.grammars.get(spec.key);
    if (!g) {
      try {
        g = spec.schema === "json" ? await this.llama.getGrammarFor("json") : await this.llama.createGrammarForJsonSchema(spec.schema as never);
      } catch (err) {
        throw new RequestError("invalid_json_schema", `response_format schema is not supported: ${(err as Error).message}`, "response_format");
      }
      if (this.grammars.size > 32) this.grammars.clear();
      this.grammars.set(spec.key, g);
    }
    return g;
  }

  private async run(req: CompletionRequest, spec: GrammarSpec | null): Promise<CompletionResult> {
    req.signal?.throwIfAborted();
    const history = toHistory(req.messages);
    const grammar = spec === null ? undefined : await this.grammarFor(spec);
    this.sequence.clearHistory();
    const chat = new LlamaChat({ contextSequence: this.sequence, autoDisposeSequence: false });
    try {
      const promptTokens = this.countPromptTokens(chat, history);
      if (promptTokens + req.maxTokens > this.contextSize) {
        throw new RequestError(
          "context_length_exceeded",
          `prompt (${promptTokens} tokens) plus max_tokens (${req.maxTokens}) exceeds the context of ${this.contextSize} tokens`,
        );
      }
      const before = this.sequence.tokenMeter.getState();
      const res = await chat.generateResponse(history, {
        grammar,
        maxTokens: req.maxTokens,
        temperature: req.temperature,
        seed: req.seed,
        signal: req.signal,
        stopOnAbortSignal: false,
        repeatPenalty: {
          penalty: 1.1,
          lastTokens: 64,
          frequencyPenalty: req.frequencyPenalty,
          presencePenalty: req.presencePenalty,
        },
      });
      // The meter books a token evaluated for its logits as output: the prompt's last token too,
      // so its input count is one short of the prompt the sequence evaluated (BOS included), which
      // is promptTokens (LlamaChat evaluates the same tokenization from an empty history). The last
      // sampled token is never evaluated, so the output count is the number of tokens generated.
      const used = this.sequence.tokenMeter.diff(before);
      return {
        text: res.response,
        finishReason: res.metadata.stopReason === "maxTokens" ? "length" : "stop",
        promptTokens,
        completionTokens: used.usedOutputTokens,
      };
    } finally {
      chat.dispose({ disposeSequence: false });
      this.sequence.clearHistory();
    }
  }

  private countPromptTokens(chat: LlamaChat, history: ChatHistoryItem[]): number {
    const { contextText } = chat.chatWrapper.generateContextState({ chatHistory: history });
    return contextText.tokenize(this.model.tokenizer).length;
  }

  async close(): Promise<void> {
    await this.queue;
    await this.context.dispose();
    await this.model.dispose();
    await this.llama.dispose();
  }
}

/** OpenAI messages → node-llama-cpp chat history, ending with an empty model turn to complete. */
export function toHistory(messages: ChatMessage[]): ChatHistoryItem[] {
  if (messages.length === 0) throw new RequestError("invalid_request", "messages must not be empty");
  const history: ChatHistoryItem[] = [];
  for (const m of messages) {
    if (m.role === "system" || m.role === "developer") history.push({ type: "system", text: m.content });
    else if (m.role === "user") history.push({ type: "user", text: m.content });
    else history.push({ type: "model", response: [m.content] });
  }
  const last = history[history.length - 1];
  if (last?.type !== "model") history.push({ type: "model", response: [] });
  return history;
}
