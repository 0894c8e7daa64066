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
 * True when an analysis of this sha256 is finished: a realtime GET (HEAD) on the analyses
 * alias, so a document is visible as soon as it is written. A missing index means "not
 * analysed". Any other failure (server unreachable, 5xx) throws. With `minVersion` above 0, an
 * analysis made by an older analyzer (`analysis.analyzer_version`, absent = 0) counts as not made.
 */
export async function isAnalyzed(es: Client, sha256: string, index: string = ANALYSES_ALIAS, minVersion = 0): Promise<boolean> {
  const id = sha256.toLowerCase();
  if (!SHA256_HEX.test(id)) throw new TypeError("sha256 must be 64 hex characters");
  try {
    if (minVersion > 0) {
      const r = await es.get<{ analysis?: { analyzer_version?: number } }>({ index, id, _source_includes: ["analysis.analyzer_version"] });
      return isCurrent(r._source?.analysis, minVersion);
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

/** Cluster reachable and at least yellow (this distribution has no `GET /`, so no info()). */
export async function esReady(es: Client): Promise<boolean> {
  const health = await es.cluster.health({ timeout: "2s" });
  return health.status === "green" || health.status === "yellow";
}

export { errors as esErrors };
