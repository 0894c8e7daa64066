/**
 * A step of a `before` hook with its own deadline: when a server is slow to answer, the failure
 * names the step (and the last lines the app logged) instead of mocha's bare "Timeout of N ms
 * exceeded" for the whole hook. Deadlines are set below the hook's timeout.
 */
export async function within<T>(label: string, ms: number, work: Promise<T>, logs?: () => readonly string[]): Promise<T> {
  const t0 = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const tail = logs?.().slice(-5).map((l) => `    ${l.trim()}`).join("\n");
      reject(new Error(`${label}: not done within ${ms / 1000} s${tail ? `; last log lines:\n${tail}` : ""}`));
    }, ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
    const s = (Date.now() - t0) / 1000;
    // A slow step is worth a line even when it makes it: the next slow machine shows where time goes.
    if (s > ms / 4000) process.stderr.write(`  [slow] ${label}: ${s.toFixed(1)} s\n`);
  }
}

/** Polls `fn` every 200 ms until it returns something other than undefined; fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, fn: () => T | undefined, timeoutMs = 90_000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
