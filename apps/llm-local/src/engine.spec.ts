/**
 * LocalEngine with the real model (SmolLM2-135M, ~1 s to load, a few tokens per test); skipped
 * where infra/local/fetch-model.sh has not fetched it.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { localLlmConfig } from "./config.ts";
import { LocalEngine, RequestError, type CompletionRequest } from "./engine.ts";

describe("llm-local: the engine with the real model", function () {
  this.timeout(60_000);
  let engine: LocalEngine;
  before(async function () {
    const { modelPath } = localLlmConfig();
    if (!existsSync(modelPath)) this.skip();
    engine = await LocalEngine.load({ modelPath, threads: 1, contextSize: 512 });
  });
  after(() => engine?.close());

  const messages: CompletionRequest["messages"] = [
    { role: "system", content: "You are terse." },
    { role: "user", content: "Name a colour." },
  ];
  const ask = (req: Partial<CompletionRequest>) => engine.complete({ messages, jsonSchema: null, maxTokens: 3, temperature: 0, ...req });

  it("reports the prompt tokens it evaluated, BOS included: the count its context_length_exceeded message gives", async () => {
    const out = await ask({ maxTokens: 3 });
    const tooLong = await ask({ maxTokens: 10_000 }).then(
      () => assert.fail("served"),
      (e: unknown) => e as RequestError,
    );
    assert.equal(tooLong.code, "context_length_exceeded");
    assert.match(tooLong.message, new RegExp(`^prompt \\(${out.promptTokens} tokens\\)`));
    assert.equal(out.finishReason, "length");
    assert.equal(out.completionTokens, 3);
  });

  it("emits properties named __proto__ and constructor", async () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"boolean"},"constructor":{"type":"null"}},"required":["__proto__","constructor"]}') as unknown;
    const out = await ask({ jsonSchema: schema, maxTokens: 100 });
    assert.equal(out.finishReason, "stop");
    const parsed = JSON.parse(out.text) as object;
    assert.deepEqual(Object.keys(parsed), ["__proto__", "constructor"]);
    assert.equal(Object.getOwnPropertyDescriptor(parsed, "constructor")?.value, null);
  });

  it("refuses, before queueing, schemas the grammar cannot follow", async () => {
    const deep = JSON.parse(`${"[".repeat(400_000)}${"]".repeat(400_000)}`) as unknown;
    for (const [schema, message] of [
      [{ type: "string", x: deep }, /nests more than 100 levels/],
      [{ enum: [] }, /enum is empty/],
      [{ type: "string", minLength: 5, maxLength: 2 }, /minLength 5 is greater than maxLength 2/],
      [{ type: "object", properties: { a: { type: "string" } }, required: ["zz"] }, /required names "zz"/],
      ["hello", /must be a JSON schema/],
    ] as const) {
      await assert.rejects(ask({ jsonSchema: schema }), (e: unknown) => e instanceof RequestError && e.code === "invalid_json_schema" && message.test(e.message));
    }
    assert.equal(engine.depth, 0);
  });
});
