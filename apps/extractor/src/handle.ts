/**
 * The extractor's pure step: a FileSubmitted event plus the extraction result → the FileExtracted event.
 * The Kafka wiring (apps/extractor/src/main.ts) calls the pool and then this.
 */
import { EVENT_ROOM_BYTES, KAFKA_MAX_MESSAGE_BYTES } from "@filescan/config";
import type { FileExtracted, FileSubmitted, Segment } from "@filescan/contracts";
import type { ExtractResult } from "@filescan/extract";

/** The most a FileExtracted event may weigh: what one Kafka record holds, less room for the record's own bytes. */
export const MAX_EVENT_BYTES = KAFKA_MAX_MESSAGE_BYTES - EVENT_ROOM_BYTES;

export function toExtracted(ev: FileSubmitted, r: ExtractResult, maxBytes = MAX_EVENT_BYTES): FileExtracted {
  return fitted({
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
  }, maxBytes);
}

/** At most the bytes of a segment in Avro: its strings' UTF-8, plus a length or union tag per field. */
function segmentBytes(s: Segment): number {
  const l = s.locator;
  let n = Buffer.byteLength(s.text) + Buffer.byteLength(s.source) + 64;
  for (const v of [l.file_in_zip, l.sheet, l.cell, l.column, l.part]) if (v !== null) n += Buffer.byteLength(v);
  return n;
}

/**
 * The event with as many of its segments as fit in `maxBytes` (counted generously): the
 * extraction limits bound characters and segments, not the bytes of their locators (a cell deep
 * in an archive carries its member's path), and an event Kafka refuses stopped its partition.
 * The rest is cut, with reason `limit_event_bytes`, and the file is `partial`.
 */
function fitted(ev: FileExtracted, maxBytes: number): FileExtracted {
  let bytes = 64 * 1024 + Buffer.byteLength(ev.extra_json) + Buffer.byteLength(ev.full_path) + Buffer.byteLength(ev.filename) + Buffer.byteLength(JSON.stringify(ev.reasons));
  let kept = 0;
  for (; kept < ev.segments.length; kept++) {
    bytes += segmentBytes(ev.segments[kept]!);
    if (bytes > maxBytes) break;
  }
  if (kept === ev.segments.length) return ev;
  const chars = ev.segments.slice(0, kept).reduce((n, s) => n + s.text.length, 0);
  return {
    ...ev,
    status: ev.status === "complete" ? "partial" : ev.status,
    reasons: [...ev.reasons, { code: "limit_event_bytes", message: `the extracted text was cut after ${kept} of ${ev.segments.length} segments (${chars} characters) to fit one event of at most ${maxBytes} bytes`, file_in_zip: null }],
    segments: ev.segments.slice(0, kept),
  };
}

/** The extraction input of a submission. */
export function toInput(ev: FileSubmitted): { bytes: Uint8Array; filename: string; claimedMime: string } {
  return { bytes: ev.content, filename: ev.filename, claimedMime: ev.mimetype };
}
