/** Background server processes with pid files under .filescan/run and logs under .filescan/logs. */
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

export interface StartSpec {
  cmd: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  logFile: string;
  pidFile: string;
  uid?: number;
  gid?: number;
}

export function startDetached(spec: StartSpec): number {
  mkdirSync(path.dirname(spec.logFile), { recursive: true });
  mkdirSync(path.dirname(spec.pidFile), { recursive: true });
  const fd = openSync(spec.logFile, "a");
  try {
    const child = spawn(spec.cmd, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      detached: true,
      stdio: ["ignore", fd, fd],
      ...(spec.uid !== undefined ? { uid: spec.uid, gid: spec.gid } : {}),
    });
    if (child.pid === undefined) throw new Error(`could not start ${spec.cmd}`);
    child.unref();
    writeFileSync(spec.pidFile, `${child.pid}\n`);
    return child.pid;
  } finally {
    closeSync(fd);
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid recorded in a pid file, when that process is still alive. */
export function runningPid(pidFile: string): number | undefined {
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Stops the process group we started (the server and anything it forked); SIGKILL after a grace period. */
export async function stopProcess(pidFile: string, graceMs = 30_000): Promise<boolean> {
  const pid = runningPid(pidFile);
  if (pid === undefined) {
    rmSync(pidFile, { force: true });
    return false;
  }
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig);
    } catch {
      try {
        process.kill(pid, sig);
      } catch {
        /* already gone */
      }
    }
  };
  signal("SIGTERM");
  const deadline = Date.now() + graceMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(200);
  if (isAlive(pid)) signal("SIGKILL");
  while (isAlive(pid)) await sleep(100);
  rmSync(pidFile, { force: true });
  return true;
}

export function portOpen(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once("connect", () => done(true));
    s.once("error", () => done(false));
  });
}

/** Polls `check` until it returns true; fails with the last error and the log's tail. */
export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number, logFile?: string, alive?: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    if (alive && !alive()) break;
    try {
      if (await check()) return;
    } catch (err) {
      last = err;
    }
    await sleep(500);
  }
  const tail = logFile && existsSync(logFile) ? readFileSync(logFile, "utf8").split("\n").slice(-25).join("\n") : "";
  const why = alive && !alive() ? "the process exited" : `not ready after ${Math.round(timeoutMs / 1000)} s`;
  throw new Error(`${what}: ${why}${last ? ` (last error: ${String(last)})` : ""}${tail ? `\n--- ${logFile} (tail) ---\n${tail}` : ""}`);
}
