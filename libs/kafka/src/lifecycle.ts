/**
 * A stream processor's start and stop: what it opens (health server, clients, producer,
 * consumer) is closed in the reverse order, by `stop()` or by a start-up that fails half-way.
 */
export class Closers {
  private readonly closers: Array<() => unknown> = [];

  /** Registers `thing` to be closed by `close`; returns it. */
  add<T>(thing: T, close: (thing: T) => unknown): T {
    this.closers.push(() => close(thing));
    return thing;
  }

  /** Closes everything, last opened first; every closer runs, the first failure is thrown after. */
  async closeAll(): Promise<void> {
    let failure: { err: unknown } | null = null;
    for (let c = this.closers.pop(); c; c = this.closers.pop()) {
      try {
        await c();
      } catch (err) {
        failure ??= { err };
      }
    }
    if (failure) throw failure.err;
  }

  /**
   * Runs a start-up: on failure closes what it had opened and rethrows the start-up's error.
   */
  async start<T>(open: (closers: this) => Promise<T>): Promise<T> {
    try {
      return await open(this);
    } catch (err) {
      await this.closeAll().catch(() => undefined);
      throw err;
    }
  }
}
