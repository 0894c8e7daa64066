/**
 * `filescan status`: is the pipeline keeping up? Each stream processor's consumer group (members,
 * state, events not yet handled), the dead letters, the stored documents, and the analyzer
 * version and minimum — read from Kafka and Elasticsearch as the apps configure them (the same
 * variables: prefixes, group names, minimum), and the apps `filescan up -d` started here. A server
 * that does not answer, or such an app gone, is reported as such and makes the exit code 1.
 */
import type { Command } from "commander";
import { ANALYZER_VERSION, minAnalyzerVersion } from "@filescan/contracts";
import { GROUPS, kafkaGroup, kafkaTopic, TOPICS, type TopicName } from "@filescan/config";
import { consumerGroupLag, createKafka, withAdmin } from "@filescan/kafka";
import { aliasesFor, createEsClient } from "@filescan/search";
import { detachedApps, type DetachedApp } from "./up.ts";

export interface ProcessorStatus {
  processor: string;
  group: string;
  topic: string;
  /** Events on the topic the group has not handled yet. */
  lag: number;
  members: number;
  state: string;
}

export interface PipelineStatus {
  analyzer_version: number;
  min_analyzer_version: number;
  kafka: { processors: ProcessorStatus[]; dead_letters: number } | { error: string };
  elasticsearch: { health: string; sightings: number; analysed: number; analyses: number; older_than_this_analyzer: number } | { error: string };
  /** The apps `filescan up -d` started on this machine, if any: a gone one (a crash, a kill) makes the exit code 1. */
  apps: DetachedApp[];
}

/** The processors, the group each runs as (its variable, as the app reads it) and the topics it reads. */
function processors(env: NodeJS.ProcessEnv): Array<{ processor: string; group: string; topics: TopicName[] }> {
  return [
    { processor: "extractor", group: env.FILESCAN_EXTRACTOR_GROUP ?? GROUPS.extractor, topics: [TOPICS.submissions] },
    { processor: "classifier", group: env.FILESCAN_CLASSIFIER_GROUP ?? GROUPS.classifier, topics: [TOPICS.extractions] },
    { processor: "projector", group: env.FILESCAN_PROJECTOR_GROUP ?? GROUPS.projector, topics: [TOPICS.submissions, TOPICS.analyses] },
  ];
}

const message = (err: unknown) => String((err as Error).message ?? err).split("\n")[0]!.slice(0, 300);

export async function pipelineStatus(env: NodeJS.ProcessEnv = process.env): Promise<PipelineStatus> {
  const [kafka, elasticsearch] = await Promise.all([kafkaStatus(env).catch((err: unknown) => ({ error: message(err) })), esStatus(env).catch((err: unknown) => ({ error: message(err) }))]);
  return { analyzer_version: ANALYZER_VERSION, min_analyzer_version: minAnalyzerVersion(env), kafka, elasticsearch, apps: detachedApps(env) };
}

async function kafkaStatus(env: NodeJS.ProcessEnv): Promise<{ processors: ProcessorStatus[]; dead_letters: number }> {
  return withAdmin(createKafka("filescan-cli-status", env, { quiet: true, retries: 1 }), async (admin) => {
    const existing = new Set(await admin.listTopics());
    const procs = processors(env);
    const { groups } = await admin.describeGroups(procs.map((p) => kafkaGroup(p.group, env)));
    const out: ProcessorStatus[] = [];
    for (const p of procs) {
      const g = groups.find((x) => x.groupId === kafkaGroup(p.group, env));
      for (const t of p.topics) {
        const topic = kafkaTopic(t, env);
        const lag = existing.has(topic) ? await consumerGroupLag(admin, p.group, t, env) : 0;
        out.push({ processor: p.processor, group: kafkaGroup(p.group, env), topic, lag, members: g?.members.length ?? 0, state: g?.state ?? "Unknown" });
      }
    }
    const dl = kafkaTopic(TOPICS.deadletter, env);
    const deadLetters = existing.has(dl) ? (await admin.fetchTopicOffsets(dl)).reduce((n, p) => n + Number(p.high) - Number(p.low), 0) : 0;
    return { processors: out, dead_letters: deadLetters };
  });
}

async function esStatus(env: NodeJS.ProcessEnv): Promise<{ health: string; sightings: number; analysed: number; analyses: number; older_than_this_analyzer: number }> {
  const es = createEsClient(env, { maxRetries: 0 });
  const aliases = aliasesFor(env.FILESCAN_ES_INDEX_PREFIX);
  const count = async (index: string, query?: Record<string, unknown>) => {
    try {
      return (await es.count({ index, ...(query ? { query } : {}) })).count;
    } catch (err) {
      if ((err as { meta?: { statusCode?: number } }).meta?.statusCode === 404) return 0; // no index yet
      throw err;
    }
  };
  try {
    const [health, sightings, analysed, analyses, older] = await Promise.all([
      // (the cluster's: yellow when a replica has no node to go to, red when a shard is lost)
      es.cluster.health().then((h) => String(h.status)),
      count(aliases.files),
      count(aliases.files, { term: { analysed: true } }),
      count(aliases.analyses),
      // (a sighting's copy of its analysis is searchable; an analysis stored before versions were recorded has none: 0)
      count(aliases.files, { bool: { filter: [{ term: { analysed: true } }], must_not: [{ range: { "analysis.analyzer_version": { gte: ANALYZER_VERSION } } }] } }),
    ]);
    return { health, sightings, analysed, analyses, older_than_this_analyzer: older };
  } finally {
    await es.close();
  }
}

function print(s: PipelineStatus): void {
  const lines = [`analyzer version ${s.analyzer_version}${s.min_analyzer_version ? `; analyses older than version ${s.min_analyzer_version} are made again` : ""}`];
  if (s.apps.length) {
    const gone = s.apps.filter((a) => !a.running);
    lines.push(`apps (filescan up -d) ${s.apps.map((a) => `${a.app} ${a.running ? "running" : "GONE"}`).join(", ")}`);
    for (const a of gone) lines.push(`  ${a.app} (pid ${a.pid}) has exited: its log ${a.log}; filescan up -d starts it again`);
  }
  if ("error" in s.kafka) lines.push(`kafka: cannot be read: ${s.kafka.error}`);
  else {
    lines.push("processor    group                          reads                                lag  members");
    for (const p of s.kafka.processors) lines.push(`${p.processor.padEnd(12)} ${p.group.padEnd(30)} ${p.topic.padEnd(32)} ${String(p.lag).padStart(7)}  ${p.members} (${p.state})`);
    lines.push(`dead letters ${s.kafka.dead_letters}${s.kafka.dead_letters ? "   (filescan deadletter list)" : ""}`);
  }
  if ("error" in s.elasticsearch) lines.push(`elasticsearch: cannot be read: ${s.elasticsearch.error}`);
  else {
    const e = s.elasticsearch;
    const why = e.health === "red" ? " (a shard has no copy: documents cannot be read or written)" : e.health === "yellow" ? " (a replica has no node to go to: FILESCAN_ES_REPLICAS above what the cluster can hold?)" : "";
    lines.push(`elasticsearch ${e.health}${why}`);
    lines.push(`sightings ${e.sightings} (${e.analysed} analysed), analyses ${e.analyses}${e.older_than_this_analyzer ? `; ${e.older_than_this_analyzer} sightings carry an analysis older than version ${s.analyzer_version}` : ""}`);
  }
  console.log(lines.join("\n"));
}

export function registerStatus(program: Command): void {
  program
    .command("status")
    .description("is the pipeline keeping up: each processor's group and lag, the dead letters, the stored documents")
    .option("--json", "print JSON")
    .action(async (opts: { json?: boolean }) => {
      let s: PipelineStatus;
      try {
        s = await pipelineStatus();
      } catch (err) {
        console.error(`filescan status: ${message(err)}`);
        process.exit(2);
      }
      if (opts.json) console.log(JSON.stringify(s));
      else print(s);
      if ("error" in s.kafka || "error" in s.elasticsearch || s.apps.some((a) => !a.running)) process.exitCode = 1;
    });
}
