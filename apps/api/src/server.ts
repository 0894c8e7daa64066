/** Wiring: build the real dependencies from the environment and listen. */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pino, type Logger } from "pino";
import { CredentialStore, loadJwtKey, loadPreviousJwtKey } from "@filescan/auth";
import { createEsClient } from "@filescan/search";
import { answerClientErrors } from "@filescan/config/http";
import { createApp, BASE_PATH } from "./app.ts";
import { createMetrics } from "./metrics.ts";
import { Problem } from "./problem.ts";
import { createKafkaQueue, type SubmissionQueue } from "./queue.ts";
import { apiSettings, base64Length, type ApiSettings } from "./settings.ts";
import { settledWithin } from "./timeout.ts";

export interface RunningApi {
  server: Server;
  /** e.g. http://127.0.0.1:8080 */
  origin: string;
  /** origin + /api/v1/filescan */
  baseUrl: string;
  settings: ApiSettings;
  /** The Kafka-backed queue (tests disconnect it to see the 500 path). */
  queue: SubmissionQueue;
  close(): Promise<void>;
}

export function createLogger(env: NodeJS.ProcessEnv = process.env): Logger {
  return pino({
    level: env.FILESCAN_LOG_LEVEL || "info",
    base: { service: "filescan-api" },
    // Belt and braces: the app never logs these, and any that slip in are masked.
    redact: { paths: ["file_data", "token", "access_token", "authorization", "*.file_data", "*.token", "*.authorization", "headers"], censor: "[redacted]" },
  });
}

export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  /** Override settings (tests: port 0 for an ephemeral port). */
  settings?: Partial<ApiSettings>;
  logger?: Logger;
  /** Use this queue instead of Kafka (unit tests only). */
  queue?: SubmissionQueue;
}

export async function startApi(opts: StartOptions = {}): Promise<RunningApi> {
  const env = opts.env ?? process.env;
  const settings = { ...apiSettings(env), ...opts.settings };
  // The body limit follows the file and metadata limits unless it is set itself.
  if (opts.settings?.submitBodyLimit === undefined) settings.submitBodyLimit = base64Length(settings.maxFileBytes) + settings.maxMetadataBytes;
  const logger = opts.logger ?? createLogger(env);
  const es = createEsClient(env);
  const credentials = new CredentialStore(es);
  const jwtKey = loadJwtKey(env);
  const previousJwtKey = loadPreviousJwtKey(env);
  let queue: SubmissionQueue;
  if (opts.queue) queue = opts.queue;
  else {
    let failures = 0;
    const kafkaQueue = createKafkaQueue(env, settings.backlogGroup, {
      // The first failure and then every tenth: the loop retries every few seconds.
      onError: (err) => {
        if (failures++ % 10 === 0) logger.warn({ err: errSummary(err), attempts: failures }, "kafka or the schema registry is not reachable; retrying");
      },
    });
    // Start listening either way: /readyz reports the queue, /submit answers 500 until it is up.
    // The wait for the first attempt is bounded: a broker or a registry that takes the connection
    // and then does not answer must not keep the API from listening.
    const first = await settledWithin(kafkaQueue.firstAttempt, settings.connectWaitMs);
    if (first === true) logger.info("kafka producer connected");
    else if (first === undefined) {
      logger.warn({ waitedMs: settings.connectWaitMs }, "kafka or the schema registry has not answered yet; listening while the connection is tried");
      void kafkaQueue.firstAttempt.then((ok) => ok && logger.info("kafka producer connected"));
    }
    queue = kafkaQueue;
  }
  const metrics = createMetrics();
  const app = createApp({ settings, queue, es, credentials, jwtKey, previousJwtKey, logger, metrics });
  const server = app.listen(settings.port, settings.host);
  // Node's own answers were a bare status line: the app refuses an HTTP/1.1 request without
  // Host itself (400 bad_request), and an Expect other than 100-continue is ignored (RFC 9110
  // allows it) instead of answered with a 417 without a body.
  (server as Server & { requireHostHeader: boolean }).requireHostHeader = false;
  server.on("checkExpectation", app.callback());
  // Expect: 100-continue (curl sends it with every body over 1 MiB): "100 Continue" only once a
  // route reads the body (readJsonBody), so a 401, 413, 415 or 503 comes before the client
  // uploads anything. Node sent it at once, before any check.
  server.on("checkContinue", app.callback());
  answerClientErrors(server, (e) => new Problem(e.status, e.status === 431 ? "headers_too_large" : e.status === 408 ? "request_timeout" : "bad_request", e.detail).body());
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  // Slow clients must not hold a connection forever; large bodies still get a generous window.
  server.requestTimeout = 120_000;
  server.headersTimeout = 20_000;
  const addr = server.address() as AddressInfo;
  const host = addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
  const origin = `http://${host}:${addr.port}`;
  logger.info({ origin, base: BASE_PATH, maxFileBytes: settings.maxFileBytes, maxBacklog: settings.maxBacklog }, "filescan api listening");
  return {
    server,
    origin,
    baseUrl: origin + BASE_PATH,
    settings,
    queue,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await queue.close();
      await es.close();
    },
  };
}

function errSummary(err: unknown): Record<string, unknown> {
  return err instanceof Error ? { name: err.name, message: err.message } : { message: String(err) };
}
