/**
 * The containers provider of the integration suite (FILESCAN_INFRA=containers): Kafka, the schema
 * registry and Elasticsearch run per run as testcontainers GenericContainers on the images of
 * infra/images/ (built first when missing), on one private network, with host ports mapped. Their
 * addresses go into FILESCAN_KAFKA_BROKERS / FILESCAN_REGISTRY_URL / FILESCAN_ES_URL, the variables
 * libs/config reads, so every test and app talks to them. The Ryuk reaper image cannot be pulled
 * here: it is disabled and stopContainers() removes everything, also after a failure.
 */
import { buildImages, dockerEngine, imageExists, latestTag, type ImageName } from "@filescan/infra-images";
import { freePort } from "../containers/compose.ts";

type Started = { stop(opts?: { remove?: boolean; removeVolumes?: boolean }): Promise<unknown> };
const started: Started[] = [];
let network: { stop(): Promise<unknown> } | undefined;


/** Starts the three servers; returns the environment that points at them. */
export async function startContainers(log: (line: string) => void): Promise<Record<string, string>> {
  const engine = dockerEngine();
  if (engine instanceof Error) throw engine;
  const servers: ImageName[] = ["kafka", "registry", "elasticsearch"];
  const missing = servers.filter((s) => !imageExists(latestTag(s)));
  if (missing.length) {
    log(`building images ${missing.join(", ")} (filescan infra images) ...`);
    await buildImages({ images: missing, log: (l) => log(`  ${l}`) });
  }
  process.env.TESTCONTAINERS_RYUK_DISABLED = "true";
  const { GenericContainer, Network, Wait } = await import("testcontainers");
  const t0 = Date.now();
  try {
    const net = await new Network().start();
    network = net;
    const kafkaPort = await freePort();
    const kafka = new GenericContainer(latestTag("kafka"))
      .withNetwork(net)
      .withNetworkAliases("kafka")
      .withEnvironment({
        KAFKA_CFG_LISTENERS: "PLAINTEXT://0.0.0.0:9092,EXTERNAL://0.0.0.0:9094,CONTROLLER://127.0.0.1:9093",
        // clients on this host reach the broker through the mapped port, so it must be advertised
        KAFKA_CFG_ADVERTISED_LISTENERS: `PLAINTEXT://kafka:9092,EXTERNAL://127.0.0.1:${kafkaPort}`,
        KAFKA_CFG_LISTENER_SECURITY_PROTOCOL_MAP: "PLAINTEXT:PLAINTEXT,EXTERNAL:PLAINTEXT,CONTROLLER:PLAINTEXT",
      })
      .withExposedPorts({ container: 9094, host: kafkaPort })
      .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
      .withStartupTimeout(300_000);
    const es = new GenericContainer(latestTag("elasticsearch"))
      .withNetwork(net)
      .withExposedPorts(9200)
      .withWaitStrategy(Wait.forHttp("/_cluster/health?wait_for_status=yellow&timeout=2s", 9200).forStatusCode(200))
      .withStartupTimeout(300_000);
    const track = <T extends Started>(c: T): T => (started.push(c), c);
    const [k, e] = await Promise.all([kafka.start().then(track), es.start().then(track)]);
    log(`kafka and elasticsearch up in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    const registry = await new GenericContainer(latestTag("registry"))
      .withNetwork(net)
      .withEnvironment({ APICURIO_KAFKASQL_BOOTSTRAP_SERVERS: "kafka:9092" })
      .withExposedPorts(8080, 9000)
      .withWaitStrategy(Wait.forHttp("/health/ready", 9000).forStatusCode(200))
      .withStartupTimeout(300_000)
      .start()
      .then(track);
    const env = {
      FILESCAN_KAFKA_BROKERS: `127.0.0.1:${kafkaPort}`,
      FILESCAN_REGISTRY_URL: `http://${registry.getHost()}:${registry.getMappedPort(8080)}/apis/ccompat/v7`,
      FILESCAN_ES_URL: `http://${e.getHost()}:${e.getMappedPort(9200)}`,
    };
    void k;
    log(`containers ready in ${((Date.now() - t0) / 1000).toFixed(0)} s: ${Object.entries(env).map(([n, v]) => `${n}=${v}`).join(" ")}`);
    return env;
  } catch (err) {
    await stopContainers(log);
    throw err;
  }
}

/** Stops and removes every container (with its anonymous volumes) and the network; idempotent. */
export async function stopContainers(log: (line: string) => void): Promise<void> {
  const all = started.splice(0);
  await Promise.allSettled(all.reverse().map((c) => c.stop({ remove: true, removeVolumes: true })));
  if (all.length) log(`stopped ${all.length} containers`);
  const net = network;
  network = undefined;
  await net?.stop().catch(() => undefined);
}
