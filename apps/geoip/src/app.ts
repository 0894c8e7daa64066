/**
 * The IP lookup HTTP app. Reads top to bottom as its middleware and routes:
 *   errors → Host → operational routes (no key) → API key → rate limit → GET /{ip_address}
 * Errors are application/problem+json (RFC 9457) with a MaxMind-style `code` and `error`.
 * The operational routes (/healthz, /readyz, /metrics) are at the root whatever the path
 * prefix, where `filescan up`, the image's health check and Kubernetes probe them (as the
 * file API keeps them outside its base path); the lookups and /openapi.yaml are under it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Router from "@koa/router";
import Koa from "koa";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { KeyStore } from "./keys.ts";
import type { GeoipService } from "./lookup.ts";
import { problem, type ProblemCode } from "./problem.ts";
import { RateLimiter } from "./ratelimit.ts";
import { ambiguousHead } from "@filescan/config/http";

export const OPENAPI_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../schemas/openapi/geoip.yaml");

export interface AppOptions {
  service: GeoipService;
  keys: KeyStore;
  prefix?: string;
  limiter?: RateLimiter;
  /** Collect Node process metrics too (off in tests, where many apps share a process). */
  processMetrics?: boolean;
}

function metrics(service: GeoipService, keys: KeyStore, processMetrics: boolean) {
  const register = new Registry();
  if (processMetrics) collectDefaultMetrics({ register });
  const requests = new Counter({ name: "geoip_requests_total", help: "Lookups answered, by outcome code", labelNames: ["code"], registers: [register] });
  const duration = new Histogram({
    name: "geoip_request_duration_seconds",
    help: "Time to answer a lookup",
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.05],
    registers: [register],
  });
  new Gauge({
    name: "geoip_database_build_timestamp_seconds",
    help: "Build time of each loaded database file",
    labelNames: ["kind", "file"],
    registers: [register],
    collect() {
      this.reset();
      for (const [kind, list] of Object.entries(service.status()))
        for (const s of list) if (s.build_date) this.set({ kind, file: s.file }, Date.parse(s.build_date) / 1000);
    },
  });
  new Gauge({
    name: "geoip_database_reloads_total",
    help: "Reloads of each database file since start",
    labelNames: ["kind", "file"],
    registers: [register],
    collect() {
      this.reset();
      for (const [kind, list] of Object.entries(service.status())) for (const s of list) this.set({ kind, file: s.file }, s.reloads);
    },
  });
  new Gauge({
    name: "geoip_api_keys_active",
    help: "Active API keys",
    registers: [register],
    collect() {
      this.set(keys.size);
    },
  });
  return { register, requests, duration };
}

/** The API key, as the interface names it and as proxies that drop underscores send it. */
const CREDENTIAL_HEADERS = [["api_key", "api-key"]] as const;

export function createApp(opts: AppOptions): Koa {
  const { service, keys } = opts;
  const prefix = opts.prefix ?? "";
  const limiter = opts.limiter ?? new RateLimiter();
  keys.onReload = (active) => limiter.retain(new Set(active.map((k) => k.id)));
  const m = metrics(service, keys, opts.processMetrics ?? false);
  const app = new Koa();
  app.proxy = false;

  const fail = (ctx: Koa.Context, code: ProblemCode, { retryAfter, detail }: { retryAfter?: number; detail?: string } = {}) => {
    const p = problem(code, ctx.path, detail);
    ctx.status = p.status;
    ctx.type = "application/problem+json";
    if (retryAfter !== undefined) ctx.set("Retry-After", String(retryAfter));
    if (p.status === 401) ctx.set("WWW-Authenticate", 'API_KEY realm="geoip"');
    ctx.body = JSON.stringify(p);
    m.requests.inc({ code });
  };

  // Unexpected errors: a problem document, never a stack trace.
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status && status < 500) fail(ctx, status === 405 ? "METHOD_NOT_ALLOWED" : "BAD_REQUEST");
      else {
        console.error("geoip: unexpected error:", err instanceof Error ? err.message : err);
        fail(ctx, "INTERNAL_ERROR");
      }
    }
  });

  // HTTP/1.1 requires Host (RFC 9112 §3.2; Node's own refusal, requireHostHeader, is a bare
  // 400), once, and a request carries at most one API key.
  app.use(async (ctx, next) => {
    const ambiguous = ambiguousHead(ctx.req, CREDENTIAL_HEADERS);
    if (ambiguous !== null) return fail(ctx, "BAD_REQUEST", { detail: ambiguous });
    await next();
  });

  const ops = new Router();
  ops.get("/healthz", (ctx) => {
    ctx.body = { status: "ok" };
  });
  ops.get("/readyz", (ctx) => {
    const databases = service.status();
    const ready = service.ready;
    ctx.status = ready ? 200 : 503;
    ctx.body = {
      status: ready ? "ready" : "unavailable",
      databases,
      api_keys: { file: path.basename(keys.file), active: keys.size, ...(keys.lastError && { last_error: keys.lastError }) },
    };
  });
  ops.get("/metrics", async (ctx) => {
    ctx.type = m.register.contentType;
    ctx.body = await m.register.metrics();
  });
  app.use(ops.routes());

  // The document describes the lookup, so it sits beside it (before /:ip_address would take it).
  const docs = new Router({ prefix });
  let openapi: string | undefined;
  docs.get("/openapi.yaml", (ctx) => {
    openapi ??= readFileSync(OPENAPI_FILE, "utf8");
    ctx.type = "application/yaml";
    ctx.body = openapi;
  });
  app.use(docs.routes());

  // Everything else under the prefix is a lookup: first the key, then the rate, then the address.
  const lookup = new Router({ prefix });
  const auth: Koa.Middleware = async (ctx, next) => {
    // `API_KEY` as the interface names it; `API-Key` too, for proxies that drop underscores.
    const verdict = await keys.verifyFresh(ctx.get("api_key") || ctx.get("api-key") || undefined);
    if (!verdict.ok) return fail(ctx, verdict.code);
    const wait = limiter.take(verdict.key.id, verdict.key.rate_per_second);
    if (wait > 0) return fail(ctx, "RATE_LIMIT_EXCEEDED", { retryAfter: wait });
    await next();
  };
  lookup.get("/:ip_address", auth, (ctx) => {
    const t0 = performance.now();
    const r = service.lookup(ctx.params.ip_address ?? "");
    if (!r.ok) return fail(ctx, r.code);
    ctx.type = "application/json";
    ctx.body = r.body;
    m.requests.inc({ code: "OK" });
    m.duration.observe((performance.now() - t0) / 1000);
  });
  // A path with more segments (`/1.2.3.0/24`) or none is not one address.
  lookup.get("/", auth, (ctx) => fail(ctx, "IP_ADDRESS_REQUIRED"));
  lookup.get("/:first/{*rest}", auth, (ctx) => fail(ctx, "IP_ADDRESS_INVALID"));
  app.use(lookup.routes());
  app.use((ctx) => {
    if (ctx.method !== "GET" && ctx.method !== "HEAD") {
      ctx.set("Allow", "GET, HEAD");
      return fail(ctx, "METHOD_NOT_ALLOWED");
    }
    fail(ctx, "NOT_FOUND");
  });
  return app;
}
