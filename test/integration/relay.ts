/** Stand-in addresses for the schema registry that the tests switch on and off, or keep silent. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serverAddresses } from "@filescan/config";

/** The schema registry's URL (its API path kept) on 127.0.0.1:`port`: a relay's or a silent server's. */
export function registryUrlOn(port: number): string {
  return `http://127.0.0.1:${port}${new URL(serverAddresses().registryUrl).pathname.replace(/\/$/, "")}`;
}

/** The port a test server listens on. */
export const portOf = (srv: Server) => (srv.address() as AddressInfo).port;

/** A relay on `port` to the real schema registry. */
export function relayToRegistry(port: number): Promise<Server> {
  return relayTo(new URL(serverAddresses().registryUrl).origin, port);
}

/** A minimal HTTP relay on `port` to `origin` (the real schema registry). */
async function relayTo(origin: string, port: number): Promise<Server> {
  const srv = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string" && k !== "host" && k !== "connection" && k !== "content-length") headers[k] = v;
      fetch(origin + (req.url ?? "/"), { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined }).then(
        async (r) => {
          res.writeHead(r.status, { "content-type": r.headers.get("content-type") ?? "application/json" });
          res.end(Buffer.from(await r.arrayBuffer()));
        },
        () => {
          res.writeHead(502);
          res.end();
        },
      );
    });
  });
  await new Promise<void>((res) => srv.listen(port, "127.0.0.1", res));
  return srv;
}

/** An HTTP server on a free port that reads each request and answers nothing: a registry stuck in a pause. */
export async function muteServer(): Promise<Server> {
  const srv = createServer(() => undefined);
  await new Promise<void>((res) => srv.listen(0, "127.0.0.1", res));
  return srv;
}

/** Closes a test server and the connections it holds. */
export async function stopServer(srv: Server | undefined): Promise<void> {
  if (!srv) return;
  srv.closeAllConnections();
  await new Promise((res) => srv.close(res));
}
