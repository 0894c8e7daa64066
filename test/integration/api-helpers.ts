/**
 * Shared by the api*.test.ts suites: start the API in-process on an ephemeral port against the
 * real Kafka, registry and Elasticsearch; issue PATs; build submissions; read FileSubmitted
 * events back from Kafka through the registry.
 */
import { createHash, randomUUID } from "node:crypto";
import { pino, type Logger } from "pino";
import type { Consumer } from "kafkajs";
import { kafkaTopic, TOPICS } from "@filescan/config";
import type { FileSubmitted } from "@filescan/contracts";
import { createKafka, createRegistry } from "@filescan/kafka";
import { CredentialStore, type Scope } from "@filescan/auth";
import { createEsClient, type EsClient } from "@filescan/search";
import { startApi, type RunningApi, type ApiSettings } from "@filescan/api";
import { within } from "./deadline.ts";

export interface TestApi extends RunningApi {
  logs: string[];
}

export async function startTestApi(opts: { settings?: Partial<ApiSettings>; env?: NodeJS.ProcessEnv } = {}): Promise<TestApi> {
  const logs: string[] = [];
  const logger: Logger = pino({ level: "info", base: { service: "filescan-api" } }, { write: (s: string) => void logs.push(s) });
  // The shared dev topics carry other runs' events that no default group consumes: only the
  // back-pressure test sets a backlog limit.
  const api = await within("start the API (Kafka topics, producer, registry)", 90_000, startApi({ env: opts.env ?? process.env, logger, settings: { host: "127.0.0.1", port: 0, maxBacklog: Number.MAX_SAFE_INTEGER, ...opts.settings } }), () => logs);
  return Object.assign(api, { logs });
}

let sharedEs: EsClient | undefined;
export function testStore(): CredentialStore {
  sharedEs ??= createEsClient();
  return new CredentialStore(sharedEs);
}

export async function issuePat(opts: { scopes?: Scope[]; expiresInDays?: number; name?: string } = {}): Promise<{ token: string; id: string }> {
  const { token, record } = await within(
    "issue a PAT (Elasticsearch credential index)",
    60_000,
    testStore().create({
      name: opts.name ?? `api-test-${randomUUID().slice(0, 8)}`,
      scopes: opts.scopes ?? ["submit", "query"],
      expiresInDays: opts.expiresInDays ?? 1,
    }),
  );
  return { token, id: record.id };
}

export async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; json: Record<string, unknown>; text: string }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" || body instanceof Uint8Array ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: the test looks at text
  }
  return { status: res.status, headers: res.headers, json, text };
}

export async function accessToken(baseUrl: string, pat: string): Promise<string> {
  const r = await post(`${baseUrl}/auth/token`, { token: pat });
  if (r.status !== 200) throw new Error(`token exchange failed: ${r.status} ${r.text}`);
  return r.json.access_token as string;
}

export const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

export function submission(bytes: Buffer = Buffer.from(`filescan api test ${randomUUID()}\n`), extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    mimetype: "text/plain",
    file_data: bytes.toString("base64"),
    sha256: createHash("sha256").update(bytes).digest("hex"),
    sha1: createHash("sha1").update(bytes).digest("hex"),
    md5: createHash("md5").update(bytes).digest("hex"),
    filename: "note.txt",
    full_path: `smb://fs01/share/${randomUUID()}/note.txt`,
    timestamp: "2026-11-22T08:00:00Z",
    app: "api-integration-test",
    ...extra,
  };
}

/** Reads FileSubmitted events from the offsets the topic had when it started, in a fresh group. */
export class SubmissionCollector {
  private consumer: Consumer | undefined;
  private readonly seen = new Map<string, { event: FileSubmitted; key: string | null; value: Buffer }>();
  private readonly waiters = new Map<string, (v: { event: FileSubmitted; key: string | null; value: Buffer }) => void>();

  async start(): Promise<void> {
    const kafka = createKafka("api-test-collector", process.env, { quiet: true });
    const registry = createRegistry();
    const admin = kafka.admin();
    await admin.connect();
    const topic = kafkaTopic(TOPICS.submissions);
    const before = await admin.fetchTopicOffsets(topic);
    await admin.disconnect();
    const consumer = kafka.consumer({ groupId: `api-test-${randomUUID()}`, maxBytes: 64 * 1024 * 1024, maxBytesPerPartition: 64 * 1024 * 1024 });
    this.consumer = consumer;
    await consumer.connect();
    await consumer.subscribe({ topic });
    const joined = new Promise<void>((resolve) => {
      consumer.on(consumer.events.GROUP_JOIN, () => {
        for (const p of before) consumer.seek({ topic, partition: p.partition, offset: p.offset });
        resolve();
      });
    });
    await consumer.run({
      eachMessage: async ({ message }) => {
        if (!message.value) return;
        const event = (await registry.decode(message.value)) as FileSubmitted;
        const hit = { event, key: message.key ? message.key.toString() : null, value: message.value };
        this.seen.set(event.submission_id, hit);
        this.waiters.get(event.submission_id)?.(hit);
      },
    });
    await joined;
  }

  async waitFor(submissionId: string, timeoutMs = 30_000): Promise<{ event: FileSubmitted; key: string | null; value: Buffer }> {
    const hit = this.seen.get(submissionId);
    if (hit) return hit;
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no FileSubmitted ${submissionId} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.set(submissionId, (v) => {
        clearTimeout(t);
        resolve(v);
      });
    });
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
  }
}
