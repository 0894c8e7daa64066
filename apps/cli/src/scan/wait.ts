/**
 * Which submitted files `filescan scan --wait` asks about next. Not every file every round: a
 * first scan of 100,000 files asked 100,000 times every round (each `/query`), a continuous load
 * on the API and Elasticsearch taken from the pipeline it waits for, on the same machine. A
 * round asks about the files asked about least recently, oldest submission first (the
 * pipeline works roughly in that order), twice as many as finished in the round before and
 * at least `min`; the files still not analysed go to the back, so a file that is never analysed
 * (dead-lettered) does not hold up the others.
 */
export class WaitQueue {
  private readonly queue: string[];
  private readonly min: number;
  private budget: number;
  /** Files waited for in all (the submitted ones, and with --known the known ones not analysed yet). */
  readonly total: number;

  constructor(shas: Iterable<string>, min = 64) {
    this.queue = [...shas];
    this.total = this.queue.length;
    this.min = min;
    this.budget = min;
  }

  /** Files found analysed so far. */
  get done(): number {
    return this.total - this.queue.length;
  }

  /** Files not known to be analysed. */
  get size(): number {
    return this.queue.length;
  }

  /** Those files. */
  left(): string[] {
    return [...this.queue];
  }

  /** The next round's files. */
  take(): string[] {
    return this.queue.splice(0, Math.min(this.budget, this.queue.length));
  }

  /** After a round: the files asked that are not analysed yet go to the back. */
  put(asked: readonly string[], done: ReadonlySet<string>): void {
    for (const sha of asked) if (!done.has(sha)) this.queue.push(sha);
    this.budget = Math.max(this.min, 2 * done.size);
  }
}
