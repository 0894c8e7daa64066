/**
 * Per-key token buckets: a key with rate N/s may send a burst of max(N, 1) requests and then
 * N per second. A refused request learns how many seconds until a token is back.
 */
export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number; rate: number }>();
  private readonly now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.now = now;
  }

  /** 0 when allowed, else the seconds to wait (>= 1, for Retry-After). */
  take(id: string, rate: number | null): number {
    if (rate === null) return 0;
    const t = this.now();
    let b = this.buckets.get(id);
    if (!b || b.rate !== rate) {
      b = { tokens: Math.max(1, rate), at: t, rate };
      this.buckets.set(id, b);
    } else {
      b.tokens = Math.min(Math.max(1, rate), b.tokens + ((t - b.at) / 1000) * rate);
      b.at = t;
    }
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / rate));
  }

  /** Forget keys that no longer exist. */
  retain(ids: Set<string>): void {
    for (const id of this.buckets.keys()) if (!ids.has(id)) this.buckets.delete(id);
  }
}
