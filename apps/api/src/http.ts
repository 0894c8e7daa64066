/** Reading a JSON request body with a hard size limit (nothing beyond the limit is buffered). */
import getRawBody from "raw-body";
import type { Context } from "koa";
import { Problem } from "./problem.ts";

interface RawBodyError extends Error {
  type?: string;
}

export async function readJsonBody(ctx: Context, limit: number, tooLarge: () => Problem): Promise<unknown> {
  const encoding = ctx.get("Content-Encoding").toLowerCase();
  if (encoding !== "" && encoding !== "identity") {
    throw new Problem(415, "unsupported_media_type", "Content-Encoding is not supported; send the JSON uncompressed");
  }
  let text: string;
  try {
    text = await getRawBody(ctx.req, { length: ctx.request.length, limit, encoding: "utf8" });
  } catch (err) {
    const type = (err as RawBodyError).type;
    if (type === "entity.too.large") throw tooLarge();
    if (type === "request.aborted") throw new Problem(400, "invalid_json", "the request body was cut short", { cause: err });
    if (type === "request.size.invalid") throw new Problem(400, "invalid_json", "the body is shorter or longer than Content-Length", { cause: err });
    throw err;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Problem(400, "invalid_json", "the request body is not valid JSON");
  }
}

export function requireObject(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new Problem(400, "invalid_json", "the request body must be a JSON object");
  }
  return body as Record<string, unknown>;
}
