/**
 * End to end, as a crawler and a SOC analyst see it: the real API, extractor, classifier (with
 * the local model behind the same ChatOpenAI path as production), projector, Kafka, registry and
 * Elasticsearch. The apps run in-process with their own consumer groups starting at the topic
 * end and their own index prefix, so the suite is independent of what else the shared dev topics
 * hold.
 */
import { kafkaGroup } from "@filescan/config";
import { ANALYZER_VERSION } from "@filescan/contracts";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { createEsClient } from "@filescan/search";
import { aliasesFor } from "@filescan/search";
import { createKafka } from "@filescan/kafka";
import { startLocalLlmServer, type LocalLlmServer } from "@filescan/llm-local";
import { startExtractor } from "@filescan/extractor";
import { startClassifier, type RunningClassifier } from "@filescan/classifier";
import { startProjectorApp, type RunningProjector } from "@filescan/projector";
import { accessToken, bearer, issuePat, post, startTestApi, type TestApi } from "../integration/api-helpers.ts";
import { localModelPath } from "../integration/model.ts";
import { within } from "../integration/deadline.ts";
import { pdfWithPages, submission, zip } from "../fixtures/files.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("end to end: submit → extract → classify → project → query", function () {
  this.timeout(10 * 60_000);
  const run = randomUUID().slice(0, 8);
  const prefix = `filescan-e2e${run}`;
  const aliases = aliasesFor(prefix);
  const es = createEsClient();
  let llm: LocalLlmServer;
  let env: NodeJS.ProcessEnv;
  let api: TestApi;
  let extractor: { stop(): Promise<void> };
  let classifier: RunningClassifier;
  let projector: RunningProjector;
  let jwt: string;
  let base: string;

  const submit = async (body: Record<string, unknown>) => {
    const r = await post(`${base}/submit`, body, bearer(jwt));
    assert.equal(r.status, 200, r.text);
    return r.json.submission_id as string;
  };
  const waitFound = async (sha256: string, timeoutMs = 240_000) => {
    const t0 = Date.now();
    for (;;) {
      const r = await post(`${base}/query`, { sha256 }, bearer(jwt));
      if (r.json.status === "found") return Date.now() - t0;
      if (Date.now() - t0 > timeoutMs) throw new Error(`${sha256} not found within ${timeoutMs / 1000} s`);
      await sleep(250);
    }
  };
  const sighting = async (id: string) => {
    for (let i = 0; i < 50; i++) {
      const d = await es.get<Record<string, any>>({ index: aliases.files, id }).then((r) => r._source!).catch(() => undefined);
      if (d?.analysed) return d;
      await sleep(200);
    }
    throw new Error(`sighting ${id} never got its analysis`);
  };

  before(async () => {
    llm = await startLocalLlmServer({ modelPath: localModelPath(), port: 0, threads: 1 });
    env = {
      ...process.env,
      FILESCAN_LLM: "local",
      FILESCAN_LLM_BASE_URL: llm.baseURL,
      FILESCAN_NEW_GROUP_START: "latest",
      FILESCAN_ES_INDEX_PREFIX: prefix,
      FILESCAN_EXTRACTOR_GROUP: `e2e-extractor-${run}`,
      FILESCAN_CLASSIFIER_GROUP: `e2e-classifier-${run}`,
      FILESCAN_PROJECTOR_GROUP: `e2e-projector-${run}`,
      FILESCAN_CLASSIFIER_METRICS_PORT: "0",
    };
    [extractor, classifier, projector] = await within("start the extractor, classifier and projector (consumer groups joined)", 240_000, Promise.all([startExtractor(env), startClassifier(env), startProjectorApp(env)]));
    api = await startTestApi({ env });
    base = api.baseUrl;
    jwt = await accessToken(base, (await issuePat()).token);
  });

  after(async () => {
    await Promise.allSettled([api?.close(), extractor?.stop(), classifier?.stop(), projector?.stop()]);
    await llm?.close();
    const mine = Object.keys(await es.indices.get({ index: `${prefix}-*`, allow_no_indices: true }).catch(() => ({})));
    if (mine.length) await es.indices.delete({ index: mine });
    for (const name of [aliases.files, aliases.analyses]) await es.indices.deleteIndexTemplate({ name }).catch(() => undefined);
    await es.close();
    const admin = createKafka("e2e-cleanup").admin();
    await admin.connect();
    await admin.deleteGroups([env.FILESCAN_EXTRACTOR_GROUP!, env.FILESCAN_CLASSIFIER_GROUP!, env.FILESCAN_PROJECTOR_GROUP!].map((g) => kafkaGroup(g))).catch(() => undefined);
    await admin.disconnect();
  });

  it("finds a valid SSN next to a name on page 2 of a PDF inside a folder of a ZIP", async () => {
    const pdf = await pdfWithPages([
      ["Quarterly report", "Nothing personal on this page."],
      ["Employee file", "Name: Jane Doe", "SSN: 536-22-8726", `ref ${run}`],
    ]);
    const archive = await zip([["reports/2024/summary.txt", Buffer.from("plain summary")], ["reports/2024/payroll.pdf", pdf]]);
    const body = submission(archive, "q1.zip", "application/zip", `/srv/share/hr/q1-${run}.zip`, { host: "crawler-7", depth: { level: 3 }, tags: ["hr", 1] });
    const id = await submit(body);
    const ms = await waitFound(body.sha256);
    const doc = await sighting(id);
    assert.equal(doc.llm.has_sensitive_data, true, JSON.stringify(doc.llm));
    assert.equal(doc.llm.page_number, 2);
    assert.equal(doc.llm.file_in_zip, "reports/2024/payroll.pdf");
    assert.ok(["high", "medium", "low"].includes(doc.llm.confidence));
    assert.ok(["complete", "partial"].includes(doc.llm.status));
    assert.ok(doc.findings.types.includes("US_SSN"), doc.findings.types.join(","));
    assert.ok(!JSON.stringify(doc).includes("536-22-8726") && !JSON.stringify(doc).includes("536228726"), "no raw SSN anywhere in the stored document");
    for (const k of ["mimetype", "sha256", "sha1", "md5", "filename", "full_path", "timestamp", "app"] as const) assert.equal(doc[k], body[k], k);
    assert.deepEqual(doc.extra, { host: "crawler-7", depth: { level: 3 }, tags: ["hr", 1] });
    assert.equal(doc.file_data, undefined);
    assert.equal(doc.analysis.analyzer_version, ANALYZER_VERSION, "the analysis names the analyzer version that made it");
    console.log(`      (found ${(ms / 1000).toFixed(1)} s after submit)`);
  });

  it("says a benign text file holds no sensitive data", async () => {
    const body = submission(Buffer.from(`Meeting notes ${run}\nWe agreed to ship the release on Friday.\nAction items: update the docs.\n`), "notes.txt", "text/plain", `/srv/share/notes-${run}.txt`);
    const id = await submit(body);
    await waitFound(body.sha256);
    const doc = await sighting(id);
    assert.equal(doc.llm.has_sensitive_data, false, JSON.stringify(doc.llm));
    assert.equal(doc.findings.total, 0);
  });

  it("stores two sightings of the same bytes under two paths with one LLM call", async () => {
    const bytes = Buffer.from(`Customer: John Smith\nCard: 4111 1111 1111 1111\nref ${run}\n`);
    const a = submission(bytes, "c.txt", "text/plain", `/a/${run}/c.txt`);
    const b = submission(bytes, "c.txt", "text/plain", `/b/${run}/c.txt`);
    const [ida, idb] = [await submit(a), await submit(b)];
    await waitFound(a.sha256);
    const [da, db] = [await sighting(ida), await sighting(idb)];
    // counted per sha256: the shared dev topics may carry other runs' events meanwhile
    assert.equal(classifier.analyzer.callsFor(a.sha256), 1, "one analysis for one content");
    assert.deepEqual(da.llm, db.llm);
    assert.deepEqual([da.full_path, db.full_path], [a.full_path, b.full_path]);
    assert.equal(da.analysis.analysed_submission_id, db.analysis.analysed_submission_id, "both carry the one analysis");
    await es.indices.refresh({ index: aliases.files });
    const report = await fetch(`${base}/files/${a.sha256.toUpperCase()}`, { headers: bearer(jwt) });
    assert.equal(report.status, 200);
    const r = (await report.json()) as any;
    assert.equal(r.status, "found");
    assert.equal(r.analysis.llm.has_sensitive_data, true);
    assert.equal(r.sightings_total, 2);
    assert.deepEqual(r.sightings.map((x: any) => x.full_path).sort(), [a.full_path, b.full_path].sort());
    assert.ok(!JSON.stringify(r).includes("4111 1111 1111 1111"), "masked values only");
    const unknown = await fetch(`${base}/files/${"e".repeat(64)}`, { headers: bearer(jwt) });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.headers.get("content-type")?.split(";")[0], "application/problem+json");
    assert.equal((await fetch(`${base}/files/nothex`, { headers: bearer(jwt) })).status, 400);
    assert.equal((await fetch(`${base}/files/${a.sha256}`)).status, 401);
  });

  it("marks an unsupported binary `unsupported` and still answers found", async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(2048, 7), Buffer.from(run)]);
    const body = submission(elf, "tool", "application/octet-stream", `/usr/local/bin/tool-${run}`);
    const id = await submit(body);
    await waitFound(body.sha256);
    const doc = await sighting(id);
    assert.equal(doc.llm.status, "unsupported", JSON.stringify(doc.llm));
    assert.equal(doc.llm.has_sensitive_data, false);
  });

  it("counts the classifier's token usage and LLM latency in Prometheus metrics", async () => {
    const text = await (await fetch(`http://127.0.0.1:${classifier.httpPort}/metrics`)).text();
    const value = (re: RegExp) => Number(re.exec(text)?.[1] ?? NaN);
    assert.ok(value(/^filescan_classifier_llm_tokens_total\{provider="local",kind="prompt"\} (\d+)/m) > 0, "prompt tokens counted");
    assert.ok(value(/^filescan_classifier_llm_tokens_total\{provider="local",kind="completion"\} (\d+)/m) > 0, "completion tokens counted");
    assert.ok(value(/^filescan_classifier_llm_seconds_count\{provider="local"\} (\d+)/m) >= 2, "LLM latency observed");
    assert.ok(value(/^filescan_classifier_findings_total\{type="US_SSN"\} (\d+)/m) >= 1);
    assert.match(text, /^filescan_classifier_analyses_total\{provider="local",reused="true",sensitive="true"\} \d+/m, "the duplicate's reused verdict is counted apart");
  });

  it("loses and duplicates nothing when the projector is killed mid-stream and restarted", async () => {
    const bodies = Array.from({ length: 10 }, (_, i) => submission(Buffer.from(`bulk file ${i} ${run}\nno personal data here\n`), `f${i}.txt`, "text/plain", `/bulk/${run}/f${i}.txt`, { batch: run }));
    const ids: string[] = [];
    for (const [i, b] of bodies.entries()) {
      ids.push(await submit(b));
      if (i === 3) {
        await projector.stop(); // mid-stream: the rest are submitted while it is down
      }
    }
    await sleep(500);
    projector = await startProjectorApp(env);
    // each benign file costs one local-model call (seconds on these CPUs)
    for (const b of bodies) await waitFound(b.sha256, 480_000);
    for (const id of ids) await sighting(id);
    await es.indices.refresh({ index: aliases.files });
    const count = await es.count({ index: aliases.files, query: { term: { "extra.batch": run } } });
    assert.equal(count.count, bodies.length, "one document per submission: none missing, none duplicated");
  });
});
