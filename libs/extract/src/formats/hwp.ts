/**
 * Hangul Word Processor documents, HWP 5 (.hwp: Korea's public offices, schools and companies
 * write in it). No npm library reads them; they were `unsupported` OLE containers. Read as the
 * HWP 5.0 format description (Hancom, revision 1.3) lays them out:
 *
 *  - `FileHeader`: "HWP Document File", the version, and flags: bit 0 the sections are
 *    compressed (raw deflate), bit 1 the document has a password, bit 2 it is a "distribution"
 *    document (its body kept encrypted in `ViewText`, for reading but not copying).
 *  - `BodyText/Section0`, `Section1`, …: records of a 32-bit header (tag 10 bits, level 10
 *    bits, size 12 bits; 0xFFF for a size in the next 32 bits). Every paragraph's text, in the
 *    body, tables, text boxes, headers, footers and notes alike, is a PARA_TEXT record (tag 67):
 *    UTF-16 characters, where codes below 32 are controls, one character long (line and
 *    paragraph ends, hyphens, fixed spaces) or eight (tabs, fields, objects: skipped, a tab
 *    read as a tab).
 *  - A distribution document keeps its sections in `ViewText/Section0`, … instead: a first
 *    record (DISTRIBUTE_DOC_DATA, tag 28) of 256 bytes whose first four seed the C library's
 *    rand(); its stream of numbers, each repeated a number of times it gives too, masks the
 *    rest of those bytes, and 16 of them, at 4 plus the seed's low four bits, are the AES-128
 *    key (ECB) of the rest of the stream, which is then a section as above.
 *  - `PrvText`: the text the file shows as its preview (about the first thousand characters).
 *    A document with a password gives that preview, then ends `partial`, reason `encrypted`.
 */
import { createDecipheriv } from "node:crypto";
import { Readable } from "node:stream";
import { createInflateRaw } from "node:zlib";
import CFB from "cfb";
import { readCfb } from "../ole-scan.ts";
import { Encrypted, Stop, type Ctx, type Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { LimitHit, readBounded } from "./archive-util.ts";
import { oleSummaryProperties } from "./ole-properties.ts";
import { emitProperties } from "./properties.ts";
import { emitChunks } from "./text.ts";

const SIGNATURE = "HWP Document File";
const PARA_TEXT = 67;
/** Controls one character long ([HWP 5.0] 2.4): the rest take eight (the code, 12 bytes of data, the code again). */
const ONE_CHAR_CONTROLS = new Set([0, 10, 13, 24, 25, 26, 27, 28, 29, 30, 31]);

/**
 * The text of a section's records: each PARA_TEXT a paragraph. A record that runs past the end
 * is corrupt, unless the section is a prefix (`cut`: a limit stopped its inflation), where it
 * ends the reading.
 */
export function hwpSectionText(b: Uint8Array, ctx: Ctx, cut = false): string {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const paragraphs: string[] = [];
  for (let at = 0, n = 0; at + 4 <= b.byteLength; n++) {
    if ((n & 0x3ff) === 0) ctx.checkTime();
    const head = v.getUint32(at, true);
    let size = head >>> 20;
    at += 4;
    if (size === 0xfff) {
      if (at + 4 > b.byteLength) break;
      size = v.getUint32(at, true);
      at += 4;
    }
    if (at + size > b.byteLength) {
      if (cut) break;
      throw new Error(`hwp: a record of ${size} bytes runs past its section's ${b.byteLength}`);
    }
    if ((head & 0x3ff) === PARA_TEXT) paragraphs.push(paragraphText(b.subarray(at, at + size)));
    at += size;
  }
  return paragraphs.join("\n");
}

function paragraphText(b: Uint8Array): string {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let out = "";
  for (let i = 0; i + 2 <= b.byteLength; ) {
    const c = v.getUint16(i, true);
    if (c >= 32) {
      out += String.fromCharCode(c);
      i += 2;
    } else if (ONE_CHAR_CONTROLS.has(c)) {
      out += c === 10 ? "\n" : c === 24 ? "-" : c === 30 || c === 31 ? " " : "";
      i += 2;
    } else {
      if (c === 9) out += "\t";
      i += 16;
    }
  }
  return out;
}

/** A distribution document's section, decrypted (see the header). */
export function undistribute(stream: Buffer): Buffer {
  if (stream.byteLength < 4 + 256 || (stream.readUInt32LE(0) & 0x3ff) !== 28 || stream.readUInt32LE(0) >>> 20 !== 256) throw new Error("hwp: a distribution document's section without its DISTRIBUTE_DOC_DATA record");
  const data = Buffer.from(stream.subarray(4, 4 + 256));
  const seed = data.readUInt32LE(0);
  let state = seed;
  const rand = () => {
    state = (Math.imul(state, 214013) + 2531011) >>> 0;
    return (state >>> 16) & 0x7fff;
  };
  for (let i = 0, value = 0, times = 0; i < 256; i++, times--) {
    if (times === 0) {
      value = rand() & 0xff;
      times = (rand() & 0x0f) + 1;
    }
    if (i >= 4) data[i]! ^= value;
  }
  const offset = 4 + (seed & 0x0f);
  const body = stream.subarray(4 + 256);
  const decipher = createDecipheriv("aes-128-ecb", data.subarray(offset, offset + 16), null).setAutoPadding(false);
  return Buffer.concat([decipher.update(body.subarray(0, body.byteLength & ~15)), decipher.final()]);
}

export const hwpFormat: Format = {
  kinds: ["hwp"],
  library: "cfb (HWP 5 records read as Hancom's format description lays them out)",
  async extract(bytes: Uint8Array, scope: Scope, ctx: Ctx) {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const cfb = readCfb(buf);
    // (a path from the root: a name alone would match a stream of that name anywhere)
    const stream = (path: string) => {
      const content = CFB.find(cfb, path)?.content as Uint8Array | undefined;
      return content ? Buffer.from(content) : null;
    };
    const header = stream("/FileHeader");
    if (!header || header.byteLength < 40 || !header.toString("latin1", 0, SIGNATURE.length).startsWith(SIGNATURE)) throw new Error("hwp: no HWP 5 FileHeader");
    const flags = header.readUInt32LE(36);
    if (flags & 0b10) {
      const preview = stream("/PrvText");
      if (preview) emitChunks(ctx, scope, preview.toString("utf16le", 0, preview.byteLength & ~1).replace(/\r\n?/g, "\n"), { part: "preview" });
      emitProperties(ctx, scope, oleSummaryProperties(buf));
      throw new Encrypted("HWP document protected by a password (its preview text read)");
    }
    const distribution = (flags & 0b100) !== 0;
    const sections = cfb.FullPaths.flatMap((p, i) => {
      const m = (distribution ? /\/ViewText\/Section(\d+)$/ : /\/BodyText\/Section(\d+)$/).exec(p);
      return m ? [{ n: Number(m[1]), i }] : [];
    }).sort((a, b) => a.n - b.n);
    for (const { i } of sections) {
      const stored = Buffer.from((cfb.FileIndex[i]!.content ?? []) as Uint8Array);
      const raw = distribution ? undistribute(stored) : stored;
      if (!(flags & 1)) {
        emitChunks(ctx, scope, hwpSectionText(raw, ctx));
        continue;
      }
      // (inflated as a stream within the ratio and total-bytes limits; a bomb's first part is read, then the reading stops)
      try {
        emitChunks(ctx, scope, hwpSectionText(await readBounded(Readable.from([raw]).pipe(createInflateRaw()), ctx, raw.byteLength), ctx));
      } catch (e) {
        if (!(e instanceof LimitHit)) throw e;
        if (e.code === "limit_time") throw new Stop(e.code, e.message);
        ctx.reason(e.code, `hwp: a section ${e.message}`, scope.path);
        if (e.before) emitChunks(ctx, scope, hwpSectionText(e.before, ctx, true));
        break;
      }
    }
    emitProperties(ctx, scope, oleSummaryProperties(buf));
  },
};
