/** `node apps/geoip/src/main.ts`: the IP lookup service (settings: see README.md). */
import { startGeoip } from "./server.ts";
import { loadSettings } from "./settings.ts";

const settings = loadSettings();
const attribution = process.env.FILESCAN_GEOIP_ATTRIBUTION ? [process.env.FILESCAN_GEOIP_ATTRIBUTION] : [];
const running = await startGeoip(settings, { processMetrics: true, attribution });
const status = running.service.status();
const loaded = [...status.city, ...status.asn].filter((s) => s.loaded).length;
console.log(`geoip: listening on ${running.url} (${loaded} database files loaded, ${running.keys.size} active API keys)`);
if (!running.service.ready) console.log("geoip: no city database loaded: lookups answer 503 until one appears");
if (running.keys.size === 0) console.log("geoip: no API keys yet: create one with `filescan apikey create --name NAME`");

let stopping = false;
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    void running.close().then(() => process.exit(0));
  });
}
