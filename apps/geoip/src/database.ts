/**
 * One MaxMind DB file, read with mmdb-lib, watched and reloaded when it changes on
 * disk. A reload reads and parses the new file completely before it replaces the
 * old reader in one assignment; lookups are synchronous, so a request sees either
 * the old or the new file, never a mix, and none fails during the swap. A file
 * that does not parse (e.g. caught half-written) leaves the old reader in place.
 */
import { watch, type FSWatcher } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { LRUCache } from "lru-cache";
import { Reader, type Response } from "mmdb-lib";

export type MmdbRecord = Record<string, unknown>;

export interface DbStatus {
  file: string;
  loaded: boolean;
  database_type?: string;
  ip_version?: number;
  build_date?: string;
  loaded_at?: string;
  reloads: number;
  last_error?: string;
}

interface Loaded {
  reader: Reader<Response>;
  ipVersion: number;
  databaseType: string;
  buildEpoch: Date;
  loadedAt: Date;
  signature: string;
}

async function signatureOf(file: string): Promise<string> {
  const s = await stat(file);
  return `${s.ino}:${s.size}:${s.mtimeMs}`;
}

export class MmdbFile {
  readonly path: string;
  private current: Loaded | undefined;
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reloading: Promise<void> | undefined;
  private pending = false;
  private readonly cacheSize: number;
  private readonly log: (msg: string) => void;
  reloads = 0;
  lastError: string | undefined;

  constructor(file: string, opts: { cacheSize?: number; log?: (msg: string) => void } = {}) {
    this.path = file;
    this.cacheSize = opts.cacheSize ?? 200_000;
    this.log = opts.log ?? (() => {});
  }

  get loaded(): boolean {
    return this.current !== undefined;
  }

  get databaseType(): string | undefined {
    return this.current?.databaseType;
  }

  get ipVersion(): number | undefined {
    return this.current?.ipVersion;
  }

  /** Loads the file now; resolves true when a (new) version is in use. Never throws. */
  async load(): Promise<boolean> {
    try {
      const sig = await signatureOf(this.path);
      if (this.current?.signature === sig) return false;
      const buf = await readFile(this.path);
      // mmdb-lib caches decoded values by data-section offset: records shared by many
      // networks are decoded once, and the same object comes back for the same record.
      const cache = new LRUCache<string | number, object>({ max: this.cacheSize });
      const reader = new Reader<Response>(buf, { cache });
      const md = reader.metadata;
      if (md.ipVersion !== 4 && md.ipVersion !== 6) throw new Error(`unsupported ip_version ${md.ipVersion}`);
      // Probe the tree once so a truncated file fails here rather than in a request.
      reader.get(md.ipVersion === 4 ? "1.1.1.1" : "2001:4860::1");
      const first = this.current === undefined;
      this.current = { reader, ipVersion: md.ipVersion, databaseType: md.databaseType, buildEpoch: md.buildEpoch, loadedAt: new Date(), signature: sig };
      this.lastError = undefined;
      if (!first) this.reloads++;
      this.log(`${first ? "loaded" : "reloaded"} ${path.basename(this.path)} (${md.databaseType}, built ${md.buildEpoch.toISOString()})`);
      return true;
    } catch (err) {
      this.lastError = err instanceof Error ? err.message : String(err);
      this.log(`cannot load ${path.basename(this.path)}: ${this.lastError}${this.current ? " (keeping the loaded version)" : ""}`);
      return false;
    }
  }

  /** Watches the file's folder (so replacing the file by rename is seen too) and reloads after changes settle. */
  watch(debounceMs = 150): void {
    if (this.watcher) return;
    const dir = path.dirname(this.path);
    const base = path.basename(this.path);
    try {
      this.watcher = watch(dir, { persistent: false }, (_event, name) => {
        if (name !== null && name !== base) return;
        if (this.timer) clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.reload(), debounceMs);
      });
      this.watcher.on("error", (err) => this.log(`watch ${dir}: ${err.message}`));
    } catch (err) {
      this.log(`cannot watch ${dir}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Reloads, coalescing calls that arrive while a reload runs. */
  reload(): Promise<void> {
    if (this.reloading) {
      this.pending = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      do {
        this.pending = false;
        await this.load();
      } while (this.pending);
      this.reloading = undefined;
    })();
    return this.reloading;
  }

  close(): void {
    this.watcher?.close();
    this.watcher = undefined;
    if (this.timer) clearTimeout(this.timer);
  }

  /** [record, prefix length] for a canonical address text of a family this file holds, or undefined. */
  get(ipText: string, family: 4 | 6): [MmdbRecord, number] | undefined {
    const cur = this.current;
    if (!cur || (family === 6 && cur.ipVersion === 4)) return undefined;
    const [rec, prefix] = cur.reader.getWithPrefixLength(ipText);
    if (rec === null || typeof rec !== "object") return undefined;
    return [rec as unknown as MmdbRecord, prefix];
  }

  status(): DbStatus {
    const c = this.current;
    return {
      file: path.basename(this.path),
      loaded: c !== undefined,
      ...(c && {
        database_type: c.databaseType,
        ip_version: c.ipVersion,
        build_date: c.buildEpoch.toISOString(),
        loaded_at: c.loadedAt.toISOString(),
      }),
      reloads: this.reloads,
      ...(this.lastError !== undefined && { last_error: this.lastError }),
    };
  }
}

/** The files of one kind (city or ASN), asked in order; the first that has the address answers. */
export class MmdbSet {
  readonly kind: string;
  readonly files: MmdbFile[];

  constructor(kind: string, files: MmdbFile[]) {
    this.kind = kind;
    this.files = files;
  }

  get anyLoaded(): boolean {
    return this.files.some((f) => f.loaded);
  }

  get(ipText: string, family: 4 | 6): [MmdbRecord, number] | undefined {
    for (const f of this.files) {
      const hit = f.get(ipText, family);
      if (hit) return hit;
    }
    return undefined;
  }

  async load(): Promise<void> {
    await Promise.all(this.files.map((f) => f.load()));
  }

  watch(): void {
    for (const f of this.files) f.watch();
  }

  close(): void {
    for (const f of this.files) f.close();
  }
}
