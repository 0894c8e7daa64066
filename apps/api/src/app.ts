/**
 * The file-analysis API. Read top to bottom: the middleware in the order a request meets
 * it, then the routes. Handlers are small; the checks live in submission.ts, the credentials
 * in @filescan/auth, the lookups in @filescan/search.
 */
import { createSecretKey } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import Koa from "koa";
import type { Context, Next } from "koa";
import Router from "@koa/router";
import koaJwt from "koa-jwt";
import type { Logger } from "pino";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { CredentialStoreUnavailable, PrincipalCheck, VERIFY_OPTIONS, VerifiedTokenCache, isAccessClaims, patStatus, signAccessToken, type AccessClaims, type CredentialStore, type Scope } from "@filescan/auth";
import { esReady, isAnalyzed, type EsClient } from "@filescan/search";
import { ANALYZER_VERSION, metadataBytes, type Principal } from "@filescan/contracts";
import { ambiguousHead } from "@filescan/config/http";
import { BacklogGauge } from "./backlog.ts";
import { readJsonBody, requireObject } from "./http.ts";
import type { ApiMetrics } from "./metrics.ts";
import { compileValidators, fieldErrors, openApiDocument } from "./openapi.ts";
import { Problem, unauthorized } from "./problem.ts";
import type { SubmissionQueue } from "./queue.ts";
import type { ApiSettings } from "./settings.ts";
import { buildEvent, checkSubmission } from "./submission.ts";
import { fileReport } from "./files.ts";
import { settledWithin } from "./timeout.ts";

/** The `{ [ , :` of a submission's own object (its braces, and a colon and comma per field) beyond those its metadata holds. */
const STRUCTURE_SLACK = 64;

/** How long a connection stays open, not read, after its answer, when its client sends more than any route reads. */
const DRAIN_LINGER_MS = 1_000;

/** How long `/readyz` waits for each of its checks. */
const READY_CHECK_MS = 2_000;

export const BASE_PATH = "/api/v1/filescan";

export interface AppDeps {
  settings: ApiSettings;
  queue: SubmissionQueue;
  es: EsClient;
  credentials: CredentialStore;
  jwtKey: Buffer;
  /** A key a rotation replaced: its tokens are still accepted, none is signed with it. */
  previousJwtKey?: Buffer | null;
  logger: Logger;
  metrics: ApiMetrics;
}

interface State {
  user?: AccessClaims;
  problemCode?: string;
}

const CREDENTIAL_HEADERS = [["authorization"]] as const;

export function createApp(deps: AppDeps): Koa<State> {
  const { settings, queue, es, credentials, jwtKey, logger, metrics } = deps;
  const validators = compileValidators();
  const openapiJson = JSON.stringify(openApiDocument());
  const principals = new PrincipalCheck(credentials, settings.revocationTtlMs);
  const backlog = new BacklogGauge(() => queue.backlog(), settings.backlogCacheMs, (err) => logger.warn({ err: errSummary(err) }, "backlog reading failed"));
  const authLimiter = new RateLimiterMemory({ points: settings.authRateLimit, duration: settings.authRateWindowSeconds });
  /** Submissions being produced and their bytes; `reading`: the bodies being read, as announced (else the body limit). */
  const inflight = { count: 0, bytes: 0, reading: 0 };
  const retryAfter = { "Retry-After": String(settings.retryAfterSeconds) };
  const jwtSecretKey = createSecretKey(jwtKey);
  // (koa-jwt checks a token against each key: while a previous key is set, a token not seen
  // before costs two HMACs; a token once verified is cached either way)
  const verifyKeys = deps.previousJwtKey ? [jwtSecretKey, createSecretKey(deps.previousJwtKey)] : jwtSecretKey;
  const verifiedTokens = new VerifiedTokenCache();
  /** Which stored analyses `/query` and `GET /files` count as made (README, "Re-analysis after an upgrade" and "… after an LLM outage"). */
  const countRule = { minVersion: settings.minAnalyzerVersion, outageRetryMs: settings.llmOutageRetryMs };

  const app = new Koa<State>({ proxy: settings.trustProxy });
  app.silent = true; // errors are logged by `problems` below, without request data

  app.use(observe);
  app.use(drainBounded);
  app.use(problems);
  app.use(requireHost);

  // Operations: outside the API's base path, no bearer token.
  const ops = new Router<State>();
  ops.get("/healthz", (ctx) => {
    ctx.body = { status: "ok" };
  });
  ops.get("/readyz", readyz);
  ops.get("/metrics", async (ctx) => {
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });
  app.use(ops.routes());

  const api = new Router<State>({ prefix: BASE_PATH });
  // (the interface: every endpoint of the base path but POST /auth/token takes a bearer token; any scope reads the document)
  api.get("/openapi.json", bearer(), (ctx) => {
    ctx.type = "application/json";
    ctx.body = openapiJson;
  });
  api.post("/auth/token", rateLimitByAddress, exchangeToken);
  api.post("/submit", bearer("submit"), requireJsonContent, refuseWhenFull, submit);
  api.post("/query", bearer("query"), query);
  api.get("/analyzer", bearer("query"), (ctx) => {
    ctx.body = { analyzer_version: ANALYZER_VERSION, min_analyzer_version: settings.minAnalyzerVersion, max_file_bytes: settings.maxFileBytes };
  });
  api.get("/files/:sha256", bearer("query"), fileReport(es, { files: settings.filesIndex, analyses: settings.analysesIndex }, countRule, settings.maxMetadataBytes));
  app.use(api.routes());
  app.use(api.allowedMethods());
  app.use(ops.allowedMethods());

  return app;

  // ---- middleware ---------------------------------------------------------------------------

  /** Metrics and one structured log line per request: never a body, a header value or a token. */
  async function observe(ctx: Context, next: Next): Promise<void> {
    const start = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      const route = (ctx as Context & { _matchedRoute?: string })._matchedRoute ?? "unmatched";
      const labels = { route: String(route), method: ctx.method, status: String(ctx.status) };
      metrics.requests.inc(labels);
      metrics.duration.observe(labels, seconds);
      const state = ctx.state as State;
      logger.info({
        method: ctx.method,
        route,
        status: ctx.status,
        ms: Math.round(seconds * 1e4) / 10,
        client: ctx.ip,
        sub: state.user?.sub,
        code: state.problemCode,
        bytes_in: ctx.request.length,
      }, "request");
    }
  }

  /** Every error as application/problem+json (RFC 9457) with a stable code. */
  async function problems(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
      if (ctx.body == null && ctx.status === 404) throw new Problem(404, "not_found", `no route ${ctx.method} ${ctx.path}`);
      if (ctx.body == null && ctx.status === 405) throw new Problem(405, "method_not_allowed", `${ctx.method} is not allowed here`, { headers: { Allow: String(ctx.response.get("Allow")) } });
    } catch (err) {
      const p = toProblem(err);
      if (p.status >= 500) logger.error({ err: errSummary(err), code: p.code, route: ctx.path }, "request failed");
      ctx.status = p.status;
      for (const [k, v] of Object.entries(p.headers)) ctx.set(k, v);
      ctx.body = p.body();
      ctx.type = "application/problem+json";
      (ctx.state as State).problemCode = p.code;
      // A body we refused to read stays unread: close the connection instead of draining it.
      if (p.status === 413) ctx.set("Connection", "close");
    }
  }

  /**
   * Any other body not read when the answer is ready (a 401, 415 or 503 comes first; a GET has
   * none to read) is drained, so that the client reads its answer, but no more of it than any
   * route reads: Node drained without end (an unauthenticated client streamed 4.6 GB in 5 s into a 401).
   */
  async function drainBounded(ctx: Context, next: Next): Promise<void> {
    await next();
    if (!ctx.req.complete && ctx.response.get("Connection") !== "close") drainAtMost(ctx.req, ctx.res, Math.max(settings.submitBodyLimit, settings.smallBodyLimit));
  }

  /**
   * An HTTP/1.1 request must name its Host (RFC 9112 §3.2; Node's own refusal was a bare 400,
   * server.ts leaves it to us), once, and carry at most one Authorization.
   */
  async function requireHost(ctx: Context, next: Next): Promise<void> {
    const ambiguous = ambiguousHead(ctx.req, CREDENTIAL_HEADERS);
    if (ambiguous !== null) throw new Problem(400, "bad_request", ambiguous, { headers: { Connection: "close" } });
    await next();
  }

  function toProblem(err: unknown): Problem {
    if (err instanceof Problem) return err;
    const e = err as { status?: number; originalError?: unknown; message?: string };
    if (e.status === 401) {
      // koa-jwt: say what was wrong without echoing the token.
      const orig = e.originalError as { name?: string; message?: string } | undefined;
      if (orig instanceof CredentialStoreUnavailable) return new Problem(500, "store_error", "the credential store cannot be read", { cause: orig });
      if (!orig) return unauthorized(e.message?.startsWith("Bad Authorization") ? "the Authorization header must be 'Bearer <token>'" : "a bearer token is required", e.message?.startsWith("Bad Authorization") ? "invalid_token" : null);
      if (orig.name === "TokenExpiredError") return unauthorized("the access token has expired");
      if (orig.message === "Token revoked") return unauthorized("the personal access token behind this access token was revoked, has expired or does not exist");
      return unauthorized("the access token is invalid");
    }
    return new Problem(500, "internal_error", undefined, { cause: err });
  }

  /**
   * koa-jwt with the algorithm, issuer and audience pinned, the PAT checked, then the scope.
   * A token koa-jwt accepted before (the very same string, not yet expired) skips the
   * signature check (VerifiedTokenCache), never the PAT check, and fails with koa-jwt's errors.
   */
  /** A valid access token, with `scope` when one is named. */
  function bearer(scope?: Scope) {
    const isRevoked = async (decoded: unknown) => {
      if (!isAccessClaims(decoded)) return true;
      return !(await principals.isActive(decoded.sub));
    };
    const verify = koaJwt({
      // A KeyObject: given a Buffer, jsonwebtoken tries createPublicKey then createSecretKey on every request.
      secret: verifyKeys as unknown as Buffer,
      ...VERIFY_OPTIONS,
      key: "user",
      isRevoked: (_ctx, decoded) => isRevoked(decoded),
    });
    const checkScope = async (ctx: Context, next: Next) => {
      const user = (ctx.state as State).user;
      if (!user || (scope !== undefined && !user.scopes.includes(scope))) throw unauthorized(`the access token lacks scope '${scope}'`, "insufficient_scope");
      await next();
    };
    return async (ctx: Context, next: Next) => {
      const token = bearerToken(ctx);
      const cached = token === undefined ? undefined : verifiedTokens.get(token);
      if (cached === undefined) {
        return verify(ctx, () => {
          // Verified and its PAT active: the next request with this token skips the signature check.
          if (token !== undefined) verifiedTokens.set(token, (ctx.state as State).user);
          return checkScope(ctx, next);
        });
      }
      // What koa-jwt does after a successful verification, with the errors it would throw.
      let revoked: boolean;
      try {
        revoked = await isRevoked(cached);
      } catch (err) {
        ctx.throw(401, "Authentication Error", { originalError: err });
      }
      if (revoked) ctx.throw(401, "Authentication Error", { originalError: new Error("Token revoked") });
      (ctx.state as State).user = cached;
      return checkScope(ctx, next);
    };
  }

  async function rateLimitByAddress(ctx: Context, next: Next): Promise<void> {
    try {
      await authLimiter.consume(ctx.ip || "unknown");
    } catch (res) {
      if (res instanceof RateLimiterRes) {
        const retry = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        throw new Problem(429, "rate_limited", `too many token exchanges from this address; retry in ${retry} s`, { headers: { "Retry-After": String(retry) } });
      }
      throw res;
    }
    await next();
  }

  async function requireJsonContent(ctx: Context, next: Next): Promise<void> {
    if (ctx.request.type !== "application/json") {
      throw new Problem(415, "unsupported_media_type", "send the submission with Content-Type: application/json");
    }
    await next();
  }

  /** 503 before reading the body when the analysis backlog or the producer is full. */
  async function refuseWhenFull(ctx: Context, next: Next): Promise<void> {
    const lag = await backlog.current();
    if (lag !== null) metrics.backlog.set(lag);
    if (lag !== null && lag > settings.maxBacklog) {
      metrics.queueFull.inc({ reason: "backlog" });
      throw new Problem(503, "queue_full", `the analysis backlog (${lag}) is above ${settings.maxBacklog}; retry later`, { headers: retryAfter });
    }
    refuseWhenProducerFull(inflight.reading);
    await next();
  }

  /** `reading`: the bodies being read count too, before a body is read (not after: its own is one). */
  function refuseWhenProducerFull(reading = 0): void {
    if (inflight.count >= settings.maxInflight || inflight.bytes + reading >= settings.maxInflightBytes) {
      metrics.queueFull.inc({ reason: "producer" });
      throw new Problem(503, "queue_full", "too many submissions are being queued right now; retry later", { headers: retryAfter });
    }
  }

  // ---- handlers -----------------------------------------------------------------------------

  async function exchangeToken(ctx: Context): Promise<void> {
    const body = requireObject(await readJsonBody(ctx, settings.smallBodyLimit, tooLargeSmall));
    if (!validators.tokenRequest(body)) {
      const errors = fieldErrors(validators.tokenRequest.errors);
      throw new Problem(400, "validation_failed", "'token' must be a string", { errors });
    }
    const token = body.token as string;
    let record;
    try {
      record = await credentials.findByToken(token);
    } catch (err) {
      throw new Problem(500, "store_error", "the credential store cannot be read", { cause: err });
    }
    if (!record) throw unauthorized("unknown personal access token", null);
    const status = patStatus(record);
    if (status !== "active") throw unauthorized(`the personal access token is ${status}`, null);
    const notAfter = record.expires_at === null ? null : Math.floor(Date.parse(record.expires_at) / 1000);
    const signed = signAccessToken(jwtKey, { sub: record.id, name: record.name, scopes: record.scopes, ttl: settings.jwtTtlSeconds, notAfter });
    ctx.set("Cache-Control", "no-store");
    ctx.body = { access_token: signed.token, expires_in: signed.expiresIn, token_type: "Bearer" };
  }

  async function submit(ctx: Context): Promise<void> {
    const receivedAt = Date.now();
    // Bodies being read count against FILESCAN_MAX_INFLIGHT_BYTES (refuseWhenFull): 60 of 44 MB
    // at once were all read, 2.6 GB held, before the first was produced.
    const announced = Math.min(ctx.request.length ?? settings.submitBodyLimit, settings.submitBodyLimit);
    inflight.reading += announced;
    const body = await readJsonBody(ctx, settings.submitBodyLimit, () =>
      new Problem(413, "file_too_large", `the request body exceeds ${settings.submitBodyLimit} bytes (the base64 of FILESCAN_MAX_FILE_BYTES = ${settings.maxFileBytes} plus ${settings.maxMetadataBytes} for metadata)`), {
      // Each { [ , : of the body is one in the fields besides file_data (base64 has none) but for
      // the few of the body's own object: more cannot pass the metadata check, so none is parsed.
      max: settings.maxMetadataBytes + STRUCTURE_SLACK,
      tooMuch: () => new Problem(413, "metadata_too_large", `the fields besides file_data hold more than FILESCAN_MAX_METADATA_BYTES (${settings.maxMetadataBytes}): more than that many of the characters { [ , : outside file_data`),
    }).finally(() => (inflight.reading -= announced));
    const checked = checkSubmission(body, validators, settings.maxFileBytes);
    const user = (ctx.state as State).user!;
    const principal: Principal = { subject: user.sub, token_name: user.name };
    const event = buildEvent(checked, principal, receivedAt, settings.minAnalyzerVersion);
    const metadata = metadataBytes(event);
    if (metadata > settings.maxMetadataBytes) {
      throw new Problem(413, "metadata_too_large", `the fields besides file_data hold ${metadata} bytes, more than FILESCAN_MAX_METADATA_BYTES (${settings.maxMetadataBytes})`);
    }

    // Again once the body is read: requests that came together all passed the check before it
    // (60 files of 32 MiB at once were all produced, 2 GB against FILESCAN_MAX_INFLIGHT_BYTES = 256 MiB, and answered 500 after the produce timeout).
    refuseWhenProducerFull();
    const size = event.size;
    inflight.count++;
    inflight.bytes += size;
    const sending = queue.send(event).finally(() => {
      inflight.count--;
      inflight.bytes -= size;
    });
    try {
      await withTimeout(sending, settings.produceTimeoutMs);
    } catch (err) {
      throw new Problem(500, "queue_error", "the submission could not be queued; retrying the same request is safe", { cause: err });
    }
    metrics.eventsProduced.inc();
    ctx.body = { status: "queued", submission_id: event.submission_id, sha256: event.sha256 };
  }

  async function query(ctx: Context): Promise<void> {
    const body = requireObject(await readJsonBody(ctx, settings.smallBodyLimit, tooLargeSmall));
    if (!validators.queryRequest(body)) {
      const errors = fieldErrors(validators.queryRequest.errors);
      throw new Problem(400, "validation_failed", "'sha256' must be 64 hexadecimal characters", { errors });
    }
    let found: boolean;
    try {
      found = await isAnalyzed(es, (body.sha256 as string).toLowerCase(), settings.analysesIndex, countRule);
    } catch (err) {
      throw new Problem(500, "store_error", "the analysis index cannot be read", { cause: err });
    }
    ctx.status = found ? 200 : 404;
    ctx.body = found ? { status: "found", code: 200 } : { status: "not found", code: 404 };
  }

  async function readyz(ctx: Context): Promise<void> {
    // A server that takes the connection and does not answer fails its check after
    // READY_CHECK_MS instead of holding the probe for its client's whole timeout (Kafka's 30 s).
    const [q, e] = await Promise.all([
      settledWithin(queue.checks().catch(() => undefined), READY_CHECK_MS),
      settledWithin(esReady(es).catch(() => false), READY_CHECK_MS),
    ]);
    const checks = { ...(q ?? { kafka: false, registry: false }), elasticsearch: e === true };
    const ok = Object.values(checks).every(Boolean);
    ctx.status = ok ? 200 : 503;
    ctx.body = { status: ok ? "ready" : "not ready", checks };
  }

  function tooLargeSmall(): Problem {
    return new Problem(413, "body_too_large", `the request body exceeds ${settings.smallBodyLimit} bytes`);
  }
}

/**
 * Reads and drops at most `limit` more bytes of a request body, then stops reading and closes the
 * connection a while after the answer is out (closed at once, the reset that unread bytes cause
 * reached the client before it read its answer).
 */
function drainAtMost(req: IncomingMessage, res: ServerResponse, limit: number): void {
  let n = 0;
  const close = () => setTimeout(() => req.destroy(), DRAIN_LINGER_MS).unref();
  const onData = (chunk: Buffer) => {
    n += chunk.length;
    if (n <= limit) return;
    req.off("data", onData);
    req.pause();
    if (res.writableFinished) close();
    else res.once("finish", close);
  };
  req.on("data", onData);
}

/** The token of `Authorization: Bearer <token>`, parsed as koa-jwt parses it (undefined otherwise). */
function bearerToken(ctx: Context): string | undefined {
  const header = ctx.header.authorization;
  if (!header) return undefined;
  const parts = header.trim().split(" ");
  return parts.length === 2 && /^Bearer$/i.test(parts[0]!) ? parts[1] : undefined;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  // (0 ms or less: timed out at once. A timer of 0 ms waits 1 ms, and a local broker can
  // acknowledge sooner: the test of a late acknowledgement got a 200 now and then.)
  const timeout =
    ms <= 0
      ? Promise.reject(new Error(`timed out after ${ms} ms`))
      : new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
        });
  return Promise.race([timeout, p]).finally(() => clearTimeout(timer));
}

/** An error for the log: name, message and code only (messages here never hold request data). */
function errSummary(err: unknown): Record<string, unknown> {
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    return { name: err.name, message: err.message, ...(cause instanceof Error ? { cause: { name: cause.name, message: cause.message } } : {}) };
  }
  return { message: String(err) };
}
