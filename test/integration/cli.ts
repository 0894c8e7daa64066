/** The `filescan` command line as a user runs it: a child process of this Node, its output collected. */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import { repoRoot } from "@filescan/config";

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** An argument as bash's $'…' of its bytes (Node sends a string argument as UTF-8). */
const bashBytes = (arg: string | Buffer) => `$'${Array.from(typeof arg === "string" ? Buffer.from(arg) : arg, (b) => `\\x${b.toString(16).padStart(2, "0")}`).join("")}'`;

/**
 * Starts `filescan ARGS` (for a test that signals it or reads it as it runs). An argument given
 * as bytes (a name that is not UTF-8) goes through bash, which passes them as they are.
 */
export function startFilescan(args: Array<string | Buffer>, env: NodeJS.ProcessEnv): ChildProcessWithoutNullStreams {
  const cli = [process.execPath, path.join(repoRoot(), "apps", "cli", "bin", "filescan.js")];
  if (args.every((a) => typeof a === "string")) return spawn(cli[0]!, [cli[1]!, ...args], { env, stdio: ["pipe", "pipe", "pipe"] });
  return spawn("bash", ["-c", `exec ${[...cli, ...args].map(bashBytes).join(" ")}`], { env, stdio: ["pipe", "pipe", "pipe"] });
}

/** Runs `filescan ARGS` to its end. */
export function filescan(args: Array<string | Buffer>, env: NodeJS.ProcessEnv): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const p = startFilescan(args, env);
    p.stdin.end();
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    p.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    p.on("error", reject);
    p.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
