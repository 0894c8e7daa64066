/**
 * A lenient look at an OLE/CFB container that the `cfb` reader refuses (typically a file cut
 * short): reads the header, whatever allocation-table (FAT) sectors are present and the directory
 * sectors that are present, per [MS-CFB] 2.2-2.6. It only names the entries at the root and finds
 * the highest sector the structures present refer to; it never reads stream contents. `cfb` has no such
 * partial mode (it throws as soon as one sector is missing), hence this small reader.
 */
import CFB from "cfb";

const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** Sector ids from MAXREGSECT + 1 up are markers (DIFSECT, FATSECT, ENDOFCHAIN, FREESECT). */
const MAX_REG_SECT = 0xfffffffa;
const NO_STREAM = 0xffffffff;

export interface OleScan {
  /** Names of the entries directly under the root, when the root's directory entry could be read. */
  rootNames: string[] | null;
  /** The highest sector id that the FAT, DIFAT and directory sectors present refer to (-1: none). */
  highestSector: number;
  /** Sector size in bytes: sector n lies at (n + 1) * sectorSize. */
  sectorSize: number;
}

interface DirEntry {
  name: string;
  type: number;
  left: number;
  right: number;
  child: number;
}

/** The header's sector size, the FAT as far as it is present, and readers of the file's bytes. */
interface Fat {
  view: DataView;
  u32: (at: number) => number;
  ss: number;
  /** Where sector n starts in the file, or null when it is a marker or past the file's end. */
  sector: (n: number) => number | null;
  fat: Uint32Array;
  /** The highest sector id that the FAT and DIFAT sectors present refer to (-1: none). */
  highest: number;
}

function readFat(bytes: Uint8Array): Fat | null {
  if (bytes.byteLength < 512 || SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (at: number) => view.getUint32(at, true);
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) return null;
  const ss = 1 << shift;
  const sector = (n: number): number | null => (n < MAX_REG_SECT && (n + 2) * ss <= bytes.byteLength ? (n + 1) * ss : null);

  // FAT sector ids: 109 in the header, the rest in the DIFAT chain (last slot = next DIFAT sector).
  // No more FAT sectors than the file has sectors (the header's count may be anything).
  const fatCount = Math.min(u32(0x2c), Math.floor(bytes.byteLength / ss));
  const fatIds: number[] = [];
  for (let i = 0; i < 109 && fatIds.length < fatCount; i++) fatIds.push(u32(0x4c + 4 * i));
  let difat = u32(0x44);
  for (let guard = 0; fatIds.length < fatCount && guard < fatCount; guard++) {
    const at = sector(difat);
    if (at === null) break;
    for (let i = 0; i < ss / 4 - 1 && fatIds.length < fatCount; i++) fatIds.push(u32(at + 4 * i));
    difat = u32(at + ss - 4);
  }
  // The FAT as far as it is present (a missing FAT sector reads as free entries). Writers differ
  // on how they mark unused entries, so "in use" = part of a chain: a regular sector id as a
  // value, or an index whose value is one.
  let highest = -1;
  const ref = (id: number) => {
    if (id < MAX_REG_SECT && id > highest) highest = id;
  };
  fatIds.forEach(ref);
  const fat = new Uint32Array(fatIds.length * (ss / 4)).fill(NO_STREAM);
  fatIds.forEach((id, k) => {
    const at = sector(id);
    if (at === null) return;
    for (let i = 0; i < ss / 4; i++) {
      const v = u32(at + 4 * i);
      fat[k * (ss / 4) + i] = v;
      if (v < MAX_REG_SECT) {
        ref(v);
        ref(k * (ss / 4) + i);
      }
    }
  });
  return { view, u32, ss, sector, fat, highest };
}

export function scanOle(bytes: Uint8Array): OleScan | null {
  const read = readFat(bytes);
  if (read === null) return null;
  const { view, u32, ss, sector, fat } = read;
  let highest = read.highest;
  const ref = (id: number) => {
    if (id < MAX_REG_SECT && id > highest) highest = id;
  };
  const miniCutoff = u32(0x38);

  const entries: DirEntry[] = [];
  const seen = new Set<number>();
  for (let s = u32(0x30); s < MAX_REG_SECT && !seen.has(s) && seen.size < 1 << 16; s = fat[s] ?? NO_STREAM) {
    seen.add(s);
    ref(s);
    const at = sector(s);
    if (at === null) break;
    for (let e = at; e < at + ss; e += 128) {
      const len = Math.min(view.getUint16(e + 0x40, true), 64);
      const name = Buffer.from(bytes.buffer, bytes.byteOffset + e, Math.max(0, len - 2)).toString("utf16le");
      const type = bytes[e + 0x42]!;
      // The root's start sector is the mini stream's; a stream below the cutoff lives in the mini stream.
      if (type === 5 || (type === 2 && u32(e + 0x78) >= miniCutoff)) ref(u32(e + 0x74));
      entries.push({ name, type, left: u32(e + 0x44), right: u32(e + 0x48), child: u32(e + 0x4c) });
    }
  }
  const root = entries[0];
  if (!root || root.type !== 5) return { rootNames: null, highestSector: highest, sectorSize: ss };
  // The root's children form a red-black tree through left/right siblings.
  const names: string[] = [];
  const stack = [root.child];
  const visited = new Set<number>();
  while (stack.length) {
    const id = stack.pop()!;
    if (id === NO_STREAM || visited.has(id) || !entries[id]) continue;
    visited.add(id);
    const e = entries[id];
    if (e.type === 1 || e.type === 2) names.push(e.name);
    stack.push(e.left, e.right);
  }
  return { rootNames: names, highestSector: highest, sectorSize: ss };
}

/**
 * What in an OLE container its parsers would not survive, or null: a chain of sectors in the FAT
 * or the mini FAT that comes back to a sector it has passed, a directory entry reached twice
 * through the tree of siblings and children, a stream larger than the file. The parsers follow
 * chains and trees without remembering where they have been (`cfb` a large stream's chain, its
 * `get_sector_list`: a fuzzed 28 KB DOC grew past 3 GB in 17 s) and make a stream's buffer as
 * large as its entry says (msgreader: a fuzzed MSG, 30 bytes of a directory entry overwritten,
 * past 5 GB). Such a container is refused before any of them reads it.
 */
export function oleDamage(bytes: Uint8Array): string | null {
  const read = readFat(bytes);
  if (read === null) return null;
  const { u32, ss, sector, fat } = read;
  const loops = (table: Uint32Array, start: number): boolean => {
    const seen = new Set<number>();
    for (let s = start; s < MAX_REG_SECT && s < table.length; s = table[s]!) {
      if (seen.has(s)) return true;
      seen.add(s);
    }
    return false;
  };
  const dirStart = u32(0x30);
  if (loops(fat, dirStart)) return "the directory's chain of sectors loops back on itself";
  // the directory's entries
  const entries: Array<{ type: number; left: number; right: number; child: number; start: number; size: number }> = [];
  const seen = new Set<number>();
  for (let s = dirStart; s < MAX_REG_SECT && !seen.has(s); s = fat[s] ?? NO_STREAM) {
    seen.add(s);
    const at = sector(s);
    if (at === null) break;
    for (let e = at; e < at + ss; e += 128) entries.push({ type: read.view.getUint8(e + 0x42), left: u32(e + 0x44), right: u32(e + 0x48), child: u32(e + 0x4c), start: u32(e + 0x74), size: u32(e + 0x78) });
  }
  // the tree from the root: every entry once
  const reached = new Set<number>();
  const stack = [entries[0]?.child ?? NO_STREAM];
  while (stack.length) {
    const id = stack.pop()!;
    const e = entries[id];
    if (id === NO_STREAM || e === undefined) continue;
    if (reached.has(id)) return "the directory's tree of entries loops back on itself";
    reached.add(id);
    stack.push(e.left, e.right);
    if (e.type === 1 || e.type === 5) stack.push(e.child);
  }
  // the mini FAT: its sectors' chain in the FAT, its entries
  const miniStart = u32(0x3c);
  if (loops(fat, miniStart)) return "the mini FAT's chain of sectors loops back on itself";
  const mini: number[] = [];
  const miniSeen = new Set<number>();
  for (let s = miniStart; s < MAX_REG_SECT && !miniSeen.has(s) && mini.length < fat.length * 4; s = fat[s] ?? NO_STREAM) {
    miniSeen.add(s);
    const at = sector(s);
    if (at === null) break;
    for (let i = 0; i < ss / 4; i++) mini.push(u32(at + 4 * i));
  }
  const miniFat = Uint32Array.from(mini);
  const cutoff = u32(0x38) || 4096;
  for (const e of entries) {
    if (e.type === 5 && loops(fat, e.start)) return "the mini stream's chain of sectors loops back on itself";
    if (e.type === 2 && e.size > bytes.byteLength) return `a stream says it holds ${e.size} bytes, more than the file's ${bytes.byteLength}`;
    if (e.type === 2 && loops(e.size < cutoff ? miniFat : fat, e.start)) return "a stream's chain of sectors loops back on itself";
  }
  return null;
}

/** `CFB.read` of a whole container, refused ("cfb: …", as `cfb`'s own errors read) when its parsers would not survive it (`oleDamage`). */
export function readCfb(bytes: Uint8Array): CFB.CFB$Container {
  const damage = oleDamage(bytes);
  if (damage !== null) throw new Error(`cfb: ${damage}`);
  return CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type: "buffer" });
}
