/**
 * The credential store: one Elasticsearch document per personal access token in
 * `filescan-credentials`, `_id` = the token's public id (a UUID). It holds the SHA-256 of the
 * token, never the token itself.
 */
import { randomUUID } from "node:crypto";
import { checkName, esIndexShape } from "@filescan/config";
import { CREDENTIALS_INDEX, esErrors, type EsClient } from "@filescan/search";
import { generatePat, hashPat, isWellFormedPat } from "./pat.ts";
import { SCOPES, type Scope } from "./jwt.ts";

export interface PatRecord {
  id: string;
  name: string;
  token_hash: string;
  scopes: Scope[];
  /** ISO 8601 */
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
}

export type PatStatus = "active" | "revoked" | "expired";

export function patStatus(r: PatRecord, now = Date.now()): PatStatus {
  if (r.revoked_at !== null) return "revoked";
  if (r.expires_at !== null && Date.parse(r.expires_at) <= now) return "expired";
  return "active";
}

/** Tokens a search of `list()` reads at a time. */
export const LIST_PAGE = 1000;

const MAPPINGS = {
  dynamic: "strict" as const,
  properties: {
    id: { type: "keyword" as const },
    name: { type: "keyword" as const },
    token_hash: { type: "keyword" as const },
    scopes: { type: "keyword" as const },
    created_at: { type: "date" as const },
    expires_at: { type: "date" as const },
    revoked_at: { type: "date" as const },
  },
};

export function parseScopes(text: string): Scope[] {
  const parts = text.split(",").map((s) => s.trim()).filter(Boolean);
  if (parts.length === 0) throw new Error("at least one scope is required");
  for (const p of parts) {
    if (!(SCOPES as readonly string[]).includes(p)) throw new Error(`unknown scope ${JSON.stringify(p)} (known: ${SCOPES.join(", ")})`);
  }
  return [...new Set(parts)] as Scope[];
}

/** The longest lifetime a PAT may be given: ten years (a token that should not expire is created without one). */
export const MAX_EXPIRES_IN_DAYS = 3650;

/** A PAT's lifetime in days: above 0, at most MAX_EXPIRES_IN_DAYS (1e9 days made an invalid date and a stack trace). */
export function checkExpiresInDays(days: number): number {
  if (!Number.isFinite(days) || days <= 0) throw new Error("--expires-in-days must be a positive number");
  if (days > MAX_EXPIRES_IN_DAYS) throw new Error(`--expires-in-days must be at most ${MAX_EXPIRES_IN_DAYS} (ten years); leave it out for a token that does not expire`);
  return days;
}

function isIndexMissing(err: unknown): boolean {
  return err instanceof esErrors.ResponseError && err.statusCode === 404;
}

export interface CreateInput {
  name: string;
  scopes: Scope[];
  expiresInDays?: number | null;
  now?: number;
}

export class CredentialStore {
  readonly es: EsClient;
  readonly index: string;

  /** Replicas of the index (FILESCAN_ES_REPLICAS), set when it is made and kept to that. */
  private readonly replicas: number;

  constructor(es: EsClient, index: string = CREDENTIALS_INDEX, replicas: number = esIndexShape().replicas) {
    this.es = es;
    this.index = index;
    this.replicas = replicas;
  }

  async ensureIndex(): Promise<void> {
    if (await this.es.indices.exists({ index: this.index })) {
      const now = (await this.es.indices.getSettings({ index: this.index }))[this.index]?.settings?.index?.number_of_replicas;
      if (Number(now) !== this.replicas) await this.es.indices.putSettings({ index: this.index, settings: { number_of_replicas: this.replicas } });
      return;
    }
    try {
      await this.es.indices.create({ index: this.index, mappings: MAPPINGS, settings: { number_of_shards: 1, number_of_replicas: this.replicas } });
    } catch (err) {
      if (err instanceof esErrors.ResponseError && err.body?.error?.type === "resource_already_exists_exception") return;
      throw err;
    }
  }

  /** Issues a new PAT (name and lifetime checked: `checkName`, `checkExpiresInDays`). The returned `token` is the only copy of the plaintext. */
  async create(input: CreateInput): Promise<{ token: string; record: PatRecord }> {
    const name = checkName(input.name, "the token name");
    if (input.scopes.length === 0) throw new Error("at least one scope is required");
    const now = input.now ?? Date.now();
    const days = input.expiresInDays === undefined || input.expiresInDays === null ? null : checkExpiresInDays(input.expiresInDays);
    await this.ensureIndex();
    const token = generatePat();
    const record: PatRecord = {
      id: randomUUID(),
      name,
      token_hash: hashPat(token),
      scopes: [...input.scopes],
      created_at: new Date(now).toISOString(),
      expires_at: days === null ? null : new Date(now + days * 86_400_000).toISOString(),
      revoked_at: null,
    };
    // wait_for: once create returns, the token can be exchanged (the exchange searches by hash).
    await this.es.index({ index: this.index, id: record.id, document: record, op_type: "create", refresh: "wait_for" });
    return { token, record };
  }

  /** Realtime read by id; null when unknown. */
  async get(id: string): Promise<PatRecord | null> {
    try {
      const res = await this.es.get<PatRecord>({ index: this.index, id });
      return res.found && res._source ? res._source : null;
    } catch (err) {
      if (isIndexMissing(err)) return null;
      throw err;
    }
  }

  /** The record of a presented token, or null when it is malformed or was never issued. */
  async findByToken(token: string): Promise<PatRecord | null> {
    if (!isWellFormedPat(token)) return null;
    try {
      const res = await this.es.search<PatRecord>({
        index: this.index,
        size: 1,
        query: { term: { token_hash: hashPat(token) } },
      });
      return res.hits.hits[0]?._source ?? null;
    } catch (err) {
      if (isIndexMissing(err)) return null;
      throw err;
    }
  }

  /** Every token, oldest first, read a page at a time (one search of 10,000 left the rest out unsaid). */
  async list(): Promise<PatRecord[]> {
    const out: PatRecord[] = [];
    let after: Array<string | number> | undefined;
    try {
      for (;;) {
        const res = await this.es.search<PatRecord>({
          index: this.index,
          size: LIST_PAGE,
          sort: [{ created_at: "asc" }, { id: "asc" }],
          query: { match_all: {} },
          ...(after ? { search_after: after } : {}),
        });
        const hits = res.hits.hits;
        for (const h of hits) if (h._source) out.push(h._source);
        if (hits.length < LIST_PAGE) return out;
        after = hits[hits.length - 1]!.sort as Array<string | number>;
      }
    } catch (err) {
      if (isIndexMissing(err)) return [];
      throw err;
    }
  }

  /** Marks the token revoked. False when no token has this id. Revoking twice keeps the first time. */
  async revoke(id: string, now = Date.now()): Promise<boolean> {
    const rec = await this.get(id);
    if (!rec) return false;
    if (rec.revoked_at !== null) return true;
    await this.es.update({ index: this.index, id, doc: { revoked_at: new Date(now).toISOString() }, refresh: "wait_for" });
    return true;
  }
}
