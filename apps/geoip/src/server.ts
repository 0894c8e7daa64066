/** Starting and stopping the IP lookup service: databases, keys, watchers, HTTP. */
import { mkdirSync } from "node:fs";
import type { AddressInfo, Socket } from "node:net";
import { STATUS_CODES, createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { answerClientErrors } from "@filescan/config/http";
import { createApp } from "./app.ts";
import { ensureAsnDatabases } from "./build-asn.ts";
import { KeyStore } from "./keys.ts";
import { GeoipService, openDatabases } from "./lookup.ts";
import { problem, type ProblemCode } from "./problem.ts";
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
  // Host is checked by the app, which answers a problem document (Node's check answers a bare 400).
  const server = createServer({ requireHostHeader: false }, app.callback());
  answerNodeRefusals(server);
  server.listen(settings.port, settings.host);
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

/**
 * Requests Node answers, or drops, before the app sees them, answered with a problem document
 * like every other error: a request its parser refuses, an `Expect` other than 100-continue
 * (Node's answer: a bare 417) and CONNECT (Node's: closing the connection without a word).
 */
function answerNodeRefusals(server: Server): void {
  answerClientErrors(server, (e) => problem(e.status === 431 ? "HEADERS_TOO_LARGE" : e.status === 408 ? "REQUEST_TIMEOUT" : "BAD_REQUEST"));
  server.on("checkExpectation", (req: IncomingMessage, res: ServerResponse) => {
    const body = JSON.stringify(problem("EXPECTATION_FAILED", req.url));
    // (a body the client may send after all is not read: close rather than drain)
    res.writeHead(417, { "Content-Type": "application/problem+json", "Content-Length": Buffer.byteLength(body), Connection: "close" });
    res.end(body);
  });
  server.on("connect", (_req: IncomingMessage, socket: Socket) => {
    socket.on("error", () => socket.destroy());
    socket.end(rawResponse("METHOD_NOT_ALLOWED", { Allow: "GET, HEAD" }));
  });
}

/** A whole HTTP/1.1 response with `code`'s problem document, for a socket no response object wraps. */
function rawResponse(code: ProblemCode, headers: Record<string, string> = {}): string {
  const p = problem(code);
  const body = JSON.stringify(p);
  const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("");
  return `HTTP/1.1 ${p.status} ${STATUS_CODES[p.status]}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}Connection: close\r\n\r\n${body}`;
}
