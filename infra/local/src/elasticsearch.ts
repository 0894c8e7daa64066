/**
 * Elasticsearch 8.19 from the integ-test zip on Maven Central (core modules only). It refuses to
 * run as root, so as root it runs as the unprivileged system user `filescan-es`.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { findJdk, jdkHint } from "./java.ts";
import { layout, versions } from "./layout.ts";
import { mvn } from "./maven.ts";
import { startDetached } from "./proc.ts";
import type { LocalServer } from "./server.ts";

export const ES_USER = "filescan-es";

interface RunAs {
  uid: number;
  gid: number;
}

/** As root: the uid/gid of the system user ES runs as, created when missing. Otherwise undefined. */
function esUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = () => spawnSync("id", ["-u", ES_USER], { encoding: "utf8" });
  if (id().status !== 0) {
    const r = spawnSync("useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", ES_USER], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`Elasticsearch refuses to run as root and the user ${ES_USER} could not be created: ${r.stderr}`);
  }
  const uid = Number(id().stdout.trim());
  const gid = Number(spawnSync("id", ["-g", ES_USER], { encoding: "utf8" }).stdout.trim());
  return { uid, gid };
}

function canReach(dir: string, as: RunAs): boolean {
  return spawnSync("test", ["-x", dir], { uid: as.uid, gid: as.gid }).status === 0;
}

/**
 * The single node's elasticsearch.yml, for both routes: the local process writes it as it is; the
 * container image (infra/images/elasticsearch) bakes it in (listening on 0.0.0.0).
 */
export function esSettings(o: { nodeName: string; dataDir: string; logsDir: string; host: string; port: number }): string {
  return [
    "cluster.name: filescan",
    `node.name: ${o.nodeName}`,
    `path.data: ${o.dataDir}`,
    `path.logs: ${o.logsDir}`,
    `network.host: ${o.host}`,
    `http.port: ${o.port}`,
    "discovery.type: single-node",
    "xpack.security.enabled: false",
    "cluster.routing.allocation.disk.threshold_enabled: false",
    "",
  ].join("\n");
}

export function elasticsearchServer(env: NodeJS.ProcessEnv = process.env): LocalServer {
  const v = versions.elasticsearch;
  const l = layout(env);
  const installed = path.join(l.servers, `elasticsearch-${v.version}`);
  const host = "127.0.0.1";
  const port = 9200;
  const logFile = path.join(l.logs, "elasticsearch.log");

  /** ES home and data, somewhere the ES user can reach (a checkout under /root is not). */
  const runtimeHome = (as: RunAs | undefined): string => {
    if (!as || canReach(l.home, as)) return installed;
    const alt = path.join("/var/lib/filescan", createHash("sha256").update(l.home).digest("hex").slice(0, 12), `elasticsearch-${v.version}`);
    if (!existsSync(path.join(alt, "bin"))) {
      mkdirSync(path.dirname(alt), { recursive: true });
      cpSync(installed, alt, { recursive: true });
    }
    return alt;
  };

  return {
    name: "elasticsearch",
    address: `http://${host}:${port}`,
    host,
    port,
    logFile,
    pidFile: path.join(l.run, "elasticsearch.pid"),
    readyTimeoutMs: 180_000,
    installed: () => existsSync(path.join(installed, "bin", "elasticsearch")),
    async fetch() {
      const dl = path.join(l.downloads, "elasticsearch");
      await mvn(["dependency:copy", `-Dartifact=${v.groupId}:${v.artifactId}:${v.version}:${v.type}`, `-DoutputDirectory=${dl}`], `Elasticsearch ${v.version}`);
      const zip = readdirSync(dl).find((f) => f.endsWith(".zip"));
      if (!zip) throw new Error(`Elasticsearch zip not found in ${dl}`);
      const tmp = path.join(l.servers, ".es-unpack");
      rmSync(tmp, { recursive: true, force: true });
      mkdirSync(tmp, { recursive: true });
      const r = spawnSync("unzip", ["-q", path.join(dl, zip), "-d", tmp], { encoding: "utf8" });
      if (r.status !== 0) {
        // no unzip binary: use Java's jar tool
        const jdk = findJdk(17, env);
        const j = jdk && spawnSync(path.join(jdk.home, "bin", "jar"), ["xf", path.join(dl, zip)], { cwd: tmp, encoding: "utf8" });
        if (!j || j.status !== 0) throw new Error(`could not unpack ${zip}: ${r.stderr || r.error}`);
      }
      const top = readdirSync(tmp).find((f) => f.startsWith("elasticsearch"));
      if (!top) throw new Error("unexpected Elasticsearch archive layout");
      rmSync(installed, { recursive: true, force: true });
      cpSync(path.join(tmp, top), installed, { recursive: true });
      rmSync(tmp, { recursive: true, force: true });
      rmSync(dl, { recursive: true, force: true });
      spawnSync("chmod", ["-R", "a+rX", installed]);
      spawnSync("chmod", ["a+x", ...readdirSync(path.join(installed, "bin")).map((f) => path.join(installed, "bin", f))]);
    },
    async start() {
      const jdk = findJdk(v.minJava, env);
      if (!jdk) throw new Error(jdkHint(v.minJava, `Elasticsearch ${v.version}`));
      const as = esUser();
      const home = runtimeHome(as);
      const data = as && home !== installed ? path.join(path.dirname(home), "data") : path.join(l.data, "elasticsearch");
      const esLogs = path.join(path.dirname(data), "es-logs");
      mkdirSync(data, { recursive: true });
      mkdirSync(esLogs, { recursive: true });
      writeFileSync(path.join(home, "config", "elasticsearch.yml"), esSettings({ nodeName: "filescan-local", dataDir: data, logsDir: esLogs, host, port }));
      if (as) {
        for (const dir of [path.join(home, "config"), data, esLogs]) spawnSync("chown", ["-R", `${as.uid}:${as.gid}`, dir]);
        // the ES user must be able to reach the data dirs through the checkout
        if (!canReach(data, as)) throw new Error(`${ES_USER} cannot reach ${data}; set FILESCAN_HOME to a folder it can reach`);
      }
      return startDetached({
        cmd: path.join(home, "bin", "elasticsearch"),
        args: [],
        env: { ...process.env, ES_JAVA_HOME: jdk.home, ES_JAVA_OPTS: env.FILESCAN_ES_JAVA_OPTS ?? "-Xms512m -Xmx512m", ES_PATH_CONF: path.join(home, "config") },
        cwd: home,
        logFile,
        pidFile: path.join(l.run, "elasticsearch.pid"),
        ...(as ?? {}),
      });
    },
    async ready() {
      const r = await fetch(`http://${host}:${port}/_cluster/health?wait_for_status=yellow&timeout=2s`, { signal: AbortSignal.timeout(4000) });
      if (!r.ok) return false;
      const body = (await r.json()) as { status?: string };
      return body.status === "green" || body.status === "yellow";
    },
  };
}
