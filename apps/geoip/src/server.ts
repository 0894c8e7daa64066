/** Starting and stopping the IP lookup service: databases, keys, watchers, HTTP. */
import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import path from "node:path";
import { answerClientErrors } from "@filescan/config/http";
import { createApp } from "./app.ts";
import { ensureAsnDatabases } from "./build-asn.ts";
import { KeyStore } from "./keys.ts";
import { GeoipService, openDatabases } from "./lookup.ts";
import { problem } from "./problem.ts";
import type { GeoipSettings } from "./settings.ts";

export interface RunningGeoip {
  server: Server;
  url: string;
  service: GeoipService;
  keys: KeyStore;
  close(): Promise<void>;
}

export async function startGeoip(settings: GeoipSettings, opts: { log?: (msg: string) => void; processMetrics?: boolean; attribution?: string[] } = {}): Promise<RunningGeoip> {
  const log = opts.log ?? ((msg: string) => console.log(`geoip: ${msg}`));
  if (settings.asnIsDefault) {
    // The default ASN files are built from the installed CSV on first start when missing.
    try {
      await ensureAsnDatabases(path.dirname(settings.asnDbs[0]!), false, log);
    } catch (err) {
      log(`cannot build the ASN databases: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const service = new GeoipService(openDatabases(settings.cityDbs, settings.asnDbs, { cacheSize: settings.cacheSize, log }), opts.attribution ?? []);
  await service.load();
  service.watch();
  const keys = new KeyStore(settings.keysFile, log);
  mkdirSync(path.dirname(settings.keysFile), { recursive: true, mode: 0o700 });
  await keys.load();
  keys.watch();
  const app = createApp({ service, keys, prefix: settings.prefix, processMetrics: opts.processMetrics });
  const server = app.listen(settings.port, settings.host);
  answerClientErrors(server, (e) => problem(e.status === 431 ? "HEADERS_TOO_LARGE" : e.status === 408 ? "REQUEST_TIMEOUT" : "BAD_REQUEST"));
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  server.keepAliveTimeout = 65_000;
  const addr = server.address() as AddressInfo;
  const host = addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
  return {
    server,
    url: `http://${host}:${addr.port}${settings.prefix}`,
    service,
    keys,
    async close() {
      service.close();
      keys.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  };
}
