/**
 * A PowerPoint 97–2003 file for the specs, written record by record ([MS-PPT] 2.3: header of
 * version/instance, type, length; containers have version 0xF) into an OLE container. No tool
 * here writes PPT, so the structure is the spec's: a Document with its slide lists, a main
 * master, and per slide a Slide container whose drawing's text box holds the text.
 */
import { deflateSync } from "node:zlib";
import CFB from "cfb";

function record(type: number, body: Buffer, instance = 0, container = false): Buffer {
  const h = Buffer.alloc(8);
  h.writeUInt16LE(((instance & 0xfff) << 4) | (container ? 0xf : 0), 0);
  h.writeUInt16LE(type, 2);
  h.writeUInt32LE(body.length, 4);
  return Buffer.concat([h, body]);
}
const container = (type: number, children: Buffer[], instance = 0) => record(type, Buffer.concat(children), instance, true);
const chars = (text: string) => [record(0x0f9f, Buffer.alloc(4)), record(0x0fa0, Buffer.from(text, "utf16le"))];
const bytes = (text: string) => [record(0x0f9f, Buffer.alloc(4)), record(0x0fa8, Buffer.from(text, "latin1"))];
/** The first slide's id (the next slides' follow it). */
const SLIDE_ID = 0x100;

/**
 * A shape with a text box (SpContainer > ClientTextbox); a placeholder (`true`, a body's prompt,
 * or a placeholder type) has an OEPlaceholderAtom in its client data, before its text.
 */
function shape(atoms: Buffer[], placeholder: boolean | number = false): Buffer {
  const atom = Buffer.alloc(8);
  atom.writeUInt8(placeholder === true ? 0x02 : Number(placeholder), 4);
  return container(0xf004, [record(0xf00a, Buffer.alloc(8)), ...(placeholder !== false ? [container(0xf011, [record(0x0bc3, atom)])] : []), container(0xf00d, atoms)]);
}
/** A drawing of shapes (PPDrawing > DgContainer > SpContainer …), one text box per text by default. */
const drawing = (atoms: Buffer[][], shapes = atoms.map((a) => shape(a))) => container(0x040c, [container(0xf002, shapes)]);

export interface PptSpec {
  /** Each slide's text boxes. */
  slides: string[][];
  /** Text kept in the document's slide list (PowerPoint 97's place for it), per slide. */
  listed?: string[];
  /** Each slide's notes (none for a hole), written as 8-bit text; a notes master, with a prompt and a footer, goes before them. */
  notes?: Array<string | undefined>;
  /** The notes master's footer (a footer placeholder's text). */
  notesFooter?: string;
  /** A text box on the main master, beside its placeholder (drawn on every slide). */
  masterText?: string;
  /** A comment on the first slide: author and text (its initials made from the author). */
  comment?: [string, string];
  encrypted?: boolean;
  /** Embedded objects' OLE containers, each an ExOleObjStg record (zlib-compressed, as PowerPoint writes them, unless `plainObjects`). */
  objects?: Uint8Array[];
  plainObjects?: boolean;
  /** Write each compressed object's zlib stream without its final checksum, as PowerPoint's files in Tika's tests have them. */
  noChecksum?: boolean;
}

/**
 * A slide's comment where PowerPoint 2002 and later write it: in the slide's programmable tags
 * (ProgTags > ProgBinaryTag "___PPT10" > BinaryTagDataBlob, a record not marked a container),
 * a Comment10Container of author, text and initials.
 */
function comments([author, text]: [string, string]): Buffer {
  const initials = author.split(/\s+/).map((w) => w[0]).join("");
  const comment = container(0x2ee0, [record(0x0fba, Buffer.from(author, "utf16le"), 0), record(0x0fba, Buffer.from(text, "utf16le"), 1), record(0x0fba, Buffer.from(initials, "utf16le"), 2), record(0x2ee1, Buffer.alloc(28))]);
  return container(0x1388, [container(0x138a, [record(0x0fba, Buffer.from("___PPT10", "utf16le")), record(0x138b, comment)])]);
}

export function makePpt(spec: PptSpec): Buffer {
  // (the slide list: a SlidePersistAtom per slide, its id at offset 12, then the text listed for it)
  const persist = (i: number) => {
    const b = Buffer.alloc(20);
    b.writeUInt32LE(SLIDE_ID + i, 12);
    return record(0x03f3, b);
  };
  const list = Array.from({ length: Math.max(spec.slides.length, spec.listed?.length ?? 0) }, (_, i) => [persist(i), ...(spec.listed?.[i] === undefined ? [] : chars(spec.listed[i]!))]).flat();
  const doc = container(0x03e8, [
    record(0x03e9, Buffer.alloc(40)),
    container(0x0ff0, [record(0x03f3, Buffer.alloc(20)), ...chars("Click to edit Master title style")], 1),
    container(0x0ff0, list, 0),
  ]);
  // CurrentUserAtom: size 0x14, then the header token (encrypted or not), offset to the current edit, …
  const user = Buffer.alloc(20);
  user.writeUInt32LE(0x14, 0);
  user.writeUInt32LE(spec.encrypted ? 0xf3d1c4df : 0xe391c05f, 4);
  const masterShapes = [shape(chars("Click to edit Master text styles"), true), ...(spec.masterText === undefined ? [] : [shape(chars(spec.masterText))])];
  const master = container(0x03f8, [drawing([], masterShapes)]);
  const slides = spec.slides.map((boxes, i) =>
    container(0x03ee, [
      record(0x03ef, Buffer.alloc(24)),
      drawing(boxes.map(chars)),
      ...(i === 0 && spec.comment ? [comments(spec.comment)] : []),
    ]),
  );
  // (a NotesAtom names its slide by id; the notes master's names none, 0x80000000 as PowerPoint writes it)
  const notesAtom = (ref: number) => {
    const b = Buffer.alloc(8);
    b.writeUInt32LE(ref, 0);
    return record(0x03f1, b);
  };
  const notesMaster = container(0x03f0, [notesAtom(0x80000000), drawing([], [shape(chars("Click to edit Master text styles"), true), ...(spec.notesFooter === undefined ? [] : [shape(chars(spec.notesFooter), 0x09)])])]);
  const notes = spec.notes ? [notesMaster, ...spec.notes.flatMap((n, i) => (n === undefined ? [] : [container(0x03f0, [notesAtom(SLIDE_ID + i), drawing([bytes(n)])])]))] : [];
  const objects = (spec.objects ?? []).map((o) => {
    if (spec.plainObjects) return record(0x1011, Buffer.from(o), 0);
    const size = Buffer.alloc(4);
    size.writeUInt32LE(o.length);
    const z = deflateSync(o);
    return record(0x1011, Buffer.concat([size, spec.noChecksum ? z.subarray(0, z.length - 4) : z]), 1);
  });
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, "PowerPoint Document", Buffer.concat([doc, master, ...slides, ...notes, ...objects]));
  CFB.utils.cfb_add(cfb, "Current User", record(0x0ff6, user));
  return CFB.write(cfb, { type: "buffer" }) as Buffer;
}
