/** Apache Kafka as one KRaft node (broker + controller) from the Maven Central jars. */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { KAFKA_MAX_MESSAGE_BYTES, repoRoot } from "@filescan/config";
import { createKafka } from "@filescan/kafka";
import { findJdk, jdkHint } from "./java.ts";
import { layout, versions } from "./layout.ts";
import { mvn } from "./maven.ts";
import { startDetached } from "./proc.ts";
import type { LocalServer } from "./server.ts";

export interface KafkaPropertiesInput {
  /** Address the broker listens on (0.0.0.0 in a container). */
  listenHost: string;
  /** Host clients are told to connect to. */
  advertisedHost: string;
  port: number;
  dataDir: string;
}

/**
 * The one KRaft node's settings, for both routes: the local process writes them as they are; the
 * container image (infra/images/kafka) bakes them in as defaults that KAFKA_CFG_* variables override.
 */
export function kafkaProperties(o: KafkaPropertiesInput): Record<string, string> {
  return {
    "process.roles": "broker,controller",
    "node.id": "1",
    "controller.quorum.voters": "1@127.0.0.1:9093",
    listeners: `PLAINTEXT://${o.listenHost}:${o.port},CONTROLLER://127.0.0.1:9093`,
    "advertised.listeners": `PLAINTEXT://${o.advertisedHost}:${o.port}`,
    "controller.listener.names": "CONTROLLER",
    "inter.broker.listener.name": "PLAINTEXT",
    "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
    "log.dirs": o.dataDir,
    "num.partitions": "6",
    "offsets.topic.replication.factor": "1",
    "transaction.state.log.replication.factor": "1",
    "transaction.state.log.min.isr": "1",
    "share.coordinator.state.topic.replication.factor": "1",
    "share.coordinator.state.topic.min.isr": "1",
    "group.initial.rebalance.delay.ms": "0",
    "auto.create.topics.enable": "false",
    "message.max.bytes": String(KAFKA_MAX_MESSAGE_BYTES),
    "replica.fetch.max.bytes": String(KAFKA_MAX_MESSAGE_BYTES),
    "socket.request.max.bytes": String(2 * KAFKA_MAX_MESSAGE_BYTES),
    "log.retention.hours": "168",
  };
}

export function propertiesText(props: Record<string, string>): string {
  return Object.entries(props).map(([k, val]) => `${k}=${val}`).join("\n") + "\n";
}

/** Broker logging: WARN, with Kafka's own start/stop lines at INFO (the "Kafka Server started" line readiness checks look for). */
export const KAFKA_LOG4J2 =
  ["rootLogger.level = WARN", "rootLogger.appenderRef.stdout.ref = STDOUT", "appender.stdout.type = Console", "appender.stdout.name = STDOUT",
    "appender.stdout.layout.type = PatternLayout", "appender.stdout.layout.pattern = [%d] %p %m (%c)%n",
    "logger.kafka.name = kafka", "logger.kafka.level = INFO", "logger.server.name = org.apache.kafka.server", "logger.server.level = INFO"].join("\n") + "\n";

export function kafkaServer(env: NodeJS.ProcessEnv = process.env): LocalServer {
  const v = versions.kafka;
  const l = layout(env);
  const home = path.join(l.servers, `kafka-${v.version}`);
  const libs = path.join(home, "libs");
  const conf = path.join(l.conf, "kafka");
  const dataDir = path.join(l.data, "kafka");
  const host = "127.0.0.1";
  const port = 9092;
  const logFile = path.join(l.logs, "kafka.log");

  const writeConfig = () => {
    mkdirSync(conf, { recursive: true });
    writeFileSync(path.join(conf, "server.properties"), propertiesText(kafkaProperties({ listenHost: host, advertisedHost: host, port, dataDir })));
    writeFileSync(path.join(conf, "log4j2.properties"), KAFKA_LOG4J2);
  };

  const java = () => {
    const jdk = findJdk(17, env);
    if (!jdk) throw new Error(jdkHint(17, "Kafka"));
    return jdk;
  };
  const classpath = () => `${libs}/*`;

  return {
    name: "kafka",
    address: `${host}:${port}`,
    host,
    port,
    logFile,
    pidFile: path.join(l.run, "kafka.pid"),
    readyTimeoutMs: 90_000,
    installed: () => existsSync(libs) && readdirSync(libs).some((f) => f.startsWith(`kafka_2.13-${v.version}`)),
    async fetch() {
      await mvn(
        ["-f", path.join(repoRoot(), "infra", "local", "kafka-pom.xml"), `-Dkafka.version=${v.version}`, `-Dlog4j.version=${v.log4j}`, `-Dslf4j.version=${v.slf4j}`,
          "dependency:copy-dependencies", `-DoutputDirectory=${libs}`, "-DincludeScope=runtime"],
        `Apache Kafka ${v.version}`,
      );
    },
    async start() {
      writeConfig();
      const jdk = java();
      const idFile = path.join(conf, "cluster-id");
      if (!existsSync(idFile)) writeFileSync(idFile, randomBytes(16).toString("base64url") + "\n");
      const clusterId = readFileSync(idFile, "utf8").trim();
      const fmt = spawnSync(jdk.java, ["-cp", classpath(), `-Dlog4j2.configurationFile=${path.join(conf, "log4j2.properties")}`, "kafka.tools.StorageTool", "format",
        // "=" form: a base64url id may start with "-", which argparse would read as an option
        `--cluster-id=${clusterId}`, "-c", path.join(conf, "server.properties"), "--ignore-formatted"], { encoding: "utf8" });
      if (fmt.status !== 0) throw new Error(`kafka storage format failed:\n${fmt.stdout}\n${fmt.stderr}`);
      return startDetached({
        cmd: jdk.java,
        // (jdk.nio.maxCachedBufferSize: the JDK caches, per thread, a direct buffer as large as the
        // largest socket or file I/O it did; with 48 MiB records each network and request thread
        // kept one, and the broker's 512 MiB of direct memory ran out: "Cannot reserve 50266320
        // bytes of direct buffer memory", every later request refused)
        args: ["-Xms256m", "-Xmx512m", "-XX:+UseG1GC", "-Djdk.nio.maxCachedBufferSize=1048576", "-Djava.awt.headless=true", `-Dlog4j2.configurationFile=${path.join(conf, "log4j2.properties")}`,
          "-cp", classpath(), "kafka.Kafka", path.join(conf, "server.properties")],
        env: { ...process.env, JAVA_HOME: jdk.home },
        cwd: home,
        logFile,
        pidFile: path.join(l.run, "kafka.pid"),
      });
    },
    async ready() {
      const admin = createKafka("filescan-infra", { ...env, FILESCAN_KAFKA_BROKERS: `${host}:${port}` }, { quiet: true, retries: 1 }).admin();
      try {
        await admin.connect();
        const c = await admin.describeCluster();
        return c.brokers.length > 0;
      } finally {
        await admin.disconnect().catch(() => undefined);
      }
    },
  };
}
