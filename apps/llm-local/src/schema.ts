/**
 * Reduces a client's JSON schema (OpenAI `response_format.json_schema.schema`) to the subset that
 * node-llama-cpp's grammar generator understands: type (or a list of types), enum, const, oneOf,
 * object properties / required, array items / minItems / maxItems, string minLength / maxLength,
 * $defs / $ref. `anyOf` becomes `oneOf` (as a generation constraint both mean "one of these shapes";
 * exclusivity is not enforceable by a grammar anyway). Keywords a grammar cannot enforce (numeric
 * ranges, `pattern`, `additionalProperties`, titles, `$schema`) are dropped: clients validate after
 * parsing. Objects never get extra properties from the grammar.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [k: string]: JsonValue };
type Obj = { [k: string]: JsonValue };

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export function toGrammarSchema(schema: unknown, depth = 0): Obj {
  if (depth > 32) throw new Error("json schema nested too deeply");
  if (!isObj(schema)) return {}; // `true` / missing: any JSON value
  const out: Obj = {};
  if (typeof schema.description === "string") out.description = schema.description.slice(0, 500);
  if ("const" in schema) return { ...out, const: schema.const as JsonValue };
  if (Array.isArray(schema.enum)) return { ...out, enum: schema.enum };
  const alternatives = (schema.oneOf ?? schema.anyOf) as JsonValue | undefined;
  if (Array.isArray(alternatives)) {
    const oneOf = alternatives.map((s) => toGrammarSchema(s, depth + 1));
    return withDefs({ ...out, oneOf }, schema, depth);
  }
  if (typeof schema.$ref === "string") return { ...out, $ref: schema.$ref.replace("#/definitions/", "#/$defs/") };
  const type = schema.type;
  if (Array.isArray(type)) {
    // A list of types with string limits would lose them: spell it as oneOf.
    if (type.includes("string") && (schema.maxLength !== undefined || schema.minLength !== undefined) || type.includes("object") || type.includes("array")) {
      return withDefs({ ...out, oneOf: type.map((t) => toGrammarSchema({ ...schema, type: t }, depth + 1)) }, schema, depth);
    }
    return { ...out, type };
  }
  switch (type) {
    case "object": {
      const props: Obj = {};
      if (isObj(schema.properties)) for (const [k, v] of Object.entries(schema.properties)) props[k] = toGrammarSchema(v, depth + 1);
      const res: Obj = { ...out, type: "object", properties: props };
      // OpenAI strict mode requires every property; the grammar then emits all of them.
      res.required = Array.isArray(schema.required) ? schema.required : Object.keys(props);
      return withDefs(res, schema, depth);
    }
    case "array": {
      const res: Obj = { ...out, type: "array" };
      if (schema.items !== undefined) res.items = toGrammarSchema(schema.items, depth + 1);
      if (typeof schema.minItems === "number") res.minItems = schema.minItems;
      if (typeof schema.maxItems === "number") res.maxItems = schema.maxItems;
      return withDefs(res, schema, depth);
    }
    case "string": {
      const res: Obj = { ...out, type: "string" };
      if (typeof schema.format === "string" && ["date-time", "time", "date"].includes(schema.format)) res.format = schema.format;
      else {
        if (typeof schema.minLength === "number") res.minLength = schema.minLength;
        if (typeof schema.maxLength === "number") res.maxLength = schema.maxLength;
      }
      return res;
    }
    case "number":
    case "integer":
    case "boolean":
    case "null":
      return { ...out, type };
    default:
      return withDefs(out, schema, depth);
  }
}

function withDefs(res: Obj, schema: Obj, depth: number): Obj {
  const defs = schema.$defs ?? schema.definitions;
  if (isObj(defs)) {
    const converted: Obj = {};
    for (const [k, v] of Object.entries(defs)) converted[k] = toGrammarSchema(v, depth + 1);
    res.$defs = converted;
  }
  return res;
}
