/**
 * The HTTP face of a stream processor (extractor, classifier, projector): one small server with
 *
 *   GET /healthz  200 while the process answers (liveness), 503 once a consumer has crashed and
 *                 kafkajs will not restart it — only a restart of the process helps then;
 *   GET /readyz   200 only while the processor's consumer has joined its group and runs and every
 *                 extra check passes; otherwise 503 with a JSON body naming what is not ready;
 *   GET /metrics  Prometheus text of the app's prom-client registry.
 *
 * Readiness comes from kafkajs' consumer instrumentation events: GROUP_JOIN makes a consumer
 * ready; CRASH, STOP and DISCONNECT make it not ready until it joins again (kafkajs rejoins by
 * itself after a retriable crash). The paths and bodies are those of the API and geoip apps.
 */
import { createServer } from "node:http";
import Koa from "koa";
import Router from "@koa/router";
import type { Consumer } from "kafkajs";
import { Counter, Gauge, Registry, collectDefaultMetrics } from "prom-client";
import { intFromEnv } from "@filescan/config";

/** Default ports of the processors' health servers (`node apps/<name>/src/main.ts`). */
export const HEALTH_PORTS = { classifier: 9101, extractor: 9102, projector: 9103 } as const;

export type ConsumerState = "starting" | "running" | "crashed" | "stopped" | "disconnected";

interface ConsumerStatus {
  state: ConsumerState;
  detail: string;
  since: number;
}

interface CheckResult {
  ready: boolean;
  detail?: string;
}

export interface Readiness {
  ready: boolean;
  body: {
    status: "ready" | "not ready";
    app: string;
    checks: Record<string, CheckResult & { state?: ConsumerState; since?: string }>;
    /** Names of the checks that failed (empty when ready). */
    not_ready: string[];
  };
}

type ConsumerEvents = Pick<Consumer, "on" | "events">;

const errorText = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).slice(0, 300);

/** What a processor knows about its own readiness: its consumers' states and extra checks. */
export class ProcessorHealth {
  readonly app: string;
  private readonly consumers = new Map<string, ConsumerStatus>();
  private readonly deadConsumers = new Set<string>();
  private readonly checks = new Map<string, () => Promise<boolean>>();
  private readonly checkTimeoutMs: number;
  /**
   * What the processor did with its records, for /metrics (`filescan_<app>_records_total` by
   * outcome): handled (its output written), dead-lettered, and attempts that waited for a server
   * that was down (`retried`; the record is tried again, not lost).
   */
  readonly records = { handled: 0, dead_lettered: 0, retried: 0 };

  constructor(app: string, opts: { checkTimeoutMs?: number } = {}) {
    this.app = app;
    this.checkTimeoutMs = opts.checkTimeoutMs ?? 2500;
  }

  /**
   * Follows a kafkajs consumer through its instrumentation events; call it before
   * `consumer.run()`, which resolves only after the first group join.
   */
  watch(consumer: ConsumerEvents, opts: { name?: string; groupId: string }): void {
    const name = opts.name ?? "consumer";
    const { GROUP_JOIN, CRASH, STOP, DISCONNECT } = consumer.events;
    this.set(name, "starting", `has not joined consumer group ${opts.groupId} yet`);
    consumer.on(GROUP_JOIN, (e) => {
      const assigned = Object.values(e.payload.memberAssignment ?? {}).reduce((n, ps) => n + ps.length, 0);
      this.set(name, "running", `joined consumer group ${e.payload.groupId}; ${assigned} partition(s) assigned`);
    });
    consumer.on(CRASH, (e) => this.crashed(name, e.payload.error, e.payload.restart));
    consumer.on(STOP, () => this.set(name, "stopped", "the consumer was stopped"));
    consumer.on(DISCONNECT, () => {
      // a crash and a stop disconnect too; keep the more telling state
      const s = this.consumers.get(name)?.state;
      if (s !== "stopped" && s !== "crashed") this.set(name, "disconnected", "the consumer is disconnected from Kafka");
    });
  }

  /** Records a crash (what the CRASH event reports); exported for the unit tests of the states. */
  crashed(name: string, error: unknown, restart: boolean): void {
    this.set(name, "crashed", `the consumer crashed (${errorText(error)}); ${restart ? "kafkajs restarts it" : "it will not restart"}`);
    if (restart) this.deadConsumers.delete(name);
    else this.deadConsumers.add(name);
  }

  /** Consumers that crashed and will not restart: the process is alive but useless (liveness fails). */
  dead(): string[] {
    return [...this.deadConsumers];
  }

  /** Sets a consumer's state directly (watch() does it from the events). */
  set(name: string, state: ConsumerState, detail: string): void {
    if (state === "running") this.deadConsumers.delete(name);
    this.consumers.set(name, { state, detail, since: Date.now() });
  }

  /** An extra readiness check (e.g. Elasticsearch reachable); a throw or a timeout counts as not ready. */
  addCheck(name: string, check: () => Promise<boolean>): void {
    this.checks.set(name, check);
  }

  /** 1 when every watched consumer runs (for the metrics gauge; the extra checks are not run). */
  consumersRunning(): boolean {
    return this.consumers.size > 0 && [...this.consumers.values()].every((c) => c.state === "running");
  }

  async readiness(): Promise<Readiness> {
    const checks: Readiness["body"]["checks"] = {};
    if (this.consumers.size === 0) checks.consumer = { ready: false, detail: "no consumer has been started yet" };
    for (const [name, c] of this.consumers) checks[name] = { ready: c.state === "running", state: c.state, detail: c.detail, since: new Date(c.since).toISOString() };
    const extra = await Promise.all([...this.checks].map(async ([name, check]) => [name, await this.run(check)] as const));
    for (const [name, r] of extra) checks[name] = r;
    const notReady = Object.entries(checks).filter(([, c]) => !c.ready).map(([n]) => n);
    const ready = notReady.length === 0;
    return { ready, body: { status: ready ? "ready" : "not ready", app: this.app, checks, not_ready: notReady } };
  }

  private async run(check: () => Promise<boolean>): Promise<CheckResult> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<CheckResult>((resolve) => {
      timer = setTimeout(() => resolve({ ready: false, detail: `no answer within ${this.checkTimeoutMs} ms` }), this.checkTimeoutMs);
    });
    const result = check().then((ok) => (ok ? { ready: true } : { ready: false, detail: "the check failed" }), (err: unknown) => ({ ready: false, detail: errorText(err) }));
    try {
      return await Promise.race([result, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Where a processor's health server listens; undefined when no port variable is set (library use: no server). */
export interface HealthAddress {
  host: string;
  port: number;
}

/**
 * Reads `<prefix>_HTTP_PORT` and `<prefix>_HTTP_HOST` (default 127.0.0.1), falling back to the
 * alias variables in order (e.g. the classifier's older FILESCAN_CLASSIFIER_METRICS_PORT/_HOST).
 */
export function healthAddressFromEnv(env: NodeJS.ProcessEnv, prefix: string, aliases: { port?: string[]; host?: string[] } = {}): HealthAddress | undefined {
  const portVar = [`${prefix}_HTTP_PORT`, ...(aliases.port ?? [])].find((n) => env[n] !== undefined && env[n] !== "");
  if (!portVar) return undefined;
  const port = intFromEnv(env, portVar, 0);
  if (port > 65535) throw new Error(`${portVar} must be a port number (0-65535), got ${port}`);
  const hostVar = [`${prefix}_HTTP_HOST`, ...(aliases.host ?? [])].find((n) => env[n]);
  return { host: hostVar ? env[hostVar]! : "127.0.0.1", port };
}

export interface HealthServerOptions extends HealthAddress {
  health: ProcessorHealth;
  /** The app's registry (its own metrics); a fresh one when absent. */
  registry?: Registry;
  /** Prefix of the default process metrics and of the readiness gauge, e.g. `filescan_extractor_`. */
  metricsPrefix: string;
  /** Collect Node process metrics into the registry (default true; the classifier's registry has them already). */
  processMetrics?: boolean;
}

export interface HealthServer {
  port: number;
  registry: Registry;
  close(): Promise<void>;
}

/**
 * A processor's health server as its app starts it: address from `FILESCAN_<APP>_HTTP_PORT` /
 * `_HTTP_HOST` (plus `aliases`), metrics prefixed `filescan_<app>_`; undefined when no port
 * variable is set (in-process use, tests).
 */
export async function serveHealthFromEnv(
  health: ProcessorHealth,
  env: NodeJS.ProcessEnv,
  opts: { aliases?: { port?: string[]; host?: string[] }; registry?: Registry; processMetrics?: boolean } = {},
): Promise<HealthServer | undefined> {
  const address = healthAddressFromEnv(env, `FILESCAN_${health.app.toUpperCase()}`, opts.aliases);
  if (!address) return undefined;
  return serveHealth({ ...address, health, metricsPrefix: `filescan_${health.app}_`, ...(opts.registry ? { registry: opts.registry } : {}), ...(opts.processMetrics === undefined ? {} : { processMetrics: opts.processMetrics }) });
}

/** Starts the server; resolves once it listens (port 0 picks a free port). */
export async function serveHealth(opts: HealthServerOptions): Promise<HealthServer> {
  const { health } = opts;
  const registry = opts.registry ?? new Registry();
  if (opts.processMetrics ?? true) collectDefaultMetrics({ register: registry, prefix: opts.metricsPrefix });
  new Counter({
    name: `${opts.metricsPrefix}records_total`,
    help: "Records read from the input topics, by outcome: handled, dead_lettered, retried (an attempt that waited for a server that was down)",
    labelNames: ["outcome"],
    registers: [registry],
    collect() {
      this.reset();
      for (const [outcome, n] of Object.entries(health.records)) this.inc({ outcome }, n);
    },
  });
  new Gauge({
    name: `${opts.metricsPrefix}consumer_running`,
    help: "1 while the processor's Kafka consumer has joined its group and runs, else 0",
    registers: [registry],
    collect() {
      this.set(health.consumersRunning() ? 1 : 0);
    },
  });

  const app = new Koa();
  app.silent = true;
  const router = new Router();
  router.get("/healthz", (ctx) => {
    const dead = health.dead();
    ctx.status = dead.length ? 503 : 200;
    ctx.body = dead.length ? { status: "dead", app: health.app, detail: `consumer ${dead.join(", ")} crashed and will not restart` } : { status: "ok", app: health.app };
  });
  router.get("/readyz", async (ctx) => {
    const r = await health.readiness();
    ctx.status = r.ready ? 200 : 503;
    ctx.body = r.body;
  });
  router.get("/metrics", async (ctx) => {
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  });
  app.use(router.routes());
  app.use(router.allowedMethods());

  const server = createServer(app.callback());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.address() as { port: number }).port,
    registry,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
