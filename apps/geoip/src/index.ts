export { createApp } from "./app.ts";
export { startGeoip, type RunningGeoip } from "./server.ts";
export { loadSettings, type GeoipSettings } from "./settings.ts";
export { GeoipService, openDatabases } from "./lookup.ts";
export { KeyStore, createKey, revokeKey, readKeyFile, parseRate, hashKey } from "./keys.ts";
export { MmdbWriter } from "./mmdb-writer.ts";
export { parseIp, isReserved } from "./ip.ts";
