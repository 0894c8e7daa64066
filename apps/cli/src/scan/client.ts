/**
 * The crawler's side of the API: exchanges the PAT for a JWT and renews it a minute before it
 * expires (and once more on a 401), and retries politely:
 * - 503 (queue full): waits `Retry-After` seconds (or an exponential backoff), with jitter, as
 *   often as it takes up to `maxWaitMs` in total;
 * - the API down or failing over once it has answered (no connection, 502, 504, 500
 *   `queue_error` or `store_error`: Kafka or Elasticsearch behind it down): an exponential
 *   backoff, with jitter, said through `onBusy`, for up to `maxWaitMs` in total as well. A scan
 *   used to give each file 5 retries (15 s): an API restarted for a minute failed every file
 *   it met meanwhile, one after the other, without a word on why;
 * - other 5xx, and no connection before the API ever answered (a wrong --url): exponential
 *   backoff, at most `maxRetries` times;
 * - other 4xx: no retry; the caller reports the problem's `code` and goes on.
 * An API that stays down or busy past `maxWaitMs` throws `ApiUnavailable`: the scan stops, since
 * every file after it would wait as long.
 */
export interface ApiProblem {
  status: number;
  code: string;
  detail?: string;
}

export class ApiError extends Error {
  readonly problem: ApiProblem;
  constructor(problem: ApiProblem) {
    super(`${problem.status} ${problem.code}${problem.detail ? `: ${problem.detail}` : ""}`);
    this.problem = problem;
  }
}

/** The API did not take a request for `maxWaitMs`: down, failing over, or busy (503, 429) all along. */
export class ApiUnavailable extends ApiError {}

/** An answer that says the API, or a server behind it, is down for the moment, not that this request is wrong. */
export function isOutage(status: number, code: string): boolean {
  return status === 502 || status === 504 || (status === 500 && (code === "queue_error" || code === "store_error"));
}

export interface ClientOptions {
  baseUrl: string;
  pat: string;
  maxRetries?: number;
  /** Longest total wait of one request on an API that is busy (503, 429) or down. */
  maxWaitMs?: number;
  /** Told before each wait on a 503 or 429 or an API that is down (the scan says why it is not moving). */
  onBusy?: (problem: ApiProblem, waitMs: number) => void;
  /** Told when a request that had to wait so got its answer (the scan says it goes on). */
  onBack?: (waitedMs: number) => void;
  /** For tests: the sleep between attempts. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** Delay before attempt `attempt` (0-based) after a retryable answer: Retry-After wins, else 0.5 s·2^n capped at 30 s; ±25 % jitter. */
export function backoffMs(attempt: number, retryAfter: string | null, random: () => number = Math.random): number {
  const secs = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined;
  const base = secs !== undefined ? secs * 1000 : Math.min(30_000, 500 * 2 ** attempt);
  return Math.round(base * (0.75 + random() * 0.5));
}

export class ApiClient {
  private readonly opts: Required<Omit<ClientOptions, "sleep" | "random" | "onBusy" | "onBack">> & Pick<ClientOptions, "sleep" | "random" | "onBusy" | "onBack">;
  private jwt: { token: string; renewAt: number } | undefined;
  private exchanging: Promise<string> | undefined;
  /** The API answered once: no connection after that is an outage to wait out, not a wrong URL. */
  private answered = false;
  /** Counters for the summary. */
  readonly stats = { retries: 0, backoffs503: 0, tokenExchanges: 0 };

  constructor(opts: ClientOptions) {
    this.opts = { maxRetries: 5, maxWaitMs: 10 * 60_000, ...opts, baseUrl: opts.baseUrl.replace(/\/+$/, "") };
  }

  /** How long one request waits for an API that is busy or down. */
  get maxWaitMs(): number {
    return this.opts.maxWaitMs;
  }

  private sleep(ms: number): Promise<void> {
    return this.opts.sleep ? this.opts.sleep(ms) : new Promise((r) => setTimeout(r, ms));
  }

  private async accessToken(force = false): Promise<string> {
    if (!force && this.jwt && Date.now() < this.jwt.renewAt) return this.jwt.token;
    this.exchanging ??= (async () => {
      try {
        const r = await this.raw("POST", "/auth/token", { token: this.opts.pat }, undefined);
        const body = r.json as { access_token: string; expires_in: number };
        this.stats.tokenExchanges++;
        this.jwt = { token: body.access_token, renewAt: Date.now() + Math.max(5, body.expires_in - 60) * 1000 };
        return body.access_token;
      } finally {
        this.exchanging = undefined;
      }
    })();
    return this.exchanging;
  }

  /** One request with the retry policy above; throws ApiError for answers it will not retry. */
  private async raw(method: string, route: string, body: unknown, bearer: string | undefined): Promise<{ status: number; json: unknown }> {
    let waited = 0;
    /** Waits out a busy or down API (see the class comment); ApiUnavailable once that took too long. */
    const waitOut = async (problem: ApiProblem, attempt: number, retryAfter: string | null): Promise<void> => {
      const wait = backoffMs(Math.min(attempt, 6), retryAfter, this.opts.random);
      if (waited + wait > this.opts.maxWaitMs) throw new ApiUnavailable(problem);
      waited += wait;
      this.stats.backoffs503++;
      this.opts.onBusy?.(problem, wait);
      await this.sleep(wait);
    };
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      let text: string;
      try {
        res = await fetch(this.opts.baseUrl + route, {
          method,
          headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
          body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
          signal: AbortSignal.timeout(120_000),
        });
        // (inside: a connection cut while the answer is read is a network error too)
        text = await res.text();
      } catch (err) {
        const problem: ApiProblem = { status: 0, code: "network_error", detail: String((err as Error).cause ?? err) };
        if (this.answered) {
          await waitOut(problem, attempt, null);
          continue;
        }
        if (attempt >= this.opts.maxRetries) throw new ApiError(problem);
        this.stats.retries++;
        await this.sleep(backoffMs(attempt, null, this.opts.random));
        continue;
      }
      this.answered = true;
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON (a proxy's error page): the status alone decides
      }
      if (res.ok || (route === "/query" && res.status === 404)) {
        if (waited > 0) this.opts.onBack?.(waited);
        return { status: res.status, json };
      }
      const p = (json ?? {}) as { code?: unknown; detail?: unknown };
      const problem: ApiProblem = { status: res.status, code: typeof p.code === "string" ? p.code : `http_${res.status}`, ...(typeof p.detail === "string" ? { detail: p.detail } : {}) };
      if (res.status === 503 || res.status === 429 || isOutage(res.status, problem.code)) {
        await waitOut(problem, attempt, res.headers.get("retry-after"));
        continue;
      }
      if (res.status >= 500 && attempt < this.opts.maxRetries) {
        this.stats.retries++;
        await this.sleep(backoffMs(attempt, null, this.opts.random));
        continue;
      }
      throw new ApiError(problem);
    }
  }

  /** An authenticated call; a 401 gets one fresh token and one more try. */
  private async call(method: string, route: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    try {
      return await this.raw(method, route, body, await this.accessToken());
    } catch (err) {
      if (err instanceof ApiError && err.problem.status === 401) return this.raw(method, route, body, await this.accessToken(true));
      throw err;
    }
  }

  /** Checks the credentials up front (a wrong PAT fails the scan before any file is read). */
  async login(): Promise<void> {
    await this.accessToken(true);
  }

  async isAnalysed(sha256: string): Promise<boolean> {
    const r = await this.call("POST", "/query", { sha256 });
    return (r.json as { status?: string } | undefined)?.status === "found";
  }

  async submit(submission: string): Promise<{ submission_id: string }> {
    return (await this.call("POST", "/submit", submission)).json as { submission_id: string };
  }

  /**
   * What GET /analyzer says: the oldest analyzer version whose analyses the server counts (0 from
   * a server that predates the route, 404, whose every analysis counts), and the largest file it
   * takes (undefined from a server that does not say).
   */
  async analyzer(): Promise<{ minAnalyzerVersion: number; maxFileBytes: number | undefined }> {
    try {
      const r = (await this.call("GET", "/analyzer")).json as { min_analyzer_version?: unknown; max_file_bytes?: unknown } | undefined;
      const max = r?.max_file_bytes;
      return {
        minAnalyzerVersion: typeof r?.min_analyzer_version === "number" ? r.min_analyzer_version : 0,
        maxFileBytes: typeof max === "number" && Number.isSafeInteger(max) && max > 0 ? max : undefined,
      };
    } catch (err) {
      if (err instanceof ApiError && err.problem.status === 404) return { minAnalyzerVersion: 0, maxFileBytes: undefined };
      throw err;
    }
  }

  /** The verdict of a content (with one sighting: the verdict is what a scan reports). */
  async fileReport(sha256: string): Promise<FileReport> {
    return (await this.call("GET", `/files/${sha256}?page_size=1`)).json as FileReport;
  }
}

export interface FileReport {
  sha256: string;
  analysis?: { llm?: { has_sensitive_data: boolean; confidence: string; page_number: number | null; file_in_zip: string | null; description?: string; status?: string } } | null;
}
