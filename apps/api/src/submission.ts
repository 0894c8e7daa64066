/**
 * /submit's checks beyond the schema and the event it produces. Pure functions: the unit
 * specs run them without servers.
 */
import { createHash, hash } from "node:crypto";
import { v7 as uuidv7 } from "uuid";
import { isRawJson, timestampMs, type FileSubmitted, type Principal } from "@filescan/contracts";
import { Problem, type FieldError } from "./problem.ts";
import type { Validators } from "./openapi.ts";
import { fieldErrors } from "./openapi.ts";

export const SUBMISSION_FIELDS = ["mimetype", "file_data", "sha256", "sha1", "md5", "filename", "full_path", "timestamp", "app"] as const;
type Field = (typeof SUBMISSION_FIELDS)[number];
export type Submission = Record<Field, string>;

/** Decoded size of a base64 text of this length (exact for padded base64). */
export function decodedLength(b64: string): number {
  const n = b64.length;
  if (n === 0) return 0;
  const pad = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
  return Math.floor((n * 3) / 4) - pad;
}

/**
 * Strict RFC 4648 base64: standard alphabet, padded, no whitespace, canonical (unused bits
 * zero). Node's decoder is lenient, so decode and check that re-encoding gives the same text.
 */
export function decodeStrictBase64(b64: string): Buffer | null {
  if (b64.length % 4 !== 0) return null;
  const buf = Buffer.from(b64, "base64");
  if (buf.length !== decodedLength(b64)) return null;
  return buf.toString("base64") === b64 ? buf : null;
}

/**
 * How deep an extra field's value may nest (an object or array counts one level). Every stage
 * writes the extra fields back as JSON, and Elasticsearch's `flattened` field reads 20 levels:
 * a body of brackets 10,000 deep overflowed the stack of JSON.stringify (a 500 to a bad request).
 */
export const MAX_EXTRA_DEPTH = 64;

/**
 * What is wrong with an extra field's value, read without recursion: nested deeper than
 * MAX_EXTRA_DEPTH, or a number JSON.parse read as Infinity ("1e999"), which JSON cannot carry
 * (it would be stored as null).
 */
export function extraFieldErrors(field: string, value: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const stack: Array<[unknown, number]> = [[value, 0]];
  let deep = false;
  let infinite = false;
  while (stack.length > 0 && !(deep && infinite)) {
    const [v, depth] = stack.pop()!;
    if (typeof v === "number") infinite ||= !Number.isFinite(v);
    else if (typeof v === "object" && v !== null && !isRawJson(v)) {
      if (depth >= MAX_EXTRA_DEPTH) deep = true;
      else for (const x of Array.isArray(v) ? v : Object.values(v)) stack.push([x, depth + 1]);
    }
  }
  if (deep) errors.push({ field, code: "too_deep", message: `nests objects or arrays more than ${MAX_EXTRA_DEPTH} levels deep` });
  if (infinite) errors.push({ field, code: "invalid", message: "holds a number out of JSON's range" });
  return errors;
}

export interface Checked {
  submission: Submission;
  extra: Record<string, unknown>;
  content: Buffer;
}

/**
 * Everything /submit checks on a parsed body: the OpenAPI schema, the decoded size (413),
 * strict base64, and the three digests against the bytes. Throws a Problem listing every
 * bad field at once.
 */
export function checkSubmission(body: unknown, validators: Validators, maxFileBytes: number): Checked {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new Problem(400, "invalid_json", "the request body must be a JSON object");
  }
  const o = body as Record<string, unknown>;
  // Size first, before decoding anything: a too-large file is a 413 whatever else is wrong.
  if (typeof o.file_data === "string" && decodedLength(o.file_data) > maxFileBytes) {
    throw new Problem(413, "file_too_large", `file_data decodes to more than ${maxFileBytes} bytes (FILESCAN_MAX_FILE_BYTES)`);
  }
  const errors: FieldError[] = validators.submission(o) ? [] : fieldErrors(validators.submission.errors);
  const bad = new Set(errors.map((e) => e.field));

  // A lone surrogate cannot be written as UTF-8: the event carried U+FFFD in its place, and two
  // different names were stored as one (extra fields keep theirs, escaped, in extra_json;
  // file_data is base64 or refused below).
  for (const f of SUBMISSION_FIELDS) {
    const v = o[f];
    if (typeof v === "string" && f !== "file_data" && !bad.has(f) && !v.isWellFormed()) errors.push({ field: f, code: "invalid", message: "must be well-formed Unicode (holds a lone surrogate)" });
  }

  let content: Buffer | null = null;
  if (typeof o.file_data === "string") {
    content = decodeStrictBase64(o.file_data);
    if (content === null) errors.push({ field: "file_data", code: "invalid", message: "must be strict, padded RFC 4648 base64 (standard alphabet, no whitespace)" });
  }
  let mismatchOnly = errors.length === 0;
  if (content !== null) {
    for (const [field, algo] of [["sha256", "sha256"], ["sha1", "sha1"], ["md5", "md5"]] as const) {
      const claimed = o[field];
      if (typeof claimed !== "string" || bad.has(field)) continue;
      const actual = hash(algo, content, "hex"); // one-shot: no Hash object per digest
      if (actual !== claimed.toLowerCase()) {
        errors.push({ field, code: "hash_mismatch", message: `does not match the ${algo} of the decoded file_data` });
      }
    }
  }
  for (const [k, v] of Object.entries(o)) if (!(SUBMISSION_FIELDS as readonly string[]).includes(k)) errors.push(...extraFieldErrors(k, v));
  if (errors.length > 0) {
    mismatchOnly = mismatchOnly && errors.every((e) => e.code === "hash_mismatch");
    const order = (f: string) => {
      const i = (SUBMISSION_FIELDS as readonly string[]).indexOf(f);
      return i < 0 ? SUBMISSION_FIELDS.length : i;
    };
    errors.sort((a, b) => order(a.field) - order(b.field));
    if (mismatchOnly) {
      throw new Problem(400, "hash_mismatch", `digest mismatch: ${errors.map((e) => e.field).join(", ")}`, { errors });
    }
    throw new Problem(400, "validation_failed", `invalid or missing: ${errors.map((e) => e.field).join(", ")}`, { errors });
  }

  const submission = {} as Submission;
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if ((SUBMISSION_FIELDS as readonly string[]).includes(k)) submission[k as Field] = v as string;
    // defineProperty: an extra field named "__proto__" stays a field (assignment would set the prototype).
    else Object.defineProperty(extra, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return { submission, extra, content: content! };
}

/**
 * The submission id: a UUID v7 whose time is the client's `timestamp` and whose remaining 74
 * bits come from a SHA-256 over (principal, sha256, full_path, timestamp, app, filename). The
 * same submission retried (after a 500, a timeout or a lost answer) gets the same id, and every
 * sink keys on it, so a retry never makes a second sighting.
 */
export function submissionId(principal: Principal, s: Submission): string {
  const h = createHash("sha256")
    .update(JSON.stringify([principal.subject, s.sha256.toLowerCase(), s.full_path, s.timestamp, s.app, s.filename]))
    .digest();
  const t = timestampMs(s.timestamp);
  const msecs = Number.isFinite(t) ? Math.min(Math.max(t, 0), 2 ** 48 - 1) : 0;
  return uuidv7({ msecs, random: new Uint8Array(h.subarray(0, 16)) });
}

/** `minAnalyzerVersion`: the API's FILESCAN_MIN_ANALYZER_VERSION (what /query counts), for the classifier. */
export function buildEvent(checked: Checked, principal: Principal, receivedAt: number, minAnalyzerVersion = 0): FileSubmitted {
  const s = checked.submission;
  return {
    submission_id: submissionId(principal, s),
    received_at: receivedAt,
    principal,
    mimetype: s.mimetype,
    sha256: s.sha256.toLowerCase(),
    sha1: s.sha1.toLowerCase(),
    md5: s.md5.toLowerCase(),
    filename: s.filename,
    full_path: s.full_path,
    timestamp: s.timestamp,
    app: s.app,
    extra_json: JSON.stringify(checked.extra),
    size: checked.content.length,
    content: checked.content,
    min_analyzer_version: minAnalyzerVersion,
  };
}
