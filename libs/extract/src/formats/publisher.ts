/**
 * Microsoft Publisher documents (.pub: newsletters, flyers, forms, a staff directory laid out for
 * print). No npm library reads them; they were `unsupported` OLE containers. The text of every
 * story sits in the Quill engine's stream `Quill/QuillSub/CONTENTS`, as Apache POI's HPBF
 * reader finds it: the stream opens with "CHNKINK ", then (at byte 12) the number of chunk
 * descriptors, which start at byte 32, 24 bytes each: a 16-bit size, a 4-letter type, a number,
 * a 4-letter name, and the chunk's offset and length in the stream. The `TEXT` chunks hold
 * UTF-16 text, a paragraph ending in a carriage return. The document's summary properties are
 * read as a Word 97 document's are.
 */
import CFB from "cfb";
import { readCfb } from "../ole-scan.ts";
import type { Ctx, Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { oleSummaryProperties } from "./ole-properties.ts";
import { emitProperties } from "./properties.ts";
import { emitChunks } from "./text.ts";

const MAGIC = "CHNKINK ";
const FIRST_DESCRIPTOR = 0x20;
const DESCRIPTOR = 24;

/** The text of the TEXT chunks of a Quill CONTENTS stream. */
export function quillText(b: Uint8Array): string {
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  if (buf.byteLength < FIRST_DESCRIPTOR || buf.toString("latin1", 0, 8) !== MAGIC) throw new Error("publisher: the Quill CONTENTS stream has no CHNKINK header");
  const count = buf.readUInt16LE(12);
  const out: string[] = [];
  for (let k = 0, at = FIRST_DESCRIPTOR; k < count && at + DESCRIPTOR <= buf.byteLength; k++, at += DESCRIPTOR) {
    if (buf.toString("latin1", at + 2, at + 6) !== "TEXT") continue;
    const offset = buf.readUInt32LE(at + 16);
    const length = buf.readUInt32LE(at + 20);
    if (offset + length > buf.byteLength) throw new Error(`publisher: a TEXT chunk at ${offset} of ${length} bytes runs past the stream's ${buf.byteLength}`);
    const text = buf.toString("utf16le", offset, offset + (length & ~1));
    // paragraphs end in CR; other control characters (fields, breaks, inline objects) are dropped
    out.push(Array.from(text.replace(/\r\n?/g, "\n"), (ch) => (ch.charCodeAt(0) < 0x20 && ch !== "\n" && ch !== "\t" ? (ch === "\v" ? "\n" : "") : ch)).join(""));
  }
  return out.join("\n");
}

export const publisherFormat: Format = {
  kinds: ["publisher"],
  library: "cfb (the Quill stream read as Apache POI's HPBF reader does)",
  async extract(bytes: Uint8Array, scope: Scope, ctx: Ctx) {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const cfb = readCfb(buf);
    const quill = CFB.find(cfb, "/Quill/QuillSub/CONTENTS")?.content as Uint8Array | undefined;
    if (!quill) throw new Error("publisher: no Quill/QuillSub/CONTENTS stream");
    emitChunks(ctx, scope, quillText(quill));
    emitProperties(ctx, scope, oleSummaryProperties(buf));
  },
};
