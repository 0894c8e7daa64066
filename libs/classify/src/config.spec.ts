import assert from "node:assert/strict";
import { classifyConfig } from "./config.ts";

describe("classify: configuration from the environment", () => {
  it("defaults to the local server with local-sized limits", () => {
    const c = classifyConfig({});
    assert.equal(c.provider, "local");
    assert.equal(c.baseURL, "http://127.0.0.1:8090/v1");
    assert.deepEqual([c.concurrency, c.maxRetries, c.timeoutMs, c.maxInputTokens, c.raiseCap, c.callWhen, c.schemaLimits], [1, 2, 120_000, 3000, "low", "always", true]);
    assert.equal(classifyConfig({ FILESCAN_LLM_LOCAL_PORT: "9999" }).baseURL, "http://127.0.0.1:9999/v1");
  });

  it("reads an OpenAI-compatible endpoint's settings", () => {
    const c = classifyConfig({
      FILESCAN_LLM: "openai", FILESCAN_LLM_BASE_URL: "http://vllm:8000/v1", FILESCAN_LLM_MODEL: "qwen", FILESCAN_LLM_API_KEY: "k",
      FILESCAN_LLM_TIMEOUT_MS: "1500", FILESCAN_LLM_RETRIES: "5", FILESCAN_LLM_CONCURRENCY: "8", FILESCAN_LLM_MAX_INPUT_TOKENS: "200", FILESCAN_LLM_RAISE_CAP: "medium",
    });
    assert.deepEqual([c.baseURL, c.model, c.apiKey, c.timeoutMs, c.maxRetries, c.concurrency, c.raiseCap, c.schemaLimits], ["http://vllm:8000/v1", "qwen", "k", 1500, 5, 8, "medium", false]);
    assert.equal(c.maxInputTokens, 1000, "the prompt bound has a floor that fits the fixed instructions");
    assert.throws(() => classifyConfig({ FILESCAN_LLM_RAISE_CAP: "high" }), /one of low, medium/);
    assert.throws(() => classifyConfig({ FILESCAN_LLM_RETRIES: "-1" }), /non-negative integer/);
  });
});
