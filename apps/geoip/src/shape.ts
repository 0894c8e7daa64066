/**
 * Turns database records into the body of MaxMind's GeoIP2 City web-service
 * response. Two record schemas are understood:
 *  - MaxMind GeoIP2 / GeoLite2 City (`country.iso_code`, `city.names`, ...), passed through;
 *  - the flattened schema of the ip-location-db packages (`country_code`, `state1`,
 *    `city`, `postcode`, `latitude`, `longitude`, `timezone`), mapped field by field;
 *    country and continent names come from the country code (countries-list).
 * ASN records (GeoLite2-ASN schema) fill `traits`. Fields the data lacks are omitted.
 *
 * Each record's part of the body is built once and kept as JSON text (the database
 * layer caches it per record pointer).
 */
import { continents, countries } from "countries-list";
import type { MmdbRecord } from "./database.ts";

type Json = Record<string, unknown>;

const names = (en: string) => ({ en });

function str(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

function num(v: unknown): number | undefined {
  return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}

/** Coordinates in the flattened data are float32: keep the 4 decimals MaxMind publishes. */
function coord(v: unknown): number | undefined {
  const n = num(v);
  return n === undefined ? undefined : Math.round(n * 1e4) / 1e4;
}

function countryParts(code: string): Json {
  const out: Json = {};
  const c = (countries as Record<string, { name: string; continent: string } | undefined>)[code];
  const cont = c ? (continents as Record<string, string | undefined>)[c.continent] : undefined;
  if (c && cont) out.continent = { code: c.continent, names: names(cont) };
  out.country = c ? { iso_code: code, names: names(c.name) } : { iso_code: code };
  return out;
}

function fromFlattened(r: MmdbRecord): Json {
  const code = str(r.country_code);
  const out: Json = code ? countryParts(code.toUpperCase()) : {};
  const subs = [str(r.state1), str(r.state2)].filter((s): s is string => s !== undefined).map((s) => ({ names: names(s) }));
  if (subs.length) out.subdivisions = subs;
  const city = str(r.city);
  if (city) out.city = { names: names(city) };
  const postal = str(r.postcode);
  if (postal) out.postal = { code: postal };
  const location: Json = {};
  const lat = coord(r.latitude);
  const lon = coord(r.longitude);
  if (lat !== undefined && lon !== undefined) {
    location.latitude = lat;
    location.longitude = lon;
  }
  const tz = str(r.timezone);
  if (tz) location.time_zone = tz;
  if (Object.keys(location).length) out.location = location;
  return out;
}

const MAXMIND_KEYS = ["continent", "country", "registered_country", "represented_country", "subdivisions", "city", "postal", "location"] as const;

function fromMaxMind(r: MmdbRecord): { body: Json; traits: Json } {
  const body: Json = {};
  for (const k of MAXMIND_KEYS) if (r[k] !== undefined && r[k] !== null) body[k] = r[k];
  const traits: Json = typeof r.traits === "object" && r.traits !== null ? { ...(r.traits as Json) } : {};
  return { body, traits };
}

export function isFlattened(r: MmdbRecord): boolean {
  return "country_code" in r || "state1" in r || "postcode" in r;
}

export interface CityPart {
  /** The body's fields as JSON text without braces ("" when none). */
  json: string;
  /** Traits of the city record (e.g. is_anycast) as JSON members, "" when none. */
  traitsJson: string;
  object: Json;
  traits: Json;
}

export interface AsnPart {
  json: string;
  traits: Json;
}

const members = (o: Json) => JSON.stringify(o).slice(1, -1);

export function cityPart(r: MmdbRecord): CityPart {
  const { body, traits } = isFlattened(r) ? { body: fromFlattened(r), traits: {} } : fromMaxMind(r);
  return { json: members(body), traitsJson: members(traits), object: body, traits };
}

export function asnPart(r: MmdbRecord): AsnPart {
  const traits: Json = {};
  const n = num(r.autonomous_system_number);
  if (n !== undefined) traits.autonomous_system_number = n;
  const org = str(r.autonomous_system_organization);
  if (org) traits.autonomous_system_organization = org;
  return { json: members(traits), traits };
}
