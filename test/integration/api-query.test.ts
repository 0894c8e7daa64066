/**
 * POST /query, the `isAnalyzed` lookup behind it, and the operational endpoints, against the
 * real Elasticsearch, Kafka and registry.
 */
import assert from "node:assert/strict";
import { createHash, randomUUID } from "node:crypto";
import { ANALYSES_ALIAS, createEsClient, isAnalyzed } from "@filescan/search";
import { parse } from "yaml";
import { readFileSync } from "node:fs";
import { OPENAPI_FILE } from "@filescan/api";
import { ANALYZER_VERSION, type FileAnalyzed, type FileSubmitted } from "@filescan/contracts";
import { aliasesFor, analysisDoc, ensureIndices } from "@filescan/projector";
import { analyzed, submitted } from "./events.ts";
import { accessToken, bearer, issuePat, post, startTestApi, submission, type TestApi } from "./api-helpers.ts";
import { muteServer, portOf, stopServer } from "./relay.ts";

describe("api: POST /query", function () {
  this.timeout(120_000);
  let api: TestApi;
  let jwt: string;

  before(async () => {
    api = await startTestApi();
    jwt = await accessToken(api.baseUrl, (await issuePat()).token);
  });
  after(async () => {
    await api?.close();
  });

  const query = (body: unknown, headers: Record<string, string> = bearer(jwt)) => post(`${api.baseUrl}/query`, body, headers);
  const unknownSha = () => createHash("sha256").update(randomUUID()).digest("hex");

  it("answers not found with HTTP 404 = code for a sha256 never analysed", async () => {
    const r = await query({ sha256: unknownSha() });
    assert.equal(r.status, 404);
    assert.match(r.headers.get("content-type") ?? "", /^application\/json/);
    assert.deepEqual(r.json, { status: "not found", code: 404 });
  });

  it("accepts upper-case hex and reads the body whatever the Content-Type", async () => {
    const r = await query(JSON.stringify({ sha256: unknownSha().toUpperCase() }), { ...bearer(jwt), "content-type": "text/plain" });
    assert.equal(r.status, 404);
    assert.deepEqual(r.json, { status: "not found", code: 404 });
  });

  it("answers 400 when sha256 is missing or not 64 hex characters", async () => {
    const sha = unknownSha();
    for (const body of [{}, { sha256: null }, { sha256: 7 }, { sha256: sha.slice(1) }, { sha256: sha + "0" }, { sha256: sha.replace(/^./, "g") }, { sha256: "" }, { hash: sha }]) {
      const r = await query(body);
      assert.equal(r.status, 400, `${JSON.stringify(body)} → ${r.text}`);
      assert.match(r.headers.get("content-type") ?? "", /^application\/problem\+json/);
      assert.equal(r.json.code, "validation_failed");
      assert.deepEqual((r.json.errors as Array<{ field: string }>).map((e) => e.field), ["sha256"]);
    }
    for (const raw of ["{", "[]", "null"]) {
      const r = await query(raw);
      assert.equal(r.status, 400);
      assert.equal(r.json.code, "invalid_json");
    }
  });

  it("answers 401 without a valid bearer token", async () => {
    const r = await query({ sha256: unknownSha() }, {});
    assert.equal(r.status, 401);
    assert.match(r.headers.get("www-authenticate") ?? "", /^Bearer/);
  });

  it("answers 500 when the index cannot be read", async () => {
    // A closed index cannot be read. Our own throw-away index stands in for the projector's alias.
    const es = createEsClient();
    const index = `filescan-test-closed-${randomUUID()}`;
    await es.indices.create({ index });
    await es.indices.close({ index });
    const broken = await startTestApi({ settings: { analysesIndex: index } });
    try {
      const r = await post(`${broken.baseUrl}/query`, { sha256: unknownSha() }, bearer(jwt));
      assert.equal(r.status, 500, r.text);
      assert.match(r.headers.get("content-type") ?? "", /^application\/problem\+json/);
      assert.equal(r.json.code, "store_error");
      assert.match(r.json.detail as string, /analysis index/);
    } finally {
      await broken.close();
      await es.indices.delete({ index, ignore_unavailable: true });
      await es.close();
    }
  });

  it("counts an analysis older than FILESCAN_MIN_ANALYZER_VERSION as not made, in /query and GET /files, and any analysis without it", async () => {
    const es = createEsClient();
    const prefix = `filescan-t${randomUUID().slice(0, 8)}`;
    const aliases = aliasesFor(prefix);
    await ensureIndices(es, aliases);
    const files = { old: submitted(`old ${randomUUID()}`), unversioned: submitted(`unversioned ${randomUUID()}`), current: submitted(`current ${randomUUID()}`) };
    const docs = {
      old: analysisDoc(analyzed(files.old, true, false, 0)),
      unversioned: analysisDoc(analyzed(files.unversioned)),
      current: analysisDoc(analyzed(files.current, true, false, ANALYZER_VERSION)),
    };
    // (stored by a projector from before versions were recorded: no field at all)
    delete (docs.unversioned.analysis as Partial<typeof docs.unversioned.analysis>).analyzer_version;
    for (const [k, d] of Object.entries(docs)) await es.index({ index: aliases.analyses, id: files[k as keyof typeof files].sha256, document: d, refresh: true });
    const strict = await startTestApi({ env: { ...process.env, FILESCAN_MIN_ANALYZER_VERSION: String(ANALYZER_VERSION) }, settings: { analysesIndex: aliases.analyses, filesIndex: aliases.files, maxFileBytes: 150_000 } });
    const lenient = await startTestApi({ settings: { analysesIndex: aliases.analyses, filesIndex: aliases.files } });
    try {
      const ask = async (a: TestApi, f: { sha256: string }) => (await post(`${a.baseUrl}/query`, { sha256: f.sha256 }, bearer(jwt))).json.status;
      assert.deepEqual([await ask(strict, files.old), await ask(strict, files.unversioned), await ask(strict, files.current)], ["not found", "not found", "found"]);
      assert.deepEqual([await ask(lenient, files.old), await ask(lenient, files.unversioned), await ask(lenient, files.current)], ["found", "found", "found"]);
      // what a crawler's cache compares (GET /analyzer), behind the bearer token
      const info = await fetch(`${strict.baseUrl}/analyzer`, { headers: bearer(jwt) });
      // (and the largest file /submit takes: a crawler skips larger ones unread)
      assert.deepEqual(await info.json(), { analyzer_version: ANALYZER_VERSION, min_analyzer_version: ANALYZER_VERSION, max_file_bytes: 150_000 });
      assert.deepEqual(await (await fetch(`${lenient.baseUrl}/analyzer`, { headers: bearer(jwt) })).json(), { analyzer_version: ANALYZER_VERSION, min_analyzer_version: 0, max_file_bytes: 32 * 1024 * 1024 });
      assert.equal((await fetch(`${strict.baseUrl}/analyzer`)).status, 401);
      const report = await fetch(`${strict.baseUrl}/files/${files.old.sha256}`, { headers: bearer(jwt) });
      const body = (await report.json()) as { status: string; analysis: { analysis: { analyzer_version: number } } };
      assert.equal(report.status, 200);
      assert.equal(body.status, "not found", "as /query answers");
      assert.equal(body.analysis.analysis.analyzer_version, 0, "the older analysis is still shown");
    } finally {
      await strict.close();
      await lenient.close();
      const mine = Object.keys(await es.indices.get({ index: `${prefix}-*`, allow_no_indices: true }));
      if (mine.length) await es.indices.delete({ index: mine });
      for (const name of [aliases.files, aliases.analyses]) await es.indices.deleteIndexTemplate({ name }).catch(() => undefined);
      await es.close();
    }
  });

  it("counts an analysis made while the LLM was unavailable as made within FILESCAN_LLM_OUTAGE_RETRY_SECONDS, as not made after it, and the LLM's re-analysis for good", async () => {
    const es = createEsClient();
    const prefix = `filescan-t${randomUUID().slice(0, 8)}`;
    const aliases = aliasesFor(prefix);
    await ensureIndices(es, aliases);
    const HOUR = 3_600_000;
    /** A verdict the classifier made with the LLM configured but unavailable (libs/classify's fallback), `ago` ms ago. */
    const outage = (s: FileSubmitted, ago: number): FileAnalyzed => {
      const a = analyzed(s);
      return { ...a, analyzed_at: Date.now() - ago, llm: { ...a.llm, status: "partial" }, extraction: { ...a.extraction, reasons: ["llm_unavailable"] }, model: { ...a.model, provider: "local", name: "smollm2-135m-instruct" } };
    };
    const files = { recent: submitted(`outage, recent ${randomUUID()}`), old: submitted(`outage, old ${randomUUID()}`), off: submitted(`llm off, old ${randomUUID()}`) };
    const soon = submitted(`outage, now ${randomUUID()}`);
    const docs = {
      recent: analysisDoc(outage(files.recent, HOUR / 2)),
      old: analysisDoc(outage(files.old, 2 * HOUR)),
      // (FILESCAN_LLM=off: the deterministic verdict, no reason; a normal verdict however old)
      off: analysisDoc({ ...analyzed(files.off), analyzed_at: Date.now() - 1000 * HOUR }),
    };
    assert.deepEqual(docs.old.analysis.reasons, ["llm_unavailable"], "stored as the projector stores it");
    assert.deepEqual([docs.off.analysis.provider, docs.off.analysis.reasons], ["off", []]);
    for (const [k, d] of Object.entries(docs)) await es.index({ index: aliases.analyses, id: files[k as keyof typeof files].sha256, document: d, refresh: true });
    const settings = { analysesIndex: aliases.analyses, filesIndex: aliases.files };
    const hourly = await startTestApi({ settings });
    const short = await startTestApi({ env: { ...process.env, FILESCAN_LLM_OUTAGE_RETRY_SECONDS: "3" }, settings });
    try {
      const ask = async (a: TestApi, f: { sha256: string }) => (await post(`${a.baseUrl}/query`, { sha256: f.sha256 }, bearer(jwt))).json.status;
      // the default window, an hour: found within it, not found after it; FILESCAN_LLM=off's verdict counts
      assert.deepEqual([await ask(hourly, files.recent), await ask(hourly, files.old), await ask(hourly, files.off)], ["found", "not found", "found"]);
      // GET /files says the same, and shows the verdict and why it is not counted
      const report = await fetch(`${hourly.baseUrl}/files/${files.old.sha256}`, { headers: bearer(jwt) });
      const body = (await report.json()) as { status: string; analysis: { llm: { status: string }; analysis: { reasons: string[] } } };
      assert.equal(report.status, 200);
      assert.equal(body.status, "not found", "as /query answers");
      assert.deepEqual([body.analysis.llm.status, body.analysis.analysis.reasons], ["partial", ["llm_unavailable"]]);
      assert.equal(((await (await fetch(`${hourly.baseUrl}/files/${files.recent.sha256}`, { headers: bearer(jwt) })).json()) as { status: string }).status, "found");
      // one window, 3 s, before and after: found, then not found (crawlers send the file again)
      const made = Date.now();
      await es.index({ index: aliases.analyses, id: soon.sha256, document: analysisDoc(outage(soon, 0)), refresh: false });
      const before = await ask(short, soon);
      assert.ok(Date.now() - made < 3_000, "asked within the window");
      assert.equal(before, "found");
      await new Promise((r) => setTimeout(r, made + 3_200 - Date.now()));
      assert.deepEqual([await ask(short, soon), await ask(short, files.off)], ["not found", "found"]);
      // the classifier's new analysis of it (with the LLM back) takes its place: found, for good
      const again = analyzed(soon);
      await es.index({ index: aliases.analyses, id: soon.sha256, document: analysisDoc({ ...again, model: { ...again.model, provider: "local", name: "smollm2-135m-instruct" } }), refresh: false });
      assert.equal(await ask(short, soon), "found");
    } finally {
      await hourly.close();
      await short.close();
      const mine = Object.keys(await es.indices.get({ index: `${prefix}-*`, allow_no_indices: true }));
      if (mine.length) await es.indices.delete({ index: mine });
      for (const name of [aliases.files, aliases.analyses]) await es.indices.deleteIndexTemplate({ name }).catch(() => undefined);
      await es.close();
    }
  });

  it("answers 500 when Elasticsearch is unreachable", async () => {
    const down = await startTestApi({ env: { ...process.env, FILESCAN_ES_URL: "http://127.0.0.1:1" } });
    try {
      const r = await post(`${down.baseUrl}/query`, { sha256: unknownSha() }, bearer(jwt));
      assert.equal(r.status, 500, r.text);
      assert.equal(r.json.code, "store_error");
    } finally {
      await down.close();
    }
  });

  it("documents in OpenAPI each 4xx that /auth/token and /query answer to an oversized or encoded body", async () => {
    const doc = parse(readFileSync(OPENAPI_FILE, "utf8")) as { paths: Record<string, { post: { responses: Record<string, unknown> } }> };
    for (const route of ["/auth/token", "/query"]) {
      const big = await fetch(`${api.baseUrl}${route}`, { method: "POST", headers: { "content-type": "application/json", ...bearer(jwt) }, body: JSON.stringify({ token: "x".repeat(70_000), sha256: "x" }) });
      const gz = await fetch(`${api.baseUrl}${route}`, { method: "POST", headers: { "content-type": "application/json", "content-encoding": "gzip", ...bearer(jwt) }, body: "{}" });
      for (const [r, status, code] of [[big, 413, "body_too_large"], [gz, 415, "unsupported_media_type"]] as const) {
        assert.equal(r.status, status, route);
        assert.equal(((await r.json()) as { code: string }).code, code);
        assert.ok(doc.paths[route]!.post.responses[String(status)], `${route} ${status} is in the OpenAPI document`);
      }
    }
  });
});

describe("search: isAnalyzed", function () {
  this.timeout(60_000);
  const es = createEsClient();
  // Our own throw-away index: the shared `filescan-analyses` alias belongs to the projector.
  const index = `filescan-test-analyses-${randomUUID()}`;
  after(async () => {
    await es.indices.delete({ index, ignore_unavailable: true });
    await es.close();
  });

  it("is false when the index does not exist, and true as soon as the document is written (realtime GET)", async () => {
    const sha = createHash("sha256").update(randomUUID()).digest("hex");
    assert.equal(await isAnalyzed(es, sha, index), false);
    await es.indices.create({ index });
    assert.equal(await isAnalyzed(es, sha, index), false);
    await es.index({ index, id: sha, document: { sha256: sha }, refresh: false });
    assert.equal(await isAnalyzed(es, sha, index), true, "no refresh needed");
    assert.equal(await isAnalyzed(es, sha.toUpperCase(), index), true, "case-insensitive input, lower-case id");
    assert.equal(ANALYSES_ALIAS, "filescan-analyses");
  });

  it("throws on a malformed sha256 and when Elasticsearch is unreachable", async () => {
    await assert.rejects(isAnalyzed(es, "abc", index), TypeError);
    const down = createEsClient({ FILESCAN_ES_URL: "http://127.0.0.1:1" }, { maxRetries: 0, requestTimeout: 1000 });
    await assert.rejects(isAnalyzed(down, "0".repeat(64)));
    await down.close();
  });
});

describe("api: operations", function () {
  this.timeout(120_000);
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(async () => {
    await api?.close();
  });

  it("/healthz answers 200", async () => {
    const r = await fetch(`${api.origin}/healthz`);
    assert.equal(r.status, 200);
    assert.deepEqual(await r.json(), { status: "ok" });
  });

  it("/readyz checks Kafka, the registry, the producer and Elasticsearch", async () => {
    const r = await fetch(`${api.origin}/readyz`);
    assert.equal(r.status, 200);
    assert.deepEqual(await r.json(), { status: "ready", checks: { kafka: true, registry: true, producer: true, elasticsearch: true } });
    const down = await startTestApi({ env: { ...process.env, FILESCAN_ES_URL: "http://127.0.0.1:1" } });
    try {
      const d = await fetch(`${down.origin}/readyz`);
      assert.equal(d.status, 503);
      assert.deepEqual(await d.json(), { status: "not ready", checks: { kafka: true, registry: true, producer: true, elasticsearch: false } });
    } finally {
      await down.close();
    }
  });

  it("/readyz answers within a few seconds when Elasticsearch takes the connection and never answers", async () => {
    // (the client's own timeout, 5 s, would hold the probe; each check has 2 s)
    const mute = await muteServer();
    const silent = await startTestApi({ env: { ...process.env, FILESCAN_ES_URL: `http://127.0.0.1:${portOf(mute)}` } });
    try {
      const t0 = Date.now();
      const d = await fetch(`${silent.origin}/readyz`);
      const took = Date.now() - t0;
      assert.equal(d.status, 503);
      assert.deepEqual(((await d.json()) as { checks: Record<string, boolean> }).checks, { kafka: true, registry: true, producer: true, elasticsearch: false });
      assert.ok(took < 4_000, `/readyz took ${took} ms`);
    } finally {
      await silent.close();
      await stopServer(mute);
    }
  });

  it("/metrics counts requests by route and status with latency histograms, and events produced", async () => {
    const jwt = await accessToken(api.baseUrl, (await issuePat()).token);
    assert.equal((await post(`${api.baseUrl}/submit`, submission(), bearer(jwt))).status, 200);
    assert.equal((await post(`${api.baseUrl}/submit`, {}, bearer(jwt))).status, 400);
    const text = await (await fetch(`${api.origin}/metrics`)).text();
    assert.match(text, /filescan_api_requests_total\{route="\/api\/v1\/filescan\/submit",method="POST",status="200"\} 1/);
    assert.match(text, /filescan_api_requests_total\{route="\/api\/v1\/filescan\/submit",method="POST",status="400"\} 1/);
    assert.match(text, /filescan_api_requests_total\{route="\/api\/v1\/filescan\/auth\/token",method="POST",status="200"\} 1/);
    assert.match(text, /filescan_api_request_duration_seconds_bucket\{le="0\.05",route="\/api\/v1\/filescan\/submit",method="POST",status="200"\} [01]/);
    assert.match(text, /filescan_api_request_duration_seconds_count\{route="\/api\/v1\/filescan\/submit",method="POST",status="200"\} 1/);
    assert.match(text, /filescan_api_events_produced_total 1/);
    assert.match(text, /# TYPE filescan_api_queue_full_total counter/);
  });

  it("serves the OpenAPI 3.1 document the validators are compiled from, to a bearer of a token only", async () => {
    const anonymous = await fetch(`${api.baseUrl}/openapi.json`);
    assert.equal(anonymous.status, 401, "the interface: every endpoint but POST /auth/token takes a bearer token");
    assert.match(anonymous.headers.get("www-authenticate") ?? "", /^Bearer/);
    const jwt = await accessToken(api.baseUrl, (await issuePat()).token);
    const r = await fetch(`${api.baseUrl}/openapi.json`, { headers: bearer(jwt) });
    assert.equal(r.status, 200);
    const doc = (await r.json()) as { openapi: string; paths: Record<string, unknown>; components: { schemas: Record<string, { required?: string[] }> } };
    assert.equal(doc.openapi, "3.1.0");
    assert.deepEqual(Object.keys(doc.paths).sort(), ["/analyzer", "/auth/token", "/files/{sha256}", "/query", "/submit"]);
    assert.deepEqual(doc, parse(readFileSync(OPENAPI_FILE, "utf8")));
    assert.deepEqual(doc.components.schemas.Submission!.required, ["mimetype", "file_data", "sha256", "sha1", "md5", "filename", "full_path", "timestamp", "app"]);
  });

  it("answers unknown routes with 404 and wrong methods with 405, as problem+json", async () => {
    const nf = await fetch(`${api.baseUrl}/nope`, { method: "POST" });
    assert.equal(nf.status, 404);
    assert.match(nf.headers.get("content-type") ?? "", /^application\/problem\+json/);
    assert.equal(((await nf.json()) as { code: string }).code, "not_found");
    const na = await fetch(`${api.baseUrl}/submit`);
    assert.equal(na.status, 405);
    assert.match(na.headers.get("allow") ?? "", /POST/);
    assert.equal(((await na.json()) as { code: string }).code, "method_not_allowed");
  });

  it("answers headers larger than Node reads with 431 as problem+json (Node's own answer is a status line alone)", async () => {
    const r = await fetch(`${api.baseUrl}/query`, { method: "POST", headers: { "x-big": "a".repeat(20_000) } });
    assert.equal(r.status, 431);
    assert.match(r.headers.get("content-type") ?? "", /^application\/problem\+json/);
    assert.deepEqual(await r.json(), { type: "urn:filescan:problem:headers_too_large", title: "Request headers too large", status: 431, code: "headers_too_large", detail: "the request line and headers are larger than this server reads (16 KiB)" });
  });
});
