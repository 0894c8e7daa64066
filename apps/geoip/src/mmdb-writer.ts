/**
 * A small writer for the MaxMind DB format (binary format 2.0), following the
 * published MaxMind DB File Format Specification. No maintained writer exists on
 * the npm registry (MaxMind's own is a Go library and the Perl one is deprecated),
 * so the ASN build and the tests use this one; every file it writes is read back
 * by mmdb-lib, an independent reader, in the specs.
 *
 * Supports: a binary search tree of IPv4 (depth 32) or IPv6 (depth 128), record
 * sizes 24/28/32 chosen automatically, and data values of type map, array, UTF-8
 * string, double, uint16/uint32/uint64, int32 and boolean. Identical records share
 * one data-section entry.
 */

export type MmdbValue = string | number | bigint | boolean | MmdbValue[] | { [key: string]: MmdbValue };

export interface WriterOptions {
  ipVersion: 4 | 6;
  databaseType: string;
  description?: Record<string, string>;
  languages?: string[];
  /** Unix seconds; defaults to now. */
  buildEpoch?: number;
  /** Force a record size; by default the smallest that fits. */
  recordSize?: 24 | 28 | 32;
  /**
   * Number types by map key, as MaxMind's own databases use them (typed readers such as
   * Java's map uint32 to Long); other numbers get the smallest type that holds them.
   */
  keyTypes?: Record<string, NumberType>;
}

export type NumberType = "uint16" | "uint32" | "uint64" | "int32" | "double";

/** Key types of MaxMind's GeoIP2 / GeoLite2 City and ASN databases. */
export const MAXMIND_KEY_TYPES: Record<string, NumberType> = {
  autonomous_system_number: "uint32",
  geoname_id: "uint32",
  accuracy_radius: "uint16",
  metro_code: "uint16",
  latitude: "double",
  longitude: "double",
  confidence: "uint16",
};

const T_POINTER = 1;
const T_STRING = 2;
const T_DOUBLE = 3;
const T_UINT16 = 5;
const T_UINT32 = 6;
const T_MAP = 7;
const T_INT32 = 8;
const T_UINT64 = 9;
const T_ARRAY = 11;
const T_BOOLEAN = 14;
void T_POINTER;

function controlBytes(type: number, size: number): number[] {
  const out: number[] = [];
  let sizeBits: number;
  const extra: number[] = [];
  if (size < 29) sizeBits = size;
  else if (size < 29 + 256) {
    sizeBits = 29;
    extra.push(size - 29);
  } else if (size < 285 + 65536) {
    sizeBits = 30;
    const v = size - 285;
    extra.push(v >> 8, v & 0xff);
  } else {
    sizeBits = 31;
    const v = size - 65821;
    extra.push((v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff);
  }
  if (type <= 7) out.push((type << 5) | sizeBits);
  else out.push(sizeBits, type - 7);
  return out.concat(extra);
}

function uintBytes(v: bigint, maxBytes: number): number[] {
  const bytes: number[] = [];
  let x = v;
  while (x > 0n) {
    bytes.unshift(Number(x & 0xffn));
    x >>= 8n;
  }
  if (bytes.length > maxBytes) throw new Error(`value ${v} does not fit in ${maxBytes} bytes`);
  return bytes;
}

function encodeNumber(v: number, type: NumberType, out: number[]): void {
  if (type === "double" || (type !== "int32" && (!Number.isInteger(v) || v < 0))) {
    const buf = Buffer.alloc(8);
    buf.writeDoubleBE(v);
    out.push(...controlBytes(T_DOUBLE, 8));
    for (const x of buf) out.push(x);
  } else if (type === "int32") {
    const u = v >>> 0;
    out.push(...controlBytes(T_INT32, 4), (u >>> 24) & 0xff, (u >>> 16) & 0xff, (u >>> 8) & 0xff, u & 0xff);
  } else {
    const [t, max] = type === "uint16" ? [T_UINT16, 2] : type === "uint32" ? [T_UINT32, 4] : [T_UINT64, 8];
    const b = uintBytes(BigInt(v), max);
    out.push(...controlBytes(t, b.length), ...b);
  }
}

/** Serialises one value into MaxMind DB data-section bytes; `keyTypes` picks number types by map key. */
export function encodeValue(v: MmdbValue, out: number[] = [], keyTypes: Record<string, NumberType> = {}, key?: string): number[] {
  const forced = key === undefined ? undefined : keyTypes[key];
  if (typeof v === "number" && forced) {
    encodeNumber(v, forced, out);
  } else if (typeof v === "string") {
    const b = Buffer.from(v, "utf8");
    out.push(...controlBytes(T_STRING, b.length));
    for (const x of b) out.push(x);
  } else if (typeof v === "boolean") {
    out.push(...controlBytes(T_BOOLEAN, v ? 1 : 0));
  } else if (typeof v === "bigint") {
    const b = uintBytes(v, 8);
    out.push(...controlBytes(T_UINT64, b.length), ...b);
  } else if (typeof v === "number") {
    if (Number.isInteger(v) && v >= 0 && v <= 0xffff) {
      const b = uintBytes(BigInt(v), 2);
      out.push(...controlBytes(T_UINT16, b.length), ...b);
    } else if (Number.isInteger(v) && v >= 0 && v <= 0xffffffff) {
      const b = uintBytes(BigInt(v), 4);
      out.push(...controlBytes(T_UINT32, b.length), ...b);
    } else if (Number.isInteger(v) && v < 0 && v >= -0x80000000) {
      const u = v >>> 0;
      out.push(...controlBytes(T_INT32, 4), (u >>> 24) & 0xff, (u >>> 16) & 0xff, (u >>> 8) & 0xff, u & 0xff);
    } else {
      const buf = Buffer.alloc(8);
      buf.writeDoubleBE(v);
      out.push(...controlBytes(T_DOUBLE, 8));
      for (const x of buf) out.push(x);
    }
  } else if (Array.isArray(v)) {
    out.push(...controlBytes(T_ARRAY, v.length));
    for (const x of v) encodeValue(x, out, keyTypes, key);
  } else {
    const keys = Object.keys(v);
    out.push(...controlBytes(T_MAP, keys.length));
    for (const k of keys) {
      encodeValue(k, out);
      encodeValue(v[k]!, out, keyTypes, k);
    }
  }
  return out;
}

/**
 * Tree records: 0 = empty, > 0 = node number, < 0 = -(data index + 1).
 * Node 0 is the root; no record points at it, so 0 can mean "empty".
 */
export class MmdbWriter {
  readonly opts: WriterOptions;
  private left = new Int32Array(1 << 16);
  private right = new Int32Array(1 << 16);
  private nodes = 1;
  private data: MmdbValue[] = [];
  private dataIndex = new Map<string, number>();

  constructor(opts: WriterOptions) {
    this.opts = opts;
  }

  private newNode(fill: number): number {
    if (this.nodes === this.left.length) {
      const l = new Int32Array(this.left.length * 2);
      l.set(this.left);
      this.left = l;
      const r = new Int32Array(this.right.length * 2);
      r.set(this.right);
      this.right = r;
    }
    this.left[this.nodes] = fill;
    this.right[this.nodes] = fill;
    return this.nodes++;
  }

  private dataRef(value: MmdbValue): number {
    const key = JSON.stringify(value, (_k, x) => (typeof x === "bigint" ? `${x}n` : x));
    let i = this.dataIndex.get(key);
    if (i === undefined) {
      i = this.data.length;
      this.data.push(value);
      this.dataIndex.set(key, i);
    }
    return -(i + 1);
  }

  /** Inserts `bytes/prefixLength` (bytes: 4 for an IPv4 tree, 16 for IPv6). Later inserts win. */
  insert(bytes: Uint8Array, prefixLength: number, value: MmdbValue): void {
    this.insertRef(bytes, prefixLength, this.dataRef(value));
  }

  private insertRef(bytes: Uint8Array, prefixLength: number, ref: number): void {
    const bits = this.opts.ipVersion === 4 ? 32 : 128;
    if (bytes.length * 8 !== bits) throw new Error(`address has ${bytes.length * 8} bits, tree has ${bits}`);
    if (prefixLength < 1 || prefixLength > bits) throw new Error(`bad prefix length ${prefixLength}`);
    let node = 0;
    for (let depth = 0; depth < prefixLength; depth++) {
      const bit = (bytes[depth >> 3]! >> (7 - (depth & 7))) & 1;
      const side = bit ? this.right : this.left;
      if (depth === prefixLength - 1) {
        side[node] = ref;
        return;
      }
      let next = side[node]!;
      if (next <= 0) {
        // Empty, or a less specific network being split: both halves keep the old value.
        next = this.newNode(next);
        (bit ? this.right : this.left)[node] = next;
      }
      node = next;
    }
  }

  /**
   * Points ::ffff:0:0/96, 2001::/32 (Teredo) and 2002::/16 (6to4) at the IPv4 subtree (::/96), as
   * MaxMind's writers do in their IPv6 databases: one node is then reached by addresses with
   * different first bits (what a reader caching by node must allow for). Call after the last insert.
   */
  aliasIpv4(): void {
    if (this.opts.ipVersion !== 6) throw new Error("IPv4 aliases need an IPv6 tree");
    let node = 0;
    for (let depth = 0; depth < 96; depth++) {
      let next = this.left[node]!;
      if (next <= 0) {
        next = this.newNode(next);
        this.left[node] = next; // (after newNode: it may have replaced the array)
      }
      node = next;
    }
    const at = (text: string) => Uint8Array.from(text.split(":").flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]));
    this.insertRef(at("0:0:0:0:0:ffff:0:0"), 96, node);
    this.insertRef(at("2001:0:0:0:0:0:0:0"), 32, node);
    this.insertRef(at("2002:0:0:0:0:0:0:0"), 16, node);
  }

  /** Inserts the inclusive range [first, last] as the fewest CIDR blocks. */
  insertRange(first: Uint8Array, last: Uint8Array, value: MmdbValue): void {
    const bits = first.length * 8;
    const ref = this.dataRef(value);
    let lo = bytesToBig(first);
    const hi = bytesToBig(last);
    while (lo <= hi) {
      let size = 0;
      while (size < bits) {
        const block = 1n << BigInt(size + 1);
        if (lo % block !== 0n || lo + block - 1n > hi) break;
        size++;
      }
      this.insertRef(bigToBytes(lo, first.length), bits - size, ref);
      lo += 1n << BigInt(size);
    }
  }

  toBuffer(): Buffer {
    // Data section: each distinct record once.
    const dataBytes: number[][] = [];
    const offsets: number[] = [];
    let off = 0;
    for (const v of this.data) {
      const b = encodeValue(v, [], this.opts.keyTypes);
      offsets.push(off);
      dataBytes.push(b);
      off += b.length;
    }
    const nodeCount = this.nodes;
    const maxRecord = nodeCount + 16 + off;
    const fit = maxRecord < 1 << 24 ? 24 : maxRecord < 1 << 28 ? 28 : 32;
    const recordSize = Math.max(fit, this.opts.recordSize ?? 0);
    const nodeBytes = recordSize / 4;
    const tree = Buffer.alloc(nodeCount * nodeBytes);
    const resolve = (r: number): number => (r === 0 ? nodeCount : r > 0 ? r : nodeCount + 16 + offsets[-r - 1]!);
    for (let n = 0; n < nodeCount; n++) {
      const l = resolve(this.left[n]!);
      const r = resolve(this.right[n]!);
      const o = n * nodeBytes;
      if (recordSize === 24) {
        tree.writeUIntBE(l, o, 3);
        tree.writeUIntBE(r, o + 3, 3);
      } else if (recordSize === 28) {
        tree.writeUIntBE(l & 0xffffff, o, 3);
        tree[o + 3] = ((l >>> 24) << 4) | (r >>> 24);
        tree.writeUIntBE(r & 0xffffff, o + 4, 3);
      } else {
        tree.writeUInt32BE(l >>> 0, o);
        tree.writeUInt32BE(r >>> 0, o + 4);
      }
    }
    const meta: MmdbValue = {
      binary_format_major_version: 2,
      binary_format_minor_version: 0,
      build_epoch: BigInt(this.opts.buildEpoch ?? Math.floor(Date.now() / 1000)),
      database_type: this.opts.databaseType,
      description: this.opts.description ?? {},
      ip_version: this.opts.ipVersion,
      languages: this.opts.languages ?? [],
      node_count: nodeCount,
      record_size: recordSize,
    };
    const parts: Buffer[] = [tree, Buffer.alloc(16)];
    for (const b of dataBytes) parts.push(Buffer.from(b));
    parts.push(Buffer.from([0xab, 0xcd, 0xef]), Buffer.from("MaxMind.com", "ascii"), Buffer.from(encodeValue(meta)));
    return Buffer.concat(parts);
  }
}

export function bytesToBig(b: Uint8Array): bigint {
  let x = 0n;
  for (const v of b) x = (x << 8n) | BigInt(v);
  return x;
}

export function bigToBytes(x: bigint, len: number): Uint8Array {
  const out = new Uint8Array(len);
  let v = x;
  for (let i = len - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}
