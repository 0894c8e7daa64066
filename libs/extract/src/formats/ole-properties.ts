/**
 * A legacy Office file's (DOC, XLS, PPT: an OLE compound file) summary properties, read from its
 * `\x05SummaryInformation` stream, an OLE property set (MS-OLEPS 2.21): a header, the offset of
 * its one section, and in it (id, offset) pairs pointing at typed values. Read: title (2),
 * subject (3), keywords (5) and comments (6), as strings (VT_LPSTR in the set's code page, 1, or
 * VT_LPWSTR); the author (4) and last author (8) are not, as for OOXML (properties.ts). And the
 * user-defined properties of its `\x05DocumentSummaryInformation` (`userDefinedProperties`). Anything
 * malformed ends the reading with what was read: the properties are a bonus, never a failure.
 */
import CFB from "cfb";
import { readCfb } from "../ole-scan.ts";
import iconv from "iconv-lite";
import type { Properties } from "./properties.ts";

type Named = "title" | "subject" | "keywords" | "description";
const NAMES: Record<number, Named> = { 2: "title", 3: "subject", 5: "keywords", 6: "description" };
const VT_I2 = 0x02;
const VT_LPSTR = 0x1e;
const VT_LPWSTR = 0x1f;
/** A string property longer than this is cut (a broken length must not read the whole stream). */
const MAX_STRING_BYTES = 64 * 1024;

/** The summary properties of an OLE stream's bytes (empty when it is no property set). */
export function summaryProperties(stream: Uint8Array): Properties {
  const b = Buffer.from(stream.buffer, stream.byteOffset, stream.byteLength);
  const out: Partial<Record<Named, string>> = {};
  if (b.length < 48 || b.readUInt16LE(0) !== 0xfffe) return out;
  const section = b.readUInt32LE(44);
  if (section + 8 > b.length) return out;
  const count = Math.min(b.readUInt32LE(section + 4), 1000);
  const at = new Map<number, number>();
  for (let i = 0; i < count && section + 16 + i * 8 <= b.length; i++) at.set(b.readUInt32LE(section + 8 + i * 8), section + b.readUInt32LE(section + 12 + i * 8));
  // The code page of the set's 8-bit strings (property 1), Windows-1252 when it names none.
  const cp = at.get(1);
  const codePage = cp !== undefined && cp + 6 <= b.length && b.readUInt16LE(cp) === VT_I2 ? b.readUInt16LE(cp + 4) : 1252;
  for (const [id, name] of Object.entries(NAMES)) {
    const p = at.get(Number(id));
    if (p === undefined || p + 8 > b.length) continue;
    const type = b.readUInt16LE(p);
    const size = b.readUInt32LE(p + 4);
    // (a string ends at its first NUL: the size counts the terminator, and writers pad)
    const cut = (t: string) => t.replace(/\0[^]*$/, "");
    if (type === VT_LPSTR) out[name] = cut(decode(b.subarray(p + 8, p + 8 + Math.min(size, MAX_STRING_BYTES)), codePage));
    else if (type === VT_LPWSTR) out[name] = cut(b.subarray(p + 8, p + 8 + Math.min(size * 2, MAX_STRING_BYTES)).toString("utf16le"));
  }
  return out;
}

function decode(bytes: Buffer, codePage: number): string {
  if (codePage === 65001) return bytes.toString("utf8");
  if (codePage === 1200) return bytes.toString("utf16le");
  const name = `cp${codePage}`;
  return iconv.encodingExists(name) ? iconv.decode(bytes, name) : bytes.toString("latin1");
}

/** FMTID_UserDefinedProperties as stored ({D5CDD505-2E9C-101B-9397-08002B2CF9AE}): the second section of `\x05DocumentSummaryInformation`. */
const USER_DEFINED = Buffer.from("05d5cdd59c2e1b10939708002b2cf9ae", "hex");
const VT_I4 = 0x03;
const VT_R8 = 0x05;
/** User-defined properties past this many are not read (properties.ts emits at most 200). */
const MAX_USER_DEFINED = 1000;

/**
 * The user-defined properties of an OLE `\x05DocumentSummaryInformation` stream (MS-OLEPS: its
 * second section, FMTID_UserDefinedProperties; File › Properties › Custom in Word 97–2003:
 * "Client" = "Jane Roe"): the dictionary (property 0) names each property id, and strings and
 * numbers are read (dates and flags are not, as for OOXML). Anything malformed ends the reading
 * with what was read.
 */
export function userDefinedProperties(stream: Uint8Array): Record<string, string | number> {
  const b = Buffer.from(stream.buffer, stream.byteOffset, stream.byteLength);
  const out: Record<string, string | number> = {};
  if (b.length < 68 || b.readUInt16LE(0) !== 0xfffe || b.readUInt32LE(24) < 2 || !b.subarray(48, 64).equals(USER_DEFINED)) return out;
  const section = b.readUInt32LE(64);
  if (section + 8 > b.length) return out;
  const count = Math.min(b.readUInt32LE(section + 4), MAX_USER_DEFINED);
  const at = new Map<number, number>();
  for (let i = 0; i < count && section + 16 + i * 8 <= b.length; i++) at.set(b.readUInt32LE(section + 8 + i * 8), section + b.readUInt32LE(section + 12 + i * 8));
  const cp = at.get(1);
  const codePage = cp !== undefined && cp + 6 <= b.length && b.readUInt16LE(cp) === VT_I2 ? b.readUInt16LE(cp + 4) : 1252;
  const cut = (t: string) => t.replace(/\0[^]*$/, "");
  // The dictionary: entries of an id, a length in characters (its NUL counted) and the name; in
  // UTF-16 (code page 1200) each entry is padded to 4 bytes.
  const names = new Map<number, string>();
  const dict = at.get(0);
  if (dict !== undefined && dict + 4 <= b.length) {
    let p = dict + 4;
    for (let n = Math.min(b.readUInt32LE(dict), MAX_USER_DEFINED); n > 0 && p + 8 <= b.length; n--) {
      const id = b.readUInt32LE(p);
      const chars = Math.min(b.readUInt32LE(p + 4), MAX_STRING_BYTES);
      const bytes = codePage === 1200 ? chars * 2 : chars;
      if (p + 8 + bytes > b.length) break;
      names.set(id, cut(decode(b.subarray(p + 8, p + 8 + bytes), codePage)));
      p += 8 + (codePage === 1200 ? (bytes + 3) & ~3 : bytes);
    }
  }
  for (const [id, name] of names) {
    const p = at.get(id);
    if (p === undefined || p + 8 > b.length || id < 2) continue;
    const type = b.readUInt16LE(p);
    const size = b.readUInt32LE(p + 4);
    if (type === VT_LPSTR) out[name] = cut(decode(b.subarray(p + 8, p + 8 + Math.min(size, MAX_STRING_BYTES)), codePage));
    else if (type === VT_LPWSTR) out[name] = cut(b.subarray(p + 8, p + 8 + Math.min(size * 2, MAX_STRING_BYTES)).toString("utf16le"));
    else if (type === VT_I4) out[name] = b.readInt32LE(p + 4);
    else if (type === VT_R8 && p + 12 <= b.length) out[name] = b.readDoubleLE(p + 4);
  }
  return out;
}

/** The summary properties of an OLE compound file, and its user-defined ones, or none when it has no readable stream. */
export function oleSummaryProperties(file: Buffer): Properties {
  try {
    const cfb = readCfb(file);
    const entry = CFB.find(cfb, "\u0005SummaryInformation");
    const user = CFB.find(cfb, "\u0005DocumentSummaryInformation");
    return { ...(entry?.content ? summaryProperties(entry.content as Uint8Array) : {}), custom: user?.content ? userDefinedProperties(user.content as Uint8Array) : {} };
  } catch {
    return {};
  }
}
