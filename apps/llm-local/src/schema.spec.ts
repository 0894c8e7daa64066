import assert from "node:assert/strict";
import { jsonDepthExceeds, MAX_JSON_DEPTH, SchemaError, toGrammarSchema } from "./schema.ts";
import { grammarSpecFor, RequestError, toHistory } from "./engine.ts";

/** `levels` arrays nested in one another, as JSON.parse builds them from a request body. */
const nestedArrays = (levels: number): unknown => JSON.parse(`${"[".repeat(levels)}${"]".repeat(levels)}`);
/** The reduced schema as node-llama-cpp reads it (its maps have no prototype; deepEqual would tell). */
const grammarOf = (schema: unknown): unknown => JSON.parse(JSON.stringify(toGrammarSchema(schema)));
const refused = (schema: unknown, message: RegExp) => assert.throws(() => toGrammarSchema(schema), (e: unknown) => e instanceof SchemaError && message.test(e.message));

describe("llm-local: JSON schema → grammar subset", () => {
  it("turns anyOf into oneOf and keeps string limits of nullable strings", () => {
    const out = grammarOf({
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
    const out = grammarOf({ type: "object", properties: { a: { $ref: "#/definitions/x" } }, definitions: { x: { type: "boolean" } } });
    assert.deepEqual(out, { type: "object", properties: { a: { $ref: "#/$defs/x" } }, required: ["a"], $defs: { x: { type: "boolean" } } });
  });

  it("refuses a schema nested past the bound before walking it (a 400, not a stack overflow and a 500)", () => {
    const deep = nestedArrays(400_000);
    assert.equal(jsonDepthExceeds(deep, MAX_JSON_DEPTH), true); // no RangeError: no recursion
    assert.equal(jsonDepthExceeds(nestedArrays(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH), true);
    assert.equal(jsonDepthExceeds(nestedArrays(MAX_JSON_DEPTH), MAX_JSON_DEPTH), false);
    // In an unknown keyword (the grammar cache key stringified the client's schema) and in an enum literal.
    refused({ type: "string", x: deep }, /nests more than 100 levels/);
    refused({ enum: [deep] }, /nests more than 100 levels/);
    assert.throws(() => grammarSpecFor({ type: "string", x: deep }), (e: unknown) => e instanceof RequestError && e.code === "invalid_json_schema" && e.param === "response_format");
    const cyclic: Record<string, unknown> = { type: "object" };
    cyclic.properties = { self: cyclic };
    refused(cyclic, /nests more than/);
    // Forty levels of objects are fine by the JSON bound and stopped by the schema-level one.
    let nested: unknown = { type: "string" };
    for (let i = 0; i < 40; i++) nested = { type: "object", properties: { a: nested } };
    refused(nested, /nested more than 32 levels/);
  });

  it("refuses alternatives that can match nothing: an empty enum, oneOf, anyOf or type list, false", () => {
    refused({ enum: [] }, /schema\.enum is empty: no value can match/);
    refused({ oneOf: [] }, /schema\.oneOf is empty/);
    refused({ anyOf: [] }, /schema\.anyOf is empty/);
    refused({ type: "object", properties: { a: { anyOf: [false, false] } } }, /schema\.properties\["a"\]\.anyOf has only false alternatives/);
    refused({ type: [] }, /type is an empty list/);
    refused(false, /schema is false/);
    refused({ enum: "a" }, /enum must be an array/);
    // A false alternative is left out; a false property that is not required too.
    assert.deepEqual(grammarOf({ anyOf: [false, { type: "null" }] }), { oneOf: [{ type: "null" }] });
    assert.deepEqual(grammarOf({ type: "object", properties: { a: { type: "null" }, b: false }, required: ["a"] }), { type: "object", properties: { a: { type: "null" } }, required: ["a"] });
    refused({ type: "object", properties: { b: false }, required: ["b"] }, /is false but required/);
    assert.deepEqual(grammarOf({ type: "array", items: false }), { type: "array", maxItems: 0 });
  });

  it("refuses impossible limits: a minimum above its maximum, for strings, arrays and numbers", () => {
    refused({ type: "string", minLength: 5, maxLength: 2 }, /minLength 5 is greater than maxLength 2: no string can match/);
    refused({ type: "array", minItems: 3, maxItems: 1 }, /minItems 3 is greater than maxItems 1/);
    refused({ type: "number", minimum: 5, maximum: 2 }, /range \[5, 2\] of minimum \/ maximum holds no number/);
    refused({ type: "number", exclusiveMinimum: 2, maximum: 2 }, /range \(2, 2\]/);
    refused({ type: "number", minimum: 2, exclusiveMinimum: true, maximum: 2 }, /range \(2, 2\]/); // draft 4
    refused({ type: "integer", minimum: 1.2, maximum: 1.8 }, /holds no integer/);
    refused({ type: "integer", exclusiveMinimum: 1, exclusiveMaximum: 2 }, /holds no integer/);
    refused({ type: "string", maxLength: -1 }, /maxLength must be a non-negative integer/);
    refused({ type: "string", minLength: 1.5 }, /minLength must be a non-negative integer/);
    refused({ type: "number", minimum: "1" }, /minimum must be a number/);
    // Possible ones pass (ranges are not enforced by the grammar, limits are).
    assert.deepEqual(grammarOf({ type: "string", minLength: 2, maxLength: 2 }), { type: "string", minLength: 2, maxLength: 2 });
    assert.deepEqual(grammarOf({ type: "integer", minimum: 1.2, maximum: 2 }), { type: "integer" });
    assert.deepEqual(grammarOf({ type: "number", minimum: 2, exclusiveMinimum: 1, maximum: 2 }), { type: "number" });
  });

  it("refuses required names that are not among the properties, which the grammar would never emit", () => {
    refused({ type: "object", properties: { a: { type: "string" } }, required: ["a", "zz"], additionalProperties: false }, /required names "zz", which is not among its properties/);
    refused({ type: "object", properties: {}, required: ["zz"], additionalProperties: true }, /required names "zz"/);
    // Names every plain object has are not properties either.
    refused({ type: "object", properties: { a: { type: "string" } }, required: ["toString"] }, /required names "toString"/);
    refused({ type: "object", properties: { a: { type: "string" } }, required: "a" }, /required must be a list of property names/);
  });

  it("refuses what is not a schema: a string, number, null or list, an unknown type, a $ref to no definition", () => {
    refused("hello", /^schema must be a JSON schema \(an object or a boolean\), not a string$/);
    refused(42, /not a number/);
    refused(null, /not null/);
    refused([{ type: "string" }], /not an array/);
    refused({ type: "object", properties: { a: "string" } }, /schema\.properties\["a"\] must be a JSON schema/);
    refused({ type: "array", items: [{ type: "string" }] }, /items as a list/);
    refused({ type: "strng" }, /type "strng" is not a JSON schema type/);
    refused({ type: "object", properties: { a: { $ref: "#/$defs/missing" } } }, /\$ref "#\/\$defs\/missing" names no definition/);
    refused({ $ref: "https://example.com/s.json" }, /is not supported/);
    // A $ref beside its definitions, and to a definition of an enclosing level, resolve.
    assert.deepEqual(grammarOf({ $ref: "#/$defs/x", $defs: { x: { type: "null" } } }), { $ref: "#/$defs/x", $defs: { x: { type: "null" } } });
    const outer = grammarOf({ type: "object", $defs: { x: { type: "null" } }, properties: { a: { type: "array", items: { $ref: "#/$defs/x" } } } });
    assert.deepEqual((outer as { properties: unknown }).properties, { a: { type: "array", items: { $ref: "#/$defs/x" } } });
  });

  it("makes true, a missing schema and one without a type any JSON value (node-llama-cpp would emit null alone)", () => {
    const any = { oneOf: [{ type: ["string", "number", "boolean", "null"] }, { type: "array" }, { type: "object", properties: {}, additionalProperties: true }] };
    assert.deepEqual(grammarOf(true), any);
    assert.deepEqual(grammarOf(undefined), any);
    assert.deepEqual(grammarOf({ description: "anything" }), { description: "anything", ...any });
    // With properties or items but no type, the client means an object or an array.
    assert.deepEqual(grammarOf({ properties: { a: { type: "null" } } }), { type: "object", properties: { a: { type: "null" } }, required: ["a"] });
  });

  it("keeps properties of any name: __proto__, constructor", () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"boolean"},"constructor":{"type":"null"}},"required":["__proto__","constructor"]}') as unknown;
    const out = toGrammarSchema(schema);
    assert.deepEqual(Object.keys(out.properties as object), ["__proto__", "constructor"]);
    assert.equal(Object.getPrototypeOf(out.properties), null);
    assert.deepEqual(JSON.parse(JSON.stringify(out.properties)), JSON.parse('{"__proto__":{"type":"boolean"},"constructor":{"type":"null"}}'));
    assert.deepEqual(out.required, ["__proto__", "constructor"]);
    // The grammar cache key (the reduced schema's text) has them too.
    assert.match(grammarSpecFor(schema).key, /"__proto__":\{"type":"boolean"\},"constructor":\{"type":"null"\}/);
    // Definitions by those names resolve.
    const defs = toGrammarSchema(JSON.parse('{"$ref":"#/$defs/__proto__","$defs":{"__proto__":{"type":"null"}}}'));
    assert.deepEqual(Object.keys(defs.$defs as object), ["__proto__"]);
  });

  it("accepts the classifier's schema as it is (libs/classify answerJsonSchema)", () => {
    const answer = {
      type: "object",
      properties: {
        description: { type: "string", maxLength: 160, description: "d" },
        evidence: { maxItems: 3, type: "array", items: { type: "string", maxLength: 120 }, description: "e" },
        has_sensitive_data: { type: "boolean" },
        confidence: { type: "string", enum: ["high", "medium", "low"] },
        reasoning: { type: "string", maxLength: 300, description: "r" },
      },
      required: ["description", "evidence", "has_sensitive_data", "confidence", "reasoning"],
      additionalProperties: false,
      title: "verdict",
      description: "Whether the file holds sensitive personal data",
    };
    const out = toGrammarSchema(answer);
    assert.deepEqual(Object.keys(out.properties as object), answer.required);
    assert.deepEqual(out.required, answer.required);
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
