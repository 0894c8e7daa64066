/**
 * The OpenAPI document (schemas/openapi/filescan-api.yaml) is the single source of request
 * validation: its component schemas are compiled with ajv (JSON Schema 2020-12, the dialect of
 * OpenAPI 3.1) and their errors turned into one entry per field.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { parse } from "yaml";
import { repoRoot } from "@filescan/config";
import type { FieldError } from "./problem.ts";

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export const OPENAPI_FILE = path.join(repoRoot(), "schemas", "openapi", "filescan-api.yaml");

export interface OpenApiDocument {
  openapi: string;
  components: { schemas: Record<string, unknown> };
  [k: string]: unknown;
}

let cached: OpenApiDocument | undefined;
export function openApiDocument(): OpenApiDocument {
  cached ??= parse(readFileSync(OPENAPI_FILE, "utf8")) as OpenApiDocument;
  return cached;
}

const DOC_ID = "filescan-api";

export interface Validators {
  tokenRequest: ValidateFunction;
  submission: ValidateFunction;
  queryRequest: ValidateFunction;
}

export function compileValidators(doc: OpenApiDocument = openApiDocument()): Validators {
  // strict: false — the document carries OpenAPI keywords (paths, info, ...) beside the schemas.
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(doc as object, DOC_ID);
  const get = (name: string): ValidateFunction => {
    const v = ajv.getSchema(`${DOC_ID}#/components/schemas/${name}`);
    if (!v) throw new Error(`OpenAPI document has no schema ${name}`);
    return v;
  };
  return { tokenRequest: get("TokenRequest"), submission: get("Submission"), queryRequest: get("QueryRequest") };
}

/** One entry per field, in the order of the schema's `required` list when it has one. */
export function fieldErrors(errors: ErrorObject[] | null | undefined): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const e of errors ?? []) {
    let field: string;
    let code: FieldError["code"];
    let message: string;
    if (e.keyword === "required") {
      field = String((e.params as { missingProperty: string }).missingProperty);
      code = "missing";
      message = "is required";
    } else {
      field = e.instancePath.replace(/^\//, "").replace(/~1/g, "/").replace(/~0/g, "~") || "(body)";
      if (e.keyword === "type") {
        code = "type";
        message = `must be a ${(e.params as { type: string }).type}`;
      } else {
        code = "invalid";
        message = describe(field, e);
      }
    }
    const prev = byField.get(field);
    if (!prev) byField.set(field, { field, code, message });
    else if (prev.code === "invalid" && code === "invalid" && !prev.message.includes(message)) prev.message += `; ${message}`;
  }
  return [...byField.values()];
}

function describe(field: string, e: ErrorObject): string {
  switch (e.keyword) {
    case "pattern":
      if (field === "sha256") return "must be 64 hexadecimal characters";
      if (field === "sha1") return "must be 40 hexadecimal characters";
      if (field === "md5") return "must be 32 hexadecimal characters";
      if (field === "filename") return "must be a base name (no '/', '\\' or NUL)";
      if (field === "timestamp") return "must be an RFC 3339 date-time with a time-zone offset";
      return "has the wrong format";
    case "format":
      return field === "timestamp" ? "must be an RFC 3339 date-time with a time-zone offset" : `must be a valid ${(e.params as { format: string }).format}`;
    case "not":
      return field === "filename" ? "must be a base name (not '.' or '..')" : "is not allowed";
    case "minLength":
      return "must not be empty";
    case "maxLength":
      return `must be at most ${(e.params as { limit: number }).limit} characters`;
    default:
      return e.message ?? "is invalid";
  }
}
