/**
 * Validators compiled from schemas/openapi/geoip.yaml (JSON Schema 2020-12, as
 * OpenAPI 3.1 uses), so tests check bodies against the published document itself.
 */
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { parse as parseYaml } from "yaml";
import { OPENAPI_FILE } from "./app.ts";

export function parseOpenapi(text = readFileSync(OPENAPI_FILE, "utf8")): Record<string, unknown> {
  return parseYaml(text) as Record<string, unknown>;
}

/** A validator for `#/components/schemas/<name>`: returns undefined when valid, else the errors as text. */
export function openapiValidators(doc = parseOpenapi()): (schema: string, value: unknown) => string | undefined {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(doc, "geoip");
  return (schema, value) => {
    const v = ajv.getSchema(`geoip#/components/schemas/${schema}`);
    if (!v) throw new Error(`no schema ${schema}`);
    return v(value) ? undefined : ajv.errorsText(v.errors);
  };
}
