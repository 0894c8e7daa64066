/**
 * Writes Windows metafiles for the specs, as [MS-EMF], [MS-EMFPLUS] and [MS-WMF] lay them out:
 * a header, the text records asked for, an end-of-file record.
 */

/** An EMF text record: EMR_EXTTEXTOUTW (or A with `ansi`) with its box, or EMR_SMALLTEXTOUT with `small`. */
export interface EmfText {
  text: string;
  /** left, top, right, bottom; all zero (the default) when the writer computed none. */
  box?: [number, number, number, number];
  x?: number;
  y?: number;
  ansi?: boolean;
  small?: boolean;
}

function record(type: number, body: Buffer): Buffer {
  const pad = (4 - (body.length % 4)) % 4;
  const head = Buffer.alloc(8);
  head.writeUInt32LE(type, 0);
  head.writeUInt32LE(8 + body.length + pad, 4);
  return Buffer.concat([head, body, Buffer.alloc(pad)]);
}

function extTextOut(t: EmfText): Buffer {
  const chars = t.ansi ? Buffer.from(t.text, "latin1") : Buffer.from(t.text, "utf16le");
  const fixed = Buffer.alloc(68); // rclBounds, graphics mode, scales, EMRTEXT (to offDx), after the 8-byte header
  const [l, tp, r, b] = t.box ?? [0, 0, 0, 0];
  fixed.writeInt32LE(l, 0);
  fixed.writeInt32LE(tp, 4);
  fixed.writeInt32LE(r, 8);
  fixed.writeInt32LE(b, 12);
  fixed.writeUInt32LE(1, 16); // GM_COMPATIBLE
  fixed.writeInt32LE(t.x ?? 0, 28);
  fixed.writeInt32LE(t.y ?? 0, 32);
  fixed.writeUInt32LE(t.ansi ? chars.length : chars.length / 2, 36);
  fixed.writeUInt32LE(76, 40); // offString, from the record's start
  return record(t.ansi ? 83 : 84, Buffer.concat([fixed, chars]));
}

function smallTextOut(t: EmfText): Buffer {
  const chars = Buffer.from(t.text, "latin1");
  const fixed = Buffer.alloc(28);
  fixed.writeInt32LE(t.x ?? 0, 0);
  fixed.writeInt32LE(t.y ?? 0, 4);
  fixed.writeUInt32LE(chars.length, 8);
  fixed.writeUInt32LE(0x100 | 0x200, 12); // ETO_NO_RECT, ETO_SMALL_CHARS
  return record(108, Buffer.concat([fixed, chars]));
}

/** An EMF+ comment holding one EmfPlusDrawString per string. */
function emfPlus(strings: string[]): Buffer {
  const recs = strings.map((s) => {
    const text = Buffer.from(s, "utf16le");
    const r = Buffer.alloc(40);
    r.writeUInt16LE(0x401c, 0);
    r.writeUInt32LE(40 + text.length, 4);
    r.writeUInt32LE(28 + text.length, 8);
    r.writeUInt32LE(s.length, 20);
    r.writeFloatLE(10, 24);
    r.writeFloatLE(10, 28);
    return Buffer.concat([r, text]);
  });
  const data = Buffer.concat([Buffer.from("EMF+", "latin1"), ...recs]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(data.length, 0);
  return record(70, Buffer.concat([size, data]));
}

/** An EMR_COMMENT_MULTIFORMATS holding a PDF, as Office for the Mac writes a PDF it draws: "GDIC", its type, a rectangle, one format (signature, version, size, offset from "GDIC"), the data. */
function multiformatsPdf(pdf: Buffer): Buffer {
  const data = Buffer.concat([pdf, Buffer.alloc((4 - (pdf.length % 4)) % 4)]);
  const head = Buffer.alloc(48);
  head.writeUInt32LE(44 + data.length, 0);
  head.writeUInt32LE(0x43494447, 4);
  head.writeUInt32LE(0x40000004, 8);
  head.writeUInt32LE(1, 28);
  head.writeUInt32LE(0x50444620, 32);
  head.writeUInt32LE(1, 36);
  head.writeUInt32LE(pdf.length, 40);
  head.writeUInt32LE(44, 44);
  return record(70, Buffer.concat([head, data]));
}

export function makeEmf(texts: EmfText[], opts: { plus?: string[]; padTo?: number; pdf?: Buffer } = {}): Buffer {
  const header = Buffer.alloc(80);
  header.writeUInt32LE(0x464d4520, 32); // " EMF" at offset 40 of the record
  header.writeUInt32LE(0x10000, 36);
  const body = [record(1, header), ...(opts.plus ? [emfPlus(opts.plus)] : []), ...(opts.pdf ? [multiformatsPdf(opts.pdf)] : []), ...texts.map((t) => (t.small ? smallTextOut(t) : extTextOut(t))), record(14, Buffer.alloc(12))];
  const emf = Buffer.concat(body);
  return opts.padTo ? Buffer.concat([emf, Buffer.alloc(Math.max(0, opts.padTo - emf.length))]) : emf;
}

/** A WMF text record: META_EXTTEXTOUT (with advances when `dx`), or META_TEXTOUT with `plain`. */
export interface WmfText {
  bytes: Buffer;
  x: number;
  y: number;
  dx?: number[];
  plain?: boolean;
}

function wmfRecord(fn: number, body: Buffer): Buffer {
  const padded = body.length % 2 ? Buffer.concat([body, Buffer.alloc(1)]) : body;
  const head = Buffer.alloc(6);
  head.writeUInt32LE((6 + padded.length) / 2, 0);
  head.writeUInt16LE(fn, 4);
  return Buffer.concat([head, padded]);
}

export function makeWmf(texts: WmfText[], opts: { placeable?: boolean; charset?: number } = {}): Buffer {
  const header = Buffer.alloc(18);
  header.writeUInt16LE(1, 0);
  header.writeUInt16LE(9, 2);
  header.writeUInt16LE(0x0300, 4);
  const records: Buffer[] = [];
  if (opts.charset !== undefined) {
    const font = Buffer.alloc(50);
    font[13] = opts.charset;
    records.push(wmfRecord(0x02fb, font));
  }
  for (const t of texts) {
    const str = t.bytes.length % 2 ? Buffer.concat([t.bytes, Buffer.alloc(1)]) : t.bytes;
    if (t.plain) {
      const n = Buffer.alloc(2);
      n.writeUInt16LE(t.bytes.length, 0);
      const yx = Buffer.alloc(4);
      yx.writeInt16LE(t.y, 0);
      yx.writeInt16LE(t.x, 2);
      records.push(wmfRecord(0x0521, Buffer.concat([n, str, yx])));
    } else {
      const head = Buffer.alloc(8);
      head.writeInt16LE(t.y, 0);
      head.writeInt16LE(t.x, 2);
      head.writeUInt16LE(t.bytes.length, 4);
      const dx = Buffer.alloc(t.dx ? t.dx.length * 2 : 0);
      t.dx?.forEach((d, i) => dx.writeInt16LE(d, i * 2));
      records.push(wmfRecord(0x0a32, Buffer.concat([head, str, dx])));
    }
  }
  records.push(wmfRecord(0, Buffer.alloc(0)));
  const place = Buffer.alloc(opts.placeable ? 22 : 0);
  if (opts.placeable) place.writeUInt32LE(0x9ac6cdd7, 0);
  return Buffer.concat([place, header, ...records]);
}
