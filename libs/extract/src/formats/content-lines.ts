/**
 * The content-line format of vCard (RFC 6350, and 2.1) and iCalendar (RFC 5545): folded lines
 * joined, a property's name, parameters and value, quoted-printable and its charset decoded,
 * components ("BEGIN:VCARD" … "END:VCARD", "BEGIN:VEVENT" … "END:VEVENT") read out. Used by
 * vcard.ts and icalendar.ts.
 */
import iconv from "iconv-lite";

export interface ContentProperty {
  name: string;
  /** Parameters, upper-cased names; bare 2.1 types ("CELL", "HOME") under TYPE. */
  params: Map<string, string[]>;
  /** The value, decoded: quoted-printable and charset applied, escapes not yet. */
  value: string;
}

/**
 * The components of a text in the content-line format of vCard and iCalendar ("BEGIN:VCARD" …
 * "END:VCARD", "BEGIN:VEVENT" … "END:VEVENT"), those of the kinds asked for, each its properties
 * in order (a nested component's, an event's alarm, among them). A component whose END is
 * missing ends where the next of its kind begins, or the text ends: a file cut short, or one
 * whose END ran into the line before (Tika's testVCalendar.vcs, "PRIORITY:3END:VEVENT"), kept
 * its last event out of sight.
 */
export function* componentsOf(text: string, ...kinds: string[]): Generator<ContentProperty[]> {
  // folded lines (a line break and one blank) are one line
  const lines = text.replace(/\r?\n[ \t]/g, "").split(/\r?\n/);
  let card: ContentProperty[] | null = null;
  let kind = "";
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    const colon = valueColon(line);
    if (colon < 0) continue;
    const [head, ...paramParts] = splitOutsideQuotes(line.slice(0, colon), ";");
    const name = head!.replace(/^[\w-]+\./, "").toUpperCase(); // ("item1.EMAIL": a group)
    const params = new Map<string, string[]>();
    for (const p of paramParts) {
      const eq = p.indexOf("=");
      const key = eq < 0 ? "TYPE" : p.slice(0, eq).toUpperCase();
      const values = splitOutsideQuotes(eq < 0 ? p : p.slice(eq + 1), ",").map(paramValue);
      params.set(key, [...(params.get(key) ?? []), ...values]);
    }
    const encoding = (params.get("ENCODING")?.[0] ?? (params.get("TYPE")?.includes("QUOTED-PRINTABLE") ? "QUOTED-PRINTABLE" : "")).toUpperCase();
    if (name === "BEGIN" || name === "END") {
      const which = line.slice(colon + 1).trim().toUpperCase();
      if (name === "BEGIN" && kinds.includes(which) && (card === null || which === kind)) {
        if (card !== null && card.length) yield card;
        card = [];
        kind = which;
      } else if (name === "END" && card !== null && which === kind) {
        yield card;
        card = null;
      }
      continue;
    }
    if (!card) continue;
    if (encoding === "QUOTED-PRINTABLE") {
      // a soft line break ("=" at the end) goes on with the next line
      while (line.endsWith("=") && i + 1 < lines.length) line = line.slice(0, -1) + lines[++i]!;
      const charset = params.get("CHARSET")?.[0] ?? "UTF-8";
      const bytes = Buffer.from(line.slice(colon + 1).replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1");
      card.push({ name, params, value: iconv.encodingExists(charset) ? iconv.decode(bytes, charset) : bytes.toString("utf8") });
    } else if (encoding === "B" || encoding === "BASE64") {
      continue; // a photo, a logo, a key, a sound
    } else card.push({ name, params, value: line.slice(colon + 1) });
  }
  if (card !== null && card.length) yield card;
}

/** The colon that ends a property's name and parameters (not one inside a quoted parameter value). */
/** `text` split at `sep` where it is not between double quotes (CN="Doe, Jane"; CN="Society; 2014"). */
function splitOutsideQuotes(text: string, sep: string): string[] {
  const out: string[] = [];
  let quoted = false;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (text[i] === sep && !quoted) {
      out.push(text.slice(from, i));
      from = i + 1;
    }
  }
  out.push(text.slice(from));
  return out;
}

/** A parameter value unquoted, RFC 6868's escapes decoded (^' a double quote, ^n a line break, ^^ a caret). */
function paramValue(raw: string): string {
  return raw.replace(/^"|"$/g, "").replace(/\^(['n^])/g, (_, c: string) => (c === "'" ? '"' : c === "n" ? "\n" : "^"));
}

function valueColon(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ":" && !quoted) return i;
  }
  return -1;
}

/** A structured value's components, split at unescaped ";", each unescaped. */
export function components(value: string): string[] {
  return value.split(/(?<!\\);/).map((p) => p.replace(/\\n/gi, " ").replace(/\\([,;\\])/g, "$1").trim());
}
