import assert from "node:assert/strict";
import { completionRequestOf, HttpError } from "./server.ts";

const user = { role: "user", content: "hi" };
const read = (body: Record<string, unknown>) => completionRequestOf({ messages: [user], ...body }, 512);
/** The 400 a request gets, as `code param: message`. */
function refusal(body: Record<string, unknown>): string {
  try {
    read(body);
  } catch (e) {
    assert.ok(e instanceof HttpError && e.status === 400, String(e));
    return `${e.code} ${e.param}: ${e.message}`;
  }
  assert.fail("accepted");
}

describe("llm-local: what a chat completion request may ask for", () => {
  it("accepts the request LangChain's ChatOpenAI sends for libs/classify (withStructuredOutput, method jsonSchema)", () => {
    // Captured from @langchain/openai 1.6 (a fetch stub): no tools, no logprobs, no n.
    const schema = { type: "object", properties: { a: { type: "boolean" } }, required: ["a"], additionalProperties: false };
    const out = completionRequestOf(
      {
        model: "m",
        temperature: 0,
        stream: false,
        response_format: { type: "json_schema", json_schema: { name: "verdict", description: "d", schema, strict: true } },
        max_tokens: 400,
        messages: [{ role: "system", content: "s" }, user],
      },
      512,
    );
    assert.deepEqual(out, { messages: [{ role: "system", content: "s" }, { role: "user", content: "hi" }], jsonSchema: schema, maxTokens: 400, temperature: 0, seed: undefined, frequencyPenalty: undefined, presencePenalty: undefined });
  });

  it("accepts the unsupported features sent switched off (null, false, empty, none)", () => {
    for (const off of [
      { tools: null, tool_choice: null, functions: null, function_call: null, logprobs: null, top_logprobs: null, parallel_tool_calls: null, n: null, stream: null },
      { tools: [], tool_choice: "none", functions: [], function_call: "none", logprobs: false, top_logprobs: 0, parallel_tool_calls: false, n: 1, stream: false },
      { tool_choice: "auto", function_call: "auto", parallel_tool_calls: true },
    ]) {
      assert.doesNotThrow(() => read(off), JSON.stringify(off));
    }
    assert.deepEqual(read({ messages: [{ role: "assistant", content: "x", tool_calls: [], function_call: null }, user] }).messages[0], { role: "assistant", content: "x" });
  });

  it("refuses tools, tool_choice, functions and logprobs asked for, naming the parameter as OpenAI does", () => {
    const tool = { type: "function", function: { name: "f", parameters: { type: "object", properties: {} } } };
    assert.equal(refusal({ tools: [tool] }), "unsupported_parameter tools: Unsupported parameter: 'tools' is not supported by this server (no tool or function calling here; for structured output use response_format json_schema).");
    assert.match(refusal({ tool_choice: "required" }), /^unsupported_parameter tool_choice: Unsupported parameter: 'tool_choice'/);
    assert.match(refusal({ tool_choice: { type: "function", function: { name: "f" } } }), /^unsupported_parameter tool_choice:/);
    assert.match(refusal({ tools: [tool], tool_choice: "auto" }), /^unsupported_parameter tools:/);
    assert.match(refusal({ functions: [{ name: "f", parameters: {} }] }), /^unsupported_parameter functions:/);
    assert.match(refusal({ function_call: { name: "f" } }), /^unsupported_parameter function_call:/);
    assert.equal(refusal({ logprobs: true }), "unsupported_parameter logprobs: Unsupported parameter: 'logprobs' is not supported by this server (no log probabilities here).");
    assert.match(refusal({ logprobs: true, top_logprobs: 5 }), /^unsupported_parameter logprobs:/);
    assert.match(refusal({ top_logprobs: 5 }), /^unsupported_parameter top_logprobs:/);
    assert.match(refusal({ messages: [user, { role: "assistant", content: null, tool_calls: [{ id: "c", type: "function", function: { name: "f", arguments: "{}" } }] }] }), /^unsupported_parameter messages\[1\]\.tool_calls:/);
    assert.match(refusal({ stream: true }), /^unsupported_value stream: Unsupported value: 'stream' does not support true/);
    assert.match(refusal({ n: 2 }), /^unsupported_value n: Unsupported value: 'n' does not support 2/);
  });

  it("refuses image, audio and file content parts instead of dropping them, and joins text parts", () => {
    const withPart = (part: unknown) => ({ messages: [{ role: "user", content: [{ type: "text", text: "what is this?" }, part] }] });
    assert.equal(
      refusal(withPart({ type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } })),
      "unsupported_value messages[0].content[1].type: Unsupported value: content part type 'image_url' is not supported by this server. Only 'text' parts are supported.",
    );
    assert.match(refusal(withPart({ type: "input_audio", input_audio: { data: "AAAA", format: "wav" } })), /^unsupported_value messages\[0\]\.content\[1\]\.type: .*'input_audio'/);
    assert.match(refusal(withPart({ type: "file", file: { file_id: "f" } })), /'file' is not supported/);
    assert.match(refusal(withPart({ type: "text" })), /^invalid_request messages\[0\]\.content\[1\]\.text:/);
    assert.deepEqual(read(withPart({ type: "text", text: " A cat." })).messages, [{ role: "user", content: "what is this? A cat." }]);
  });
});
