import assert from "node:assert/strict";
import { rowCells, run } from "../test-util/run.ts";

/** A phone's export (vCard 2.1: quoted-printable names, bare types) and a vCard 3.0 card (escapes, a folded note, a photo). */
const CONTACTS = [
  "BEGIN:VCARD",
  "VERSION:2.1",
  "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=B6rg;;;",
  "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=B6rg M=C3=BCller",
  "TEL;CELL:+49 151 40881726",
  "EMAIL;HOME:joerg.mueller@web.de",
  "ADR;HOME;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:;;Hauptstra=C3=9Fe 5;Berlin;;10115;Deutsch=",
  "land",
  "BDAY:19850314",
  "END:VCARD",
  "BEGIN:VCARD",
  "VERSION:3.0",
  "PRODID:-//Apple Inc.//iOS 17.0//EN",
  "N:Smith;Anna;;Dr.;",
  "FN:Anna Smith",
  "item1.TEL;TYPE=HOME,VOICE:(415) 829-3074",
  "ADR;TYPE=HOME:;;42 Market Street;San Francisco;CA;94105;USA",
  "NOTE:Met at the conference\\, call after 5;",
  "  prefers e-mail",
  "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQE",
  "UID:4c9b1d9e-0f3a-4b7a-9f1e-2d6a8c5b3e21",
  "END:VCARD",
].join("\r\n");

describe("extract: vCard (a contacts file)", () => {
  it("reads each card as a row and each property as a cell under its meaning, decoded and in reading order", async () => {
    const r = await run(CONTACTS, "contacts.vcf", "text/vcard");
    assert.deepEqual([r.detected_type, r.status], ["text/vcard", "complete"]);
    assert.deepEqual(rowCells(r), [
      [1, "name", "Jörg Müller"],
      [1, "full name", "Jörg Müller"],
      [1, "mobile phone", "+49 151 40881726"],
      [1, "e-mail", "joerg.mueller@web.de"],
      [1, "address", "Hauptstraße 5, Berlin, 10115, Deutschland"],
      [1, "date of birth", "1985-03-14"],
      [2, "name", "Dr. Anna Smith"],
      [2, "full name", "Anna Smith"],
      [2, "telephone", "(415) 829-3074"],
      [2, "address", "42 Market Street, San Francisco, CA, 94105, USA"],
      [2, "note", "Met at the conference, call after 5; prefers e-mail"],
    ]);
  });
});
