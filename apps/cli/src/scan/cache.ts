/**
 * What earlier scans learned, so a re-scan is nearly free: for each path, the size and mtime
 * it had and its sha256 (an unchanged file is not read again), and the sha256s the server said
 * were analysed (never asked about again) or that were submitted (not uploaded again while
 * unchanged). Which files were analysed holds only while the server counts the same analyses:
 * when its oldest analyzer version that counts (GET /analyzer) is not the one the cache was
 * written under, the sha256s are forgotten (the paths' hashes are kept) and every file is asked
 * about again.
 *
 * On disk, per API base URL under $FILESCAN_HOME/scan-cache/: a snapshot (`<id>.json`, written
 * atomically at the end of a scan) and a journal of what was learnt since (`<id>.journal`, one
 * JSON array per line, appended every `flush()`: a scan's few seconds of news, not the whole
 * cache, so a share of a million files is not rewritten every five seconds — that took 2.9 s
 * a time and 240 MB of writes). A scan that is killed loses at most its last unflushed lines; a
 * line cut short is skipped when the journal is read.
 */
import { createHash } from "node:crypto";
import { appendFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

interface Stored {
  version: 1;
  files: Record<string, { size: number; mtimeMs: number; sha256: string }>;
  analysed: string[];
  submitted: string[];
  /** The server's `min_analyzer_version` when `analysed` and `submitted` were learnt (absent: 0). */
  min_analyzer_version?: number;
}

/** A journal line: a path's hash, a sha256 analysed, a sha256 submitted. */
type Entry = ["h", string, number, number, string] | ["a", string] | ["s", string];

export class ScanCache {
  readonly file: string | null;
  private readonly journal: string | null;
  private files = new Map<string, { size: number; mtimeMs: number; sha256: string }>();
  private readonly analysedSet = new Set<string>();
  private readonly submittedSet = new Set<string>();
  /** Journal lines not yet appended. */
  private pending: string[] = [];
  /** Anything learnt since the snapshot was written (then `save` writes a new one). */
  private changed = false;
  private readonly minVersion: number;

  /**
   * `dir` null: a cache that remembers nothing between runs (--no-cache). `minAnalyzerVersion`:
   * the server's now; verdicts learnt under another are dropped.
   */
  constructor(dir: string | null, apiBase: string, minAnalyzerVersion = 0) {
    this.minVersion = minAnalyzerVersion;
    const id = createHash("sha256").update(apiBase).digest("hex").slice(0, 16);
    this.file = dir ? path.join(dir, `${id}.json`) : null;
    this.journal = dir ? path.join(dir, `${id}.journal`) : null;
    if (!this.file) return;
    let s: Stored | undefined;
    try {
      s = JSON.parse(readFileSync(this.file, "utf8")) as Stored;
      if (s.version !== 1) s = undefined;
    } catch {
      // no snapshot yet, or an unreadable one: the journal alone, or nothing
    }
    const sameMin = (s?.min_analyzer_version ?? 0) === minAnalyzerVersion;
    if (s) {
      this.files = new Map(Object.entries(s.files));
      if (sameMin) {
        for (const h of s.analysed) this.analysedSet.add(h);
        for (const h of s.submitted) this.submittedSet.add(h);
      }
    }
    this.replayJournal(sameMin);
    if (!s || !sameMin) {
      // (a snapshot that names the minimum at once: what this scan appends to the journal is
      // learnt under it, and the old minimum's verdicts, just dropped, never mix with it)
      this.changed = true;
      this.save();
    }
  }

  private replayJournal(keepVerdicts: boolean): void {
    let text: string;
    try {
      text = readFileSync(this.journal!, "utf8");
    } catch {
      return;
    }
    for (const line of text.split("\n")) {
      if (!line) continue;
      let e: Entry;
      try {
        e = JSON.parse(line) as Entry;
      } catch {
        continue; // a line cut short by a kill
      }
      if (e[0] === "h" && e.length === 5) this.files.set(e[1], { size: e[2], mtimeMs: e[3], sha256: e[4] });
      else if (!keepVerdicts) continue;
      else if (e[0] === "a") this.setAnalysed(e[1]);
      else if (e[0] === "s") this.submittedSet.add(e[1]);
    }
    this.changed = true;
  }

  private note(e: Entry): void {
    this.changed = true;
    if (this.journal) this.pending.push(JSON.stringify(e));
  }

  private setAnalysed(sha256: string): void {
    this.analysedSet.add(sha256);
    this.submittedSet.delete(sha256);
  }

  /** The sha256 of an unchanged file, if this path was hashed before with the same size and mtime. */
  knownHash(p: string, size: number, mtimeMs: number): string | undefined {
    const f = this.files.get(p);
    return f && f.size === size && f.mtimeMs === mtimeMs ? f.sha256 : undefined;
  }

  rememberHash(p: string, size: number, mtimeMs: number, sha256: string): void {
    this.files.set(p, { size, mtimeMs, sha256 });
    this.note(["h", p, size, mtimeMs, sha256]);
  }

  isAnalysed(sha256: string): boolean {
    return this.analysedSet.has(sha256);
  }

  markAnalysed(sha256: string): void {
    this.setAnalysed(sha256);
    this.note(["a", sha256]);
  }

  wasSubmitted(sha256: string): boolean {
    return this.submittedSet.has(sha256);
  }

  markSubmitted(sha256: string): void {
    this.submittedSet.add(sha256);
    this.note(["s", sha256]);
  }

  /** Appends what was learnt since the last flush to the journal (cheap: call it every few seconds). */
  flush(): void {
    if (!this.journal || this.pending.length === 0) return;
    mkdirSync(path.dirname(this.journal), { recursive: true });
    appendFileSync(this.journal, `${this.pending.join("\n")}\n`);
    this.pending = [];
  }

  /** Writes the whole cache as a new snapshot and empties the journal (the end of a scan). */
  save(): void {
    if (!this.file || !this.changed) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const s: Stored = { version: 1, files: Object.fromEntries(this.files), analysed: [...this.analysedSet], submitted: [...this.submittedSet], min_analyzer_version: this.minVersion };
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(s));
    renameSync(tmp, this.file);
    // (after the snapshot holds everything: a kill between the two replays the journal onto it, harmlessly)
    rmSync(this.journal!, { force: true });
    this.pending = [];
    this.changed = false;
  }
}
