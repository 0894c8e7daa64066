/** Checks that each configured server really answers, with an error that says what to do when not. */
import { serverAddresses } from "@filescan/config";
import { createKafka } from "@filescan/kafka";

export async function checkKafka(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const admin = createKafka("filescan-check", env, { quiet: true, retries: 1 }).admin();
  try {
    await admin.connect();
    const c = await admin.describeCluster();
    if (c.brokers.length === 0) throw new Error("no brokers in the cluster metadata");
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

export async function checkRegistry(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const r = await fetch(`${serverAddresses(env).registryUrl}/subjects`, { signal: AbortSignal.timeout(5000) });
  if (!r.ok) throw new Error(`schema registry answered ${r.status}`);
}

export async function checkElasticsearch(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const r = await fetch(`${serverAddresses(env).esUrl}/_cluster/health?timeout=5s`, { signal: AbortSignal.timeout(8000) });
  if (!r.ok) throw new Error(`Elasticsearch answered ${r.status}`);
  const { status } = (await r.json()) as { status?: string };
  if (status !== "green" && status !== "yellow") throw new Error(`Elasticsearch cluster health is ${status}`);
}

/** Rejects, naming every server that does not answer. */
export async function checkAll(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const a = serverAddresses(env);
  const results = await Promise.allSettled([checkKafka(env), checkRegistry(env), checkElasticsearch(env)]);
  const names = [`Kafka at ${a.kafkaBrokers.join(",")}`, `the schema registry at ${a.registryUrl}`, `Elasticsearch at ${a.esUrl}`];
  const failed = results.flatMap((r, i) => (r.status === "rejected" ? [`${names[i]}: ${(r.reason as Error)?.message ?? r.reason}`] : []));
  if (failed.length) throw new Error(`not reachable:\n  ${failed.join("\n  ")}\nStart them with \`npx filescan infra up\` or fix FILESCAN_KAFKA_BROKERS / FILESCAN_REGISTRY_URL / FILESCAN_ES_URL.`);
}
