/**
 * GET /files/{sha256} (beyond the seed): the stored verdict of one content and its sightings,
 * for crawlers and tools that want the verdict itself, not only "found".
 */
import type { Context } from "koa";
import { esErrors, isCurrent, type EsClient } from "@filescan/search";
import { Problem } from "./problem.ts";

const SHA256 = /^[0-9a-fA-F]{64}$/;
const MAX_SIGHTINGS = 100;

const notFound = (err: unknown) => err instanceof esErrors.ResponseError && err.statusCode === 404;

/** `minVersion`: FILESCAN_MIN_ANALYZER_VERSION; an older analysis is shown, but the status is "not found", as /query answers. */
export function fileReport(es: EsClient, index: { files: string; analyses: string }, minVersion = 0) {
  return async (ctx: Context & { params: { sha256?: string } }): Promise<void> => {
    const raw = ctx.params.sha256 ?? "";
    if (!SHA256.test(raw)) {
      throw new Problem(400, "validation_failed", "'sha256' must be 64 hexadecimal characters", { errors: [{ field: "sha256", code: "invalid", message: "must be 64 hexadecimal characters" }] });
    }
    const sha256 = raw.toLowerCase();
    let analysis: Record<string, unknown> | null = null;
    let sightings: Array<Record<string, unknown>>;
    let total: number;
    try {
      const a = await es.get<Record<string, unknown>>({ index: index.analyses, id: sha256 }).catch((err) => (notFound(err) ? undefined : Promise.reject(err)));
      if (a?.found && a._source) analysis = { llm: a._source.llm, findings: a._source.findings_summary, analysis: a._source.analysis };
      const s = await es
        .search<Record<string, unknown>>({
          index: index.files,
          size: MAX_SIGHTINGS,
          query: { term: { sha256 } },
          sort: [{ received_at: "desc" }],
          track_total_hits: true,
          _source: ["submission_id", "filename", "full_path", "mimetype", "timestamp", "app", "received_at", "extra"],
        })
        .catch((err) => (notFound(err) ? undefined : Promise.reject(err)));
      sightings = s?.hits.hits.map((h) => h._source!) ?? [];
      const t = s?.hits.total;
      total = typeof t === "number" ? t : (t?.value ?? 0);
    } catch (err) {
      throw new Problem(500, "store_error", "the file index cannot be read", { cause: err });
    }
    if (!analysis && total === 0) throw new Problem(404, "not_found", "no file with this sha256 was submitted");
    const found = analysis !== null && isCurrent(analysis.analysis as { analyzer_version?: number } | undefined, minVersion);
    ctx.body = { sha256, status: found ? "found" : "not found", analysis, sightings, sightings_total: total };
  };
}
