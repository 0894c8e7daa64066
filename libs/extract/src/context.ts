/**
 * The state of one extraction: output, limits and the recursion into members. Format handlers
 * (formats/*.ts) receive a Ctx and a Scope and never touch the result directly.
 */
import { locator, type Locator, type Reason, type Segment } from "@filescan/contracts";
import type { ExtractLimits } from "./limits.ts";

/** Thrown to unwind every handler once a file-wide limit (characters, time) is reached. */
export class Stop extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/** A file whose content cannot be read without a password. */
export class Encrypted extends Error {}

/** Where the bytes being read sit inside the submitted file. */
export interface Scope {
  /** file_in_zip of this (member) file; null for the submitted file itself. */
  path: string | null;
  /** 0 for the submitted file, +1 per archive/attachment level. */
  depth: number;
  /** Locator fields every segment of this file inherits (e.g. an e-mail attachment's part). */
  base: Partial<Locator>;
}

export interface Detected {
  mime: string;
  /** Short label used in reasons and benchmarks, e.g. "pdf", "zip", "csv". */
  kind: string;
  /** Set when the container is recognisably this kind but cannot be opened (e.g. a cut OLE file): why. */
  damaged?: string;
}

export type RecurseFn = (bytes: Uint8Array, name: string, scope: Scope, hint?: { kind?: string }) => Promise<void>;

/** Minimum uncompressed size before the ratio limit applies (tiny, highly repetitive files are normal). */
export const RATIO_MIN_BYTES = 64 * 1024;

/** Reasons of one code and message kept with their member's path; more are counted (Ctx.reason). */
const REPEATS_KEPT = 10;
/** Reasons kept in all. */
const MAX_REASONS = 1000;

export class Ctx {
  readonly limits: ExtractLimits;
  readonly started = Date.now();
  readonly deadline: number;
  readonly segments: Segment[] = [];
  readonly reasons: Reason[] = [];
  chars = 0;
  entries = 0;
  totalBytes = 0;
  ocrPages = 0;
  entriesExhausted = false;
  recurse: RecurseFn = async () => {};
  private readonly reasonKeys = new Set<string>();
  private readonly reasonCounts = new Map<string, number>();

  constructor(limits: ExtractLimits) {
    this.limits = limits;
    this.deadline = this.started + limits.timeBudgetMs;
  }

  remainingMs(): number {
    return this.deadline - Date.now();
  }

  /** Throws Stop when the time budget is spent. Call between pages, entries, rows. */
  checkTime(): void {
    if (Date.now() > this.deadline) throw new Stop("limit_time", `time budget of ${this.limits.timeBudgetMs} ms spent`);
  }

  /**
   * Records a reason once. The same code and message for more than REPEATS_KEPT members (a JAR's
   * thousands of classes, each `unsupported_type`) are counted instead, and said once at the end
   * (`reasonsSaid`): they would fill the event, and before they were counted, 1,000 of them hid
   * every later reason, an encrypted member's too, which made the file `complete`.
   */
  reason(code: string, said: string, fileInZip: string | null): void {
    const message = withoutQuotedText(said);
    const key = `${code}\u0000${fileInZip ?? ""}\u0000${message}`;
    if (this.reasonKeys.has(key)) return;
    const kind = `${code}\u0000${message}`;
    const seen = this.reasonCounts.get(kind) ?? 0;
    this.reasonCounts.set(kind, seen + 1);
    if (seen >= REPEATS_KEPT || this.reasons.length >= MAX_REASONS) return;
    this.reasonKeys.add(key);
    this.reasons.push({ code, message, file_in_zip: fileInZip });
  }

  /** Whether a reason of one of these codes was given (kept or only counted). */
  said(codes: ReadonlySet<string>): boolean {
    for (const kind of this.reasonCounts.keys()) if (codes.has(kind.slice(0, kind.indexOf("\u0000")))) return true;
    return false;
  }

  /** The reasons, with one more for each code and message that was said of more members than were kept. */
  reasonsSaid(): Reason[] {
    const more: Reason[] = [];
    for (const [kind, n] of this.reasonCounts) {
      if (n <= REPEATS_KEPT) continue;
      const [code, message] = kind.split("\u0000") as [string, string];
      more.push({ code, message: `${message} (and ${n - REPEATS_KEPT} more members)`, file_in_zip: null });
    }
    return more.length ? [...this.reasons, ...more] : this.reasons;
  }

  /** Adds a segment; cuts it and throws Stop once the character or segment limit is reached. Blank text is dropped. */
  emit(scope: Scope, raw: string, loc: Partial<Locator> = {}, source = "text"): void {
    // (NULs are no text, whichever format let them through: a damaged mail's body, a field's padding; a run of them parts what it stood between)
    const text = raw.includes("\0") ? raw.replace(/\0+/g, "\n") : raw;
    if (!text || !/\S/.test(text)) return;
    if (this.segments.length >= this.limits.maxSegments) throw new Stop("limit_segments", `more than ${this.limits.maxSegments} text segments (cells, fields, chunks of text)`);
    const room = this.limits.maxChars - this.chars;
    const cut = text.length > room;
    const t = cut ? text.slice(0, Math.max(0, room)) : text;
    if (t.length > 0) {
      this.segments.push({ text: t, source, locator: locator({ ...scope.base, ...loc, file_in_zip: scope.path }) });
      this.chars += t.length;
    }
    if (cut) throw new Stop("limit_chars", `extracted text reached ${this.limits.maxChars} characters`);
  }

  /** Counts one archive member; false (and a reason, once) when the entry limit is reached. */
  takeEntry(path: string | null): boolean {
    if (this.entriesExhausted) return false;
    if (this.entries >= this.limits.maxEntries) {
      this.entriesExhausted = true;
      this.reason("limit_entries", `more than ${this.limits.maxEntries} archive members`, path);
      return false;
    }
    this.entries += 1;
    return true;
  }

  /** Bytes an inflating member may still produce before the total-bytes limit. */
  bytesLeft(): number {
    return Math.max(0, this.limits.maxTotalBytes - this.totalBytes);
  }
}

export function childPath(scope: Scope, name: string): string {
  return scope.path ? `${scope.path}!/${name}` : name;
}

export function childScope(scope: Scope, name: string, base: Partial<Locator> = {}): Scope {
  return { path: childPath(scope, name), depth: scope.depth + 1, base };
}

/**
 * Races a parser promise against the remaining time budget. The parser is not stopped: what it
 * throws after the race is lost is ignored (it ends as it may; its rejection, unhandled, would end
 * the process: a fuzzed RAR whose member's sheet ran into the spent budget did).
 */
export async function withinBudget<T>(ctx: Ctx, p: Promise<T>): Promise<T> {
  const ms = ctx.remainingMs();
  if (ms <= 0) {
    p.catch(() => {});
    throw new Stop("limit_time", `time budget of ${ctx.limits.timeBudgetMs} ms spent`);
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Stop("limit_time", `time budget of ${ctx.limits.timeBudgetMs} ms spent`)), ms);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A parser's message without the file's text it quotes: V8's JSON.parse says `Unexpected token
 * 'J', "John Smith"... is not valid JSON`, and a reason goes into events, the index and logs,
 * where a file's content has no place (its findings carry masked values).
 */
export function withoutQuotedText(message: string): string {
  return message.replace(/(Unexpected token '[\s\S]{1,2}', )(?:\.\.\.)?"[\s\S]{0,400}?"(?:\.\.\.)?( is not valid JSON)/g, "$1(the text withheld)$2");
}

export function errorMessage(e: unknown): string {
  const m = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return m.length > 300 ? `${m.slice(0, 300)}…` : m;
}
