/**
 * POST /submit against the real Kafka, schema registry and Elasticsearch: the seed's error
 * table (400, 401, 500, 503), every validation rule, 413/415, and the FileSubmitted event read
 * back from Kafka through the registry.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { request, type Server } from "node:http";
import { TOPICS, serverAddresses } from "@filescan/config";
import { avroSchemaText, valueSubject } from "@filescan/contracts";
import { SUBMISSION_FIELDS, base64Length } from "@filescan/api";
import { accessToken, bearer, issuePat, post, startTestApi, submission, SubmissionCollector, type TestApi } from "./api-helpers.ts";
import { muteServer, portOf, registryUrlOn, relayToRegistry, stopServer } from "./relay.ts";
import { freePort } from "../containers/compose.ts";

describe("api: POST /submit", function () {
  this.timeout(120_000);
  let api: TestApi;
  let jwt: string;
  let patId: string;
  const collector = new SubmissionCollector();

  before(async () => {
    api = await startTestApi({ settings: { maxFileBytes: 64 * 1024, maxMetadataBytes: 16 * 1024 } });
    const pat = await issuePat({ name: "submit-suite" });
    patId = pat.id;
    jwt = await accessToken(api.baseUrl, pat.token);
    await collector.start();
  });
  after(async () => {
    await collector.stop();
    await api?.close();
  });

  const submit = (body: unknown, headers: Record<string, string> = {}) => post(`${api.baseUrl}/submit`, body, { ...bearer(jwt), ...headers });

  function assertProblem(r: Awaited<ReturnType<typeof post>>, status: number, code: string): void {
    assert.equal(r.status, status, r.text);
    assert.match(r.headers.get("content-type") ?? "", /^application\/problem\+json/);
    assert.equal(r.json.code, code, r.text);
    assert.equal(r.json.status, status);
    assert.equal(r.json.type, `urn:filescan:problem:${code}`);
    assert.equal(typeof r.json.title, "string");
  }
  const fields = (r: Awaited<ReturnType<typeof post>>) => (r.json.errors as Array<{ field: string }>).map((e) => e.field);

  it("queues a valid submission and the FileSubmitted event carries every field, the extras and the bytes, never file_data", async () => {
    const bytes = randomBytes(3000);
    const body = submission(bytes, { owner: "bob", tags: ["hr", 2], meta: { depth: 1, flag: true, none: null } });
    const before = Date.now();
    const r = await post(`${api.baseUrl}/submit`, body, bearer(jwt));
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(Object.keys(r.json).sort(), ["sha256", "status", "submission_id"]);
    assert.equal(r.json.status, "queued");
    assert.equal(r.json.sha256, body.sha256);
    const id = r.json.submission_id as string;
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const { event, key, value } = await collector.waitFor(id);
    assert.equal(key, body.sha256, "key = sha256");
    assert.equal(value[0], 0, "Confluent wire format magic byte");
    const latest = await fetch(`${serverAddresses().registryUrl}/subjects/${valueSubject(TOPICS.submissions)}/versions/latest`);
    assert.equal(value.readInt32BE(1), ((await latest.json()) as { id: number }).id, "schema id from the registry");
    for (const f of ["mimetype", "sha256", "sha1", "md5", "filename", "full_path", "timestamp", "app"] as const) assert.equal(event[f], body[f], f);
    assert.equal(event.submission_id, id);
    assert.deepEqual({ ...event.principal }, { subject: patId, token_name: "submit-suite" });
    assert.ok(Math.abs(Number(event.received_at) - Date.now()) < 60_000, "received_at is now");
    assert.deepEqual(JSON.parse(event.extra_json), { owner: "bob", tags: ["hr", 2], meta: { depth: 1, flag: true, none: null } });
    assert.equal(Number(event.size), bytes.length);
    assert.ok(Buffer.from(event.content).equals(bytes), "decoded bytes equal the file");
    assert.equal("file_data" in event, false);
    // Nothing else: exactly the fields of the registered schema, as decoded through the registry.
    const schema = JSON.parse(avroSchemaText(TOPICS.submissions)) as { fields: Array<{ name: string }> };
    assert.deepEqual(Object.keys(event).sort(), schema.fields.map((f) => f.name).sort());
    assert.deepEqual(Object.keys(event).sort(), ["app", "content", "extra_json", "filename", "full_path", "md5", "mimetype", "min_analyzer_version", "principal", "received_at", "sha1", "sha256", "size", "submission_id", "timestamp"]);
    assert.equal(event.min_analyzer_version, 0, "the API's FILESCAN_MIN_ANALYZER_VERSION (unset: 0)");
    assert.ok(Number(event.received_at) <= Date.now() && Number(event.received_at) >= before, "received_at between request and answer");
    assert.equal(value.includes(Buffer.from(body.file_data as string)), false, "no base64 text in the record");
  });

  it("gives a retried submission the same submission_id", async () => {
    const body = submission();
    const a = await submit(body);
    const b = await submit(body);
    assert.equal(a.status, 200);
    assert.equal(b.status, 200);
    assert.equal(a.json.submission_id, b.json.submission_id);
    const c = await submit({ ...body, full_path: body.full_path + ".copy" });
    assert.notEqual(c.json.submission_id, a.json.submission_id);
  });

  it("accepts an empty file and upper-case digests (normalised to lower case in the event)", async () => {
    const body = submission(Buffer.alloc(0));
    const r = await submit({ ...body, sha256: (body.sha256 as string).toUpperCase() });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.sha256, body.sha256);
    const { event } = await collector.waitFor(r.json.submission_id as string);
    assert.equal(event.sha256, body.sha256);
    assert.equal(Number(event.size), 0);
  });

  describe("400: the payload fails the sanity check", () => {
    it("lists every missing field at once", async () => {
      const r = await submit({});
      assertProblem(r, 400, "validation_failed");
      assert.deepEqual(fields(r), [...SUBMISSION_FIELDS]);
      assert.ok((r.json.errors as Array<{ code: string; message: string }>).every((e) => e.code === "missing" && e.message.length > 0));
    });

    it("lists each single missing field", async () => {
      for (const f of SUBMISSION_FIELDS) {
        const body = submission();
        delete body[f];
        const r = await submit(body);
        assertProblem(r, 400, "validation_failed");
        assert.deepEqual(fields(r), [f]);
      }
    });

    it("wants every field to be a string", async () => {
      const body = submission();
      for (const [i, f] of SUBMISSION_FIELDS.entries()) body[f] = [1, null, true, {}, []][i % 5];
      const r = await submit(body);
      assertProblem(r, 400, "validation_failed");
      assert.deepEqual(fields(r), [...SUBMISSION_FIELDS]);
      assert.ok((r.json.errors as Array<{ code: string }>).every((e) => e.code === "type"));
    });

    it("answers invalid_json for a body that is not JSON or not an object", async () => {
      for (const raw of ["{", "", "not json", "[]", "null", "42", '"s"']) assertProblem(await submit(raw), 400, "invalid_json");
    });

    it("wants strict base64 in file_data", async () => {
      const body = submission(Buffer.from("hello"));
      for (const file_data of ["aGVsbG8", "aGVs bG8=", "aGVsbG8=\n", "aGVsbG8_", "aGVsbG9=", "aGVsbG8=="]) {
        const r = await submit({ ...body, file_data });
        assertProblem(r, 400, "validation_failed");
        assert.deepEqual(fields(r), ["file_data"], file_data);
      }
    });

    it("answers hash_mismatch naming each digest that does not match", async () => {
      const body = submission();
      let r = await submit({ ...body, sha256: "a".repeat(64) });
      assertProblem(r, 400, "hash_mismatch");
      assert.deepEqual(fields(r), ["sha256"]);
      r = await submit({ ...body, sha1: "b".repeat(40), md5: "c".repeat(32) });
      assertProblem(r, 400, "hash_mismatch");
      assert.deepEqual(fields(r), ["sha1", "md5"]);
      assert.match(r.json.detail as string, /sha1, md5/);
    });

    it("wants hex digests of the right length", async () => {
      const r = await submit({ ...submission(), sha256: "x".repeat(64), sha1: "0".repeat(41), md5: "" });
      assertProblem(r, 400, "validation_failed");
      assert.deepEqual(fields(r), ["sha256", "sha1", "md5"]);
    });

    it("wants a base name in filename", async () => {
      for (const filename of ["a/b.txt", "..\\x.txt", "/etc/passwd", "", "..", "."]) {
        const r = await submit({ ...submission(), filename });
        assertProblem(r, 400, "validation_failed");
        assert.deepEqual(fields(r), ["filename"], filename);
      }
    });

    it("wants an RFC 3339 timestamp", async () => {
      for (const timestamp of ["yesterday", "2026-11-22", "2026-11-22T08:00:00", "2026-02-30T08:00:00Z", "2026-11-22T08:00:00+0100", "1795337000"]) {
        const r = await submit({ ...submission(), timestamp });
        assertProblem(r, 400, "validation_failed");
        assert.deepEqual(fields(r), ["timestamp"], timestamp);
      }
    });

    it("refuses extra fields nested 10,000 deep or holding 1e999, naming them (the deep one was a 500), and queues one 64 deep as sent", async () => {
      const r = await submit(JSON.stringify(submission()).replace(/\}$/, `,"deep":${"[".repeat(10_000)}${"]".repeat(10_000)},"n":{"big":1e999},"ok":[1]}`));
      assertProblem(r, 400, "validation_failed");
      assert.deepEqual((r.json.errors as Array<{ field: string; code: string }>).map((e) => [e.field, e.code]), [["deep", "too_deep"], ["n", "invalid"]]);
      const deepest = `"deep":${"[".repeat(64)}${"]".repeat(64)}`;
      const ok = await submit(JSON.stringify(submission()).replace(/\}$/, `,${deepest}}`));
      assert.equal(ok.status, 200, ok.text);
      const { event } = await collector.waitFor(ok.json.submission_id as string);
      assert.equal(event.extra_json, `{${deepest}}`);
    });

    it("reports several invalid fields together", async () => {
      const r = await submit({ ...submission(), filename: "a/b", timestamp: "now", md5: "0".repeat(32), app: 7 });
      assertProblem(r, 400, "validation_failed");
      assert.deepEqual(fields(r), ["md5", "filename", "timestamp", "app"]);
    });
  });

  describe("413 and 415", () => {
    it("answers 413 metadata_too_large when the fields besides file_data hold more than FILESCAN_MAX_METADATA_BYTES, whatever the file's size (a 10-byte file brought 40 kB of extras, within the body limit)", async () => {
      const limit = api.settings.maxMetadataBytes;
      const small = submission(Buffer.from("tiny file\n"));
      const fixed = Buffer.byteLength(JSON.stringify({ pad: "" })) + ["mimetype", "sha256", "sha1", "md5", "filename", "full_path", "timestamp", "app"].reduce((n, k) => n + Buffer.byteLength(small[k] as string), 0);
      const at = await submit({ ...small, pad: "x".repeat(limit - fixed) });
      assert.equal(at.status, 200, `exactly the limit: ${at.text}`);
      const over = await submit({ ...small, pad: "x".repeat(limit - fixed + 1) });
      assertProblem(over, 413, "metadata_too_large");
      assert.match(over.json.detail as string, new RegExp(`hold ${limit + 1} bytes, more than FILESCAN_MAX_METADATA_BYTES \\(${limit}\\)`));
      const far = await submit({ ...small, pad: "x".repeat(40_000) });
      assertProblem(far, 413, "metadata_too_large");
    });

    it("answers 413 when the decoded file is larger than FILESCAN_MAX_FILE_BYTES, and accepts exactly that size", async () => {
      const r = await submit(submission(randomBytes(64 * 1024 + 1)));
      assertProblem(r, 413, "file_too_large");
      const ok = await submit(submission(randomBytes(64 * 1024)));
      assert.equal(ok.status, 200, ok.text);
    });

    it("sets the body limit to the base64 of the largest file plus the metadata room", async () => {
      assert.equal(api.settings.submitBodyLimit, base64Length(64 * 1024) + 16 * 1024);
      // A small file, but metadata past the room: the body is over the limit.
      const r = await submit(submission(randomBytes(100), { pad: "x".repeat(api.settings.submitBodyLimit) }));
      assertProblem(r, 413, "file_too_large");
      assert.match(r.json.detail as string, new RegExp(`exceeds ${api.settings.submitBodyLimit} bytes`));
      // The largest file with metadata just inside the room still passes.
      const ok = await submit(submission(randomBytes(64 * 1024), { pad: "x".repeat(15 * 1024) }));
      assert.equal(ok.status, 200, ok.text);
    });

    it("refuses a body over the limit from its Content-Length without reading it", async () => {
      // Announce 100 MB but send nothing more: the answer must come at once, not after a timeout.
      const url = new URL(`${api.baseUrl}/submit`);
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { ...bearer(jwt), "content-type": "application/json", "content-length": String(100_000_000) } }, (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on("error", reject);
        req.write("{");
      });
      assert.equal(res.status, 413);
      assert.equal((JSON.parse(res.body) as { code: string }).code, "file_too_large");
    });

    it("refuses a chunked body once it passes the limit", async () => {
      const big = JSON.stringify(submission(randomBytes(200 * 1024)));
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new TextEncoder().encode(big));
          c.close();
        },
      });
      const res = await fetch(`${api.baseUrl}/submit`, { method: "POST", headers: { ...bearer(jwt), "content-type": "application/json" }, body: stream, duplex: "half" } as RequestInit);
      assert.equal(res.status, 413);
      assert.equal(((await res.json()) as { code: string }).code, "file_too_large");
    });

    it("answers 415 without Content-Type: application/json", async () => {
      const body = JSON.stringify(submission());
      for (const ct of ["text/plain", "application/x-www-form-urlencoded", "application/jsonp"]) {
        assertProblem(await post(`${api.baseUrl}/submit`, body, { ...bearer(jwt), "content-type": ct }), 415, "unsupported_media_type");
      }
      const res = await fetch(`${api.baseUrl}/submit`, { method: "POST", headers: bearer(jwt), body: new Blob([body]) });
      assert.equal(res.status, 415);
      // A charset parameter is fine.
      const ok = await post(`${api.baseUrl}/submit`, body, { ...bearer(jwt), "content-type": "application/json; charset=utf-8" });
      assert.equal(ok.status, 200, ok.text);
    });

    it("answers 415 for a compressed body", async () => {
      const r = await post(`${api.baseUrl}/submit`, JSON.stringify(submission()), { ...bearer(jwt), "content-encoding": "gzip" });
      assertProblem(r, 415, "unsupported_media_type");
    });
  });

  describe("503: the queue is full", () => {
    it("answers 503 with Retry-After when the analysis backlog is above FILESCAN_MAX_BACKLOG", async () => {
      // A consumer group that never committed has the whole topic as backlog, which is not empty
      // after the tests above: with a limit of 0 the queue is full.
      const full = await startTestApi({ settings: { maxBacklog: 0, backlogGroup: `api-test-never-${randomBytes(4).toString("hex")}`, retryAfterSeconds: 7 } });
      try {
        const token = await accessToken(full.baseUrl, (await issuePat()).token);
        const r = await post(`${full.baseUrl}/submit`, submission(), bearer(token));
        assertProblem(r, 503, "queue_full");
        assert.equal(r.headers.get("retry-after"), "7");
        const metrics = await (await fetch(`${full.origin}/metrics`)).text();
        assert.match(metrics, /filescan_api_queue_full_total\{reason="backlog"\} 1/);
        assert.match(metrics, /filescan_api_backlog [1-9]/);
      } finally {
        await full.close();
      }
    });

    it("answers 503 when the producer has too many submissions in flight", async () => {
      const full = await startTestApi({ settings: { maxInflight: 0 } });
      try {
        const token = await accessToken(full.baseUrl, (await issuePat()).token);
        const r = await post(`${full.baseUrl}/submit`, submission(), bearer(token));
        assertProblem(r, 503, "queue_full");
        assert.equal(r.headers.get("retry-after"), "5");
      } finally {
        await full.close();
      }
    });
  });

  describe("500: internal queue error", () => {
    it("answers 500 queue_error when Kafka is not reachable (the app pointed at a closed port), and /readyz says so", async () => {
      const down = await startTestApi({ env: { ...process.env, FILESCAN_KAFKA_BROKERS: "127.0.0.1:1" } });
      try {
        const r = await post(`${down.baseUrl}/submit`, submission(), bearer(jwt));
        assertProblem(r, 500, "queue_error");
        assert.match(r.json.detail as string, /retrying the same request is safe/);
        const ready = await fetch(`${down.origin}/readyz`);
        assert.equal(ready.status, 503);
        assert.deepEqual(await ready.json(), { status: "not ready", checks: { kafka: false, registry: true, producer: false, elasticsearch: true } });
        assert.equal((await fetch(`${down.origin}/healthz`)).status, 200, "alive, only not ready");
        // Bad input is still judged without Kafka.
        assertProblem(await post(`${down.baseUrl}/submit`, {}, bearer(jwt)), 400, "validation_failed");
        assert.ok(down.logs.join("").includes("kafka or the schema registry is not reachable"));
      } finally {
        await down.close();
      }
    });

    it("answers 500 queue_error while the schema registry is not reachable, and queues once it is back", async () => {
      // A port with nothing behind it yet; later a plain HTTP relay to the real registry opens on it.
      const port = await freePort();
      const app = await startTestApi({ env: { ...process.env, FILESCAN_REGISTRY_URL: registryUrlOn(port) } });
      let relay: Server | undefined;
      try {
        const r = await post(`${app.baseUrl}/submit`, submission(), bearer(jwt));
        assertProblem(r, 500, "queue_error");
        const ready = await fetch(`${app.origin}/readyz`);
        assert.equal(ready.status, 503);
        assert.deepEqual(await ready.json(), { status: "not ready", checks: { kafka: true, registry: false, producer: false, elasticsearch: true } });

        relay = await relayToRegistry(port);
        const deadline = Date.now() + 30_000;
        while ((await fetch(`${app.origin}/readyz`)).status !== 200) {
          assert.ok(Date.now() < deadline, "the API connects once the registry answers");
          await new Promise((res) => setTimeout(res, 250));
        }
        const body = submission();
        const ok = await post(`${app.baseUrl}/submit`, body, bearer(jwt));
        assert.equal(ok.status, 200, ok.text);
        const { event } = await collector.waitFor(ok.json.submission_id as string);
        assert.equal(event.sha256, body.sha256);
      } finally {
        await app.close();
        await stopServer(relay);
      }
    });

    it("listens after a bounded wait when the schema registry takes the connection and never answers, /readyz says so, and it still stops at once", async () => {
      // (requests to the registry time out after a minute here: the connection attempt hangs for the whole test)
      const { app, mute, startedMs } = await startWithMuteRegistry(60_000, 1000);
      let closing: Promise<void> | undefined;
      const stopping = () => (closing ??= app.close());
      try {
        assert.ok(startedMs < 30_000, `listening after ${startedMs} ms`);
        assert.ok(app.logs.join("").includes("has not answered yet; listening while the connection is tried"));
        assert.equal((await fetch(`${app.origin}/healthz`)).status, 200);
        const ready = await fetch(`${app.origin}/readyz`);
        assert.equal(ready.status, 503);
        assert.deepEqual(((await ready.json()) as { checks: Record<string, boolean> }).checks, { kafka: true, registry: false, producer: false, elasticsearch: true });
        assertProblem(await post(`${app.baseUrl}/submit`, submission(), bearer(jwt)), 500, "queue_error");
        // Stopping does not wait for the attempt that hangs on the silent registry.
        const t1 = Date.now();
        await stopping();
        assert.ok(Date.now() - t1 < 10_000, `stopped after ${Date.now() - t1} ms`);
      } finally {
        await stopping();
        await stopServer(mute);
      }
    });

    it("gives up on a silent schema registry after FILESCAN_REGISTRY_TIMEOUT_MS and keeps trying", async () => {
      // The start would wait a minute for an attempt that hangs; the registry's timeout ends it.
      const { app, mute, startedMs } = await startWithMuteRegistry(300, 60_000);
      try {
        assert.ok(startedMs < 30_000, `listening after ${startedMs} ms`);
        const logs = app.logs.join("");
        assert.ok(logs.includes("kafka or the schema registry is not reachable; retrying"), logs.slice(-2000));
        assert.match(logs, /Timeout \(300ms\)/);
        assert.ok(!logs.includes("has not answered yet"));
        assertProblem(await post(`${app.baseUrl}/submit`, submission(), bearer(jwt)), 500, "queue_error");
      } finally {
        await app.close();
        await stopServer(mute);
      }
    });

    it("answers 500 queue_error when Kafka does not acknowledge in time", async () => {
      const slow = await startTestApi({ settings: { produceTimeoutMs: 0 } });
      try {
        const token = await accessToken(slow.baseUrl, (await issuePat()).token);
        const r = await post(`${slow.baseUrl}/submit`, submission(), bearer(token));
        assertProblem(r, 500, "queue_error");
        assert.match(r.json.detail as string, /retrying the same request is safe/);
      } finally {
        await slow.close();
      }
    });

    it("answers 500 queue_error once the queue is shut down under the running app", async () => {
      const broken = await startTestApi();
      const token = await accessToken(broken.baseUrl, (await issuePat()).token);
      // What a request meets during shutdown: the producer is disconnected, every send fails.
      await broken.queue.close();
      try {
        const r = await post(`${broken.baseUrl}/submit`, submission(), bearer(token));
        assertProblem(r, 500, "queue_error");
      } finally {
        await broken.close();
      }
    });
  });

  // Last: by now this app has seen valid submissions, every kind of 400, 413 and 415.
  describe("logs", () => {
    it("one JSON line per request, never file data, tokens or JWTs", async () => {
      const body = submission(Buffer.from("secret payload SSN 078-05-1120"));
      assert.equal((await submit(body)).status, 200);
      assert.equal((await post(`${api.baseUrl}/submit`, body, bearer(jwt.slice(0, -2)))).status, 401);
      const lines = api.logs.join("").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
      const requests = lines.filter((l) => l.msg === "request");
      assert.ok(requests.length >= 40, String(requests.length));
      for (const status of [200, 400, 401, 413, 415]) assert.ok(requests.some((l) => l.status === status && l.route === "/api/v1/filescan/submit"), `a ${status} line`);
      for (const l of requests) assert.deepEqual(Object.keys(l).filter((k) => !["level", "time", "pid", "hostname", "service", "msg"].includes(k)).filter((k) => !["method", "route", "status", "ms", "client", "sub", "code", "bytes_in"].includes(k)), []);
      const all = api.logs.join("");
      assert.equal(all.includes(body.file_data as string), false);
      assert.equal(all.includes("078-05-1120"), false);
      assert.equal(all.includes(jwt), false);
      assert.equal(all.includes(jwt.split(".")[2]!), false);
      assert.equal(/eyJ[\w-]+\.eyJ/.test(all), false, "no JWT at all");
      assert.equal(/fsp_[0-9A-Za-z]{36}/.test(all), false, "no PAT");
      assert.equal(/[A-Za-z0-9+/=_-]{60,}/.test(all), false, "no long base64 run (file data, token parts)");
    });
  });
});

/** The API with its schema registry at a server that reads each request and never answers (a registry stuck in a pause). */
async function startWithMuteRegistry(registryTimeoutMs: number, connectWaitMs: number): Promise<{ app: TestApi; mute: Server; startedMs: number }> {
  const mute = await muteServer();
  const t0 = Date.now();
  const app = await startTestApi({ env: { ...process.env, FILESCAN_REGISTRY_URL: registryUrlOn(portOf(mute)), FILESCAN_REGISTRY_TIMEOUT_MS: String(registryTimeoutMs) }, settings: { connectWaitMs } });
  return { app, mute, startedMs: Date.now() - t0 };
}
