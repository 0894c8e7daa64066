/**
 * LDIF (RFC 2849): an LDAP directory's export, as Active Directory's ldifde and OpenLDAP's
 * slapcat write it: one entry per person with name, e-mail, telephone, address, employee number.
 * Read as text it hid its values: a name with one non-ASCII letter is written in base64
 * ("cn:: SsO2cmcgTcO8bGxlcg=="), long values are folded over lines, and each value's label is an
 * attribute's short name ("sn", "l", "st"). Here each entry is a row and each attribute value a
 * cell under its attribute's name spelt out ("surname", "city"), as a sheet's cells under their
 * headers; base64 values are decoded, binary ones (photos, GUIDs, SIDs) left out. The entry's DN
 * repeats its common name and is not emitted.
 */
import { decodeText, looksLikeText } from "../text-decode.ts";
import { directoryLabel } from "./directory-labels.ts";
import { recordsFormat } from "./record-cells.ts";

/** The text's entries as [attribute, value] lines, folded lines joined, comments dropped. */
export function* ldifEntries(text: string): Generator<Array<[attribute: string, separator: string, value: string]>> {
  let entry: Array<[string, string, string]> = [];
  let line: string | null = null;
  let comment = false;
  const flush = () => {
    if (line !== null && !comment) {
      // (`s`: a value runs to the line's end whatever it holds; a lone CR in it made the blanks
      // around the separator try every split, quadratic in their length)
      const m = /^([A-Za-z0-9][\w.;-]*)[ \t]*(::|:<|:)[ \t]*(.*)$/s.exec(line);
      if (m) entry.push([m[1]!, m[2]!, m[3]!]);
    }
    line = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    if (raw.startsWith(" ") && line !== null) {
      line += raw.slice(1); // a folded line goes on (a comment's too)
      continue;
    }
    flush();
    if (raw.trim() === "") {
      if (entry.length > 0) yield entry;
      entry = [];
      continue;
    }
    comment = raw.startsWith("#");
    line = raw;
  }
  flush();
  if (entry.length > 0) yield entry;
}

/** Attributes that say what the record is or how it changes, not about whom. */
const PLUMBING = /^(?:dn|version|changetype|objectclass|control|add|delete|replace|-)$/i;

/** Each entry's values as [label, value] cells: plumbing, values by URL and binary values left out. */
function* entryCells(text: string): Generator<Array<[string, string]>> {
  for (const entry of ldifEntries(text)) {
    if (!entry.some(([a]) => a.toLowerCase() === "dn")) continue; // "version: 1" on its own
    const cells: Array<[string, string]> = [];
    for (const [attribute, separator, raw] of entry) {
      const name = attribute.split(";")[0]!;
      if (PLUMBING.test(name) || separator === ":<") continue; // (a value by URL is not in the file)
      if (separator !== "::") {
        cells.push([directoryLabel(name), raw]);
        continue;
      }
      const decoded = Buffer.from(raw, "base64");
      if (decoded.length > 0 && looksLikeText(decoded) !== null) cells.push([directoryLabel(name), decodeText(decoded).text]); // (not a photo, a GUID, a SID)
    }
    yield cells;
  }
}

export const ldifFormat = recordsFormat(["ldif"], "RFC 2849, read here", entryCells);
