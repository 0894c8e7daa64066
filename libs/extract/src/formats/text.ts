/** Plain text family: text, logs, Markdown, JSON, NDJSON, XML, HTML, CSV/TSV. */
import { parse as parseCsv } from "csv-parse/sync";
import { headerRowOf } from "./header-row.ts";
import { decodeHTML, decodeXML } from "entities";
import { boundedParser } from "./markup.ts";
import type { Ctx, Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { decodeText } from "../text-decode.ts";

const CHUNK = 8192;

/**
 * Emits text in chunks of about CHUNK characters. A chunk ends at a line end in its second
 * half; a text with no line end there (minified JSON or JavaScript, a long paragraph, an HTML
 * page on one line) ends at the best break `cutBefore` finds, so a value is never cut in two
 * (an e-mail address, a card number, the end of a float read as a 12-digit identifier).
 */
export function emitChunks(ctx: Ctx, scope: Scope, text: string, loc = {}, source = "text"): void {
  for (const [start, end] of chunkSpans(text)) {
    ctx.checkTime();
    ctx.emit(scope, text.slice(start, end), loc, source);
  }
}

/** Where `emitChunks` cuts a text: [start, end) of each chunk, in order (also bench/detect's corpus). */
export function* chunkSpans(text: string): Generator<[number, number]> {
  let i = 0;
  while (i < text.length) {
    const end = text.length - i <= CHUNK ? text.length : cutBefore(text, i + CHUNK / 2, i + CHUNK);
    yield [i, end];
    i = end;
  }
}

/**
 * Where to end a chunk in (lo, hi]: after the last line end; else after the last sentence
 * or record end (". " "; " "}," "]," and the like); else after the last blank that is not
 * between two digits ("4111 1111 …"); else after the last character that cannot be inside a
 * value (no letter, digit or one of `.@+-_%'`); else at hi, never between the halves of a
 * surrogate pair. Each rule searches the whole range before the next one is tried.
 */
export function cutBefore(text: string, lo: number, hi: number): number {
  const nl = text.lastIndexOf("\n", hi - 1);
  if (nl >= lo) return nl + 1;
  let blank = -1;
  let other = -1;
  for (let k = hi - 1; k >= lo; k--) {
    const c = text.charCodeAt(k);
    const next = text.charCodeAt(k + 1);
    if ((c === 46 || c === 59 || c === 33 || c === 63) && isBlank(next)) return k + 2; // ". " "; " "! " "? "
    if ((c === 125 || c === 93) && (next === 44 || next === 59)) return k + 2; // "}," "]," "};"
    if (blank < 0 && isBlank(c) && !(isDigit(text.charCodeAt(k - 1)) && isDigit(next))) blank = k + 1;
    if (other < 0 && !inValue(c)) other = k + 1;
  }
  if (blank >= 0) return blank;
  if (other >= 0) return other;
  const c = text.charCodeAt(hi - 1);
  return c >= 0xd800 && c <= 0xdbff ? hi - 1 : hi; // a high surrogate stays with its low one
}

const isBlank = (c: number) => c === 32 || c === 9 || c === 13 || c === 0xa0;
const isDigit = (c: number) => c >= 48 && c <= 57;
/** Whether a character may be part of a value: a letter, digit, or one of the joiners of e-mails, numbers and names. */
function inValue(c: number): boolean {
  const l = c | 32;
  return (l >= 97 && l <= 122) || isDigit(c) || c === 46 || c === 64 || c === 43 || c === 45 || c === 95 || c === 37 || c === 39 || c >= 128;
}

/** The text with each run of NULs as one line break. */
export const withoutNuls = (text: string) => (text.includes("\0") ? text.replace(/\0+/g, "\n") : text);

/** Text nodes (and useful attribute values) of HTML or XML, script and style dropped. */
/**
 * XML attributes that declare namespaces or point at schemas, and ODF's (a flat .fodt, .fods,
 * .fodp) and SVG's layout attributes (fonts, styles, geometry: "Arial Unicode MS" was a person),
 * never data.
 */
const XML_PLUMBING = /^(?:xmlns(?::.*)?|xsi:(?:schemaLocation|noNamespaceSchemaLocation)|xml:space|xml:lang|(?:style|fo|svg|loext|number|presentation|smil|anim|dr3d|chart):.*|[\w-]+:(?:style-name|class-names?|font-name|font-family|master-page-name|data-style-name|text-style-name))$/;

/**
 * A value that is encoded bytes, not text: a data URI ("data:image/png;base64,…", an SVG's or an
 * HTML page's inline picture) or a long run of base64 alone (an XML file's embedded picture or
 * attachment). Read as words it is noise, and its runs of digits read as numbers.
 */
export function encodedBytes(v: string): boolean {
  if (v.length < 200) return false;
  if (/^\s*data:[\w.+-]+\/[\w.+-]+(?:;[\w=.-]+)*;base64,/i.test(v)) return true;
  // (base64 alone: lines of 40 characters or more, as encoders write them, not words; a key's DER
  // body, "MII…", is kept for the detectors)
  // (line by line: one expression over the whole value, its blanks both in the alphabet and
  // after the padding, tried every split of a long run of blanks)
  if (/^\s*MII/.test(v)) return false;
  const lines = v.trim().split(/\s+/);
  const last = lines.length - 1;
  return lines.every((l, i) => (i === last ? /^[A-Za-z0-9+/]+={0,2}$/.test(l) || /^={1,2}$/.test(l) : l.length >= 40 && /^[A-Za-z0-9+/]+$/.test(l)));
}

/**
 * Parts of a flat ODF file (.fodt, .fods, .fodp) that are no content: the application's view and
 * print settings ("ViewAreaWidth long 22862"), the styles and the fonts.
 */
const XML_SKIPPED = /^office:(?:settings|styles|automatic-styles|font-face-decls)$/;

/**
 * The text of an XML document's paragraphs, a paragraph a line, empty ones left out: the text of
 * the `text` elements, a `lineBreak` element a line end, each `paragraph` element ending one
 * (DrawingML's `a:t`, `a:br`, `a:p`; IDML's `Content`, `Br`, `ParagraphStyleRange`).
 */
export function elementParagraphs(xml: string, names: { text: string; lineBreak: string; paragraph: string }): string {
  const lines: string[] = [];
  let line = "";
  let inText = 0;
  const parser = boundedParser(
    {
      onopentag(name) {
        if (name === names.text) inText++;
        else if (name === names.lineBreak) line += "\n";
      },
      ontext(t) {
        if (inText) line += t;
      },
      onclosetag(name) {
        if (name === names.text) inText = Math.max(0, inText - 1);
        else if (name === names.paragraph) {
          if (line.trim() !== "") lines.push(line.trim());
          line = "";
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  if (line.trim() !== "") lines.push(line.trim());
  return lines.join("\n");
}

/**
 * An HTML element whose attributes are the page's plumbing, not data: a `<link>` to a style sheet
 * or an icon, a `<meta>` that sets the content type, the viewport or the generator ("application/
 * xhtml+xml; charset=utf-8" and "style.css" opened every chapter of an e-book). A `<meta
 * name="author">` and a link's `href="mailto:…"` stay.
 */
function htmlPlumbing(name: string, attrs: Record<string, string>): boolean {
  if (name === "link") return true;
  if (name !== "meta") return false;
  return "http-equiv" in attrs || "charset" in attrs || /^(?:viewport|generator|robots|referrer|theme-color|format-detection|color-scheme|googlebot|msapplication-.*)$/i.test(attrs.name ?? "");
}

/**
 * XML elements of a document's running text or of a format's plumbing, whose names label no
 * value: paragraphs, runs and spans, titles, a resource file's strings, a translation's segments,
 * a property list's keys and values, a table's cells.
 */
const TEXT_ELEMENTS = /^(?:p|para|simpara|span|tspan|t|r|run|text|h|h\d|title|subtitle|string|item|entry|value|li|listitem|emphasis|em|b|i|u|s|sub|sup|strong|a|link|ulink|xref|source|target|seg|tuv|ph|bpt|ept|g|x|mrk|note|comment|desc|description|summary|abstract|label|data|cell|td|th|div|line|content|body|caption|term|def|dd|dt|code|pre|literal|quote|blockquote|key|integer|real|date|true|false|array|dict|section|chapter|sect\d|row|col|field|trans-unit)$/i;
/** A field's name: a letter, then letters, digits, ".", "-" or "_" (a namespace's prefix aside). */
const FIELD_NAME = /^[A-Za-z][\w.-]{1,39}$/;

/**
 * An XML leaf element of a data file, written as its field's line "parent name: value": a record's
 * value keeps its key, as JSON's and YAML's do in their text, so the detectors read
 * `<dateOfBirth>1984-03-07</dateOfBirth>` and `<passwd>…</passwd>` under their labels (a
 * document's paragraphs and runs, `TEXT_ELEMENTS`, and values over 80 characters stay as text).
 */
function asField(out: string[], at: number, name: string, parent: OpenElement | undefined): void {
  const local = localName(name);
  const value = out.slice(at).join("").replace(/\s+/g, " ").trim();
  if (parent !== undefined && localName(parent.name) === "dict" && plistPair(out, at, local, value, parent)) return;
  // (a name/value pair's value under the pair's name: Hadoop's `<name>fs.s3a.secret.key</name>
  // <value>…</value>`, "fs.s3a.secret.key: …")
  if (/^value$/i.test(local) && parent?.pairName !== undefined && value !== "" && value.length <= 80) {
    out.length = at;
    out.push(`\n${parent.pairName}: ${value}\n`);
    return;
  }
  if (!FIELD_NAME.test(local) || TEXT_ELEMENTS.test(local)) return;
  if (value === "" || value.length > 80) return;
  out.length = at;
  if (parent !== undefined && /^(?:name|key)$/i.test(local) && PAIR_NAME.test(value)) parent.pairName = value;
  // (its parent's name first, when that is a field's too: a project's name is no developer's,
  // "project name: Apache Maven" and "developer name: Jason van Zyl" in a Maven POM)
  const of = parent === undefined ? "" : localName(parent.name);
  out.push(`\n${FIELD_NAME.test(of) && !TEXT_ELEMENTS.test(of) ? `${of} ` : ""}${local}: ${value}\n`);
}
/**
 * A property list's dictionary entry, its `<key>` and the value element after it, as one line
 * "key: value" (a configuration profile's `<key>Password</key><string>…</string>`, "Password: …");
 * true when the element was the key or its value.
 */
function plistPair(out: string[], at: number, local: string, value: string, dict: OpenElement): boolean {
  if (local === "key") {
    [dict.pairName, dict.pairAt] = value !== "" && value.length <= 64 ? [value, at] : [undefined, undefined];
    return true;
  }
  if (dict.pairName === undefined || dict.pairAt === undefined || !PLIST_VALUES.test(local)) return false;
  const shown = value !== "" ? value : local === "true" || local === "false" ? local : "";
  if (shown !== "" && shown.length <= 80) {
    out.length = dict.pairAt;
    out.push(`\n${dict.pairName}: ${shown}\n`);
  }
  [dict.pairName, dict.pairAt] = [undefined, undefined];
  return true;
}
const PLIST_VALUES = /^(?:string|integer|real|date|data|true|false)$/;

/** A name/value pair's name: a setting's or a variable's, one word ("fs.s3a.secret.key", "DB_PASSWORD"). */
const PAIR_NAME = /^[A-Za-z_][\w.:-]{0,63}$/;
/**
 * An open XML element: where its text starts in the output (-1 when skipped), whether it has no
 * child element yet, and the name of the pair it holds (a property list's key: where its text starts).
 */
interface OpenElement {
  name: string;
  at: number;
  leaf: boolean;
  pairName?: string | undefined;
  pairAt?: number | undefined;
}
const localName = (name: string) => name.slice(name.lastIndexOf(":") + 1);

/** Markup's text without its structure: tags become blanks, entities are decoded. Linear in its length. */
function flatText(src: string, xml: boolean): string {
  const text = src.replace(/<[^<>]*>/g, " ");
  return xml ? decodeXML(text) : decodeHTML(text);
}

export function markupText(src: string, xml: boolean): string {
  const out: string[] = [];
  let skip = 0;
  // XML's open elements: where each one's text starts in `out` (-1 when skipped), and whether it has no child element yet
  const open: OpenElement[] = [];
  const parser = boundedParser(
    {
      onopentag(name, attrs) {
        const n = name.toLowerCase();
        if (xml ? XML_SKIPPED.test(name) : n === "script" || n === "style" || n === "noscript") skip++;
        if (!xml && (n === "br" || n === "p" || n === "div" || n === "tr" || n === "li" || /^h\d$/.test(n))) out.push("\n");
        if (xml) {
          if (open.length) open[open.length - 1]!.leaf = false;
          open.push({ name, at: -1, leaf: true });
        }
        if (skip > 0) return;
        if (!xml && htmlPlumbing(n, attrs)) return;
        for (const [k, v] of Object.entries(attrs)) {
          // (in XML every attribute may hold data, but namespaces and schema locations are plumbing: "urn:oasis:names:tc:…")
          if (xml ? /\S/.test(v) && /[A-Za-z0-9@]/.test(v) && !XML_PLUMBING.test(k) && !encodedBytes(v) : /^(alt|title|value|content|href)$/i.test(k) && !encodedBytes(v)) out.push(` ${v} `);
        }
        if (xml) open[open.length - 1]!.at = out.length;
      },
      ontext(t) {
        if (skip === 0 && !encodedBytes(t)) out.push(t);
      },
      onclosetag(name) {
        const n = name.toLowerCase();
        if (xml ? XML_SKIPPED.test(name) : n === "script" || n === "style" || n === "noscript") skip = Math.max(0, skip - 1);
        if (xml) {
          const element = open.pop();
          if (element !== undefined && element.leaf && element.at >= 0) asField(out, element.at, name, open[open.length - 1]);
        }
        if (xml || n === "td" || n === "th") out.push(" ");
        else if (/^(p|div|tr|li|h\d|table|ul|ol)$/.test(n)) out.push("\n");
      },
    },
    { xmlMode: xml, decodeEntities: true, recognizeCDATA: true },
  );
  parser.write(src);
  parser.end();
  // (nested past formats/markup.ts's bound: the rest is read without its structure, not lost)
  if (parser.stoppedAt !== null) out.push(" ", flatText(src.slice(parser.stoppedAt), xml));
  return out.join("").replace(/[ \t]+/g, " ").replace(/\n\s*\n+/g, "\n").trim();
}

/** The longest cell that may read as a number. */
const NUMBER_MAX = 64;
/** A cell that reads as a number, an amount or a date ("€ 1,200.50", "-3", "12/05/2024"): a short one. */
function isNumberLike(s: string): boolean {
  // (the bound also keeps the sign's and the digits' shared "-" from trying every split of a
  // long run of dashes: quadratic in the cell's length)
  return s.length <= NUMBER_MAX && /^[\s$€£+-]*[\d.,:/%-]+\s*$/.test(s);
}

function emitDelimited(ctx: Ctx, scope: Scope, text: string, delimiter: string): void {
  let rows: string[][];
  try {
    rows = parseCsv(text, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, bom: true }) as string[][];
  } catch (err) {
    // (one quote left open made the whole file `failed`, nothing read: a place to hide a payroll)
    ctx.reason("corrupt", `${delimiter === "\t" ? "tsv" : "csv"}: ${(err as Error).message}; read as text`, scope.path);
    emitChunks(ctx, scope, text);
    return;
  }
  // A header: every cell filled, none twice, no number (below a title line maybe: header-row.ts).
  const width = (r: number) => rows[r]!.filter((c) => c.trim() !== "").length;
  const header = (r: number) => {
    const row = rows[r]!;
    return width(r) === row.length && new Set(row).size === row.length && !row.some(isNumberLike);
  };
  const headerRow = headerRowOf(0, rows.length - 1, width, header);
  const first = headerRow === null ? [] : rows[headerRow]!;
  if (headerRow !== null) ctx.emit(scope, first.join(delimiter === "\t" ? "\t" : ", "), { row: headerRow + 1, part: "header" });
  for (let r = 0; r < rows.length; r++) {
    if (r % 256 === 0) ctx.checkTime();
    if (r === headerRow) continue;
    const row = rows[r]!;
    for (let c = 0; c < row.length; c++) {
      const column = headerRow !== null && r > headerRow && first[c] ? first[c]! : String(c + 1);
      ctx.emit(scope, row[c]!, { row: r + 1, column });
    }
  }
}

function emitNdjson(ctx: Ctx, scope: Scope, text: string): void {
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    if (i % 256 === 0) ctx.checkTime();
    ctx.emit(scope, lines[i]!, { row: i + 1 });
  }
}

const SNIFF_CHARS = 16_384;

/**
 * The delimiter of a delimited export written as plain text (`export.txt`, a `.dat`, a file with
 * no extension): in the head's whole lines (at least five), the first line has three fields or
 * more and nine in ten of the others as many, split by csv-parse; the delimiter giving the most
 * fields wins. Null for prose, logs and the like (their commas do not line up).
 */
export function sniffDelimiter(head: string): string | null {
  // (the first 50 whole lines, within 16 KiB: all that is read of them)
  let end = 0;
  for (let n = 0; n < 50; n++) {
    const nl = head.indexOf("\n", end);
    if (nl < 0 || nl >= SNIFF_CHARS) break;
    end = nl + 1;
  }
  const whole = head.slice(0, end);
  let best: [string, number] | null = null;
  for (const delimiter of [",", "\t", ";", "|"]) {
    if (!whole.includes(delimiter)) continue;
    let rows: string[][];
    try {
      rows = parseCsv(whole, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, bom: true }) as string[][];
    } catch {
      continue;
    }
    const k = rows[0]?.length ?? 0;
    if (rows.length < 5 || k < 3) continue;
    const same = rows.slice(1).filter((r) => r.length === k).length;
    if (same >= 0.9 * (rows.length - 1) && (best === null || k > best[1])) best = [delimiter, k];
  }
  return best?.[0] ?? null;
}

function guessDelimiter(text: string, kind: string): string {
  if (kind === "tsv") return "\t";
  const line = text.slice(0, text.indexOf("\n") >>> 0 || 4096);
  const counts: [string, number][] = [",", ";", "\t", "|"].map((d) => [d, line.split(d).length - 1]);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 0 ? counts[0]![0] : ",";
}

export const textFormat: Format = {
  kinds: ["text", "markdown", "json", "ndjson", "xml", "html", "csv", "tsv"],
  library: "TextDecoder/iconv-lite + chardet, csv-parse, htmlparser2",
  async extract(bytes, scope, ctx, { kind }) {
    // (a hole of NULs in a log, GNU info's index markers: a line break, not characters to read)
    const text = withoutNuls(decodeText(bytes).text);
    switch (kind) {
      case "csv":
      case "tsv":
        emitDelimited(ctx, scope, text, guessDelimiter(text, kind));
        return;
      case "ndjson":
        emitNdjson(ctx, scope, text);
        return;
      case "html":
        emitChunks(ctx, scope, markupText(text, false));
        return;
      case "xml":
        emitChunks(ctx, scope, markupText(text, true));
        return;
      default:
        emitChunks(ctx, scope, text);
    }
  },
};
