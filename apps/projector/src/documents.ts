/**
 * Pure mapping from events to the stored documents (no I/O), so it can be unit-tested.
 *
 * - Sighting (`filescan-files`, _id = submission_id): every submission field except file_data,
 *   the client's extra fields, received_at, the principal, and — once the content is analysed —
 *   `llm`, a findings summary and analysis metadata.
 * - Analysis (`filescan-analyses`, _id = sha256): the verdict of one content, applied to every
 *   sighting of that sha256, earlier and later.
 *
 * Extra fields: kept as the client sent them under `extra` (mapped `flattened`: any names, any
 * JSON types, no mapping growth, no type conflicts; numbers as written, `18446744073709551615`
 * not rounded) and verbatim in `extra_json` (not indexed).
 * Extra fields `flattened` cannot index (`indexableExtra`) are kept in `extra_json` only.
 * `sighting_bytes`: the submission's metadata bytes (`metadataBytes`), by which GET /files pages.
 */
import { DEFAULT_MAX_FINDINGS, findingCounts, isRawJson, keepFindings, metadataBytes, parseJsonExact, timestampMs, type FileAnalyzed, type FileSubmitted, type Finding } from "@filescan/contracts";

export const EXAMPLES_PER_FILE = 20;
/** The `depth_limit` of `extra` in schemas/elasticsearch/filescan-files.template.json. */
const FLATTENED_DEPTH_LIMIT = 20;
/**
 * The longest key path (a leaf's keys joined with dots, UTF-8) `extra` takes: `flattened` indexes
 * each leaf as the term "path\0value", Lucene's terms hold at most 32,766 bytes, and a value
 * indexed is at most `ignore_above` (1,024) characters, up to 4 bytes each.
 */
export const FLATTENED_MAX_PATH_BYTES = 16 * 1024;

export interface FindingsSummary {
  total: number;
  types: string[];
  counts: Record<string, number>;
  examples: Array<Record<string, string | number>>;
}

export interface AnalysisDoc {
  sha256: string;
  analyzed_at: string;
  submission_id: string;
  llm: FileAnalyzed["llm"];
  findings_summary: FindingsSummary;
  analysis: AnalysisMeta;
  /**
   * The whole event, so a consumer of the index can re-derive anything (masked values only); its
   * findings at most FILESCAN_MAX_FINDINGS (an event from before the classifier bounded them may
   * list hundreds of thousands: as one document, more than Elasticsearch takes), `finding_counts`
   * counting them all.
   */
  event: Omit<FileAnalyzed, "analyzed_at"> & { analyzed_at: string };
}

export interface AnalysisMeta {
  analyzed_at: string;
  analysed_submission_id: string;
  provider: string;
  model: string | null;
  prompt_tokens: number;
  completion_tokens: number;
  llm_ms: number;
  detect_ms: number;
  extract_ms: number;
  reused: boolean;
  /** ANALYZER_VERSION of the analysis (0: made before versions were recorded). */
  analyzer_version: number;
  detected_type: string;
  type_mismatch: boolean;
  extraction_status: string;
  reasons: string[];
  chars: number;
}

/** The fields a sighting gets from the analysis of its content. */
export interface AnalysisFields {
  analysed: true;
  llm: FileAnalyzed["llm"];
  findings: FindingsSummary;
  analysis: AnalysisMeta;
}

/**
 * Whether `flattened` can index these extra fields: an object, nested at most
 * FLATTENED_DEPTH_LIMIT deep, no key path longer than FLATTENED_MAX_PATH_BYTES. Read without
 * recursion or spreading: an array of 200,000 numbers overflowed the stack of a recursive
 * depth with Math.max(...children), and the projector retried that batch for good.
 */
export function indexableExtra(extra: unknown): extra is Record<string, unknown> {
  if (typeof extra !== "object" || extra === null || Array.isArray(extra)) return false;
  // (every object and array counts one level, the extra object itself the first: more than
  // `flattened` counts, which does not count arrays)
  const stack: Array<[object, number, number]> = [[extra, 1, 0]];
  while (stack.length > 0) {
    const [v, depth, pathBytes] = stack.pop()!;
    if (depth > FLATTENED_DEPTH_LIMIT) return false;
    if (Array.isArray(v)) {
      for (const x of v as unknown[]) if (typeof x === "object" && x !== null && !isRawJson(x)) stack.push([x, depth + 1, pathBytes]);
      continue;
    }
    for (const [k, x] of Object.entries(v)) {
      const bytes = pathBytes + (pathBytes > 0 ? 1 : 0) + Buffer.byteLength(k);
      if (bytes > FLATTENED_MAX_PATH_BYTES) return false;
      if (typeof x === "object" && x !== null && !isRawJson(x)) stack.push([x, depth + 1, bytes]);
    }
  }
  return true;
}

/**
 * The findings shown as examples: the strongest of each type first, then the strongest of the
 * rest, a value already shown once only when nothing else is left (a manual's one address on
 * twenty pages, a sheet of 30,000 e-mail addresses beside its SSNs, showed one type or one value).
 */
function examplesOf(findings: Finding[]): Finding[] {
  const sorted = [...findings].sort((a, b) => b.score - a.score);
  const out: Finding[] = [];
  const types = new Set<string>();
  const values = new Set<string>();
  const take = (f: Finding) => {
    out.push(f);
    types.add(f.type);
    values.add(`${f.type} ${f.masked}`);
  };
  for (const f of sorted) if (out.length < EXAMPLES_PER_FILE && !types.has(f.type)) take(f);
  for (const f of sorted) if (out.length < EXAMPLES_PER_FILE && !values.has(`${f.type} ${f.masked}`)) take(f);
  for (const f of sorted) if (out.length < EXAMPLES_PER_FILE && !out.includes(f)) take(f);
  return out.sort((a, b) => b.score - a.score);
}

/** The summary of a file's findings: `counts` by type of all of them (`finding_counts`), examples from those listed. */
export function summarise(findings: Finding[], counts: Record<string, number> = findingCounts({ findings })): FindingsSummary {
  return {
    total: Object.values(counts).reduce((a, n) => a + n, 0),
    types: Object.keys(counts).sort(),
    counts,
    examples: examplesOf(findings).map((f) => {
      const ex: Record<string, string | number> = { type: f.type, masked: f.masked, score: Math.round(f.score * 1000) / 1000 };
      if (f.validation) ex.validation = f.validation;
      for (const [k, v] of Object.entries(f.locator)) if (v !== null) ex[k] = v;
      return ex;
    }),
  };
}

export function analysisDoc(ev: FileAnalyzed, maxFindings = DEFAULT_MAX_FINDINGS): AnalysisDoc {
  const analyzedAt = new Date(ev.analyzed_at).toISOString();
  const counts = findingCounts(ev);
  return {
    sha256: ev.sha256.toLowerCase(),
    analyzed_at: analyzedAt,
    submission_id: ev.submission_id,
    llm: ev.llm,
    findings_summary: summarise(ev.findings, counts),
    analysis: {
      analyzed_at: analyzedAt,
      analysed_submission_id: ev.submission_id,
      provider: ev.model.provider,
      model: ev.model.name,
      prompt_tokens: ev.model.prompt_tokens,
      completion_tokens: ev.model.completion_tokens,
      llm_ms: ev.model.llm_ms,
      detect_ms: ev.model.detect_ms,
      extract_ms: ev.model.extract_ms,
      reused: ev.model.reused,
      // (an event written before the field existed decodes without it: its writer's schema has none)
      analyzer_version: ev.analyzer_version ?? 0,
      detected_type: ev.extraction.detected_type,
      type_mismatch: ev.extraction.type_mismatch,
      extraction_status: ev.extraction.status,
      reasons: ev.extraction.reasons,
      chars: ev.extraction.chars,
    },
    event: { ...ev, findings: ev.findings.length > maxFindings ? keepFindings(ev.findings, maxFindings) : ev.findings, finding_counts: counts, analyzed_at: analyzedAt },
  };
}

export function analysisFields(doc: AnalysisDoc): AnalysisFields {
  return { analysed: true, llm: doc.llm, findings: doc.findings_summary, analysis: doc.analysis };
}

export function sightingDoc(ev: FileSubmitted, analysis?: AnalysisDoc): Record<string, unknown> {
  let extra: unknown;
  try {
    extra = parseJsonExact(ev.extra_json);
  } catch {
    extra = undefined;
  }
  const doc: Record<string, unknown> = {
    submission_id: ev.submission_id,
    sha256: ev.sha256.toLowerCase(),
    sha1: ev.sha1.toLowerCase(),
    md5: ev.md5.toLowerCase(),
    mimetype: ev.mimetype,
    filename: ev.filename,
    full_path: ev.full_path,
    timestamp: ev.timestamp,
    ...foundAt(ev.timestamp),
    app: ev.app,
    size: ev.size,
    received_at: new Date(ev.received_at).toISOString(),
    principal: ev.principal,
    extra_json: ev.extra_json,
    sighting_bytes: metadataBytes(ev),
    analysed: false,
  };
  if (indexableExtra(extra)) doc.extra = extra;
  return analysis ? { ...doc, ...analysisFields(analysis) } : doc;
}

/**
 * `found_at`: the sighting's `timestamp` as UTC, which Elasticsearch can always index and sort.
 * `timestamp` is kept as the crawler wrote it, and RFC 3339 allows what Elasticsearch's date
 * refuses (a leap second, a lower-case "t" or "z", more than nine digits of a second's fraction,
 * a year past 9999 once its offset is applied): such a sighting's `timestamp` was left out of the
 * index (`_ignored`), so it could be neither searched nor sorted by when it was found.
 */
function foundAt(timestamp: string): { found_at?: string | number } {
  const ms = timestampMs(timestamp);
  if (Number.isNaN(ms)) return {};
  const iso = new Date(ms).toISOString();
  // (a year beyond 0000-9999 is written "+010000-…", which a strict date does not take: as epoch ms)
  return { found_at: iso.startsWith("+") || iso.startsWith("-") ? ms : iso };
}
