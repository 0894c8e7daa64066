/**
 * The local-process provider: fetch Kafka, the schema registry and Elasticsearch from Maven
 * Central, run them under .filescan/, wait until each really serves, then create the topics and
 * register the Avro schemas. Servers named by FILESCAN_KAFKA_BROKERS / FILESCAN_REGISTRY_URL /
 * FILESCAN_ES_URL are used as they are and never started here.
 */
import { serverAddresses } from "@filescan/config";
import { createKafka, createRegistry, ensureTopics, registerSchemas } from "@filescan/kafka";
import { elasticsearchServer } from "./elasticsearch.ts";
import { kafkaServer } from "./kafka.ts";
import { portOpen, runningPid, stopProcess, waitUntil } from "./proc.ts";
import { registryServer } from "./registry.ts";
import type { LocalServer } from "./server.ts";

export type { LocalServer } from "./server.ts";
export { findJdk } from "./java.ts";
export { isAlive } from "./proc.ts";
export { versions, layout } from "./layout.ts";
export { kafkaServer, kafkaProperties, propertiesText, KAFKA_LOG4J2 } from "./kafka.ts";
export { registryServer } from "./registry.ts";
export { elasticsearchServer, esSettings } from "./elasticsearch.ts";

export interface ServerState {
  name: LocalServer["name"];
  address: string;
  state: "running" | "stopped" | "external" | "foreign";
  pid?: number;
  log?: string;
}

/** The servers this machine runs itself (those not pointed elsewhere by the environment). */
export function localServers(env: NodeJS.ProcessEnv = process.env): LocalServer[] {
  const kafka = kafkaServer(env);
  const list: LocalServer[] = [];
  if (!env.FILESCAN_KAFKA_BROKERS) list.push(kafka);
  if (!env.FILESCAN_REGISTRY_URL) list.push(registryServer(env.FILESCAN_KAFKA_BROKERS?.split(",")[0] ?? kafka.address, env));
  if (!env.FILESCAN_ES_URL) list.push(elasticsearchServer(env));
  return list;
}

export async function infraStatus(env: NodeJS.ProcessEnv = process.env): Promise<ServerState[]> {
  const a = serverAddresses(env);
  const out: ServerState[] = [];
  if (env.FILESCAN_KAFKA_BROKERS) out.push({ name: "kafka", address: a.kafkaBrokers.join(","), state: "external" });
  if (env.FILESCAN_REGISTRY_URL) out.push({ name: "registry", address: a.registryUrl, state: "external" });
  if (env.FILESCAN_ES_URL) out.push({ name: "elasticsearch", address: a.esUrl, state: "external" });
  for (const s of localServers(env)) {
    const pid = runningPid(s.pidFile);
    const state = pid ? "running" : (await portOpen(s.host, s.port)) ? "foreign" : "stopped";
    out.push({ name: s.name, address: s.address, state, ...(pid ? { pid } : {}), log: s.logFile });
  }
  const order = ["kafka", "registry", "elasticsearch"];
  return out.sort((x, y) => order.indexOf(x.name) - order.indexOf(y.name));
}

export interface UpOptions {
  log?: (line: string) => void;
}

async function bringUp(s: LocalServer, log: (line: string) => void): Promise<void> {
  const pid = runningPid(s.pidFile);
  if (pid) {
    await waitUntil(s.name, () => s.ready(), s.readyTimeoutMs, s.logFile);
    log(`${s.name}: already running (pid ${pid}) at ${s.address}`);
    return;
  }
  if (await portOpen(s.host, s.port)) {
    // Something we did not start holds the port: use it if it is the right server, never kill it.
    await waitUntil(`${s.name} on ${s.host}:${s.port} (not started by filescan)`, () => s.ready(), 15_000);
    log(`${s.name}: a server not started by filescan answers at ${s.address}; using it`);
    return;
  }
  if (!s.installed()) await s.fetch();
  const started = Date.now();
  const newPid = await s.start();
  log(`${s.name}: started (pid ${newPid}), waiting until ready ... (log: ${s.logFile})`);
  await waitUntil(s.name, () => s.ready(), s.readyTimeoutMs, s.logFile, () => runningPid(s.pidFile) !== undefined);
  log(`${s.name}: ready at ${s.address} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Starts what is not running (idempotent), then creates topics and registers schemas. */
export async function infraUp(env: NodeJS.ProcessEnv = process.env, opts: UpOptions = {}): Promise<ServerState[]> {
  const log = opts.log ?? ((line: string) => process.stderr.write(line + "\n"));
  const servers = localServers(env);
  const kafka = servers.find((s) => s.name === "kafka");
  if (kafka) await bringUp(kafka, log);
  // the registry keeps its schemas in Kafka; Elasticsearch is independent: start both together
  await Promise.all(servers.filter((s) => s.name !== "kafka").map((s) => bringUp(s, log)));
  await prepareKafka(env, log);
  return infraStatus(env);
}

/** Creates the topics of DESIGN.md and registers every schema in schemas/avro/. */
export async function prepareKafka(env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = () => undefined): Promise<void> {
  const admin = createKafka("filescan-infra", env).admin();
  await admin.connect();
  try {
    const created = await ensureTopics(admin, undefined, env);
    if (created.length) log(`kafka: created topics ${created.join(", ")}`);
  } finally {
    await admin.disconnect();
  }
  const ids = await registerSchemas(createRegistry(env));
  log(`registry: schemas registered (${Object.entries(ids).map(([t, id]) => `${t}-value=${id}`).join(", ")})`);
}

/**
 * Stops exactly the processes `infraUp` started (by their pid files), in reverse order; with
 * `only`, those of the servers it names alone (what `filescan up` itself started).
 */
export async function infraDown(env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = (l) => process.stderr.write(l + "\n"), only?: readonly string[]): Promise<void> {
  const servers = localServers(env).reverse().filter((s) => only === undefined || only.includes(s.name));
  const rest = servers.filter((s) => s.name !== "kafka");
  await Promise.all(rest.map(async (s) => log(`${s.name}: ${(await stopProcess(s.pidFile)) ? "stopped" : "was not running"}`)));
  const kafka = servers.find((s) => s.name === "kafka");
  if (kafka) log(`kafka: ${(await stopProcess(kafka.pidFile)) ? "stopped" : "was not running"}`);
}

export { checkAll, checkKafka, checkRegistry, checkElasticsearch } from "./reachable.ts";
import { checkAll } from "./reachable.ts";

/**
 * What integration tests call first: servers named by the environment must answer (never
 * started here); otherwise the local ones are started when not running and reused when they are.
 * Returns true when this call started at least one server.
 */
export async function ensureInfra(env: NodeJS.ProcessEnv = process.env, log?: (line: string) => void): Promise<boolean> {
  const before = await infraStatus(env);
  const needsStart = before.some((s) => s.state === "stopped");
  if (before.some((s) => s.state !== "external")) await infraUp(env, log ? { log } : {});
  else await prepareKafka(env, log);
  await checkAll(env);
  return needsStart;
}
