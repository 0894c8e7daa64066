/**
 * API keys of the IP lookup service.
 *
 * A key is `fsk_` + 43 base64url characters (256 random bits). Only its SHA-256 is
 * stored, in a JSON file (default `.filescan/geoip/api-keys.json`, mode 0600),
 * changed by the CLI under a lock (file-lock.ts) and replaced atomically, and
 * reloaded by the server when it changes. A presented key is hashed and its hash
 * compared with `timingSafeEqual`.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { watch, type FSWatcher } from "node:fs";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { checkName } from "@filescan/config";
import { withFileLock } from "./file-lock.ts";

export const KEY_PREFIX = "fsk_";
const KEY_PATTERN = /^fsk_[A-Za-z0-9_-]{43}$/;

export interface ApiKeyRecord {
  id: string;
  name: string;
  /** hex SHA-256 of the whole key. */
  sha256: string;
  /** Requests per second allowed (token bucket, burst = rate); null = unlimited. */
  rate_per_second: number | null;
  created_at: string;
  revoked_at?: string;
}

export interface KeyFile {
  version: 1;
  keys: ApiKeyRecord[];
}

async function fileSignature(file: string): Promise<string> {
  try {
    const s = await stat(file);
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return "missing";
  }
}

export function hashKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export function newKey(): string {
  return KEY_PREFIX + randomBytes(32).toString("base64url");
}

export async function readKeyFile(file: string): Promise<KeyFile> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { version: 1, keys: [] };
    throw err;
  }
  const parsed = JSON.parse(text) as KeyFile;
  if (parsed.version !== 1 || !Array.isArray(parsed.keys)) throw new Error(`${file}: not a filescan API key file`);
  return parsed;
}

async function writeKeyFile(file: string, data: KeyFile): Promise<void> {
  // (unique per call: writers of one process had shared `${file}.${pid}.tmp`)
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(tmp, JSON.stringify(data, null, 2) + "\n", { mode: 0o600 });
  await rename(tmp, file);
}

/**
 * Reads the key file, lets `change` edit it, and writes it back unless `change` returns
 * undefined, all under the file's lock, so concurrent commands each see the others' changes.
 */
async function updateKeyFile<T>(file: string, change: (data: KeyFile) => T | undefined): Promise<T | undefined> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  return withFileLock(file, async () => {
    const data = await readKeyFile(file);
    const result = change(data);
    if (result !== undefined) await writeKeyFile(file, data);
    return result;
  });
}

/** Parses `100`, `100/s`, `none` or `unlimited`. */
export function parseRate(s: string): number | null {
  const t = s.trim().toLowerCase();
  if (t === "none" || t === "unlimited") return null;
  const m = /^(\d+(?:\.\d+)?)(?:\/s)?$/.exec(t);
  if (!m) throw new Error(`rate must look like 100/s (or "unlimited"), got ${JSON.stringify(s)}`);
  const n = Number(m[1]);
  if (!(n > 0)) throw new Error("rate must be greater than 0");
  return n;
}

export async function createKey(file: string, name: string, ratePerSecond: number | null): Promise<{ key: string; record: ApiKeyRecord }> {
  const checked = checkName(name, "the key name");
  if (!validRate(ratePerSecond)) throw new Error(`rate must be a number greater than 0, or null (unlimited); got ${ratePerSecond}`);
  const key = newKey();
  const record: ApiKeyRecord = {
    id: randomBytes(6).toString("hex"),
    name: checked,
    sha256: hashKey(key),
    rate_per_second: ratePerSecond,
    created_at: new Date().toISOString(),
  };
  await updateKeyFile(file, (data) => data.keys.push(record));
  return { key, record };
}

export async function revokeKey(file: string, id: string): Promise<ApiKeyRecord | undefined> {
  return updateKeyFile(file, (data) => {
    const rec = data.keys.find((k) => k.id === id);
    if (rec) rec.revoked_at ??= new Date().toISOString();
    return rec;
  });
}

/** null (unlimited) or a finite number of requests per second above 0; the limiter divides by it. */
function validRate(rate: unknown): rate is number | null {
  return rate === null || (typeof rate === "number" && Number.isFinite(rate) && rate > 0);
}

/**
 * Why an active record cannot be used, if it cannot: a rate of 0 had answered 429 with
 * `Retry-After: Infinity` forever, a missing one `Retry-After: NaN`.
 */
function recordFault(rec: ApiKeyRecord): string | undefined {
  if (typeof rec.sha256 !== "string" || !/^[0-9a-f]{64}$/.test(rec.sha256)) return "sha256 is not 64 hex digits";
  if (!validRate(rec.rate_per_second)) return `rate_per_second must be null or a number greater than 0, got ${JSON.stringify(rec.rate_per_second) ?? "nothing"}`;
  return undefined;
}

export type KeyVerdict = { ok: true; key: ApiKeyRecord } | { ok: false; code: "API_KEY_REQUIRED" | "API_KEY_INVALID" };

/** The server's view of the key file: active keys by hash, reloaded when the file changes. */
export class KeyStore {
  readonly file: string;
  private byHash = new Map<string, { rec: ApiKeyRecord; digest: Buffer }>();
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private poller: NodeJS.Timeout | undefined;
  private signature = "";
  private readonly log: (msg: string) => void;
  /** Called after each successful (re)load with the active keys. */
  onReload: ((keys: ApiKeyRecord[]) => void) | undefined;
  loadedAt: Date | undefined;
  lastError: string | undefined;

  constructor(file: string, log: (msg: string) => void = () => {}) {
    this.file = file;
    this.log = log;
  }

  get size(): number {
    return this.byHash.size;
  }

  async load(): Promise<void> {
    try {
      this.signature = await fileSignature(this.file);
      const data = await readKeyFile(this.file);
      const next = new Map<string, { rec: ApiKeyRecord; digest: Buffer }>();
      const skipped: string[] = [];
      for (const rec of data.keys) {
        if (rec.revoked_at) continue;
        const fault = recordFault(rec);
        if (fault) skipped.push(`key ${JSON.stringify(rec.id)} skipped: ${fault}`);
        else next.set(rec.sha256, { rec, digest: Buffer.from(rec.sha256, "hex") });
      }
      this.byHash = next;
      this.loadedAt = new Date();
      // The other keys work; /readyz names the ones that do not.
      this.lastError = skipped.length ? skipped.join("; ") : undefined;
      if (this.lastError) this.log(`API keys in ${this.file}: ${this.lastError}`);
      this.onReload?.([...next.values()].map((v) => v.rec));
    } catch (err) {
      // Keep the keys we had: a half-written or broken file must not lock everyone out.
      this.lastError = err instanceof Error ? err.message : String(err);
      this.log(`cannot load API keys from ${this.file}: ${this.lastError}`);
    }
  }

  /** Reloads on watch events in the file's folder, and when a check every `pollMs` finds the file changed. */
  watch(pollMs = 5_000): void {
    if (this.watcher) return;
    this.poller = setInterval(() => {
      void fileSignature(this.file).then((sig) => (sig !== this.signature ? this.load() : undefined));
    }, pollMs);
    this.poller.unref();
    const dir = path.dirname(this.file);
    const base = path.basename(this.file);
    try {
      this.watcher = watch(dir, { persistent: false }, (_e, name) => {
        if (name !== null && name !== base) return;
        if (this.timer) clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.load(), 50);
      });
      this.watcher.on("error", (err) => this.log(`watch ${dir}: ${err.message}`));
    } catch (err) {
      this.log(`cannot watch ${dir}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  close(): void {
    this.watcher?.close();
    this.watcher = undefined;
    if (this.timer) clearTimeout(this.timer);
    if (this.poller) clearInterval(this.poller);
  }

  private reloading: Promise<void> | undefined;

  /**
   * `verify`, and for a well-formed key it does not know, once more after reloading the file if
   * it changed since the last load. A key is usable as soon as `filescan apikey create` has
   * written it: the watcher's reload comes 50 ms after the write (the poll's up to 5 s), and a
   * script that created a key and used it at once was answered 401. An unknown key costs a
   * stat of the file (concurrent ones share it), never a read unless the file changed.
   */
  async verifyFresh(presented: string | undefined): Promise<KeyVerdict> {
    const first = this.verify(presented);
    if (first.ok || first.code === "API_KEY_REQUIRED" || !KEY_PATTERN.test(presented!)) return first;
    this.reloading ??= fileSignature(this.file)
      .then((sig) => (sig !== this.signature ? this.load() : undefined))
      .finally(() => (this.reloading = undefined));
    await this.reloading;
    return this.verify(presented);
  }

  verify(presented: string | undefined): KeyVerdict {
    if (presented === undefined || presented === "") return { ok: false, code: "API_KEY_REQUIRED" };
    if (!KEY_PATTERN.test(presented)) return { ok: false, code: "API_KEY_INVALID" };
    const digest = createHash("sha256").update(presented, "utf8").digest();
    const hit = this.byHash.get(digest.toString("hex"));
    if (!hit || !timingSafeEqual(hit.digest, digest)) return { ok: false, code: "API_KEY_INVALID" };
    return { ok: true, key: hit.rec };
  }
}
