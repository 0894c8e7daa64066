/**
 * `filescan projector purge`: forgets the sightings of a decommissioned share or crawler (by app,
 * path prefix, time received), and the analyses of contents no sighting is left of. Core
 * Elasticsearch only (no _delete_by_query): the sightings are found page by page (search_after
 * on the id) and deleted in bulk; a content's analysis goes when no sighting of it is left.
 *
 * The topics still hold the purged files' events until their retention ends: a rebuild before
 * then would index those sightings again.
 */
import type { Client } from "@elastic/elasticsearch";
import type { IndexNames } from "./indices.ts";

export interface PurgeFilter {
  /** The submission's `app`. */
  app?: string;
  /** The start of `full_path` (a path or a file:// URI, as the crawler sent it). */
  pathPrefix?: string;
  /** Received before this time (RFC 3339). */
  receivedBefore?: string;
}

const PAGE = 1000;

/** The sightings a filter selects; refuses an empty filter (it would select every sighting). */
export function purgeQuery(f: PurgeFilter): Record<string, unknown> {
  const filter: Array<Record<string, unknown>> = [];
  if (f.app !== undefined) filter.push({ term: { app: f.app } });
  if (f.pathPrefix !== undefined) {
    if (f.pathPrefix === "") throw new Error("the path prefix is empty: it would select every sighting");
    filter.push({ prefix: { "full_path.keyword": f.pathPrefix } });
  }
  if (f.receivedBefore !== undefined) {
    if (Number.isNaN(Date.parse(f.receivedBefore))) throw new Error(`not a time: ${JSON.stringify(f.receivedBefore)} (RFC 3339, e.g. 2026-01-31T00:00:00Z)`);
    filter.push({ range: { received_at: { lt: f.receivedBefore } } });
  }
  if (filter.length === 0) throw new Error("say which sightings to purge: --app, --path-prefix or --received-before");
  return { bool: { filter } };
}

export interface PurgeResult {
  sightings: number;
  analyses: number;
}

/** Sightings the filter selects (what a purge would delete). */
export async function purgeCount(es: Client, idx: IndexNames, f: PurgeFilter): Promise<number> {
  await es.indices.refresh({ index: idx.files });
  return (await es.count({ index: idx.files, query: purgeQuery(f) })).count;
}

/** Deletes the sightings the filter selects, then the analyses of contents with no sighting left. */
export async function purge(es: Client, idx: IndexNames, f: PurgeFilter, onProgress: (r: PurgeResult) => void = () => undefined): Promise<PurgeResult> {
  const query = purgeQuery(f);
  const done: PurgeResult = { sightings: 0, analyses: 0 };
  await es.indices.refresh({ index: idx.files });
  let after: Array<string | number> | undefined;
  for (;;) {
    const res = await es.search<{ sha256: string }>({
      index: idx.files,
      size: PAGE,
      query,
      sort: [{ submission_id: "asc" }],
      _source: ["sha256"],
      ...(after ? { search_after: after } : {}),
    });
    const hits = res.hits.hits;
    if (hits.length === 0) break;
    after = hits[hits.length - 1]!.sort as Array<string | number>;
    const del = await es.bulk({ operations: hits.map((h) => ({ delete: { _index: h._index, _id: h._id! } })), refresh: "wait_for" });
    const failed = del.items.filter((i) => i.delete?.error && i.delete.status !== 404);
    if (failed.length) throw new Error(`Elasticsearch refused to delete ${failed.length} sightings (first: ${failed[0]!.delete!.error!.reason ?? failed[0]!.delete!.error!.type})`);
    done.sightings += hits.length;
    done.analyses += await dropOrphanAnalyses(es, idx, [...new Set(hits.map((h) => h._source!.sha256))]);
    onProgress(done);
    if (hits.length < PAGE) break;
  }
  return done;
}

/** Deletes the analyses of these contents that no sighting is left of; how many. */
async function dropOrphanAnalyses(es: Client, idx: IndexNames, shas: string[]): Promise<number> {
  const res = await es.search({
    index: idx.files,
    size: 0,
    query: { terms: { sha256: shas } },
    aggs: { left: { terms: { field: "sha256", size: shas.length } } },
  });
  const buckets = (res.aggregations?.left as { buckets: Array<{ key: string }> } | undefined)?.buckets ?? [];
  const kept = new Set(buckets.map((b) => b.key));
  const orphans = shas.filter((s) => !kept.has(s));
  if (orphans.length === 0) return 0;
  const del = await es.bulk({ operations: orphans.map((id) => ({ delete: { _index: idx.analyses, _id: id } })), refresh: false });
  return del.items.filter((i) => i.delete?.result === "deleted").length;
}
