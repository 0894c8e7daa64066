/**
 * What the user sees during and after a scan: a live progress bar (cli-progress) on a terminal,
 * a plain line every few seconds otherwise, one JSON line per file with --json (on stdout; the
 * progress then goes to stderr), and a summary at the end.
 */
import cliProgress from "cli-progress";
import { printable } from "../inspect/format.ts";

export type Outcome = "submitted" | "known" | "skipped" | "failed";

export interface FileResult {
  path: string;
  outcome: Outcome;
  sha256?: string;
  size?: number;
  submission_id?: string;
  /** skipped: why (too_large, symlink_outside_roots, excluded, ...); failed: the problem code. */
  reason?: string;
  detail?: string;
  /** known: "cache" or "query". */
  via?: string;
}

/** What the user can do about a skip reason, said in the summary. */
const SKIP_HINTS: Record<string, string> = {
  symlink_outside_roots: "links leading out of the scanned paths; --follow-symlinks follows them",
  too_large: "above --max-size, the server's limit by default",
  unreadable: "gone while scanning, broken links, paths over the system's limit",
  excluded: "--exclude / --include",
  not_a_file: "devices, sockets, FIFOs",
  already_walked: "directories reached again by another path, a bind mount or a link: walked once",
};

/** The bar once the walk is done: the share of the files found that is handled, and the time left. */
const WALKED = "{bar} {percentage}% | {value}/{total} files | hashed {hashed} known {known} submitted {submitted} failed {failed} | {mbs} MB/s | ETA {eta_formatted}";
/**
 * The bar while the walk goes on: no share nor time left, which are not known yet. The walk stays a
 * few dozen files ahead of the uploads (so a share's millions of names are not held), so the files
 * found were always nearly all handled: the bar said 99 % and "ETA 1s" from the first minute of a
 * scan of hours.
 */
const WALKING = "{value}/{total}+ files, walking | hashed {hashed} known {known} submitted {submitted} failed {failed} | {mbs} MB/s | {duration_formatted}";

export class Reporter {
  readonly counts = { found: 0, hashed: 0, known: 0, submitted: 0, skipped: 0, failed: 0 };
  bytesRead = 0;
  private readonly started = Date.now();
  private readonly bar: cliProgress.SingleBar | undefined;
  private readonly timer: NodeJS.Timeout | undefined;
  private walking = true;
  private readonly json: boolean;
  private readonly err: NodeJS.WriteStream;

  constructor(opts: { json: boolean; tty: boolean; err?: NodeJS.WriteStream; intervalMs?: number }) {
    this.json = opts.json;
    this.err = opts.err ?? process.stderr;
    if (opts.tty) {
      this.bar = new cliProgress.SingleBar({
        stream: this.err,
        format: (options, params, payload: { walking: boolean }) => cliProgress.Format.Formatter({ ...options, format: payload.walking ? WALKING : WALKED }, params, payload),
        hideCursor: true,
        etaBuffer: 200,
      }, cliProgress.Presets.shades_classic);
      this.bar.start(0, 0, this.payload());
    } else {
      this.timer = setInterval(() => this.err.write(`${this.line()}\n`), opts.intervalMs ?? 5000);
      this.timer.unref();
    }
  }

  private mbPerSec(): string {
    const secs = Math.max(0.001, (Date.now() - this.started) / 1000);
    return (this.bytesRead / 1e6 / secs).toFixed(1);
  }

  private payload() {
    return { ...this.counts, mbs: this.mbPerSec(), walking: this.walking };
  }

  /** Files handled so far (each found file once it is known, submitted, skipped or failed). */
  get handled(): number {
    return this.done();
  }

  private done(): number {
    return this.counts.known + this.counts.submitted + this.counts.skipped + this.counts.failed;
  }

  line(): string {
    const c = this.counts;
    return `scan: ${this.done()}/${c.found}${this.walking ? "+" : ""} files | hashed ${c.hashed} | known ${c.known} | submitted ${c.submitted} | skipped ${c.skipped} | failed ${c.failed} | ${this.mbPerSec()} MB/s | ${((Date.now() - this.started) / 1000).toFixed(0)} s`;
  }

  foundFile(): void {
    this.counts.found++;
    this.bar?.setTotal(this.counts.found);
  }

  walkDone(): void {
    this.walking = false;
    this.bar?.update(this.done(), this.payload());
  }

  hashed(bytes: number): void {
    this.counts.hashed++;
    this.bytesRead += bytes;
    this.bar?.update(this.done(), this.payload());
  }

  /** Skipped files per reason, for the summary. */
  readonly skipReasons = new Map<string, number>();

  result(r: FileResult): void {
    this.counts[r.outcome]++;
    if (r.outcome === "skipped") this.skipReasons.set(r.reason ?? "other", (this.skipReasons.get(r.reason ?? "other") ?? 0) + 1);
    if (this.json) process.stdout.write(`${JSON.stringify(r)}\n`);
    else if (r.outcome === "failed") this.log(`failed: ${r.path}: ${r.reason}${r.detail ? ` (${r.detail})` : ""}`);
    this.bar?.update(this.done(), this.payload());
  }

  private lastBusy = 0;
  /** When the first "waiting" line not yet followed by a "goes on" line was said. */
  private busySince: number | undefined;

  /**
   * A request that waited got its answer: said after a "waiting" line, so that line is not the
   * last word on an API that came back (at most once per "waiting" line, which is at most every 30 s).
   */
  back(now = Date.now()): void {
    if (this.busySince === undefined) return;
    this.log(`the API answers again; the scan goes on (${((now - this.busySince) / 1000).toFixed(0)} s after it began to wait)`);
    this.busySince = undefined;
  }

  /**
   * The API asked us to wait (503 queue full, 429), or is down: said at once, then at most every 30 s while
   * it goes on, so a scan that is not moving says why.
   */
  busy(problem: { status: number; code: string; detail?: string }, waitMs: number, now = Date.now()): void {
    if (now - this.lastBusy < 30_000) return;
    this.lastBusy = now;
    this.busySince ??= now;
    const what = problem.status === 0 ? "does not answer" : `answered ${problem.status} ${problem.code}`;
    this.log(`waiting: the API ${what}${problem.detail ? ` (${problem.detail})` : ""}; retrying in ${(waitMs / 1000).toFixed(0)} s`);
  }

  /**
   * A message that must not tear the bar, on one line and with no control character of a file
   * name sent to the terminal (a name can set its title, clear it or forge a line).
   */
  log(msg: string): void {
    if (this.bar) this.bar.stop();
    this.err.write(`${printable(msg)}\n`);
    if (this.bar) this.bar.start(this.counts.found, this.done(), this.payload());
  }

  /**
   * Ctrl-C or SIGTERM: the bar is stopped, which shows the cursor again and turns line wrapping
   * back on (cli-progress turns both off while it draws; an exit without this left the terminal
   * so), and where the scan got to is said.
   */
  interrupt(why?: string): void {
    this.bar?.stop();
    if (this.timer) clearInterval(this.timer);
    this.err.write(`interrupted${why ? ` (${why})` : ""}: ${this.line()}\n`);
  }

  finish(): string {
    this.bar?.update(this.done(), this.payload());
    this.bar?.stop();
    if (this.timer) clearInterval(this.timer);
    const c = this.counts;
    const secs = (Date.now() - this.started) / 1000;
    const summary = `scanned ${c.found} files in ${secs.toFixed(1)} s: ${c.submitted} submitted, ${c.known} already known, ${c.skipped} skipped, ${c.failed} failed (${c.hashed} read, ${(this.bytesRead / 1e6).toFixed(1)} MB, ${this.mbPerSec()} MB/s)`;
    if (this.skipReasons.size === 0) return summary;
    const why = [...this.skipReasons].sort((a, b) => b[1] - a[1]).map(([reason, n]) => `${n} ${reason}${SKIP_HINTS[reason] ? ` (${SKIP_HINTS[reason]})` : ""}`);
    return `${summary}\nskipped: ${why.join(", ")}${this.json ? "" : "; --json lists each file"}`;
  }
}
