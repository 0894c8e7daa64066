import assert from "node:assert/strict";
import { ipAddress, v6Runs } from "./ip_address.ts";
import { spans } from "../testing.ts";

describe("generic/ip_address", () => {
  it("finds IPv4 and IPv6 with zones and prefixes, without trailing punctuation", () => {
    assert.deepEqual(spans(ipAddress, "from 10.1.2.3, to 2001:db8::7."), [[5, 13], [18, 29]]);
    assert.deepEqual(spans(ipAddress, "net 172.16.0.0/12 and fe80::1%eth0/64"), [[4, 17], [22, 37]]);
    assert.deepEqual(spans(ipAddress, "mapped ::ffff:10.0.0.1"), [[7, 22]]);
  });
  it("rejects octets over 255, MAC addresses, times, C++ scopes and glued words", () => {
    assert.deepEqual(spans(ipAddress, "999.1.1.1"), []);
    assert.deepEqual(spans(ipAddress, "aa:bb:cc:dd:ee:ff"), []);
    assert.deepEqual(spans(ipAddress, "at 12:34:56"), []);
    assert.deepEqual(spans(ipAddress, "std::vector"), []);
    assert.deepEqual(spans(ipAddress, "v10.0.0.1"), []);
  });

  it("finds the IPv6 runs from the colons that a scan of every position finds", () => {
    const V6_RUN = /(?<![A-Za-z0-9_:.])[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*/g;
    const parts = ["2001", ":", "::", "db8", ".", "1", "a", "G", "x", "_", " ", "fe80", "%eth0", "/64", "10.0.0.1", "é"];
    let s = 7;
    const rand = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    let runs = 0;
    for (let t = 0; t < 20_000; t++) {
      let text = "";
      const n = Math.floor(rand() * 12);
      for (let i = 0; i < n; i++) text += parts[Math.floor(rand() * parts.length)];
      const expected = [...text.matchAll(V6_RUN)].map((m) => [m.index, m.index + m[0].length]);
      runs += expected.length;
      assert.deepEqual(v6Runs(text), expected, JSON.stringify(text));
    }
    assert.ok(runs > 5_000, `only ${runs} runs`);
  });
});
