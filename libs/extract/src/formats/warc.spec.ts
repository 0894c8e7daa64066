import assert from "node:assert/strict";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { codes, run } from "../test-util/run.ts";
import { makeZip } from "../test-util/fixtures.ts";
import { webArchiveKind } from "./warc.ts";
import { detectionName, formLines, recordName } from "./http-parts.ts";

/** One WARC record, written by hand (ISO 28500 §4: version line, headers, block, two CRLFs). */
function record(type: string, uri: string | null, block: Buffer | string, contentType: string): Buffer {
  const b = Buffer.from(block);
  const head = ["WARC/1.1", `WARC-Type: ${type}`, "WARC-Date: 2026-03-04T09:12:01Z", `WARC-Record-ID: <urn:uuid:${crypto.randomUUID()}>`];
  if (uri !== null) head.push(`WARC-Target-URI: ${uri}`);
  head.push(`Content-Type: ${contentType}`, `Content-Length: ${b.byteLength}`);
  return Buffer.concat([Buffer.from(head.join("\r\n") + "\r\n\r\n"), b, Buffer.from("\r\n\r\n")]);
}

/** An HTTP message: start line, headers, body. */
function http(start: string, headers: Record<string, string>, body: Buffer | string = ""): Buffer {
  const lines = [start, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return Buffer.concat([Buffer.from(lines.join("\r\n") + "\r\n\r\n"), Buffer.from(body)]);
}

const response = (uri: string, headers: Record<string, string>, body: Buffer | string) => record("response", uri, http("HTTP/1.1 200 OK", headers, body), "application/http; msgtype=response");

/** A body in HTTP/1.1 chunks of `size` bytes. */
function chunked(body: Buffer, size: number): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < body.byteLength; i += size) {
    const c = body.subarray(i, i + size);
    parts.push(Buffer.from(`${c.byteLength.toString(16)}\r\n`), c, Buffer.from("\r\n"));
  }
  return Buffer.concat([...parts, Buffer.from("0\r\n\r\n")]);
}

const STAFF_PAGE = "<!doctype html><html><head><title>Staff</title><script>var t='x'</script></head><body><p>Contact Jane Roe, jane.roe@example.org</p></body></html>";

describe("extract: web archives (WARC, ARC)", () => {
  it("reads each captured page as a member named by its URI; a request's form body and credential headers; the warcinfo", async () => {
    const csv = Buffer.from("name,iban\nBen Okafor,DE89370400440532013000\n");
    const warc = Buffer.concat([
      record("warcinfo", null, "software: Browsertrix\r\noperator: Records Office <records@example.org>\r\n", "application/warc-fields"),
      record("request", "https://intranet.example/hr/form", http("POST /hr/form HTTP/1.1", { Host: "intranet.example", Cookie: "session=8f2b1c9e4d", "Content-Type": "application/x-www-form-urlencoded" }, "ssn=536-22-1234&name=Jane+Roe"), "application/http; msgtype=request"),
      response("https://intranet.example/staff/", { "Content-Type": "text/html; charset=utf-8", "Set-Cookie": "sid=a1b2c3; HttpOnly", Server: "nginx" }, STAFF_PAGE),
      response("https://intranet.example/export.php?id=7", { "Content-Type": "text/csv", "Content-Encoding": "gzip", "Transfer-Encoding": "chunked" }, chunked(gzipSync(csv), 7)),
      record("metadata", "https://intranet.example/staff/", "outlink: https://intranet.example/hr/form\r\n", "application/warc-fields"),
      record("revisit", "https://intranet.example/staff/", "", "application/http; msgtype=response"),
      record("resource", "file:///share/notes.txt", "Call Ben at +44 20 7946 0958", "text/plain"),
    ]);
    const r = await run(warc, "crawl-2026.warc");
    assert.deepEqual([r.detected_type, r.status, codes(r), r.stats.entries], ["application/warc", "complete", [], 4]);
    const at = (where: string | null) => r.segments.filter((s) => s.locator.file_in_zip === where).map((s) => [s.locator.part ?? s.locator.row ?? null, s.text.trim()]);
    assert.deepEqual(at(null), [["warcinfo", "software: Browsertrix\r\noperator: Records Office <records@example.org>"]]);
    assert.deepEqual(at("request https://intranet.example/hr/form"), [
      ["header:cookie", "cookie: session=8f2b1c9e4d"],
      ["form", "ssn: 536-22-1234\nname: Jane Roe"],
    ]);
    // (read as HTML: the script is not text)
    assert.deepEqual(at("https://intranet.example/staff/"), [
      ["header:set-cookie", "set-cookie: sid=a1b2c3; HttpOnly"],
      [null, "Staff\nContact Jane Roe, jane.roe@example.org"],
    ]);
    // (chunked, then gzip: both undone; read as the CSV its content type says, though its URI says PHP)
    const csvCells = r.segments.filter((s) => s.locator.file_in_zip === "https://intranet.example/export.php?…").map((s) => s.text);
    assert.ok(csvCells.includes("DE89370400440532013000"), JSON.stringify(csvCells));
    assert.deepEqual(at("file:///share/notes.txt"), [[null, "Call Ben at +44 20 7946 0958"]]);
  });

  it("reads a compressed WARC (a gzip member per record) and a captured archive's files as members of members", async () => {
    const zip = await makeZip({ "payroll.csv": "name,ssn\nJane Roe,536-22-1234\n" });
    const warc = Buffer.concat([response("https://files.example/payroll.zip", { "Content-Type": "application/zip" }, zip), response("https://files.example/", { "Content-Type": "text/html" }, STAFF_PAGE)].map((rec) => gzipSync(rec)));
    const r = await run(warc, "files.warc.gz");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/gzip", "complete", []]);
    const cell = r.segments.find((s) => s.text === "536-22-1234");
    assert.equal(cell?.locator.file_in_zip, "https://files.example/payroll.zip!/payroll.csv");
    assert.ok(r.segments.some((s) => s.locator.file_in_zip === "https://files.example/" && s.text.includes("jane.roe@example.org")));
  });

  it("decodes a Brotli body through the Brotli handler (warcio undoes gzip and deflate only)", async () => {
    const warc = response("https://intranet.example/", { "Content-Type": "text/html", "Content-Encoding": "br" }, brotliCompressSync(Buffer.from(STAFF_PAGE)));
    const r = await run(warc, "page.warc");
    assert.deepEqual([r.status, codes(r)], ["complete", []]);
    assert.deepEqual(r.segments.map((s) => [s.locator.file_in_zip, s.text]), [["https://intranet.example/", "Staff\nContact Jane Roe, jane.roe@example.org"]]);
  });

  it("stops a gzip bomb in a payload at the ratio limit and reads the records after it", async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    const warc = Buffer.concat([response("https://x.example/bomb", { "Content-Type": "application/octet-stream", "Content-Encoding": "gzip" }, bomb), response("https://x.example/", { "Content-Type": "text/html" }, STAFF_PAGE)]);
    const r = await run(warc, "bomb.warc");
    assert.equal(r.status, "partial");
    assert.deepEqual(codes(r), ["limit_ratio"]);
    assert.equal(r.reasons[0]!.file_in_zip, "https://x.example/bomb");
    assert.ok(r.segments.some((s) => s.locator.file_in_zip === "https://x.example/" && s.text.includes("Jane Roe")));
  });

  it("reads a WARC cut short as far as it came, and stops at a record with no valid length", async () => {
    const good = response("https://x.example/", { "Content-Type": "text/html" }, STAFF_PAGE);
    const page = response("https://x.example/notes.txt", { "Content-Type": "text/plain" }, "Ben Okafor, born 1984-02-29, card 4111 1111 1111 1111");
    // (cut inside the second record's payload, and inside a record the handler skips: warcio alone loops for ever on both)
    const cut = await run(Buffer.concat([good, page.subarray(0, page.byteLength - 30)]), "cut.warc");
    assert.equal(cut.status, "partial");
    assert.deepEqual(cut.segments.map((s) => [s.locator.file_in_zip, s.text]), [
      ["https://x.example/", "Staff\nContact Jane Roe, jane.roe@example.org"],
      ["https://x.example/notes.txt", "Ben Okafor, born 1984-02-29"],
    ]);
    assert.deepEqual(cut.reasons.map((x) => [x.code, x.message]), [["corrupt", "warc: cut short inside record 2; read as far as it came"]]);
    const meta = record("metadata", "https://x.example/", "outlink: https://x.example/a\r\n".repeat(20), "application/warc-fields");
    const cutMeta = await run(Buffer.concat([good, meta.subarray(0, 300)]), "cut.warc");
    assert.deepEqual([cutMeta.status, cutMeta.reasons.map((x) => x.message)], ["partial", ["warc: cut short inside record 2; read as far as it came"]]);
    const bad = await run(Buffer.concat([good, Buffer.from("WARC/1.1\r\nWARC-Type: response\r\nContent-Length: lots\r\n\r\n\x00\x01garbage"), page]), "bad.warc");
    assert.deepEqual([bad.status, bad.reasons.map((x) => x.message)], ["partial", ["warc: record 2 has no valid Content-Length; the records before it read"]]);
    assert.ok(bad.segments.some((s) => s.text.includes("Jane Roe")));
  });

  it("reads an ARC file (version 1) as WARC records: its HTTP responses by URI, other records as they are", async () => {
    const page = http("HTTP/1.0 200 OK", { "Content-Type": "text/html" }, STAFF_PAGE);
    const desc = "1 0 Crawler\nURL IP-address Archive-date Content-type Archive-length\n";
    const dns = "20050614070144\nwww.example.org.\t\t6858\tIN\tA\t192.0.2.10\n";
    const arc = Buffer.concat([
      Buffer.from(`filedesc://crawl.arc 0.0.0.0 20050614070144 text/plain ${desc.length}\n${desc}\n`),
      Buffer.from(`dns:www.example.org 192.0.2.1 20050614070144 text/dns ${dns.length}\n${dns}\n`),
      Buffer.from(`http://www.example.org/staff.html 192.0.2.10 20050614070151 text/html ${page.byteLength}\n`),
      page,
      Buffer.from("\n"),
    ]);
    const r = await run(arc, "crawl.arc");
    assert.deepEqual([r.detected_type, r.status, codes(r), r.stats.entries], ["application/x-internet-archive", "complete", [], 2]);
    assert.deepEqual(r.segments.map((s) => [s.locator.file_in_zip, s.text.trim()]), [
      ["dns:www.example.org", dns.trim()],
      ["http://www.example.org/staff.html", "Staff\nContact Jane Roe, jane.roe@example.org"],
    ]);
  });

  it("tells WARC and ARC by their first line, and names members for file_in_zip and detection", () => {
    assert.equal(webArchiveKind(Buffer.from("WARC/1.0\r\nWARC-Type: warcinfo\r\n")), "warc");
    assert.equal(webArchiveKind(Buffer.from("filedesc://x.arc 0.0.0.0 20050614070144 text/plain 75\n")), "arc");
    assert.equal(webArchiveKind(Buffer.from("WARC is a file format\n")), null);
    assert.equal(recordName(3, "response", "https://a.example/!x\u0007#frag"), "https://a.example/%21x");
    // (no user name, password or query values: a name goes unmasked into locators and the verdict's reasoning)
    assert.equal(recordName(3, "request", "https://jane.roe:Winter2026@a.example/export.php?ssn=536-22-1234&x=1#top"), "request https://a.example/export.php?…");
    assert.equal(recordName(3, "response", "https://a.example/p?"), "https://a.example/p");
    assert.equal(recordName(3, "response", "ftp://a.example/mail@box/x"), "ftp://a.example/mail@box/x");
    assert.equal(recordName(3, "request", ""), "request record 3");
    assert.equal(detectionName("https://a.example/", "text/html; charset=utf-8", null), "index.html");
    assert.equal(detectionName("https://a.example/report.php?id=1", "text/html", null), "report.php.html");
    assert.equal(detectionName("https://a.example/files/Pay%20roll.pdf", "application/pdf", null), "Pay roll.pdf");
    assert.equal(detectionName("https://a.example/app.js", "application/javascript", "br"), "app.js.br");
    assert.equal(formLines("user=jane.roe%40acme.example&password=Winter2026%21x&next=%2Fhome"), "user: jane.roe@acme.example\npassword: Winter2026!x\nnext: /home");
  });
});
