/**
 * The whole analysis of one file or text, in this process: libs/extract → libs/detectors →
 * libs/classify, through the same analyzer the classifier app runs (apps/classifier/analyze.ts),
 * without Kafka, the registry or Elasticsearch.
 */
import { createHash } from "node:crypto";
import { createAnalyzer, type Analyzer } from "@filescan/classifier/analyze";
import { classifierFromEnv, segmentsOf } from "@filescan/classify";
import { locator, type FileAnalyzed, type FileExtracted, type Locator, type Segment } from "@filescan/contracts";
import { optionsFromEnv } from "@filescan/detectors";
import { createExtractPool, limitsFromEnv, type ExtractPool } from "@filescan/extract";

/** One finding as `inspect --json` prints it. */
export interface InspectFinding {
  type: string;
  score: number;
  detector: string;
  validation: string | null;
  context: string[];
  /** Only the locator fields that are set (page, file_in_zip, sheet, cell, row, column, slide, part). */
  locator: Partial<Locator>;
  start: number;
  end: number;
  masked: string;
  /** The raw value: only with --show-values. */
  value?: string;
}

/** One document as `inspect --json` prints it (stable: fields are only ever added). */
export interface InspectReport {
  /** The file name, `-` for stdin, or `<name>:<line>` with --text --lines. */
  input: string;
  line?: number;
  sha256: string;
  size: number;
  detected_type: string;
  type_mismatch: boolean;
  status: FileExtracted["status"];
  reasons: FileExtracted["reasons"];
  chars: number;
  llm: FileAnalyzed["llm"];
  model: FileAnalyzed["model"];
  /** The analyzer version that made the verdict (as the stored analyses record it). */
  analyzer_version: number;
  findings: InspectFinding[];
}

export interface Inspector {
  file(bytes: Uint8Array, name: string, claimedMime?: string): Promise<InspectReport>;
  /** Plain text, no extraction: one segment (a line with --lines). */
  text(text: string, name: string, line?: number): Promise<InspectReport>;
  /** Stops the extraction worker, if a file started one. */
  close(): Promise<void>;
}

function compact(l: Locator): Partial<Locator> {
  return Object.fromEntries(Object.entries(l).filter(([, v]) => v !== null)) as Partial<Locator>;
}

function report(input: string, bytes: Uint8Array, ex: FileExtracted, an: FileAnalyzed, showValues: boolean, line?: number): InspectReport {
  return {
    input,
    ...(line !== undefined ? { line } : {}),
    sha256: createHash("sha256").update(bytes).digest("hex"),
    size: bytes.byteLength,
    detected_type: ex.detected_type,
    type_mismatch: ex.type_mismatch,
    status: ex.status,
    reasons: ex.reasons,
    chars: ex.stats.chars,
    llm: an.llm,
    model: an.model,
    analyzer_version: an.analyzer_version,
    findings: an.findings.map((f) => {
      const out: InspectFinding = { type: f.type, score: Math.round(f.score * 1000) / 1000, detector: f.detector, validation: f.validation, context: f.context, locator: compact(f.locator), start: f.start, end: f.end, masked: f.masked };
      if (showValues) {
        const [at] = segmentsOf(f, ex.segments);
        if (at !== undefined) out.value = ex.segments[at.i]!.text.slice(at.start, at.end);
      }
      return out;
    }),
  };
}

function extracted(name: string, size: number, mime: string, r: Pick<FileExtracted, "detected_type" | "type_mismatch" | "status" | "reasons" | "segments" | "stats">): FileExtracted {
  return {
    submission_id: "inspect", sha256: "0".repeat(64), received_at: Date.now(), filename: name, full_path: name, mimetype: mime, app: "filescan-inspect",
    extra_json: "{}", size, ...r,
  };
}

export function createInspector(env: NodeJS.ProcessEnv, opts: { showValues: boolean }): Inspector {
  // (every finding: a report on the terminal or in a file, not an event; --json lists every one)
  const analyzer: Analyzer = createAnalyzer({ classifier: classifierFromEnv(env), detectOptions: optionsFromEnv(env), recentSize: 0, maxFindings: Number.POSITIVE_INFINITY });
  const limits = limitsFromEnv(env);
  // Files are extracted in a worker thread, as the extractor app extracts them: a parser stuck in
  // a synchronous loop is terminated at the time budget (plus grace) and the file reported
  // `failed` with reason `limit_time`; in this thread it held the command for as long as it ran
  // (a JAR, before its pom's comments stopped backtracking: more than 11 minutes). Started by the
  // first file, so --text starts none.
  let pool: ExtractPool | undefined;
  let n = 0;
  // every input is its own content: a distinct key keeps the analyzer from reusing a verdict
  const analyze = (ex: FileExtracted) => analyzer.analyze({ ...ex, sha256: (++n).toString(16).padStart(64, "0") });
  return {
    async file(bytes, name, claimedMime = "application/octet-stream") {
      pool ??= createExtractPool({ size: 1, limits });
      const r = await pool.extract({ bytes, filename: name, claimedMime });
      const ex = extracted(name, bytes.byteLength, claimedMime, r);
      return report(name, bytes, ex, await analyze(ex), opts.showValues);
    },
    async text(text, name, line) {
      const bytes = Buffer.from(text, "utf8");
      const segments: Segment[] = text.trim() ? [{ text, source: "text", locator: locator(line !== undefined ? { row: line } : {}) }] : [];
      const ex = extracted(name, bytes.byteLength, "text/plain", { detected_type: "text/plain", type_mismatch: false, status: "complete", reasons: [], segments, stats: { chars: text.length, entries: 0, duration_ms: 0 } });
      return report(line !== undefined ? `${name}:${line}` : name, bytes, ex, await analyze(ex), opts.showValues, line);
    },
    async close() {
      await pool?.close();
    },
  };
}
