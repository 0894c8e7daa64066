import assert from "node:assert/strict";
import { codes, run } from "../test-util/run.ts";
import { makeZip } from "../test-util/fixtures.ts";

const entry = (request: object, response: object) => ({ startedDateTime: "2026-03-04T09:12:01.000Z", time: 12, request, response, cache: {}, timings: {} });
const har = (entries: object[]) => JSON.stringify({ log: { version: "1.2", creator: { name: "Firefox", version: "140.0" }, pages: [], entries } }, null, 2);

describe("extract: HAR files (HTTP Archive)", () => {
  it("reads each entry's request and response as members named by URL (no query values): credential headers, query, form, bodies as files", async () => {
    const zip = await makeZip({ "payroll.csv": "name,ssn\nJane Roe,536-22-1234\n" });
    const text = har([
      entry(
        {
          method: "POST",
          url: "https://sso.acme.example/login?next=%2Fhome&email=jane.roe%40acme.example",
          headers: [
            { name: "Host", value: "sso.acme.example" },
            { name: "Cookie", value: "JSESSIONID=9F2B1C9E4D7A6B5C3D2E1F0A9B8C7D6E" },
          ],
          cookies: [{ name: "JSESSIONID", value: "9F2B1C9E4D7A6B5C3D2E1F0A9B8C7D6E" }],
          queryString: [
            { name: "next", value: "/home" },
            { name: "email", value: "jane.roe@acme.example" },
          ],
          postData: { mimeType: "application/x-www-form-urlencoded", text: "username=jane.roe%40acme.example&password=Winter2026%21x" },
        },
        { status: 200, headers: [{ name: "Set-Cookie", value: "sid=a1b2c3d4e5; HttpOnly" }], cookies: [], content: { size: 60, mimeType: "application/json", text: '{"user": {"name": "Jane Roe", "phone": "+44 20 7946 0958"}}' } },
      ),
      // (a HAR saved without headers keeps its cookies apart; a body in base64; a GET with nothing to read)
      entry(
        { method: "GET", url: "https://files.acme.example/payroll.zip", headers: [], cookies: [{ name: "session", value: "Zq8vR2tY" }], queryString: [] },
        { status: 200, headers: [], cookies: [], content: { size: zip.byteLength, mimeType: "application/zip", text: zip.toString("base64"), encoding: "base64" } },
      ),
      entry({ method: "GET", url: "https://acme.example/logo.svg", headers: [{ name: "Accept", value: "*/*" }] }, { status: 304, headers: [], content: { size: 0, mimeType: "image/svg+xml" } }),
    ]);
    const r = await run(text, "support-ticket-4711.har");
    assert.deepEqual([r.detected_type, r.status, codes(r), r.stats.entries], ["application/har+json", "complete", [], 5]);
    const at = (where: string) => r.segments.filter((s) => s.locator.file_in_zip === where).map((s) => [s.locator.part ?? s.locator.row, s.text]);
    assert.deepEqual(at("request https://sso.acme.example/login?…"), [
      ["header:cookie", "cookie: JSESSIONID=9F2B1C9E4D7A6B5C3D2E1F0A9B8C7D6E"],
      ["query", "next: /home\nemail: jane.roe@acme.example"],
      ["form", "username: jane.roe@acme.example\npassword: Winter2026!x"],
    ]);
    const login = at("https://sso.acme.example/login?…");
    assert.deepEqual(login[0], ["header:set-cookie", "set-cookie: sid=a1b2c3d4e5; HttpOnly"]);
    assert.ok(login.some(([, t]) => String(t).includes("+44 20 7946 0958")), JSON.stringify(login));
    assert.deepEqual(at("request https://files.acme.example/payroll.zip"), [["cookie", "cookie: session=Zq8vR2tY"]]);
    assert.equal(r.segments.find((s) => s.text === "536-22-1234")?.locator.file_in_zip, "https://files.acme.example/payroll.zip!/payroll.csv");
    assert.equal(r.segments.filter((s) => s.locator.file_in_zip?.includes("logo.svg")).length, 0);
  });

  it("reads a file that says it is a HAR but is no JSON as text, and an empty log as nothing", async () => {
    const cut = har([entry({ method: "GET", url: "https://a.example/", headers: [{ name: "Authorization", value: "Bearer abc.def.ghi" }] }, {})]).slice(0, 330);
    const r = await run(cut, "cut.har");
    assert.equal(r.status, "partial");
    assert.deepEqual(codes(r), ["corrupt"]);
    assert.ok(r.segments.some((s) => s.text.includes('"url": "https://a.example/"')));
    const empty = await run(har([]), "empty.har");
    assert.deepEqual([empty.detected_type, empty.status, empty.segments.length], ["application/har+json", "complete", 0]);
    // (told by its start without the extension)
    assert.equal((await run(har([]), "download")).detected_type, "application/har+json");
  });
});
