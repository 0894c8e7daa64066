import assert from "node:assert/strict";
import { rowCells, run } from "../test-util/run.ts";

/** An Active Directory export as ldifde writes it: a comment, a folded DN, a name in base64, a photo. */
const EXPORT = [
  "version: 1",
  "",
  "# Users, corp.example",
  "dn: CN=J\\C3\\B6rg M\\C3\\BCller,OU=Finance,OU=Users,DC=corp,DC=exa",
  " mple",
  "objectClass: top",
  "objectClass: person",
  "cn:: SsO2cmcgTcO8bGxlcg==",
  "sn:: TcO8bGxlcg==",
  "givenName:: SsO2cmc=",
  "mail: joerg.mueller@corp-example.de",
  "telephoneNumber: +49 30 901820",
  "l: Berlin",
  "streetAddress: Unter den Linden 77",
  "employeeNumber: 004711",
  "jpegPhoto:: /9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGBgYKBwgGBwYG",
  "objectGUID:: 9Cx2WpM0kU6n8Jk7Q6x1fA==",
  "description: Reports to the CFO; phone hours",
  "  9-12",
  "",
  "dn: CN=Anna Smith,OU=Users,DC=corp,DC=example",
  "cn: Anna Smith",
  "mail: anna.smith@corp-example.de",
  "",
].join("\n");

describe("extract: LDIF (an LDAP export)", () => {
  it("reads each entry as a row and each value as a cell under its attribute spelt out; base64 names decoded, folded lines joined, binary values and the DN left out", async () => {
    const r = await run(EXPORT, "users.ldif", "application/octet-stream");
    assert.deepEqual([r.detected_type, r.status], ["text/x-ldif", "complete"]);
    assert.deepEqual(rowCells(r), [
      [1, "common name", "Jörg Müller"],
      [1, "surname", "Müller"],
      [1, "given name", "Jörg"],
      [1, "e-mail", "joerg.mueller@corp-example.de"],
      [1, "telephone", "+49 30 901820"],
      [1, "city", "Berlin"],
      [1, "street address", "Unter den Linden 77"],
      [1, "employee number", "004711"],
      [1, "description", "Reports to the CFO; phone hours 9-12"],
      [2, "common name", "Anna Smith"],
      [2, "e-mail", "anna.smith@corp-example.de"],
    ]);
  });
  it("is told by its first entry without the extension; a text that mentions dn: later is text", async () => {
    const r = await run(EXPORT.split("\n").slice(2).join("\n"), "export.txt", "text/plain");
    assert.equal(r.detected_type, "text/x-ldif");
    const t = await run("Notes from the meeting\ndn: is the LDAP name\n", "notes.txt", "text/plain");
    assert.equal(t.detected_type, "text/plain");
  });
});
