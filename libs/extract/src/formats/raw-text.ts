/**
 * The text left in a binary document its parser could not open: the runs of readable characters
 * in its raw bytes, as `strings` finds them, in UTF-16LE and in an 8-bit code page. A Word, Excel
 * or PowerPoint file or an Outlook message cut short (a download or a copy that stopped) loses its
 * container's directory, often at the end, and with it every stream; its text, near the start,
 * is still there: Word 97 keeps a document's text in one run of the WordDocument stream (8-bit
 * or UTF-16LE), Excel its strings in the shared string table, Outlook a message's properties in
 * UTF-16LE streams. Read as a last resort, said so (`part: recovered text`), never in place of a
 * parser.
 */
import iconv from "iconv-lite";
import { Stop, type Ctx, type Scope } from "../context.ts";

/**
 * Documents whose text a failed parse may still leave in their bytes (not archives, not compressed
 * formats): binary ones, and e-mail messages, text whose structure mailparser may refuse (MIME
 * parts nested thousands deep overflow its stack).
 */
export const RAW_TEXT_KINDS: ReadonlySet<string> = new Set(["doc", "xls", "ppt", "msg", "cfb", "ole-runs", "publisher", "visio", "wordperfect", "hwp", "onenote", "eml"]);
/** Bytes read at a time. */
const WINDOW = 8 * 1024 * 1024;
/** Runs are joined into segments of about this many characters. */
const SEGMENT_CHARS = 8192;

/** UTF-16LE runs of at least this many characters (a two-byte run of readable text is rarely chance). */
const MIN_WIDE = 6;
/**
 * 8-bit runs of at least this many characters: random bytes give a run of 12 readable ones about
 * 7 times a megabyte, a compressed picture's bytes included.
 */
const MIN_NARROW = 12;
/** Of a run, at least this share letters and blanks (a table of numbers or a run of punctuation is no text). */
const MIN_WORDISH = 0.6;

/** An OLE container's stream names and an Office file's internal labels: the container's, not the document's text. */
const CONTAINER_WORDS = /^(?:Root Entry|WordDocument|SummaryInformation|DocumentSummaryInformation|[01]Table|Data|CompObj|ObjectPool|Workbook|Book|PowerPoint Document|Current User|Pictures|Ole10Native|Microsoft (?:Word|Excel|PowerPoint|Office Word)[\w .-]*|MSWordDoc|Word\.Document\.\d+|Excel\.Sheet\.\d+|Normal\.dot[mx]?|__(?:substg|properties|nameid|recip|attach)[\w.#-]*|NativeContent_MAIN|PerfectOffice_\w+|Props\d*|TBknd\w+|CV_iew|(?:Fixed|Var)2?(?:Data|Meta))$/;

/** A readable character of a document's text (printable ASCII, Latin-1's letters and signs, tab and line ends). */
function readable(c: number): boolean {
  return (c >= 0x20 && c < 0x7f) || c === 0x09 || c === 0x0a || c === 0x0d || (c >= 0xa0 && c <= 0xff);
}

/** Wide characters beyond Latin-1 that documents write: Latin Extended, Greek, Cyrillic, typographic punctuation. */
function readableWide(c: number): boolean {
  return readable(c) || (c >= 0x100 && c <= 0x24f) || (c >= 0x370 && c <= 0x4ff) || (c >= 0x2010 && c <= 0x2027);
}

/**
 * Whether a run reads as text, not as chance: a container's free-sector marks ("ÿÿÿÿ"), a table
 * of small numbers ("ȘāȀāȀā") and a compressed picture's bytes also decode as characters, and a
 * third of random bytes are readable in an 8-bit code page. No one character is most of a short text.
 * An 8-bit run has words (three of two letters or more), blanks between them, vowels in them
 * and, in the languages read, mostly ASCII letters; a UTF-16 run, mostly letters and blanks, a
 * word of three Latin, Greek or Cyrillic letters in it. An e-mail or a web address counts alone.
 */
function textLike(run: string, wide: boolean): boolean {
  const counts = new Map<string, number>();
  for (const ch of run) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  // (a long run may well hold a line of dots or dashes)
  if (run.length < 64 && [...counts.values()].reduce((m, n) => Math.max(m, n), 0) > run.length * 0.4) return false;
  if (ADDRESS.test(run)) return true;
  // (two readable bytes in a row are seldom chance: a name alone, "Jukka Zitting", is text there)
  if (wide) return /[A-Za-z]{3}|[\u0370-\u04ff]{3}/.test(run) && (run.match(/[\p{L}\s]/gu) ?? []).length >= run.length * MIN_WORDISH;
  const words = run.match(/\p{L}{2,}/gu) ?? [];
  if (words.length < 3) return false;
  const letters = words.join("");
  const blanks = run.length - run.replace(/\s/g, "").length;
  const vowels = letters.length - letters.replace(/[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýAEIOUYÀÁÂÃÄÅÆÈÉÊËÌÍÎÏÒÓÔÕÖØÙÚÛÜÝаеёиоуыэюяαεηιουω]/g, "").length;
  const ascii = letters.length - letters.replace(/[A-Za-z]/g, "").length;
  return letters.length >= run.length * MIN_WORDISH && blanks >= run.length * 0.06 && vowels >= letters.length * 0.2 && ascii >= letters.length * 0.7;
}
/** An e-mail or a web address: worth a run of its own, with no blank in it. (A mailbox is tried from
 * the first letter of its word only: from every letter of a long word with no "@", quadratic.) */
const ADDRESS = /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?:\/\/[\w.-]+/;

/** The text runs of `b`, in the order they stand, each trimmed; an 8-bit run inside a wide one is not repeated. */
export function textRuns(b: Uint8Array): string[] {
  const found: Array<[at: number, end: number, text: string, wide: boolean]> = [];
  // UTF-16LE, at both alignments
  for (let align = 0; align < 2; align++) {
    let start = -1;
    for (let i = align; i + 1 <= b.length; i += 2) {
      const c = i + 1 < b.length ? b[i]! | (b[i + 1]! << 8) : -1;
      if (c >= 0 && readableWide(c)) {
        if (start < 0) start = i;
        continue;
      }
      if (start >= 0 && (i - start) / 2 >= MIN_WIDE) found.push([start, i, Buffer.from(b.buffer, b.byteOffset + start, i - start).toString("utf16le"), true]);
      start = -1;
    }
  }
  // 8-bit (Windows-1252, which Word 97 writes a document's text in when it fits)
  let start = -1;
  for (let i = 0; i <= b.length; i++) {
    if (i < b.length && readable(b[i]!)) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0 && i - start >= MIN_NARROW) found.push([start, i, iconv.decode(Buffer.from(b.buffer, b.byteOffset + start, i - start), "win1252"), false]);
    start = -1;
  }
  found.sort((x, y) => x[0] - y[0]);
  const out: string[] = [];
  let covered = -1;
  for (const [, end, raw, wide] of found) {
    if (end <= covered) continue;
    const text = raw.replace(/\r\n?/g, "\n").trim();
    if (text.length === 0 || CONTAINER_WORDS.test(text) || !textLike(text, wide)) continue;
    out.push(text);
    covered = Math.max(covered, end);
  }
  return out;
}

/**
 * Emits the text runs of a document its parser failed on as `part: recovered text` segments;
 * returns what the failure's reason should add ("" when nothing was found).
 */
export function recoverText(bytes: Uint8Array, scope: Scope, ctx: Ctx): string {
  let chars = 0;
  let piece: string[] = [];
  let length = 0;
  const flush = () => {
    if (piece.length) ctx.emit(scope, piece.join("\n"), { part: "recovered text" });
    piece = [];
    length = 0;
  };
  // (window by window, the time budget checked between them: a damaged file may be large; a run
  // across a window's edge is read as two)
  for (let from = 0; from < bytes.byteLength; from += WINDOW) {
    ctx.checkTime();
    for (const run of textRuns(bytes.subarray(from, from + WINDOW))) {
      if (length + run.length > SEGMENT_CHARS) flush();
      piece.push(run);
      length += run.length + 1;
      chars += run.length;
    }
    flush();
  }
  return chars === 0 ? "" : `; ${chars} characters of text recovered from its raw bytes (part: recovered text)`;
}

/**
 * Says a parser's refusal as a reason of `code`, after reading the text runs of `bytes`
 * (recoverText) and counting them in it. A limit hit while reading them (characters, time) still
 * leaves the reason said, and ends the file; any other error ends the reading only.
 */
export function recoverWithReason(ctx: Ctx, bytes: Uint8Array, scope: Scope, code: string, message: string): void {
  try {
    ctx.reason(code, `${message}${recoverText(bytes, scope, ctx)}`, scope.path);
  } catch (e) {
    ctx.reason(code, `${message}; text recovered from its raw bytes until a limit stopped it (part: recovered text)`, scope.path);
    if (e instanceof Stop) throw e;
  }
}
