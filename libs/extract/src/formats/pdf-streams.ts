/**
 * Flate streams that inflate past the bytes left, emptied before pdf.js sees them. pdf.js inflates
 * a stream whole into one growing buffer, on promises alone (pdf.ts: no timer fires meanwhile): a
 * 1 MB page whose content stream is a gigabyte of blanks took 18 s and 2.5 GB, and a file of a few
 * such streams held the worker until the pool killed it, or its host's memory. Each Flate stream
 * but an image's (pdf.js does not decode those for text; OCR does, and its pixel limit stops a
 * bomb) is inflated here first and only its size kept; once their sum passes what is left of the
 * total-bytes limit, the stream is overwritten in a copy of the file with an empty one of the same
 * length (every offset holds), and said.
 */
import { inflateSync } from "node:zlib";
import type { Ctx, Scope } from "../context.ts";

/** A zlib stream of nothing: header, an empty final block, the Adler-32 of nothing. */
const EMPTY_ZLIB = Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]);

/** The inflated size of the zlib stream at the start of `data` (what follows it ignored); Infinity past `cap`, null when it is no zlib stream. */
function inflatedSize(data: Buffer, cap: number): number | null {
  try {
    return inflateSync(data, { maxOutputLength: Math.max(1, cap) }).byteLength;
  } catch (e) {
    return (e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" ? Infinity : null;
  }
}

export function emptyFlateBombs(bytes: Uint8Array, ctx: Ctx, scope: Scope): Uint8Array {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let left = ctx.bytesLeft();
  let out: Buffer | null = null;
  for (let at = buf.indexOf("stream"); at >= 0; at = buf.indexOf("stream", at + 6)) {
    if (at >= 3 && buf.toString("latin1", at - 3, at) === "end") continue;
    let start = at + 6;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    else if (buf[start - 1] !== 0x0d) continue;
    const before = buf.toString("latin1", Math.max(0, at - 2048), at);
    const dict = before.slice(before.lastIndexOf(" obj") + 1);
    if (!dict.includes("/FlateDecode") || /\/Subtype\s*\/Image\b/.test(dict)) continue;
    ctx.checkTime();
    const size = inflatedSize(buf.subarray(start), left);
    if (size === null) continue;
    if (size <= left) {
      left -= size;
      continue;
    }
    const end = buf.indexOf("endstream", start);
    if (end < 0 || end - start < EMPTY_ZLIB.length) continue;
    out ??= Buffer.from(buf);
    out.fill(0x20, start, end);
    EMPTY_ZLIB.copy(out, start);
    ctx.reason("limit_total_bytes", `pdf: a compressed stream inflates past the ${ctx.limits.maxTotalBytes} uncompressed bytes left; read as empty`, scope.path);
  }
  return out ?? bytes;
}
