/**
 * The one place where filescan reads its settings. Every server address and limit
 * has a local default and an environment variable that overrides it.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The checkout's root: the folder whose package.json names the workspaces. */
export function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (dir !== path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json")) && existsSync(path.join(dir, "libs", "config"))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error("cannot find the filescan checkout root");
}

/** Local state: downloaded servers, data, logs, generated secrets. Git-ignored. */
export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.FILESCAN_HOME ?? path.join(repoRoot(), ".filescan"));
}

export function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got ${JSON.stringify(raw)}`);
  return n;
}

/** The longest name a person gives a credential (a token, an API key): it is in every event's principal and log line. */
export const MAX_NAME_CHARS = 100;

/**
 * A credential's name as given (`what` names it in the message): 1 to MAX_NAME_CHARS characters
 * once trimmed, no control characters (a newline in a name split `token list`'s lines and the
 * logs; 5,000 characters of name travelled in every event). Throws a message for the user.
 */
export function checkName(raw: string, what: string): string {
  const name = raw.trim();
  if (name === "") throw new Error(`${what} must not be empty`);
  if ([...name].length > MAX_NAME_CHARS) throw new Error(`${what} must be at most ${MAX_NAME_CHARS} characters, got ${[...name].length}`);
  if (/\p{Cc}/u.test(name)) throw new Error(`${what} must not hold control characters (newlines, tabs, escapes)`);
  return name;
}

/** Shards and replicas of the indices filescan creates (its documents' indices and the credentials). */
export interface EsIndexShape {
  shards: number;
  replicas: number;
}

/**
 * FILESCAN_ES_SHARDS (default 1) and FILESCAN_ES_REPLICAS (default 0: a single node). A cluster of
 * several nodes wants at least one replica, or losing a node loses documents; a few hundred
 * million sightings want more than one shard (tens of GB each at most). Replicas change on the
 * existing indices at the projector's start; shards only in new ones (`filescan projector rebuild`).
 */
export function esIndexShape(env: NodeJS.ProcessEnv = process.env): EsIndexShape {
  const shards = intFromEnv(env, "FILESCAN_ES_SHARDS", 1);
  const replicas = intFromEnv(env, "FILESCAN_ES_REPLICAS", 0);
  if (shards < 1 || shards > 1024) throw new Error(`FILESCAN_ES_SHARDS must be between 1 and 1024, got ${shards}`);
  if (replicas > 16) throw new Error(`FILESCAN_ES_REPLICAS must be at most 16, got ${replicas}`);
  return { shards, replicas };
}

export interface ServerAddresses {
  /** Kafka bootstrap brokers, host:port. */
  kafkaBrokers: string[];
  /** Confluent-compatible schema registry API base URL. */
  registryUrl: string;
  /** Elasticsearch base URL. */
  esUrl: string;
}

export const LOCAL_DEFAULTS = {
  kafkaBrokers: ["127.0.0.1:9092"],
  registryUrl: "http://127.0.0.1:8085/apis/ccompat/v7",
  esUrl: "http://127.0.0.1:9200",
} as const satisfies ServerAddresses;

/** True when the environment points at servers that filescan does not run itself. */
export function usesExternalServers(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.FILESCAN_KAFKA_BROKERS || env.FILESCAN_REGISTRY_URL || env.FILESCAN_ES_URL);
}

export function serverAddresses(env: NodeJS.ProcessEnv = process.env): ServerAddresses {
  return {
    kafkaBrokers: env.FILESCAN_KAFKA_BROKERS ? env.FILESCAN_KAFKA_BROKERS.split(",").map((s) => s.trim()).filter(Boolean) : [...LOCAL_DEFAULTS.kafkaBrokers],
    registryUrl: env.FILESCAN_REGISTRY_URL ?? LOCAL_DEFAULTS.registryUrl,
    esUrl: env.FILESCAN_ES_URL ?? LOCAL_DEFAULTS.esUrl,
  };
}

/** Topic names of DESIGN.md; key = sha256 hex everywhere. */
export const TOPICS = {
  submissions: "filescan.submissions.v1",
  extractions: "filescan.extractions.v1",
  analyses: "filescan.analyses.v1",
  deadletter: "filescan.deadletter.v1",
} as const;
export type TopicName = (typeof TOPICS)[keyof typeof TOPICS];

/** Consumer groups of the stream processors (the API's back-pressure reads the extractor's lag). */
export const GROUPS = {
  extractor: "filescan-extractor",
  classifier: "filescan-classifier",
  projector: "filescan-projector",
} as const;

/**
 * `FILESCAN_KAFKA_PREFIX`: put before every topic and consumer group name, so that several
 * filescan deployments, or a benchmark next to a running system, share one Kafka cluster without
 * reading each other's events (as `FILESCAN_ES_INDEX_PREFIX` does for the indices). Default
 * none: the names of DESIGN.md. The code names topics by their DESIGN.md names (`TOPICS`) and
 * libs/kafka adds the prefix where it talks to Kafka; schemas stay registered under the
 * unprefixed names, which every prefix shares.
 */
export function kafkaPrefix(env: NodeJS.ProcessEnv = process.env): string {
  const prefix = env.FILESCAN_KAFKA_PREFIX ?? "";
  // Kafka's rule for topic names (legal characters, at most 249 with the longest of ours).
  if (!/^[A-Za-z0-9._-]*$/.test(prefix) || prefix.length + 24 > 249) {
    throw new Error(`FILESCAN_KAFKA_PREFIX may hold only letters, digits, ".", "_" and "-" (at most 225 of them), not ${JSON.stringify(prefix)}`);
  }
  return prefix;
}

/** The Kafka topic that carries one of the DESIGN.md topics under `FILESCAN_KAFKA_PREFIX`. */
export function kafkaTopic(topic: TopicName, env: NodeJS.ProcessEnv = process.env): string {
  return kafkaPrefix(env) + topic;
}

/** A consumer group's name under `FILESCAN_KAFKA_PREFIX`. */
export function kafkaGroup(group: string, env: NodeJS.ProcessEnv = process.env): string {
  return kafkaPrefix(env) + group;
}

/** Largest decoded file the API accepts (DESIGN: 32 MiB). */
export const DEFAULT_MAX_FILE_BYTES = 32 * 1024 * 1024;
/** Kafka message limit: the largest file plus room for metadata and extracted text. */
export const KAFKA_MAX_MESSAGE_BYTES = 48 * 1024 * 1024;

/** The most an event may hold besides what it carries (a file's bytes, its text): its metadata, the Kafka record's own. */
export const EVENT_ROOM_BYTES = 8 * 1024 * 1024;

/**
 * FILESCAN_MAX_FILE_BYTES (default 32 MiB). Refused above what one Kafka record of the submissions
 * topic carries with room for the event's metadata (40 MiB): the API would accept a file it could
 * never queue, and answer 500 to every retry of it.
 */
export function maxFileBytes(env: NodeJS.ProcessEnv = process.env): number {
  const n = intFromEnv(env, "FILESCAN_MAX_FILE_BYTES", DEFAULT_MAX_FILE_BYTES);
  const most = KAFKA_MAX_MESSAGE_BYTES - EVENT_ROOM_BYTES;
  if (n > most) throw new Error(`FILESCAN_MAX_FILE_BYTES is ${n}, above the ${most} bytes one Kafka record of the submissions topic holds with the event's metadata (its max.message.bytes is ${KAFKA_MAX_MESSAGE_BYTES})`);
  return n;
}

/** What an event keeps for its own fields and the Kafka record's besides a submission's metadata. */
const EVENT_FIELDS_BYTES = 1024 * 1024;

/**
 * FILESCAN_MAX_METADATA_BYTES (default 1 MiB): room in a /submit body for everything besides the
 * base64, the extra fields included. Every event of the file carries them, so they must fit in the
 * room an event keeps besides the file's bytes or text: above 7 MiB a submission could be accepted
 * and then never queued (the api's 500 to every retry) or never extracted.
 */
export function maxMetadataBytes(env: NodeJS.ProcessEnv = process.env): number {
  const n = intFromEnv(env, "FILESCAN_MAX_METADATA_BYTES", 1024 * 1024);
  const most = EVENT_ROOM_BYTES - EVENT_FIELDS_BYTES;
  if (n > most) throw new Error(`FILESCAN_MAX_METADATA_BYTES is ${n}, above the ${most} bytes every event of a file keeps for its metadata (the room of ${EVENT_ROOM_BYTES} bytes besides a file's bytes or text, less ${EVENT_FIELDS_BYTES} for the event's own fields)`);
  return n;
}
