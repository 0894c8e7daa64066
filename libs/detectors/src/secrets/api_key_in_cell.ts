import type { Candidate, Detector } from "../core/types.ts";
import { randomKey } from "./api_key.ts";
import { isPlaceholder } from "./assignment.ts";

/** The context terms that say a key or a secret, not a token. */
const KEY_TERMS: ReadonlySet<string> = new Set(["api key", "apikey", "secret key", "secret", "client secret", "secret access key", "access key"]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A digest named by its algorithm: a wheel's RECORD ("sha256=lTQI…"), npm's integrity ("sha512-…"). */
const DIGEST = /^(?:sha(?:1|224|256|384|512)|md5|blake2[bs]?)[=:-]/i;

/**
 * An API key, a token or a client secret alone in a cell under its column, or a record's value
 * under its key read as a cell: a sheet of service accounts ("service,client_id,client_secret"), a
 * Kubernetes container's environment (`- name: STRIPE_SECRET_KEY` / `value: "sk_live_…"`, the
 * pair's name is the value's key), AWS's tags. The value is one word of 16 to 256 characters and
 * random (`randomKey`, as `api_key` asks of an assignment's value); the column is the evidence:
 * alone the cell scores 0.3 (not reported), under a key's, a secret's or a token's label 0.65.
 * Columns about a key rather than holding one ("key_id", "token_expiry", "secret_name"), and
 * tokens that open nothing (a page's "NextToken", an idempotency "ClientToken"), take it below the
 * minimum again; an example's value ("…EXAMPLEKEY") is none.
 */
export const apiKeyInCell: Detector = {
  id: "api_key_in_cell",
  type: "API_KEY",
  area: "secrets",
  category: "credential",
  description: "API key, token or client secret alone in a cell of its column (entropy-checked; the header is the evidence)",
  patterns: [],
  context: [...KEY_TERMS, "access token", "auth token", "refresh token", "private token", "token"],
  negativeHeader: ["id", "name", "type", "expiry", "expires", "expiration", "expired", "created", "updated", "date", "status", "length", "count", "arn", "url", "uri", "path", "file", "version", "label", "field", "hint", "description", "region", "alias", "fingerprint", "hash",
    // tokens that open nothing: a page's (AWS's "NextToken"), a request's idempotency ("ClientToken",
    // "clientRequestToken", "CreationToken"), a lifecycle hook's, a domain's verification record, a form's CSRF token
    // and a handle to a change, a lock, an import or an export (AWS WAF's "ChangeToken" and "LockToken")
    "next", "page", "pagination", "continuation", "marker", "cursor", "client token", "request token", "idempotency", "creation", "purchase", "lifecycle", "action", "verification", "registration", "sync", "csrf", "xsrf", "nonce", "state", "change", "lock", "import", "export", "copy", "subject"],
  prefilter: { maxChars: 300 },
  // Only under a key's label (or beside one): elsewhere the cell is not even read.
  maxBaseScore: 0.3,
  find(text): Candidate[] {
    const value = text.trim();
    if (value.length < 16 || value.length > 256 || DIGEST.test(value) || isPlaceholder(value) || !randomKey(value)) return [];
    const start = text.indexOf(value);
    const cand: Candidate = { start, end: start + value.length, score: 0.3, validation: "key_column", whole: true };
    // (a UUID under a token's label is a handle, a request's or a lock's; under a key's or a secret's it may be one: Heroku's API keys)
    if (UUID.test(value)) cand.onlyContext = KEY_TERMS;
    return [cand];
  },
};
