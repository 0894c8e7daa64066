/**
 * One scan: walk → (cache) → hash → /query → /submit, with bounded concurrency, then, with
 * `wait`, poll until every submitted file is analysed and collect the verdicts.
 */
import { hostname } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pLimit from "p-limit";
import { maxFileBytes } from "@filescan/config";
import { ApiClient, ApiError, ApiUnavailable, type FileReport } from "./client.ts";
import { ScanCache } from "./cache.ts";
import { hashFile, NotAFile, TooLarge } from "./hash.ts";
import { Reporter, type FileResult } from "./report.ts";
import { WaitQueue } from "./wait.ts";
import { onClosedOutput } from "../exit.ts";
import { cacheKey, walk, type WalkOptions } from "./walk.ts";

export const SCAN_VERSION = "0.1.0";

/** Signal numbers on Linux: a scan ended by one exits with 128 + it, as the shell reports a process it killed. */
const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;

export interface ScanOptions extends WalkOptions {
  roots: string[];
  baseUrl: string;
  pat: string;
  /** Largest file to submit: at most the server's limit (GET /analyzer), which it is by default. */
  maxBytes?: number;
  concurrency: number;
  app: string;
  tags: Record<string, string>;
  uri: boolean;
  cacheDir: string | null;
  json: boolean;
  tty: boolean;
  wait: boolean;
  /** With `wait`: the sensitive files among those already known are listed too (a request per content). */
  known?: boolean;
  waitTimeoutMs: number;
  /** How long one request waits for an API that is down or busy (503, 429) before the scan stops (10 min). */
  apiWaitMs?: number;
  /** For tests: poll interval while waiting. */
  pollMs?: number;
}

const WAIT_LINE_MS = 5_000;
const WAIT_QUIET_MS = 30_000;

/** "analysed 49/77, 28 to go, 3m12s" (and a rough time left once some are done). */
export function waitLine(done: number, total: number, elapsedMs: number): string {
  const mins = (ms: number) => `${Math.floor(ms / 60_000)}m${String(Math.floor((ms % 60_000) / 1000)).padStart(2, "0")}s`;
  const left = done > 0 ? `, about ${mins((elapsedMs / done) * (total - done))} left` : "";
  return `analysed ${done}/${total}, ${total - done} to go, ${mins(elapsedMs)}${left}`;
}

export interface Sensitive {
  path: string;
  sha256: string;
  confidence: string;
  page_number: number | null;
  file_in_zip: string | null;
  description: string;
}

export interface ScanSummary {
  counts: Reporter["counts"];
  sensitive: Sensitive[];
  /** Submitted files not analysed when --wait gave up. */
  pending: string[];
  /** With `wait`: the files analysed (submitted and analysed, and with `known` the known ones) whose verdicts were read. */
  reported: number;
  /** With `wait`: the files analysed whose verdicts could not be read (their sensitive data, if any, is not in `sensitive`). */
  unread: number;
  /**
   * Why the scan stopped before its end: the API did not take a request for the client's whole
   * wait (down, or busy all along). The files after it would each have waited as long.
   */
  halted?: { during: "scan" | "wait"; message: string };
  line: string;
}

const MIME: Record<string, string> = {
  txt: "text/plain", log: "text/plain", csv: "text/csv", tsv: "text/tab-separated-values", json: "application/json", xml: "application/xml",
  html: "text/html", htm: "text/html", md: "text/markdown", pdf: "application/pdf", zip: "application/zip", gz: "application/gzip",
  tgz: "application/gzip", tar: "application/x-tar", "7z": "application/x-7z-compressed", bz2: "application/x-bzip2", eml: "message/rfc822",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation", doc: "application/msword", xls: "application/vnd.ms-excel",
  odt: "application/vnd.oasis.opendocument.text", ods: "application/vnd.oasis.opendocument.spreadsheet", rtf: "application/rtf",
  png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg",
};

/** The claimed type from the extension (the server detects the real one from the bytes). */
export function mimeFor(file: string): string {
  return MIME[path.extname(file).slice(1).toLowerCase()] ?? "application/octet-stream";
}

export async function runScan(o: ScanOptions): Promise<ScanSummary> {
  // (the reporter starts after the login: a 429 during it goes unsaid, the login's error says it)
  const shown: { rep?: Reporter } = {};
  const client = new ApiClient({ baseUrl: o.baseUrl, pat: o.pat, ...(o.apiWaitMs !== undefined ? { maxWaitMs: o.apiWaitMs } : {}), onBusy: (problem, waitMs) => shown.rep?.busy(problem, waitMs), onBack: () => shown.rep?.back() });
  await client.login();
  const server = await client.analyzer();
  // (a file above the server's limit is skipped unread: uploaded, it was refused with file_too_large; a server that does not say: this machine's setting)
  const maxBytes = Math.min(o.maxBytes ?? Infinity, server.maxFileBytes ?? (o.maxBytes === undefined ? maxFileBytes() : Infinity));
  // (the files analysed under another FILESCAN_MIN_ANALYZER_VERSION are asked about again)
  let cache: ScanCache;
  try {
    cache = new ScanCache(o.cacheDir, o.baseUrl, o.cacheDir ? server.minAnalyzerVersion : 0);
  } catch (err) {
    // (a service user's home that is read-only or full: said with the way out, not as a bare EACCES)
    throw new Error(`the scan cache in ${o.cacheDir} cannot be used (${(err as Error).message}); --no-cache scans without it`, { cause: err });
  }
  if (cache.heldBy !== null) process.stderr.write(`filescan scan: another scan (pid ${cache.heldBy}) is writing the cache of this API; this one reads it and writes nothing to it\n`);
  // (killed by Ctrl-C, a service manager or a closed terminal: what the journal has not yet got is appended first)
  const onSignal = (sig: NodeJS.Signals) => {
    shown.rep?.interrupt();
    cache.flush();
    cache.close();
    process.exit(128 + SIGNALS[sig as keyof typeof SIGNALS]);
  };
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.once(sig, onSignal);
  // (the reader of --json gone, `scan --json | head`: what was submitted since the journal's last
  // flush was lost with the crash; now the journal gets it, and the scan stops as SIGPIPE would)
  const noClosedOutput = onClosedOutput(() => {
    shown.rep?.interrupt("output closed");
    cache.flush();
    cache.close();
  });
  try {
    return await scanWith({ ...o, maxBytes }, client, cache, shown);
  } finally {
    for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.removeListener(sig, onSignal);
    noClosedOutput();
    cache.close();
  }
}

/** The times the API takes as a `timestamp`: RFC 3339, whose years have four digits. */
const EARLIEST = Date.parse("0000-01-01T00:00:00.000Z");
const LATEST = Date.parse("9999-12-31T23:59:59.999Z");

/**
 * A file's mtime as the submission's `timestamp`, within the years 0000–9999. A file system keeps
 * times past them (tmpfs, btrfs, NTFS to the year 30828; a client with a broken clock sets them):
 * `toISOString` wrote those as "+011476-08-15T…" or "-000249-…", which the API refuses (400), and
 * threw on one past the year 275760 ("Invalid time value", a read error): such a file failed
 * every scan and was never analysed. It is sent as the nearest time the API takes.
 */
export function timestampOf(mtimeMs: number): string {
  return new Date(Number.isFinite(mtimeMs) ? Math.min(LATEST, Math.max(EARLIEST, mtimeMs)) : 0).toISOString();
}

/** A file's file:// URI; of a path whose bytes are not UTF-8, those very bytes percent-encoded. */
export function fileUrl(f: { path: string; fsPath?: Buffer }): string {
  if (!f.fsPath) return pathToFileURL(f.path).href;
  let out = "file://";
  for (const b of f.fsPath) out += /[A-Za-z0-9\-._~/]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  return out;
}

/**
 * What became of a file whose handling threw. A file deleted, or replaced by a FIFO or a device,
 * or grown past the size limit, between the walk and the read is skipped, as the walk skips what
 * it finds so: on a share in use that happens every scan, and made each end with exit code 1.
 */
export function failure(p: string, err: unknown): FileResult {
  if (err instanceof ApiError) return { path: p, outcome: "failed", reason: err.problem.code, ...(err.problem.detail ? { detail: err.problem.detail } : {}) };
  if (err instanceof NotAFile) return { path: p, outcome: "skipped", reason: "not_a_file", detail: err.message };
  if (err instanceof TooLarge) return { path: p, outcome: "skipped", reason: "too_large", detail: err.message };
  if ((err as NodeJS.ErrnoException).code === "ENOENT") return { path: p, outcome: "skipped", reason: "unreadable", detail: "ENOENT: gone since the walk" };
  return { path: p, outcome: "failed", reason: "read_error", detail: String((err as Error).message ?? err) };
}

async function scanWith(o: ScanOptions & { maxBytes: number }, client: ApiClient, cache: ScanCache, shown: { rep?: Reporter }): Promise<ScanSummary> {
  const { maxBytes } = o;
  const rep = (shown.rep = new Reporter({ json: o.json, tty: o.tty }));
  const submitted = new Map<string, string[]>(); // sha256 → paths
  const known = new Map<string, string[]>(); // with --wait --known: sha256 → paths of the known files
  const limit = pLimit(o.concurrency);
  /** Set when the API stayed down or busy past the client's wait: nothing more is started. */
  let halted: ApiUnavailable | undefined;
  const halt = (err: unknown): boolean => {
    if (!(err instanceof ApiUnavailable)) return false;
    halted ??= err;
    return true;
  };
  // (the journal's few seconds of news; the whole cache is written once, at the end)
  const saver = setInterval(() => cache.flush(), 5000);
  saver.unref();
  const host = hostname();
  const record = (r: FileResult) => {
    if (r.outcome === "known" && o.wait && o.known && r.sha256) known.set(r.sha256, [...(known.get(r.sha256) ?? []), r.path]);
    rep.result(r);
  };

  const one = async (f: { path: string; size: number; mtimeMs: number; fsPath?: Buffer }): Promise<void> => {
    // (the API is gone: the file is left for the next scan, neither failed nor asked about)
    if (halted) return;
    try {
      if (f.size > maxBytes) return record({ path: f.path, outcome: "skipped", size: f.size, reason: "too_large", detail: `over ${maxBytes} bytes` });
      const key = cacheKey(f);
      const cached = cache.knownHash(key, f.size, f.mtimeMs);
      if (cached && (cache.isAnalysed(cached) || cache.wasSubmitted(cached))) {
        return record({ path: f.path, outcome: "known", sha256: cached, size: f.size, via: "cache" });
      }
      const h = await hashFile(f.fsPath ?? f.path, maxBytes);
      rep.hashed(h.bytes.length);
      // (the size and mtime of what was read, not of the walk's look before; and nothing of a
      // file that changed at every read: the next scan reads it again)
      if (h.steady) cache.rememberHash(key, h.size, h.mtimeMs, h.sha256);
      const size = h.bytes.length;
      const changing = h.steady ? {} : { detail: "changed while it was read, each of 3 times: these bytes are submitted, and the file is read again by the next scan" };
      if (cache.isAnalysed(h.sha256)) return record({ path: f.path, outcome: "known", sha256: h.sha256, size, via: "cache", ...changing });
      if (await client.isAnalysed(h.sha256)) {
        cache.markAnalysed(h.sha256);
        return record({ path: f.path, outcome: "known", sha256: h.sha256, size, via: "query", ...changing });
      }
      const body = JSON.stringify({
        mimetype: mimeFor(f.path),
        file_data: h.bytes.toString("base64"),
        sha256: h.sha256,
        sha1: h.sha1,
        md5: h.md5,
        filename: path.basename(f.path),
        full_path: o.uri ? fileUrl(f) : f.path,
        timestamp: timestampOf(h.mtimeMs),
        app: o.app,
        host,
        size,
        ...(Object.keys(o.tags).length ? { tags: o.tags } : {}),
      });
      const r = await client.submit(body);
      cache.markSubmitted(h.sha256);
      // (only to wait for them: a first scan of millions of files would hold every path for nothing)
      if (o.wait) submitted.set(h.sha256, [...(submitted.get(h.sha256) ?? []), f.path]);
      record({ path: f.path, outcome: "submitted", sha256: h.sha256, size, submission_id: r.submission_id, ...changing });
    } catch (err) {
      if (!halt(err)) record(failure(f.path, err));
    }
  };

  // (the files being handled, not every file handled: a promise kept for each file of a share
  // of millions took 67 bytes a file to the end of the walk, a quarter of what the cache takes)
  const inFlight = new Set<Promise<void>>();
  let crashed: { err: unknown } | undefined;
  for await (const item of walk(o.roots, o)) {
    if (halted) break;
    rep.foundFile();
    cache.saw(item.kind === "file" ? cacheKey(item) : item.path);
    if (item.kind !== "file") {
      record({ path: item.path, outcome: item.kind, reason: item.reason, ...(item.detail ? { detail: item.detail } : {}) });
      continue;
    }
    const task = limit(() => one(item));
    inFlight.add(task);
    void task.then(
      () => inFlight.delete(task),
      (err: unknown) => {
        inFlight.delete(task);
        crashed ??= { err };
      },
    );
    // keep the queue short: the walk must not run arbitrarily far ahead of the uploads
    while (limit.pendingCount > o.concurrency * 4) await new Promise((r) => setTimeout(r, 10));
  }
  rep.walkDone();
  await Promise.all(inFlight);
  if (crashed) throw crashed.err;
  clearInterval(saver);
  const stopped = () => `the API did not take a request for ${Math.round(client.maxWaitMs / 1000)} s (last: ${halted!.message}); stopped`;
  if (halted) {
    // (the walk did not reach its end: nothing it did not meet is forgotten)
    cache.save();
    const line = rep.finish();
    return { counts: rep.counts, sensitive: [], pending: [], reported: 0, unread: 0, halted: { during: "scan", message: `${stopped()} with ${rep.counts.found - rep.handled} of the ${rep.counts.found} files found not handled (and the rest of the tree not walked); the same scan again goes on from there` }, line };
  }
  // (the walk went to its end: what it did not meet under the roots is gone)
  cache.save({ walked: o.roots.map((r) => path.resolve(r)) });
  const line = rep.finish();

  const sensitive: Sensitive[] = [];
  let pending: string[] = [];
  let reported = 0;
  let unread = 0;
  // (with --known, also the known contents an earlier scan submitted that are not analysed yet)
  const unanalysed = [...submitted.keys(), ...[...known.keys()].filter((sha) => !submitted.has(sha) && !cache.isAnalysed(sha))];
  const pathsOf = (sha: string) => [...(known.get(sha) ?? []), ...(submitted.get(sha) ?? [])];
  // (as many requests at once as the scan's concurrency: there may be 100,000)
  const check = pLimit(o.concurrency);
  if (o.wait && unanalysed.length > 0) {
    const waiting = new WaitQueue(unanalysed);
    const started = Date.now();
    const deadline = started + o.waitTimeoutMs;
    process.stderr.write(`waiting for ${waiting.size} analyses ...\n`);
    // A line when more are done (at most every WAIT_LINE_MS), and one every WAIT_QUIET_MS while none finish: the LLM may take a minute a file.
    let said = { at: started, left: waiting.size };
    while (waiting.size > 0 && Date.now() < deadline && !halted) {
      const asked = waiting.take();
      const done = new Set<string>();
      await Promise.all(asked.map((sha) => check(async () => {
        const found = halted ? false : await client.isAnalysed(sha).catch((err: unknown) => {
          halt(err);
          return false;
        });
        if (found) done.add(sha);
      })));
      waiting.put(asked, done);
      const now = Date.now();
      if (waiting.size > 0 && now - said.at >= (waiting.size < said.left ? WAIT_LINE_MS : WAIT_QUIET_MS)) {
        process.stderr.write(`${waitLine(waiting.done, waiting.total, now - started)}\n`);
        said = { at: now, left: waiting.size };
      }
      if (waiting.size > 0) await new Promise((r) => setTimeout(r, o.pollMs ?? 2000));
    }
    const left = new Set(waiting.left());
    pending = [...left].flatMap(pathsOf);
    for (const sha of unanalysed) if (!left.has(sha)) cache.markAnalysed(sha);
    cache.save();
  }
  if (o.wait) {
    // the verdicts of the analysed contents
    const shas = [...new Set([...submitted.keys(), ...known.keys()])].filter((sha) => cache.isAnalysed(sha));
    const report = async (sha: string): Promise<FileReport | undefined> => {
      if (halted) return undefined;
      try {
        return await client.fileReport(sha);
      } catch (err) {
        halt(err);
        return undefined;
      }
    };
    const reports = await Promise.all(shas.map((sha) => check(() => report(sha))));
    shas.forEach((sha, i) => {
      const paths = pathsOf(sha);
      // (said and counted: a verdict not read was a file left out of the table without a word, and exit code 0)
      if (!reports[i]?.analysis) unread += paths.length;
      else reported += paths.length;
      const llm = reports[i]?.analysis?.llm;
      if (!llm?.has_sensitive_data) return;
      for (const p of paths) {
        sensitive.push({ path: p, sha256: sha, confidence: llm.confidence, page_number: llm.page_number, file_in_zip: llm.file_in_zip, description: llm.description ?? "" });
      }
    });
  }
  return { counts: rep.counts, sensitive, pending, reported, unread, line, ...(halted ? { halted: { during: "wait", message: `${stopped()} waiting for the analyses` } } : {}) };
}
