import assert from "node:assert/strict";
import { ipAddress } from "./ip_address.ts";
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
});
