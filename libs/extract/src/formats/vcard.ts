/**
 * vCard (RFC 6350, and the 2.1 that phones still export): a contacts file, one card per person,
 * the densest personal data a share holds. Read as text it hid most of it: a name with one
 * non-ASCII letter is quoted-printable in 2.1 ("N;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=B6rg"),
 * a name's and an address's parts are ";"-separated fields, and the labels ("TEL;CELL", "BDAY")
 * are no words the detectors know. Here each card is a row and each property a cell under its
 * meaning spelt out ("name", "mobile phone", "address", "date of birth"), its value decoded
 * (quoted-printable, the charset, escapes, folded lines) and its parts joined in reading order
 * ("Jörg Müller", "Hauptstraße 5, Berlin, 10115, Germany"), a date in vCard 4's basic format as
 * "1985-03-14". Photos, keys and sounds (base64),
 * identifiers and revision stamps are left out.
 */
import iconv from "iconv-lite";
import { recordsFormat } from "./record-cells.ts";

/** Properties that say something of the person, under the words a column header would use. */
const LABELS: Record<string, string> = {
  FN: "full name",
  N: "name",
  NICKNAME: "nickname",
  BDAY: "date of birth",
  ANNIVERSARY: "anniversary",
  GENDER: "gender",
  ADR: "address",
  LABEL: "address",
  TEL: "telephone",
  EMAIL: "e-mail",
  IMPP: "instant messaging",
  ORG: "organization",
  TITLE: "title",
  ROLE: "role",
  NOTE: "note",
  URL: "url",
  "X-ANDROID-CUSTOM": "note",
};

export interface VcardProperty {
  name: string;
  /** Parameters, upper-cased names; bare 2.1 types ("CELL", "HOME") under TYPE. */
  params: Map<string, string[]>;
  /** The value, decoded: quoted-printable and charset applied, escapes not yet. */
  value: string;
}

/** The cards of a text: each its properties in order. */
export const vcards = (text: string) => componentsOf(text, "VCARD");

/**
 * The components of a text in the content-line format of vCard and iCalendar ("BEGIN:VCARD" …
 * "END:VCARD", "BEGIN:VEVENT" … "END:VEVENT"), those of the kinds asked for, each its properties
 * in order (a nested component's, an event's alarm, among them).
 */
export function* componentsOf(text: string, ...kinds: string[]): Generator<VcardProperty[]> {
  // folded lines (a line break and one blank) are one line
  const lines = text.replace(/\r?\n[ \t]/g, "").split(/\r?\n/);
  let card: VcardProperty[] | null = null;
  let kind = "";
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    const colon = valueColon(line);
    if (colon < 0) continue;
    const [head, ...paramParts] = line.slice(0, colon).split(";");
    const name = head!.replace(/^[\w-]+\./, "").toUpperCase(); // ("item1.EMAIL": a group)
    const params = new Map<string, string[]>();
    for (const p of paramParts) {
      const eq = p.indexOf("=");
      const key = eq < 0 ? "TYPE" : p.slice(0, eq).toUpperCase();
      const values = (eq < 0 ? p : p.slice(eq + 1)).replace(/^"|"$/g, "").split(",");
      params.set(key, [...(params.get(key) ?? []), ...values]);
    }
    const encoding = (params.get("ENCODING")?.[0] ?? (params.get("TYPE")?.includes("QUOTED-PRINTABLE") ? "QUOTED-PRINTABLE" : "")).toUpperCase();
    if (name === "BEGIN" || name === "END") {
      const which = line.slice(colon + 1).trim().toUpperCase();
      if (name === "BEGIN" && card === null && kinds.includes(which)) {
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
}

/** The colon that ends a property's name and parameters (not one inside a quoted parameter value). */
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

/** A property's text as a reader would write it: a name given name first, an address's parts in order. */
export function readable(p: VcardProperty): string {
  if (p.name === "N") {
    const [family = "", given = "", additional = "", prefix = "", suffix = ""] = components(p.value);
    return [prefix, given, additional, family, suffix].filter((x) => x !== "").join(" ");
  }
  if (p.name === "ADR" || p.name === "ORG") return components(p.value).filter((x) => x !== "").join(", ");
  // a date in vCard 4's basic format ("19850314", "19850314T000000Z") as it is read: "1985-03-14"
  const basic = /^(\d{4})(\d{2})(\d{2})(?:T[\dZ+-]*)?$/.exec(p.value.trim());
  if ((p.name === "BDAY" || p.name === "ANNIVERSARY") && basic) return `${basic[1]}-${basic[2]}-${basic[3]}`;
  return components(p.value).join("; ");
}

/** A telephone's label by its type: a mobile, a fax and a pager are said so. */
function telLabel(p: VcardProperty): string {
  const types = (p.params.get("TYPE") ?? []).map((t) => t.toUpperCase());
  if (types.includes("CELL")) return "mobile phone";
  if (types.includes("FAX")) return "fax";
  if (types.includes("PAGER")) return "pager";
  return "telephone";
}

/** Each card's properties as [label, value] cells, those that say nothing of the person left out. */
function* cardCells(text: string): Generator<Array<[string, string]>> {
  for (const card of vcards(text)) {
    const cells: Array<[string, string]> = [];
    for (const p of card) {
      const label = p.name === "TEL" ? telLabel(p) : LABELS[p.name];
      if (label !== undefined) cells.push([label, readable(p)]);
    }
    yield cells;
  }
}

export const vcardFormat = recordsFormat(["vcard"], "RFC 6350 and vCard 2.1, read here (iconv-lite for charsets)", cardCells);
