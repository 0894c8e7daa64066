import assert from "node:assert/strict";
import { mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Reader, type Response } from "mmdb-lib";
import { DatabaseDamagedError, MmdbFile, type MmdbRecord } from "./database.ts";
import { parseIp } from "./ip.ts";
import { MAXMIND_KEY_TYPES, MmdbWriter, type MmdbValue } from "./mmdb-writer.ts";

const ip = (s: string) => parseIp(s)!;

function v4in6(a: string): Uint8Array {
  const out = new Uint8Array(16);
  out.set(ip(a).bytes, 12);
  return out;
}

/** A small IPv4 database: one record at 1.2.3.0/24, whose fields the corruptions below aim at. */
function smallV4(): Buffer {
  const w = new MmdbWriter({ ipVersion: 4, databaseType: "Test-City", recordSize: 24 });
  w.insert(ip("1.2.3.0").bytes, 24, { p: "a", q: "ab", country: { names: { en: "United Kingdom" } } });
  return w.toBuffer();
}

/** The offset of `bytes` in the data section of `buf`. */
function dataOffset(buf: Buffer, bytes: number[]): number {
  const start = new Reader<Response>(buf).metadata.searchTreeSize + 16;
  return buf.indexOf(Buffer.from(bytes), start) - start;
}

/** `buf` with `bytes` written where `marker` first occurs in the data section, moved by `shift`. */
function patch(buf: Buffer, marker: string, shift: number, bytes: number[]): Buffer {
  const out = Buffer.from(buf);
  const start = new Reader<Response>(buf).metadata.searchTreeSize + 16;
  const at = out.indexOf(Buffer.from(marker), start) + shift;
  assert.ok(at >= start + shift, `${marker} not found`);
  out.set(bytes, at);
  return out;
}

describe("geoip database file", () => {
  let dir: string;
  let n = 0;
  const file = () => path.join(dir, "db.mmdb");
  /** Replaces the file by rename, as an operator should (a new inode: the file is read again). */
  const put = async (buf: Buffer) => {
    const tmp = path.join(dir, `next-${n++}.mmdb`);
    await writeFile(tmp, buf);
    await rename(tmp, file());
  };
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "geoip-db-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("answers the network of the address looked up where MaxMind's IPv4 aliases share one subtree", async () => {
    const w = new MmdbWriter({ ipVersion: 6, databaseType: "GeoIP2-City", keyTypes: MAXMIND_KEY_TYPES });
    w.insert(v4in6("81.2.69.0"), 96 + 24, { country: { iso_code: "GB" } });
    w.aliasIpv4();
    const buf = w.toBuffer();
    await put(buf);
    const reader = new Reader<Response>(buf);
    const expected: Record<string, string> = { "2002:5102:4501::1": "2002:5102:4500::/40", "2001:0:5102:4501::1": "2001:0:5102:4500::/56", "81.2.69.1": "81.2.69.0/24" };
    for (const [text, network] of Object.entries(expected)) assert.equal(reader.getWithPrefixLength(text)[1], Number(network.split("/")[1]), `mmdb-lib: ${text}`);
    // Each order: the first answer must not decide the next one's network.
    for (const order of [["2002:5102:4501::1", "2001:0:5102:4501::1", "81.2.69.1", "::ffff:81.2.69.2"], ["81.2.69.1", "2001:0:5102:4501::1", "2002:5102:4501::1"]]) {
      const fresh = new MmdbFile(file());
      await fresh.load();
      for (const text of order) {
        const hit = fresh.find(ip(text));
        assert.ok(hit, text);
        assert.equal(hit.network, expected[text] ?? "81.2.69.0/24", text);
        assert.equal(hit.prefix, Number(hit.network.split("/")[1]), text);
      }
    }
  });

  it("accepts a file with every data type the format has", async () => {
    const w = new MmdbWriter({ ipVersion: 6, databaseType: "Test-Types" });
    const rec: MmdbValue = { s: "Zürich", empty: "", u16: 443, u32: 4_000_000_000, neg: -12, dbl: 47.3769, big: 2n ** 63n, t: true, f: false, arr: [1, "two", { three: 3 }], long: "y".repeat(70_000) };
    w.insert(ip("2a00::").bytes, 16, rec);
    w.insert(v4in6("1.2.3.0"), 96 + 24, { other: 1 });
    w.aliasIpv4();
    await put(w.toBuffer());
    const db = new MmdbFile(file());
    assert.ok(await db.load(), db.lastError);
    assert.equal((db.find(ip("2a00::1"))?.value as MmdbRecord).s, "Zürich");
  });

  // Each a file mmdb-lib opens and the old one-address probe passed, but whose records do not decode.
  const broken: [string, () => Buffer, RegExp][] = [
    ["an unknown type (extended type 92)", () => patch(smallV4(), "United Kingdom", -1, [0x00]), /unknown type 92/i],
    ["a string longer than the data section", () => patch(smallV4(), "United Kingdom", -1, [0x5f, 0xff, 0xff, 0xff]), /past the end of the data section/],
    ["a pointer outside the data section", () => patch(smallV4(), "ab", -1, [0x2f, 0xff, 0xff]), /pointer .* outside the data section/],
    // The value "a" (2 bytes) becomes a pointer to itself, then to the record that holds it.
    ["a pointer to a pointer", () => {
      const buf = smallV4();
      const at = dataOffset(buf, [0x41, 0x61]);
      return patch(buf, "\x41a", 0, [0x20 | (at >> 8), at & 0xff]);
    }, /pointer to a pointer/],
    ["a pointer to the record that holds it", () => patch(smallV4(), "\x41a", 0, [0x20, 0x00]), /cycle/],
    ["a tree record past the data section", () => {
      const buf = Buffer.from(smallV4());
      buf.writeUIntBE(0xffffff, 3, 3); // the root's right record (128.0.0.0/1, empty)
      return buf;
    }, /node 0 .* outside the data section/],
  ];
  for (const [what, make, message] of broken) {
    it(`refuses ${what} and keeps serving the loaded file`, async () => {
      await put(smallV4());
      const db = new MmdbFile(file());
      assert.ok(await db.load());
      await put(make());
      assert.equal(await db.load(), false);
      assert.match(db.lastError ?? "", message);
      assert.equal(db.reloads, 0);
      assert.deepEqual(db.find(ip("1.2.3.4"))?.value, { p: "a", q: "ab", country: { names: { en: "United Kingdom" } } });
      const fresh = new MmdbFile(file());
      assert.equal(await fresh.load(), false, "nor is it loaded when nothing else is");
      assert.equal(fresh.loaded, false);
    });
  }

  it("reports a record that fails to decode at lookup time as a damaged database", async () => {
    await put(smallV4());
    const db = new MmdbFile(file());
    assert.ok(await db.load());
    // The bytes in memory change after the check (nothing in the service does this; the check
    // at load makes it the only way to reach the error).
    const loaded = (db as unknown as { current: { buf: Buffer } }).current.buf;
    loaded[loaded.indexOf(Buffer.from("United Kingdom")) - 1] = 0x00;
    assert.throws(() => db.find(ip("1.2.3.4")), (err: unknown) => err instanceof DatabaseDamagedError && /db\.mmdb.*damaged/.test(err.message));
    assert.match(db.status().last_error ?? "", /damaged/);
  });
});
