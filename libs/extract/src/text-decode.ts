/**
 * Character-encoding detection for text files: BOMs (UTF-8, UTF-16 LE/BE), strict UTF-8, UTF-16 without
 * a BOM (NUL pattern), otherwise chardet's guess among single-byte encodings (Windows-1252 by default).
 */
import chardet from "chardet";
import iconv from "iconv-lite";

export interface Decoded {
  text: string;
  encoding: string;
}

function utf16Guess(b: Uint8Array): "utf-16le" | "utf-16be" | null {
  const n = Math.min(b.length - (b.length % 2), 4096);
  if (n < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (b[i] === 0) evenNul++;
    if (b[i + 1] === 0) oddNul++;
  }
  const pairs = n / 2;
  if (oddNul > pairs * 0.3 && evenNul < pairs * 0.05) return "utf-16le";
  if (evenNul > pairs * 0.3 && oddNul < pairs * 0.05) return "utf-16be";
  return null;
}

export function decodeText(b: Uint8Array): Decoded {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { text: new TextDecoder("utf-8").decode(b.subarray(3)), encoding: "utf-8" };
  if (b[0] === 0xff && b[1] === 0xfe) return { text: new TextDecoder("utf-16le").decode(b.subarray(2)), encoding: "utf-16le" };
  if (b[0] === 0xfe && b[1] === 0xff) return { text: new TextDecoder("utf-16be").decode(b.subarray(2)), encoding: "utf-16be" };
  const u16 = utf16Guess(b);
  if (u16) return { text: new TextDecoder(u16).decode(b), encoding: u16 };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(b), encoding: "utf-8" };
  } catch {
    // not UTF-8: a single-byte or legacy multi-byte encoding
  }
  let enc = "windows-1252";
  try {
    const guess = chardet.detect(b.subarray(0, 65536));
    if (guess && iconv.encodingExists(guess) && !/^utf-?(8|16|32)/i.test(guess)) enc = guess;
  } catch {
    // keep the default
  }
  // ISO-8859-1 is almost always Windows-1252 in practice (the WHATWG rule); 0x80–0x9F are then printable.
  if (/^iso-8859-1$/i.test(enc)) enc = "windows-1252";
  return { text: iconv.decode(Buffer.from(b.buffer, b.byteOffset, b.byteLength), enc), encoding: enc.toLowerCase() };
}

/** The decoded head of the file when it reads as text, else null (binary). */
export function looksLikeText(b: Uint8Array): string | null {
  const head = b.subarray(0, 65536);
  const { text, encoding } = decodeText(head);
  if (!encoding.startsWith("utf-16") && head.includes(0)) return null;
  let bad = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || c === 0xfffd) bad++;
  }
  return bad <= text.length * 0.02 ? text : null;
}
