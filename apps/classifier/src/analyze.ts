/**
 * The classifier's step: FileExtracted → FileAnalyzed. Deterministic detectors see every
 * character; the LLM (through libs/classify) words the verdict within its bounded prompt.
 *
 * One LLM call per distinct content: a sha256 whose analysis is already stored (or was just
 * made by this process) is answered from it, with `model.reused = true`; concurrent events of
 * the same sha256 share one call.
 */
import { ANALYZER_VERSION, countByType, DEFAULT_MAX_FINDINGS, findingCounts, keepFindings, type FileAnalyzed, type FileExtracted } from "@filescan/contracts";
import type { Classifier } from "@filescan/classify";
import { detect, type DetectOptions } from "@filescan/detectors";

export interface AnalyzerDeps {
  classifier: Classifier;
  detectOptions?: DetectOptions;
  /** The stored analysis of a sha256, if any (the projector's `filescan-analyses` index). */
  lookup?: (sha256: string) => Promise<FileAnalyzed | undefined>;
  /**
   * A stored analysis made by an older analyzer is not reused (FILESCAN_MIN_ANALYZER_VERSION;
   * default 0), nor one older than the event's `min_analyzer_version` (the API's setting).
   */
  minAnalyzerVersion?: number;
  /** How many recent verdicts to keep in memory for duplicates that arrive before the index has them. */
  recentSize?: number;
  /**
   * How many findings those verdicts may list in all (default 200,000): 5,000 verdicts of
   * customer exports, 10,000 findings each, would hold 50 million in memory.
   */
  recentFindings?: number;
  /**
   * The most findings an event lists (FILESCAN_MAX_FINDINGS, default 10,000; `keepFindings`);
   * `finding_counts` counts them all. The LLM's prompt is built from all of them.
   */
  maxFindings?: number;
}

export interface Analyzer {
  analyze(ev: FileExtracted): Promise<FileAnalyzed>;
  /** LLM-backed analyses made by this process (for tests and metrics). */
  calls(): number;
  /** Those of one sha256 (remembered for the most recent 10,000 contents). */
  callsFor(sha256: string): number;
}

type Verdict = Omit<FileAnalyzed, "submission_id" | "analyzed_at">;

export function createAnalyzer(deps: AnalyzerDeps): Analyzer {
  const inflight = new Map<string, Promise<Verdict>>();
  const recent = new Map<string, Verdict>();
  const recentSize = deps.recentSize ?? 5000;
  const recentFindings = deps.recentFindings ?? 200_000;
  /** Findings the verdicts in `recent` list. */
  let listed = 0;
  const minVersion = deps.minAnalyzerVersion ?? 0;
  const maxFindings = deps.maxFindings ?? DEFAULT_MAX_FINDINGS;
  /** A stored verdict listing at most `maxFindings` findings (it may list more: made with a higher limit, or before there was one), with the counts of all. */
  const bounded = (v: Verdict): Verdict => ({ ...v, findings: v.findings.length > maxFindings ? keepFindings(v.findings, maxFindings) : v.findings, finding_counts: findingCounts(v) });
  let calls = 0;
  const callsBySha = new Map<string, number>();

  const remember = (sha: string, v: Verdict) => {
    const before = recent.get(sha);
    if (before) listed -= before.findings.length;
    recent.delete(sha);
    recent.set(sha, v);
    listed += v.findings.length;
    while (recent.size > recentSize || (listed > recentFindings && recent.size > 0)) {
      const [oldest, gone] = recent.entries().next().value!;
      recent.delete(oldest);
      listed -= gone.findings.length;
    }
  };

  const fresh = async (ev: FileExtracted): Promise<Verdict> => {
    calls++;
    const sha = ev.sha256.toLowerCase();
    callsBySha.set(sha, (callsBySha.get(sha) ?? 0) + 1);
    if (callsBySha.size > 10_000) callsBySha.delete(callsBySha.keys().next().value!);
    const t0 = performance.now();
    const findings = detect(ev.segments, deps.detectOptions);
    const detectMs = Math.round(performance.now() - t0);
    const { llm, model, reasons } = await deps.classifier.classify({
      meta: {
        filename: ev.filename, full_path: ev.full_path, mimetype: ev.mimetype, app: ev.app, extra_json: ev.extra_json,
        detected_type: ev.detected_type, status: ev.status, reasons: [...new Set(ev.reasons.map((r) => r.code))],
        unsupported_members: ev.reasons.filter((r) => r.code === "unsupported_type" && r.file_in_zip !== null).length,
      },
      segments: ev.segments,
      findings,
    });
    return {
      sha256: ev.sha256,
      llm,
      findings: keepFindings(findings, maxFindings),
      finding_counts: countByType(findings),
      extraction: { detected_type: ev.detected_type, type_mismatch: ev.type_mismatch, status: ev.status, reasons: [...new Set([...ev.reasons.map((r) => r.code), ...reasons])], chars: ev.stats.chars },
      model: { ...model, detect_ms: detectMs, extract_ms: ev.stats.duration_ms, reused: false },
      analyzer_version: ANALYZER_VERSION,
    };
  };

  const reused = (v: Verdict): Verdict => ({ ...v, model: { ...v.model, prompt_tokens: 0, completion_tokens: 0, llm_ms: 0, detect_ms: 0, reused: true } });

  return {
    calls: () => calls,
    callsFor: (sha256) => callsBySha.get(sha256.toLowerCase()) ?? 0,
    async analyze(ev) {
      const sha = ev.sha256.toLowerCase();
      let verdict: Verdict;
      const stored = recent.has(sha) ? undefined : await deps.lookup?.(sha);
      // (an analysis by an older analyzer than the operator accepts is made again, and replaces
      // it; the API says what it accepts with each file, so a classifier configured apart from it
      // cannot reuse a verdict /query does not count, which would send the file round for good.
      // `recent` holds only this process's own, current analyses.)
      const need = Math.max(minVersion, ev.min_analyzer_version ?? 0);
      const known = recent.get(sha) ?? (stored && stored.analyzer_version >= need ? bounded(stored) : undefined);
      if (known) {
        verdict = reused(known);
      } else if (inflight.has(sha)) {
        verdict = reused(await inflight.get(sha)!);
      } else {
        const p = fresh(ev);
        inflight.set(sha, p);
        try {
          verdict = await p;
          remember(sha, verdict);
        } finally {
          inflight.delete(sha);
        }
      }
      return { ...verdict, sha256: ev.sha256, submission_id: ev.submission_id, analyzed_at: Date.now() };
    },
  };
}
