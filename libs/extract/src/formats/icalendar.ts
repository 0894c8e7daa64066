/**
 * iCalendar (RFC 5545): a calendar's events, as Outlook, Google Calendar and phones export them.
 * Read as text, a long attendee line is folded at 75 octets, often inside the e-mail address or
 * the name ("mailto:jonathan.smit\r\n hers@example.com"), and names stand in parameters
 * ("ATTENDEE;CN=Jane Roe;ROLE=REQ-PARTICIPANT:mailto:…"). Here each event, to-do or journal entry
 * is a row; its organizer's and attendees' names and addresses, summary, description, location,
 * comments and contacts are cells under their meaning, lines unfolded and escapes undone.
 */
import { componentsOf, components, type ContentProperty } from "./content-lines.ts";
import { recordsFormat } from "./record-cells.ts";

/** Properties of free text, under the words a column header would use. */
const LABELS: Record<string, string> = {
  SUMMARY: "summary",
  DESCRIPTION: "description",
  LOCATION: "location",
  COMMENT: "comment",
  CONTACT: "contact",
};

/** A person of the event: [name, e-mail] cells under "organizer name", "attendee e-mail" and the like. */
function personCells(p: ContentProperty): Array<[string, string]> {
  const who = p.name === "ORGANIZER" ? "organizer" : "attendee";
  const cells: Array<[string, string]> = [];
  const name = p.params.get("CN")?.join(", ");
  if (name) cells.push([`${who} name`, name]);
  cells.push([`${who} e-mail`, p.value.replace(/^mailto:/i, "")]);
  return cells;
}

/** Each event's, to-do's or journal entry's cells. */
function* eventCells(text: string): Generator<Array<[string, string]>> {
  for (const event of componentsOf(text, "VEVENT", "VTODO", "VJOURNAL")) {
    const cells: Array<[string, string]> = [];
    for (const p of event) {
      if (p.name === "ORGANIZER" || p.name === "ATTENDEE") cells.push(...personCells(p));
      else if (LABELS[p.name] !== undefined) cells.push([LABELS[p.name]!, components(p.value).join("; ")]);
    }
    yield cells;
  }
}

export const icalendarFormat = recordsFormat(["icalendar"], "RFC 5545, read here", eventCells);
