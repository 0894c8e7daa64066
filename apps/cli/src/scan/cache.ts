/**
 * What earlier scans learned, so a re-scan is nearly free: for each path, the size and mtime
 * it had and its sha256 (an unchanged file is not read again), and the sha256s the server said
 * were analysed (never asked about again) or that were submitted (not uploaded again while
 * unchanged). One JSON file per API base URL under $FILESCAN_HOME/scan-cache/, written
 * atomically at the end of a scan (and every few seconds during one). Which files were analysed
 * holds only while the server counts the same analyses: when its oldest analyzer version that
 * counts (GET /analyzer) is not the one the cache was written under, the sha256s are forgotten
 * (the paths' hashes are kept) and every file is asked about again.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

interface Stored {
  version: 1;
  files: Record<string, { size: number; mtimeMs: number; sha256: string }>;
  analysed: string[];
  submitted: string[];
  /** The server's `min_analyzer_version` when `analysed` and `submitted` were learnt (absent: 0). */
  min_analyzer_version?: number;
}

export class ScanCache {
  readonly file: string | null;
  private files = new Map<string, { size: number; mtimeMs: number; sha256: string }>();
  private readonly analysedSet = new Set<string>();
  private readonly submittedSet = new Set<string>();
  private dirty = false;
  private minVersion = 0;

  /**
   * `dir` null: a cache that remembers nothing between runs (--no-cache). `minAnalyzerVersion`:
   * the server's now; verdicts learnt under another are dropped.
   */
  constructor(dir: string | null, apiBase: string, minAnalyzerVersion = 0) {
    this.minVersion = minAnalyzerVersion;
    this.file = dir ? path.join(dir, `${createHash("sha256").update(apiBase).digest("hex").slice(0, 16)}.json`) : null;
    if (!this.file) return;
    try {
      const s = JSON.parse(readFileSync(this.file, "utf8")) as Stored;
      if (s.version !== 1) return;
      this.files = new Map(Object.entries(s.files));
      if ((s.min_analyzer_version ?? 0) !== minAnalyzerVersion) {
        this.dirty = true;
        return;
      }
      for (const h of s.analysed) this.analysedSet.add(h);
      for (const h of s.submitted) this.submittedSet.add(h);
    } catch {
      // no cache yet, or an unreadable one: start empty
    }
  }

  /** The sha256 of an unchanged file, if this path was hashed before with the same size and mtime. */
  knownHash(p: string, size: number, mtimeMs: number): string | undefined {
    const f = this.files.get(p);
    return f && f.size === size && f.mtimeMs === mtimeMs ? f.sha256 : undefined;
  }

  rememberHash(p: string, size: number, mtimeMs: number, sha256: string): void {
    this.files.set(p, { size, mtimeMs, sha256 });
    this.dirty = true;
  }

  isAnalysed(sha256: string): boolean {
    return this.analysedSet.has(sha256);
  }

  markAnalysed(sha256: string): void {
    this.analysedSet.add(sha256);
    this.submittedSet.delete(sha256);
    this.dirty = true;
  }

  wasSubmitted(sha256: string): boolean {
    return this.submittedSet.has(sha256);
  }

  markSubmitted(sha256: string): void {
    this.submittedSet.add(sha256);
    this.dirty = true;
  }

  save(): void {
    if (!this.file || !this.dirty) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const s: Stored = { version: 1, files: Object.fromEntries(this.files), analysed: [...this.analysedSet], submitted: [...this.submittedSet], min_analyzer_version: this.minVersion };
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(s));
    renameSync(tmp, this.file);
    this.dirty = false;
  }
}
