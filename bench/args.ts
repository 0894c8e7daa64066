/**
 * The command line of a benchmark: node's parseArgs, with what a user of a command expects of it.
 * `--help` (`-h`) prints the script's opening comment, which says what it measures and how to
 * run it, and exits 0. An unknown option, an option without its value, or a number that is not
 * one ends the run with one line on stderr and exit code 2, instead of a stack trace or a run
 * measuring NaN.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, type ParseArgsConfig } from "node:util";

/** The opening `/** … *\/` comment of a script, without its stars. */
export function usageOf(source: string): string {
  const m = /^\s*\/\*\*([\s\S]*?)\*\//.exec(source);
  if (!m) return "";
  return m[1]!
    .split("\n")
    .map((l) => l.replace(/^\s*\* ?/, ""))
    .join("\n")
    .trim() + "\n";
}

export class UsageError extends Error {}

/** A whole number of at least `min`, from an option's value. */
export function intOf(value: string | undefined, option: string, min = 1): number {
  const n = Number(value);
  if (value === undefined || value.trim() === "" || !Number.isSafeInteger(n) || n < min) throw new UsageError(`--${option} must be a whole number of at least ${min}, got ${JSON.stringify(value ?? "")}`);
  return n;
}

/** A number above 0 (fractions allowed: "--mixed-mb 0.5"). */
export function positiveOf(value: string | undefined, option: string): number {
  const n = Number(value);
  if (value === undefined || value.trim() === "" || !Number.isFinite(n) || n <= 0) throw new UsageError(`--${option} must be a number above 0, got ${JSON.stringify(value ?? "")}`);
  return n;
}

/** A comma-separated list of whole numbers of at least 1 ("--sizes 64000,256000"), `count` of them when given. */
export function intsOf(value: string | undefined, option: string, count?: number): number[] {
  const parts = (value ?? "").split(",");
  if (count !== undefined && parts.length !== count) throw new UsageError(`--${option} takes ${count} whole numbers separated by commas, got ${JSON.stringify(value ?? "")}`);
  return parts.map((p) => intOf(p, option));
}

/**
 * parseArgs(config) for the script at `scriptUrl` (its `import.meta.url`), and the checks of
 * option values above bound to it: a UsageError they throw ends the run as parseArgs' own do.
 */
export function benchArgs<T extends ParseArgsConfig>(scriptUrl: string, config: T) {
  const file = fileURLToPath(scriptUrl);
  const name = path.relative(process.cwd(), file) || file;
  const fail = (message: string): never => {
    process.stderr.write(`${name}: ${message} (--help for the options)\n`);
    process.exit(2);
  };
  const argv = config.args ?? process.argv.slice(2);
  const end = argv.indexOf("--");
  if ((end < 0 ? argv : argv.slice(0, end)).some((a) => a === "--help" || a === "-h")) {
    process.stdout.write(usageOf(readFileSync(file, "utf8")));
    process.exit(0);
  }
  /** Runs a check of an option's value; its UsageError ends the run. */
  const checked = <R>(check: () => R): R => {
    try {
      return check();
    } catch (e) {
      if (e instanceof UsageError) return fail(e.message);
      throw e;
    }
  };
  let parsed: ReturnType<typeof parseArgs<T>>;
  try {
    parsed = parseArgs(config);
  } catch (e) {
    // (parseArgs' own errors: an unknown option, a value missing, a positional where none is taken)
    if (e instanceof TypeError && String((e as NodeJS.ErrnoException).code).startsWith("ERR_PARSE_ARGS")) return fail(e.message);
    throw e;
  }
  return {
    ...parsed,
    int: (value: string | undefined, option: string, min = 1) => checked(() => intOf(value, option, min)),
    positive: (value: string | undefined, option: string) => checked(() => positiveOf(value, option)),
    ints: (value: string | undefined, option: string, count?: number) => checked(() => intsOf(value, option, count)),
    /** Ends the run as a wrong option does, with this message. */
    fail,
  };
}
