/**
 * The lookup itself, without HTTP: parse, refuse reserved ranges, ask the city and
 * ASN databases, and build the GeoIP2 City–shaped body.
 */
import path from "node:path";
import { DatabaseDamagedError, MmdbFile, MmdbSet, type DbStatus, type Hit } from "./database.ts";
import { isReserved, parseIp, type ParsedIp } from "./ip.ts";
import { asnPart, cityPart, type AsnPart, type CityPart } from "./shape.ts";

export type LookupErrorCode = "IP_ADDRESS_INVALID" | "IP_ADDRESS_RESERVED" | "IP_ADDRESS_NOT_FOUND" | "DATABASE_UNAVAILABLE" | "DATABASE_DAMAGED";

export type LookupResult =
  | { ok: true; ip: string; network: string; body: string }
  | { ok: false; code: LookupErrorCode; ip?: string };

const GEOLITE2 = "This product includes GeoLite2 data created by MaxMind, available from https://www.maxmind.com";

/** Attribution each data source requires, keyed by what identifies the file. */
export function attributionFor(file: string, databaseType: string | undefined): string | undefined {
  const p = file.split(path.sep).join("/");
  if (p.includes("@ip-location-db/dbip-city")) return "IP Geolocation by DB-IP (https://db-ip.com), DB-IP City Lite, CC BY 4.0";
  // ip-location-db's GeoLite2 builds name their type "city ipv4", not GeoLite2: the package says it.
  if (p.includes("@ip-location-db/geolite2-")) return GEOLITE2;
  if (/GeoLite2/i.test(databaseType ?? "") && /ASN/i.test(databaseType ?? "") && /asn-ipv[46]\.mmdb$/.test(p))
    return "ASN data by RouteViews (routeviews.org), NRO (nro.net) and DB-IP (https://db-ip.com) via ip-location-db, CC BY 4.0";
  if (/GeoLite2/i.test(databaseType ?? "")) return GEOLITE2;
  return undefined;
}

export interface GeoipDatabases {
  city: MmdbSet<CityPart>;
  asn: MmdbSet<AsnPart>;
}

export function openDatabases(cityFiles: string[], asnFiles: string[], opts: { cacheSize?: number; log?: (msg: string) => void } = {}): GeoipDatabases {
  return {
    city: new MmdbSet("city", cityFiles.map((f) => new MmdbFile(f, { ...opts, shape: cityPart }))),
    asn: new MmdbSet("asn", asnFiles.map((f) => new MmdbFile(f, { ...opts, shape: asnPart }))),
  };
}

type AnyFile = MmdbFile<CityPart> | MmdbFile<AsnPart>;

export class GeoipService {
  readonly dbs: GeoipDatabases;
  /** Extra attribution lines (FILESCAN_GEOIP_ATTRIBUTION) for files the service cannot recognise. */
  private readonly extraAttribution: string[];
  private attributionCache = new Map<AnyFile | null, Map<AnyFile | null, { ct?: string; at?: string; json: string }>>();

  constructor(dbs: GeoipDatabases, extraAttribution: string[] = []) {
    this.dbs = dbs;
    this.extraAttribution = extraAttribution;
  }

  get ready(): boolean {
    return this.dbs.city.anyLoaded;
  }

  status(): { city: DbStatus[]; asn: DbStatus[] } {
    return { city: this.dbs.city.files.map((f) => f.status()), asn: this.dbs.asn.files.map((f) => f.status()) };
  }

  /** JSON members `,"attribution":[...]` for the files that answered; rebuilt when a file's type changes on reload. */
  private attributionJson(city: AnyFile | undefined, asn: AnyFile | undefined): string {
    const ct = city?.databaseType;
    const at = asn?.databaseType;
    let byAsn = this.attributionCache.get(city ?? null);
    if (!byAsn) this.attributionCache.set(city ?? null, (byAsn = new Map()));
    const hit = byAsn.get(asn ?? null);
    if (hit && hit.ct === ct && hit.at === at) return hit.json;
    const lines = new Set<string>();
    for (const f of [city, asn]) {
      const a = f && attributionFor(f.path, f.databaseType);
      if (a) lines.add(a);
    }
    for (const a of this.extraAttribution) lines.add(a);
    const json = lines.size ? `,"attribution":${JSON.stringify([...lines])}` : "";
    byAsn.set(asn ?? null, { ct, at, json });
    return json;
  }

  /** The records for `text` without building a body (what an in-process caller would use). */
  find(text: string): { ip: ParsedIp; city?: Hit<CityPart>; asn?: Hit<AsnPart> } | LookupErrorCode {
    const ip = parseIp(text);
    if (!ip) return "IP_ADDRESS_INVALID";
    if (isReserved(ip)) return "IP_ADDRESS_RESERVED";
    if (!this.ready) return "DATABASE_UNAVAILABLE";
    try {
      const city = this.dbs.city.find(ip);
      const asn = this.dbs.asn.find(ip);
      if (!city && !asn) return "IP_ADDRESS_NOT_FOUND";
      return { ip, city, asn };
    } catch (err) {
      if (err instanceof DatabaseDamagedError) return "DATABASE_DAMAGED";
      throw err;
    }
  }

  lookup(text: string): LookupResult {
    const ip = parseIp(text);
    if (!ip) return { ok: false, code: "IP_ADDRESS_INVALID" };
    if (isReserved(ip)) return { ok: false, code: "IP_ADDRESS_RESERVED", ip: ip.text };
    if (!this.ready) return { ok: false, code: "DATABASE_UNAVAILABLE", ip: ip.text };
    let cityFile: MmdbFile<CityPart> | undefined;
    let city: Hit<CityPart> | undefined;
    let asnFile: MmdbFile<AsnPart> | undefined;
    let asn: Hit<AsnPart> | undefined;
    try {
      for (const f of this.dbs.city.files) {
        city = f.find(ip);
        if (city) {
          cityFile = f;
          break;
        }
      }
      for (const f of this.dbs.asn.files) {
        asn = f.find(ip);
        if (asn) {
          asnFile = f;
          break;
        }
      }
    } catch (err) {
      // A problem document that says so, not a bare 500.
      if (err instanceof DatabaseDamagedError) return { ok: false, code: "DATABASE_DAMAGED", ip: ip.text };
      throw err;
    }
    if (!city && !asn) return { ok: false, code: "IP_ADDRESS_NOT_FOUND", ip: ip.text };
    // The network in which every answer holds: the more specific of the two.
    const network = !asn || (city && city.prefix >= asn.prefix) ? city!.network : asn.network;
    const c = city?.value;
    const a = asn?.value;
    let traits = `"ip_address":"${ip.text}","network":"${network}"`;
    if (a && a.json) traits += `,${a.json}`;
    if (c && c.traitsJson) traits += `,${c.traitsJson}`;
    const head = c && c.json ? `{${c.json},` : "{";
    const body = `${head}"traits":{${traits}}${this.attributionJson(cityFile, asnFile)}}`;
    return { ok: true, ip: ip.text, network, body };
  }

  async load(): Promise<void> {
    await Promise.all([this.dbs.city.load(), this.dbs.asn.load()]);
  }

  watch(): void {
    this.dbs.city.watch();
    this.dbs.asn.watch();
  }

  close(): void {
    this.dbs.city.close();
    this.dbs.asn.close();
  }
}
