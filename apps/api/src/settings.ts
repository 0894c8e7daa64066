/** Every setting of the API, from the environment (see README.md for the table). */
import { GROUPS, intFromEnv, kafkaPrefix, maxFileBytes, maxMetadataBytes } from "@filescan/config";
import { DEFAULT_REVOCATION_TTL_MS, jwtTtlSeconds } from "@filescan/auth";
import { aliasesFor } from "@filescan/search";
import { llmOutageRetrySeconds, minAnalyzerVersion } from "@filescan/contracts";

export interface ApiSettings {
  host: string;
  port: number;
  /** Largest decoded file (FILESCAN_MAX_FILE_BYTES). */
  maxFileBytes: number;
  /** Room for everything in the body besides the base64 (FILESCAN_MAX_METADATA_BYTES). */
  maxMetadataBytes: number;
  /** Request body limit of /submit: base64 of the largest file plus metadata room. */
  submitBodyLimit: number;
  /** Body limit of the small JSON endpoints. */
  smallBodyLimit: number;
  /** Consumer-group lag above which /submit answers 503 (FILESCAN_MAX_BACKLOG). */
  maxBacklog: number;
  /** Consumer group whose lag is the backlog. */
  backlogGroup: string;
  backlogCacheMs: number;
  /** Submissions being produced at once before 503 (FILESCAN_MAX_INFLIGHT). */
  maxInflight: number;
  /** Decoded bytes being produced at once before 503 (FILESCAN_MAX_INFLIGHT_BYTES). */
  maxInflightBytes: number;
  produceTimeoutMs: number;
  /** How long the start waits for the first connection to Kafka and the registry before it listens anyway (FILESCAN_API_CONNECT_WAIT_MS). */
  connectWaitMs: number;
  retryAfterSeconds: number;
  jwtTtlSeconds: number;
  revocationTtlMs: number;
  /** Token exchanges per client address per window (FILESCAN_AUTH_RATE_LIMIT / _WINDOW_SECONDS). */
  authRateLimit: number;
  authRateWindowSeconds: number;
  /** Index or alias /query looks in (the projector's `filescan-analyses` alias). */
  analysesIndex: string;
  /** An analysis made by an older analyzer counts as not made (FILESCAN_MIN_ANALYZER_VERSION, default 0). */
  minAnalyzerVersion: number;
  /**
   * An analysis made while the LLM was unavailable (`llm_unavailable`) counts as made for this
   * long after it was made, then as not made, so crawlers send the file again and the LLM is
   * asked again (FILESCAN_LLM_OUTAGE_RETRY_SECONDS, default 3600 s).
   */
  llmOutageRetryMs: number;
  /** Alias of the per-sighting documents (GET /files/{sha256}). */
  filesIndex: string;
  /** Take the client address from X-Forwarded-For (behind a trusted proxy only). */
  trustProxy: boolean;
}

export function base64Length(bytes: number): number {
  return 4 * Math.ceil(bytes / 3);
}

export function apiSettings(env: NodeJS.ProcessEnv = process.env): ApiSettings {
  const maxFile = maxFileBytes(env);
  const maxMetadata = maxMetadataBytes(env);
  kafkaPrefix(env); // a bad prefix stops the start here, not in the background connection loop
  return {
    host: env.FILESCAN_API_HOST || "127.0.0.1",
    port: intFromEnv(env, "FILESCAN_API_PORT", 8080),
    maxFileBytes: maxFile,
    maxMetadataBytes: maxMetadata,
    submitBodyLimit: base64Length(maxFile) + maxMetadata,
    smallBodyLimit: 64 * 1024,
    maxBacklog: intFromEnv(env, "FILESCAN_MAX_BACKLOG", 10_000),
    backlogGroup: env.FILESCAN_BACKLOG_GROUP || env.FILESCAN_EXTRACTOR_GROUP || GROUPS.extractor,
    backlogCacheMs: intFromEnv(env, "FILESCAN_BACKLOG_CACHE_MS", 1000),
    maxInflight: intFromEnv(env, "FILESCAN_MAX_INFLIGHT", 512),
    maxInflightBytes: intFromEnv(env, "FILESCAN_MAX_INFLIGHT_BYTES", 256 * 1024 * 1024),
    produceTimeoutMs: intFromEnv(env, "FILESCAN_PRODUCE_TIMEOUT_MS", 15_000),
    connectWaitMs: intFromEnv(env, "FILESCAN_API_CONNECT_WAIT_MS", 15_000),
    retryAfterSeconds: Math.max(1, intFromEnv(env, "FILESCAN_RETRY_AFTER_SECONDS", 5)),
    jwtTtlSeconds: jwtTtlSeconds(env),
    revocationTtlMs: intFromEnv(env, "FILESCAN_REVOCATION_TTL_MS", DEFAULT_REVOCATION_TTL_MS),
    authRateLimit: Math.max(1, intFromEnv(env, "FILESCAN_AUTH_RATE_LIMIT", 30)),
    authRateWindowSeconds: Math.max(1, intFromEnv(env, "FILESCAN_AUTH_RATE_WINDOW_SECONDS", 60)),
    analysesIndex: aliasesFor(env.FILESCAN_ES_INDEX_PREFIX).analyses,
    filesIndex: aliasesFor(env.FILESCAN_ES_INDEX_PREFIX).files,
    minAnalyzerVersion: minAnalyzerVersion(env),
    llmOutageRetryMs: llmOutageRetrySeconds(env) * 1000,
    trustProxy: env.FILESCAN_TRUST_PROXY === "1" || env.FILESCAN_TRUST_PROXY === "true",
  };
}
