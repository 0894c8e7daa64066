/**
 * Reduces a client's JSON schema (OpenAI `response_format.json_schema.schema`) to the subset that
 * node-llama-cpp's grammar generator understands: type (or a list of types), enum, const, oneOf,
 * object properties / required, array items / minItems / maxItems, string minLength / maxLength,
 * $defs / $ref. `anyOf` becomes `oneOf` (as a generation constraint both mean "one of these shapes";
 * exclusivity is not enforceable by a grammar anyway). Keywords a grammar cannot enforce (numeric
 * ranges, `pattern`, `additionalProperties`, titles, `$schema`) are dropped: clients validate after
 * parsing. Objects never get extra properties from the grammar.
 *
 * A schema the grammar cannot follow is refused (SchemaError, a 400 `invalid_json_schema`) rather
 * than turned into a grammar for something else: node-llama-cpp quietly makes an empty `enum` /
 * `oneOf` the empty string, a `minLength` over `maxLength` the `minLength`, a `$ref` to nothing
 * any JSON, and a schema without a type `null`. So refused are: a value that is not a schema
 * (an object or a boolean), one nested deeper than MAX_JSON_DEPTH, one no value can match (an
 * empty `enum` / `oneOf` / `anyOf` / type list, `false`, a minimum above its maximum), `required`
 * names that are not among the properties, a `$ref` that names no definition.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [k: string]: JsonValue };
type Obj = { [k: string]: JsonValue };

/** A client schema the grammar cannot serve (the server answers 400 `invalid_json_schema`). */
export class SchemaError extends Error {
  override readonly name = "SchemaError";
}

/** Schema levels (properties, items, alternatives, definitions) the conversion goes through. */
const MAX_SCHEMA_DEPTH = 32;

/**
 * JSON nesting of the whole schema value, unknown keywords and enum / const literals included,
 * checked without recursion before anything walks the value: JSON.parse builds 400,000 nested
 * arrays from a 4 MiB body without complaint, and a recursive walk of them (JSON.stringify among
 * them) overflows the stack. 100 leaves room for MAX_SCHEMA_DEPTH levels of properties (two JSON
 * levels each).
 */
export const MAX_JSON_DEPTH = 100;

const TYPES = new Set(["string", "number", "integer", "boolean", "null", "object", "array"]);

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether a value nests arrays / objects more than `limit` levels deep (an explicit stack: no recursion). */
export function jsonDepthExceeds(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [v, depth] = top;
    if (typeof v !== "object" || v === null) continue;
    // A cyclic object (a caller in code; JSON has none) only ever goes deeper: it ends here too.
    if (depth >= limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

interface Scope {
  depth: number;
  /** Where in the client's schema, for error messages: `schema.properties["a"].items`. */
  at: string;
  /** Definition names a `$ref` here may name (node-llama-cpp resolves them lexically, as here). */
  defs: ReadonlySet<string>;
}

const child = (scope: Scope, at: string): Scope => ({ ...scope, depth: scope.depth + 1, at });
/** A client's name in a message: quoted, and cut (a property name may be kilobytes long). */
const q = (name: string): string => JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);
const kind = (v: unknown): string => (v === null ? "null" : Array.isArray(v) ? "an array" : `a ${typeof v}`);

export function toGrammarSchema(schema: unknown): Obj {
  if (jsonDepthExceeds(schema, MAX_JSON_DEPTH)) throw new SchemaError(`schema nests more than ${MAX_JSON_DEPTH} levels deep`);
  if (schema === undefined) return anyJson(); // no schema given: any JSON value, as `true`
  return convert(schema, { depth: 0, at: "schema", defs: new Set() });
}

/**
 * Any JSON value. node-llama-cpp turns a schema without a type into `null` alone, and has no
 * keyword for "anything"; an array without `items` and an object with `additionalProperties: true`
 * are its two "any JSON" inside.
 */
function anyJson(): Obj {
  return { oneOf: [{ type: ["string", "number", "boolean", "null"] }, { type: "array" }, { type: "object", properties: {}, additionalProperties: true }] };
}

function convert(schema: unknown, scope: Scope): Obj {
  const { at } = scope;
  if (scope.depth > MAX_SCHEMA_DEPTH) throw new SchemaError(`${at}: schema nested more than ${MAX_SCHEMA_DEPTH} levels deep`);
  if (schema === true) return anyJson();
  if (schema === false) throw new SchemaError(`${at} is false: no value can match it`);
  if (!isObj(schema)) throw new SchemaError(`${at} must be a JSON schema (an object or a boolean), not ${kind(schema)}`);
  checkLimits(schema, at);
  const defs = defsOf(schema, at);
  const inner: Scope = defs ? { ...scope, defs: new Set([...scope.defs, ...Object.keys(defs)]) } : scope;
  const out: Obj = {};
  if (typeof schema.description === "string") out.description = schema.description.slice(0, 500);
  if (Object.hasOwn(schema, "const")) return { ...out, const: schema.const as JsonValue };
  if (schema.enum !== undefined) {
    if (!Array.isArray(schema.enum)) throw new SchemaError(`${at}.enum must be an array, not ${kind(schema.enum)}`);
    if (schema.enum.length === 0) throw new SchemaError(`${at}.enum is empty: no value can match it`);
    return { ...out, enum: schema.enum };
  }
  const altKey = schema.oneOf !== undefined ? "oneOf" : schema.anyOf !== undefined ? "anyOf" : undefined;
  if (altKey) {
    const list = schema[altKey];
    if (!Array.isArray(list)) throw new SchemaError(`${at}.${altKey} must be an array, not ${kind(list)}`);
    // A `false` alternative matches nothing: it is left out. With none left, nothing can match.
    const oneOf = list.flatMap((s, i) => (s === false ? [] : [convert(s, child(inner, `${at}.${altKey}[${i}]`))]));
    if (oneOf.length === 0) throw new SchemaError(`${at}.${altKey} ${list.length === 0 ? "is empty" : "has only false alternatives"}: no value can match it`);
    return withDefs({ ...out, oneOf }, defs, inner);
  }
  if (schema.$ref !== undefined) return withDefs({ ...out, $ref: refOf(schema.$ref, inner) }, defs, inner);

  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  for (const t of types) if (typeof t !== "string" || !TYPES.has(t)) throw new SchemaError(`${at}.type ${typeof t === "string" ? q(t) : kind(t)} is not a JSON schema type`);
  if (Array.isArray(schema.type) && types.length === 0) throw new SchemaError(`${at}.type is an empty list: no value can match it`);
  if (types.length > 1) {
    // A list of types with string limits would lose them: spell it as oneOf. Its definitions are
    // converted once, here, not again in each alternative (nested, that multiplies).
    if ((types.includes("string") && (schema.maxLength !== undefined || schema.minLength !== undefined)) || types.includes("object") || types.includes("array")) {
      const oneOf = types.map((t) => convert({ ...schema, type: t, $defs: undefined, definitions: undefined }, child(inner, at)));
      return withDefs({ ...out, oneOf }, defs, inner);
    }
    return { ...out, type: types as string[] };
  }
  // Without a type, `properties` / `items` still say what the client wants (llama.cpp reads them so too).
  const type = (types[0] as string | undefined) ?? (schema.properties !== undefined ? "object" : schema.items !== undefined ? "array" : undefined);
  switch (type) {
    case "object":
      return withDefs(objectOf(schema, out, inner), defs, inner);
    case "array": {
      const res: Obj = { ...out, type: "array" };
      if (Array.isArray(schema.items)) throw new SchemaError(`${at}.items as a list (a draft-04 tuple) is not supported`);
      if (typeof schema.minItems === "number") res.minItems = schema.minItems;
      if (typeof schema.maxItems === "number") res.maxItems = schema.maxItems;
      if (schema.items === false) {
        // No item can match: only [] can.
        if (typeof schema.minItems === "number" && schema.minItems > 0) throw new SchemaError(`${at}.items is false, so only [] matches, but minItems is ${schema.minItems}`);
        res.maxItems = 0;
      } else if (schema.items !== undefined) res.items = convert(schema.items, child(inner, `${at}.items`));
      return withDefs(res, defs, inner);
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
      return { ...out, ...anyJson() };
  }
}

function objectOf(schema: Obj, out: Obj, scope: Scope): Obj {
  const { at } = scope;
  if (schema.properties !== undefined && !isObj(schema.properties)) throw new SchemaError(`${at}.properties must be an object, not ${kind(schema.properties)}`);
  const required = schema.required;
  if (required !== undefined && !(Array.isArray(required) && required.every((r) => typeof r === "string"))) throw new SchemaError(`${at}.required must be a list of property names`);
  const requiredNames = new Set(required as string[] | undefined);
  // Without a prototype: a property may be named "__proto__" (assigned to a plain object, that
  // sets its prototype and the property is gone) or "constructor" / "toString" (present on any).
  const props: Obj = Object.create(null) as Obj;
  for (const [k, v] of Object.entries(schema.properties ?? {})) {
    if (v === false) {
      // A property that may not be present: left out, unless it must be.
      if (requiredNames.has(k)) throw new SchemaError(`${at}.properties[${q(k)}] is false but required: no object can match`);
      continue;
    }
    props[k] = convert(v, child(scope, `${at}.properties[${q(k)}]`));
  }
  // node-llama-cpp's grammar emits exactly the listed properties (additionalProperties or not):
  // a required name not among them would never be produced.
  for (const name of requiredNames) {
    if (!Object.hasOwn(props, name)) throw new SchemaError(`${at}.required names ${q(name)}, which is not among its properties: the grammar emits only the listed properties`);
  }
  const res: Obj = { ...out, type: "object", properties: props };
  // OpenAI strict mode requires every property; the grammar then emits all of them.
  res.required = (required as string[] | undefined) ?? Object.keys(props);
  return res;
}

function defsOf(schema: Obj, at: string): Obj | undefined {
  const key = schema.$defs !== undefined ? "$defs" : schema.definitions !== undefined ? "definitions" : undefined;
  if (!key) return undefined;
  const defs = schema[key];
  if (!isObj(defs)) throw new SchemaError(`${at}.${key} must be an object, not ${kind(defs)}`);
  return defs;
}

function withDefs(res: Obj, defs: Obj | undefined, scope: Scope): Obj {
  if (defs) {
    const converted: Obj = Object.create(null) as Obj; // any name, as for properties
    for (const [k, v] of Object.entries(defs)) converted[k] = convert(v, child(scope, `${scope.at}.$defs[${q(k)}]`));
    res.$defs = converted;
  }
  return res;
}

/** A `$ref` as node-llama-cpp resolves it (`#/$defs/name`), naming a definition in scope. */
function refOf(ref: JsonValue, scope: Scope): string {
  if (typeof ref !== "string") throw new SchemaError(`${scope.at}.$ref must be a string, not ${kind(ref)}`);
  const prefix = ref.startsWith("#/$defs/") ? "#/$defs/" : ref.startsWith("#/definitions/") ? "#/definitions/" : undefined;
  if (!prefix) throw new SchemaError(`${scope.at}.$ref ${q(ref)} is not supported: only "#/$defs/<name>" or "#/definitions/<name>"`);
  const name = ref.slice(prefix.length);
  if (!scope.defs.has(name)) throw new SchemaError(`${scope.at}.$ref ${q(ref)} names no definition`);
  return `#/$defs/${name}`;
}

/**
 * Length, count and range keywords: numbers of the right kind, and no minimum above its maximum
 * (node-llama-cpp would stretch the maximum to the minimum: a 5-character string for maxLength 2).
 * Checked whatever the type: contradictory limits are a client's mistake worth saying.
 */
function checkLimits(schema: Obj, at: string): void {
  for (const k of ["minLength", "maxLength", "minItems", "maxItems"]) {
    const v = schema[k];
    if (v !== undefined && !(typeof v === "number" && Number.isInteger(v) && v >= 0)) throw new SchemaError(`${at}.${k} must be a non-negative integer`);
  }
  for (const [min, max, what] of [["minLength", "maxLength", "string"], ["minItems", "maxItems", "array"]] as const) {
    const lo = schema[min] as number | undefined;
    const hi = schema[max] as number | undefined;
    if (lo !== undefined && hi !== undefined && lo > hi) throw new SchemaError(`${at}: ${min} ${lo} is greater than ${max} ${hi}: no ${what} can match`);
  }
  for (const k of ["minimum", "maximum"]) if (schema[k] !== undefined && typeof schema[k] !== "number") throw new SchemaError(`${at}.${k} must be a number`);
  for (const k of ["exclusiveMinimum", "exclusiveMaximum"]) {
    if (schema[k] !== undefined && typeof schema[k] !== "number" && typeof schema[k] !== "boolean") throw new SchemaError(`${at}.${k} must be a number`);
  }
  const lo = bound(schema.minimum, schema.exclusiveMinimum, 1);
  const hi = bound(schema.maximum, schema.exclusiveMaximum, -1);
  if (!lo || !hi) return;
  const integer = schema.type === "integer";
  // The least and greatest value in range: for integers the first and last integer.
  const first = integer ? (lo.strict ? Math.floor(lo.value) + 1 : Math.ceil(lo.value)) : lo.value;
  const last = integer ? (hi.strict ? Math.ceil(hi.value) - 1 : Math.floor(hi.value)) : hi.value;
  if (first > last || (!integer && first === last && (lo.strict || hi.strict))) {
    const range = `${lo.strict ? "(" : "["}${lo.value}, ${hi.value}${hi.strict ? ")" : "]"}`;
    throw new SchemaError(`${at}: the range ${range} of minimum / maximum holds no ${integer ? "integer" : "number"}`);
  }
}

/**
 * One end of a numeric range: the tighter of the inclusive and the exclusive keyword (draft 4
 * spells exclusivity as `exclusiveMinimum: true` beside `minimum`). `side` 1 for the lower end.
 */
function bound(inclusive: JsonValue | undefined, exclusive: JsonValue | undefined, side: 1 | -1): { value: number; strict: boolean } | undefined {
  const a = typeof inclusive === "number" ? { value: inclusive, strict: exclusive === true } : undefined;
  const b = typeof exclusive === "number" ? { value: exclusive, strict: true } : undefined;
  if (!a || !b) return a ?? b;
  if (a.value === b.value) return b;
  return (a.value - b.value) * side > 0 ? a : b;
}
