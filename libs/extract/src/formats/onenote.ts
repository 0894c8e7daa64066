/**
 * OneNote sections (`.one`, OneNote 2010 and later) — no npm library reads them, and they were
 * `unsupported`. The file is read here from the published specification, [MS-ONESTORE]:
 *
 * - The revision store (what OneNote writes to disk): the 1024-byte header (2.3.1) gives the root
 *   file node list and the transaction log; the log (2.3.3) says how many FileNodes of each list
 *   are committed (nodes after them are an unfinished write and are ignored); a list is a chain of
 *   fragments (2.4: header magic, FileNodes, the next fragment's reference, footer magic); a
 *   FileNode is a 32-bit header (id, size, the formats of its reference, base type) and a body.
 *   The lists a node refers to (base type 2: object spaces, revisions, object groups) are walked
 *   depth first, each once, to a depth limit; the nodes that declare or revise an object (2.5:
 *   ObjectDeclaration2RefCountFND and its kin) point at its property set (2.6.1: the streams of
 *   object, object space and context ids, then cProperties, the property ids and their data,
 *   nested sets included).
 * - The "alternative packaging" (2.8) of a section saved from SharePoint or OneDrive: the same
 *   objects' property sets, in the FSSHTTPB data elements of [MS-FSSHTTPB] (stream objects: an
 *   object group's declarations pair each object's data with its partition — 1 the property set,
 *   4 its type, 2 a file's blob).
 *
 * The text is in the property sets: RichEditTextUnicode (UTF-16) and TextExtendedAscii (8-bit)
 * paragraphs — a page's title is one of them, and so is the text OneNote recognised in a picture —
 * and a picture's alternative text and an attached file's name; a link's target, which
 * OneNote keeps inside its paragraph's text as a field ("\uFDDFHYPERLINK "url"shown text"), is a
 * segment of its own, `part: hyperlink`. The authors of paragraphs are not read (see
 * properties.ts: they name the account, not what the notes say). OneNote keeps the old revisions
 * of a page, so the same paragraph is in the file many times: each distinct text is one segment,
 * in file order.
 *
 * In the revision store a page is an object space of its own, and the section's page series
 * (jcidPageSeriesNode, in the order of the section node's children) list the pages' object spaces
 * in order ([MS-ONE] ChildGraphSpaceElementNodes: compact ids resolved through the revision's
 * global id table), which gives a text its `page` (1-based); the packaged form has no `page`.
 * Files attached to a page (a jcidEmbeddedFileContainer's file data) are members, named as the
 * page names them; pictures are not read. A section protected with a password
 * (ObjectDataEncryptionKeyV2FNDX) is `encrypted`; a table of contents (`.onetoc2`) holds no text;
 * a OneNote 2007 section (an older store with no 64-bit root reference) is `unsupported`. A
 * broken structure (a bad magic, a reference past the end, a node that overruns its fragment)
 * throws: `corrupt`; an object whose property set is damaged (an unknown property type, data past
 * its end) is skipped, the others read, and the result is `partial` with reason `corrupt`.
 */
import { childPath, childScope, Encrypted, type Ctx, type Scope } from "../context.ts";
import { NoText, type Format } from "../format.ts";

/** [MS-ONESTORE] 2.3.1 guidFileType and guidFileFormat. */
const FILE_TYPE_ONE = "{7B5C52E4-D88C-4DA7-AEB1-5378D02996D3}";
const FILE_TYPE_ONETOC2 = "{43FF2FA1-EFD9-4C76-9EE2-10EA5722765F}";
const FILE_FORMAT_STORE = "{109ADD3F-911B-49F5-A5D0-1791EDC8AED8}";
const FILE_FORMAT_PACKAGED = "{638DE92F-A6D4-4BC1-9A36-B3FC2511A5B7}";
const HEADER_SIZE = 1024;

const LIST_HEADER_MAGIC = 0xa4567ab1f5f7f4c4n;
const LIST_FOOTER_MAGIC = 0x8bc215c38233ba4bn;
/** 2.6.13 FileDataStoreObject's guidHeader. */
const FILE_DATA_HEADER = "{BDE316E7-2665-4511-A4C4-8D4D0B7A9EAC}";

/** FileNodeIDs (2.4.3) read here. */
const FND = {
  objectSpaceManifestRoot: 0x004,
  objectSpaceManifestListReference: 0x008,
  revisionManifestStart4: 0x01b,
  revisionManifestStart6: 0x01e,
  revisionManifestStart7: 0x01f,
  globalIdTableStartX: 0x021,
  globalIdTableStart2: 0x022,
  globalIdTableEntry: 0x024,
  objectDeclarationFileData3: 0x072,
  objectDeclarationFileData3Large: 0x073,
  objectDataEncryptionKeyV2: 0x07c,
  fileDataStoreObjectReference: 0x094,
  chunkTerminator: 0x0ff,
} as const;

/**
 * The nodes whose reference is an object's property set (2.5), and whether a JCID follows the
 * object's compact id (the revisions of an object name none; the .onetoc2 declarations an index).
 */
const OBJECT_NODES = new Map<number, boolean>([
  [0x02d, false], // ObjectDeclarationWithRefCountFNDX
  [0x02e, false], // ObjectDeclarationWithRefCount2FNDX
  [0x041, false], // ObjectRevisionWithRefCountFNDX
  [0x042, false], // ObjectRevisionWithRefCount2FNDX
  [0x0a4, true], // ObjectDeclaration2RefCountFND
  [0x0a5, true], // ObjectDeclaration2LargeRefCountFND
  [0x0c4, true], // ReadOnlyObjectDeclaration2RefCountFND
  [0x0c5, true], // ReadOnlyObjectDeclaration2LargeRefCountFND
]);

/** [MS-ONE] 2.1.13 object types (JCIDs) read here. */
const JCID = { sectionNode: 0x00060007, pageSeriesNode: 0x00060008, embeddedFileNode: 0x00060035, embeddedFileContainer: 0x00080036 } as const;

/** [MS-ONE] 2.1.12 property ids read here. */
const PROP = {
  richEditTextUnicode: 0x1c001c22,
  textExtendedAscii: 0x1c003498,
  imageAltText: 0x1c001e58,
  embeddedFileName: 0x1c001d9c,
  elementChildNodes: 0x24001c20,
  childGraphSpaceElementNodes: 0x2c001d63,
  embeddedFileContainer: 0x20001d9b,
} as const;

/** Text properties, and whether each is UTF-16 (or 8-bit). */
const TEXT_PROPS = new Map<number, boolean>([
  [PROP.richEditTextUnicode, true],
  [PROP.textExtendedAscii, false],
  [PROP.imageAltText, true],
  [PROP.embeddedFileName, true],
]);
/** Reference properties kept: the page order and the attached files. */
const REF_PROPS = new Set<number>([PROP.elementChildNodes, PROP.childGraphSpaceElementNodes, PROP.embeddedFileContainer]);

/** File node lists nested deeper than this are corrupt (real files nest about five). */
const MAX_LIST_DEPTH = 32;
/** Property sets nested deeper than this are corrupt. */
const MAX_SET_DEPTH = 16;

class Corrupt extends Error {}

/** A GUID in its registry form, from its 16 bytes (Data1–3 little-endian). */
function guidAt(b: Uint8Array, at: number): string {
  const hex = (from: number, to: number, reverse: boolean) => {
    const bytes = Array.from(b.subarray(at + from, at + to));
    return (reverse ? bytes.reverse() : bytes).map((x) => x.toString(16).padStart(2, "0")).join("");
  };
  return `{${hex(0, 4, true)}-${hex(4, 6, true)}-${hex(6, 8, true)}-${hex(8, 10, false)}-${hex(10, 16, false)}}`.toUpperCase();
}

/** What a file's header says it is: a section or a table of contents, in the revision store or packaged. */
export function oneNoteHeader(b: Uint8Array): { type: "one" | "onetoc2"; packaged: boolean } | null {
  if (b.byteLength < 64) return null;
  const fileType = guidAt(b, 0);
  const type = fileType === FILE_TYPE_ONE ? "one" : fileType === FILE_TYPE_ONETOC2 ? "onetoc2" : null;
  const format = guidAt(b, 48);
  if (!type || (format !== FILE_FORMAT_STORE && format !== FILE_FORMAT_PACKAGED)) return null;
  return { type, packaged: format === FILE_FORMAT_PACKAGED };
}

/** Bounds-checked little-endian reads of the file. */
class Store {
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  get length(): number {
    return this.bytes.byteLength;
  }
  need(at: number, n: number, what: string): void {
    if (at < 0 || n < 0 || at + n > this.bytes.byteLength) throw new Corrupt(`${what} at ${at} (${n} bytes) is past the end of the file (${this.bytes.byteLength} bytes)`);
  }
  u8(at: number): number {
    this.need(at, 1, "a byte");
    return this.bytes[at]!;
  }
  u16(at: number): number {
    this.need(at, 2, "a 16-bit value");
    return this.view.getUint16(at, true);
  }
  u32(at: number): number {
    this.need(at, 4, "a 32-bit value");
    return this.view.getUint32(at, true);
  }
  u64(at: number): bigint {
    this.need(at, 8, "a 64-bit value");
    return this.view.getBigUint64(at, true);
  }
  /** n bytes (at most 8) as one little-endian number. */
  uint(at: number, n: number): bigint {
    this.need(at, n, "a number");
    let v = 0n;
    for (let i = n - 1; i >= 0; i--) v = (v << 8n) | BigInt(this.bytes[at + i]!);
    return v;
  }
  guid(at: number): string {
    this.need(at, 16, "a GUID");
    return guidAt(this.bytes, at);
  }
  /** An ExtendedGUID (2.2.1): a GUID and a number, as one key. */
  exGuid(at: number): string {
    return `${this.guid(at)}/${this.u32(at + 16)}`;
  }
}

/** A range of the file. */
interface Ref {
  stp: number;
  cb: number;
}

function checked(s: Store, stp: bigint, cb: bigint): Ref {
  if (stp + cb > BigInt(s.length)) throw new Corrupt(`a reference to ${cb} bytes at ${stp} is past the end of the file (${s.length} bytes)`);
  return { stp: Number(stp), cb: Number(cb) };
}

/** A FileChunkReference64x32 (2.2.4.4); null when nil or zero. */
function ref64x32(s: Store, at: number): Ref | null {
  const stp = s.u64(at);
  const cb = s.u32(at + 8);
  if ((stp === 0xffffffffffffffffn || stp === 0n) && cb === 0) return null;
  return checked(s, stp, BigInt(cb));
}

interface Node {
  id: number;
  /** The node's body (after its 4-byte header) and its end. */
  body: number;
  end: number;
  stpFormat: number;
  cbFormat: number;
  baseType: number;
}

/** The FileNodeChunkReference (2.2.4.2) a node's body starts with, and where the body goes on. */
function nodeRef(s: Store, n: Node): { ref: Ref | null; next: number } {
  const stpSize = [8, 4, 2, 4][n.stpFormat]!;
  const cbSize = [4, 8, 1, 2][n.cbFormat]!;
  if (n.body + stpSize + cbSize > n.end) throw new Corrupt(`FileNode 0x${n.id.toString(16)} at ${n.body - 4} is too short for its reference`);
  const rawStp = s.uint(n.body, stpSize);
  const rawCb = s.uint(n.body + stpSize, cbSize);
  const next = n.body + stpSize + cbSize;
  const nil = rawStp === (1n << BigInt(stpSize * 8)) - 1n || rawStp === 0n;
  if (nil && rawCb === 0n) return { ref: null, next };
  // (the compressed formats count 8-byte units)
  return { ref: checked(s, n.stpFormat >= 2 ? rawStp * 8n : rawStp, n.cbFormat >= 2 ? rawCb * 8n : rawCb), next };
}

/**
 * The committed number of FileNodes in each file node list (2.3.3): the transaction log's
 * entries up to the header's count of transactions, the last one for a list giving its length.
 */
function committedCounts(s: Store): Map<number, number> {
  const counts = new Map<number, number>();
  const transactions = s.u32(96);
  const pending = new Map<number, number>();
  const seen = new Set<number>();
  let done = 0;
  for (let ref = ref64x32(s, 160); ref && done < transactions; ref = ref64x32(s, ref.stp + ref.cb - 12)) {
    if (seen.has(ref.stp) || ref.cb < 12) throw new Corrupt(`the transaction log's fragment at ${ref.stp} is repeated or too short`);
    seen.add(ref.stp);
    const entries = Math.floor((ref.cb - 12) / 8);
    for (let i = 0; i < entries && done < transactions; i++) {
      const src = s.u32(ref.stp + i * 8);
      if (src === 1) {
        for (const [list, n] of pending) counts.set(list, n);
        pending.clear();
        done++;
      } else if (src !== 0) pending.set(src, s.u32(ref.stp + i * 8 + 4));
    }
  }
  return counts;
}

/**
 * The FileNodes of a file node list (2.4), fragment by fragment, up to its committed count. A
 * fragment belongs to one list: one read before (`seen`, of the whole file) is a loop or two
 * lists sharing a chain, and corrupt.
 */
function listNodes(s: Store, first: Ref, counts: Map<number, number>, seen: Set<number>, ctx: Ctx): Node[] {
  const nodes: Node[] = [];
  let listId: number | null = null;
  let limit = Infinity;
  for (let frag: Ref | null = first; frag && nodes.length < limit; ) {
    ctx.checkTime();
    if (seen.has(frag.stp)) throw new Corrupt(`the file node list fragment at ${frag.stp} is chained to twice`);
    seen.add(frag.stp);
    if (frag.cb < 16 + 20) throw new Corrupt(`the file node list fragment at ${frag.stp} is too short (${frag.cb} bytes)`);
    if (s.u64(frag.stp) !== LIST_HEADER_MAGIC) throw new Corrupt(`no file node list header at ${frag.stp}`);
    if (s.u64(frag.stp + frag.cb - 8) !== LIST_FOOTER_MAGIC) throw new Corrupt(`no file node list footer at ${frag.stp + frag.cb - 8}`);
    const id = s.u32(frag.stp + 8);
    if (listId === null) {
      listId = id;
      limit = counts.get(id) ?? Infinity;
    } else if (id !== listId) throw new Corrupt(`the file node list fragment at ${frag.stp} belongs to list ${id}, not ${listId}`);
    const end = frag.stp + frag.cb - 20;
    for (let at = frag.stp + 16; at + 4 <= end && nodes.length < limit; ) {
      const h = s.u32(at);
      const nodeId = h & 0x3ff;
      const size = (h >>> 10) & 0x1fff;
      // (a ChunkTerminatorFND, or the zeros after the last node, end the fragment)
      if (nodeId === FND.chunkTerminator || h === 0) break;
      if (size < 4 || at + size > end) throw new Corrupt(`FileNode 0x${nodeId.toString(16)} at ${at} (${size} bytes) overruns its fragment`);
      nodes.push({ id: nodeId, body: at + 4, end: at + size, stpFormat: (h >>> 23) & 3, cbFormat: (h >>> 25) & 3, baseType: (h >>> 27) & 0xf });
      at += size;
    }
    frag = ref64x32(s, end);
  }
  return nodes;
}

/** A property read: its id and its bytes (text properties) or the positions of the ids it refers to in their stream (reference properties). */
interface Prop {
  id: number;
  data?: Uint8Array;
  refs?: number[];
}

/** The positions n references take in their stream (at most what the stream holds). */
function positions(from: number, n: number, streamLength: number): number[] {
  const out: number[] = [];
  for (let i = from; i < Math.min(streamLength, from + n); i++) out.push(i);
  return out;
}

/** Reads a stream header (2.6.5) and its compact ids. */
function readStream(s: Store, at: number, end: number): { ids: number[]; next: number; extended: boolean; osidsAbsent: boolean } {
  if (at + 4 > end) throw new Corrupt(`a property set's reference stream at ${at} is cut short`);
  const h = s.u32(at);
  const count = h & 0xffffff;
  if (count * 4 > end - at - 4) throw new Corrupt(`a property set's reference stream at ${at} claims ${count} ids, more than its ${end - at} bytes hold`);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push(s.u32(at + 4 + i * 4));
  return { ids, next: at + 4 + count * 4, extended: ((h >>> 30) & 1) === 1, osidsAbsent: h >>> 31 === 1 };
}

/** Where the next object and object space references are in their streams. */
interface Cursor {
  oids: number;
  osids: number;
  oidCount: number;
  osidCount: number;
}

/**
 * A PropertySet (2.6.7): cProperties, the property ids, then each one's data by its type
 * (2.6.6); references are taken from the streams in property order, nested sets read in place.
 */
function readPropertySet(s: Store, at: number, end: number, cur: Cursor, out: Prop[], depth: number): number {
  if (depth > MAX_SET_DEPTH) throw new Corrupt(`property sets nested deeper than ${MAX_SET_DEPTH}`);
  if (at + 2 > end) throw new Corrupt(`the property set at ${at} is cut short`);
  const n = s.u16(at);
  if (n * 4 > end - at - 2) throw new Corrupt(`the property set at ${at} claims ${n} properties, more than its ${end - at} bytes hold`);
  let p = at + 2 + n * 4;
  const skip = (k: number) => {
    if (k > end - p) throw new Corrupt(`a property's data at ${p} (${k} bytes) is past its property set's end`);
    p += k;
  };
  for (let i = 0; i < n; i++) {
    const id = s.u32(at + 2 + i * 4);
    const type = (id >>> 26) & 0x1f;
    switch (type) {
      case 0x1: // NoData
      case 0x2: // Bool (its value in the id)
      case 0xc: // ContextID (in the ContextIDs stream)
        break;
      case 0x3:
        skip(1);
        break;
      case 0x4:
        skip(2);
        break;
      case 0x5:
        skip(4);
        break;
      case 0x6:
        skip(8);
        break;
      case 0x7: {
        // FourBytesOfLengthFollowedByData
        skip(4);
        const cb = s.u32(p - 4);
        skip(cb);
        if (TEXT_PROPS.has(id)) out.push({ id, data: s.bytes.subarray(p - cb, p) });
        break;
      }
      case 0x8: // ObjectID
        if (REF_PROPS.has(id)) out.push({ id, refs: positions(cur.oids, 1, cur.oidCount) });
        cur.oids += 1;
        break;
      case 0xa: // ObjectSpaceID
        cur.osids += 1;
        break;
      case 0x9: // ArrayOfObjectIDs
      case 0xb: // ArrayOfObjectSpaceIDs
      case 0xd: {
        // ArrayOfContextIDs: the count here, the ids in their stream
        skip(4);
        const count = s.u32(p - 4);
        if (type === 0x9) {
          if (REF_PROPS.has(id)) out.push({ id, refs: positions(cur.oids, count, cur.oidCount) });
          cur.oids += count;
        } else if (type === 0xb) {
          if (REF_PROPS.has(id)) out.push({ id, refs: positions(cur.osids, count, cur.osidCount) });
          cur.osids += count;
        }
        break;
      }
      case 0x10: {
        // ArrayOfPropertyValues: a count, then (if any) the sets' property id and the sets
        skip(4);
        const count = s.u32(p - 4);
        if (count === 0) break;
        skip(4);
        if (count * 2 > end - p) throw new Corrupt(`an array of ${count} property sets at ${p} is longer than its data`);
        for (let k = 0; k < count; k++) p = readPropertySet(s, p, end, cur, out, depth + 1);
        break;
      }
      case 0x11: // PropertySet
        p = readPropertySet(s, p, end, cur, out, depth + 1);
        break;
      default:
        throw new Corrupt(`property 0x${id.toString(16)} of the property set at ${at} has an unknown type 0x${type.toString(16)}`);
    }
  }
  return p;
}

/** An ObjectSpaceObjectPropSet (2.6.1): the OIDs stream, the OSIDs and ContextIDs streams when present, then the property set. */
function readObject(s: Store, ref: Ref): { props: Prop[]; oids: number[]; osids: number[] } {
  const end = ref.stp + ref.cb;
  const oids = readStream(s, ref.stp, end);
  let at = oids.next;
  let osids: number[] = [];
  let extended = oids.extended;
  if (!oids.osidsAbsent) {
    const o = readStream(s, at, end);
    osids = o.ids;
    extended = o.extended;
    at = o.next;
  }
  if (extended) at = readStream(s, at, end).next;
  const props: Prop[] = [];
  readPropertySet(s, at, end, { oids: 0, osids: 0, oidCount: oids.ids.length, osidCount: osids.length }, props, 0);
  return { props, oids: oids.ids, osids };
}

/** A text as shown: the NULs that end or pad it dropped, line and paragraph marks as line breaks, other control characters dropped. */
function cleanText(raw: string): string {
  let out = "";
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x0d || c === 0x0b) out += "\n";
    else if (c === 0x09 || c === 0x0a || (c >= 0x20 && c !== 0x7f)) out += raw[i];
  }
  return out.trim();
}

/** A link kept in a paragraph's text: U+FDDF, HYPERLINK "target", then the text shown. */
const HYPERLINK_FIELD = /\uFDDFHYPERLINK\s+"([^"]*)"/g;

/** Found text: where it is (its object space) and what part of the page. */
interface Text {
  text: string;
  space: string | null;
  part: string | null;
}

/** The texts of a text property: its text, and the links it holds as their own. */
function textsOf(p: Prop, space: string | null): Text[] {
  const utf16 = TEXT_PROPS.get(p.id)!;
  const data = p.data!;
  const raw = utf16 ? Buffer.from(data.buffer, data.byteOffset, data.byteLength & ~1).toString("utf16le") : new TextDecoder("windows-1252").decode(data);
  const links = [...raw.matchAll(HYPERLINK_FIELD)].map((m) => m[1]!.trim());
  const text = cleanText(raw.replace(HYPERLINK_FIELD, "").replaceAll("\uFDDF", ""));
  return [{ text, space, part: null }, ...links.filter((l) => l && !text.includes(l)).map((l) => ({ text: l, space, part: "hyperlink" }))];
}

/** A file attached to a page. */
interface Attachment {
  name: string | null;
  ext: string;
  data: Uint8Array;
  space: string | null;
}

/** What a section holds, in file order. */
interface Found {
  texts: Text[];
  attachments: Attachment[];
  /** The page each object space is (revision store only). */
  pages: Map<string, number>;
  encrypted: boolean;
  broken: Broken;
}

/** Objects whose property set could not be read (the others still are): how many, and why the first. */
interface Broken {
  count: number;
  first: string;
}

/** An object's property set, or null (counted in `broken`) when it is damaged. */
function readObjectOrNot(s: Store, ref: Ref, broken: Broken): ReturnType<typeof readObject> | null {
  try {
    return readObject(s, ref);
  } catch (e) {
    if (!(e instanceof Corrupt)) throw e;
    if (broken.count++ === 0) broken.first = e.message;
    return null;
  }
}

// ——— The revision store ———

/** An object kept for the page order or an attachment's name: its latest version. */
interface Known {
  jcid: number;
  props: Prop[];
  /** Its references' ExtendedGUIDs, by position in the OIDs and OSIDs streams. */
  oids: Array<string | null>;
  osids: Array<string | null>;
}

/** The state of one walk over the store. */
interface Walk {
  s: Store;
  ctx: Ctx;
  counts: Map<number, number>;
  /** The fragments of file node lists read. */
  fragments: Set<number>;
  texts: Text[];
  /** The JCID of each object, for its later revisions (which name none). */
  jcids: Map<string, number>;
  known: Map<string, Known>;
  rootSpace: string | null;
  /** Files: ObjectDeclarationFileData3RefCountFND's object → its file data's GUID and extension. */
  fileDecls: Map<string, { guid: string; ext: string; jcid: number }>;
  /** FileDataStoreObjects by GUID. */
  fileData: Map<string, Uint8Array>;
  /** The object spaces protected with a password: their objects' data is not readable. */
  encrypted: Set<string | null>;
  broken: Broken;
  nodes: number;
}

/** Where the walk is: the object space and the global id table in force (2.4.3: GlobalIdTableStart… End). */
interface Here {
  space: string | null;
  table: Map<number, string>;
}

/** A CompactID (2.2.2) resolved to its ExtendedGUID through a global id table; null for the nil id. */
function resolve(table: Map<number, string>, cid: number): string | null {
  if (cid === 0) return null;
  return `${table.get(cid >>> 8) ?? `?${cid >>> 8}`}/${cid & 0xff}`;
}

/** A StringInStorageBuffer (2.2.3): a count of UTF-16 characters, then the characters. */
function storageString(s: Store, at: number, end: number): { text: string; next: number } {
  if (at + 4 > end) throw new Corrupt(`the string at ${at} is cut short`);
  const cch = s.u32(at);
  if (cch * 2 > end - at - 4) throw new Corrupt(`the string at ${at} of ${cch} characters overruns its FileNode`);
  return { text: Buffer.from(s.bytes.buffer, s.bytes.byteOffset + at + 4, cch * 2).toString("utf16le"), next: at + 4 + cch * 2 };
}

/** An object declaration or revision: its property set's text, and the objects that say where pages and files are. */
function readObjectNode(w: Walk, n: Node, here: Here): void {
  const { ref, next } = nodeRef(w.s, n);
  if (!ref) return;
  const hasJcid = OBJECT_NODES.get(n.id)!;
  if (next + (hasJcid ? 8 : 4) > n.end) throw new Corrupt(`FileNode 0x${n.id.toString(16)} at ${n.body - 4} is too short for its object id`);
  const key = `${here.space}|${resolve(here.table, w.s.u32(next))}`;
  if (hasJcid) w.jcids.set(key, w.s.u32(next + 4));
  const jcid = w.jcids.get(key) ?? 0;
  const object = readObjectOrNot(w.s, ref, w.broken);
  if (!object) return;
  const { props, oids, osids } = object;
  for (const p of props) if (p.data) w.texts.push(...textsOf(p, here.space));
  if (jcid === JCID.sectionNode || jcid === JCID.pageSeriesNode || jcid === JCID.embeddedFileNode) {
    w.known.set(key, { jcid, props, oids: oids.map((c) => resolve(here.table, c)), osids: osids.map((c) => resolve(here.table, c)) });
  }
}

/** A FileDataStoreObject's (2.6.13) file: after its header GUID and length (and 12 reserved bytes), cbLength bytes. */
function fileDataOf(s: Store, ref: Ref): Uint8Array {
  if (ref.cb < 36 || s.guid(ref.stp) !== FILE_DATA_HEADER) throw new Corrupt(`no FileDataStoreObject at ${ref.stp}`);
  const length = s.u64(ref.stp + 16);
  if (length > BigInt(ref.cb - 36)) throw new Corrupt(`the FileDataStoreObject at ${ref.stp} claims ${length} bytes, more than its ${ref.cb}`);
  return s.bytes.subarray(ref.stp + 36, ref.stp + 36 + Number(length));
}

/** Walks a file node list and, depth first, the lists its nodes refer to. */
function walkList(w: Walk, ref: Ref, here: Here, depth: number): void {
  if (depth > MAX_LIST_DEPTH) throw new Corrupt(`file node lists nested deeper than ${MAX_LIST_DEPTH}`);
  // (each list is read once: a list referred to again, or a cycle of references, is not re-read)
  if (w.fragments.has(ref.stp)) return;
  const s = w.s;
  let table = here.table;
  for (const n of listNodes(s, ref, w.counts, w.fragments, w.ctx)) {
    if (++w.nodes % 1000 === 0) w.ctx.checkTime();
    switch (n.id) {
      case FND.objectSpaceManifestRoot:
        w.rootSpace = s.exGuid(n.body);
        continue;
      case FND.revisionManifestStart4:
      case FND.revisionManifestStart6:
      case FND.revisionManifestStart7:
      case FND.globalIdTableStartX:
      case FND.globalIdTableStart2:
        // (a revision's, or an object group's, compact ids are resolved with its own table)
        table = new Map();
        continue;
      case FND.globalIdTableEntry:
        table.set(s.u32(n.body), s.guid(n.body + 4));
        continue;
      case FND.objectDataEncryptionKeyV2:
        w.encrypted.add(here.space);
        continue;
      case FND.objectDeclarationFileData3:
      case FND.objectDeclarationFileData3Large: {
        // oid, jcid, cRef (1 or 4 bytes), then the file data's reference ("<ifndf>{GUID}") and its extension
        const key = `${here.space}|${resolve(table, s.u32(n.body))}`;
        const jcid = s.u32(n.body + 4);
        const name = storageString(s, n.body + 8 + (n.id === FND.objectDeclarationFileData3 ? 1 : 4), n.end);
        const ext = storageString(s, name.next, n.end).text;
        const guid = /^<ifndf>(\{[0-9A-Fa-f-]{36}\})$/.exec(name.text)?.[1]?.toUpperCase();
        if (guid) w.fileDecls.set(key, { guid, ext, jcid });
        continue;
      }
      case FND.fileDataStoreObjectReference: {
        const { ref: data, next } = nodeRef(s, n);
        if (data && next + 16 <= n.end) w.fileData.set(s.guid(next), fileDataOf(s, data));
        continue;
      }
    }
    if (OBJECT_NODES.has(n.id) && n.baseType === 1) {
      if (!w.encrypted.has(here.space)) readObjectNode(w, n, { space: here.space, table });
    }
    else if (n.baseType === 2) {
      const { ref: child, next } = nodeRef(s, n);
      if (!child) continue;
      // (an object space's manifest list: its gosid follows the reference)
      const space = n.id === FND.objectSpaceManifestListReference ? s.exGuid(next) : here.space;
      walkList(w, child, { space, table }, depth + 1);
    }
  }
}

/**
 * The page each object space is, 1-based: the page series in the order of the section node's
 * children (then any other page series), each listing its pages' object spaces in order.
 */
function pageNumbers(w: Walk): Map<string, number> {
  const spaceOf = (key: string) => key.slice(0, key.indexOf("|"));
  const refs = (k: Known, id: number, from: Array<string | null>) => (k.props.find((p) => p.id === id)?.refs ?? []).map((i) => from[i]).filter((x): x is string => !!x);
  const series = new Set<string>();
  for (const [key, k] of w.known) {
    if (k.jcid !== JCID.sectionNode || (w.rootSpace !== null && spaceOf(key) !== w.rootSpace)) continue;
    for (const oid of refs(k, PROP.elementChildNodes, k.oids)) series.add(`${spaceOf(key)}|${oid}`);
  }
  for (const [key, k] of w.known) if (k.jcid === JCID.pageSeriesNode) series.add(key);
  const pages = new Map<string, number>();
  for (const key of series) {
    const k = w.known.get(key);
    if (k?.jcid !== JCID.pageSeriesNode) continue;
    for (const space of refs(k, PROP.childGraphSpaceElementNodes, k.osids)) if (!pages.has(space)) pages.set(space, pages.size + 1);
  }
  return pages;
}

/** The files attached to pages (jcidEmbeddedFileContainer), each named by the page's jcidEmbeddedFileNode that holds it. */
function storeAttachments(w: Walk): Attachment[] {
  const names = new Map<string, string>();
  for (const [key, k] of w.known) {
    if (k.jcid !== JCID.embeddedFileNode) continue;
    const container = k.props.find((p) => p.id === PROP.embeddedFileContainer)?.refs?.[0];
    const file = container === undefined ? undefined : w.fileDecls.get(`${key.slice(0, key.indexOf("|"))}|${k.oids[container]}`);
    const name = k.props.find((p) => p.id === PROP.embeddedFileName);
    if (file && name) names.set(file.guid, textsOf(name, null)[0]!.text);
  }
  const out: Attachment[] = [];
  const done = new Set<string>();
  for (const [key, decl] of w.fileDecls) {
    const data = w.fileData.get(decl.guid);
    if (decl.jcid !== JCID.embeddedFileContainer || done.has(decl.guid) || !data?.byteLength) continue;
    done.add(decl.guid);
    out.push({ name: names.get(decl.guid) ?? null, ext: decl.ext, data, space: key.slice(0, key.indexOf("|")) });
  }
  return out;
}

/** A section's revision store: its texts and attached files, in file order. */
function readStore(bytes: Uint8Array, ctx: Ctx): Found {
  const s = new Store(bytes);
  if (s.length < HEADER_SIZE) throw new Corrupt(`the header is cut short: ${s.length} of ${HEADER_SIZE} bytes`);
  const root = ref64x32(s, 172);
  if (!root) {
    // (OneNote 2007 wrote its root list's reference in the 32-bit fcrLegacyFileNodeListRoot)
    const legacy = s.u32(112);
    if (legacy !== 0 && legacy !== 0xffffffff && s.u32(116) !== 0) throw new NoText("a OneNote 2007 section (an older revision store) is not read");
    throw new Corrupt("the header has no root file node list");
  }
  const w: Walk = { s, ctx, counts: committedCounts(s), fragments: new Set(), texts: [], jcids: new Map(), known: new Map(), rootSpace: null, fileDecls: new Map(), fileData: new Map(), encrypted: new Set(), broken: { count: 0, first: "" }, nodes: 0 };
  walkList(w, root, { space: null, table: new Map() }, 0);
  return { texts: w.texts, attachments: storeAttachments(w), pages: pageNumbers(w), encrypted: w.encrypted.size > 0, broken: w.broken };
}

// ——— The FSSHTTPB packaging ———

/** [MS-FSSHTTPB] stream object types read here. */
const SO = {
  packaging: 0x7a,
  dataElement: 0x01,
  objectDeclare: 0x18,
  blobDeclare: 0x05,
  objectData: 0x16,
  objectExcluded: 0x03,
  blobReference: 0x1c,
  objectDataBlob: 0x02,
} as const;

/** [MS-FSSHTTPB] 2.2.1.1: a compact unsigned 64-bit integer (its low bits say its width). */
function compactU64(s: Store, at: number): { value: number; next: number } {
  const b0 = s.u8(at);
  if (b0 === 0) return { value: 0, next: at + 1 };
  let value: bigint;
  let next: number;
  if (b0 === 0x80) {
    value = s.u64(at + 1);
    next = at + 9;
  } else {
    const width = Math.min(8, 1 + Math.log2(b0 & -b0));
    if (width > 7) throw new Corrupt(`a compact integer at ${at} has no width`);
    value = s.uint(at, width) >> BigInt(width);
    next = at + width;
  }
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Corrupt(`a compact integer at ${at} is out of range`);
  return { value: Number(value), next };
}

/** 2.2.1.7: an extended GUID, as a key (null for the null one). */
function compactExGuid(s: Store, at: number): { key: string | null; next: number } {
  const b0 = s.u8(at);
  if (b0 === 0) return { key: null, next: at + 1 };
  if ((b0 & 0x07) === 0x04) return { key: `${s.guid(at + 1)}/${b0 >>> 3}`, next: at + 17 };
  if ((b0 & 0x3f) === 0x20) return { key: `${s.guid(at + 2)}/${s.u16(at) >>> 6}`, next: at + 18 };
  if ((b0 & 0x7f) === 0x40) return { key: `${s.guid(at + 3)}/${Number(s.uint(at, 3) >> 7n)}`, next: at + 19 };
  if (b0 === 0x80) return { key: `${s.guid(at + 5)}/${s.u32(at + 1)}`, next: at + 21 };
  throw new Corrupt(`an extended GUID at ${at} has an unknown form (0x${b0.toString(16)})`);
}

/** 2.2.1.5: a stream object header — a start (16- or 32-bit, with its type and data length) or an end. */
function streamHeader(s: Store, at: number): { start: boolean; type: number; length: number; next: number } {
  const b0 = s.u8(at);
  switch (b0 & 3) {
    case 0: {
      const h = s.u16(at);
      return { start: true, type: (h >>> 3) & 0x3f, length: h >>> 9, next: at + 2 };
    }
    case 2: {
      const h = s.u32(at);
      const length = h >>> 17;
      if (length !== 0x7fff) return { start: true, type: (h >>> 3) & 0x3fff, length, next: at + 4 };
      const large = compactU64(s, at + 4);
      return { start: true, type: (h >>> 3) & 0x3fff, length: large.value, next: large.next };
    }
    case 1:
      return { start: false, type: b0 >>> 2, length: 0, next: at + 1 };
    default:
      return { start: false, type: s.u16(at) >>> 2, length: 0, next: at + 2 };
  }
}

/** An array of extended GUIDs (a count, then each), as keys. */
function exGuidArray(s: Store, at: number, end: number): { keys: Array<string | null>; next: number } {
  const count = compactU64(s, at);
  if (count.value > end - count.next) throw new Corrupt(`an array of ${count.value} extended GUIDs at ${at} is longer than its data`);
  const keys: Array<string | null> = [];
  let p = count.next;
  for (let i = 0; i < count.value; i++) {
    const g = compactExGuid(s, p);
    keys.push(g.key);
    p = g.next;
  }
  return { keys, next: p };
}

/**
 * An object group's data entry (Object Group Object Data, or its BLOB Reference): the extended
 * GUIDs of the objects it refers to, the cell ids (two extended GUIDs each), then what follows.
 */
function dataEntry(s: Store, at: number, end: number): { refs: Array<string | null>; next: number } {
  const refs = exGuidArray(s, at, end);
  const cells = compactU64(s, refs.next);
  let p = cells.next;
  for (let i = 0; i < cells.value * 2; i++) {
    if (p >= end) throw new Corrupt(`the cell ids at ${cells.next} overrun their object data`);
    p = compactExGuid(s, p).next;
  }
  return { refs: refs.keys, next: p };
}

/** A binary item (a compact length, then the bytes) that ends within `end`. */
function binaryItem(s: Store, at: number, end: number, what: string): Ref {
  const len = compactU64(s, at);
  if (len.value > end - len.next) throw new Corrupt(`${what} at ${at} claims ${len.value} bytes, more than its stream object holds`);
  return { stp: len.next, cb: len.value };
}

/** An object of the packaging, by its extended GUID: its type (partition 4), property set (1), file blob (2). */
interface PackagedObject {
  jcid?: number;
  props?: Prop[];
  oids?: Array<string | null>;
  blob?: string | null;
}

/**
 * The packaged section (2.8): after the header's four GUIDs and 4 reserved bytes, stream objects
 * to the packaging's end. Each object group data element declares its objects (object id and
 * partition), then gives their data in the same order.
 */
function readPackaged(bytes: Uint8Array, ctx: Ctx): Found {
  const s = new Store(bytes);
  const first = streamHeader(s, 68);
  if (!first.start || first.type !== SO.packaging) throw new Corrupt("the packaged section does not start with its packaging");
  const texts: Text[] = [];
  const broken: Broken = { count: 0, first: "" };
  const objects = new Map<string, PackagedObject>();
  const blobs = new Map<string, Uint8Array>();
  let declared: Array<{ oid: string | null; partition: number }> = [];
  let given = 0;
  let element: string | null = null;
  let count = 0;
  const objectOf = (oid: string | null) => {
    const key = oid ?? "";
    if (!objects.has(key)) objects.set(key, {});
    return objects.get(key)!;
  };
  for (let at = first.next + first.length; at < s.length; ) {
    if (++count % 1000 === 0) ctx.checkTime();
    const h = streamHeader(s, at);
    if (!h.start) {
      if (h.type === SO.packaging) break;
      at = h.next;
      continue;
    }
    const end = h.next + h.length;
    if (end > s.length) throw new Corrupt(`the stream object at ${at} (type 0x${h.type.toString(16)}, ${h.length} bytes) is past the end of the file`);
    switch (h.type) {
      case SO.dataElement:
        element = compactExGuid(s, h.next).key;
        declared = [];
        given = 0;
        break;
      case SO.objectDeclare:
      case SO.blobDeclare: {
        const oid = compactExGuid(s, h.next);
        const partition = compactU64(s, h.type === SO.blobDeclare ? compactExGuid(s, oid.next).next : oid.next).value;
        declared.push({ oid: oid.key, partition });
        break;
      }
      case SO.objectExcluded:
        given++;
        break;
      case SO.blobReference: {
        // (a file's data: the data element of the blob it names)
        const d = declared[given++];
        if (d?.partition === 2) objectOf(d.oid).blob = compactExGuid(s, dataEntry(s, h.next, end).next).key;
        break;
      }
      case SO.objectData: {
        const d = declared[given++];
        const entry = dataEntry(s, h.next, end);
        const data = binaryItem(s, entry.next, end, "the object data");
        const object = d?.partition === 1 ? readObjectOrNot(s, data, broken) : null;
        if (object) {
          for (const prop of object.props) if (prop.data) texts.push(...textsOf(prop, null));
          Object.assign(objectOf(d!.oid), { props: object.props, oids: entry.refs });
        } else if (d?.partition === 4 && data.cb >= 4) objectOf(d.oid).jcid = s.u32(data.stp);
        break;
      }
      case SO.objectDataBlob: {
        const data = binaryItem(s, h.next, end, "the data blob");
        if (element) blobs.set(element, s.bytes.subarray(data.stp, data.stp + data.cb));
        break;
      }
    }
    at = end;
  }
  return { texts, attachments: packagedAttachments(objects, blobs), pages: new Map(), encrypted: false, broken };
}

/** The packaging's attached files: each jcidEmbeddedFileContainer's blob, named by the jcidEmbeddedFileNode that refers to it. */
function packagedAttachments(objects: Map<string, PackagedObject>, blobs: Map<string, Uint8Array>): Attachment[] {
  const attachments: Attachment[] = [];
  const names = new Map<PackagedObject, string>();
  for (const o of objects.values()) {
    if (o.jcid !== JCID.embeddedFileNode || !o.props) continue;
    const container = o.props.find((p) => p.id === PROP.embeddedFileContainer)?.refs?.[0];
    const target = container === undefined ? undefined : objects.get(o.oids?.[container] ?? "");
    const name = o.props.find((p) => p.id === PROP.embeddedFileName);
    if (target && name) names.set(target, textsOf(name, null)[0]!.text);
  }
  for (const o of objects.values()) {
    const data = o.jcid === JCID.embeddedFileContainer && o.blob ? blobs.get(o.blob) : undefined;
    if (data?.byteLength) attachments.push({ name: names.get(o) ?? null, ext: "", data, space: null });
  }
  return attachments;
}

export const onenoteFormat: Format = {
  kinds: ["onenote"],
  library: "none (the file read here, [MS-ONESTORE], [MS-FSSHTTPB])",
  async extract(bytes, scope: Scope, ctx: Ctx) {
    const header = oneNoteHeader(bytes);
    if (!header) throw new Error("not a OneNote file");
    if (header.type === "onetoc2") throw new NoText("a OneNote table of contents (.onetoc2) holds no text: its sections are files of their own");
    const found = header.packaged ? readPackaged(bytes, ctx) : readStore(bytes, ctx);
    // each distinct text once (OneNote keeps every revision of a page), in file order
    const seen = new Set<string>();
    for (const t of found.texts) {
      const page = t.space ? found.pages.get(t.space) : undefined;
      const key = `${page ?? ""}\u0000${t.part ?? ""}\u0000${t.text}`;
      if (!t.text || seen.has(key)) continue;
      seen.add(key);
      ctx.emit(scope, t.text, { ...(page ? { page } : {}), ...(t.part ? { part: t.part } : {}) });
    }
    // (attached files are members, as a document's embedded files are)
    for (const [i, a] of found.attachments.entries()) {
      ctx.checkTime();
      const name = (a.name || `attachment ${i + 1}${a.ext}`).replace(/[/\\]/g, "_");
      const page = a.space ? found.pages.get(a.space) : undefined;
      if (!ctx.takeEntry(childPath(scope, name))) break;
      await ctx.recurse(a.data, name, childScope(scope, name, page ? { page } : {}));
    }
    if (found.broken.count) ctx.reason("corrupt", `onenote: ${found.broken.count} object(s) could not be read, the first: ${found.broken.first}`, scope.path);
    if (found.encrypted) {
      if (seen.size === 0) throw new Encrypted("OneNote section protected with a password");
      ctx.reason("encrypted", "OneNote section: some of its pages are protected with a password", scope.path);
    }
  },
};
