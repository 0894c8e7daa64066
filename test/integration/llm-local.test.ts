import assert from "node:assert/strict";
import { startLocalLlmServer, type LocalLlmServer } from "@filescan/llm-local";
import { localModelPath } from "./model.ts";

interface Completion {
  choices: Array<{ message: { content: string }; finish_reason: string }>;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  error?: { code: string };
}
interface Models {
  object: string;
  data: Array<{ id: string }>;
}
const json = async <T = Completion>(r: Response | Promise<Response>) => (await (await r).json()) as T;

describe("llm-local: the OpenAI-compatible server with the real SmolLM2 model", function () {
  this.timeout(300_000);
  let srv: LocalLlmServer;
  before(async () => {
    srv = await startLocalLlmServer({ modelPath: localModelPath(), port: 0, threads: Number(process.env.FILESCAN_LLM_THREADS ?? 1), contextSize: 2048 });
  });
  after(() => srv?.close());

  const post = (body: unknown) =>
    fetch(`${srv.baseURL}/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it("answers /healthz and /v1/models", async () => {
    const h = await json<{ status: string }>(fetch(`${srv.baseURL.replace(/\/v1$/, "")}/healthz`));
    assert.equal(h.status, "ok");
    const m = await json<Models>(fetch(`${srv.baseURL}/models`));
    assert.equal(m.object, "list");
    assert.equal(m.data[0]?.id, "SmolLM2-135M-Instruct.Q4_1");
  });

  it("follows a json_schema response_format (anyOf included) and reports usage from the token meter", async () => {
    const res = await post({
      model: "anything",
      messages: [{ role: "system", content: "Reply in JSON." }, { role: "user", content: "Describe a cat." }],
      max_tokens: 200,
      response_format: {
        type: "json_schema",
        json_schema: {
          name: "x",
          strict: true,
          schema: {
            type: "object",
            additionalProperties: false,
            properties: { name: { type: "string", maxLength: 30 }, legs: { anyOf: [{ type: "integer" }, { type: "null" }] }, mood: { type: "string", enum: ["calm", "angry"] } },
            required: ["name", "legs", "mood"],
          },
        },
      },
    });
    assert.equal(res.status, 200);
    const body = await json(res);
    const parsed = JSON.parse(body.choices[0]!.message.content) as { name: string; legs: number | null; mood: string };
    assert.equal(typeof parsed.name, "string");
    assert.ok(parsed.name.length <= 30);
    assert.ok(parsed.legs === null || Number.isInteger(parsed.legs));
    assert.ok(["calm", "angry"].includes(parsed.mood));
    assert.equal(body.choices[0]!.finish_reason, "stop");
    assert.ok(body.usage.prompt_tokens > 10);
    assert.ok(body.usage.completion_tokens > 3);
    assert.equal(body.usage.total_tokens, body.usage.prompt_tokens + body.usage.completion_tokens);
  });

  it("stops at max_tokens with finish_reason length", async () => {
    const body = await json(post({ messages: [{ role: "user", content: "Write a long story about the sea." }], max_tokens: 5 }));
    assert.equal(body.choices[0]!.finish_reason, "length");
    assert.ok(body.usage.completion_tokens <= 5);
  });

  it("serves concurrent requests one at a time, each from a clean history", async () => {
    const ask = (q: string) => json(post({ messages: [{ role: "user", content: q }], max_tokens: 8 }));
    const [a, b] = await Promise.all([ask("Say hello."), ask("Say goodbye.")]);
    assert.ok(a.usage.prompt_tokens > 0 && b.usage.prompt_tokens > 0);
    // The same prompt costs the same prompt tokens: nothing of the previous request is carried over.
    const again = await ask("Say hello.");
    assert.equal(again.usage.prompt_tokens, a.usage.prompt_tokens);
  });

  it("cancels the generation of a client that went away", async () => {
    const gone = new AbortController();
    const abandoned = fetch(`${srv.baseURL}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ role: "user", content: "Write a very long poem about mountains, with many verses." }], max_tokens: 1500 }),
      signal: gone.signal,
    }).catch(() => "aborted");
    await new Promise((ok) => setTimeout(ok, 500)); // it is generating now
    gone.abort();
    assert.equal(await abandoned, "aborted");
    // 1,500 tokens take well over a minute here: a quick answer shows the generation stopped.
    const t0 = performance.now();
    const next = await json(post({ messages: [{ role: "user", content: "Say hi." }], max_tokens: 4 }));
    assert.ok(next.usage.completion_tokens <= 4);
    assert.ok(performance.now() - t0 < 10_000, "the abandoned generation was cancelled");
  });

  it("rejects what it cannot serve with OpenAI-shaped 4xx errors", async () => {
    const long = await post({ messages: [{ role: "user", content: "word ".repeat(3000) }], max_tokens: 100 });
    assert.equal(long.status, 400);
    assert.equal((await json(long)).error?.code, "context_length_exceeded");
    const bad = await post({ messages: [] });
    assert.equal(bad.status, 400);
    assert.equal((await json(bad)).error?.code, "invalid_request");
    assert.equal((await post({ messages: [{ role: "user", content: "x" }], stream: true })).status, 400);
    assert.equal((await fetch(`${srv.baseURL}/nothing`)).status, 404);
    const notJson = await fetch(`${srv.baseURL}/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    assert.equal(notJson.status, 400);
  });
});
