/** The `filescan` command line as a user runs it: a child process of this Node, its output collected. */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import { repoRoot } from "@filescan/config";

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts `filescan ARGS` (for a test that signals it or reads it as it runs). */
export function startFilescan(args: string[], env: NodeJS.ProcessEnv): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [path.join(repoRoot(), "apps", "cli", "bin", "filescan.js"), ...args], { env, stdio: ["pipe", "pipe", "pipe"] });
}

/** Runs `filescan ARGS` to its end. */
export function filescan(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
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
