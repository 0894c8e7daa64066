/**
 * One MaxMind DB file, read with mmdb-lib, watched and reloaded when it changes on
 * disk. A reload reads and parses the new file completely before it replaces the
 * old reader in one assignment; lookups are synchronous, so a request sees either
 * the old or the new file, never a mix, and none fails during the swap. A file
 * that does not parse (e.g. caught half-written) or has a record that does not decode
 * (mmdb-check.ts walks them all) leaves the old reader in place.
 *
 * Speed: the search tree is walked here, on the address bytes already parsed, and
 * each record is decoded (by mmdb-lib) and shaped only once: the shaped value is kept
 * per data-section pointer, and the network's CIDR text per tree leaf (checked against the
 * address: MaxMind's IPv4 aliases make leaves shared). An answer for
 * a network of /24 or shorter (IPv4; /64 for IPv6) is kept per /24 (/64) block, so
 * the next address in that block skips the tree walk.
 */
import { watch, type FSWatcher } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { Reader, type Response } from "mmdb-lib";
import { inPrefix, networkOf, type ParsedIp } from "./ip.ts";
import { checkMmdb } from "./mmdb-check.ts";
import { readRecord } from "./tree.ts";

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

interface Loaded<T> {
  reader: Reader<Response>;
  buf: Buffer;
  nodeCount: number;
  recordSize: number;
  nodeBytes: number;
  /** Node where IPv4 addresses start in an IPv6 tree (after 96 zero bits). */
  ipv4Start: number;
  /** Shaped record by data pointer. */
  values: Map<number, T>;
  /** CIDR text by tree leaf, with an address of the network it was made for; one map per family. */
  networks4: Map<number, { bytes: Uint8Array; text: string }>;
  networks6: Map<number, { bytes: Uint8Array; text: string }>;
  /** Answers by /24 (IPv4) or /64 (IPv6) block, for networks no longer than that; null = not in the file. */
  blocks4: Map<number, Hit<T> | null>;
  blocks6: Map<string, Hit<T> | null>;
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

export interface Hit<T> {
  value: T;
  prefix: number;
  network: string;
}

/** A record of a loaded file does not decode: the file is damaged (the check at load missed it). */
export class DatabaseDamagedError extends Error {
  constructor(file: string, cause: unknown) {
    super(`${path.basename(file)} is damaged: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "DatabaseDamagedError";
  }
}

/** Caches that outgrow their limit are emptied and refilled (cheaper than LRU bookkeeping per hit). */
function remember<K, V>(m: Map<K, V>, k: K, v: V, max: number): V {
  if (m.size >= max) m.clear();
  m.set(k, v);
  return v;
}

export class MmdbFile<T = MmdbRecord> {
  readonly path: string;
  private current: Loaded<T> | undefined;
  private readonly shape: (rec: MmdbRecord) => T;
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private poller: NodeJS.Timeout | undefined;
  private reloading: Promise<void> | undefined;
  private pending = false;
  private readonly cacheSize: number;
  private readonly log: (msg: string) => void;
  reloads = 0;
  lastError: string | undefined;

  constructor(file: string, opts: { cacheSize?: number; log?: (msg: string) => void; shape?: (rec: MmdbRecord) => T } = {}) {
    this.path = file;
    this.shape = opts.shape ?? ((r) => r as unknown as T);
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
      const reader = new Reader<Response>(buf);
      const md = reader.metadata;
      if (md.ipVersion !== 4 && md.ipVersion !== 6) throw new Error(`unsupported ip_version ${md.ipVersion}`);
      if (![24, 28, 32].includes(md.recordSize)) throw new Error(`unsupported record size ${md.recordSize}`);
      if (md.searchTreeSize + 16 > buf.length) throw new Error("file shorter than its search tree");
      // Every record, so a damaged one fails here rather than in a request (or as garbage in a body).
      await checkMmdb({ buf, nodeCount: md.nodeCount, recordSize: md.recordSize, nodeBytes: md.nodeByteSize });
      const next: Loaded<T> = {
        reader, buf, nodeCount: md.nodeCount, recordSize: md.recordSize, nodeBytes: md.nodeByteSize, ipv4Start: 0,
        values: new Map(), networks4: new Map(), networks6: new Map(), blocks4: new Map(), blocks6: new Map(),
        ipVersion: md.ipVersion, databaseType: md.databaseType, buildEpoch: md.buildEpoch, loadedAt: new Date(), signature: sig,
      };
      if (md.ipVersion === 6) {
        let node = 0;
        for (let i = 0; i < 96 && node < next.nodeCount; i++) node = readRecord(next, node, 0);
        next.ipv4Start = node;
      }
      const first = this.current === undefined;
      this.current = next;
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

  /**
   * Watches the file's folder (so replacing the file by rename is seen too) and reloads
   * after changes settle; also checks the file's identity every `pollMs`, for changes
   * no watch event names (a symlink swapped in a Kubernetes volume, network filesystems).
   */
  watch(debounceMs = 150, pollMs = 30_000): void {
    if (this.watcher) return;
    this.poller = setInterval(() => void this.reload(), pollMs);
    this.poller.unref();
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
    if (this.poller) clearInterval(this.poller);
  }

  /** The shaped record, prefix length and network for `ip`, or undefined when the file does not hold it. */
  find(ip: ParsedIp): Hit<T> | undefined {
    const cur = this.current;
    if (!cur || (ip.family === 6 && cur.ipVersion === 4)) return undefined;
    const bytes = ip.bytes;
    const v4 = ip.family === 4;
    // The /24 as a number, or the /64 as a 4-character string.
    const blockKey = v4
      ? (bytes[0]! << 16) | (bytes[1]! << 8) | bytes[2]!
      : String.fromCharCode((bytes[0]! << 8) | bytes[1]!, (bytes[2]! << 8) | bytes[3]!, (bytes[4]! << 8) | bytes[5]!, (bytes[6]! << 8) | bytes[7]!);
    const cached = v4 ? cur.blocks4.get(blockKey as number) : cur.blocks6.get(blockKey as string);
    if (cached !== undefined) return cached ?? undefined;
    const blockBits = v4 ? 24 : 64;
    const bits = bytes.length * 8;
    const nodeCount = cur.nodeCount;
    let node = ip.family === 4 ? cur.ipv4Start : 0;
    let parent = -1;
    let bit = 0;
    let depth = 0;
    for (; depth < bits && node < nodeCount; depth++) {
      bit = (bytes[depth >> 3]! >> (7 - (depth & 7))) & 1;
      parent = node;
      node = readRecord(cur, node, bit);
    }
    if (node <= nodeCount) {
      if (depth <= blockBits) this.rememberBlock(cur, blockKey, null);
      return undefined;
    }
    let value = cur.values.get(node);
    if (value === undefined) {
      const rec = this.decode(cur, ip);
      if (rec === null || typeof rec !== "object") return undefined;
      value = remember(cur.values, node, this.shape(rec as unknown as MmdbRecord), this.cacheSize);
    }
    const hit = { value, prefix: depth, network: this.networkText(cur, ip, parent * 2 + bit, depth) };
    if (depth <= blockBits) this.rememberBlock(cur, blockKey, hit);
    return hit;
  }

  /** The record for `ip`; the file checked at load, a failure here means its bytes are damaged. */
  private decode(cur: Loaded<T>, ip: ParsedIp): unknown {
    try {
      return cur.reader.get(ip.text);
    } catch (err) {
      const damaged = new DatabaseDamagedError(this.path, err);
      this.lastError = damaged.message;
      throw damaged;
    }
  }

  /**
   * The CIDR text of the network of `ip` that ends at `leaf` (parent node, side). Kept per leaf,
   * but used only for an address inside the network it was made for: MaxMind's writers point
   * ::ffff:0:0/96, 2001::/32 and 2002::/16 at the one IPv4 subtree, so a leaf is reached by
   * addresses whose first bits differ (2002:5102:4500::/40 and 2001:0:5102:4500::/56 end at
   * the same leaf as 81.2.69.0/24).
   */
  private networkText(cur: Loaded<T>, ip: ParsedIp, leaf: number, depth: number): string {
    const nets = ip.family === 4 ? cur.networks4 : cur.networks6;
    const kept = nets.get(leaf);
    if (kept && inPrefix(ip.bytes, [kept.bytes, depth])) return kept.text;
    const text = networkOf(ip, depth);
    if (!kept) remember(nets, leaf, { bytes: ip.bytes, text }, this.cacheSize);
    return text;
  }

  private rememberBlock(cur: Loaded<T>, key: number | string, hit: Hit<T> | null): void {
    if (typeof key === "number") remember(cur.blocks4, key, hit, this.cacheSize);
    else remember(cur.blocks6, key, hit, this.cacheSize);
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
export class MmdbSet<T = MmdbRecord> {
  readonly kind: string;
  readonly files: MmdbFile<T>[];

  constructor(kind: string, files: MmdbFile<T>[]) {
    this.kind = kind;
    this.files = files;
  }

  get anyLoaded(): boolean {
    return this.files.some((f) => f.loaded);
  }

  find(ip: ParsedIp): Hit<T> | undefined {
    for (const f of this.files) {
      const hit = f.find(ip);
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
