/**
 * Elasticsearch access shared by the API, the CLI and (later) the projector: index names,
 * the client factory and the `/query` lookup.
 */
import { Client, errors } from "@elastic/elasticsearch";
import { serverAddresses } from "@filescan/config";

/** Alias of the per-sighting documents (one per submission). */
export const FILES_ALIAS = "filescan-files";
/**
 * Alias of the per-content analysis documents: one document per analysed sha256, `_id` = the
 * lowercase sha256 hex. Maintained by the projector; read by `/query`.
 */
export const ANALYSES_ALIAS = "filescan-analyses";
/**
 * The two aliases for an index prefix (`FILESCAN_ES_INDEX_PREFIX`, default `filescan`):
 * `<prefix>-files` and `<prefix>-analyses`. Tests and tenants use their own prefix.
 */
export function aliasesFor(prefix: string = process.env.FILESCAN_ES_INDEX_PREFIX ?? "filescan"): { files: string; analyses: string } {
  return { files: `${prefix}-files`, analyses: `${prefix}-analyses` };
}

/** Personal-access-token records (hashes only, never a plaintext token). */
export const CREDENTIALS_INDEX = "filescan-credentials";

export type EsClient = Client;

export interface EsClientOptions {
  /** Per-request timeout in milliseconds (default 5000). */
  requestTimeout?: number;
  /** Retries on connection errors (default 1). */
  maxRetries?: number;
}

export function createEsClient(env: NodeJS.ProcessEnv = process.env, opts: EsClientOptions = {}): Client {
  return new Client({
    node: serverAddresses(env).esUrl,
    requestTimeout: opts.requestTimeout ?? 5000,
    maxRetries: opts.maxRetries ?? 1,
  });
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * The reason a verdict made without the LLM carries in `extraction.reasons` (the analysis
 * document's `analysis.reasons`): the LLM was configured, but its retries were exhausted and the
 * deterministic verdict was used (libs/classify). A verdict made with FILESCAN_LLM=off carries
 * none: it is a normal verdict, not an outage's.
 */
export const LLM_UNAVAILABLE = "llm_unavailable";

/**
 * Which stored analyses count as made (what `/query` and `GET /files` answer `found` for):
 * - `minVersion` (FILESCAN_MIN_ANALYZER_VERSION, default 0): one made by an older analyzer
 *   (`analysis.analyzer_version`, absent = 0) does not count;
 * - `outageRetryMs` (FILESCAN_LLM_OUTAGE_RETRY_SECONDS): one made while the LLM was unavailable
 *   (`llm_unavailable` among `analysis.reasons`) counts until it is that old (by
 *   `analysis.analyzed_at`), then no longer, so crawlers send the file again and the classifier
 *   asks the LLM again. Undefined: it counts for good (as before outages were told apart).
 * A verdict made with FILESCAN_LLM=off carries no such reason: it always counts.
 */
export interface CountRule {
  minVersion?: number;
  outageRetryMs?: number;
  /** The time to measure an analysis's age against (default: now). */
  now?: number;
}

/** The metadata of a stored analysis the rule reads (the analysis document's `analysis`). */
export interface CountedAnalysis {
  analyzer_version?: number;
  reasons?: string[];
  analyzed_at?: string;
}

/** What `isAnalyzed` reads of a document when the rule needs more than its existence. */
const COUNTED_FIELDS = ["analysis.analyzer_version", "analysis.reasons", "analysis.analyzed_at"];

/**
 * True when an analysis of this sha256 is finished and counts (`CountRule`; a number is the
 * minimum version alone): a realtime GET on the analyses alias, so a document is visible as soon
 * as it is written. A missing index means "not analysed". Any other failure (server unreachable,
 * 5xx) throws.
 */
export async function isAnalyzed(es: Client, sha256: string, index: string = ANALYSES_ALIAS, rule: CountRule | number = 0): Promise<boolean> {
  const id = sha256.toLowerCase();
  if (!SHA256_HEX.test(id)) throw new TypeError("sha256 must be 64 hex characters");
  const r: CountRule = typeof rule === "number" ? { minVersion: rule } : rule;
  try {
    if ((r.minVersion ?? 0) > 0 || r.outageRetryMs !== undefined) {
      const got = await es.get<{ analysis?: CountedAnalysis }>({ index, id, _source_includes: COUNTED_FIELDS });
      return countsAsMade(got._source?.analysis, r);
    }
    return await es.exists({ index, id });
  } catch (err) {
    // exists() already maps 404 to false; an index_not_found on an alias surfaces the same way.
    if (err instanceof errors.ResponseError && err.statusCode === 404) return false;
    throw err;
  }
}

/** Whether a stored analysis's metadata says it was made by `minVersion` of the analyzer or a later one. */
export function isCurrent(analysis: { analyzer_version?: number } | undefined, minVersion: number): boolean {
  return (analysis?.analyzer_version ?? 0) >= minVersion;
}

/**
 * Whether a stored analysis (its metadata) counts under `rule`. One made without the LLM whose
 * time cannot be read counts as expired: asking the LLM again is the repair, and the new
 * analysis has a time.
 */
export function countsAsMade(analysis: CountedAnalysis | undefined, rule: CountRule): boolean {
  if (!isCurrent(analysis, rule.minVersion ?? 0)) return false;
  if (rule.outageRetryMs === undefined || !analysis?.reasons?.includes(LLM_UNAVAILABLE)) return true;
  const age = (rule.now ?? Date.now()) - Date.parse(analysis.analyzed_at ?? "");
  return age < rule.outageRetryMs;
}

/** Cluster reachable and at least yellow (this distribution has no `GET /`, so no info()). */
export async function esReady(es: Client): Promise<boolean> {
  const health = await es.cluster.health({ timeout: "2s" });
  return health.status === "green" || health.status === "yellow";
}

export { errors as esErrors };
