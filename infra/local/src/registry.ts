/**
 * Apicurio Registry 3.x (Quarkus runnable archive) with `kafkasql` storage: schemas live in Kafka
 * topics and survive a restart. Clients use its Confluent-compatible API at /apis/ccompat/v7.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { findJdk, jdkHint } from "./java.ts";
import { layout, versions } from "./layout.ts";
import { mvn } from "./maven.ts";
import { startDetached } from "./proc.ts";
import type { LocalServer } from "./server.ts";

function findRunnerJar(dir: string, depth = 0): string | undefined {
  if (!existsSync(dir) || depth > 3) return undefined;
  for (const f of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, f.name);
    if (f.isFile() && (f.name === "quarkus-run.jar" || /-runner\.jar$/.test(f.name))) return p;
  }
  for (const f of readdirSync(dir, { withFileTypes: true })) {
    if (f.isDirectory()) {
      const found = findRunnerJar(path.join(dir, f.name), depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

export function registryServer(kafkaBootstrap: string, env: NodeJS.ProcessEnv = process.env): LocalServer {
  const v = versions.registry;
  const l = layout(env);
  const home = path.join(l.servers, `apicurio-registry-${v.version}`);
  const host = "127.0.0.1";
  const port = 8085;
  const managementPort = Number(env.FILESCAN_REGISTRY_MANAGEMENT_PORT ?? 8086);
  const logFile = path.join(l.logs, "registry.log");
  return {
    name: "registry",
    address: `http://${host}:${port}/apis/ccompat/v7`,
    host,
    port,
    logFile,
    pidFile: path.join(l.run, "registry.pid"),
    readyTimeoutMs: 180_000,
    installed: () => findRunnerJar(home) !== undefined,
    async fetch() {
      const dl = path.join(l.downloads, "registry");
      await mvn(["dependency:copy", `-Dartifact=${v.groupId}:${v.artifactId}:${v.version}:${v.type}:${v.classifier}`, `-DoutputDirectory=${dl}`],
        `Apicurio Registry ${v.version}`);
      const archive = readdirSync(dl).find((f) => f.startsWith(`${v.artifactId}-${v.version}`));
      if (!archive) throw new Error(`registry archive not found in ${dl}`);
      rmSync(home, { recursive: true, force: true });
      mkdirSync(home, { recursive: true });
      const tar = spawnSync("tar", ["-xzf", path.join(dl, archive), "-C", home], { encoding: "utf8" });
      if (tar.status !== 0) throw new Error(`could not unpack ${archive}: ${tar.stderr}`);
      rmSync(dl, { recursive: true, force: true });
    },
    async start() {
      const jdk = findJdk(v.minJava, env);
      if (!jdk) throw new Error(jdkHint(v.minJava, `Apicurio Registry ${v.version}`));
      const jar = findRunnerJar(home);
      if (!jar) throw new Error(`no runnable jar under ${home}`);
      return startDetached({
        cmd: jdk.java,
        args: [
          "-Xms128m", "-Xmx384m",
          `-Dquarkus.http.host=${host}`, `-Dquarkus.http.port=${port}`,
          `-Dquarkus.management.host=${host}`, `-Dquarkus.management.port=${managementPort}`,
          "-Dapicurio.storage.kind=kafkasql", `-Dapicurio.kafkasql.bootstrap.servers=${kafkaBootstrap}`,
          "-Dquarkus.log.level=WARN", "-Dquarkus.log.category.\"io.apicurio\".level=INFO",
          "-jar", jar,
        ],
        env: { ...process.env, JAVA_HOME: jdk.home },
        cwd: path.dirname(jar),
        logFile,
        pidFile: path.join(l.run, "registry.pid"),
      });
    },
    async ready() {
      // The ccompat API answers [] while the kafkasql journal is still being replayed: ask the management health endpoint.
      const health = await fetch(`http://${host}:${managementPort}/health/ready`, { signal: AbortSignal.timeout(2000) });
      if (!health.ok) return false;
      const subjects = await fetch(`http://${host}:${port}/apis/ccompat/v7/subjects`, { signal: AbortSignal.timeout(2000) });
      return subjects.ok;
    },
  };
}
