/**
 * Legacy PowerPoint (PPT, PPS, POT: PowerPoint 97–2003) — no maintained npm library reads them,
 * and they were `unsupported`. The text is read from the records of the "PowerPoint Document"
 * stream ([MS-PPT] 2.3: an 8-byte header of version and instance, type and length; a container
 * when the version is 0xF), as Apache POI's quick text extractor does: every text atom
 * (TextCharsAtom in UTF-16, TextBytesAtom in 8-bit) wherever it sits, so both the old slide text
 * lists and the text boxes of the slides' drawings are found. Text in the n-th slide container,
 * or after the n-th slide in the slide list, is on `slide` n; notes have `part: note`, on the
 * slide their NotesAtom names (by its id in the slide list; else their rank), comments
 * (author and text) `part: comment`. A main master's text boxes, drawn on every slide, have
 * `part: master`, and so do its footer and header placeholders; its other placeholders (a shape
 * with an OEPlaceholderAtom) hold prompts ("Click to edit Master title style") or fields (the
 * date, the slide number) and are skipped, as the masters' slide list is; the notes master
 * (a notes container whose NotesAtom names no slide) is read the same way, and not counted
 * as a slide's notes. Embedded objects
 * (ExOleObjStg: an OLE container, zlib-compressed or not) are read as members `object 1`, … An encrypted
 * document (its Current User atom says so, or a CryptSession10 container shows) ends `partial`,
 * reason `encrypted`. The metafile pictures of the `Pictures` stream are read as members
 * `picture 1.emf`, … (office-art.ts).
 */
import { constants, inflateSync } from "node:zlib";
import CFB from "cfb";
import { readCfb } from "../ole-scan.ts";
import { childPath, childScope, Encrypted, type Ctx, type Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { metafileBlips, readPictures } from "./office-art.ts";

const RT = {
  slide: 0x03ee,
  notes: 0x03f0,
  notesAtom: 0x03f1,
  slidePersist: 0x03f3,
  mainMaster: 0x03f8,
  handout: 0x0fc9,
  slideList: 0x0ff0,
  textChars: 0x0fa0,
  textBytes: 0x0fa8,
  cString: 0x0fba,
  comment: 0x2ee0,
  binaryTagData: 0x138b,
  cryptSession: 0x2f14,
  exOleObjStg: 0x1011,
  /** A shape (OfficeArtSpContainer), and the atom that makes one a placeholder (OEPlaceholderAtom, in its client data). */
  shape: 0xf004,
  placeholder: 0x0bc3,
} as const;

/** Placeholder types ([MS-PPT] 2.13.21 PlaceholderEnum) of a master's footer (0x09) and header (0x0A): text, not a prompt. */
const MASTER_TEXT_PLACEHOLDERS: ReadonlySet<number> = new Set([0x09, 0x0a]);

/** Containers nested deeper than this are skipped whole. */
const MAX_NESTING = 32;

interface Open {
  end: number;
  type: number;
  instance: number;
  /** The slide this container's text is on (slides and notes: their ordinal; slide lists: the persist atoms seen). */
  slide: number | null;
  /** A shape's: whether it is a placeholder. */
  placeholder: boolean;
  /** A notes container's: whether it is the notes master (its NotesAtom refers to no slide). */
  master: boolean;
}

/** An embedded object's storage (ExOleObjStg): an OLE container, zlib-compressed when `compressed` (its first 4 bytes the size inflated). */
interface StoredObject {
  compressed: boolean;
  bytes: Uint8Array;
}

/** The text atoms of a PowerPoint Document stream, with the slide and part each is in. */
export function pptTexts(stream: Uint8Array): Array<{ text: string; slide: number | null; part: string | null }> {
  return pptRecords(stream).texts;
}

/** The text atoms of a PowerPoint Document stream and its embedded objects' storages. */
function pptRecords(stream: Uint8Array): { texts: Array<{ text: string; slide: number | null; part: string | null }>; objects: StoredObject[] } {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const out: Array<{ text: string; slide: number | null; part: string | null }> = [];
  const objects: StoredObject[] = [];
  const stack: Open[] = [];
  let slides = 0;
  let notes = 0;
  const mastered = new Set<string>();
  const slideNumbers = new Map<number, number>();
  for (let at = 0; at + 8 <= stream.length; ) {
    while (stack.length && at >= stack[stack.length - 1]!.end) stack.pop();
    const verInst = view.getUint16(at, true);
    const type = view.getUint16(at + 2, true);
    const len = view.getUint32(at + 4, true);
    const body = at + 8;
    const end = Math.min(stream.length, body + len);
    if (type === RT.cryptSession) throw new Encrypted("PowerPoint 97–2003 document is encrypted");
    const inside = (t: number) => stack.some((o) => o.type === t);
    // (real files nest a few levels; a hostile one of nested empty containers is not walked past MAX_NESTING)
    // (a binary tag's data, PowerPoint 2002's extensions of a slide, is records too, though not
    // marked a container: its comments are there, which real files' were never read from)
    if (((verInst & 0xf) === 0xf || type === RT.binaryTagData) && stack.length < MAX_NESTING) {
      const instance = verInst >> 4;
      const slide = type === RT.slide ? ++slides : type === RT.notes ? ++notes : type === RT.slideList ? 0 : (stack[stack.length - 1]?.slide ?? null);
      stack.push({ end, type, instance, slide, placeholder: false, master: false });
      at = body; // into the container
      continue;
    }
    if (type === RT.exOleObjStg) objects.push({ compressed: verInst >> 4 === 1, bytes: stream.subarray(body, end) });
    const list = stack.findLast((o) => o.type === RT.slideList);
    if (type === RT.slidePersist && list) {
      list.slide = (list.slide ?? 0) + 1;
      // (the slides' list: each slide's id, which its notes name)
      if (list.instance === 0 && end - body >= 16) slideNumbers.set(view.getUint32(body + 12, true), list.slide);
    }
    const shape = stack.findLast((o) => o.type === RT.shape);
    // (a master's footer and header placeholders hold what the author typed in; the others, prompts and fields)
    if (type === RT.placeholder && shape && !(end - body >= 6 && MASTER_TEXT_PLACEHOLDERS.has(view.getUint8(body + 4)))) shape.placeholder = true;
    const top = stack[stack.length - 1];
    if (type === RT.notesAtom && top?.type === RT.notes && !top.master && end - body >= 4) {
      const ref = view.getUint32(body, true);
      if (!slideId(ref)) {
        // (the notes master: no slide's notes, nor counted as such; [MS-PPT] says its slideIdRef is 0, PowerPoint writes 0x80000000)
        top.master = true;
        top.slide = null;
        notes--;
      } else top.slide = slideNumbers.get(ref) ?? top.slide; // (the slide the notes name, not the notes' own rank: slides without notes skip ranks)
    }
    // (a master's text: a shape's that is no placeholder, drawn on every slide; its placeholders' prompts are not read)
    const master = inside(RT.mainMaster) || stack.some((o) => o.master);
    const skipped = (master && (shape === undefined || shape.placeholder)) || inside(RT.handout) || (list !== undefined && list.instance === 1);
    // (a comment's author and text; not its author's initials, instance 2)
    const isText = ((type === RT.textChars || type === RT.textBytes) && !inside(RT.binaryTagData)) || (type === RT.cString && inside(RT.comment) && verInst >> 4 !== 2);
    if (isText && !skipped) {
      const bytes = stream.subarray(body, end);
      const text = (type === RT.textBytes ? Buffer.from(bytes).toString("latin1") : Buffer.from(bytes.subarray(0, bytes.length & ~1)).toString("utf16le")).replace(/[\r\v]/g, "\n");
      const part = master ? "master" : inside(RT.comment) ? "comment" : inside(RT.notes) || list?.instance === 2 ? "note" : null;
      const slide = stack[stack.length - 1]?.slide ?? null;
      // (a master's text once, though the title master and the main master both hold the footer; "*" is a field's mark)
      const repeated = master && (!/[^*\s]/.test(text) || mastered.has(text));
      if (master) mastered.add(text);
      if (!repeated) out.push({ text, slide: slide === 0 ? null : slide, part });
    }
    at = end;
  }
  return { texts: out, objects };
}

/** Whether a SlideIdRef can name a slide ([MS-PPT] 2.2.25: 0x100 up to 0x7FFFFFFF). */
const slideId = (ref: number) => ref >= 0x100 && ref < 0x80000000;

/** An embedded object's OLE container, inflated within what the limits leave; a reason when it is not there. */
function objectBytes(o: StoredObject, ctx: Ctx): Uint8Array | { code: string; message: string } {
  if (!o.compressed) return o.bytes;
  if (o.bytes.length < 4) return { code: "corrupt", message: "its storage is cut short" };
  const declared = new DataView(o.bytes.buffer, o.bytes.byteOffset, 4).getUint32(0, true);
  if (declared > ctx.bytesLeft()) return { code: "limit_total_bytes", message: `it would inflate to ${declared} bytes, over what the limits leave` };
  if (declared > Math.max(1, o.bytes.length) * ctx.limits.maxRatio) return { code: "limit_ratio", message: `it would inflate ${declared} bytes from ${o.bytes.length}` };
  try {
    // (PowerPoint may end the stream without its last block's flag or checksum: take what inflates, as POI's InflaterInputStream does)
    return inflateSync(o.bytes.subarray(4), { maxOutputLength: Math.max(1, declared), finishFlush: constants.Z_SYNC_FLUSH });
  } catch (e) {
    return { code: "corrupt", message: `its storage does not inflate: ${(e as Error).message}` };
  }
}

export const pptFormat: Format = {
  kinds: ["ppt"],
  library: "cfb (the records read here, [MS-PPT])",
  async extract(bytes, scope: Scope, ctx: Ctx) {
    const cfb = readCfb(bytes);
    const entry = CFB.find(cfb, "PowerPoint Document");
    if (!entry?.content) throw new Error("ppt: no PowerPoint Document stream");
    // The Current User stream's atom says whether the document is encrypted ([MS-PPT] 2.3.2: header token 0xF3D1C4DF)
    const user = CFB.find(cfb, "Current User")?.content as Uint8Array | undefined;
    if (user && user.length >= 16 && new DataView(user.buffer, user.byteOffset, user.byteLength).getUint32(12, true) === 0xf3d1c4df) {
      throw new Encrypted("PowerPoint 97–2003 document is encrypted");
    }
    const { texts, objects } = pptRecords(entry.content as Uint8Array);
    for (const t of texts) {
      ctx.emit(scope, t.text, { ...(t.slide !== null ? { slide: t.slide } : {}), ...(t.part ? { part: t.part } : {}) });
    }
    // (embedded objects — a workbook, a document, a file inserted as an object — are members: `object 1`, …)
    for (const [i, o] of objects.entries()) {
      ctx.checkTime();
      const name = `object ${i + 1}`;
      const got = objectBytes(o, ctx);
      if (!(got instanceof Uint8Array)) {
        ctx.reason(got.code, `embedded ${name}: ${got.message}`, scope.path);
        continue;
      }
      if (!ctx.takeEntry(childPath(scope, name))) return;
      ctx.totalBytes += got.byteLength;
      await ctx.recurse(got, name, childScope(scope, name));
    }
    // (the slides' metafile pictures: a Graph chart's labels, a table pasted as a picture)
    const pictures = CFB.find(cfb, "Pictures")?.content as Uint8Array | undefined;
    if (pictures?.length) await readPictures(ctx, scope, metafileBlips(Buffer.from(pictures.buffer, pictures.byteOffset, pictures.byteLength)));
  },
};
