/**
 * The backlog reading behind /submit's 503: the consumer-group lag, read at most once per
 * `ttlMs` (default 1 s) however many requests arrive. Requests use the last reading while a
 * new one is fetched; only the very first request waits for one. A failed reading keeps the
 * last value (an unreadable lag alone never rejects a submission: the send itself will fail).
 */
export class BacklogGauge {
  private readonly read: () => Promise<number>;
  private readonly ttlMs: number;
  private readonly onError: (err: unknown) => void;
  private value: number | null = null;
  private at = 0;
  private pending: Promise<number | null> | null = null;

  constructor(read: () => Promise<number>, ttlMs: number, onError: (err: unknown) => void = () => undefined) {
    this.read = read;
    this.ttlMs = ttlMs;
    this.onError = onError;
  }

  async current(now = Date.now()): Promise<number | null> {
    if (this.at !== 0 && now - this.at < this.ttlMs) return this.value;
    this.pending ??= this.read().then(
      (v) => {
        this.value = v;
        this.at = Date.now();
        return v;
      },
      (err: unknown) => {
        this.onError(err);
        this.at = Date.now();
        return this.value;
      },
    ).finally(() => {
      this.pending = null;
    });
    return this.value === null ? this.pending : this.value;
  }
}
