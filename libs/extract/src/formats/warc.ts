/**
 * Web archives: WARC (ISO 28500; what Heritrix, wget --warc-file, Browsertrix, Common Crawl and a
 * records team's web capture write) through warcio, and ARC, the Internet Archive's format before
 * it, turned into WARC records for the same parser. Each captured page or file is read like an
 * archive member, named by its URI in `file_in_zip` ("https://intranet.example/hr/payroll.pdf"):
 * - a response's payload (its HTTP headers off, its transfer and content encodings undone, within
 *   the ratio and total-bytes limits), a resource's or a conversion's block;
 * - a request's body under "request <URI>" (a form's fields as `name: value` lines, `part: form`);
 * - the headers that carry a credential (Authorization, Cookie, Set-Cookie…) of either, as
 *   `Name: value` lines (a crawl made with a logged-in browser keeps its session);
 * - the archive's warcinfo record (the crawl's operator, its description), as text.
 * Metadata records (links, timings), revisits without a payload and continuations are skipped.
 */
import { Readable } from "node:stream";
import { LimitReader, WARCParser, type WARCRecord } from "warcio";
import { childPath, childScope, Stop, type Ctx, type Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { readKept } from "./compressed.ts";
import { credentialLines, detectionName, formLines, mediaType, recordName } from "./http-parts.ts";

/** WARC's version line, or an ARC's first record (its "filedesc://" header line ends with the record's length). */
export function webArchiveKind(bytes: Uint8Array): "warc" | "arc" | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 512)).toString("latin1");
  if (/^WARC\/\d\.\d+\r?\n/.test(head)) return "warc";
  if (/^filedesc:\/\/[^\s]* [^\n]* \d+\r?\n/.test(head)) return "arc";
  return null;
}

/**
 * The source fed to warcio in slices: it inflates a slice of a gzip-encoded payload at a time
 * (pako), so a bomb in a payload is stopped by the ratio limit after at most a slice's worth.
 */
const SLICE = 16 * 1024;
function* slices(b: Uint8Array): Generator<Uint8Array> {
  for (let i = 0; i < b.byteLength; i += SLICE) yield b.subarray(i, i + SLICE);
}

const latin1 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("latin1");
const ascii = (s: string) => Buffer.from(s, "latin1");

/**
 * An ARC file's records as WARC records: its header line (URL, IP address, date, content type,
 * ..., length: version 1 has five fields, version 2 ten, the length last) becomes a WARC header,
 * its block is kept as it is (an HTTP response for an http URL). The file's own first record
 * ("filedesc://", the crawler's description) becomes a metadata record.
 */
export function* arcAsWarc(bytes: Uint8Array): Generator<Uint8Array> {
  let i = 0;
  while (i < bytes.byteLength) {
    if (bytes[i] === 0x0a || bytes[i] === 0x0d) {
      i++;
      continue;
    }
    const eol = bytes.indexOf(0x0a, i);
    const fields = latin1(bytes.subarray(i, eol < 0 ? bytes.byteLength : eol)).trim().split(/ +/);
    const length = Number(fields.at(-1));
    if (eol < 0 || fields.length < 5 || !Number.isSafeInteger(length) || length < 0) throw new Error(`ARC record header at byte ${i} unreadable`);
    const block = bytes.subarray(eol + 1, Math.min(bytes.byteLength, eol + 1 + length));
    const url = fields[0]!;
    const http = /^https?:/i.test(url) && latin1(block.subarray(0, 5)) === "HTTP/";
    const type = url.startsWith("filedesc:") ? "metadata" : http ? "response" : "resource";
    const contentType = http ? "application/http; msgtype=response" : (fields[3] ?? "application/octet-stream");
    yield ascii(`WARC/1.0\r\nWARC-Type: ${type}\r\nWARC-Target-URI: ${url}\r\nContent-Type: ${contentType}\r\nContent-Length: ${block.byteLength}\r\n\r\n`);
    yield* slices(block);
    yield ascii("\r\n\r\n");
    i = eol + 1 + length;
  }
}

/** Types whose payload is read; the rest hold no one's content (metadata, revisit, continuation). */
const READ = new Set(["response", "resource", "conversion", "request"]);

async function readRecord(ctx: Ctx, scope: Scope, record: WARCRecord, n: number): Promise<boolean> {
  const type = record.warcType ?? "";
  if (type === "warcinfo") {
    ctx.emit(scope, latin1(await record.readFully()), { part: "warcinfo" });
    return true;
  }
  if (!READ.has(type)) return true;
  const uri = record.warcTargetURI ?? "";
  const name = recordName(n, type, uri);
  const where = childScope(scope, name);
  if (!ctx.takeEntry(childPath(scope, name))) return false;
  for (const [header, line] of credentialLines(record.httpHeaders?.headers ?? [])) ctx.emit(where, line, { part: `header:${header}` });
  const http = record.httpHeaders?.headers;
  const payload = await readKept(ctx, where, Readable.from(record.contentReader), Math.max(1, record.warcContentLength));
  if (payload === null || payload.byteLength === 0) return true;
  const contentType = http ? http.get("content-type") : record.warcContentType;
  if (mediaType(contentType) === "application/x-www-form-urlencoded") {
    ctx.emit(where, formLines(latin1(payload)), { part: "form" });
    return true;
  }
  await ctx.recurse(payload, detectionName(uri, contentType ?? null, http?.get("content-encoding") ?? null), where);
  return true;
}

/**
 * Reads what is left of a record's block (after a limit stopped its payload, or a type not read)
 * and says whether the file ended inside it. warcio, left to skip a record the file ends inside,
 * loops for ever.
 */
async function endedInside(ctx: Ctx, record: WARCRecord): Promise<boolean> {
  const raw = record._reader;
  if (!(raw instanceof LimitReader)) return false;
  for await (const _ of raw) ctx.checkTime();
  return raw.limit > 0;
}

export const warcFormat: Format = {
  kinds: ["warc", "arc"],
  library: "warcio",
  async extract(bytes, scope, ctx, { kind }) {
    const source = kind === "arc" ? arcAsWarc(bytes) : slices(bytes);
    let n = 0;
    try {
      for await (const record of WARCParser.iterRecords(source)) {
        ctx.checkTime();
        n++;
        if (!Number.isSafeInteger(record.warcContentLength) || record.warcContentLength < 0) {
          ctx.reason("corrupt", `${kind}: record ${n} has no valid Content-Length; the records before it read`, scope.path);
          return;
        }
        const more = await readRecord(ctx, scope, record, n);
        if (await endedInside(ctx, record)) {
          ctx.reason("corrupt", `${kind}: cut short inside record ${n}; read as far as it came`, scope.path);
          return;
        }
        if (!more) return;
      }
    } catch (err) {
      // (a record that cannot be read ends the archive; the records before it are kept)
      if (err instanceof Stop || n <= 1) throw err;
      ctx.reason("corrupt", `${kind}: record ${n}: ${(err as Error).message}; the records before it read`, scope.path);
    }
  },
};
