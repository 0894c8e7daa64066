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
import { recordsFormat } from "./record-cells.ts";
import { componentsOf, components, type ContentProperty } from "./content-lines.ts";

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

/** The cards of a text: each its properties in order. */
export const vcards = (text: string) => componentsOf(text, "VCARD");

/** A property's text as a reader would write it: a name given name first, an address's parts in order. */
export function readable(p: ContentProperty): string {
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
function telLabel(p: ContentProperty): string {
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
