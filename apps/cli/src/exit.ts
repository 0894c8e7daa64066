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
