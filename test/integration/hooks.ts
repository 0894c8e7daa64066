/**
 * Root hooks of the integration suite: the real Kafka, schema registry and Elasticsearch must
 * answer before any test runs. Local servers are started when none run (and stopped again at the
 * end, unless FILESCAN_KEEP_INFRA=1); servers named by the FILESCAN_*_URL/BROKERS variables are
 * only checked. A server that cannot be reached fails the run; nothing passes silently.
 */
import { ensureInfra, infraDown } from "@filescan/infra-local";

let started = false;

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(15 * 60_000);
    started = await ensureInfra(process.env, (line) => process.stderr.write(`  [infra] ${line}\n`));
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(120_000);
    if (started && process.env.FILESCAN_KEEP_INFRA !== "1") await infraDown(process.env, (line) => process.stderr.write(`  [infra] ${line}\n`));
  },
};
