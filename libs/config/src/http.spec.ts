import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { ambiguousHead, answerClientErrors, clientError } from "./http.ts";

/** Sends raw bytes (maybe never finishing the request) and reads until the server closes. */
function raw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const s = connect(port, "127.0.0.1", () => s.write(bytes));
    s.on("data", (c: Buffer) => chunks.push(c));
    s.on("error", reject);
    s.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

function parse(response: string): { status: number; type: string | undefined; body: Record<string, unknown> } {
  const [head, body] = response.split("\r\n\r\n");
  const lines = head!.split("\r\n");
  const type = lines.find((l) => /^content-type:/i.test(l))?.split(":")[1]?.trim();
  return { status: Number(lines[0]!.split(" ")[1]), type, body: JSON.parse(body!) as Record<string, unknown> };
}

describe("config/http: what a server answers to requests Node's parser refuses", () => {
  let server: Server;
  let port: number;
  before(async () => {
    server = createServer({ connectionsCheckingInterval: 50, headersTimeout: 300, requestTimeout: 300 }, (_req, res) => res.end("ok"));
    answerClientErrors(server, (e) => ({ type: "urn:test", status: e.status, detail: e.detail }));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it("maps the parser's errors to 431, 408 and 400", () => {
    const err = (code: string) => Object.assign(new Error(code), { code });
    assert.equal(clientError(err("HPE_HEADER_OVERFLOW")).status, 431);
    assert.equal(clientError(err("ERR_HTTP_REQUEST_TIMEOUT")).status, 408);
    assert.equal(clientError(err("HPE_INVALID_METHOD")).status, 400);
    assert.equal(clientError(new Error("no code")).status, 400);
  });

  it("answers headers over 16 KiB with 431 as application/problem+json, and serves the next connection", async () => {
    const r = parse(await raw(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`));
    assert.equal(r.status, 431);
    assert.equal(r.type, "application/problem+json");
    assert.deepEqual(r.body, { type: "urn:test", status: 431, detail: "the request line and headers are larger than this server reads (16 KiB)" });
    assert.match(await raw(port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"), /^HTTP\/1\.1 200 OK[\s\S]*\r\n\r\nok$/);
  });

  it("answers what is not HTTP with 400 as application/problem+json", async () => {
    for (const bytes of ["HELLO\r\n\r\n", "GET / HTTP/1.1\r\nHost x\r\n\r\n", "GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n"]) {
      const r = parse(await raw(port, bytes));
      assert.equal(r.status, 400, JSON.stringify(bytes));
      assert.equal(r.type, "application/problem+json");
      assert.equal(r.body.detail, "the request is not valid HTTP/1.1");
    }
  });

  it("answers headers that do not arrive in time with 408", async () => {
    const r = parse(await raw(port, "GET / HTTP/1.1\r\nHost: x\r\n"));
    assert.equal(r.status, 408);
    assert.equal(r.body.status, 408);
  });
});

describe("config/http: ambiguousHead", () => {
  let server: Server;
  let port: number;
  before(async () => {
    server = createServer({ requireHostHeader: false }, (req, res) => res.end(JSON.stringify({ ambiguous: ambiguousHead(req, [["authorization"], ["api_key", "api-key"]]) })));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  const ask = async (head: string) => {
    const res = await raw(port, `GET / HTTP/1.1\r\n${head}Connection: close\r\n\r\n`);
    return (JSON.parse(res.slice(res.indexOf("\r\n\r\n") + 4)) as { ambiguous: string | null }).ambiguous;
  };

  it("passes a request with one Host and one of each credential", async () => {
    assert.equal(await ask("Host: x\r\nAuthorization: Bearer a\r\nAPI_KEY: k\r\nAccept: a\r\nAccept: b\r\n"), null);
    assert.equal(await ask("Host: x\r\n"), null);
  });

  it("names an HTTP/1.1 request without Host, and one with two", async () => {
    assert.match((await ask("")) ?? "", /must have a Host header/);
    assert.match((await ask("Host: x\r\nhost: y\r\n")) ?? "", /more than one Host header/);
  });

  it("names a credential sent twice, whatever its spelling and case (Node kept the first Authorization)", async () => {
    assert.match((await ask("Host: x\r\nAuthorization: Bearer a\r\nauthorization: Bearer b\r\n")) ?? "", /more than one authorization header/);
    assert.match((await ask("Host: x\r\nAPI_KEY: a\r\nApi-Key: b\r\n")) ?? "", /more than one api_key or api-key header/);
  });
});
