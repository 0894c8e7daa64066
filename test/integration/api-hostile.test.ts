/**
 * A hostile or careless client against the real API: what the other api-*.test.ts suites do not
 * cover. A body that is all JSON structure, many large bodies at once, a body streamed without
 * end into a refusal, a client that hangs up before its body is read, a body that is not UTF-8,
 * lone surrogates, numbers JSON.parse rounds, a leap second, and what Node itself used to answer
 * (a bare status line; 100 Continue before any check).
 */
import assert from "node:assert/strict";
import { connect } from "node:net";
import { pino } from "pino";
import { startApi, type SubmissionQueue } from "@filescan/api";
import { accessToken, bearer, issuePat, post, startTestApi, submission, SubmissionCollector, type TestApi } from "./api-helpers.ts";

/**
 * A submission whose headers are sent now and whose body `sendBody()` sends later; `answer`: what
 * the server wrote once it closed the connection.
 */
function heldSubmission(origin: string, token: string, body: string): { sendBody: () => void; answer: Promise<string>; socket: ReturnType<typeof connect> } {
  const socket = connect(Number(new URL(origin).port), "127.0.0.1");
  let out = "";
  const answer = new Promise<string>((resolve) => {
    socket.on("data", (c: Buffer) => (out += c.toString()));
    socket.on("error", () => {});
    socket.on("close", () => resolve(out));
  });
  socket.write(`POST /api/v1/filescan/submit HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
  return { socket, answer, sendBody: () => socket.write(body) };
}

/** Writes `request` on a new connection and reads until the server closes it (or `waitMs`). */
function rawRequest(port: number, request: string, waitMs = 5_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let out = "";
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.on("data", (c: Buffer) => (out += c.toString()));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(out);
    });
    socket.write(request);
  });
}

describe("api: a hostile or careless client", function () {
  this.timeout(120_000);
  let api: TestApi;
  let jwt: string;
  const collector = new SubmissionCollector();

  before(async () => {
    api = await startTestApi({ settings: { maxFileBytes: 64 * 1024, maxMetadataBytes: 16 * 1024 } });
    jwt = await accessToken(api.baseUrl, (await issuePat({ name: "hostile-suite" })).token);
    await collector.start();
  });
  after(async () => {
    await collector.stop();
    await api?.close();
  });

  const port = () => Number(new URL(api.origin).port);
  const submit = (body: unknown, headers: Record<string, string> = {}) => post(`${api.baseUrl}/submit`, body, { ...bearer(jwt), ...headers });
  const fields = (r: Awaited<ReturnType<typeof post>>) => ((r.json.errors ?? []) as Array<{ field: string }>).map((e) => e.field);

  describe("a body that is mostly JSON structure", () => {
    it("is refused 413 metadata_too_large before it is parsed (40 MB of {} held 1.3 GB and the event loop for seconds)", async () => {
      const big = await startTestApi(); // the default limits: 32 MiB files, 1 MiB of metadata
      try {
        const bigJwt = await accessToken(big.baseUrl, (await issuePat()).token);
        const body = `{"x":[${"{},".repeat(13_000_000)}{}]}`;
        let lag = 0;
        let last = Date.now();
        const tick = setInterval(() => {
          lag = Math.max(lag, Date.now() - last - 10);
          last = Date.now();
        }, 10);
        const r = await post(`${big.baseUrl}/submit`, body, bearer(bigJwt)).finally(() => clearInterval(tick));
        assert.equal(r.status, 413, r.text.slice(0, 300));
        assert.equal(r.json.code, "metadata_too_large");
        // The API runs in this process: parsing the body held this process's event loop for 3.6 s.
        assert.ok(lag < 1_000, `the event loop was held for ${lag} ms`);
      } finally {
        await big.close();
      }
    });

    it("still takes extra fields of objects and arrays up to FILESCAN_MAX_METADATA_BYTES", async () => {
      const small = submission(Buffer.from("tiny file\n"));
      const fixed = ["mimetype", "sha256", "sha1", "md5", "filename", "full_path", "timestamp", "app"].reduce((n, k) => n + Buffer.byteLength(small[k] as string), 0);
      // The most `{}` elements whose extra_json keeps the metadata within the limit.
      let n = 0;
      while (fixed + JSON.stringify({ pad: Array.from({ length: n + 1 }, () => ({})) }).length <= api.settings.maxMetadataBytes) n++;
      const extra = { pad: Array.from({ length: n }, () => ({})), more: [[1, 2], { a: [] }] };
      const r = await submit({ ...small, pad: extra.pad });
      assert.equal(r.status, 200, r.text);
      const over = await submit({ ...small, ...extra });
      assert.equal(over.status, 413, over.text);
      assert.equal(over.json.code, "metadata_too_large");
    });
  });

  it("answers a request whose client hung up before its body was read with no 500 (it was a 500 internal_error, logged as an error)", async () => {
    const body = JSON.stringify(submission());
    const before = api.logs.length;
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((resolve) => {
        const socket = connect(port(), "127.0.0.1");
        socket.on("error", () => {});
        socket.write(`POST /api/v1/filescan/submit HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${jwt}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
        setImmediate(() => {
          socket.destroy();
          resolve();
        });
      });
    }
    await new Promise((r) => setTimeout(r, 1_000));
    const lines = api.logs.slice(before).map((l) => JSON.parse(l) as { level: number; status?: number; code?: string });
    assert.deepEqual(lines.filter((l) => l.level >= 50 || (l.status ?? 0) >= 500), []);
  });

  it("checks the producer's in-flight limit again once the body is read: requests that came together all passed it (60 files of 32 MiB at once were all produced, and answered 500 after the produce timeout)", async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    let sent = 0;
    let backlogReads = 0;
    const queue: SubmissionQueue = {
      send: async () => {
        sent++;
        await held;
      },
      backlog: async () => (backlogReads++, 0),
      checks: async () => ({ kafka: true, registry: true, producer: true }),
      close: async () => {},
    };
    const one = await startApi({ env: process.env, logger: pino({ level: "silent" }), queue, settings: { host: "127.0.0.1", port: 0, maxInflight: 1 } });
    try {
      const token = await accessToken(one.baseUrl, (await issuePat()).token);
      // A: its headers now, its body later. Nothing is in flight: it passes the check before its body.
      const a = heldSubmission(one.origin, token, JSON.stringify(submission()));
      while (backlogReads === 0) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 50));
      // B: read and in flight, held there by the queue.
      const b = post(`${one.baseUrl}/submit`, submission(), bearer(token));
      while (sent === 0) await new Promise((r) => setTimeout(r, 10));
      // A's body: the producer is full.
      a.sendBody();
      const res = await Promise.race([a.answer, new Promise<string>((r) => setTimeout(() => r(`no answer within 3 s; events sent: ${sent}`), 3_000))]);
      assert.match(res, /^HTTP\/1\.1 503 /);
      assert.match(res, /\r\nretry-after: 5/i);
      assert.equal((JSON.parse(res.slice(res.indexOf("\r\n\r\n") + 4)) as { code: string }).code, "queue_full");
      assert.equal(sent, 1);
      release();
      assert.equal((await b).status, 200);
      a.socket.destroy();
    } finally {
      release();
      await one.close();
    }
  });

  it("counts the bodies being read against FILESCAN_MAX_INFLIGHT_BYTES before reading another (60 of 44 MB at once were all read)", async () => {
    const full = await startTestApi({ settings: { maxInflightBytes: 10_000 } });
    try {
      const token = await accessToken(full.baseUrl, (await issuePat()).token);
      // A announces 20 kB and sends them later: while it is read, B finds the limit taken.
      const a = heldSubmission(full.origin, token, JSON.stringify(submission(undefined, { pad: "x".repeat(20_000) })));
      await new Promise((r) => setTimeout(r, 1_000));
      const b = await post(`${full.baseUrl}/submit`, submission(), bearer(token));
      assert.equal(b.status, 503, b.text);
      assert.equal(b.json.code, "queue_full");
      assert.equal(b.headers.get("retry-after"), "5");
      a.sendBody();
      assert.match(await a.answer, /^HTTP\/1\.1 200 /);
      // Nothing is being read or produced any more: B goes through.
      assert.equal((await post(`${full.baseUrl}/submit`, submission(), bearer(token))).status, 200);
    } finally {
      await full.close();
    }
  });

  it("drains no more of a body it answered without reading than any route reads (an unauthenticated client streamed 4.6 GB in 5 s into a 401)", async () => {
    for (const [request, headers, status] of [
      ["POST /api/v1/filescan/submit", "", 401],
      ["POST /api/v1/filescan/submit", `Authorization: Bearer ${jwt}\r\nContent-Encoding: gzip\r\n`, 415],
      ["GET /healthz", "", 200],
    ] as const) {
      const res = await new Promise<{ answer: string; written: number; open: boolean }>((resolve) => {
        const socket = connect(port(), "127.0.0.1");
        let answer = "";
        let written = 0;
        let closed = false;
        const started = Date.now();
        socket.on("data", (c: Buffer) => (answer += c.toString()));
        socket.on("error", () => {});
        socket.on("close", () => {
          closed = true;
          resolve({ answer, written, open: false });
        });
        socket.write(`${request} HTTP/1.1\r\nHost: x\r\n${headers}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
        const chunk = Buffer.concat([Buffer.from("100000\r\n"), Buffer.alloc(0x100000, 0x61), Buffer.from("\r\n")]);
        const pump = () => {
          if (closed) return;
          if (Date.now() - started > 5_000) {
            resolve({ answer, written, open: true });
            socket.destroy();
            return;
          }
          written += chunk.length;
          if (socket.write(chunk)) setImmediate(pump);
          else socket.once("drain", pump);
        };
        pump();
      });
      assert.match(res.answer, new RegExp(`^HTTP/1\\.1 ${status} `), request);
      assert.equal(res.open, false, `still reading after 5 s and ${Math.round(res.written / 1e6)} MB`);
      assert.ok(res.written < 64e6, `${res.written} bytes taken`);
    }
  });

  describe("text that is not UTF-8 or not Unicode", () => {
    it("refuses a body that is not UTF-8 with 400 invalid_json (a Latin-1 name was stored with U+FFFD in place of its letters)", async () => {
      const body = Buffer.from(JSON.stringify({ ...submission(), filename: "caf\u00e9.txt" }), "latin1");
      for (const ct of ["application/json", "application/json; charset=iso-8859-1"]) {
        const r = await submit(body, { "content-type": ct });
        assert.equal(r.status, 400, r.text);
        assert.equal(r.json.code, "invalid_json");
        assert.match(r.json.detail as string, /not UTF-8/);
      }
      const q = await post(`${api.baseUrl}/query`, Buffer.from(`{"sha256":"${"a".repeat(64)}","x":"\u00e9"}`, "latin1"), bearer(jwt));
      assert.equal(q.status, 400, q.text);
      assert.equal(q.json.code, "invalid_json");
      // The same name in UTF-8, with or without a byte order mark, is kept as sent.
      for (const bom of ["", "\ufeff"]) {
        const ok = await submit(Buffer.from(bom + JSON.stringify({ ...submission(), filename: "caf\u00e9.txt" }), "utf8"));
        assert.equal(ok.status, 200, ok.text);
        assert.equal((await collector.waitFor(ok.json.submission_id as string)).event.filename, "caf\u00e9.txt");
      }
    });

    it("refuses a lone surrogate in a field of the submission (the event carried U+FFFD), and keeps one in an extra field as sent", async () => {
      for (const field of ["mimetype", "filename", "full_path", "app"]) {
        const r = await submit(JSON.stringify({ ...submission(), [field]: "x\ud800.txt" }));
        assert.equal(r.status, 400, `${field}: ${r.text}`);
        assert.equal(r.json.code, "validation_failed");
        assert.deepEqual(fields(r), [field]);
      }
      const ok = await submit(JSON.stringify(submission(undefined, { "\udc00": "\ud800" })));
      assert.equal(ok.status, 200, ok.text);
      const { event } = await collector.waitFor(ok.json.submission_id as string);
      assert.deepEqual(JSON.parse(event.extra_json), { "\udc00": "\ud800" });
    });
  });

  it("refuses a NUL in full_path and control characters in mimetype and app (a tab or a line break in a file's name is legal, and kept)", async () => {
    for (const [field, value] of [["full_path", "/share/a\u0000b.txt"], ["mimetype", "text/plain\r\nX-Evil: 1"], ["app", "crawler\u001b[2J"], ["app", "a\u007f"]] as const) {
      const r = await post(`${api.baseUrl}/submit`, { ...submission(), [field]: value }, bearer(jwt));
      assert.equal(r.status, 400, `${field}: ${r.text}`);
      assert.equal(r.json.code, "validation_failed");
    }
    const ok = await post(`${api.baseUrl}/submit`, { ...submission(), full_path: "/share/line\nbreak\tand tab.txt" }, bearer(jwt));
    assert.equal(ok.status, 200, ok.text);
  });

  it("keeps the numbers of extra fields as the client wrote them, not rounded (18446744073709551615 was queued as 18446744073709552000)", async () => {
    const extras = '"inode":18446744073709551615,"n":[12345678901234567890123,1.50,-0,0.1000000000000000000001,7],"__proto__":{"x":1e2}';
    const r = await submit(JSON.stringify(submission()).replace(/\}$/, `,${extras}}`));
    assert.equal(r.status, 200, r.text);
    assert.equal((await collector.waitFor(r.json.submission_id as string)).event.extra_json, `{${extras}}`);
    // A number beyond JSON's range is still refused, and a submission field that is a number is not a string.
    const inf = await submit(JSON.stringify(submission()).replace(/\}$/, ',"n":[1e999]}'));
    assert.equal(inf.status, 400, inf.text);
    assert.deepEqual(inf.json.errors, [{ field: "n", code: "invalid", message: "holds a number out of JSON's range" }]);
    const num = await submit(JSON.stringify(submission()).replace(/"app":"[^"]*"/, '"app":18446744073709551615'));
    assert.equal(num.status, 400, num.text);
    assert.deepEqual(fields(num), ["app"]);
    const q = await post(`${api.baseUrl}/query`, '{"sha256":12345678901234567890123}', bearer(jwt));
    assert.equal(q.status, 400, q.text);
  });

  it("gives a submission found in a leap second (RFC 3339 23:59:60) an id of that time, not of 1970", async () => {
    const r = await submit({ ...submission(), timestamp: "2016-12-31T23:59:60Z" });
    assert.equal(r.status, 200, r.text);
    const ms = parseInt((r.json.submission_id as string).replace(/-/g, "").slice(0, 12), 16);
    assert.equal(ms, Date.parse("2017-01-01T00:00:00Z"));
    const event = (await collector.waitFor(r.json.submission_id as string)).event;
    assert.equal(event.timestamp, "2016-12-31T23:59:60Z", "the timestamp as sent");
  });

  describe("requests Node answered itself (a bare status line, or 100 Continue before any check)", () => {
    const query = `{"sha256":"${"a".repeat(64)}"}`;

    it("answers an HTTP/1.1 request without Host with 400 bad_request as problem+json, then closes", async () => {
      const res = await rawRequest(port(), `POST /api/v1/filescan/query HTTP/1.1\r\nAuthorization: Bearer ${jwt}\r\nContent-Type: application/json\r\nContent-Length: ${query.length}\r\n\r\n${query}`);
      assert.match(res, /^HTTP\/1\.1 400 /);
      assert.match(res, /\r\ncontent-type: application\/problem\+json/i);
      assert.match(res, /\r\nconnection: close/i);
      assert.equal((JSON.parse(res.slice(res.indexOf("\r\n\r\n") + 4)) as { code: string }).code, "bad_request");
      // HTTP/1.0 has no Host: answered as usual.
      const old = await rawRequest(port(), `POST /api/v1/filescan/query HTTP/1.0\r\nAuthorization: Bearer ${jwt}\r\nContent-Type: application/json\r\nContent-Length: ${query.length}\r\n\r\n${query}`);
      assert.match(old, /^HTTP\/1\.1 404 /);
    });

    it("answers two Host or two Authorization headers with 400 (Node kept the first; a proxy may have read another)", async () => {
      const head = (headers: string) => `POST /api/v1/filescan/query HTTP/1.1\r\n${headers}Content-Type: application/json\r\nContent-Length: ${query.length}\r\n\r\n${query}`;
      const cases = [
        ["two Host headers", `Host: x\r\nHost: y\r\nAuthorization: Bearer ${jwt}\r\n`, /more than one Host header/],
        ["a good token, then another", `Host: x\r\nAuthorization: Bearer ${jwt}\r\nAuthorization: Bearer nope\r\n`, /more than one authorization header/],
        ["another token, then a good one", `Host: x\r\nauthorization: Bearer nope\r\nAuthorization: Bearer ${jwt}\r\n`, /more than one authorization header/],
      ] as const;
      for (const [what, headers, detail] of cases) {
        const res = await rawRequest(port(), head(headers));
        assert.match(res, /^HTTP\/1\.1 400 /, what);
        assert.match(res, /\r\ncontent-type: application\/problem\+json/i, what);
        const body = JSON.parse(res.slice(res.indexOf("\r\n\r\n") + 4)) as { code: string; detail: string };
        assert.equal(body.code, "bad_request", what);
        assert.match(body.detail, detail, what);
      }
      // One of each: answered as usual (a sha256 never seen).
      assert.match(await rawRequest(port(), head(`Host: x\r\nAuthorization: Bearer ${jwt}\r\nConnection: close\r\n`)), /^HTTP\/1\.1 404 /);
    });

    it("sends 100 Continue only when it reads the body: a 401, 413 or 415 comes first (Node sent it before any check)", async () => {
      const submitHead = (headers: string, length: number) => `POST /api/v1/filescan/submit HTTP/1.1\r\nHost: x\r\n${headers}Content-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${length}\r\n\r\n`;
      for (const [headers, length, status] of [["", 100, 401], [`Authorization: Bearer ${jwt}\r\n`, 100_000_000, 413], [`Authorization: Bearer ${jwt}\r\nContent-Encoding: gzip\r\n`, 100, 415]] as const) {
        const res = await rawRequest(port(), submitHead(headers, length), 2_000);
        assert.match(res, new RegExp(`^HTTP/1\\.1 ${status} `), res);
        assert.doesNotMatch(res, /100 Continue/);
      }
      // A body it reads: 100 Continue, then the answer once the client sent it.
      const body = JSON.stringify(submission());
      const res = await new Promise<string>((resolve) => {
        const socket = connect(port(), "127.0.0.1");
        let out = "";
        socket.on("data", (c: Buffer) => {
          out += c.toString();
          if (out === "HTTP/1.1 100 Continue\r\n\r\n") socket.write(body);
        });
        socket.on("error", () => {});
        socket.on("close", () => resolve(out));
        socket.write(submitHead(`Authorization: Bearer ${jwt}\r\nConnection: close\r\n`, Buffer.byteLength(body)));
      });
      assert.match(res, /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
    });

    it("ignores an Expect other than 100-continue (it was a 417 without a body)", async () => {
      const res = await rawRequest(port(), `POST /api/v1/filescan/query HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${jwt}\r\nExpect: 200-ok\r\nContent-Type: application/json\r\nContent-Length: ${query.length}\r\nConnection: close\r\n\r\n${query}`);
      assert.match(res, /^HTTP\/1\.1 404 /);
      assert.deepEqual(JSON.parse(res.slice(res.indexOf("\r\n\r\n") + 4)), { status: "not found", code: 404 });
      const bad = await rawRequest(port(), `POST /api/v1/filescan/query HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nContent-Type: application/json\r\nContent-Length: ${query.length}\r\nConnection: close\r\n\r\n${query}`);
      assert.match(bad, /^HTTP\/1\.1 401 /);
      assert.match(bad, /\r\ncontent-type: application\/problem\+json/i);
    });
  });
});
