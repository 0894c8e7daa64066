import assert from "node:assert/strict";
import { isIPv4, isIPv6 } from "node:net";
import { formatV6, isReserved, networkOf, parseIp } from "./ip.ts";

/** Deterministic random numbers for the property checks below. */
function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 4294967296;
  };
}

describe("geoip ip parsing", () => {
  it("accepts dotted-quad IPv4 as is", () => {
    const ip = parseIp("8.8.4.4");
    assert.deepEqual(ip && { family: ip.family, text: ip.text, bytes: [...ip.bytes] }, { family: 4, text: "8.8.4.4", bytes: [8, 8, 4, 4] });
  });

  it("normalises IPv6 spellings to RFC 5952", () => {
    const forms = ["2001:4860:4860::8888", "2001:4860:4860:0:0:0:0:8888", "2001:4860:4860:0000:0000:0000:0000:8888", "2001:4860:4860::8888".toUpperCase(), "2001:4860:4860:0::0:8888"];
    for (const f of forms) assert.equal(parseIp(f)?.text, "2001:4860:4860::8888", f);
    assert.equal(parseIp("2001:db8:0:0:1:0:0:1")?.text, "2001:db8::1:0:0:1"); // first of two equal runs
    assert.equal(parseIp("2001:db8:0:1:1:1:1:1")?.text, "2001:db8:0:1:1:1:1:1"); // a single zero group stays
    assert.equal(parseIp("::")?.text, "::");
    assert.equal(parseIp("::1")?.text, "::1");
    assert.equal(parseIp("1::")?.text, "1::");
  });

  it("reads IPv4-mapped IPv6 as the IPv4 address, in any case", () => {
    for (const f of ["::ffff:1.2.3.4", "::FFFF:1.2.3.4", "0:0:0:0:0:ffff:1.2.3.4", "::ffff:102:304"]) {
      const ip = parseIp(f);
      assert.equal(ip?.family, 4, f);
      assert.equal(ip?.text, "1.2.3.4", f);
    }
  });

  it("keeps other embedded-IPv4 forms as IPv6", () => {
    assert.equal(parseIp("64:ff9b::1.2.3.4")?.text, "64:ff9b::102:304");
  });

  it("rejects leading zeros, zone ids, prefixes, ranges and junk", () => {
    const bad = ["01.2.3.4", "1.2.3.04", "1.2.3.00", "::ffff:01.2.3.4", "fe80::1%eth0", "fe80::1%1", "1.2.3.0/24", "2001:db8::/32", "1.2.3.4-1.2.3.5",
      "1.2.3", "256.1.1.1", "1.2.3.4.5", "0x7f.0.0.1", " 1.2.3.4", "1.2.3.4 ", "", "12345::", "1:2:3:4:5:6:7:8:9", "::ffff:1.2.3", "localhost", "2001:db8:::1"];
    for (const b of bad) assert.equal(parseIp(b), undefined, JSON.stringify(b));
  });

  it("marks special-purpose ranges reserved and public ones not", () => {
    const reserved = ["0.1.2.3", "10.1.2.3", "100.64.0.1", "127.0.0.1", "169.254.1.1", "172.16.0.1", "172.31.255.255", "192.0.0.8", "192.0.2.1", "192.168.1.1",
      "198.18.0.1", "198.19.255.255", "198.51.100.7", "203.0.113.9", "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255",
      "::", "::1", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "2001:db8::1", "3fff::1", "2001:2::1", "2001:10::1", "2001:20::1", "::ffff:10.0.0.1", "100::1"];
    for (const r of reserved) assert.equal(isReserved(parseIp(r)!), true, r);
    const open = ["1.1.1.1", "8.8.8.8", "100.63.255.255", "100.128.0.0", "172.15.255.255", "172.32.0.0", "192.0.1.1", "198.17.255.255", "198.20.0.0", "223.255.255.255",
      "2001:4860:4860::8888", "2a00:1450::1", "2001:db9::1", "2001::1", "2002:808:808::1", "3ffe::1"];
    for (const o of open) assert.equal(isReserved(parseIp(o)!), false, o);
  });

  it("prints networks with host bits cleared", () => {
    assert.equal(networkOf(parseIp("8.8.8.8")!, 24), "8.8.8.0/24");
    assert.equal(networkOf(parseIp("8.8.8.8")!, 13), "8.8.0.0/13");
    assert.equal(networkOf(parseIp("2001:4860:4860::8888")!, 42), "2001:4860:4840::/42");
    assert.equal(formatV6(new Uint8Array(16)), "::");
  });

  it("agrees with the WHATWG URL parser's IPv6 canonical form on random addresses and spellings", () => {
    const r = rng(1);
    for (let n = 0; n < 3000; n++) {
      const g = Array.from({ length: 8 }, () => (r() < 0.4 ? 0 : Math.floor(r() * 65536)));
      const hex = g.map((x) => x.toString(16));
      const spellings = [hex.join(":"), g.map((x) => x.toString(16).padStart(4, "0").toUpperCase()).join(":")];
      const expected = new URL(`http://[${hex.join(":")}]/`).hostname.slice(1, -1);
      const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
      for (const sp of spellings) {
        const ip = parseIp(sp);
        assert.ok(ip, sp);
        if (mapped) assert.equal(ip.family, 4);
        else {
          assert.equal(ip.text, expected, sp);
          assert.equal(parseIp(expected)?.text, expected, `re-parse of ${expected}`);
          assert.deepEqual([...ip.bytes], g.flatMap((x) => [x >> 8, x & 0xff]), sp);
        }
      }
    }
  });

  it("accepts exactly the IPv4 texts node:net accepts, on random near-misses", () => {
    const r = rng(2);
    const parts = ["0", "1", "9", "10", "99", "100", "199", "249", "255", "256", "300", "00", "01", "001", "010", "", "1a", "-1", " 1", "1000"];
    for (let n = 0; n < 5000; n++) {
      const k = 3 + Math.floor(r() * 3);
      const s = Array.from({ length: k }, () => parts[Math.floor(r() * parts.length)]).join(".");
      assert.equal(parseIp(s) !== undefined, isIPv4(s), JSON.stringify(s));
    }
  });

  it("accepts exactly the IPv6 texts node:net accepts (minus zone ids), on random near-misses", () => {
    const r = rng(3);
    const parts = ["0", "1", "ab", "fFfF", "ffff", "12345", "g", "", "1.2.3.4", "01.2.3.4", "255.255.255.255", "1.2.3", "0000", "00000", "%eth0"];
    let accepted = 0;
    for (let n = 0; n < 20000; n++) {
      const k = 1 + Math.floor(r() * 9);
      let s = parts[Math.floor(r() * parts.length)]!;
      for (let i = 1; i < k; i++) s += (r() < 0.15 ? "::" : ":") + parts[Math.floor(r() * parts.length)];
      if (r() < 0.1) s = "::" + s;
      if (r() < 0.1) s += "::";
      const ours = parseIp(s) !== undefined;
      if (s.indexOf(":") === -1) continue;
      assert.equal(ours, isIPv6(s) && !s.includes("%"), JSON.stringify(s));
      if (ours) accepted++;
    }
    assert.ok(accepted > 500, `only ${accepted} valid samples`);
  });

  it("accepts the IPv6 texts node:net accepts, minus zone ids", () => {
    for (const s of ["::", "::1", "1::", "1:2:3:4:5:6:7:8", "1::8", "1:2::7:8", "::2:3:4:5:6:7:8", "1:2:3:4:5:6:7::", "::1.2.3.4", "1::1.2.3.4", "64:ff9b::255.255.255.255", "fe80::1%eth0", "1:2:3:4:5:6:1.2.3.4"])
      assert.equal(parseIp(s) !== undefined, isIPv6(s) && !s.includes("%"), s);
    assert.deepEqual([...parseIp("1:2:3:4:5:6:1.2.3.4")!.bytes], [0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 1, 2, 3, 4]);
    assert.deepEqual([...parseIp("1::1.2.3.4")!.bytes], [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]);
  });
});
