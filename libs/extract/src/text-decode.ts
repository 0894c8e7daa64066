/**
 * Character-encoding detection for text files: BOMs (UTF-8, UTF-16 LE/BE), strict UTF-8, UTF-16 without
 * a BOM (NUL pattern), ISO-2022-JP (TextDecoder: iconv-lite lacks it), otherwise chardet's guess
 * (Windows-1252 by default) decoded by iconv-lite. When chardet is unsure of a CJK encoding or
 * its guess leaves the text unreadable, the legacy CJK encodings are tried strictly (`CJK`); when
 * it is unsure, the DOS code pages too, taken where the text reads clearly better in one (`DOS`).
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
    // not UTF-8: a single-byte or legacy multi-byte encoding, or UTF-8 with some of another
  }
  const mixed = mixedUtf8(b);
  if (mixed) return mixed;
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
  const best = !CJK.includes(enc) && !unreadable(guessed.text) ? guessed : (strictCjk(b, enc) ?? guessed);
  return dosCodePage(b, best) ?? best;
}

/** Windows-1252's characters for the bytes 0x80–0xFF. */
const CP1252_HIGH = iconv.decode(Buffer.from(Array.from({ length: 128 }, (_, i) => 0x80 + i)), "windows-1252");

/**
 * UTF-8 with bytes of another encoding among its sequences, those bytes read as Windows-1252:
 * a CSV or a log that two programs wrote to, one in UTF-8 and one in Latin-1 ("Müller" in one,
 * "Dupont, François" in the other), or a head cut inside a character. Read as Windows-1252
 * throughout, its UTF-8 names were mojibake ("MÃ¼ller") and no detector knew them. Taken when its
 * valid multi-byte sequences are at least two and a quarter of the bytes that are no UTF-8: text
 * in Windows-1252 or a legacy CJK encoding makes a valid sequence only now and then.
 */
function mixedUtf8(b: Uint8Array): Decoded | null {
  let sequences = 0;
  const bad: number[] = [];
  for (let i = 0; i < b.length; ) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    const len = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    let ok = len > 0 && i + len <= b.length;
    for (let k = 1; ok && k < len; k++) ok = (b[i + k]! & 0xc0) === 0x80;
    // (overlong forms, surrogates, beyond U+10FFFF)
    const second = b[i + 1] ?? 0;
    if (ok && ((c === 0xe0 && second < 0xa0) || (c === 0xed && second >= 0xa0) || (c === 0xf0 && second < 0x90) || (c === 0xf4 && second >= 0x90))) ok = false;
    if (ok) {
      sequences++;
      i += len;
    } else {
      bad.push(i);
      if (bad.length > 4 * sequences + 1024) return null;
      i++;
    }
  }
  if (sequences < 2 || sequences * 4 < bad.length) return null;
  // (the bytes that are no UTF-8 as Latin-1 writes its letters: one or two between ASCII, "Fran\xe7ois";
  // a legacy CJK encoding's bytes come in runs of pairs)
  let latin = 0;
  for (let k = 0; k < bad.length; ) {
    let end = k + 1;
    while (end < bad.length && bad[end] === bad[end - 1]! + 1) end++;
    const first = bad[k]!;
    const last = bad[end - 1]!;
    if (end - k <= 2 && (first === 0 || b[first - 1]! < 0x80) && (last === b.length - 1 || b[last + 1]! < 0x80)) latin += end - k;
    k = end;
  }
  if (latin < bad.length * 0.9) return null;
  const utf8 = new TextDecoder("utf-8");
  const parts: string[] = [];
  let from = 0;
  for (const at of bad) {
    parts.push(utf8.decode(b.subarray(from, at)), CP1252_HIGH[b[at]! - 0x80]!);
    from = at + 1;
  }
  parts.push(utf8.decode(b.subarray(from)));
  return { text: parts.join(""), encoding: "utf-8, windows-1252 where it is not" };
}

/**
 * Code pages chardet does not know or often misses: the DOS ones, Western European (850; its
 * letters are 437's and more), Cyrillic (866), Central European (852) and Greek (737), the Cyrillic ones of Windows (1251) and Unix
 * (KOI8-U, KOI8-R's letters and Ukrainian's), and the classic Mac OS's Roman. A list typed under DOS or exported by a program of its time reads in them; read
 * as chardet guessed, its names were mojibake ("J乺gen M乴ler" for "Jürgen Müller" by way of GBK,
 * "Fran‡ois" for "François" as Windows-1252, "Àðåíäà" for "Аренда" as Windows-1252) or the
 * file was binary (Russian in 866: C1 controls in Windows-1253).
 */
const DOS = ["cp850", "cp866", "windows-1251", "koi8-u", "macintosh", "cp852", "cp737"];

/**
 * One of those code pages when the text reads as words in it clearly better than in the
 * encoding chosen (`wordLike`, on the head), else null. Text in its right encoding scores near 1
 * whatever the language (Windows-1252's French, Windows-1251's and KOI8-R's Russian, Shift_JIS,
 * Big5): its letters are words of one script, in a word's case.
 */
function dosCodePage(b: Uint8Array, chosen: Decoded): Decoded | null {
  const head = Buffer.from(b.buffer, b.byteOffset, Math.min(b.byteLength, 65536));
  const base = wordLike(chosen.text.slice(0, 65536));
  let pick: { enc: string; score: number } | null = null;
  for (const enc of DOS) {
    const score = wordLike(iconv.decode(head, enc));
    if (score >= DOS_MIN && score >= base + DOS_MARGIN && score > (pick?.score ?? 0)) pick = { enc, score };
  }
  if (pick === null) return null;
  return { text: iconv.decode(Buffer.from(b.buffer, b.byteOffset, b.byteLength), pick.enc), encoding: pick.enc };
}
/** How well a DOS code page must read (text in its right one reads near 1), and how much better than the chosen encoding, to replace it. */
const DOS_MIN = 0.9;
const DOS_MARGIN = 0.25;

/**
 * The share of the text's non-ASCII characters that sit in words as the right encoding puts them
 * (1 when there are none): a letter in a word of one script (ASCII letters are Latin; Han, kana
 * and Hangul one script), a Latin one beside ASCII letters. Against it count a letter in a word
 * of mixed scripts ("J乺gen") or with a capital after a small letter ("ётрЁЄшЁ"), a symbol inside
 * a word ("Fran‡ois"), C1 controls and U+FFFD. A
 * symbol alone (a dash, a box-drawing line) or at a word's edge (a quote) or a Latin letter alone ("à", or "á" for a
 * no-break space in the wrong code page) counts for neither.
 */
function wordLike(text: string): number {
  let good = 0;
  let bad = 0;
  const n = text.length;
  const word: number[] = [];
  for (let i = 0; i <= n; ) {
    const c = i < n ? text.codePointAt(i)! : 32;
    // a word: ASCII letters and anything beyond ASCII; ASCII's punctuation, digits, blanks end it
    if ((c >= 0x80 && !SPACE.test(String.fromCodePoint(c))) || ((c | 32) >= 97 && (c | 32) <= 122)) {
      word.push(c);
      i += c > 0xffff ? 2 : 1;
      continue;
    }
    i++;
    if (word.length === 0) continue;
    let scripts = 0;
    let ascii = false;
    let wide = false;
    for (const w of word) {
      if (w < 0x80) {
        ascii = true;
        scripts |= LATIN;
      } else {
        wide = true;
        const s = scriptOf(w);
        if (s > 0) scripts |= s;
      }
    }
    if (wide) {
      // (a capital after a small letter: a word's case as a wrong code page scrambles it, "ётрЁЄшЁ" for "квартир")
      let small = false;
      let scrambled = false;
      for (const w of word) {
        const k = caseOf(w);
        if (k === SMALL) small = true;
        else if (k === CAPITAL && small) scrambled = true;
      }
      const oneScript = (scripts & (scripts - 1)) === 0 && !scrambled;
      for (let k = 0; k < word.length; k++) {
        const w = word[k]!;
        if (w < 0x80) continue;
        const s = scriptOf(w);
        if (s === BROKEN) bad++;
        else if (s === SYMBOL) {
          // (beside a letter inside a word; not at a word's edge, a quote or a bracket, "“Hello”", nor in a box-drawing line)
          if (k > 0 && k < word.length - 1 && (isLetter(word[k - 1]!) || isLetter(word[k + 1]!)) && !IN_WORD_OK.has(w)) bad++;
        } else if (s === ANY) continue;
        else if (s === LATIN && word.length === 1) continue;
        else if (oneScript && (s !== LATIN || ascii)) good++;
        else bad++;
      }
    }
    word.length = 0;
  }
  return good + bad === 0 ? 1 : good / (good + bad);
}
/** Symbols at home inside a word: the typographic apostrophe, Catalan's middle dot, the soft hyphen. */
const IN_WORD_OK = new Set([0x2019, 0xb7, 0xad]);
const BROKEN = -2;
const SYMBOL = -3;
/** A combining mark, a letter of no one script (the kana's prolonged sound mark), a half-width katakana: evidence of nothing. */
const ANY = 0;
const LATIN = 1;
const CJK_SCRIPT = 2;
const OTHER_SCRIPTS: Array<[RegExp, number]> = [
  [/\p{Script=Latin}/u, LATIN],
  [/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u, CJK_SCRIPT],
  [/\p{Script=Cyrillic}/u, 4],
  [/\p{Script=Greek}/u, 8],
  [/\p{Script=Hebrew}/u, 16],
  [/\p{Script=Arabic}/u, 32],
  [/\p{Script=Thai}/u, 64],
];
/** A letter's case: CAPITAL, SMALL or neither (memoised). */
function caseOf(c: number): number {
  if (c < 0x80) return c >= 65 && c <= 90 ? CAPITAL : c >= 97 && c <= 122 ? SMALL : 0;
  let k = CASES.get(c);
  if (k === undefined) {
    const ch = String.fromCodePoint(c);
    CASES.set(c, (k = /\p{Lu}/u.test(ch) ? CAPITAL : /\p{Ll}/u.test(ch) ? SMALL : 0));
  }
  return k;
}
const CASES = new Map<number, number>();
const CAPITAL = 1;
const SMALL = 2;

/** A letter of a word (its ASCII characters are letters). */
const isLetter = (c: number) => c < 0x80 || scriptOf(c) >= 0;

/** The script of a character beyond ASCII (memoised: a text repeats its few letters). */
function scriptOf(c: number): number {
  let s = SCRIPTS.get(c);
  if (s === undefined) SCRIPTS.set(c, (s = classify(c)));
  return s;
}
const SCRIPTS = new Map<number, number>();
function classify(c: number): number {
  if (c === 0xfffd || (c >= 0x80 && c < 0xa0)) return BROKEN;
  // half-width katakana: single bytes in Shift_JIS, as a DOS page's box-drawing lines read in it ("ﾄﾄﾄ" for "───")
  if (c >= 0xff61 && c <= 0xff9f) return ANY;
  const ch = String.fromCodePoint(c);
  if (!LETTER.test(ch)) return SYMBOL;
  for (const [rx, s] of OTHER_SCRIPTS) if (rx.test(ch)) return s;
  return /\p{M}|\p{Script=Common}|\p{Script=Inherited}/u.test(ch) ? ANY : 128;
}
const LETTER = /[\p{L}\p{M}]/u;
/** Blanks beyond ASCII (a no-break space, an ideographic space) end a word as ASCII's do. */
const SPACE = /\s/u;

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
 * (GNU info's index markers "\0\b[index\0\b]" are a few in a manual). But one NUL after a
 * readable character, when such NULs part records of five characters or more on average, parts
 * records: a process's environment (`/proc/PID/environ`, "HOME=/root\0AWS_SECRET_ACCESS_KEY=…\0"
 * in a crash report or a container's debug bundle), `find -print0`'s list. Such a file was
 * `unsupported`, its secrets unread. (UTF-16 read as bytes has a NUL every other character.)
 */
function unreadable(text: string): boolean {
  let bad = 0;
  let separators = 0;
  let chars = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) {
      let j = i;
      while (j < text.length && text.charCodeAt(j) === 0) j++;
      if (j - i >= NUL_HOLE) {
        bad++;
        chars -= j - i - 1;
      } else if (j - i === 1 && i > 0 && readable(text.charCodeAt(i - 1))) separators++;
      else bad += j - i;
      i = j - 1;
    } else if (!readable(c)) bad++;
  }
  if (separators * 5 > chars) bad += separators;
  return bad > chars * 0.02 || chars < text.length * 0.02;
}
/** Not a control character (but tab, line and page breaks), a C1 character or U+FFFD. */
function readable(c: number): boolean {
  return !((c < 0x20 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || (c >= 0x80 && c < 0xa0) || c === 0xfffd);
}
const NUL_HOLE = 64;

/**
 * The decoded head of the file when it reads as text, else null (binary). NULs count as control
 * characters, their holes once (`unreadable`): a log that starts with one was `unsupported`.
 */
export function looksLikeText(b: Uint8Array): string | null {
  const { text } = decodeText(headPastHoles(b));
  return unreadable(text) ? null : text;
}

const HOLE = Buffer.alloc(NUL_HOLE);
const ZEROS = Buffer.alloc(65536);

/**
 * The file's first 64 KiB, each hole (a run of NUL_HOLE NULs or more) cut to NUL_HOLE bytes (or one more),
 * which `unreadable` counts once. A log truncated under its writer starts with a hole as long as
 * the log was (megabytes), and a sparse file's (a tar's GNU sparse member, made whole) spans its
 * holes: their head was all NULs, binary, and their text unread.
 */
export function headPastHoles(b: Uint8Array, size = 65536): Uint8Array {
  const head = b.subarray(0, size);
  if (Buffer.from(head.buffer, head.byteOffset, head.byteLength).indexOf(HOLE) < 0) return head;
  const all = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  const out = Buffer.alloc(size);
  let n = 0;
  let i = 0;
  while (i < all.length && n < size) {
    const hole = all.indexOf(HOLE, i);
    const until = hole < 0 ? all.length : hole;
    n += all.copy(out, n, i, Math.min(until, i + (size - n)));
    if (hole < 0 || n >= size) break;
    let end = hole + NUL_HOLE;
    // (a hole of megabytes skipped 64 KiB at a time, compared natively)
    while (end + ZEROS.length <= all.length && all.compare(ZEROS, 0, ZEROS.length, end, end + ZEROS.length) === 0) end += ZEROS.length;
    while (end < all.length && all[end] === 0) end++;
    // (of the hole's parity: UTF-16 text after it stays aligned)
    n += ZEROS.copy(out, n, 0, Math.min(NUL_HOLE + ((end - hole) & 1), size - n));
    i = end;
  }
  return out.subarray(0, n);
}
