/**
 * The lookup itself, without HTTP: parse, refuse reserved ranges, ask the city and
 * ASN databases, and build the GeoIP2 City–shaped body.
 */
import path from "node:path";
import { MmdbFile, MmdbSet, type DbStatus } from "./database.ts";
import { isReserved, networkOf, parseIp } from "./ip.ts";
import { asnPart, cityPart } from "./shape.ts";

export type LookupErrorCode = "IP_ADDRESS_INVALID" | "IP_ADDRESS_RESERVED" | "IP_ADDRESS_NOT_FOUND" | "DATABASE_UNAVAILABLE";

export type LookupResult =
  | { ok: true; ip: string; network: string; body: string }
  | { ok: false; code: LookupErrorCode; ip?: string };

/** Attribution each data source requires, keyed by what identifies the file. */
export function attributionFor(file: string, databaseType: string | undefined): string | undefined {
  const p = file.split(path.sep).join("/");
  if (p.includes("@ip-location-db/dbip-city")) return "IP Geolocation by DB-IP (https://db-ip.com), DB-IP City Lite, CC BY 4.0";
  if (/GeoLite2/i.test(databaseType ?? "") && /ASN/i.test(databaseType ?? "") && /asn-ipv[46]\.mmdb$/.test(p))
    return "ASN data by RouteViews (routeviews.org), NRO (nro.net) and DB-IP (https://db-ip.com) via ip-location-db, CC BY 4.0";
  if (/GeoLite2/i.test(databaseType ?? "")) return "This product includes GeoLite2 data created by MaxMind, available from https://www.maxmind.com";
  return undefined;
}

export interface GeoipDatabases {
  city: MmdbSet;
  asn: MmdbSet;
}

export function openDatabases(cityFiles: string[], asnFiles: string[], opts: { cacheSize?: number; log?: (msg: string) => void } = {}): GeoipDatabases {
  return {
    city: new MmdbSet("city", cityFiles.map((f) => new MmdbFile(f, opts))),
    asn: new MmdbSet("asn", asnFiles.map((f) => new MmdbFile(f, opts))),
  };
}

export class GeoipService {
  readonly dbs: GeoipDatabases;
  /** Extra attribution lines (FILESCAN_GEOIP_ATTRIBUTION) for files the service cannot recognise. */
  private readonly extraAttribution: string[];
  private attributionCache = new Map<string, string>();

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

  /** JSON members `"attribution":[...]` for the files that answered, cached by their identity. */
  private attributionJson(files: (MmdbFile | undefined)[]): string {
    const key = files.map((f) => (f ? `${f.path}#${f.reloads}` : "")).join("|");
    let s = this.attributionCache.get(key);
    if (s === undefined) {
      const lines = new Set<string>();
      for (const f of files) {
        if (!f) continue;
        const a = attributionFor(f.path, f.databaseType);
        if (a) lines.add(a);
      }
      for (const a of this.extraAttribution) lines.add(a);
      s = lines.size ? `,"attribution":${JSON.stringify([...lines])}` : "";
      if (this.attributionCache.size > 64) this.attributionCache.clear();
      this.attributionCache.set(key, s);
    }
    return s;
  }

  lookup(text: string): LookupResult {
    const ip = parseIp(text);
    if (!ip) return { ok: false, code: "IP_ADDRESS_INVALID" };
    if (isReserved(ip)) return { ok: false, code: "IP_ADDRESS_RESERVED", ip: ip.text };
    if (!this.ready) return { ok: false, code: "DATABASE_UNAVAILABLE", ip: ip.text };
    let cityFile: MmdbFile | undefined;
    let cityHit;
    for (const f of this.dbs.city.files) {
      cityHit = f.get(ip.text, ip.family);
      if (cityHit) {
        cityFile = f;
        break;
      }
    }
    let asnFile: MmdbFile | undefined;
    let asnHit;
    for (const f of this.dbs.asn.files) {
      asnHit = f.get(ip.text, ip.family);
      if (asnHit) {
        asnFile = f;
        break;
      }
    }
    if (!cityHit && !asnHit) return { ok: false, code: "IP_ADDRESS_NOT_FOUND", ip: ip.text };
    // The network in which every answer holds: the more specific of the two.
    const prefix = Math.max(cityHit ? cityHit[1] : 0, asnHit ? asnHit[1] : 0);
    const network = networkOf(ip, prefix);
    const city = cityHit ? cityPart(cityHit[0]) : undefined;
    const asn = asnHit ? asnPart(asnHit[0]) : undefined;
    let traits = `"ip_address":"${ip.text}","network":"${network}"`;
    if (asn && asn.json) traits += `,${asn.json}`;
    if (city && city.traitsJson) traits += `,${city.traitsJson}`;
    const head = city && city.json ? `{${city.json},` : "{";
    const body = `${head}"traits":{${traits}}${this.attributionJson([cityFile, asnFile])}}`;
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
