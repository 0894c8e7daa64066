/**
 * The classifier's look-up of an earlier analysis of the same content, so a file seen again is
 * not sent to the LLM again. A look-up is an optimisation, never a reason to stop: when
 * Elasticsearch cannot answer (down, silent, failing) the file is analysed again, after at most
 * `LOOKUP_TIMEOUT_MS` (2 s), and a warning says so at most every 30 s.
 */
import type { FileAnalyzed } from "@filescan/contracts";
import { createEsClient, esErrors, type EsClient } from "@filescan/search";

/** How long one look-up may take before the file is analysed without it. */
export const LOOKUP_TIMEOUT_MS = 2_000;
const WARN_EVERY_MS = 30_000;

/** The client for look-ups: no retries, `LOOKUP_TIMEOUT_MS` per request (a silent server costs 2 s, not the client's default 30 s). */
export function lookupClient(env: NodeJS.ProcessEnv = process.env): EsClient {
  return createEsClient(env, { requestTimeout: LOOKUP_TIMEOUT_MS, maxRetries: 0 });
}

export type Log = (level: "warn", msg: string, fields: Record<string, unknown>) => void;
const defaultLog: Log = (level, msg, fields) => console.error(JSON.stringify({ level, msg, app: "classifier", ...fields }));

/**
 * The analysis stored under `sha256` in the analyses alias, or undefined when there is none (or
 * no index yet) or it cannot be read. `es` should time out soon (`lookupClient`).
 */
export function earlierAnalyses(es: EsClient, alias: string, log: Log = defaultLog): (sha256: string) => Promise<FileAnalyzed | undefined> {
  let warned = -Infinity;
  return async (sha256) => {
    try {
      const r = await es.get<{ event?: Omit<FileAnalyzed, "analyzer_version"> & { analyzed_at: string; analyzer_version?: number } }>({ index: alias, id: sha256.toLowerCase() });
      const ev = r._source?.event;
      // (an analysis stored before versions were recorded has none: 0)
      return ev ? { ...ev, analyzed_at: Date.parse(ev.analyzed_at), analyzer_version: ev.analyzer_version ?? 0 } : undefined;
    } catch (err) {
      if (err instanceof esErrors.ResponseError && err.statusCode === 404) return undefined; // not analysed yet, or no index yet
      const now = Date.now();
      if (now - warned >= WARN_EVERY_MS) {
        warned = now;
        log("warn", "earlier analyses cannot be looked up; files are analysed again meanwhile", { error: String(err).slice(0, 300) });
      }
      return undefined;
    }
  };
}
