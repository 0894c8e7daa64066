/** RFC 9457 problem details with a stable `code` (the list is in schemas/openapi/filescan-api.yaml). */
export type ProblemCode =
  | "invalid_json"
  | "validation_failed"
  | "hash_mismatch"
  | "unauthorized"
  | "rate_limited"
  | "file_too_large"
  | "body_too_large"
  | "metadata_too_large"
  | "unsupported_media_type"
  | "queue_full"
  | "queue_error"
  | "store_error"
  | "not_found"
  | "method_not_allowed"
  | "bad_request"
  | "request_timeout"
  | "headers_too_large"
  | "internal_error";

export interface FieldError {
  field: string;
  code: "missing" | "type" | "invalid" | "hash_mismatch" | "too_deep";
  message: string;
}

const TITLES: Record<ProblemCode, string> = {
  invalid_json: "Request body is not a JSON object",
  validation_failed: "Request failed validation",
  hash_mismatch: "Digests do not match the file",
  unauthorized: "Authentication required",
  rate_limited: "Too many requests",
  file_too_large: "File too large",
  body_too_large: "Request body too large",
  metadata_too_large: "Submission metadata too large",
  unsupported_media_type: "Content-Type must be application/json",
  queue_full: "Queue is full",
  queue_error: "Could not queue the submission",
  store_error: "Storage unavailable",
  not_found: "Not found",
  method_not_allowed: "Method not allowed",
  bad_request: "Not a valid HTTP request",
  request_timeout: "Request not received in time",
  headers_too_large: "Request headers too large",
  internal_error: "Internal error",
};

export class Problem extends Error {
  readonly status: number;
  readonly code: ProblemCode;
  readonly detail: string | undefined;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;
  /** Koa: this error's message is safe to show. */
  readonly expose = true;

  constructor(status: number, code: ProblemCode, detail?: string, opts: { errors?: FieldError[]; headers?: Record<string, string>; cause?: unknown } = {}) {
    super(detail ?? TITLES[code], { cause: opts.cause });
    this.name = "Problem";
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.errors = opts.errors;
    this.headers = opts.headers ?? {};
  }

  body(instance?: string): Record<string, unknown> {
    const b: Record<string, unknown> = { type: `urn:filescan:problem:${this.code}`, title: TITLES[this.code], status: this.status, code: this.code };
    if (this.detail !== undefined) b.detail = this.detail;
    if (instance !== undefined) b.instance = instance;
    if (this.errors !== undefined) b.errors = this.errors;
    return b;
  }
}

export const BEARER_CHALLENGE = 'Bearer realm="filescan"';

export function unauthorized(detail: string, error: "invalid_token" | "insufficient_scope" | null = "invalid_token"): Problem {
  const challenge = error === null ? BEARER_CHALLENGE : `${BEARER_CHALLENGE}, error="${error}"`;
  return new Problem(401, "unauthorized", detail, { headers: { "WWW-Authenticate": challenge } });
}
