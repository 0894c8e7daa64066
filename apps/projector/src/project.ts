/**
 * Applies batches of events to Elasticsearch. Idempotent: document ids are deterministic
 * (sighting = submission_id, analysis = sha256), so redelivery and replay converge on the same
 * documents. Uses core features only (bulk, mget, search, refresh): no scripts, no
 * _update_by_query, no ingest pipelines.
 *
 * Ordering between a sighting and the analysis of its content is not guaranteed (two topics).
 * Both sides close the gap: a new sighting copies the analysis when it exists (realtime mget),
 * and checks again after it is written; a new analysis refreshes the sightings index and then
 * updates every sighting of its sha256. Whichever write comes second sees the first.
 */
import type { Client } from "@elastic/elasticsearch";
import { DEFAULT_MAX_FINDINGS, type FileAnalyzed, type FileSubmitted } from "@filescan/contracts";
import { LLM_UNAVAILABLE } from "@filescan/search";
import { analysisDoc, analysisFields, sightingDoc, type AnalysisDoc } from "./documents.ts";
import type { IndexNames } from "./indices.ts";

export const BULK_MAX_OPS = 500;
/** sha256s per search when applying analyses to their sightings (three clauses each). */
const TERMS_PER_SEARCH = 200;

export type BulkLine = Record<string, unknown>;

/**
 * A document that retrying cannot store: one Elasticsearch refused (a mapping error), or, `by`
 * the projector, one that could not be made of its event.
 */
export class RejectedDocument extends Error {
  override name = "RejectedDocument";
  id: string;
  by: "elasticsearch" | "projector";
  constructor(id: string, reason: string, by: "elasticsearch" | "projector" = "elasticsearch") {
    super(reason);
    this.id = id;
    this.by = by;
  }
}

/**
 * Bytes of documents per bulk request at most (Elasticsearch's guide: a few MB to 15 MB; it
 * refuses a request above its `http.max_content_length`, 100 MB by default). A batch of 500
 * analyses of large files was one request of hundreds of MB, refused as a whole, and retried for good.
 */
export const BULK_MAX_BYTES = 8 * 1024 * 1024;

/**
 * An index's block (`index.blocks.write` or `read_only`, 403; the flood-stage disk watermark's,
 * 429): no fault of the document's, it is waited out. Taken for a refusal, it dead-lettered every
 * sighting while an operator held writes for a shrink or a snapshot.
 */
const BLOCKED = "cluster_block_exception";

/**
 * An index written to is gone (deleted under the running projector): `ensureIndices` makes it
 * again. With `requireAlias` Elasticsearch refuses to write to an alias that is gone instead of
 * making an index of that name with no template (dynamic mappings, which later refused the alias).
 */
export class IndexGone extends Error {
  override name = "IndexGone";
}
const GONE = "index_not_found_exception";
/** Whether `err` says an index we read or wrote is gone (IndexGone, or a read's 404). */
export function indexGone(err: unknown): boolean {
  return err instanceof IndexGone || (err as { meta?: { body?: { error?: { type?: string } } } } | null)?.meta?.body?.error?.type === GONE;
}

/**
 * Sends bulk operations in chunks of at most BULK_MAX_OPS operations and BULK_MAX_BYTES;
 * retryable item failures (429, 5xx, a block) are retried, then thrown (the caller backs off),
 * the rest reported. A request Elasticsearch refuses as too large (413) is sent again in
 * halves; one operation too large alone is reported, not retried. An index gone: IndexGone.
 */
export async function bulk(es: Client, ops: Array<[BulkLine, BulkLine]>, opts: { ok?: number[]; requireAlias?: boolean } = {}): Promise<RejectedDocument[]> {
  const okStatuses = opts.ok ?? [];
  const rejected: RejectedDocument[] = [];
  const chunks: Array<Array<[BulkLine, BulkLine]>> = [];
  let bytes = 0;
  for (const op of ops) {
    const size = JSON.stringify(op[1]).length;
    const last = chunks[chunks.length - 1];
    if (last === undefined || last.length >= BULK_MAX_OPS || (last.length > 0 && bytes + size > BULK_MAX_BYTES)) {
      chunks.push([op]);
      bytes = size;
    } else {
      last.push(op);
      bytes += size;
    }
  }
  while (chunks.length > 0) {
    let chunk = chunks.shift()!;
    for (let attempt = 0; chunk.length > 0; attempt++) {
      let res;
      try {
        res = await es.bulk({ operations: chunk.flat(), refresh: false, require_alias: opts.requireAlias });
      } catch (err) {
        if ((err as { meta?: { statusCode?: number } }).meta?.statusCode !== 413) throw err;
        if (chunk.length > 1) chunks.unshift(chunk.slice(0, chunk.length >> 1), chunk.slice(chunk.length >> 1));
        else rejected.push(new RejectedDocument(idOf(chunk[0]![0]), `request_too_large: the document alone is more than Elasticsearch takes in one request (http.max_content_length): ${JSON.stringify(chunk[0]![1]).length} bytes`));
        break;
      }
      if (!res.errors) break;
      const retry: Array<[BulkLine, BulkLine]> = [];
      let why = "";
      res.items.forEach((item, j) => {
        const r = Object.values(item)[0]!;
        if (!r.error || okStatuses.includes(r.status)) return;
        if (r.error.type === GONE) throw new IndexGone(`${r.error.type}: ${r.error.reason ?? ""}`);
        if (r.status === 429 || r.status >= 500 || r.error.type === BLOCKED) {
          retry.push(chunk[j]!);
          why ||= refusal(r.error);
        } else rejected.push(new RejectedDocument(String(r._id), refusal(r.error)));
      });
      if (retry.length && attempt >= 5) throw new Error(`Elasticsearch kept refusing ${retry.length} bulk items (${why})`);
      chunk = retry;
      if (retry.length) await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
    }
  }
  return rejected;
}

/**
 * An item's refusal as it is logged and dead-lettered, without the value Elasticsearch quotes
 * ("… of type [long] in document with id 'x'. Preview of field's value: 'John Smith'"): a
 * client's extra fields or a file's names, not ours to log.
 */
export function refusal(e: { type: string; reason?: string | null }): string {
  return `${e.type}: ${(e.reason ?? "").replace(/(Preview of field's value: )'[\s\S]*$/, "$1(withheld)")}`;
}

/** The document id an operation's action line names. */
function idOf(action: BulkLine): string {
  const meta = Object.values(action)[0] as { _id?: unknown } | undefined;
  return String(meta?._id ?? "");
}

/**
 * The bulk operation that gives sighting `id` the analysis `doc`. Retried on a version conflict:
 * a sighting's analysis is written both by the batch of its submission (when the analysis came
 * first) and by the batch of its analysis, in parallel, and Elasticsearch refused the second
 * update of one document with a 409 that was dead-lettered (twice in a scan of 50,000 files).
 */
export function analysisUpdate(idx: IndexNames, id: string, doc: AnalysisDoc): [BulkLine, BulkLine] {
  return [{ update: { _index: idx.files, _id: id, retry_on_conflict: 5 } }, { doc: analysisFields(doc) }];
}

/** The stored analyses of these sha256s in `idx.analyses`, by sha256 (realtime). */
export async function analysesFor(es: Client, idx: IndexNames, sha256s: string[]): Promise<Map<string, AnalysisDoc>> {
  const out = new Map<string, AnalysisDoc>();
  if (sha256s.length === 0) return out;
  const res = await es.mget<AnalysisDoc>({ index: idx.analyses, ids: [...new Set(sha256s)], realtime: true });
  for (const d of res.docs) if ("found" in d && d.found && d._source) out.set(d._id, d._source);
  return out;
}

/**
 * Each event's document. One that cannot be made (a fault of ours or of the event's, the same on
 * every retry) is reported in `rejected`, to be dead-lettered, instead of failing its batch: an
 * extra field's array of 200,000 numbers overflowed the stack here, and the batch was retried for good.
 */
function documents<E, D>(events: E[], id: (e: E) => string, make: (e: E) => D, rejected: RejectedDocument[]): Array<[E, D]> {
  const out: Array<[E, D]> = [];
  for (const e of events) {
    try {
      out.push([e, make(e)]);
    } catch (err) {
      rejected.push(new RejectedDocument(id(e), `no document can be made of it: ${String(err)}`, "projector"));
    }
  }
  return out;
}

/**
 * Indexes sightings, each with the analysis of its content when one exists. `requireAlias`:
 * `idx` are aliases, and writing to one that is gone throws IndexGone.
 */
export async function projectSubmissions(es: Client, idx: IndexNames, events: FileSubmitted[], requireAlias = false): Promise<RejectedDocument[]> {
  if (events.length === 0) return [];
  const write = (ops: Array<[BulkLine, BulkLine]>) => bulk(es, ops, { requireAlias });
  const known = await analysesFor(es, idx, events.map((e) => e.sha256.toLowerCase()));
  const unmade: RejectedDocument[] = [];
  const made = documents(events, (e) => e.submission_id, (e) => sightingDoc(e, known.get(e.sha256.toLowerCase())), unmade);
  const ops = made.map(([e, doc]): [BulkLine, BulkLine] => [{ index: { _index: idx.files, _id: e.submission_id } }, doc]);
  let rejected = await write(ops);
  // A sighting whose extra fields Elasticsearch will not index (a limit of `flattened` that
  // `indexableExtra` does not know) is indexed without them: they stay whole in `extra_json`.
  const byExtra = new Set(rejected.filter((r) => /field \[extra\]/.test(r.message)).map((r) => r.id));
  if (byExtra.size > 0) {
    rejected = rejected.filter((r) => !byExtra.has(r.id));
    const again = ops.filter(([action]) => byExtra.has(idOf(action))).map(([action, doc]): [BulkLine, BulkLine] => [action, { ...doc, extra: undefined }]);
    for (const r of await write(again)) rejected.push(r);
  }
  // the analysis may have been written between our read and our write: look again
  const pending = made.map(([e]) => e).filter((e) => !known.has(e.sha256.toLowerCase()));
  const now = await analysesFor(es, idx, pending.map((e) => e.sha256.toLowerCase()));
  const late = pending.filter((e) => now.has(e.sha256.toLowerCase()));
  if (late.length) {
    for (const r of await write(late.map((e) => analysisUpdate(idx, e.submission_id, now.get(e.sha256.toLowerCase())!)))) rejected.push(r);
  }
  for (const r of unmade) rejected.push(r);
  return rejected;
}

/** An analysis's analyzer version (an event written before the field existed has none: 0). */
const versionOf = (e: FileAnalyzed) => e.analyzer_version ?? 0;

/** Whether an analysis's verdict was made while the LLM was unavailable (the deterministic one, README "Re-analysis after an LLM outage"). */
const withoutLlm = (reasons: readonly string[]) => reasons.includes(LLM_UNAVAILABLE);

/**
 * Whether analysis `e` takes the place of `prev`, an earlier one of the same content: a reused
 * verdict never replaces an original one; an older analyzer's never replaces a newer one's; nor
 * does, of one version, a verdict made while the LLM was unavailable replace the LLM's (a
 * classifier whose look-up failed during an outage analysed the content again); of the rest,
 * the later wins (a re-analysis).
 */
export function supersedes(e: FileAnalyzed, prev: FileAnalyzed): boolean {
  if (e.model.reused && !prev.model.reused) return false;
  return outranks(versionOf(e), e.extraction.reasons, versionOf(prev), prev.extraction.reasons);
}

/** The version and outage rules of `supersedes`, for an event against an event or a stored analysis. */
function outranks(version: number, reasons: readonly string[], prevVersion: number, prevReasons: readonly string[]): boolean {
  if (version !== prevVersion) return version > prevVersion;
  return !withoutLlm(reasons) || withoutLlm(prevReasons);
}

/**
 * The sightings of `sha` that do not carry analysis `d` (an analysis is known by the submission
 * it analysed and its time: a re-analysis of the same submission has another time).
 */
function withoutAnalysis(sha: string, d: AnalysisDoc): Record<string, unknown> {
  if (!d.analysis.analysed_submission_id || !d.analysis.analyzed_at) return { term: { sha256: sha } };
  const same = [{ term: { "analysis.analysed_submission_id": d.analysis.analysed_submission_id } }, { term: { "analysis.analyzed_at": d.analysis.analyzed_at } }];
  return { bool: { filter: [{ term: { sha256: sha } }], must_not: [{ bool: { filter: same } }] } };
}

/**
 * Indexes analyses and applies each to every sighting of its sha256 that does not carry it yet;
 * an analysis document lists at most `maxFindings` of its findings (FILESCAN_MAX_FINDINGS).
 * `requireAlias` as for projectSubmissions.
 */
export async function projectAnalyses(es: Client, idx: IndexNames, events: FileAnalyzed[], maxFindings = DEFAULT_MAX_FINDINGS, requireAlias = false): Promise<RejectedDocument[]> {
  if (events.length === 0) return [];
  // One analysis per sha256 (a batch of a replay holds a content's first analysis and its re-analysis, in order).
  const bySha = new Map<string, FileAnalyzed>();
  for (const e of events) {
    const sha = e.sha256.toLowerCase();
    const prev = bySha.get(sha);
    if (!prev || supersedes(e, prev)) bySha.set(sha, e);
  }
  // (nor does one replace a stored analysis by a newer analyzer: an older classifier still
  // running beside an upgraded one, or an old event read again; nor one made without the LLM
  // the LLM's of its version)
  const before = await analysesFor(es, idx, [...bySha.keys()]);
  for (const [sha, e] of bySha) {
    const kept = before.get(sha);
    if (kept && !outranks(versionOf(e), e.extraction.reasons, kept.analysis.analyzer_version ?? 0, kept.analysis.reasons ?? [])) bySha.delete(sha);
  }
  const unmade: RejectedDocument[] = [];
  const docs = documents([...bySha.values()], (e) => e.sha256.toLowerCase(), (e) => analysisDoc(e, maxFindings), unmade).map(([, d]) => d);
  const rejected = await bulk(
    es,
    docs.map((d): [BulkLine, BulkLine] => [d.analysis.reused ? { create: { _index: idx.analyses, _id: d.sha256 } } : { index: { _index: idx.analyses, _id: d.sha256 } }, d as unknown as BulkLine]),
    { ok: [409], requireAlias },
  );
  // what is stored now (a reused verdict may have lost to an existing original)
  const stored = await analysesFor(es, idx, docs.map((d) => d.sha256));
  await es.indices.refresh({ index: idx.files });
  // every sighting of these sha256s that does not carry the stored analysis yet, in one paged
  // search (not one search per sha256). Not those that do: a new sighting of a content seen a
  // million times (the empty file, a logo) copies the analysis itself, and its reused verdict
  // rewrote every other sighting — 2.3 s and 20,000 updates a file at 20,000 sightings.
  const updates: Array<[BulkLine, BulkLine]> = [];
  const shas = [...stored.keys()];
  for (let i = 0; i < shas.length; i += TERMS_PER_SEARCH) {
    let after: Array<string | number> | undefined;
    for (;;) {
      const res = await es.search<{ sha256: string }>({
        index: idx.files,
        size: 1000,
        query: { bool: { should: shas.slice(i, i + TERMS_PER_SEARCH).map((sha) => withoutAnalysis(sha, stored.get(sha)!)), minimum_should_match: 1 } },
        sort: [{ submission_id: "asc" }],
        _source: ["sha256"],
        ...(after ? { search_after: after } : {}),
      });
      const hits = res.hits.hits;
      for (const h of hits) {
        const doc = h._source && stored.get(h._source.sha256.toLowerCase());
        if (doc) updates.push(analysisUpdate(idx, h._id!, doc));
      }
      if (hits.length < 1000) break;
      after = hits[hits.length - 1]!.sort as Array<string | number>;
    }
  }
  for (const r of await bulk(es, updates, { requireAlias })) rejected.push(r);
  for (const r of unmade) rejected.push(r);
  return rejected;
}
