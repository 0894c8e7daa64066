/**
 * A SQLite database SQLite will not open or read ("database disk image is malformed": a copy cut
 * short, a file copied while written) still holds its rows in its pages. They are read here page by
 * page, as recovery tools read them: each table's b-tree walked from its root page (the schema's
 * `rootpage`), every table leaf cell's record decoded (its serial types, then its values), long
 * values followed through their overflow pages as far as they are there. A leaf page no walk
 * reached (its parent lost) is read too, under the table whose column count its records have.
 * Format: https://www.sqlite.org/fileformat2.html (b-tree pages, records, varints).
 */

/** A value of a record: SQLite's NULL, integer (bigint past 2^53), real, text or blob. */
export type SqliteValue = null | number | bigint | string | Uint8Array;

export interface SalvagedTable {
  name: string;
  columns: string[];
  rows: SqliteValue[][];
}

const TABLE_LEAF = 0x0d;
const TABLE_INTERIOR = 0x05;

/** A big-endian base-128 varint of at most 9 bytes at `at`: its value and its length. */
function varint(b: Uint8Array, at: number): [value: number, length: number] {
  let v = 0;
  for (let i = 0; i < 8; i++) {
    const c = b[at + i];
    if (c === undefined) return [v, i + 1];
    v = v * 128 + (c & 0x7f);
    if (c < 0x80) return [v, i + 1];
  }
  return [v * 256 + (b[at + 8] ?? 0), 9];
}

class Pages {
  readonly b: Uint8Array;
  readonly size: number;
  readonly usable: number;
  readonly count: number;
  constructor(b: Uint8Array) {
    this.b = b;
    const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
    const raw = v.getUint16(16);
    this.size = raw === 1 ? 65536 : raw;
    this.usable = this.size - (b[20] ?? 0);
    this.count = Math.floor(b.byteLength / this.size);
  }

  /** Page `n` (1-based) when it is all there, else null. */
  page(n: number): Uint8Array | null {
    if (n < 1 || n > this.count) return null;
    return this.b.subarray((n - 1) * this.size, n * this.size);
  }

  /** The b-tree header's offset in page `n` (page 1 starts with the file's header). */
  headerAt(n: number): number {
    return n === 1 ? 100 : 0;
  }
}

/** A table leaf cell's payload, with its overflow pages followed as far as they are there. */
function payload(pages: Pages, page: Uint8Array, at: number): { rowid: number; bytes: Uint8Array } {
  const [size, l1] = varint(page, at);
  const [rowid, l2] = varint(page, at + l1);
  const start = at + l1 + l2;
  const u = pages.usable;
  const maxLocal = u - 35;
  if (size <= maxLocal) return { rowid, bytes: page.subarray(start, start + size) };
  const minLocal = Math.floor(((u - 12) * 32) / 255) - 23;
  const k = minLocal + ((size - minLocal) % (u - 4));
  const local = k <= maxLocal ? k : minLocal;
  const parts = [page.subarray(start, start + local)];
  let got = local;
  let next = new DataView(page.buffer, page.byteOffset).getUint32(start + local);
  for (let hops = 0; next !== 0 && got < size && hops < pages.count; hops++) {
    const o = pages.page(next);
    if (o === null) break;
    const take = Math.min(u - 4, size - got);
    parts.push(o.subarray(4, 4 + take));
    got += take;
    next = new DataView(o.buffer, o.byteOffset).getUint32(0);
  }
  return { rowid, bytes: Buffer.concat(parts) };
}

/** A record's values (serial types in its header, then the values); a value cut short ends it. */
export function record(p: Uint8Array): SqliteValue[] {
  const [headerSize, l] = varint(p, 0);
  const types: number[] = [];
  for (let at = l; at < headerSize && at < p.length; ) {
    const [t, n] = varint(p, at);
    types.push(t);
    at += n;
  }
  const out: SqliteValue[] = [];
  const v = new DataView(p.buffer, p.byteOffset, p.byteLength);
  let at = headerSize;
  const INT_BYTES = [0, 1, 2, 3, 4, 6, 8];
  for (const t of types) {
    if (t === 0) out.push(null);
    else if (t >= 1 && t <= 6) {
      const n = INT_BYTES[t]!;
      if (at + n > p.length) break;
      let x = 0n;
      for (let i = 0; i < n; i++) x = (x << 8n) | BigInt(p[at + i]!);
      if (p[at]! & 0x80) x -= 1n << BigInt(8 * n); // two's complement
      out.push(x >= BigInt(Number.MIN_SAFE_INTEGER) && x <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(x) : x);
      at += n;
    } else if (t === 7) {
      if (at + 8 > p.length) break;
      out.push(v.getFloat64(at));
      at += 8;
    } else if (t === 8 || t === 9) out.push(t - 8);
    else if (t >= 12) {
      const n = (t - (t % 2 === 0 ? 12 : 13)) / 2;
      const bytes = p.subarray(at, at + n);
      out.push(t % 2 === 0 ? bytes : Buffer.from(bytes).toString("utf8"));
      at += n;
      if (at > p.length) break;
    } else break; // 10, 11: reserved
  }
  return out;
}

/** The rows of the table leaf page `n` (rowid first), or null when it is not one. */
function leafRows(pages: Pages, n: number): Array<{ rowid: number; values: SqliteValue[] }> | null {
  const page = pages.page(n);
  if (page === null) return null;
  const h = pages.headerAt(n);
  if (page[h] !== TABLE_LEAF) return null;
  const v = new DataView(page.buffer, page.byteOffset, page.byteLength);
  const cells = v.getUint16(h + 3);
  const out: Array<{ rowid: number; values: SqliteValue[] }> = [];
  for (let i = 0; i < cells && h + 8 + 2 * i + 2 <= page.length; i++) {
    const at = v.getUint16(h + 8 + 2 * i);
    if (at < h + 8 || at >= page.length) continue;
    try {
      const { rowid, bytes } = payload(pages, page, at);
      out.push({ rowid, values: record(bytes) });
    } catch {
      // a damaged cell: the page's other cells are still read
    }
  }
  return out;
}

/** The leaf pages of the table b-tree rooted at `root`, as far as its pages are there. */
function leaves(pages: Pages, root: number, seen: Set<number>): number[] {
  const out: number[] = [];
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    const page = pages.page(n);
    if (page === null) continue;
    const h = pages.headerAt(n);
    if (page[h] === TABLE_LEAF) out.push(n);
    else if (page[h] === TABLE_INTERIOR) {
      const v = new DataView(page.buffer, page.byteOffset, page.byteLength);
      const cells = v.getUint16(h + 3);
      stack.push(v.getUint32(h + 8));
      for (let i = cells - 1; i >= 0; i--) {
        const at = v.getUint16(h + 12 + 2 * i);
        if (at + 4 <= page.length) stack.push(v.getUint32(at));
      }
    }
  }
  return out.sort((a, b) => a - b);
}

/** A CREATE TABLE statement's column names, and which one is an INTEGER PRIMARY KEY (the rowid's alias). */
export function columnsOf(sql: string): { columns: string[]; rowidAlias: number } {
  const open = sql.indexOf("(");
  const close = sql.lastIndexOf(")");
  const columns: string[] = [];
  let rowidAlias = -1;
  if (open < 0 || close < open) return { columns, rowidAlias };
  let depth = 0;
  let item = "";
  const items: string[] = [];
  for (const ch of sql.slice(open + 1, close)) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (ch === "," && depth === 0) {
      items.push(item);
      item = "";
    } else item += ch;
  }
  items.push(item);
  for (const raw of items) {
    const def = raw.trim();
    if (/^(?:constraint|primary|unique|check|foreign)\b/i.test(def)) continue;
    const m = /^(?:"((?:[^"]|"")*)"|`([^`]*)`|\[([^\]]*)\]|(\S+))/.exec(def);
    if (!m) continue;
    if (/^\S+\s+integer\s+primary\s+key\b/i.test(def.replace(/^(?:"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\])/, "x"))) rowidAlias = columns.length;
    columns.push(m[1]?.replace(/""/g, '"') ?? m[2] ?? m[3] ?? m[4]!);
  }
  return { columns, rowidAlias };
}

/**
 * The tables' rows that a database's pages still hold, by table (its schema read from page 1 on),
 * ordered by rowid; `skip` names tables already read; `onPage` is called before each leaf page is
 * read (the caller's time budget). Null when it is no SQLite file.
 */
export function salvageSqlite(b: Uint8Array, skip: ReadonlySet<string> = new Set(), onPage: () => void = () => {}): SalvagedTable[] | null {
  if (b.byteLength < 512 || Buffer.from(b.subarray(0, 16)).toString("latin1") !== "SQLite format 3\u0000") return null;
  const pages = new Pages(b);
  if (pages.size < 512 || pages.count === 0) return null;
  const seen = new Set<number>();
  const schema = leaves(pages, 1, seen).flatMap((n) => leafRows(pages, n) ?? []);
  const tables: Array<SalvagedTable & { root: number; rowidAlias: number; byRowid: Map<number, SqliteValue[]> }> = [];
  for (const { values } of schema) {
    const [type, name, , root, sql] = values;
    if (type !== "table" || typeof name !== "string" || typeof sql !== "string" || typeof root !== "number") continue;
    if (name.startsWith("sqlite_") || /^\s*create\s+virtual/i.test(sql)) continue;
    const { columns, rowidAlias } = columnsOf(sql);
    tables.push({ name, columns, rows: [], root, rowidAlias, byRowid: new Map() });
  }
  const take = (t: (typeof tables)[number], rows: Array<{ rowid: number; values: SqliteValue[] }>) => {
    for (const { rowid, values } of rows) {
      if (t.rowidAlias >= 0 && values[t.rowidAlias] === null) values[t.rowidAlias] = rowid;
      t.byRowid.set(rowid, values);
    }
  };
  for (const t of tables) {
    if (skip.has(t.name)) continue;
    for (const n of leaves(pages, t.root, seen)) {
      onPage();
      take(t, leafRows(pages, n) ?? []);
    }
  }
  // Leaf pages no walk reached (an interior page lost): under the one table whose columns their records fill.
  for (let n = 2; n <= pages.count; n++) {
    if (seen.has(n)) continue;
    onPage();
    const rows = leafRows(pages, n);
    if (rows === null || rows.length === 0) continue;
    const width = rows.reduce((m, r) => Math.max(m, r.values.length), 0);
    const fits = tables.filter((t) => t.columns.length === width);
    if (fits.length === 1) take(fits[0]!, rows);
  }
  return tables
    .filter((t) => !skip.has(t.name))
    .map((t) => ({ name: t.name, columns: t.columns, rows: [...t.byRowid.entries()].sort((x, y) => x[0] - y[0]).map(([, v]) => v) }));
}
