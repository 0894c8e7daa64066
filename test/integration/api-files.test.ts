/**
 * GET /files/{sha256}: the stored verdict and the sightings of one content, a page at a time,
 * against the real Elasticsearch (the sightings stored as the projector stores them).
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type { FileSubmitted } from "@filescan/contracts";
import { createEsClient, type EsClient } from "@filescan/search";
import { aliasesFor, ensureIndices, sightingDoc, type IndexNames } from "@filescan/projector";
import { PAGE_BYTES } from "../../apps/api/src/files.ts";
import { projectSubmissions } from "../../apps/projector/src/project.ts";
import { submitted } from "./events.ts";
import { accessToken, bearer, issuePat, startTestApi, type TestApi } from "./api-helpers.ts";

interface Report {
  sha256: string;
  sightings: Array<{ submission_id: string; extra?: Record<string, unknown>; full_path: string }>;
  sightings_total: number;
  next_page_token: string | null;
}

describe("api: GET /files/{sha256}", function () {
  this.timeout(120_000);
  let es: EsClient;
  let aliases: IndexNames;
  const prefix = `filescan-t${randomUUID().slice(0, 8)}`;
  let api: TestApi;
  let jwt: string;
  const MAX_METADATA = 3 * 1024 * 1024;

  before(async () => {
    es = createEsClient();
    aliases = aliasesFor(prefix);
    await ensureIndices(es, aliases);
    api = await startTestApi({ settings: { analysesIndex: aliases.analyses, filesIndex: aliases.files, maxMetadataBytes: MAX_METADATA } });
    jwt = await accessToken(api.baseUrl, (await issuePat()).token);
  });
  after(async () => {
    await api?.close();
    const mine = Object.keys(await es.indices.get({ index: `${prefix}-*`, allow_no_indices: true }));
    if (mine.length) await es.indices.delete({ index: mine });
    for (const name of [aliases.files, aliases.analyses]) await es.indices.deleteIndexTemplate({ name }).catch(() => undefined);
    await es.close();
  });

  const get = async (sha256: string, query = ""): Promise<{ status: number; json: any }> => {
    const r = await fetch(`${api.baseUrl}/files/${sha256}${query}`, { headers: bearer(jwt) });
    return { status: r.status, json: await r.json() };
  };
  /** Every page from the first, following next_page_token. */
  const allPages = async (sha256: string, query = ""): Promise<Report[]> => {
    const pages: Report[] = [];
    let token: string | null = null;
    do {
      const r = await get(sha256, `?${query}${token ? `&page_token=${token}` : ""}`);
      assert.equal(r.status, 200, JSON.stringify(r.json));
      pages.push(r.json as Report);
      token = (r.json as Report).next_page_token;
    } while (token && pages.length < 50);
    return pages;
  };
  /** `n` sightings of one content, a second apart, the newest last; `extra(i)` their extra fields. */
  const sightingsOf = (n: number, extra: (i: number) => Record<string, unknown> = () => ({})): [FileSubmitted, ...FileSubmitted[]] => {
    const content = `content ${randomUUID()}`;
    const one = (i: number): FileSubmitted => ({ ...submitted(content, extra(i), `/data/${i}.txt`), received_at: Date.UTC(2026, 0, 1, 0, 0, i) });
    return [one(0), ...Array.from({ length: n - 1 }, (_, i) => one(i + 1))];
  };
  const store = async (events: FileSubmitted[]) => {
    assert.deepEqual(await projectSubmissions(es, aliases, events), []);
    await es.indices.refresh({ index: aliases.files });
  };

  it("pages through every sighting newest first, each once, page_size at a time", async () => {
    const events = sightingsOf(7);
    // two sightings of the same second: the submission id orders them
    events[6]!.received_at = events[5]!.received_at;
    await store(events);
    const pages = await allPages(events[0].sha256, "page_size=3");
    assert.deepEqual(pages.map((p) => p.sightings.length), [3, 3, 1]);
    assert.equal(pages.at(-1)!.next_page_token, null);
    for (const p of pages) assert.equal(p.sightings_total, 7);
    const ids = pages.flatMap((p) => p.sightings.map((s) => s.submission_id));
    const [a, b] = [events[5]!.submission_id, events[6]!.submission_id].sort().reverse();
    assert.deepEqual(ids, [a, b, ...events.slice(0, 5).reverse().map((e) => e.submission_id)]);
    // by default one page of all (up to 100)
    const one = await get(events[0].sha256);
    assert.equal(one.json.sightings.length, 7);
    assert.equal(one.json.next_page_token, null);
  });

  it("holds at most PAGE_BYTES of metadata a page, and at least one sighting", async () => {
    // 5 sightings with 1.5 MiB of extra fields each (and one with more than a page holds): two a page
    const big = (i: number) => ({ note: "x".repeat(1.5 * 1024 * 1024), i });
    const events = sightingsOf(5, big);
    const huge = { ...submitted(events[0].content.toString(), { note: "y".repeat(PAGE_BYTES + 10) }, "/data/huge.txt"), received_at: Date.UTC(2025, 0, 1) };
    await store([...events, huge]);
    const pages = await allPages(events[0].sha256);
    assert.deepEqual(pages.map((p) => p.sightings.length), [2, 2, 1, 1]);
    const all = pages.flatMap((p) => p.sightings);
    assert.deepEqual(all.map((s) => s.extra?.i), [4, 3, 2, 1, 0, undefined]);
    assert.equal((all[5]!.extra!.note as string).length, PAGE_BYTES + 10, "the extra fields whole");
  });

  it("shows extra fields the index cannot take as the client sent them", async () => {
    const extra = { ["k".repeat(40_000)]: 1, deep: { a: { b: [1, 2] } } };
    const [e] = sightingsOf(1, () => extra);
    await store([e]);
    const r = await get(e.sha256);
    assert.deepEqual(r.json.sightings[0].extra, extra);
  });

  it("shows the numbers of extra fields as the client wrote them, not rounded (18446744073709551615 was 18446744073709552000)", async () => {
    const [e] = sightingsOf(1);
    const extraJson = '{"inode":18446744073709551615,"n":[12345678901234567890123,1.50,-0,7],"ok":1}';
    await store([{ ...e, extra_json: extraJson }]);
    const r = await fetch(`${api.baseUrl}/files/${e.sha256}`, { headers: bearer(jwt) });
    assert.equal(r.status, 200);
    assert.ok((await r.text()).includes(`"extra":${extraJson}`));
  });

  it("counts a sighting stored before sighting_bytes existed as FILESCAN_MAX_METADATA_BYTES", async () => {
    const events = sightingsOf(3);
    for (const e of events) {
      const doc = sightingDoc(e);
      delete doc.sighting_bytes;
      await es.index({ index: aliases.files, id: e.submission_id, document: doc });
    }
    await es.indices.refresh({ index: aliases.files });
    // 3 MiB each: one a page
    assert.deepEqual((await allPages(events[0].sha256)).map((p) => p.sightings.length), [1, 1, 1]);
  });

  it("refuses a page_size or page_token it did not make with 400", async () => {
    const [e] = sightingsOf(1);
    await store([e]);
    const bad = [
      ["page_size=0", "page_size"], ["page_size=101", "page_size"], ["page_size=x", "page_size"], ["page_size=1.5", "page_size"], ["page_size=", "page_size"], ["page_size=1&page_size=2", "page_size"],
      ["page_token=!!", "page_token"], [`page_token=${Buffer.from("[1]").toString("base64url")}`, "page_token"], [`page_token=${Buffer.from('["x","y"]').toString("base64url")}`, "page_token"], ["page_token=", "page_token"], [`page_token=${"A".repeat(2000)}`, "page_token"],
    ];
    for (const [q, field] of bad) {
      const r = await get(e.sha256, `?${q}`);
      assert.equal(r.status, 400, q);
      assert.equal(r.json.code, "validation_failed", q);
      assert.deepEqual(r.json.errors.map((x: { field: string }) => x.field), [field], q);
    }
  });

  it("answers 404 for a sha256 never submitted, and 400 for one that is not 64 hex characters", async () => {
    assert.equal((await get("ab".repeat(32))).status, 404);
    const r = await get("ab".repeat(31));
    assert.equal(r.status, 400);
    assert.equal(r.json.errors[0].field, "sha256");
  });
});
