import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Reader, type Response } from "mmdb-lib";
import { buildAsnMmdb, parseCsvLine } from "./build-asn.ts";

describe("geoip ASN build from CSV", () => {
  it("splits CSV lines with quoted fields", () => {
    assert.deepEqual(parseCsvLine('1.0.0.0,1.0.0.255,13335,"Cloudflare, Inc."'), ["1.0.0.0", "1.0.0.255", "13335", "Cloudflare, Inc."]);
    assert.deepEqual(parseCsvLine('a,"say ""hi""",c'), ["a", 'say "hi"', "c"]);
    assert.deepEqual(parseCsvLine("2001::,2001::ffff,6939,Hurricane Electric LLC"), ["2001::", "2001::ffff", "6939", "Hurricane Electric LLC"]);
  });

  it("turns ranges into a GeoLite2-ASN .mmdb that mmdb-lib reads", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "geoip-asn-"));
    try {
      const csv = path.join(dir, "asn-ipv6.csv");
      await writeFile(csv, ['2001:db8::,2001:db8:0:ffff:ffff:ffff:ffff:ffff,64500,"Example, Inc."', "2001:db8:1::,2001:db8:1::ff,64501,", "not,a,row"].join("\n") + "\n");
      const out = path.join(dir, "asn-ipv6.mmdb");
      assert.equal(await buildAsnMmdb(csv, 6, out, 1_750_000_000), 2);
      const r = new Reader<Response>(await readFile(out));
      assert.equal(r.metadata.databaseType, "GeoLite2-ASN");
      assert.equal(r.metadata.buildEpoch.getTime(), 1_750_000_000_000);
      assert.deepEqual(r.getWithPrefixLength("2001:db8::abcd"), [{ autonomous_system_number: 64500, autonomous_system_organization: "Example, Inc." }, 48]);
      assert.deepEqual(r.get("2001:db8:1::80"), { autonomous_system_number: 64501 });
      assert.equal(r.get("2001:db8:1::100"), null);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
