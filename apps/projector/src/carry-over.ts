/**
 * What a rebuild keeps that the topics no longer hold. Kafka deletes events once they are older
 * than a topic's retention (7 days on the local broker; the cluster's setting elsewhere), and the
 * submissions topic must not keep the files' bytes for good. A replay from offset 0 recreates the
 * documents of the events still held; every other document of the old indices is carried over
 * as it is, so a rebuild never loses a sighting or a verdict:
 *
 * - an analysis (`_id` sha256) the replay did not make, as it was;
 * - a sighting (`_id` submission id) the replay did not make, with the analysis its content has
 *   in the rebuilt indices (a newer verdict the topics still hold wins), else as it was.
 *
 * Core features only: pages by `search_after` on the id field, `mget` for what the new indices
 * lack, bulk `create` (a document the live projector wrote meanwhile is newer and stays).
 */
import type { Client } from "@elastic/elasticsearch";
import { analysesFor, bulk, type BulkLine, type RejectedDocument } from "./project.ts";
import { analysisFields } from "./documents.ts";
import type { IndexNames } from "./indices.ts";

const PAGE = 1000;

interface Hit {
  _id: string;
  _source: Record<string, unknown>;
}

/** Every document of `index`, a page at a time, in the order of `idField` (a keyword equal to `_id`). */
async function* pages(es: Client, index: string, idField: string): AsyncGenerator<Hit[]> {
  // (a search sees what the last refresh made visible: a document written just before counts too)
  await es.indices.refresh({ index });
  let after: Array<string | number> | undefined;
  for (;;) {
    const res = await es.search<Record<string, unknown>>({ index, size: PAGE, sort: [{ [idField]: "asc" }], ...(after ? { search_after: after } : {}) });
    const hits = res.hits.hits;
    if (hits.length) yield hits.map((h) => ({ _id: h._id!, _source: h._source! }));
    if (hits.length < PAGE) return;
    after = hits[hits.length - 1]!.sort as Array<string | number>;
  }
}

/** The hits whose ids `index` does not hold (realtime: what the replay just wrote counts). */
async function notIn(es: Client, index: string, hits: Hit[]): Promise<Hit[]> {
  const res = await es.mget({ index, ids: hits.map((h) => h._id), _source: false, realtime: true });
  const have = new Set(res.docs.filter((d) => "found" in d && d.found).map((d) => d._id));
  return hits.filter((h) => !have.has(h._id));
}

export interface CarriedOver {
  analyses: number;
  sightings: number;
  rejected: RejectedDocument[];
}

/** Copies into `to` the documents of `from` (concrete indices, or null where there is none) that `to` lacks. */
export async function carryOver(es: Client, from: { files: string | null; analyses: string | null }, to: IndexNames): Promise<CarriedOver> {
  const out: CarriedOver = { analyses: 0, sightings: 0, rejected: [] };
  const create = (index: string, docs: Hit[]): Array<[BulkLine, BulkLine]> => docs.map((h) => [{ create: { _index: index, _id: h._id } }, h._source]);
  // (analyses first: a carried sighting then finds its content's analysis, carried or replayed)
  if (from.analyses !== null) {
    for await (const page of pages(es, from.analyses, "sha256")) {
      const missing = await notIn(es, to.analyses, page);
      if (missing.length === 0) continue;
      for (const r of await bulk(es, create(to.analyses, missing), { ok: [409] })) out.rejected.push(r);
      out.analyses += missing.length;
    }
  }
  if (from.files !== null) {
    for await (const page of pages(es, from.files, "submission_id")) {
      const missing = await notIn(es, to.files, page);
      if (missing.length === 0) continue;
      const analyses = await analysesFor(es, to, missing.map((h) => String(h._source.sha256)));
      const docs = missing.map((h) => {
        const a = analyses.get(String(h._source.sha256));
        return a ? { ...h, _source: { ...h._source, ...analysisFields(a) } } : h;
      });
      for (const r of await bulk(es, create(to.files, docs), { ok: [409] })) out.rejected.push(r);
      out.sightings += missing.length;
    }
  }
  return out;
}
