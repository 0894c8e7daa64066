/**
 * A condition that lasts (a server down, a partition whose records keep failing) as the log
 * tells it: one line when it starts, one at most every `everyMs` while it lasts, one when it is
 * over. A line per try flooded the log: a partition whose output could not be produced logged
 * an error every 2 s for as long as that lasted.
 */
export class Lasting {
  #since = 0;
  #logged = -Infinity;
  #count = 0;
  #on = false;

  readonly #everyMs: number;
  readonly #now: () => number;

  constructor(everyMs: number, now: () => number = Date.now) {
    this.#everyMs = everyMs;
    this.#now = now;
  }

  /** Seen once more; true when this time is to be logged (the first, then once per `everyMs`). */
  again(): boolean {
    const now = this.#now();
    if (!this.#on) [this.#on, this.#since, this.#logged, this.#count] = [true, now, -Infinity, 0];
    this.#count++;
    if (now - this.#logged < this.#everyMs) return false;
    this.#logged = now;
    return true;
  }

  /** How often it was seen, and for how long, so far. */
  get seen(): { count: number; forMs: number } {
    return { count: this.#count, forMs: this.#on ? this.#now() - this.#since : 0 };
  }

  /** It is over: how often it was seen and for how long, or null when it was not on (nothing to log). */
  over(): { count: number; forMs: number } | null {
    if (!this.#on) return null;
    const seen = this.seen;
    this.#on = false;
    return seen;
  }
}
