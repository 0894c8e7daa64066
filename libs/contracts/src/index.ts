/**
 * Event types of the topics in DESIGN.md. `schemas/avro/*.avsc` is the source of truth;
 * these types mirror it and `contracts.spec.ts` checks that they agree.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { intFromEnv, repoRoot, TOPICS, type TopicName } from "@filescan/config";

export { countByType, DEFAULT_MAX_FINDINGS, findingCounts, keepFindings, maxFindings } from "./findings.ts";
export { isRawJson, parseJsonExact } from "./json.ts";

export type Status = "complete" | "partial" | "unsupported" | "failed";
export type Confidence = "high" | "medium" | "low";

export interface Principal {
  subject: string;
  token_name: string | null;
}

export interface FileSubmitted {
  submission_id: string;
  /** epoch milliseconds */
  received_at: number;
  principal: Principal;
  mimetype: string;
  sha256: string;
  sha1: string;
  md5: string;
  filename: string;
  full_path: string;
  timestamp: string;
  app: string;
  /** The client's extra fields, as a JSON object text. */
  extra_json: string;
  size: number;
  content: Buffer;
  /**
   * The API's FILESCAN_MIN_ANALYZER_VERSION when it accepted the file: the classifier reuses no
   * older analysis for it (absent or 0: any).
   */
  min_analyzer_version?: number;
}

/**
 * What a submission carries besides the file's bytes, as its event holds it (UTF-8 bytes of its
 * string fields and the extra fields' JSON): at most FILESCAN_MAX_METADATA_BYTES, the API
 * refuses more (the body limit alone let a 10-byte file bring 40 MB of extra fields, carried by
 * every event of the file). Stored as its sighting's `sighting_bytes`: GET /files pages by it.
 */
export function metadataBytes(e: FileSubmitted): number {
  let n = 0;
  for (const v of [e.mimetype, e.sha256, e.sha1, e.md5, e.filename, e.full_path, e.timestamp, e.app, e.extra_json]) n += Buffer.byteLength(v);
  return n;
}

/** Where a piece of text was found. Every field is null when it does not apply. */
export interface Locator {
  file_in_zip: string | null;
  page: number | null;
  sheet: string | null;
  cell: string | null;
  row: number | null;
  column: string | null;
  slide: number | null;
  part: string | null;
}

/**
 * The time of a submission's RFC 3339 `timestamp`, in ms since the epoch (NaN when it is none).
 * Date.parse refuses a leap second (`23:59:60`, which RFC 3339 allows and the API takes): it
 * counts as the second after `:59`. Lower-case `t`/`z`, `-00:00` and fractions of any length
 * (to the millisecond) are read as RFC 3339 reads them.
 */
export function timestampMs(ts: string): number {
  const t = Date.parse(ts);
  if (!Number.isNaN(t) || ts.slice(17, 19) !== "60") return t;
  return Date.parse(`${ts.slice(0, 17)}59${ts.slice(19)}`) + 1000;
}

export function locator(partial: Partial<Locator> = {}): Locator {
  return { file_in_zip: null, page: null, sheet: null, cell: null, row: null, column: null, slide: null, part: null, ...partial };
}

/**
 * One string per locator, equal for equal locators: the segments that share it (a long text cut
 * into chunks) make one text, in which findings' offsets count (FileAnalyzed.avsc).
 */
export function locatorKey(l: Locator): string {
  return `${l.file_in_zip}\u0000${l.page}\u0000${l.sheet}\u0000${l.cell}\u0000${l.row}\u0000${l.column}\u0000${l.slide}\u0000${l.part}`;
}

export interface Reason {
  code: string;
  message: string;
  file_in_zip: string | null;
}

export interface Segment {
  text: string;
  /** text | ocr | metadata */
  source: string;
  locator: Locator;
}

export interface FileExtracted {
  submission_id: string;
  sha256: string;
  received_at: number;
  filename: string;
  full_path: string;
  mimetype: string;
  app: string;
  extra_json: string;
  size: number;
  detected_type: string;
  type_mismatch: boolean;
  status: Status;
  reasons: Reason[];
  segments: Segment[];
  stats: { chars: number; entries: number; duration_ms: number };
  /** FileSubmitted.min_analyzer_version, passed on. */
  min_analyzer_version?: number;
}

/** The seed's `llm` object (spec §2.3) plus `file_in_zip` (DESIGN.md). */
export interface Llm {
  has_sensitive_data: boolean;
  confidence: Confidence;
  reasoning: string;
  description: string;
  status: Status;
  page_number: number | null;
  file_in_zip: string | null;
}

export interface Finding {
  type: string;
  score: number;
  detector: string;
  validation: string | null;
  context: string[];
  locator: Locator;
  /** Offsets in the text of the locator: the texts of the segments that share it, joined in order. */
  start: number;
  end: number;
  /** Never the raw value. */
  masked: string;
}

/**
 * The analyzer's version, recorded with every verdict (`FileAnalyzed.analyzer_version`). Bump it
 * when a change to extraction, detection or classification can change a stored verdict (text a
 * reader used to lose, a new detector, a policy change), and say so in the change: an operator
 * who wants the files analysed before it analysed again sets FILESCAN_MIN_ANALYZER_VERSION to it
 * (README, "Re-analysis after an upgrade").
 *
 *   1  versions recorded (analyses made before carry 0)
 *   2  a file of more than 500,000 cells, fields or chunks is read up to them (limit_segments)
 *      instead of stopping the extractor; a colour ("#BA2121") is no driver's licence, nor the
 *      next option of a list of empty ones ("passphrase= password=") a password, nor an HTML
 *      character reference ("&#x0000003a;") an NIE
 *   3  roff source (manual pages) read as its reader sees it; invisible characters between digits
 *      or letters read through; a grouped card among random ids, a card with its expiry glued
 *      on, names after cues in French and in decomposed accents found; service-account and
 *      placeholder mailboxes, package and changelog versions read as IPs, field descriptions
 *      after "password:", a street's town read as a person weighed as they are; the model's
 *      wording filtered (contradictions, copied text, malformed sentences)
 *   4  escaped values read (an access log's `%40`, a form body's `+`, a JSON log's `\u0040`,
 *      `&#64;`); names in forms (labels in seven languages, capitals, holders and owners) and
 *      accented names; git remotes, systemd units, list mailboxes, zone coordinates, port ranges,
 *      symbol versions and unallocated IPv6 no longer personal data; bzip2 and PDF bombs, PDF
 *      pages without end, GNU sparse tar members and NUL-parted records (a process's
 *      environment) and UTF-8 with Windows-1252 lines among it read
 *   5  the parts documents keep out of sight read (pivot caches, external links, defined names,
 *      validation lists, alt text, glossaries, document variables, hidden ODT text, PDF XMP,
 *      bookmarks and links); names, places, addresses and dates of birth of hand-written
 *      letters and forms in eight languages, institutions no places or persons; phones as their
 *      countries group them; false e-mails, IPs, keys, passwords and licences of this machine's
 *      trees refused
 */
export const ANALYZER_VERSION = 5;

/**
 * FILESCAN_MIN_ANALYZER_VERSION (default 0: every analysis counts): an analysis made by an older
 * analyzer counts as not made, so `/query` answers `not found` (the crawler sends the file again)
 * and the classifier analyses the file afresh instead of reusing it. Above ANALYZER_VERSION it is
 * refused: no analysis this version makes would ever count, and every file would go round forever.
 */
export function minAnalyzerVersion(env: NodeJS.ProcessEnv = process.env): number {
  const min = intFromEnv(env, "FILESCAN_MIN_ANALYZER_VERSION", 0);
  if (min > ANALYZER_VERSION) {
    throw new Error(`FILESCAN_MIN_ANALYZER_VERSION is ${min}, above this analyzer's version ${ANALYZER_VERSION}: no analysis it makes would count`);
  }
  return min;
}

/** FILESCAN_LLM_OUTAGE_RETRY_SECONDS when unset: an hour. */
export const DEFAULT_LLM_OUTAGE_RETRY_SECONDS = 3600;
/** FILESCAN_LLM_OUTAGE_REUSE_SECONDS when unset (and the retry window is not shorter): five minutes. */
export const DEFAULT_LLM_OUTAGE_REUSE_SECONDS = 300;

/**
 * FILESCAN_LLM_OUTAGE_RETRY_SECONDS (default 3600): how long an analysis made while the LLM was
 * unavailable (`llm_unavailable`) counts as made. Until then `/query` answers `found` (an LLM
 * that is down does not make every crawler send everything again at once); after it `not found`,
 * so crawlers send the file again and the classifier asks the LLM again (README, "Re-analysis
 * after an LLM outage"). 0: such an analysis never counts.
 */
export function llmOutageRetrySeconds(env: NodeJS.ProcessEnv = process.env): number {
  return intFromEnv(env, "FILESCAN_LLM_OUTAGE_RETRY_SECONDS", DEFAULT_LLM_OUTAGE_RETRY_SECONDS);
}

/**
 * FILESCAN_LLM_OUTAGE_REUSE_SECONDS (default 300, or the retry window when that is shorter): how
 * long the classifier answers another sighting of the same content from a verdict made while the
 * LLM was unavailable instead of asking again. An LLM that stays down costs its retries' time
 * (minutes, with timeouts) on every ask: a content seen a thousand times in one crawl is asked
 * about once per window, not a thousand times. Above the retry window it is refused: a file
 * `/query` sent again because its verdict no longer counts would be answered from that verdict.
 */
export function llmOutageReuseSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const retry = llmOutageRetrySeconds(env);
  const reuse = intFromEnv(env, "FILESCAN_LLM_OUTAGE_REUSE_SECONDS", Math.min(DEFAULT_LLM_OUTAGE_REUSE_SECONDS, retry));
  if (reuse > retry) {
    throw new Error(`FILESCAN_LLM_OUTAGE_REUSE_SECONDS is ${reuse}, above FILESCAN_LLM_OUTAGE_RETRY_SECONDS (${retry}): a file /query sends again would be answered from the verdict it no longer counts`);
  }
  return reuse;
}

export interface FileAnalyzed {
  submission_id: string;
  sha256: string;
  analyzed_at: number;
  llm: Llm;
  /** At most FILESCAN_MAX_FINDINGS of the file's findings (`keepFindings`); `finding_counts` counts them all. */
  findings: Finding[];
  /** The file's findings by entity type, listed or not; absent or empty in events written before it existed (which listed all: `findingCounts`). */
  finding_counts?: Record<string, number>;
  extraction: { detected_type: string; type_mismatch: boolean; status: Status; reasons: string[]; chars: number };
  model: {
    provider: string;
    name: string | null;
    prompt_tokens: number;
    completion_tokens: number;
    llm_ms: number;
    detect_ms: number;
    extract_ms: number;
    reused: boolean;
  };
  /** ANALYZER_VERSION of the analysis that made the verdict; 0 for one made before versions were recorded. */
  analyzer_version: number;
}

export interface DeadLetter {
  processor: string;
  topic: string;
  partition: number;
  offset: string;
  key: Buffer | null;
  value: Buffer | null;
  error: string;
  failed_at: number;
}

export interface EventOf {
  [TOPICS.submissions]: FileSubmitted;
  [TOPICS.extractions]: FileExtracted;
  [TOPICS.analyses]: FileAnalyzed;
  [TOPICS.deadletter]: DeadLetter;
}

/** The Avro schema file of each topic's value. */
export const SCHEMA_FILES: Record<TopicName, string> = {
  [TOPICS.submissions]: "FileSubmitted.avsc",
  [TOPICS.extractions]: "FileExtracted.avsc",
  [TOPICS.analyses]: "FileAnalyzed.avsc",
  [TOPICS.deadletter]: "DeadLetter.avsc",
};

export function avroSchemaText(topic: TopicName): string {
  return readFileSync(path.join(repoRoot(), "schemas", "avro", SCHEMA_FILES[topic]), "utf8");
}

/** Subject naming of the Confluent TopicNameStrategy. */
export function valueSubject(topic: TopicName): string {
  return `${topic}-value`;
}
