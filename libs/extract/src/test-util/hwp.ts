/**
 * Writes HWP 5 documents for the specs, as Hancom's format description lays them out: an OLE
 * container with `FileHeader`, `DocInfo`, `BodyText/Section0` (or, for a distribution
 * document, `ViewText/Section0` behind its DISTRIBUTE_DOC_DATA record and AES) and `PrvText`.
 */
import { createCipheriv } from "node:crypto";
import { deflateRawSync } from "node:zlib";
import CFB from "cfb";

/** A paragraph's pieces: text, or a control by its code (one character, or eight with its data). */
export type HwpPiece = string | { control: number };

function record(tag: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32LE((tag & 0x3ff) | (Math.min(data.length, 0xfff) << 20), 0);
  if (data.length < 0xfff) return Buffer.concat([head, data]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(data.length, 0);
  return Buffer.concat([head, size, data]);
}

function paraText(pieces: HwpPiece[]): Buffer {
  const parts = pieces.map((p) => {
    if (typeof p === "string") return Buffer.from(p, "utf16le");
    const one = [0, 10, 13, 24, 25, 26, 27, 28, 29, 30, 31].includes(p.control);
    const b = Buffer.alloc(one ? 2 : 16, 0x41); // (an eight-character control's data: bytes that would read as text)
    b.writeUInt16LE(p.control, 0);
    if (!one) b.writeUInt16LE(p.control, 14);
    return b;
  });
  return Buffer.concat([...parts, Buffer.from([13, 0])]);
}

/** The C library's rand() from `seed`, as the masking of DISTRIBUTE_DOC_DATA uses it. */
function distribute(section: Buffer, seed: number): Buffer {
  const data = Buffer.alloc(256, 0x5a);
  data.writeUInt32LE(seed, 0);
  const key = Buffer.from("0123456789abcdef");
  const offset = 4 + (seed & 0x0f);
  key.copy(data, offset);
  let state = seed;
  const rand = () => ((state = (Math.imul(state, 214013) + 2531011) >>> 0) >>> 16) & 0x7fff;
  for (let i = 0, value = 0, times = 0; i < 256; i++, times--) {
    if (times === 0) {
      value = rand() & 0xff;
      times = (rand() & 0x0f) + 1;
    }
    if (i >= 4) data[i]! ^= value;
  }
  const padded = Buffer.concat([section, Buffer.alloc((16 - (section.length % 16)) % 16)]);
  const cipher = createCipheriv("aes-128-ecb", key, null).setAutoPadding(false);
  return Buffer.concat([record(28, data), cipher.update(padded), cipher.final()]);
}

export function makeHwp(paragraphs: HwpPiece[][], opts: { compressed?: boolean; password?: boolean; distribution?: boolean; preview?: string; section?: Buffer } = {}): Buffer {
  const header = Buffer.alloc(256);
  header.write("HWP Document File", 0, "latin1");
  header.writeUInt32LE(0x05000500, 32);
  header.writeUInt32LE((opts.compressed ? 1 : 0) | (opts.password ? 2 : 0) | (opts.distribution ? 4 : 0), 36);
  // each paragraph: its header (tag 66) and its text (tag 67), and a character shape record (tag 68)
  let section: Buffer = opts.section ?? Buffer.concat(paragraphs.flatMap((p) => [record(66, Buffer.alloc(22)), record(67, paraText(p)), record(68, Buffer.alloc(8))]));
  if (opts.compressed) section = deflateRawSync(section);
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, "/FileHeader", header);
  CFB.utils.cfb_add(cfb, "/DocInfo", Buffer.alloc(64));
  if (opts.distribution) {
    CFB.utils.cfb_add(cfb, "/BodyText/Section0", Buffer.alloc(64));
    CFB.utils.cfb_add(cfb, "/ViewText/Section0", distribute(section, 0x12345678));
  } else CFB.utils.cfb_add(cfb, "/BodyText/Section0", section);
  CFB.utils.cfb_add(cfb, "/PrvText", Buffer.from(opts.preview ?? "", "utf16le"));
  return Buffer.from(CFB.write(cfb, { type: "buffer" }) as Uint8Array);
}
