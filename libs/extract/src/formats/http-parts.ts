/**
 * Shared by the handlers of captured HTTP traffic (web archives, HAR files): how a request or a
 * response is named in `file_in_zip`, how its body is detected, which of its headers are read,
 * and a form's fields as lines.
 */
import { pathPart } from "./mail-parts.ts";

/** HTTP headers that carry a credential or a session, read as `name: value` lines. */
const CREDENTIAL_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-auth-token", "x-csrf-token"]);

/** An extension for text bodies whose URI does not say what they are ("/", "/report.php"), so detection reads them as what the server said. */
const EXT_BY_TYPE: Record<string, string> = {
  "text/html": "html",
  "application/xhtml+xml": "xhtml",
  "text/csv": "csv",
  "text/tab-separated-values": "tsv",
  "application/json": "json",
  "application/x-ndjson": "ndjson",
  "text/markdown": "md",
  "text/calendar": "ics",
  "text/vcard": "vcf",
  "text/x-vcard": "vcf",
  "text/plain": "txt",
};

/**
 * A request's or a response's `file_in_zip` name: its URI (no control characters; `!` escaped,
 * since `!/` parts a path), a request's prefixed. Not its user name and password, query or
 * fragment: those are the request's content (its query is read as `part: query`), and a name goes
 * unmasked into locators and the verdict's reasoning ("Strongest evidence in request
 * https://x.example/a?ssn=536-22-1234"). A query is shown as `?…`.
 */
export function recordName(n: number, type: string, uri: string): string {
  const clean = [...nameOf(uri)].filter((c) => c.charCodeAt(0) >= 0x20 && c !== "\u007f").join("").replaceAll("!", "%21").slice(0, 300);
  const name = clean || `record ${n}`;
  return type === "request" ? `request ${name}` : name;
}

/** A URI without its user name and password, query (`?…` when it had one) and fragment. */
function nameOf(uri: string): string {
  const at = uri.search(/[?#]/);
  const query = at >= 0 && uri[at] === "?" && at + 1 < uri.length && uri[at + 1] !== "#";
  const base = (at >= 0 ? uri.slice(0, at) : uri).replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, "$1");
  return query ? `${base}?…` : base;
}

/** The name a body is detected by: its URI's last part, with the extension its content type gives when it has another. */
export function detectionName(uri: string, contentType: string | null, contentEncoding: string | null): string {
  let last: string;
  try {
    last = decodeURIComponent(new URL(uri).pathname.split("/").pop() ?? "");
  } catch {
    last = uri.split(/[/?#]/).pop() ?? "";
  }
  let base = pathPart(last).slice(0, 100) || "index";
  const ext = EXT_BY_TYPE[mediaType(contentType)];
  if (ext && !base.toLowerCase().endsWith(`.${ext}`)) base += `.${ext}`;
  // (warcio undoes gzip and deflate; a Brotli body comes as it is, for the Brotli handler)
  if (contentEncoding?.trim().toLowerCase() === "br") base += ".br";
  return base;
}

/** A content type's media type alone, lower case ("text/html; charset=utf-8" → "text/html"). */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The headers that carry a credential, as [lower-case name, `name: value` line]. */
export function credentialLines(headers: Iterable<[string, string]>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [name, value] of headers) {
    const n = name.toLowerCase();
    if (CREDENTIAL_HEADERS.has(n)) out.push([n, `${n}: ${value}`]);
  }
  return out;
}

/**
 * A URL-encoded form (a POST body, a query string) as `name: value` lines, decoded: a login's
 * "password: Winter2026!", "email: jane.roe@acme.example", where the detectors read labels as
 * they read a configuration file's.
 */
export function formLines(encoded: string): string {
  return [...new URLSearchParams(encoded)].map(([k, v]) => `${k}: ${v}`).join("\n");
}
