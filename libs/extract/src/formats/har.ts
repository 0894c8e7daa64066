/**
 * HAR files (HTTP Archive 1.2): what a browser's developer tools save ("Save all as HAR") and what
 * support desks ask customers for, with the session cookies and bearer tokens of everything the
 * page called inside (how Okta's support system leaked its customers' sessions in 2023). Each
 * entry is read as a web archive's records are (`http-parts.ts`), named by its URL:
 * - `request <URL>`: the headers that carry a credential, the query string's and the posted
 *   form's fields as `name: value` lines (`part: query`, `part: form`), another body as the file it
 *   is;
 * - `<URL>`: the response's credential headers (`Set-Cookie`) and its body (base64 decoded), read
 *   as the file its MIME type says (an API's JSON, a page, a PDF);
 * - the cookies a HAR lists apart, when its headers do not carry them (a HAR sanitised of headers).
 * A file that is no JSON is read as text, reason `corrupt`.
 */
import { childPath, childScope, type Ctx, type Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { decodeText } from "../text-decode.ts";
import { credentialLines, detectionName, formLines, mediaType, recordName } from "./http-parts.ts";
import { readCounted } from "./mail-parts.ts";
import { emitChunks } from "./text.ts";

/** A HAR's start: `{"log": {` and one of the log's own members. */
export const HAR_START = /^\{\s*"log"\s*:\s*\{\s*"(?:version|creator|browser|pages|entries)"/;

interface Pair {
  name?: unknown;
  value?: unknown;
}
interface Message {
  url?: unknown;
  headers?: unknown;
  cookies?: unknown;
  queryString?: unknown;
  postData?: { mimeType?: unknown; text?: unknown; params?: unknown };
  content?: { mimeType?: unknown; text?: unknown; encoding?: unknown };
}

const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** A list of name/value pairs (headers, cookies, a query string, a form's params) as [name, value]. */
function pairs(list: unknown): Array<[string, string]> {
  return Array.isArray(list) ? list.filter((p): p is Pair => typeof p === "object" && p !== null).map((p) => [str(p.name), str(p.value)]) : [];
}

/** The credential headers, and the cookies listed apart when no header carries them, as [part, line]. */
function credentials(m: Message, cookieHeader: string): Array<[string, string]> {
  const lines = credentialLines(pairs(m.headers)).map(([name, line]): [string, string] => [`header:${name}`, line]);
  if (!lines.some(([part]) => part === `header:${cookieHeader}`)) {
    for (const [name, value] of pairs(m.cookies)) if (name || value) lines.push(["cookie", `${cookieHeader}: ${name}=${value}`]);
  }
  return lines;
}

/** What a member holds: lines under parts, and a body to read as a file. */
interface Member {
  lines: Array<[string, string]>;
  body: Uint8Array | null;
  detectAs: string;
}

function requestMember(req: Message, url: string): Member {
  const lines = credentials(req, "cookie");
  const query = pairs(req.queryString)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");
  if (query) lines.push(["query", query]);
  const post = req.postData;
  const type = mediaType(str(post?.mimeType));
  const params = pairs(post?.params);
  let body: Uint8Array | null = null;
  if (params.length > 0) lines.push(["form", params.map(([k, v]) => `${k}: ${v}`).join("\n")]);
  else if (type === "application/x-www-form-urlencoded") lines.push(["form", formLines(str(post?.text))]);
  else if (str(post?.text)) body = Buffer.from(str(post?.text), "utf8");
  return { lines, body, detectAs: detectionName(url, type, null) };
}

function responseMember(res: Message, url: string): Member {
  const content = res.content;
  const text = str(content?.text);
  const body = text ? Buffer.from(text, str(content?.encoding).toLowerCase() === "base64" ? "base64" : "utf8") : null;
  return { lines: credentials(res, "set-cookie"), body, detectAs: detectionName(url, str(content?.mimeType), null) };
}

/** Reads one member; false when the entry limit stops the file. */
async function readMember(ctx: Ctx, scope: Scope, name: string, m: Member): Promise<boolean> {
  const lines = m.lines.filter(([, line]) => /\S/.test(line));
  if (lines.length === 0 && !m.body?.byteLength) return true;
  if (!ctx.takeEntry(childPath(scope, name))) return false;
  const where = childScope(scope, name);
  for (const [part, line] of lines) ctx.emit(where, line, { part });
  if (m.body?.byteLength) await readCounted(ctx, scope, name, m.body, m.detectAs);
  return true;
}

export const harFormat: Format = {
  kinds: ["har"],
  library: "JSON.parse",
  async extract(bytes, scope, ctx) {
    const { text } = decodeText(bytes);
    let har: { log?: { entries?: unknown } };
    try {
      har = JSON.parse(text) as typeof har;
    } catch (e) {
      ctx.reason("corrupt", `har: ${(e as Error).message}; read as text`, scope.path);
      emitChunks(ctx, scope, text);
      return;
    }
    const entries = Array.isArray(har?.log?.entries) ? (har.log.entries as unknown[]) : [];
    for (const [i, entry] of entries.entries()) {
      ctx.checkTime();
      if (typeof entry !== "object" || entry === null) continue;
      const { request, response } = entry as { request?: Message; response?: Message };
      const url = str(request?.url);
      if (request && !(await readMember(ctx, scope, recordName(i + 1, "request", url), requestMember(request, url)))) return;
      if (response && !(await readMember(ctx, scope, recordName(i + 1, "response", url), responseMember(response, url)))) return;
    }
  },
};
