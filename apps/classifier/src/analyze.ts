/**
 * The classifier's step: FileExtracted → FileAnalyzed. Deterministic detectors see every
 * character; the LLM (through libs/classify) words the verdict within its bounded prompt.
 *
 * One LLM call per distinct content: a sha256 whose analysis is already stored (or was just
 * made by this process) is answered from it, with `model.reused = true`; concurrent events of
 * the same sha256 share one call. But for a verdict made while the LLM was unavailable
 * (`llm_unavailable`: its retries exhausted, the deterministic verdict used), which is reused
 * only for a short while (`outageReuseMs`) and then asked about again: after an outage of the
 * LLM endpoint, the files it never saw get its verdict as they come round again.
 */
import { ANALYZER_VERSION, countByType, DEFAULT_LLM_OUTAGE_REUSE_SECONDS, DEFAULT_MAX_FINDINGS, findingCounts, keepFindings, type FileAnalyzed, type FileExtracted } from "@filescan/contracts";
import type { Classifier } from "@filescan/classify";
import { detect, type DetectOptions } from "@filescan/detectors";
import { LLM_UNAVAILABLE } from "@filescan/search";

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
  /**
   * How long a verdict made while the LLM was unavailable (`llm_unavailable` among its
   * `extraction.reasons`), stored or this process's own, answers another event of the same
   * content (FILESCAN_LLM_OUTAGE_REUSE_SECONDS, default 300 s); older, the LLM is asked again.
   * An LLM that stays down costs its retries' time on every ask, so duplicates within the window
   * (one content in many places of a crawl) are not each asked about. It is at most the API's
   * FILESCAN_LLM_OUTAGE_RETRY_SECONDS, after which `/query` sends the file again: a reuse then
   * would send it round until the verdict is older than both. 0: never reused (FILESCAN_LLM=off,
   * where the verdict made again is the deterministic one, in milliseconds, and a normal one).
   */
  outageReuseMs?: number;
  /** The clock outage verdicts are aged by (tests). */
  now?: () => number;
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

/** Whether a verdict was made while the LLM was unavailable (libs/classify's fallback). */
export function madeWithoutLlm(v: Pick<FileAnalyzed, "extraction">): boolean {
  return v.extraction.reasons.includes(LLM_UNAVAILABLE);
}

export function createAnalyzer(deps: AnalyzerDeps): Analyzer {
  const inflight = new Map<string, Promise<Verdict>>();
  /** This process's own verdicts, with when each was made. */
  const recent = new Map<string, { v: Verdict; at: number }>();
  const recentSize = deps.recentSize ?? 5000;
  const recentFindings = deps.recentFindings ?? 200_000;
  /** Findings the verdicts in `recent` list. */
  let listed = 0;
  const minVersion = deps.minAnalyzerVersion ?? 0;
  const maxFindings = deps.maxFindings ?? DEFAULT_MAX_FINDINGS;
  const outageReuseMs = deps.outageReuseMs ?? DEFAULT_LLM_OUTAGE_REUSE_SECONDS * 1000;
  const now = deps.now ?? Date.now;
  /** Whether a verdict made at `at` may answer now: any, but one made without the LLM only within `outageReuseMs` (a time that cannot be read: no). */
  const reusable = (v: Verdict, at: number): boolean => !madeWithoutLlm(v) || now() - at < outageReuseMs;
  /** A stored verdict listing at most `maxFindings` findings (it may list more: made with a higher limit, or before there was one), with the counts of all. */
  const bounded = (v: Verdict): Verdict => ({ ...v, findings: v.findings.length > maxFindings ? keepFindings(v.findings, maxFindings) : v.findings, finding_counts: findingCounts(v) });
  let calls = 0;
  const callsBySha = new Map<string, number>();

  const remember = (sha: string, v: Verdict, at: number) => {
    const before = recent.get(sha);
    if (before) listed -= before.v.findings.length;
    recent.delete(sha);
    recent.set(sha, { v, at });
    listed += v.findings.length;
    while (recent.size > recentSize || (listed > recentFindings && recent.size > 0)) {
      const [oldest, gone] = recent.entries().next().value!;
      recent.delete(oldest);
      listed -= gone.v.findings.length;
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
      // (this process's verdict made without the LLM, once older than the window, is not reused:
      // another classifier may have stored the LLM's since, else the LLM is asked again)
      const mine = recent.get(sha);
      const own = mine && reusable(mine.v, mine.at) ? mine.v : undefined;
      const stored = own ? undefined : await deps.lookup?.(sha);
      // (an analysis by an older analyzer than the operator accepts is made again, and replaces
      // it; the API says what it accepts with each file, so a classifier configured apart from it
      // cannot reuse a verdict /query does not count, which would send the file round for good.
      // `recent` holds only this process's own, current analyses.)
      const need = Math.max(minVersion, ev.min_analyzer_version ?? 0);
      const known = own ?? (stored && stored.analyzer_version >= need && reusable(stored, stored.analyzed_at) ? bounded(stored) : undefined);
      if (known) {
        verdict = reused(known);
      } else if (inflight.has(sha)) {
        verdict = reused(await inflight.get(sha)!);
      } else {
        const p = fresh(ev);
        inflight.set(sha, p);
        try {
          verdict = await p;
          remember(sha, verdict, now());
        } finally {
          inflight.delete(sha);
        }
      }
      return { ...verdict, sha256: ev.sha256, submission_id: ev.submission_id, analyzed_at: Date.now() };
    },
  };
}
