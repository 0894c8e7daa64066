/**
 * An RTF document's text without its structure: the fallback when officeparser refuses the
 * document (groups nested past its depth limit, a damaged file). It gave no text at all then,
 * so a name and an SSN inside a thousand nested groups were never read.
 *
 * One pass over the characters, no recursion (RTF spec 1.9.1): a group (`{…}`) is skipped when it
 * is a destination that holds no text (font and colour tables, style sheets, pictures, objects'
 * data, `{\*\…}` groups a reader does not know); control words for breaks give line ends and
 * tabs; `\'hh` is a byte of Windows-1252; `\uN` a Unicode character (its `\ucN` fallback
 * characters skipped). Fields' instructions are skipped, their results read.
 */

/** Destinations whose content is no text of the document. */
const SKIPPED = new Set([
  "fonttbl", "colortbl", "stylesheet", "listtable", "listoverridetable", "rsidtbl", "generator", "pict", "objdata", "themedata", "colorschememapping",
  "datastore", "latentstyles", "xmlnstbl", "fldinst", "filetbl", "revtbl", "pgdsctbl", "private", "mmathPr", "wgrffmtfilter", "bkmkstart", "bkmkend",
]);
const BREAKS: Record<string, string> = { par: "\n", line: "\n", sect: "\n", page: "\n", row: "\n", cell: "\t", tab: "\t", emdash: "—", endash: "–", bullet: "•", lquote: "‘", rquote: "’", ldblquote: "“", rdblquote: "”", emspace: " ", enspace: " ", qmspace: " " };
/** The document's properties (`{\info{\author …}}`): each its own line. */
const PROPERTIES = new Set(["title", "subject", "author", "manager", "company", "operator", "category", "keywords", "comment", "doccomm", "hlinkbase"]);
const cp1252 = new TextDecoder("windows-1252");
const CONTROL_WORD = /\\([a-zA-Z]{1,32})(-?\d{1,10})? ?/y;

export function rtfText(rtf: string): string {
  const out: string[] = [];
  // The state of the group open now, and what to restore when a group that changed it closes:
  // a frame only for a group that changed it (a thousand nested groups that change nothing cost nothing).
  let depth = 0;
  let skipping = false;
  let uc = 1;
  const saved: Array<{ depth: number; skipping: boolean; uc: number; line: boolean }> = [];
  /** A change of the state in the group open now; `line`: a line end when it closes. */
  const change = (s: boolean, u: number, line = false) => {
    const top = saved[saved.length - 1];
    if (top?.depth !== depth) saved.push({ depth, skipping, uc, line });
    else if (line) top.line = true;
    skipping = s;
    uc = u;
  };
  let toSkip = 0;
  const n = rtf.length;
  let i = 0;
  while (i < n) {
    const c = rtf[i]!;
    if (c === "{") {
      depth++;
      toSkip = 0;
      i++;
    } else if (c === "}") {
      const top = saved[saved.length - 1];
      if (top !== undefined && top.depth === depth) {
        skipping = top.skipping;
        uc = top.uc;
        saved.pop();
        if (top.line && !skipping) out.push("\n");
      }
      if (depth > 0) depth--;
      toSkip = 0;
      i++;
    } else if (c === "\\") {
      const next = rtf[i + 1];
      if (next === "'") {
        const byte = Number.parseInt(rtf.slice(i + 2, i + 4), 16);
        i += 4;
        if (toSkip > 0) toSkip--;
        else if (!skipping && Number.isFinite(byte)) out.push(cp1252.decode(Uint8Array.of(byte)));
      } else if (next === "{" || next === "}" || next === "\\") {
        i += 2;
        if (toSkip > 0) toSkip--;
        else if (!skipping) out.push(next);
      } else if (next === "*") {
        // (an ignorable destination: this reader knows none of them)
        if (!skipping) change(true, uc);
        i += 2;
      } else if (next === "~") {
        i += 2;
        if (!skipping) out.push(" ");
      } else if (next === "\n" || next === "\r") {
        i += 2;
        if (!skipping) out.push("\n");
      } else {
        CONTROL_WORD.lastIndex = i;
        const m = CONTROL_WORD.exec(rtf);
        if (!m) {
          i += 2; // another control symbol (\- \_ \|): no text
          continue;
        }
        i = CONTROL_WORD.lastIndex;
        const [, word, arg] = m;
        if (word === "bin") {
          i += Math.max(0, Number(arg ?? 0)); // (that many bytes of binary data)
        } else if (SKIPPED.has(word!)) {
          if (!skipping) change(true, uc);
        } else if (PROPERTIES.has(word!)) {
          change(skipping, uc, true);
        } else if (word === "uc") {
          const u = Math.min(Math.max(0, Number(arg ?? 1)), 10);
          if (u !== uc) change(skipping, u);
        } else if (word === "u" && arg !== undefined) {
          let code = Number(arg);
          if (code < 0) code += 65536;
          if (!skipping && code >= 0 && code <= 0xffff) out.push(String.fromCharCode(code));
          toSkip = uc;
        } else if (!skipping && BREAKS[word!] !== undefined) out.push(BREAKS[word!]!);
      }
    } else {
      i++;
      if (c === "\n" || c === "\r") continue;
      if (toSkip > 0) toSkip--;
      else if (!skipping) out.push(c);
    }
  }
  return out.join("");
}

/** An RTF group's end (the index after its `}`) from its `{` at `start`, escapes minded; -1 when it does not close within `max` characters. */
function groupEnd(rtf: string, start: number, max: number): number {
  let depth = 0;
  const stop = Math.min(rtf.length, start + max);
  for (let i = start; i < stop; i++) {
    const c = rtf[i];
    if (c === "\\") i++;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
  }
  return -1;
}

/** The groups directly inside the group at [start, end): each one's first control word and its text (rtfText of the rest). */
function childGroups(rtf: string, start: number, end: number, max: number): Array<[word: string, text: string]> {
  const out: Array<[string, string]> = [];
  for (let i = start + 1; i < end - 1 && out.length < max; ) {
    if (rtf[i] === "\\") i += 2;
    else if (rtf[i] !== "{") i++;
    else {
      const to = groupEnd(rtf, i, end - i);
      if (to < 0) break;
      const m = /^\{(?:\\\*)?\\([a-zA-Z]{1,32})-?\d* ?/.exec(rtf.slice(i, Math.min(to, i + 50)));
      if (m) out.push([m[1]!, rtfText(`{${rtf.slice(i + m[0].length, to - 1)}}`).trim()]);
      i = to;
    }
  }
  return out;
}

/** An info group or a user properties group longer than this is not read (a document's properties are a few hundred characters). */
const MAX_INFO = 1 << 20;

/**
 * An RTF document's properties, which officeparser does not give: the `{\info}` group's title,
 * subject, keywords and comments (`\doccomm`, Word's "Comments"), and the user-defined properties
 * (`{\*\userprops {\propname Client}\proptype30{\staticval Jane Roe}}`). Not the author and the
 * last editor (`\author`, `\operator`), as in every format (properties.ts).
 */
export function rtfProperties(rtf: string): { title?: string; subject?: string; keywords?: string; description?: string; custom: Record<string, string> } {
  const out: { title?: string; subject?: string; keywords?: string; description?: string; custom: Record<string, string> } = { custom: {} };
  const info = rtf.indexOf("{\\info");
  const infoEnd = info < 0 ? -1 : groupEnd(rtf, info, MAX_INFO);
  const named: Record<string, "title" | "subject" | "keywords" | "description"> = { title: "title", subject: "subject", keywords: "keywords", doccomm: "description" };
  if (infoEnd > 0) for (const [word, text] of childGroups(rtf, info, infoEnd, 100)) if (named[word] && text) out[named[word]] ??= text;
  const user = rtf.indexOf("{\\*\\userprops");
  const userEnd = user < 0 ? -1 : groupEnd(rtf, user, MAX_INFO);
  let name: string | null = null;
  // (a name, then its value: the MAX_CUSTOM of properties.ts bounds what is emitted)
  if (userEnd > 0) {
    for (const [word, text] of childGroups(rtf, user, userEnd, 1000)) {
      if (word === "propname") name = text;
      else if (word === "staticval" && name) [out.custom[name], name] = [text, null];
    }
  }
  return out;
}

/** Shapes' descriptions past this many are not read. */
const MAX_SHAPES = 10_000;
/** A description longer than this many characters of RTF is not read. */
const MAX_ALT = 64 * 1024;

/**
 * The alternative text of an RTF's shapes and pictures (`{\sp{\sn wzDescription}{\sv Badge photo
 * of Jane Roe}}` in a shape's properties, as Word writes a picture's alt text), each once; officeparser
 * skips shapes' properties.
 */
export function rtfAltTexts(rtf: string): string[] {
  const out = new Set<string>();
  const name = /\{\\sn\s+wz(?:Description|Title)\s*\}\s*\{\\sv\b ?/g;
  for (let m = name.exec(rtf), n = 0; m && n < MAX_SHAPES; m = name.exec(rtf), n++) {
    const start = m.index + m[0].lastIndexOf("{");
    // (a value that does not close within MAX_ALT ends the reading: every later one would scan as far again)
    const end = groupEnd(rtf, start, MAX_ALT);
    if (end < 0) break;
    const text = rtfText(`{${rtf.slice(m.index + m[0].length, end - 1)}}`).trim();
    if (text) out.add(text);
    name.lastIndex = end;
  }
  return [...out];
}
