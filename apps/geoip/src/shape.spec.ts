import assert from "node:assert/strict";
import { asnPart, cityPart } from "./shape.ts";

describe("geoip response shape", () => {
  it("maps the flattened ip-location-db schema and omits what it lacks", () => {
    const p = cityPart({ city: "Bern", country_code: "CH", latitude: 46.94809913635254, longitude: 7.447400093078613, postcode: "", state1: "Bern", state2: "", timezone: "" });
    assert.deepEqual(p.object, {
      continent: { code: "EU", names: { en: "Europe" } },
      country: { iso_code: "CH", names: { en: "Switzerland" } },
      subdivisions: [{ names: { en: "Bern" } }],
      city: { names: { en: "Bern" } },
      location: { latitude: 46.9481, longitude: 7.4474 },
    });
    assert.deepEqual(JSON.parse(`{${p.json}}`), p.object);
  });

  it("keeps postcode, second subdivision and time zone when present", () => {
    const p = cityPart({ country_code: "us", state1: "Texas", state2: "Travis", city: "Austin", postcode: "78701", timezone: "America/Chicago", latitude: 30.27, longitude: -97.74 });
    assert.deepEqual(p.object.subdivisions, [{ names: { en: "Texas" } }, { names: { en: "Travis" } }]);
    assert.deepEqual(p.object.postal, { code: "78701" });
    assert.deepEqual(p.object.location, { latitude: 30.27, longitude: -97.74, time_zone: "America/Chicago" });
    assert.equal((p.object.country as { iso_code: string }).iso_code, "US");
  });

  it("passes MaxMind GeoIP2 City records through, traits apart", () => {
    const rec = {
      continent: { code: "EU", geoname_id: 6255148, names: { en: "Europe" } },
      country: { iso_code: "DE", geoname_id: 2921044, is_in_european_union: true, names: { en: "Germany", de: "Deutschland" } },
      location: { latitude: 52.5, longitude: 13.4, accuracy_radius: 20, time_zone: "Europe/Berlin" },
      traits: { is_anycast: true },
      not_in_the_web_service: 1,
    };
    const p = cityPart(rec);
    assert.deepEqual(p.object, { continent: rec.continent, country: rec.country, location: rec.location });
    assert.deepEqual(p.traits, { is_anycast: true });
  });

  it("maps ASN records to traits", () => {
    assert.deepEqual(asnPart({ autonomous_system_number: 64500, autonomous_system_organization: "Example" }).traits, { autonomous_system_number: 64500, autonomous_system_organization: "Example" });
    assert.deepEqual(asnPart({ autonomous_system_number: 64501 }).traits, { autonomous_system_number: 64501 });
  });
});
