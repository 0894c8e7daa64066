/** Reading a JSON request body with a hard size limit (nothing beyond the limit is buffered). */
import getRawBody from "raw-body";
import type { Context } from "koa";
import { parseJsonExact } from "@filescan/contracts";
import { Problem } from "./problem.ts";

interface RawBodyError extends Error {
  type?: string;
}

/** JSON is UTF-8 (RFC 8259): a body that is not is refused, not read with U+FFFD in place of its bytes. */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** The bytes that open a JSON value beyond the first: every object, array, member and element takes one. */
const STRUCTURAL = [0x7b, 0x5b, 0x2c, 0x3a]; // { [ , :

/**
 * `structure`: at most `max` of the bytes `{ [ , :` (else `tooMuch()`), counted before parsing.
 * JSON.parse builds an object for every `{}` and an element for every `,`: 40 MB of `{},` took
 * 1.3 GB of heap and 4 s of the event loop (25 s and every other request held, four at once);
 * a bound on them bounds what parsing allocates, whatever the size of the body's strings.
 */
export async function readJsonBody(ctx: Context, limit: number, tooLarge: () => Problem, structure?: { max: number; tooMuch: () => Problem }): Promise<unknown> {
  const encoding = ctx.get("Content-Encoding").toLowerCase();
  if (encoding !== "" && encoding !== "identity") {
    throw new Problem(415, "unsupported_media_type", "Content-Encoding is not supported; send the JSON uncompressed");
  }
  // Expect: 100-continue (server.ts leaves it to us): go on only with a body this route reads.
  if (/^100-continue$/i.test(ctx.get("Expect").trim()) && !(ctx.request.length > limit)) ctx.res.writeContinue();
  let raw: Buffer;
  try {
    raw = await getRawBody(ctx.req, { length: ctx.request.length, limit });
  } catch (err) {
    const type = (err as RawBodyError).type;
    if (type === "entity.too.large") throw tooLarge();
    // (stream.not.readable on a destroyed request: the client closed the connection before the body was read; it was a 500)
    if (type === "request.aborted" || (type === "stream.not.readable" && ctx.req.destroyed)) throw new Problem(400, "invalid_json", "the request body was cut short", { cause: err });
    if (type === "request.size.invalid") throw new Problem(400, "invalid_json", "the body is shorter or longer than Content-Length", { cause: err });
    throw err;
  }
  if (structure && raw.length > structure.max && countOver(raw, STRUCTURAL, structure.max)) throw structure.tooMuch();
  let text: string;
  try {
    text = UTF8.decode(raw); // (a BOM is dropped)
  } catch {
    throw new Problem(400, "invalid_json", "the request body is not UTF-8");
  }
  try {
    return parseJsonExact(text);
  } catch {
    throw new Problem(400, "invalid_json", "the request body is not valid JSON");
  }
}

/** Whether `buf` holds more than `max` of these bytes (a byte of a multi-byte UTF-8 character is never one of them). */
function countOver(buf: Buffer, bytes: number[], max: number): boolean {
  let n = 0;
  for (const b of bytes) for (let i = buf.indexOf(b); i !== -1; i = buf.indexOf(b, i + 1)) if (++n > max) return true;
  return false;
}

export function requireObject(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new Problem(400, "invalid_json", "the request body must be a JSON object");
  }
  return body as Record<string, unknown>;
}
