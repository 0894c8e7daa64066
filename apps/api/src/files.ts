/**
 * GET /files/{sha256} (beyond the seed): the stored verdict of one content and its sightings,
 * for crawlers and tools that want the verdict itself, not only "found".
 *
 * Sightings come newest first, a page at a time: at most `page_size` (1–100, default 100) and
 * at most PAGE_BYTES of their metadata (`sighting_bytes`: names, paths and extra fields, up to
 * FILESCAN_MAX_METADATA_BYTES each), but always one. `next_page_token` asks for the next page.
 * Without the byte bound, 100 sightings of one tiny file with 1 MiB of extra fields each made
 * one answer of 100 MB, held whole in this process's memory.
 */
import type { Context } from "koa";
import { countsAsMade, esErrors, type CountedAnalysis, type CountRule, type EsClient } from "@filescan/search";
import { parseJsonExact } from "@filescan/contracts";
import { Problem } from "./problem.ts";

const SHA256 = /^[0-9a-fA-F]{64}$/;
export const MAX_PAGE_SIZE = 100;
/** The metadata bytes of one page's sightings, unless its first sighting alone holds more. */
export const PAGE_BYTES = 4 * 1024 * 1024;
/** What a sighting's page token holds: where the previous page ended in the sort below. */
type After = [receivedAt: number, submissionId: string];
const SORT = [{ received_at: "desc" }, { submission_id: "desc" }] as const;
const FIELDS = ["submission_id", "filename", "full_path", "mimetype", "timestamp", "app", "received_at", "extra_json"];

const notFound = (err: unknown) => err instanceof esErrors.ResponseError && err.statusCode === 404;

/**
 * `rule`: which analyses count (FILESCAN_MIN_ANALYZER_VERSION, FILESCAN_LLM_OUTAGE_RETRY_SECONDS;
 * a number is the minimum version alone); one that does not (an older analyzer's, one made
 * while the LLM was unavailable and older than the retry window) is shown, but the status is
 * "not found", as /query answers. `maxMetadataBytes`: what a sighting stored before
 * `sighting_bytes` existed is taken to hold.
 */
export function fileReport(es: EsClient, index: { files: string; analyses: string }, rule: CountRule | number = 0, maxMetadataBytes = PAGE_BYTES) {
  const counted: CountRule = typeof rule === "number" ? { minVersion: rule } : rule;
  return async (ctx: Context & { params: { sha256?: string } }): Promise<void> => {
    const raw = ctx.params.sha256 ?? "";
    if (!SHA256.test(raw)) throw invalid("sha256", "must be 64 hexadecimal characters");
    const sha256 = raw.toLowerCase();
    const pageSize = pageSizeParam(ctx.query.page_size);
    const after = pageTokenParam(ctx.query.page_token);
    let analysis: Record<string, unknown> | null = null;
    let sightings: Array<Record<string, unknown>> = [];
    let total: number;
    let next: After | null = null;
    try {
      const a = await es.get<Record<string, unknown>>({ index: index.analyses, id: sha256 }).catch((err) => (notFound(err) ? undefined : Promise.reject(err)));
      if (a?.found && a._source) analysis = { llm: a._source.llm, findings: a._source.findings_summary, analysis: a._source.analysis };
      // First the page's sightings by size alone, then the metadata of those that fit.
      const s = await es
        .search<{ sighting_bytes?: number }>({ index: index.files, size: pageSize + 1, query: { term: { sha256 } }, sort: [...SORT], search_after: after ?? undefined, track_total_hits: true, _source: ["sighting_bytes"] })
        .catch((err) => (notFound(err) ? undefined : Promise.reject(err)));
      const t = s?.hits.total;
      total = typeof t === "number" ? t : (t?.value ?? 0);
      const hits = s?.hits.hits ?? [];
      let bytes = 0;
      let n = 0;
      for (; n < Math.min(hits.length, pageSize); n++) {
        const b = hits[n]!._source?.sighting_bytes ?? maxMetadataBytes;
        if (n > 0 && bytes + b > PAGE_BYTES) break;
        bytes += b;
      }
      if (n < hits.length) next = hits[n - 1]!.sort as After;
      if (n > 0) {
        const page = await es.search<Record<string, unknown>>({ index: index.files, size: n, query: { ids: { values: hits.slice(0, n).map((h) => h._id!) } }, sort: [...SORT], _source: FIELDS });
        sightings = page.hits.hits.map((h) => sighting(h._source!));
      }
    } catch (err) {
      throw new Problem(500, "store_error", "the file index cannot be read", { cause: err });
    }
    if (!analysis && total === 0) throw new Problem(404, "not_found", "no file with this sha256 was submitted");
    const found = analysis !== null && countsAsMade(analysis.analysis as CountedAnalysis | undefined, counted);
    ctx.body = { sha256, status: found ? "found" : "not found", analysis, sightings, sightings_total: total, next_page_token: next ? Buffer.from(JSON.stringify(next)).toString("base64url") : null };
  };
}

/** A stored sighting as the answer shows it: the extra fields as the client sent them. */
function sighting(source: Record<string, unknown>): Record<string, unknown> {
  const { extra_json: json, ...rest } = source;
  let extra: unknown;
  try {
    extra = typeof json === "string" ? parseJsonExact(json) : undefined;
  } catch {
    extra = undefined;
  }
  return extra === undefined ? rest : { ...rest, extra };
}

function pageSizeParam(v: string | string[] | undefined): number {
  if (v === undefined) return MAX_PAGE_SIZE;
  const n = typeof v === "string" && /^[0-9]{1,3}$/.test(v) ? Number(v) : NaN;
  if (!(n >= 1 && n <= MAX_PAGE_SIZE)) throw invalid("page_size", `must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  return n;
}

function pageTokenParam(v: string | string[] | undefined): After | null {
  if (v === undefined) return null;
  let after: unknown;
  try {
    after = typeof v === "string" && v.length <= 1024 && /^[A-Za-z0-9_-]+$/.test(v) ? JSON.parse(Buffer.from(v, "base64url").toString()) : undefined;
  } catch {
    after = undefined;
  }
  const ok = Array.isArray(after) && after.length === 2 && Number.isSafeInteger(after[0]) && typeof after[1] === "string";
  if (!ok) throw invalid("page_token", "must be a next_page_token of an earlier answer");
  return after as After;
}

function invalid(field: string, message: string): Problem {
  return new Problem(400, "validation_failed", `'${field}' ${message}`, { errors: [{ field, code: "invalid", message }] });
}
