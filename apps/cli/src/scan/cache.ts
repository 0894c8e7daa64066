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
 * atomically at the end of a scan) and a journal of what was learnt since (`<id>.journal`,
 * appended every `flush()`: a scan's few seconds of news, not the whole cache, so a share of a
 * million files is not rewritten every five seconds — that took 2.9 s a time and 240 MB of
 * writes). A scan that is killed loses at most its last unflushed lines; a line cut short is
 * skipped when the journal is read.
 *
 * Both are lines of JSON, written and read a few megabytes at a time: a share of millions of
 * files makes a cache larger than the longest string V8 holds (about 512 M characters; the
 * first format, one JSON document, could not be written past about 2.7 million files, and its
 * journal was then silently not read). The snapshot: a header line, then each directory
 * (`["d", dir]`) followed by its files (`["f", name, size, mtimeMs, sha256, verdict]`, verdict
 * "a" analysed, "s" submitted, "" neither). The journal: `["h", path, size, mtimeMs, sha256]`,
 * `["a", sha256]`, `["s", sha256]`. In memory, paths are kept by directory (a directory's name
 * once, not once per file: a third less memory on a share of a few dozen files per directory).
 *
 * The cache forgets what is gone: `save({ walked })` after a scan that walked its roots to the
 * end drops the paths under them that the walk did not meet (`saw`), and a snapshot keeps only
 * the verdicts of sha256s some remembered path still has.
 */
import { createHash } from "node:crypto";
import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";
import { isAlive } from "@filescan/infra-local";

/** The first format: one JSON document (read, never written). */
interface StoredV1 {
  version: 1;
  files: Record<string, { size: number; mtimeMs: number; sha256: string }>;
  analysed: string[];
  submitted: string[];
  /** The server's `min_analyzer_version` when `analysed` and `submitted` were learnt (absent: 0). */
  min_analyzer_version?: number;
}

/** The snapshot's first line. */
interface Header {
  version: 2;
  min_analyzer_version: number;
}

/** A journal line: a path's hash, a sha256 analysed, a sha256 submitted. */
type Entry = ["h", string, number, number, string] | ["a", string] | ["s", string];
/** A snapshot line after the header: a directory, then a file in it. */
type SnapshotLine = ["d", string] | ["f", string, number, number, string, "a" | "s" | ""];

interface FileEntry {
  size: number;
  mtimeMs: number;
  sha256: string;
  /** Met by this scan's walk (or hashed by it). */
  seen: boolean;
}

/** Bytes read and written at a time. */
const CHUNK = 8 * 1024 * 1024;

/**
 * Each line of a file (without its "\n"), read a chunk at a time, so a file of any size is
 * read without one string of it all. Nothing when the file cannot be opened.
 */
export function* fileLines(file: string, chunk = CHUNK): Generator<string> {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return;
  }
  try {
    const buf = Buffer.allocUnsafe(chunk);
    let rest: Buffer = Buffer.alloc(0);
    for (;;) {
      const n = readSync(fd, buf, 0, chunk, null);
      if (n === 0) break;
      const data = rest.length ? Buffer.concat([rest, buf.subarray(0, n)]) : buf.subarray(0, n);
      let from = 0;
      for (let nl = data.indexOf(10, from); nl !== -1; nl = data.indexOf(10, from)) {
        yield data.toString("utf8", from, nl);
        from = nl + 1;
      }
      // (a copy: `buf` is read into again)
      rest = Buffer.from(data.subarray(from));
    }
    if (rest.length) yield rest.toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/** Writes lines to a file a chunk at a time. */
class LineWriter {
  private readonly fd: number;
  private lines: string[] = [];
  private chars = 0;
  constructor(file: string) {
    this.fd = openSync(file, "w");
  }
  line(s: string): void {
    this.lines.push(s);
    this.chars += s.length + 1;
    if (this.chars >= CHUNK) this.drain();
  }
  private drain(): void {
    if (this.lines.length) writeSync(this.fd, `${this.lines.join("\n")}\n`);
    this.lines = [];
    this.chars = 0;
  }
  close(): void {
    try {
      this.drain();
    } finally {
      closeSync(this.fd);
    }
  }
}

/** `{ [key]: value }`, or nothing when there is no value. */
const optional = <K extends string>(key: K, value: string | undefined): { [k in K]?: string } => (value === undefined ? {} : ({ [key]: value } as { [k in K]: string }));

const parse = <T>(line: string): T | undefined => {
  try {
    return JSON.parse(line) as T;
  } catch {
    return undefined; // a line cut short by a kill
  }
};

/**
 * The scan that holds a cache's lock, as `<id>.lock` says: `<pid> <start> <boot>`, its pid, its
 * start time (`/proc/<pid>/stat`'s starttime, clock ticks after the boot) and the boot's id
 * (`/proc/sys/kernel/random/boot_id`), each "-" where there is no /proc. An older scan wrote its
 * pid alone (and reads the pid first, as before).
 */
export interface LockOwner {
  pid: number;
  start?: string;
  boot?: string;
}

/** A process's start time, clock ticks after the boot (`/proc/<pid>/stat`'s field 22); undefined without /proc or the process. */
export function processStart(pid: number): string | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // (the fields after the command's name, which is in parentheses and may hold spaces and parentheses)
  const start = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  return start && /^\d+$/.test(start) ? start : undefined;
}

/** This boot of the machine (changes at every boot); undefined without /proc. */
export function bootId(): string | undefined {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

/** When the machine booted, in ms since the epoch (`/proc/stat`'s btime); undefined without /proc. */
function bootTimeMs(): number | undefined {
  try {
    const m = /^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"));
    return m ? Number(m[1]) * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** A lock file's text: `LockOwner`'s line. */
export function lockText(o: LockOwner): string {
  return `${o.pid} ${o.start ?? "-"} ${o.boot ?? "-"}\n`;
}

/** What a lock file says; undefined when it names no pid (empty, cut short, not a lock). */
export function parseLock(text: string): LockOwner | undefined {
  const [pid, start, boot] = text.trim().split(/\s+/);
  const n = Number(pid);
  if (!pid || !/^\d+$/.test(pid) || !Number.isSafeInteger(n) || n <= 0) return undefined;
  return { pid: n, ...(start && start !== "-" ? { start } : {}), ...(boot && boot !== "-" ? { boot } : {}) };
}

/**
 * Whether the scan a lock names still runs. Its pid alone does not tell: after a reboot, or in a
 * container, whose pids start again at 1, the pid of a scan that was killed is soon some other
 * process's (a container's scan is often the same pid every time), and a lock taken as held for
 * as long as that process lived kept every later scan from writing the cache, for good. So a lock
 * is held only by a live process of the same boot that started when its writer did; one written
 * by an older scan (its pid alone) only by a live process if it was written since the machine booted.
 * `writtenMs`: the lock file's mtime.
 */
export function lockIsLive(owner: LockOwner, writtenMs: number, now: { boot?: string | undefined; bootMs?: number | undefined; start?: (pid: number) => string | undefined } = {}): boolean {
  const boot = "boot" in now ? now.boot : bootId();
  if (owner.boot !== undefined && boot !== undefined && owner.boot !== boot) return false;
  if (owner.boot === undefined) {
    const bootMs = "bootMs" in now ? now.bootMs : bootTimeMs();
    if (bootMs !== undefined && writtenMs < bootMs) return false;
  }
  if (!isAlive(owner.pid)) return false;
  const start = owner.start === undefined ? undefined : (now.start ?? processStart)(owner.pid);
  return start === undefined || start === owner.start;
}

export class ScanCache {
  readonly file: string | null;
  private readonly journal: string | null;
  /** Directory → file name → what the file was. */
  private readonly dirs = new Map<string, Map<string, FileEntry>>();
  private readonly analysedSet = new Set<string>();
  private readonly submittedSet = new Set<string>();
  /** Journal lines not yet appended. */
  private pending: string[] = [];
  /** Anything learnt since the snapshot was written (then `save` writes a new one). */
  private changed = false;
  private readonly minVersion: number;
  /** `<id>.lock`, naming the scan that writes the cache (`LockOwner`). */
  private readonly lock: string | null;
  /** This process as a lock names it. */
  private readonly self: LockOwner = { pid: process.pid, ...optional("start", processStart(process.pid)), ...optional("boot", bootId()) };
  /**
   * The pid of another scan that writes this cache now, if any: then this one reads the cache
   * and writes nothing to it (each would write its own snapshot over the other's, and the first
   * to finish would delete the journal the other still appends to).
   */
  readonly heldBy: number | null = null;

  /**
   * `dir` null: a cache that remembers nothing between runs (--no-cache). `minAnalyzerVersion`:
   * the server's now; verdicts learnt under another are dropped. Call `close()` at the end.
   */
  constructor(dir: string | null, apiBase: string, minAnalyzerVersion = 0) {
    this.minVersion = minAnalyzerVersion;
    const id = createHash("sha256").update(apiBase).digest("hex").slice(0, 16);
    this.file = dir ? path.join(dir, `${id}.json`) : null;
    this.journal = dir ? path.join(dir, `${id}.journal`) : null;
    this.lock = dir ? path.join(dir, `${id}.lock`) : null;
    if (!this.file) return;
    this.heldBy = this.takeLock();
    const snapshotMin = this.readSnapshot();
    const sameMin = (snapshotMin ?? 0) === minAnalyzerVersion;
    if (!sameMin) {
      this.analysedSet.clear();
      this.submittedSet.clear();
    }
    this.replayJournal(sameMin);
    if (snapshotMin === undefined || !sameMin) {
      // (a snapshot that names the minimum at once: what this scan appends to the journal is
      // learnt under it, and the old minimum's verdicts, just dropped, never mix with it)
      this.changed = true;
      this.save();
    }
  }

  /** Takes the lock; the pid of the live scan that holds it instead, if any. */
  private takeLock(): number | null {
    mkdirSync(path.dirname(this.lock!), { recursive: true });
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        writeFileSync(this.lock!, lockText(this.self), { flag: "wx" });
        process.once("exit", this.release);
        return null;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
      let text: string;
      let writtenMs: number;
      try {
        text = readFileSync(this.lock!, "utf8");
        writtenMs = statSync(this.lock!).mtimeMs;
      } catch {
        continue; // gone meanwhile: try again
      }
      const owner = parseLock(text);
      // (this process: another cache object of the same scan, as in tests)
      if (owner && this.isSelf(owner)) return null;
      // (a lock with this pid that this process did not write: an older process had the pid)
      if (owner && owner.pid !== this.self.pid && lockIsLive(owner, writtenMs)) return owner.pid;
      // (a scan that was killed; removed only if it is still the lock just judged, not one another
      // scan took meanwhile)
      try {
        if (readFileSync(this.lock!, "utf8") === text) rmSync(this.lock!, { force: true });
      } catch {
        // gone meanwhile
      }
    }
    return null;
  }

  /** Whether a lock names this process (the same pid that started at the same time). */
  private isSelf(o: LockOwner): boolean {
    return o.pid === this.self.pid && o.start === this.self.start && o.boot === this.self.boot;
  }

  /** Gives the lock back (once; also at exit). */
  private readonly release = (): void => {
    if (!this.lock || this.heldBy !== null) return;
    try {
      const owner = parseLock(readFileSync(this.lock, "utf8"));
      if (owner && this.isSelf(owner)) rmSync(this.lock, { force: true });
    } catch {
      // not there
    }
    process.removeListener("exit", this.release);
  };

  /** The end of the scan: the lock is given back (the cache stays readable). */
  close(): void {
    this.release();
  }

  /** Reads the snapshot; its minimum analyzer version, or undefined without a readable one. */
  private readSnapshot(): number | undefined {
    let min: number | undefined;
    let dir: Map<string, FileEntry> | undefined;
    for (const line of fileLines(this.file!)) {
      if (min === undefined) {
        const head = parse<Header | StoredV1>(line);
        if (head?.version === 1) return this.readV1(head);
        if (head?.version !== 2) return undefined;
        min = head.min_analyzer_version;
        continue;
      }
      const e = parse<SnapshotLine>(line);
      if (e?.[0] === "d") {
        dir = this.dirs.get(e[1]) ?? new Map<string, FileEntry>();
        this.dirs.set(e[1], dir);
      } else if (e?.[0] === "f" && dir) {
        const f: FileEntry = { size: e[2], mtimeMs: e[3], sha256: e[4], seen: false };
        dir.set(e[1], f);
        if (e[5] === "a") this.analysedSet.add(f.sha256);
        else if (e[5] === "s") this.submittedSet.add(f.sha256);
      }
    }
    return min;
  }

  private readV1(s: StoredV1): number {
    for (const [p, f] of Object.entries(s.files)) this.put(p, f.size, f.mtimeMs, f.sha256, false);
    for (const h of s.analysed) this.analysedSet.add(h);
    for (const h of s.submitted) this.submittedSet.add(h);
    return s.min_analyzer_version ?? 0;
  }

  private replayJournal(keepVerdicts: boolean): void {
    for (const line of fileLines(this.journal!)) {
      const e = line ? parse<Entry>(line) : undefined;
      if (e === undefined) continue;
      this.changed = true;
      if (e[0] === "h" && e.length === 5) this.put(e[1], e[2], e[3], e[4], false);
      else if (!keepVerdicts) continue;
      else if (e[0] === "a") this.setAnalysed(e[1]);
      else if (e[0] === "s") this.submittedSet.add(e[1]);
    }
  }

  private entry(p: string): FileEntry | undefined {
    return this.dirs.get(path.dirname(p))?.get(path.basename(p));
  }

  private put(p: string, size: number, mtimeMs: number, sha256: string, seen: boolean): void {
    // (a cache that keeps nothing between runs, --no-cache, needs no path: each is met once a scan,
    // and a scan of millions of files held them all, 200 bytes each, to its end for nothing)
    if (!this.file) return;
    const d = path.dirname(p);
    let dir = this.dirs.get(d);
    if (!dir) this.dirs.set(d, (dir = new Map()));
    dir.set(path.basename(p), { size, mtimeMs, sha256, seen });
  }

  private note(e: Entry): void {
    this.changed = true;
    if (this.journal && this.heldBy === null) this.pending.push(JSON.stringify(e));
  }

  private setAnalysed(sha256: string): void {
    this.analysedSet.add(sha256);
    this.submittedSet.delete(sha256);
  }

  /** The sha256 of an unchanged file, if this path was hashed before with the same size and mtime. */
  knownHash(p: string, size: number, mtimeMs: number): string | undefined {
    const f = this.entry(p);
    return f && f.size === size && f.mtimeMs === mtimeMs ? f.sha256 : undefined;
  }

  /** The walk met this path (a file, or one it skipped): still there, so `save({ walked })` keeps it. */
  saw(p: string): void {
    const f = this.entry(p);
    if (f) f.seen = true;
  }

  rememberHash(p: string, size: number, mtimeMs: number, sha256: string): void {
    this.put(p, size, mtimeMs, sha256, true);
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
    // (asked only of a path's remembered hash: see `put`)
    if (this.file) this.submittedSet.add(sha256);
    this.note(["s", sha256]);
  }

  /** Files remembered (for tests and benchmarks). */
  get size(): number {
    let n = 0;
    for (const d of this.dirs.values()) n += d.size;
    return n;
  }

  /** Appends what was learnt since the last flush to the journal (cheap: call it every few seconds). */
  flush(): void {
    if (!this.journal || this.heldBy !== null || this.pending.length === 0) return;
    mkdirSync(path.dirname(this.journal), { recursive: true });
    appendFileSync(this.journal, `${this.pending.join("\n")}\n`);
    this.pending = [];
  }

  /**
   * Forgets the paths under `roots` (absolute, as the walk resolved them) that the walk did not
   * meet: deleted, moved, or now unreadable. Only after a walk that reached its end, and not
   * under a root where it met none of the remembered paths: a share that is not mounted looks
   * empty, and forgetting it would mean reading every file of it again once it is back.
   */
  private forgetUnseen(roots: readonly string[]): void {
    const under = (p: string, r: string) => p === r || p.startsWith(r.endsWith(path.sep) ? r : r + path.sep);
    /** Per directory: the walked root a remembered file in it is under, if any (a root may be a file). */
    const rootsIn = (d: string): ((name: string) => string | undefined) | undefined => {
      const r = roots.find((root) => under(d, root));
      if (r !== undefined) return () => r;
      const files = roots.filter((root) => path.dirname(root) === d);
      return files.length ? (name) => files.find((root) => path.basename(root) === name) : undefined;
    };
    const met = new Set<string>();
    for (const [d, files] of this.dirs) {
      const rootOf = rootsIn(d);
      if (rootOf) for (const [name, f] of files) if (f.seen) met.add(rootOf(name) ?? "");
    }
    for (const [d, files] of this.dirs) {
      const rootOf = rootsIn(d);
      if (!rootOf) continue;
      for (const [name, f] of files) {
        const r = f.seen ? undefined : rootOf(name);
        if (r === undefined || !met.has(r)) continue;
        files.delete(name);
        this.changed = true;
      }
      if (files.size === 0) this.dirs.delete(d);
    }
  }

  /**
   * Writes the whole cache as a new snapshot and empties the journal (the end of a scan).
   * `walked`: the roots a finished walk went through (see `forgetUnseen`).
   */
  save(opts: { walked?: readonly string[] } = {}): void {
    if (!this.file || this.heldBy !== null) return;
    if (opts.walked) this.forgetUnseen(opts.walked);
    if (!this.changed) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    const out = new LineWriter(tmp);
    try {
      out.line(JSON.stringify({ version: 2, min_analyzer_version: this.minVersion } satisfies Header));
      for (const [d, files] of this.dirs) {
        out.line(JSON.stringify(["d", d]));
        for (const [name, f] of files) {
          const verdict = this.analysedSet.has(f.sha256) ? "a" : this.submittedSet.has(f.sha256) ? "s" : "";
          out.line(JSON.stringify(["f", name, f.size, f.mtimeMs, f.sha256, verdict] satisfies SnapshotLine));
        }
      }
    } catch (err) {
      out.close();
      rmSync(tmp, { force: true });
      throw err;
    }
    out.close();
    renameSync(tmp, this.file);
    // (after the snapshot holds everything: a kill between the two replays the journal onto it, harmlessly)
    rmSync(this.journal!, { force: true });
    this.pending = [];
    this.changed = false;
  }
}
