/** extractFile: detection, dispatch to the registry, recursion into members, limits and the final status. */
import type { Reason, Segment, Status } from "@filescan/contracts";
import { Ctx, Encrypted, Stop, errorMessage, withinBudget, type Detected, type Scope } from "./context.ts";
import { detect, isMismatch } from "./detect.ts";
import { NoText } from "./format.ts";
import { DEFAULT_LIMITS, limitsFromEnv, type ExtractLimits } from "./limits.ts";
import { CONTAINER_KINDS, formatFor } from "./registry.ts";
import { RAW_TEXT_KINDS, recoverText, recoverWithReason } from "./formats/raw-text.ts";

export interface ExtractInput {
  bytes: Uint8Array;
  filename: string;
  claimedMime: string;
}

export interface ExtractResult {
  detected_type: string;
  type_mismatch: boolean;
  status: Status;
  reasons: Reason[];
  segments: Segment[];
  stats: { chars: number; entries: number; duration_ms: number };
}

/** Reason codes that make a result `partial`: something was there that we did not read. */
const PARTIAL_CODES = new Set(["encrypted", "corrupt", "unsupported_compression", "path_traversal", "limit_depth", "limit_entries", "limit_ratio", "limit_total_bytes", "limit_chars", "limit_segments", "limit_time", "limit_ocr_pages", "limit_pixels", "ocr_failed"]);

const UNSUPPORTED = new Set(["unsupported_type"]);

/** Kinds no handler reads whose text runs are still read (`recoverText`): OLE containers of programs known to keep their text in them (detect.ts). */
const RUNS_WHEN_UNREAD: ReadonlySet<string> = new Set(["ole-runs"]);

/** A handler's outcome; `recovered`: no handler, but text runs read from the raw bytes. */
type Outcome = "ok" | "unsupported" | "failed" | "encrypted" | "recovered";

async function runHandler(ctx: Ctx, bytes: Uint8Array, name: string, scope: Scope, det: Detected): Promise<Outcome> {
  if (det.kind === "empty") return "ok";
  if (det.damaged) {
    failed(ctx, bytes, scope, det, det.damaged);
    return "failed";
  }
  const fmt = formatFor(det.kind);
  if (!fmt) {
    // An OLE container of a program no handler reads (Microsoft Project, Quattro Pro, …): its text
    // runs, as a damaged document's are read (a project's resources and manager are people)
    const said = RUNS_WHEN_UNREAD.has(det.kind) ? recoverText(bytes, scope, ctx) : "";
    ctx.reason("unsupported_type", said ? `no parser for ${det.mime}${said}` : `no text from ${det.mime}`, scope.path);
    return said ? "recovered" : "unsupported";
  }
  try {
    await withinBudget(ctx, fmt.extract(bytes, scope, ctx, { filename: name, kind: det.kind }));
    return "ok";
  } catch (e) {
    if (e instanceof Stop) throw e;
    if (e instanceof Encrypted) {
      ctx.reason("encrypted", e.message || `${det.kind} is encrypted`, scope.path);
      return "encrypted";
    }
    if (e instanceof NoText) {
      ctx.reason("unsupported_type", e.message || `no text from ${det.mime}`, scope.path);
      return "unsupported";
    }
    failed(ctx, bytes, scope, det, errorMessage(e));
    return "failed";
  }
}

/**
 * A parser's failure, said as a reason; for a binary document, the text runs still in its bytes
 * (raw-text.ts) read as a last resort, and counted in the reason. A limit hit while reading them
 * (characters, time) still leaves the reason said.
 */
function failed(ctx: Ctx, bytes: Uint8Array, scope: Scope, det: Detected, message: string): void {
  if (!RAW_TEXT_KINDS.has(det.kind)) {
    ctx.reason("corrupt", `${det.kind}: ${message}`, scope.path);
    return;
  }
  recoverWithReason(ctx, bytes, scope, "corrupt", `${det.kind}: ${message}`);
}

/** Reads one member of an archive or attachment; its problems become reasons, never exceptions. */
async function member(ctx: Ctx, bytes: Uint8Array, name: string, scope: Scope): Promise<void> {
  ctx.checkTime();
  const det = await detect(bytes, name);
  if (CONTAINER_KINDS.has(det.kind) && scope.depth >= ctx.limits.maxDepth) {
    ctx.reason("limit_depth", `nesting deeper than ${ctx.limits.maxDepth}`, scope.path);
    return;
  }
  await runHandler(ctx, bytes, name, scope, det);
}

export async function extractFile(input: ExtractInput, limits: Partial<ExtractLimits> = {}): Promise<ExtractResult> {
  const lim: ExtractLimits = { ...DEFAULT_LIMITS, ...limitsFromEnv(), ...limits };
  const ctx = new Ctx(lim);
  ctx.recurse = (b, name, scope) => member(ctx, b, name, scope);
  const bytes = input.bytes;
  let det: Detected = { mime: "application/octet-stream", kind: "binary" };
  let outcome: Outcome;
  try {
    det = await withinBudget(ctx, detect(bytes, input.filename));
    outcome = await runHandler(ctx, bytes, input.filename, { path: null, depth: 0, base: {} }, det);
  } catch (e) {
    if (e instanceof Stop) {
      ctx.reason(e.code, e.message, null);
      outcome = "ok";
    } else {
      ctx.reason("corrupt", errorMessage(e), null);
      outcome = "failed";
    }
  }
  let status: Status;
  if (outcome === "unsupported") status = "unsupported";
  else if (outcome === "failed") status = ctx.segments.length > 0 ? "partial" : "failed";
  else if (outcome === "encrypted" || outcome === "recovered" || ctx.said(PARTIAL_CODES)) status = "partial";
  // An archive or compressed file whose members are all of types we cannot read (a gzipped
  // PostScript manual, a zip of executables) gave no text: it is unsupported, not complete.
  else if (ctx.segments.length === 0 && ctx.said(UNSUPPORTED)) status = "unsupported";
  else status = "complete";
  return {
    detected_type: det.mime,
    type_mismatch: isMismatch(input.claimedMime, det.mime),
    status,
    reasons: ctx.reasonsSaid(),
    segments: ctx.segments,
    stats: { chars: ctx.chars, entries: ctx.entries, duration_ms: Date.now() - ctx.started },
  };
}
