/**
 * OneNote sections for the specs, written from [MS-ONESTORE] (no tool here writes them): a
 * revision store (the 1024-byte header, a transaction log, the root file node list, one object
 * space per page and one for the section, each with its revision manifest list, object group
 * lists and objects whose property sets hold the text), and the same text in the FSSHTTPB
 * "alternative packaging" (2.8) that SharePoint and OneDrive hand out.
 */

/** A page: its revisions, oldest first, each the page's paragraphs then. */
export interface OneNotePage {
  revisions: string[][];
}

export interface OneNoteSpec {
  pages: OneNotePage[];
  /** A paragraph in TextExtendedAscii (8-bit), on page 1, inside a nested property set. */
  ascii?: string;
  /** A file attached to page 1. */
  attachment?: { name: string; data: Buffer };
  /** A section protected with a password: an ObjectDataEncryptionKeyV2FNDX in page 1's object space. */
  encrypted?: boolean;
  /** The root file node list also refers to itself as an object space's manifest list. */
  cycle?: boolean;
  /** Write a table of contents (.onetoc2) instead of a section. */
  toc?: boolean;
}

const FILE_TYPE_ONE = "7B5C52E4-D88C-4DA7-AEB1-5378D02996D3";
const FILE_TYPE_ONETOC2 = "43FF2FA1-EFD9-4C76-9EE2-10EA5722765F";
const FORMAT_STORE = "109ADD3F-911B-49F5-A5D0-1791EDC8AED8";
const FORMAT_PACKAGED = "638DE92F-A6D4-4BC1-9A36-B3FC2511A5B7";

const JCID = { sectionNode: 0x00060007, pageSeriesNode: 0x00060008, pageNode: 0x0006000b, richText: 0x0006000e, embeddedFileNode: 0x00060035, embeddedFileContainer: 0x00080036 };
const PROP = {
  richEditTextUnicode: 0x1c001c22,
  textExtendedAscii: 0x1c003498,
  elementChildNodes: 0x24001c20,
  childGraphSpaceElementNodes: 0x2c001d63,
  embeddedFileName: 0x1c001d9c,
  embeddedFileContainer: 0x20001d9b,
  /** An undocumented-here array of property sets (type 0x10), as note tags are kept. */
  noteTags: 0x40003489,
  noteTag: 0x44000811,
  bold: 0x08001c04,
  fontSize: 0x10001c0b,
};

function guid(text: string): Buffer {
  const h = text.replace(/[{}-]/g, "");
  const b = Buffer.from(h, "hex");
  b.subarray(0, 4).reverse();
  b.subarray(4, 6).reverse();
  b.subarray(6, 8).reverse();
  return b;
}

/** A GUID that differs by its last byte: page spaces, objects, files. */
const idGuid = (kind: number, i: number) => `5A1E0000-0000-4000-8000-${kind.toString(16).padStart(4, "0")}${i.toString(16).padStart(8, "0")}`;

function exGuid(g: string, n: number): Buffer {
  const b = Buffer.alloc(20);
  guid(g).copy(b);
  b.writeUInt32LE(n, 16);
  return b;
}

const u32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(v >>> 0);
  return b;
};
const u16 = (v: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(v);
  return b;
};
/** A nil FileChunkReference64x32: stp all ones, cb 0. */
const NIL_64X32 = Buffer.concat([Buffer.alloc(8, 0xff), Buffer.alloc(4)]);
const pad8 = (b: Buffer) => Buffer.concat([b, Buffer.alloc((8 - (b.length % 8)) % 8)]);

/** A property of a property set: a text, references, nested sets. */
interface PropValue {
  id: number;
  bytes?: Buffer;
  oids?: number[];
  osids?: number[];
  sets?: PropValue[][];
  scalar?: Buffer;
}

/** A PropertySet (2.6.7), adding the references its properties make to the streams. */
function propertySet(props: PropValue[], oids: number[], osids: number[]): Buffer {
  const data: Buffer[] = [];
  for (const p of props) {
    const type = (p.id >>> 26) & 0x1f;
    if (type === 0x7) data.push(u32(p.bytes!.length), p.bytes!);
    else if (type === 0x8) oids.push(p.oids![0]!);
    else if (type === 0x9) {
      data.push(u32(p.oids!.length));
      oids.push(...p.oids!);
    } else if (type === 0xb) {
      data.push(u32(p.osids!.length));
      osids.push(...p.osids!);
    }
    else if (type === 0x10) data.push(u32(p.sets!.length), u32(PROP.noteTag), ...p.sets!.map((s) => propertySet(s, oids, osids)));
    else if (type >= 0x3 && type <= 0x6) data.push(p.scalar!);
  }
  return Buffer.concat([u16(props.length), ...props.map((p) => u32(p.id)), ...data]);
}

/** An ObjectSpaceObjectPropSet (2.6.1): its OIDs stream, its OSIDs stream when it has any, the property set. */
function objectPropSet(props: PropValue[]): Buffer {
  const oids: number[] = [];
  const osids: number[] = [];
  const body = propertySet(props, oids, osids);
  const stream = (ids: number[], flags: number) => Buffer.concat([u32(ids.length | flags), ...ids.map(u32)]);
  const streams = osids.length ? [stream(oids, 0), stream(osids, 0)] : [stream(oids, 0x80000000)];
  return pad8(Buffer.concat([...streams, body]));
}

const text = (t: string): PropValue => ({ id: PROP.richEditTextUnicode, bytes: Buffer.from(t, "utf16le") });

/** The file, chunk by chunk after the header, each at a multiple of 8. */
class Out {
  chunks: Buffer[] = [Buffer.alloc(1024)];
  size = 1024;
  put(b: Buffer): { stp: number; cb: number } {
    const stp = this.size;
    const padded = pad8(b);
    this.chunks.push(padded);
    this.size += padded.length;
    return { stp, cb: b.length };
  }
}

type Ref = { stp: number; cb: number };

/** A FileNode (2.4.3): its 32-bit header, then its reference (64-bit stp, 32-bit cb, or both compressed) and body. */
function fileNode(id: number, body: Buffer, ref?: Ref, baseType = ref ? 1 : 0, compressed = false): Buffer {
  let r = Buffer.alloc(0);
  if (ref && compressed) r = Buffer.concat([u32(ref.stp / 8), Buffer.from([Math.ceil(ref.cb / 8)])]);
  else if (ref) {
    r = Buffer.alloc(12);
    r.writeBigUInt64LE(BigInt(ref.stp));
    r.writeUInt32LE(ref.cb, 8);
  }
  const size = 4 + r.length + body.length;
  const formats = compressed ? (3 << 23) | (2 << 25) : 0;
  return Buffer.concat([u32(id | (size << 10) | formats | (baseType << 27) | (1 << 31)), r, body]);
}

/** The lists written, with their node counts, for the transaction log. */
class Lists {
  next = 0x10;
  counts: Array<[number, number]> = [];
  /** A file node list of one fragment (2.4.1): header, nodes, a ChunkTerminatorFND, the (nil) next fragment, footer. */
  write(out: Out, nodes: Buffer[], at?: number): Ref {
    const id = this.next++;
    this.counts.push([id, nodes.length]);
    const header = Buffer.alloc(16);
    header.writeBigUInt64LE(0xa4567ab1f5f7f4c4n);
    header.writeUInt32LE(id, 8);
    const footer = Buffer.alloc(8);
    footer.writeBigUInt64LE(0x8bc215c38233ba4bn);
    const body = Buffer.concat([header, ...nodes, u32(0x0ff | (4 << 10))]);
    const frag = Buffer.concat([pad8(body), NIL_64X32, footer]);
    const ref = out.put(frag);
    if (at !== undefined && ref.stp !== at) throw new Error("the list is not where it was expected");
    return ref;
  }
}

/** A global id table (2.4.3): GlobalIdTableStart2FND, an entry per GUID (index, GUID), GlobalIdTableEndFNDX. */
const idTable = (guids: Map<number, string>) => [fileNode(0x022, Buffer.alloc(0)), ...[...guids].map(([i, g]) => fileNode(0x024, Buffer.concat([u32(i), guid(g)]))), fileNode(0x028, Buffer.alloc(0))];

/** The compact id (2.2.2) of the n-th ExtendedGUID of the GUID at index i of the table. */
const cid = (i: number, n: number) => (i << 8) | n;

/** An object: declared (ObjectDeclaration2RefCountFND, with its JCID) or revised (ObjectRevisionWithRefCountFNDX), its property set written. */
function objectNode(out: Out, oid: number, jcid: number, props: PropValue[], revise = false): Buffer {
  const ref = out.put(objectPropSet(props));
  if (revise) return fileNode(0x041, Buffer.concat([u32(oid), Buffer.from([1 << 2])]), ref, 1, true);
  return fileNode(0x0a4, Buffer.concat([u32(oid), u32(jcid), Buffer.from([0, 1])]), ref, 1, true);
}

/** An object space (a page, or the section): its manifest list, its revision manifest list, each revision's object group. */
function objectSpace(out: Out, lists: Lists, space: string, revisions: Array<(groupTable: Map<number, string>) => Buffer[]>, extra: Buffer[] = []): Ref {
  const revisionNodes: Buffer[] = [fileNode(0x014, Buffer.concat([exGuid(space, 1), u32(0)]))];
  revisions.forEach((objects, r) => {
    const table = new Map<number, string>();
    const group = lists.write(out, [fileNode(0x0b4, exGuid(idGuid(3, r), 1)), ...idTableAndObjects(table, objects)]);
    revisionNodes.push(
      fileNode(0x01e, Buffer.concat([exGuid(idGuid(4, r + 1), 1), r ? exGuid(idGuid(4, r), 1) : Buffer.alloc(20), u32(1), u16(0)])),
      fileNode(0x0b0, exGuid(idGuid(3, r), 1), group, 2),
      ...idTable(new Map()),
      fileNode(0x05a, Buffer.concat([exGuid(idGuid(1, 1), 1), u32(1)])),
      fileNode(0x01c, Buffer.alloc(0)),
    );
  });
  const revisionList = lists.write(out, revisionNodes);
  return lists.write(out, [fileNode(0x00c, exGuid(space, 1)), ...extra, fileNode(0x010, Buffer.alloc(0), revisionList, 2)]);
}

/** An object group's nodes: ObjectGroupStartFND is written by the caller; then its global id table, its objects, ObjectGroupEndFND. */
function idTableAndObjects(table: Map<number, string>, objects: (t: Map<number, string>) => Buffer[]): Buffer[] {
  const nodes = objects(table);
  return [...idTable(table), ...nodes, fileNode(0x0b8, Buffer.alloc(0))];
}

const pageSpace = (i: number) => idGuid(2, i + 1);

/** A FileDataStoreObject (2.6.13): header GUID, length, 12 reserved bytes, the file, padding, footer GUID. */
function fileDataStoreObject(data: Buffer): Buffer {
  const len = Buffer.alloc(8);
  len.writeBigUInt64LE(BigInt(data.length));
  return Buffer.concat([guid("BDE316E7-2665-4511-A4C4-8D4D0B7A9EAC"), len, Buffer.alloc(12), pad8(data), guid("71FBA722-0F79-4A0B-BB13-899256426B24")]);
}

/** A StringInStorageBuffer (2.2.3). */
const storageString = (s: string) => Buffer.concat([u32(s.length), Buffer.from(s, "utf16le")]);

export function makeOneNote(spec: OneNoteSpec): Buffer {
  const out = new Out();
  const lists = new Lists();
  const objectsGuid = idGuid(1, 1);
  const fileGuid = "{3C1E5B8A-0F2D-4E6B-9A7C-1D2E3F405162}";
  // the pages' object spaces: their objects (paragraphs) numbered from 1 in each revision
  const pageRefs = spec.pages.map((page, p) =>
    objectSpace(
      out,
      lists,
      pageSpace(p),
      page.revisions.map((paragraphs, r) => (table) => {
        table.set(1, objectsGuid);
        const nodes = paragraphs.map((t, i) => objectNode(out, cid(1, i + 1), JCID.richText, [text(t), { id: PROP.fontSize, scalar: u16(22) }, { id: PROP.bold | 0x80000000 }], r > 0 && i < page.revisions[r - 1]!.length));
        if (p === 0 && r === page.revisions.length - 1 && spec.ascii) {
          const nested: PropValue = { id: PROP.noteTags, sets: [[{ id: PROP.bold }], [{ id: PROP.textExtendedAscii, bytes: Buffer.from(spec.ascii, "latin1") }]] };
          nodes.push(objectNode(out, cid(1, 100), JCID.richText, [nested]));
        }
        if (p === 0 && r === page.revisions.length - 1 && spec.attachment) {
          nodes.push(
            fileNode(0x072, Buffer.concat([u32(cid(1, 101)), u32(JCID.embeddedFileContainer), Buffer.from([1]), storageString(`<ifndf>${fileGuid}`), storageString(".bin")])),
            objectNode(out, cid(1, 102), JCID.embeddedFileNode, [{ id: PROP.embeddedFileName, bytes: Buffer.from(spec.attachment.name, "utf16le") }, { id: PROP.embeddedFileContainer, oids: [cid(1, 101)] }]),
          );
        }
        return nodes;
      }),
      p === 0 && spec.encrypted ? [fileNode(0x07c, Buffer.alloc(0), out.put(Buffer.alloc(64, 0x5a)), 1)] : [],
    ),
  );
  // the section's object space: the section node, its one page series listing the pages' spaces
  const sectionSpace = idGuid(2, 0);
  const sectionRef = objectSpace(out, lists, sectionSpace, [
    (table) => {
      table.set(1, objectsGuid);
      spec.pages.forEach((_, p) => table.set(10 + p, pageSpace(p)));
      return [
        objectNode(out, cid(1, 1), JCID.sectionNode, [{ id: PROP.elementChildNodes, oids: [cid(1, 2)] }]),
        objectNode(out, cid(1, 2), JCID.pageSeriesNode, [{ id: PROP.childGraphSpaceElementNodes, osids: spec.pages.map((_, p) => cid(10 + p, 1)) }]),
      ];
    },
  ]);
  const fileList = spec.attachment ? [fileNode(0x090, Buffer.alloc(0), lists.write(out, [fileNode(0x094, guid(fileGuid), out.put(fileDataStoreObject(spec.attachment.data)), 1)]), 2)] : [];
  // the root list: the root object space, then the spaces in reverse (the page order is the page series')
  const rootAt = out.size;
  const rootNodes = [
    fileNode(0x004, exGuid(sectionSpace, 1)),
    fileNode(0x008, exGuid(sectionSpace, 1), sectionRef, 2),
    ...[...pageRefs.entries()].reverse().map(([p, ref]) => fileNode(0x008, exGuid(pageSpace(p), 1), ref, 2)),
    ...fileList,
  ];
  if (spec.cycle) rootNodes.push(fileNode(0x008, exGuid(idGuid(9, 9), 1), { stp: rootAt, cb: 0 }, 2));
  // (the root list's own size, for the reference to itself: its nodes do not change its length)
  const rootSize = 16 + rootNodes.reduce((n, b) => n + b.length, 0) + 4;
  if (spec.cycle) rootNodes[rootNodes.length - 1] = fileNode(0x008, exGuid(idGuid(9, 9), 1), { stp: rootAt, cb: Math.ceil(rootSize / 8) * 8 + 20 }, 2);
  const root = lists.write(out, rootNodes, rootAt);
  // one transaction: each list's node count, then the sentinel
  const log = out.put(Buffer.concat([...lists.counts.flatMap(([id, n]) => [u32(id), u32(n)]), u32(1), u32(0), NIL_64X32]));
  const file = Buffer.concat(out.chunks);
  guid(spec.toc ? FILE_TYPE_ONETOC2 : FILE_TYPE_ONE).copy(file, 0);
  guid(idGuid(7, 7)).copy(file, 16);
  guid(FORMAT_STORE).copy(file, 48);
  file.writeUInt32LE(0x2a, 64);
  file.writeUInt32LE(0x2a, 68);
  file.writeUInt32LE(0x2a, 72);
  file.writeUInt32LE(0x2a, 76);
  // fcrLegacyFreeChunkList, fcrLegacyTransactionLog, fcrLegacyFileNodeListRoot: nil FileChunkReference32s
  for (const at of [80, 88, 112]) file.writeUInt32LE(0xffffffff, at);
  file.writeUInt32LE(1, 96); // cTransactionsInLog
  const ref = (at: number, r: Ref) => {
    file.writeBigUInt64LE(BigInt(r.stp), at);
    file.writeUInt32LE(r.cb, at + 8);
  };
  ref(160, log);
  ref(172, root);
  file.writeBigUInt64LE(BigInt(file.length), 196);
  return file;
}

// ——— The FSSHTTPB packaging ———

/** [MS-FSSHTTPB] 2.2.1.1 compact unsigned 64-bit integer. */
function compact(v: number): Buffer {
  if (v < 0x80) return Buffer.from([(v << 1) | 1]);
  if (v < 0x4000) return u16((v << 2) | 2);
  const b = Buffer.alloc(9);
  b[0] = 0x80;
  b.writeBigUInt64LE(BigInt(v), 1);
  return b;
}

/** 2.2.1.7 extended GUID, in its 5-bit form. */
const compactExGuid = (g: string, n: number) => Buffer.concat([Buffer.from([(n << 3) | 4]), guid(g)]);

/** 2.2.1.5 stream object start: 16-bit when it fits, else 32-bit; compound objects end with an 8- or 16-bit end. */
function start(type: number, data: Buffer, compound = false): Buffer {
  if (type < 0x40 && data.length < 0x80) return Buffer.concat([u16((compound ? 4 : 0) | (type << 3) | (data.length << 9)), data]);
  return Buffer.concat([u32(2 | (compound ? 4 : 0) | (type << 3) | (data.length << 17)), data]);
}
const end = (type: number) => (type < 0x40 ? Buffer.from([1 | (type << 2)]) : u16(3 | (type << 2)));

/** A section in the FSSHTTPB packaging: one object group data element holding one rich text object per paragraph. */
export function makePackagedOneNote(paragraphs: string[]): Buffer {
  const declares: Buffer[] = [];
  const data: Buffer[] = [];
  paragraphs.forEach((t, i) => {
    const oid = compactExGuid(idGuid(5, 1), i + 1);
    const propSet = objectPropSet([text(t)]);
    // partition 4: the object's JCID; partition 1: its property set
    for (const [partition, bytes] of [[4, u32(JCID.richText)], [1, propSet]] as const) {
      declares.push(start(0x18, Buffer.concat([oid, compact(partition), compact(bytes.length), compact(0), compact(0)])));
      data.push(start(0x16, Buffer.concat([compact(0), compact(0), compact(bytes.length), bytes])));
    }
  });
  const serial = Buffer.concat([Buffer.from([0x80]), guid(idGuid(6, 1)), Buffer.alloc(8, 1)]);
  const element = Buffer.concat([
    start(0x01, Buffer.concat([compactExGuid(idGuid(6, 2), 1), serial, compact(5)]), true),
    start(0x1d, Buffer.alloc(0), true),
    ...declares,
    end(0x1d),
    start(0x1e, Buffer.alloc(0), true),
    ...data,
    end(0x1e),
    end(0x01),
  ]);
  const header = Buffer.alloc(68);
  guid(FILE_TYPE_ONE).copy(header, 0);
  guid(idGuid(7, 8)).copy(header, 16);
  guid(idGuid(7, 8)).copy(header, 32);
  guid(FORMAT_PACKAGED).copy(header, 48);
  return Buffer.concat([
    header,
    start(0x7a, Buffer.concat([compactExGuid(idGuid(7, 8), 31), guid(idGuid(7, 9))]), true),
    start(0x15, Buffer.alloc(1), true),
    element,
    end(0x15),
    end(0x7a),
    Buffer.alloc(64),
  ]);
}
