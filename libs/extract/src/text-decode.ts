/**
 * Character-encoding detection for text files: BOMs (UTF-8, UTF-16 LE/BE), strict UTF-8, UTF-16 without
 * a BOM (NUL pattern), ISO-2022-JP (TextDecoder: iconv-lite lacks it), otherwise chardet's guess
 * (Windows-1252 by default) decoded by iconv-lite. When chardet is unsure of a CJK encoding or
 * its guess leaves the text unreadable, the legacy CJK encodings are tried strictly (`CJK`).
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
    const text = new TextDecoder("utf-8", { fatal: true }).decode(b);
    // ISO-2022-JP (Japanese mail and old text files) is 7-bit, so valid UTF-8, with escapes ("ESC $ B") between the scripts
    if (text.includes("\x1b$")) {
      const jp = new TextDecoder("iso-2022-jp").decode(b);
      if (!unreadable(jp)) return { text: jp, encoding: "iso-2022-jp" };
    }
    return { text, encoding: "utf-8" };
  } catch {
    // not UTF-8: a single-byte or legacy multi-byte encoding
  }
  let enc = "windows-1252";
  let sure = false;
  try {
    const [best] = chardet.analyse(b.subarray(0, 65536));
    const guess = best?.name.toLowerCase();
    if (guess && iconv.encodingExists(guess) && !/^utf-?(8|16|32)/.test(guess)) {
      enc = guess;
      sure = best!.confidence >= 90;
    }
  } catch {
    // keep the default
  }
  // ISO-8859-1 is almost always Windows-1252 in practice (the WHATWG rule); 0x80–0x9F are then printable.
  if (enc === "iso-8859-1") enc = "windows-1252";
  const guessed = { text: iconv.decode(Buffer.from(b.buffer, b.byteOffset, b.byteLength), enc), encoding: enc };
  if (sure) return guessed;
  // An unsure multi-byte guess (Windows-949 text guessed Big5 at 59 %) or an unreadable result
  // (U+FFFD or C1 controls for bytes the encoding lacks): the CJK encodings are tried strictly.
  if (!CJK.includes(enc) && !unreadable(guessed.text)) return guessed;
  return strictCjk(b, enc) ?? guessed;
}

/**
 * The legacy CJK encodings (iconv-lite's tables are the supersets Windows writes: EUC-KR is
 * Windows-949, Big5 has HKSCS, Shift_JIS is Windows-31J), tried in this order (chardet's own
 * guess first) when chardet is unsure or wrong; the first in which the head decodes with no
 * invalid or unassigned sequence wins. On short texts chardet guessed Big5 or ISO-8859-6 for Windows-949 ("똠방각하 펲시콜라")
 * and Windows-1252 for Big5-HKSCS. GB18030 is not tried: nearly every byte sequence is valid in
 * it, so it would "read" anything.
 */
const CJK = ["euc-kr", "big5", "shift_jis", "euc-jp", "gbk"];

/** The first of the CJK encodings (chardet's guess first, when it is one) in which the head decodes strictly into readable text. */
function strictCjk(b: Uint8Array, guess: string): Decoded | null {
  const all = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  const head = all.subarray(0, 65536);
  for (const enc of CJK.includes(guess) ? [guess, ...CJK.filter((e) => e !== guess)] : CJK) {
    const text = iconv.decode(head, enc);
    // (the cut may split the head's last character)
    const bad = text.indexOf("\ufffd");
    if ((bad < 0 || (bad === text.length - 1 && head.length < all.length)) && !unreadable(text)) return { text: head.length < all.length ? iconv.decode(all, enc) : text, encoding: enc };
  }
  return null;
}

/**
 * More than 2 % control characters (C0 but tab, line and page breaks; C1, which a byte the
 * encoding lacks decodes to) or U+FFFD: not text in this encoding. A run of NULs of NUL_HOLE or
 * more counts once: a hole, as a log truncated under its writer starts with (logrotate's
 * copytruncate) or a crash leaves, or a preallocated file's zero padding; shorter NULs count each
 * (GNU info's index markers "\0\b[index\0\b]" are a few in a manual).
 */
function unreadable(text: string): boolean {
  let bad = 0;
  let chars = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) {
      let j = i;
      while (j < text.length && text.charCodeAt(j) === 0) j++;
      if (j - i >= NUL_HOLE) {
        bad++;
        chars -= j - i - 1;
      } else bad += j - i;
      i = j - 1;
    } else if ((c < 0x20 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || (c >= 0x80 && c < 0xa0) || c === 0xfffd) bad++;
  }
  return bad > chars * 0.02 || chars < text.length * 0.02;
}
const NUL_HOLE = 64;

/**
 * The decoded head of the file when it reads as text, else null (binary). NULs count as control
 * characters, their holes once (`unreadable`): a log that starts with one was `unsupported`.
 */
export function looksLikeText(b: Uint8Array): string | null {
  const head = b.subarray(0, 65536);
  const { text } = decodeText(head);
  return unreadable(text) ? null : text;
}
