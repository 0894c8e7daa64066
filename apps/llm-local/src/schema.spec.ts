import assert from "node:assert/strict";
import { toGrammarSchema } from "./schema.ts";
import { toHistory } from "./engine.ts";

describe("llm-local: JSON schema → grammar subset", () => {
  it("turns anyOf into oneOf and keeps string limits of nullable strings", () => {
    const out = toGrammarSchema({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      additionalProperties: false,
      title: "t",
      properties: {
        page: { anyOf: [{ type: "integer", minimum: 1 }, { type: "null" }] },
        note: { type: ["string", "null"], maxLength: 20 },
        tags: { type: "array", items: { type: "string", pattern: "^a" }, maxItems: 3 },
        level: { type: "string", enum: ["high", "low"] },
      },
      required: ["page", "note", "tags", "level"],
    });
    assert.deepEqual(out, {
      type: "object",
      properties: {
        page: { oneOf: [{ type: "integer" }, { type: "null" }] },
        note: { oneOf: [{ type: "string", maxLength: 20 }, { type: "null" }] },
        tags: { type: "array", items: { type: "string" }, maxItems: 3 },
        level: { enum: ["high", "low"] },
      },
      required: ["page", "note", "tags", "level"],
    });
  });

  it("requires every property when the schema does not say, and rewrites definitions refs", () => {
    const out = toGrammarSchema({ type: "object", properties: { a: { $ref: "#/definitions/x" } }, definitions: { x: { type: "boolean" } } });
    assert.deepEqual(out, { type: "object", properties: { a: { $ref: "#/$defs/x" } }, required: ["a"], $defs: { x: { type: "boolean" } } });
  });

  it("maps OpenAI messages to a chat history that ends with the model's turn", () => {
    assert.deepEqual(toHistory([{ role: "developer", content: "s" }, { role: "user", content: "u" }]), [
      { type: "system", text: "s" },
      { type: "user", text: "u" },
      { type: "model", response: [] },
    ]);
    assert.throws(() => toHistory([]), /must not be empty/);
  });
});
