/**
 * Revocation: every authenticated request checks that the PAT behind the JWT (`sub`) is still
 * active, through a small cache of PAT records with a short TTL (default 5 s,
 * FILESCAN_REVOCATION_TTL_MS). So a revoked or expired PAT's access tokens stop working within
 * that TTL, not only at the JWT's own expiry. When the store cannot be read, the last known
 * answer is used if one exists; otherwise the check throws (the API answers 500).
 */
import type { CredentialStore } from "./store.ts";
import { patStatus } from "./store.ts";

export const DEFAULT_REVOCATION_TTL_MS = 5000;

interface Entry {
  active: boolean;
  fetchedAt: number;
}

export class CredentialStoreUnavailable extends Error {
  override readonly cause: unknown;
  constructor(cause: unknown) {
    super("credential store unavailable");
    this.name = "CredentialStoreUnavailable";
    this.cause = cause;
  }
}

export class PrincipalCheck {
  readonly store: CredentialStore;
  readonly ttlMs: number;
  private readonly cache = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<boolean>>();
  private readonly maxEntries: number;

  constructor(store: CredentialStore, ttlMs = DEFAULT_REVOCATION_TTL_MS, maxEntries = 100_000) {
    this.store = store;
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  /** True when the PAT with this id exists, is not revoked and has not expired. */
  async isActive(sub: string, now = Date.now()): Promise<boolean> {
    const hit = this.cache.get(sub);
    if (hit && now - hit.fetchedAt < this.ttlMs) return hit.active;
    let p = this.pending.get(sub);
    if (!p) {
      p = this.fetch(sub, hit).finally(() => this.pending.delete(sub));
      this.pending.set(sub, p);
    }
    return p;
  }

  private async fetch(sub: string, stale: Entry | undefined): Promise<boolean> {
    try {
      const rec = await this.store.get(sub);
      const active = rec !== null && patStatus(rec) === "active";
      if (this.cache.size >= this.maxEntries) this.cache.clear();
      this.cache.set(sub, { active, fetchedAt: Date.now() });
      return active;
    } catch (err) {
      if (stale) return stale.active;
      throw new CredentialStoreUnavailable(err);
    }
  }
}
