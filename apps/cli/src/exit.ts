/**
 * Exits once stdout and stderr have handed everything written to the operating system. Writes
 * to a pipe are asynchronous in Node: `process.exit` right after a large write (a report of
 * 100,000 findings piped to jq) cut it short.
 */
export async function exitAfterOutput(code: number): Promise<never> {
  const flushed = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write("", () => resolve()));
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}

/** A process killed by SIGPIPE exits so (128 + 13), as the shell reports it. */
export const CLOSED_OUTPUT_EXIT = 141;

/**
 * The reader of stdout or stderr went away (`filescan … | head`): the next write threw EPIPE
 * from an 'error' event nobody handled, a crash with a stack trace and exit code 1 — which
 * `inspect` uses for "something sensitive", and which cut a scan short before it wrote what it
 * had learnt. Now `before` runs (what must be saved), and the process exits 141, as one killed by
 * SIGPIPE does. Returns the function that takes the handler away again.
 */
export function onClosedOutput(before?: () => void): () => void {
  const handler = (err: NodeJS.ErrnoException) => {
    if (err.code !== "EPIPE") throw err;
    before?.();
    process.exit(CLOSED_OUTPUT_EXIT);
  };
  for (const out of [process.stdout, process.stderr]) out.on("error", handler);
  return () => {
    for (const out of [process.stdout, process.stderr]) out.removeListener("error", handler);
  };
}
