import assert from "node:assert/strict";
import { Reader, type Response } from "mmdb-lib";
import { MAXMIND_KEY_TYPES, MmdbWriter, encodeValue, type MmdbValue } from "./mmdb-writer.ts";
import { parseIp } from "./ip.ts";

const b = (s: string) => parseIp(s)!.bytes;
const read = (w: MmdbWriter) => new Reader<Response>(w.toBuffer());
const get = (r: Reader<Response>, ip: string) => r.getWithPrefixLength(ip) as unknown as [unknown, number];

describe("geoip MaxMind DB writer (read back with mmdb-lib)", () => {
  it("writes every data type the format has and mmdb-lib reads them back", () => {
    const w = new MmdbWriter({ ipVersion: 4, databaseType: "Test-Types", languages: ["en", "de"], description: { en: "types" }, buildEpoch: 1_700_000_000 });
    const long = "x".repeat(300);
    const longer = "y".repeat(70_000);
    const rec: MmdbValue = {
      s: "Zürich", empty: "", u16: 443, u32: 4_000_000_000, neg: -12, dbl: 47.3769, big: 2n ** 63n, t: true, f: false,
      arr: [1, "two", { three: 3 }], nested: { names: { en: "Zurich", de: "Zürich" } }, long, longer,
    };
    w.insert(b("1.2.3.0"), 24, rec);
    const r = read(w);
    assert.equal(r.metadata.databaseType, "Test-Types");
    assert.deepEqual(r.metadata.languages, ["en", "de"]);
    assert.equal(r.metadata.buildEpoch.getTime(), 1_700_000_000_000);
    assert.equal(r.metadata.ipVersion, 4);
    const [got, prefix] = get(r, "1.2.3.200");
    assert.equal(prefix, 24);
    const g = got as Record<string, unknown>;
    assert.equal(g.s, "Zürich");
    assert.equal(g.empty, "");
    assert.equal(g.u16, 443);
    assert.equal(g.u32, 4_000_000_000);
    assert.equal(g.neg, -12);
    assert.equal(g.dbl, 47.3769);
    assert.equal(BigInt(String(g.big)), 2n ** 63n);
    assert.equal(g.t, true);
    assert.equal(g.f, false);
    assert.deepEqual(g.arr, [1, "two", { three: 3 }]);
    assert.deepEqual(g.nested, { names: { en: "Zurich", de: "Zürich" } });
    assert.equal(g.long, long);
    assert.equal(g.longer, longer);
    assert.deepEqual(get(r, "1.2.4.1")[0], null);
  });

  it("finds the most specific network, splits a covering one, and leaves gaps empty (IPv6)", () => {
    const w = new MmdbWriter({ ipVersion: 6, databaseType: "Test-V6" });
    w.insert(b("2001:db8::"), 32, { n: "wide" });
    w.insert(b("2001:db8:1::"), 48, { n: "narrow" });
    const r = read(w);
    assert.deepEqual(get(r, "2001:db8:1::5"), [{ n: "narrow" }, 48]);
    assert.deepEqual(get(r, "2001:db8:2::5"), [{ n: "wide" }, 47]);
    assert.deepEqual(get(r, "2001:db8:ffff::1"), [{ n: "wide" }, 33]);
    assert.equal(get(r, "2001:db9::1")[0], null);
  });

  it("covers an inclusive range with CIDR blocks exactly", () => {
    const w = new MmdbWriter({ ipVersion: 4, databaseType: "Test-Range" });
    w.insertRange(b("10.0.0.5"), b("10.0.1.2"), { in: true });
    const r = read(w);
    for (const [ip, inside] of [["10.0.0.4", false], ["10.0.0.5", true], ["10.0.0.255", true], ["10.0.1.0", true], ["10.0.1.2", true], ["10.0.1.3", false]] as const)
      assert.equal(get(r, ip)[0] !== null, inside, ip);
    assert.equal(get(r, "10.0.0.128")[1], 25);
    assert.equal(get(r, "10.0.0.5")[1], 32);
  });

  for (const recordSize of [24, 28, 32] as const) {
    it(`writes ${recordSize}-bit records that mmdb-lib walks`, () => {
      const w = new MmdbWriter({ ipVersion: 6, databaseType: "Test-Size", recordSize });
      if (recordSize > 24) {
        // Two 9 MB records first, so the later records' pointers need more than 24 bits.
        w.insert(b("2c0f::"), 16, { pad: "a".repeat(9_000_000) });
        w.insert(b("2c0e::"), 16, { pad: "b".repeat(9_000_000) });
      }
      const nets = Array.from({ length: 200 }, (_, i) => `2a0${i % 10}:${(i * 37).toString(16)}::`);
      nets.forEach((n, i) => w.insert(b(n), 32, { i }));
      const r = read(w);
      assert.equal(r.metadata.recordSize, recordSize);
      if (recordSize > 24) assert.equal((get(r, "2c0e::1")[0] as { pad: string }).pad.length, 9_000_000);
      nets.forEach((n, i) => assert.deepEqual(get(r, n.replace(/::$/, ":1::1")), [{ i }, 32], n));
    });
  }

  it("stores identical records once", () => {
    const one = new MmdbWriter({ ipVersion: 4, databaseType: "T" });
    const many = new MmdbWriter({ ipVersion: 4, databaseType: "T" });
    one.insert(b("1.0.0.0"), 8, { same: "value".repeat(20) });
    for (let i = 1; i <= 100; i++) many.insert(b(`${i}.0.0.0`), 8, { same: "value".repeat(20) });
    const extra = many.toBuffer().length - one.toBuffer().length;
    assert.ok(extra < 100 * 100, `100 networks added ${extra} bytes: the record was not shared`);
  });

  it("uses the number types MaxMind's databases use when told by key", () => {
    // uint32 (type 6) with one byte of payload: control byte 0b110_00001.
    assert.deepEqual(encodeValue({ autonomous_system_number: 5 }, [], MAXMIND_KEY_TYPES).slice(-2), [0xc1, 5]);
    // Without a type hint the smallest type: uint16 (type 5).
    assert.deepEqual(encodeValue({ autonomous_system_number: 5 }).slice(-2), [0xa1, 5]);
    // A whole-number latitude stays a double.
    const lat = encodeValue({ latitude: 52 }, [], MAXMIND_KEY_TYPES);
    assert.equal(lat[lat.length - 9], 0x68);
    const w = new MmdbWriter({ ipVersion: 4, databaseType: "T", keyTypes: MAXMIND_KEY_TYPES });
    w.insert(b("5.6.7.0"), 24, { autonomous_system_number: 64500, location: { latitude: 52, longitude: 13, accuracy_radius: 5 } });
    assert.deepEqual(read(w).get("5.6.7.8"), { autonomous_system_number: 64500, location: { latitude: 52, longitude: 13, accuracy_radius: 5 } });
  });
});
