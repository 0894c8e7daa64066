/**
 * roff source: manual pages (`man`, `mdoc`: `/usr/share/man/man1/ls.1.gz`, gunzipped by
 * compressed.ts first), `ms`/`me` documents. Read as text, roff's escapes hid what a reader of the
 * rendered page sees: `john\-smith@gmail.com` (`\-` is a hyphen), `123\-45\-6789`,
 * `\fBjane@gmail.com\fR` ("fBjane@…"), `\(lamary@web.de\(ra`, "\fBJohn\fR Smith". Here the source
 * becomes that text: escapes decoded, macros' text arguments kept without their quotes, layout
 * requests, macro definitions and conditionals dropped, one output line per input line (a line
 * dropped is an empty one). Comments are kept as text (without their `.\"`): they are in the
 * file, and they are where a page's authors and their addresses are ("Author: Tatu Ylonen
 * <ylo@…>"). One pass over each line; malformed roff never throws: the text is read as it is.
 */
import type { Format } from "../format.ts";
import { decodeText } from "../text-decode.ts";
import { emitChunks, withoutNuls } from "./text.ts";

/** Named glyphs (`\(xx`, `\[xx]`, `\C'xx'`) as the characters a terminal shows; others give nothing. */
const GLYPHS: Record<string, string> = {
  la: "<", ra: ">", em: "—", en: "–", bu: "•", co: "©", rg: "®", tm: "™", aq: "'", dq: '"', lq: "“", rq: "”", oq: "‘", cq: "’",
  hy: "-", mi: "-", ti: "~", ha: "^", at: "@", sl: "/", rs: "\\", ga: "`", aa: "'", dg: "†", de: "°", ps: "¶", sc: "§", ct: "¢",
  Po: "£", Eu: "€", eu: "€", Ye: "¥", mu: "×", di: "÷", "+-": "±", "<=": "≤", ">=": "≥", "!=": "≠", "->": "→", "<-": "←",
  Fo: "«", Fc: "»", fo: "‹", fc: "›", ss: "ß", AE: "Æ", ae: "æ", "/o": "ø", "/O": "Ø", oA: "Å", oa: "å", sp: " ", pl: "+", eq: "=", "**": "*",
  lB: "[", rB: "]", lC: "{", rC: "}", ba: "|", or: "|", sh: "#", Do: "$", ci: "○", sq: "□", "12": "½", "14": "¼", "34": "¾", tno: "~",
};
/** Accents of the two-character names of accented letters (`\(:u` ü, `\('e` é, `\(,c` ç). */
const ACCENTS: Record<string, string> = { ":": "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303", ",": "\u0327", v: "\u030c", o: "\u030a" };
/** Predefined strings (`\*(lq`, `\*R`; man's, mdoc's, pod2man's) when the page does not define them itself. */
const STRINGS: Record<string, string> = {
  lq: "“", rq: "”", R: "®", Tm: "™", Aq: "'", "C+": "C++", 'L"': "“", 'R"': "”", "C`": "'", "C'": "'", "--": "—", PI: "π",
  Ba: "|", Le: "≤", Ge: "≥", Lt: "<", Gt: ">", Pi: "π", Am: "&", Na: "NaN", q: '"', Ne: "≠", If: "∞",
};

export function glyph(name: string): string {
  if (Object.hasOwn(GLYPHS, name)) return GLYPHS[name]!;
  if (name.length === 2 && Object.hasOwn(ACCENTS, name[0]!) && /[A-Za-z]/.test(name[1]!)) return (name[1]! + ACCENTS[name[0]!]!).normalize("NFC");
  // groff's `\[u00E9]` (and composites, `\[u0065_0301]`), `\[char65]`
  if (/^u[0-9A-Fa-f]{4,6}(?:_[0-9A-Fa-f]{4,6})*$/.test(name)) {
    const cps = name.slice(1).split("_").map((h) => parseInt(h, 16));
    return cps.every((c) => c <= 0x10ffff && (c < 0xd800 || c > 0xdfff)) ? String.fromCodePoint(...cps).normalize("NFC") : "";
  }
  const char = /^char(\d{1,3})$/.exec(name);
  return char && Number(char[1]) < 256 ? String.fromCharCode(Number(char[1])) : "";
}

/** Escapes whose argument is a name (`\fB`, `\f(CW`, `\f[CR]`, `\n(xx`, `\*(lq`, `\$1`): what follows the name is text. */
const NAMED = new Set(["f", "F", "m", "M", "n", "g", "k", "V", "Y", "$", "*", "O"]);
/** Escapes whose argument is delimited (`\w'…'`, `\h'1n'`, `\X'…'`): nothing a reader sees. */
const DELIMITED = new Set(["b", "B", "D", "h", "H", "l", "L", "o", "R", "S", "v", "w", "x", "X", "Z", "A", "T", "U"]);
/** Escapes that print nothing. */
const SILENT = new Set(["&", "|", "^", "%", "c", ")", ":", ",", "/", "{", "}", "u", "d", "r", "z", "p", "a", "!", "?", "j"]);
/** Escapes that print one character. */
const SIMPLE: Record<string, string> = { "-": "-", e: "\\", E: "\\", "\\": "\\", " ": " ", "~": " ", "0": " ", t: "\t", ".": ".", "'": "'", "`": "`", _: "_", "\"": " ", "#": " " };

/** Strings a page defines itself (`.ds`), expanded once (their own strings from STRINGS only), within a budget. */
interface Strings {
  defined: Map<string, string>;
  budget: number;
  /** mdoc's page name (its first `.Nm`'s), which `.Nm` alone repeats. */
  name?: string;
}

/** A name after an escape: `x`, `(xx`, `[name]` (64 characters at most, else nothing is taken); [name, index after it]. */
function nameAt(s: string, i: number): [string, number] {
  const c = s[i];
  if (c === "(") return [s.slice(i + 1, i + 3), Math.min(s.length, i + 3)];
  if (c === "[") {
    for (let j = i + 1; j < s.length && j <= i + 65; j++) if (s[j] === "]") return [s.slice(i + 1, j), j + 1];
    return ["", i + 1];
  }
  return c === undefined ? ["", i] : [c, i + 1];
}

/** The text of one line's escapes decoded: what the reader sees. Linear: each character is read once (a name's 64 at most). */
export function unescape(s: string, strings: Strings = { defined: new Map(), budget: 0 }): string {
  if (!s.includes("\\")) return s;
  let out = "";
  let i = 0;
  while (i < s.length) {
    const b = s.indexOf("\\", i);
    if (b < 0) return out + s.slice(i);
    out += s.slice(i, b);
    const c = s[b + 1];
    i = b + 2;
    if (c === undefined) break; // (a line's last backslash joins it to the next: done by the caller)
    if (Object.hasOwn(SIMPLE, c)) out += SIMPLE[c];
    else if (SILENT.has(c)) continue;
    else if (c === "(" || c === "[") {
      const [name, next] = nameAt(s, b + 1);
      out += glyph(name);
      i = next;
    } else if (NAMED.has(c)) {
      if (c === "n" && (s[i] === "+" || s[i] === "-")) i++;
      const [name, next] = nameAt(s, i);
      i = next;
      if (c !== "*") continue;
      const own = strings.defined.get(name);
      if (own !== undefined && strings.budget >= own.length) {
        strings.budget -= own.length;
        out += unescape(own); // (once: its own strings are the predefined ones)
      } else if (Object.hasOwn(STRINGS, name)) out += STRINGS[name];
    } else if (c === "s") {
      // a size: \s0 \s+2 \s-1 \s12 \s(12 \s[12] \s'12'
      if (s[i] === "+" || s[i] === "-") i++;
      if (s[i] === "(" || s[i] === "[") i = nameAt(s, i)[1];
      else if (s[i] === "'") i = s.indexOf("'", i + 1) < 0 ? s.length : s.indexOf("'", i + 1) + 1;
      else if (/[1-3]/.test(s[i] ?? "") && /\d/.test(s[i + 1] ?? "")) i += 2;
      else if (/\d/.test(s[i] ?? "")) i++;
    } else if (DELIMITED.has(c) || c === "C" || c === "N") {
      const d = s[i];
      const end = d === undefined ? -1 : s.indexOf(d, i + 1);
      const arg = end < 0 ? "" : s.slice(i + 1, end);
      i = end < 0 ? s.length : end + 1;
      if (c === "C") out += glyph(arg);
      else if (c === "N" && /^\d{1,7}$/.test(arg) && Number(arg) <= 0x10ffff && (Number(arg) < 0xd800 || Number(arg) > 0xdfff)) out += String.fromCodePoint(Number(arg));
    } else out += c; // (an unknown escape prints its character)
  }
  return out;
}

/**
 * A request's arguments as roff splits them: by blanks, a `"…"` argument may hold blanks (`""`
 * inside it is a quote), an escape stays with its character (`\ ` does not split). A comment
 * (`\"`) ends them: its text is returned apart.
 */
export function requestArgs(s: string): { args: string[]; comment: string } {
  const args: string[] = [];
  let i = 0;
  while (i < s.length) {
    while (s[i] === " " || s[i] === "\t") i++;
    if (i >= s.length) break;
    const quoted = s[i] === '"';
    if (quoted) i++;
    let arg = "";
    while (i < s.length) {
      const c = s[i]!;
      if (c === "\\") {
        if (s[i + 1] === '"' || s[i + 1] === "#") return { args: [...args, ...(arg ? [arg] : [])], comment: s.slice(i + 2) };
        arg += s.slice(i, i + 2);
        i += 2;
      } else if (quoted && c === '"') {
        if (s[i + 1] !== '"') {
          i++;
          break;
        }
        arg += '"';
        i += 2;
      } else if (!quoted && (c === " " || c === "\t")) break;
      else {
        arg += c;
        i++;
      }
    }
    args.push(arg);
  }
  return { args, comment: "" };
}

/** man's and ms's/me's macros whose arguments are text, joined by a blank; the alternating-font ones (`.BR ls (1)`) joined tight. */
const TEXT_MACROS = new Set(["TH", "SH", "SS", "B", "I", "SM", "SB", "UR", "MT", "UE", "ME", "OP", "SY", "MR", "TL", "b", "i", "r", "bi", "bx", "u", "q"]);
const ALTERNATING = new Set(["BR", "BI", "IB", "IR", "RB", "RI"]);
/** Macros with no text (or whose arguments are numbers, indents, index entries: pod2man's `.IX`, `.Vb`). */
const LAYOUT_MACROS = new Set(["PP", "LP", "P", "HP", "RS", "RE", "PD", "DT", "TP", "TQ", "UC", "AT", "IX", "EX", "EE", "YS", "Vb", "Ve", "Sp", "TS", "TE", "T&", "EQ", "EN", "QP", "KS", "KE", "KF", "DS", "DE", "NH", "AU", "AI", "AB", "AE", "ND", "1C", "2C", "FS", "FE", "XS", "XE", "PS", "PE", "LE", "ID", "BD", "CD", "LD", "RT", "SP", "Bl", "El", "Bd", "Ed", "Bk", "Ek", "Pp", "Lp", "Sm", "Rs", "Re", "Bf", "Ef", "Xo", "Xc", "Ud", "Ot"]);
/** mdoc's macros (Dd, Nm, Fl, Ar, …): callable within a line; those not below just give their arguments. */
const MDOC = /^(?:Dd|Dt|Os|Sh|Ss|Nm|Nd|Ar|Fl|Cm|Op|Oo|Oc|It|Xr|Pa|Ev|Er|Dv|Va|Vt|Ft|Fn|Fo|Fc|Fa|Fd|In|Ic|Li|Ql|Sy|Em|No|Ns|Pf|Sx|An|Mt|Lk|Aq|Ao|Ac|Bq|Bo|Bc|Brq|Bro|Brc|Dq|Do|Dc|Pq|Po|Pc|Qq|Qo|Qc|Sq|So|Sc|Dl|D1|Ad|Cd|Tn|St|At|Bx|Bsx|Fx|Nx|Ox|Ux|Dx|Ta|Lb|Rv|Ex|Ms|Ap|Eo|Ec|%[A-Z])$/;
const MDOC_OPEN: Record<string, [string, string]> = { Op: ["[", "]"], Oo: ["[", ""], Oc: ["", "]"], Aq: ["<", ">"], Ao: ["<", ""], Ac: ["", ">"], Bq: ["[", "]"], Bo: ["[", ""], Bc: ["", "]"], Brq: ["{", "}"], Bro: ["{", ""], Brc: ["", "}"], Dq: ["“", "”"], Do: ["“", ""], Dc: ["", "”"], Pq: ["(", ")"], Po: ["(", ""], Pc: ["", ")"], Qq: ['"', '"'], Qo: ['"', ""], Qc: ["", '"'], Sq: ["‘", "’"], So: ["‘", ""], Sc: ["", "’"] };
/** mdoc's punctuation: it closes up to the word before it (or, opening, to the word after). */
const CLOSING = /^[.,:;)\]?!]$/;

/** An mdoc line's words as a reader sees them: `.Op Fl v Ar file` "[-v file]", `.An John Aq Mt j@x.org` "John <j@x.org>", `.Xr ls 1` "ls(1)". */
function mdocLine(words: string[], strings: Strings): string {
  let out = "";
  let tight = true; // no blank before the next word
  const closes: string[] = [];
  let tail = words.length; // (where the line's closing punctuation starts: the enclosures close before it)
  while (tail > 0 && CLOSING.test(words[tail - 1]!)) tail--;
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!;
    if (MDOC.test(w)) {
      if (w === "Nm" && words[k + 1] !== undefined && !MDOC.test(words[k + 1]!) && !CLOSING.test(words[k + 1]!)) strings.name ??= unescape(words[k + 1]!, strings);
      else if (w === "Nm" && strings.name !== undefined) [out, tight] = [out + (tight ? "" : " ") + strings.name, false];
      if (w === "Ns" || w === "Ap") tight = true;
      if (w === "Ap") out += "'";
      if (w === "Ta") [out, tight] = [out + "\t", true];
      if (w === "Fl") {
        const next = words[k + 1];
        out += `${tight ? "" : " "}-${next !== undefined && !MDOC.test(next) && !CLOSING.test(next) ? unescape(words[++k]!, strings) : ""}`;
        tight = false;
      }
      if (w === "Xr" && words[k + 2] !== undefined && !MDOC.test(words[k + 1]!)) {
        out += `${tight ? "" : " "}${unescape(words[k + 1]!, strings)}(${unescape(words[k + 2]!, strings)})`;
        [k, tight] = [k + 2, false];
      }
      const pair = MDOC_OPEN[w];
      if (pair) {
        if (pair[0]) [out, tight] = [out + (tight ? "" : " ") + pair[0], true];
        if (pair[1] && !pair[0]) out += pair[1];
        else if (pair[1]) closes.push(pair[1]);
      }
      continue;
    }
    if (k === tail && closes.length > 0) out += closes.splice(0).reverse().join("");
    out += (tight || CLOSING.test(w) ? "" : " ") + unescape(w, strings);
    tight = w === "(" || w === "[";
  }
  return out + closes.reverse().join("");
}

/** roff's requests ending in a body: macro definitions, `.ig` (up to `..` or the name given). */
const DEFINITIONS = new Set(["de", "de1", "dei", "am", "am1", "ami", "ig"]);
/** The most lines a table's format (`.TS` up to the line ending in ".") may take before its data is read as text anyway. */
const TBL_FORMAT_LINES = 20;

/** Whether a line ends in a backslash that is not itself escaped (the line goes on on the next one). */
function endsEscaped(line: string): boolean {
  let k = line.length;
  while (k > 0 && line[k - 1] === "\\") k--;
  return (line.length - k) % 2 === 1;
}

/** Font macros whose text stands within the paragraph around it (`.B word`, `.BR ls (1)`), as a text line does. */
const INLINE_MACROS = new Set(["B", "I", "SM", "SB", ...ALTERNATING]);
/**
 * Requests that end filling (`.nf`, man's `.EX`) and that resume it (`.fi`, `.EE`). mdoc's
 * literal displays (`.Bd -literal`) are not followed: their lines stay apart all the same, as
 * mdoc lines do.
 */
const NO_FILL = new Set(["nf", "EX", "Vb"]);
const FILL = new Set(["fi", "EE", "Ve"]);

/**
 * The plain text of roff source, one line per input line, and as many characters (offsets are
 * the source's lines'): lines roff fills into one paragraph (text lines, and font macros' such as
 * `.B`, in fill mode) are joined by a blank, others by a line break. Read line by line, "his\n
 * \fIpasswd\fR\nentry." looked like a label alone on its line above its value ("entry.").
 * Throws on nothing it reads (see `roffOrText`).
 */
export function roffText(src: string): string {
  const lines = src.split(/\r?\n/);
  const out: string[] = [];
  /** For each line of `out`: whether roff fills it into the paragraph of the lines around it. */
  const fills: boolean[] = [];
  /** For each line of `out`: whether it breaks the paragraph before it (a text line opening with a blank). */
  const breaks: boolean[] = [];
  let filling = true;
  let lineFills: boolean;
  let lineBreaks: boolean;
  const strings: Strings = { defined: new Map(), budget: 1_000_000 };
  let end: string | null = null; // the line ending the definition being skipped
  let definitionAt = -1;
  let definitions = true; // (off once one was not ended: the rest is read, not dropped)
  let tbl: "format" | "data" | null = null;
  let tblFormat = 0;
  for (let n = 0; n < lines.length; n++) {
    // (a line ending in an unescaped backslash goes on on the next one)
    const parts = [lines[n]!];
    while (endsEscaped(parts[parts.length - 1]!) && n + 1 < lines.length) {
      parts[parts.length - 1] = parts[parts.length - 1]!.slice(0, -1);
      parts.push(lines[++n]!);
    }
    const joined = parts.length - 1;
    [lineFills, lineBreaks] = [false, false];
    const text = convertLine(parts.join(""));
    out.push(text);
    fills.push(lineFills && text !== "");
    breaks.push(lineBreaks);
    // (the lines joined to it: one output line per input line)
    for (let k = 0; k < joined; k++) {
      out.push("");
      fills.push(lineFills && text !== "");
      breaks.push(false);
    }
    // an unended definition: read the lines after it as any others
    if (end !== null && n === lines.length - 1) [n, out.length, fills.length, breaks.length, end, definitions] = [definitionAt, definitionAt + 1, definitionAt + 1, definitionAt + 1, null, false];
  }
  let text = out[0] ?? "";
  for (let i = 1; i < out.length; i++) text += (fills[i - 1] && fills[i] && !breaks[i] ? " " : "\n") + out[i];
  return text;

  function convertLine(line: string): string {
    if (end !== null) {
      const request = line.slice(1).trimStart();
      if ((line[0] === "." || line[0] === "'") && (request === end || request.startsWith(`${end} `) || request.startsWith(`${end}\t`))) end = null;
      return "";
    }
    if (line[0] !== "." && line[0] !== "'") {
      if (tbl === "format" && ++tblFormat <= TBL_FORMAT_LINES) {
        if (/\.\s*$/.test(line)) tbl = "data";
        return "";
      }
      if (tbl !== null) return /^\s*[_=]\s*$/.test(line) ? "" : unescape(line.split("\t").map((c) => c.replace(/^T\}|T\{$/g, "")).join("\t"), strings);
      // (a text line that opens with a blank breaks the paragraph before it; an empty one ends it)
      [lineFills, lineBreaks] = [filling && line !== "", line[0] === " " || line[0] === "\t"];
      return unescape(line, strings);
    }
    const body = line.slice(1).replace(/^[ \t]+/, "");
    if (body.startsWith('\\"') || body.startsWith("\\#")) return unescape(body.slice(2), strings).trim(); // a comment, kept as text
    const m = /^[^\s\\]+/.exec(body);
    if (m === null) return ""; // a lone dot, `.\}`
    const name = m[0];
    const { args, comment } = requestArgs(body.slice(name.length));
    const kept = (text: string) => [text, comment === "" ? "" : unescape(comment, strings).trim()].filter((x) => x !== "").join(" ");
    if (DEFINITIONS.has(name)) {
      if (definitions) [end, definitionAt] = [name === "ig" ? (args[0] ?? ".") : (args[1] ?? "."), out.length];
      return kept("");
    }
    if (name === "ds" || name === "ds1") {
      const value = body.slice(name.length).replace(/^[ \t]+\S+[ \t]?"?/, "");
      if (args[0] !== undefined && value.length <= 256 && strings.defined.size < 1024) strings.defined.set(args[0], value);
      return kept("");
    }
    if (NO_FILL.has(name)) filling = false;
    if (FILL.has(name)) filling = true;
    if (name === "TS") [tbl, tblFormat] = ["format", 0];
    if (name === "T&") [tbl, tblFormat] = ["format", 0];
    if (name === "TE") tbl = null;
    if (name === "IP" || name === "ip") return kept(unescape(args[0] ?? "", strings));
    if (name === "sh") return kept(args.slice(1).map((a) => unescape(a, strings)).join(" "));
    lineFills = filling && INLINE_MACROS.has(name) && comment === "";
    if (ALTERNATING.has(name)) return kept(args.map((a) => unescape(a, strings)).join(""));
    if (TEXT_MACROS.has(name)) return kept(args.map((a) => unescape(a, strings)).join(" "));
    if (LAYOUT_MACROS.has(name)) return kept("");
    if (MDOC.test(name)) return kept(mdocLine([name, ...args], strings));
    // other requests (lower case: .br .sp .in .if .ie .el .so .nr …) say nothing; a page's own macros (`.URL x text`) their arguments
    return kept(/^[a-z]/.test(name) ? "" : args.map((a) => unescape(a, strings)).join(" "));
  }
}

/** roff's text, or, should anything in it go wrong (it never should), the source as it is. */
export function roffOrText(src: string): string {
  try {
    return roffText(src);
  } catch {
    return src;
  }
}

/** Names of roff files: a manual's section (`.1`–`.9`, with a suffix: `.3pm`, `.1ssl`, `.0p`), `.man`, `.roff`, `.ms`, `.me`, `.mdoc`. */
export const ROFF_EXT = /^(?:[0-9][a-z]{0,6}|man|roff|nroff|troff|ms|me|mm|mdoc|tmac)$/;
/** A roff source's first line: a comment, or man's or mdoc's title. */
const ROFF_START = /^(?:[.']\\"|\.TH[ \t]|\.Dd[ \t]|\.Dt[ \t])/;
/** man's or mdoc's title, which may come after a few lines (`.nh`, `.ds`) before it. */
const ROFF_TITLE = /^\.(?:TH|Dd|Dt)[ \t]/;
/** A request line of a macro or request roff sources use (a dot, no blank, the name, then a blank or the line's end). */
const REQUEST = /^\.(?:TH|SH|SS|PP|LP|P|TP|IP|HP|RS|RE|B|I|BR|BI|IB|IR|RB|RI|SM|SB|UR|UE|MT|ME|EX|EE|nf|fi|br|sp|in|ti|ft|ne|na|ad|nh|hy|ce|ds|nr|de|ig|so|if|ie|el|Dd|Dt|Os|Sh|Ss|Nm|Nd|Pp|Bl|El|It|Fl|Ar|Op|Xr|Pa|Bd|Ed|An|Nx|NH|TL|AU|AI|AB|AE|ip|pp|lp|sh|IX|TS|TE|\\")(?:[ \t]+(?![ \t=])|[ \t]*$)/;

/**
 * Whether a text (the head of a file) is roff source. By its content, always: its first line is a
 * comment or man's or mdoc's title (or the title is among its first five lines), with a second
 * request line; or, under a roff file's
 * name (ROFF_EXT), request lines are a fifth of its lines at least (two or more), or it is one
 * `.so` line (a page that is another's); or, under any name, they are a clear majority (three in
 * five, five or more). A data file `data.1`, C source, a Makefile (`.PHONY:`) or Markdown whose
 * lines start with dots have no such lines, or too few.
 */
export function looksLikeRoff(head: string, ext: string): boolean {
  const lines = head.split(/\r?\n/, 400).filter((l) => l.trim() !== "");
  if (lines.length === 0) return false;
  const named = ROFF_EXT.test(ext);
  if (named && lines.length === 1 && /^\.so[ \t]+\S+[ \t]*$/.test(lines[0]!)) return true;
  const requests = lines.filter((l) => REQUEST.test(l)).length;
  if ((ROFF_START.test(lines[0]!) || lines.slice(1, 5).some((l) => ROFF_TITLE.test(l))) && requests >= 2) return true;
  if (named) return requests >= 2 && requests * 5 >= lines.length;
  return requests >= 5 && requests * 5 >= lines.length * 3;
}

export const roffFormat: Format = {
  kinds: ["roff"],
  library: "roff (man, mdoc, ms) read here",
  async extract(bytes, scope, ctx) {
    emitChunks(ctx, scope, roffOrText(withoutNuls(decodeText(bytes).text)));
  },
};
