/**
 * A canned OpenAI-compatible endpoint for unit tests of the LLM plumbing (retries, timeouts,
 * truncated or malformed output). It is never evidence that classification works: the
 * integration test runs the real local model for that.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeReply {
  status?: number;
  /** JSON body; when absent a chat completion with `content` is built. */
  body?: unknown;
  content?: string;
  finishReason?: string;
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Response headers besides the content type (e.g. `retry-after`). */
  headers?: Record<string, string>;
  /** Wait before answering; "hang" never answers. */
  delayMs?: number | "hang";
}

export interface CapturedRequest {
  url: string;
  body: {
    model?: string;
    messages: Array<{ role: string; content: string }>;
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
    max_tokens?: number;
    temperature?: number;
  };
}

export interface FakeEndpoint {
  baseURL: string;
  requests: CapturedRequest[];
  close(): Promise<void>;
}

export async function startFakeOpenAI(reply: (req: CapturedRequest, n: number) => FakeReply): Promise<FakeEndpoint> {
  const requests: CapturedRequest[] = [];
  const server = http.createServer(async (req, res) => {
    let raw = "";
    for await (const c of req) raw += c;
    const captured: CapturedRequest = { url: req.url ?? "", body: JSON.parse(raw || "{}") };
    requests.push(captured);
    const r = reply(captured, requests.length);
    if (r.delayMs === "hang") return;
    if (r.delayMs) await new Promise((ok) => setTimeout(ok, r.delayMs as number));
    if (res.destroyed) return;
    const body = r.body ?? {
      id: `chatcmpl-${requests.length}`,
      object: "chat.completion",
      created: 1,
      model: "fake-model",
      choices: [{ index: 0, message: { role: "assistant", content: r.content ?? "" }, finish_reason: r.finishReason ?? "stop", logprobs: null }],
      usage: { ...(r.usage ?? { prompt_tokens: 11, completion_tokens: 7 }), total_tokens: (r.usage?.prompt_tokens ?? 11) + (r.usage?.completion_tokens ?? 7) },
    };
    const text = JSON.stringify(body);
    res.writeHead(r.status ?? 200, { "content-type": "application/json", ...r.headers });
    res.end(text);
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", () => ok()));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
