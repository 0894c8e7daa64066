import assert from "node:assert/strict";
import { rowCells, run } from "../test-util/run.ts";

/** An invitation as Outlook writes it: attendee lines folded at 75 octets inside the address, an alarm inside the event. */
const INVITE = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN",
  "BEGIN:VEVENT",
  "ORGANIZER;CN=Jane Roe:mailto:jane.roe@acme-corp.com",
  "ATTENDEE;CN=Jonathan Smithers;ROLE=REQ-PARTICIPANT;RSVP=TRUE:mailto:jonathan.smit",
  " hers@acme-corp.com",
  "SUMMARY:Salary review\\, Q4",
  "DESCRIPTION:Bring the payroll sheet.\\nRoom booked by HR.",
  "LOCATION:Building 2\\, Room 301",
  "UID:040000008200E00074C5B7101A82E008",
  "BEGIN:VALARM",
  "ACTION:DISPLAY",
  "DESCRIPTION:Reminder",
  "END:VALARM",
  "END:VEVENT",
  "END:VCALENDAR",
].join("\r\n");

describe("extract: iCalendar (a calendar's events)", () => {
  it("reads each event as a row, its people's names and addresses, summary, description and location as cells; folded lines joined", async () => {
    const r = await run(INVITE, "invite.ics", "text/calendar");
    assert.deepEqual([r.detected_type, r.status], ["text/calendar", "complete"]);
    assert.deepEqual(rowCells(r), [
      [1, "organizer name", "Jane Roe"],
      [1, "organizer e-mail", "jane.roe@acme-corp.com"],
      [1, "attendee name", "Jonathan Smithers"],
      [1, "attendee e-mail", "jonathan.smithers@acme-corp.com"],
      [1, "summary", "Salary review, Q4"],
      [1, "description", "Bring the payroll sheet. Room booked by HR."],
      [1, "location", "Building 2, Room 301"],
      [1, "description", "Reminder"],
    ]);
  });

  it("reads quoted parameter values whole (a comma or semicolon in a name) and decodes RFC 6868's escapes (^' a quote)", async () => {
    const ics = ["BEGIN:VCALENDAR", "BEGIN:VEVENT", `ORGANIZER;CN="Roe, Jane; HR":mailto:jane.roe@acme-corp.com`, "ATTENDEE;CN=George Herman ^'Babe^' Ruth;ROLE=CHAIR:mailto:babe@example.com", "END:VEVENT", "END:VCALENDAR"].join("\r\n");
    assert.deepEqual(rowCells(await run(ics, "invite.ics", "text/calendar")), [
      [1, "organizer name", "Roe, Jane; HR"],
      [1, "organizer e-mail", "jane.roe@acme-corp.com"],
      [1, "attendee name", 'George Herman "Babe" Ruth'],
      [1, "attendee e-mail", "babe@example.com"],
    ]);
  });

  it("reads an event whose END is missing: up to the next event, or to the end of a file cut short", async () => {
    // (vCalendar 1.0, as Tika's testVCalendar.vcs: its END:VEVENT ran into the line before)
    const vcs = [
      "BEGIN:VCALENDAR", "VERSION:1.0",
      "BEGIN:VEVENT", "SUMMARY:Interview Jane Roe", "PRIORITY:3END:VEVENT",
      "BEGIN:VEVENT", "LOCATION;ENCODING=QUOTED-PRINTABLE:3939 N Mississippi Ave., Portland, OR", "SUMMARY:Battleme", "PRIORITY:3END:VEVENT",
      "END:VCALENDAR",
    ].join("\n");
    assert.deepEqual(rowCells(await run(vcs, "events.vcs", "text/calendar")), [
      [1, "summary", "Interview Jane Roe"],
      [2, "location", "3939 N Mississippi Ave., Portland, OR"],
      [2, "summary", "Battleme"],
    ]);
    const cut = INVITE.slice(0, INVITE.indexOf("UID:"));
    assert.deepEqual(rowCells(await run(cut, "invite.ics", "text/calendar")).map((c) => c[1]), ["organizer name", "organizer e-mail", "attendee name", "attendee e-mail", "summary", "description", "location"]);
  });
});
