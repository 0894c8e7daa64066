/**
 * The extractor's pure step: a FileSubmitted event plus the extraction result → the FileExtracted event.
 * The Kafka wiring (apps/extractor/src/main.ts) calls the pool and then this.
 */
import type { FileExtracted, FileSubmitted } from "@filescan/contracts";
import type { ExtractResult } from "@filescan/extract";

export function toExtracted(ev: FileSubmitted, r: ExtractResult): FileExtracted {
  return {
    submission_id: ev.submission_id,
    sha256: ev.sha256,
    received_at: ev.received_at,
    filename: ev.filename,
    full_path: ev.full_path,
    mimetype: ev.mimetype,
    app: ev.app,
    extra_json: ev.extra_json,
    size: ev.size,
    detected_type: r.detected_type,
    type_mismatch: r.type_mismatch,
    status: r.status,
    reasons: r.reasons,
    segments: r.segments,
    stats: r.stats,
    min_analyzer_version: ev.min_analyzer_version ?? 0,
  };
}

/** The extraction input of a submission. */
export function toInput(ev: FileSubmitted): { bytes: Uint8Array; filename: string; claimedMime: string } {
  return { bytes: ev.content, filename: ev.filename, claimedMime: ev.mimetype };
}
