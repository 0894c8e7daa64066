import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { locator, type Segment } from "@filescan/contracts";
import { detect, detectorTypes, detectWithStats, optionsFromEnv, warmUp, DETECTORS } from "./index.ts";

const seg = (text: string, loc = {}): Segment => ({ text, source: "text", locator: locator(loc) });

describe("detect()", () => {
  it("returns located, scored, explained findings with masked values only", () => {
    const text = "Customer SSN: 536-22-1234, card 4111 1111 1111 1111, mail jane.doe@corp.acme.org";
    const fs = detect([seg(text, { page: 3, file_in_zip: "a/b.pdf" })], { ner: false });
    const byType = Object.fromEntries(fs.map((f) => [f.type, f]));
    assert.deepEqual(Object.keys(byType).sort(), ["CREDIT_CARD", "EMAIL_ADDRESS", "US_SSN"]);
    const ssn = byType.US_SSN!;
    assert.equal(text.slice(ssn.start, ssn.end), "536-22-1234");
    assert.deepEqual(ssn.context, ["ssn"]);
    assert.equal(ssn.validation, "ssn_rules");
    assert.equal(ssn.locator.page, 3);
    assert.equal(ssn.locator.file_in_zip, "a/b.pdf");
    assert.equal(ssn.masked, "***-**-1234");
    assert.equal(byType.CREDIT_CARD!.masked, "**** **** **** 1111");
    assert.equal(byType.CREDIT_CARD!.validation, "luhn");
    assert.equal(byType.EMAIL_ADDRESS!.masked, "j***@corp.acme.org");
    for (const f of fs) {
      const raw = text.slice(f.start, f.end);
      assert.ok(!f.masked.includes(raw), `${f.type} masked value leaks the raw value`);
      assert.ok(f.score >= 0.4 && f.score <= 1);
    }
  });

  it("counts offsets in the text of a locator: a long text's chunks, which share one, joined in order", () => {
    const chunks = ["Minutes of the meeting.\n".repeat(30), "Call Jane at jane.roe@acme.org today.\n", "SSN: 536-22-1234\n"];
    const findings = detect([...chunks.map((t) => seg(t)), seg("IBAN DE89 3704 0044 0532 0130 00", { page: 2 })], { ner: false });
    const joined = chunks.join("");
    const at = (type: string) => findings.find((f) => f.type === type)!;
    assert.equal(joined.slice(at("EMAIL_ADDRESS").start, at("EMAIL_ADDRESS").end), "jane.roe@acme.org");
    assert.equal(joined.slice(at("US_SSN").start, at("US_SSN").end), "536-22-1234");
    assert.deepEqual([at("IBAN_CODE").locator.page, at("IBAN_CODE").start], [2, 5], "another locator counts from its own start");
  });
  it("counts a locator's chunks apart from another's in between, locators that differ in one field alone", () => {
    const a = { sheet: "Notes", row: 3, column: "Remarks" };
    const b = { sheet: "Notes 2", row: 3, column: "Remarks" };
    const findings = detect([seg("Filed under ".repeat(10), a), seg("SSN: 536-22-1234", b), seg("Reach jane.roe@acme.org", a)], { ner: false });
    const at = (type: string) => findings.find((f) => f.type === type)!;
    assert.deepEqual([at("US_SSN").locator.sheet, at("US_SSN").start], ["Notes 2", 5]);
    assert.deepEqual([at("EMAIL_ADDRESS").locator.sheet, at("EMAIL_ADDRESS").start], ["Notes", 120 + 6]);
  });
  it("is deterministic", () => {
    const s = [seg("Dear John Smith, your IBAN DE89 3704 0044 0532 0130 00 and phone +44 20 7946 0958.")];
    assert.deepEqual(detect(s), detect(s));
  });

  it("uses CSV column names and spreadsheet header rows as context", () => {
    // 536221234 alone is a weak 9-digit SSN candidate (0.3); the header makes it reportable.
    assert.equal(detect([seg("536221234")], { ner: false }).filter((f) => f.type === "US_SSN").length, 0);
    const csv = detect([seg("536221234", { column: "ssn", row: 2 })], { ner: false });
    assert.equal(csv.find((f) => f.type === "US_SSN")?.context[0], "ssn");
    const sheet = detect(
      [seg("Social Security", { sheet: "HR", cell: "B1", row: 1 }), seg("Name", { sheet: "HR", cell: "A1", row: 1 }), seg("536221234", { sheet: "HR", cell: "B2", row: 2 }), seg("536221234", { sheet: "Other", cell: "B2", row: 2 })],
      { ner: false },
    );
    const ssns = sheet.filter((f) => f.type === "US_SSN");
    assert.equal(ssns.length, 1);
    assert.equal(ssns[0]!.locator.sheet, "HR");
  });

  it("negative context lowers a score", () => {
    const a = detect([seg("ref 4111111111111111")], { ner: false })[0]!;
    const b = detect([seg("test card sample 4111111111111111")], { ner: false })[0]!;
    assert.ok(b.score < a.score);
    assert.ok(b.context.some((c) => c.startsWith("-")));
  });

  it("keeps the stronger of overlapping findings", () => {
    // 9 digits: SSN candidate, also a passport/bank/ABA shape; one span, one finding.
    const fs = detect([seg("SSN 536221234")], { ner: false, minScore: 0 });
    assert.equal(fs.length, 1);
    assert.equal(fs[0]!.type, "US_SSN");
  });

  it("reads credentials in a connection string and a captured request as passwords, not as an address", () => {
    const basic = Buffer.from("admin:S3cr3tPassw0rd!").toString("base64");
    const fs = detect([seg(`DATABASE_URL=postgres://app_user:S3cr3tPassw0rd@db.internal:5432/prod`), seg(`authorization: Basic ${basic}`)], { ner: false });
    assert.deepEqual(fs.map((f) => [f.type, f.detector, f.validation, f.masked]), [
      ["PASSWORD", "password", "url_userinfo", "************"],
      ["PASSWORD", "basic_auth", "basic_auth", "************"],
    ]);
  });

  it("honours allow and deny lists and custom detectors", () => {
    const text = "Project Bluebird: employee E-123456, card 4111 1111 1111 1111";
    const fs = detect([seg(text)], {
      ner: false,
      allow: ["4111111111111111"],
      deny: ["bluebird"],
      custom: [{ type: "EMPLOYEE_ID", pattern: String.raw`\bE-\d{6}\b`, score: 0.3, context: ["employee"] }],
    });
    assert.deepEqual(fs.map((f) => [f.type, text.slice(f.start, f.end)]), [["DENY_LIST", "Bluebird"], ["EMPLOYEE_ID", "E-123456"]]);
    assert.equal(fs[1]!.score, 0.65);
    assert.throws(() => detect([seg("x")], { custom: [{ type: "X", pattern: "(", score: 1 }] }), /invalid pattern/);
    assert.throws(() => detect([seg("x")], { custom: [{ type: "X", pattern: "x", score: 1, context: [401] as unknown as string[] }] }), /context must be an array of words/);
    assert.throws(() => detect([seg("x")], { custom: [{ type: "X", pattern: "x", score: 1, flags: "y" }] }), /flags may hold/);
  });

  it("ends a custom pattern's scan that matches the empty string beside an emoji under the u flag (it looped for good)", () => {
    const text = "Thanks \u{1F44D} EMP-123456 and \u{1F600}";
    const fs = detect([seg(text)], { ner: false, custom: [{ type: "EMPLOYEE_ID", pattern: String.raw`(?:EMP-)?\d*`, flags: "u", score: 0.8 }] });
    assert.deepEqual(fs.filter((f) => f.type === "EMPLOYEE_ID").map((f) => text.slice(f.start, f.end)), ["EMP-123456"]);
  });

  it("filters entity types", () => {
    const fs = detect([seg("SSN 536-22-1234 mail a.b@c.org")], { entities: ["EMAIL_ADDRESS"] });
    assert.deepEqual(fs.map((f) => f.type), ["EMAIL_ADDRESS"]);
  });

  it("runs NER only on bounded windows near triggers", () => {
    const filler = "The quarterly figures improved across all regions and the board approved the plan. ".repeat(200);
    const text = `${filler}Contact person: Maria Garcia, phone +1 415 555 0132. ${filler}`;
    const { findings, stats } = detectWithStats([seg(text)]);
    const person = findings.find((f) => f.type === "PERSON");
    assert.ok(person, JSON.stringify(findings));
    assert.equal(text.slice(person.start, person.end), "Maria Garcia");
    assert.ok(stats.nerChars > 0 && stats.nerChars < 2000, `NER read ${stats.nerChars} of ${text.length} chars`);
    assert.equal(detectWithStats([seg(filler)]).stats.nerChars, 0);
    assert.equal(detectWithStats([seg(text)], { ner: false }).stats.nerChars, 0);
  });

  it("reads NER windows of many segments in one batch and gives each finding back to its own segment", () => {
    const names = ["Maria Garcia", "John Smith", "Emily Johnson", "David Brown"];
    // Not a name alone (person_in_cell would take that without NER): a name and a department.
    const cells = names.map((n, i) => seg(`${n}, sales team`, { sheet: "Staff", row: i + 2, column: "full name", cell: `A${i + 2}` }));
    const filler = "The quarterly figures improved across all regions and the board approved the plan. ".repeat(20);
    const long = seg(`${filler}Please contact Dr. Sarah Miller about the audit. ${filler}`, { page: 2 });
    const all = [...cells, long];
    const { findings, stats } = detectWithStats(all);
    const people = findings.filter((f) => f.type === "PERSON");
    for (const [i, n] of names.entries()) {
      const f = people.find((p) => p.locator.row === i + 2);
      assert.ok(f, `no PERSON in cell A${i + 2}: ${JSON.stringify(people)}`);
      assert.equal(f.detector, "person");
      assert.equal(all[i]!.text.slice(f.start, f.end), n);
    }
    const inLong = people.find((p) => p.locator.page === 2);
    assert.ok(inLong, JSON.stringify(people));
    assert.equal(long.text.slice(inLong.start, inLong.end), "Sarah Miller");
    // Around the name only, not the paragraphs of filler on both sides.
    assert.ok(stats.nerChars < 600, `NER read ${stats.nerChars} chars`);
  });

  it("a value repeated in a column gets the same findings as in a row alone (the per-header cell memo)", () => {
    const header = ["status", "phone", "ssn", "country", "contact"];
    const values = [
      ["shipped", "+1 202-555-0143", "536-22-1234", "DE", "Maria Garcia"],
      ["open", "+1 202-555-0143", "4111 1111 1111 1111", "DE", "maria@example.com"],
      ["shipped", "+44 20 7946 0958", "536-22-1234", "US", "Maria Garcia"],
      ["shipped", "+1 202-555-0143", "536-22-1234", "DE", "Maria Garcia"],
    ];
    const sheet = (rows: string[][]) => [
      ...header.map((h, c) => seg(h, { sheet: "S", row: 1, cell: `${String.fromCharCode(65 + c)}1` })),
      ...rows.flatMap((r, i) => r.map((v, c) => seg(v, { sheet: "S", row: i + 2, cell: `${String.fromCharCode(65 + c)}${i + 2}` }))),
    ];
    for (const opts of [{ ner: false }, {}, { allow: ["536-22-1234"] }, { deny: ["shipped"] }]) {
      const whole = detectWithStats(sheet(values), opts);
      // Each row in a sheet of its own (no value repeats there), moved to its own row number.
      const alone = values.flatMap((r, i) =>
        detect(sheet([r]), opts).map((f) => ({ ...f, locator: { ...f.locator, row: i + 2, cell: f.locator.cell!.replace(/\d+$/, String(i + 2)) } })),
      );
      assert.deepEqual(whole.findings, alone, JSON.stringify(opts));
      assert.ok(whole.findings.length >= values.length * 2, `${whole.findings.length} findings`);
      // Counted as if each cell had been read: every detector ran or was skipped on every segment.
      const perSegment = detectWithStats([seg("x")], { ner: false }).stats;
      assert.equal(whole.stats.ran + whole.stats.skipped, whole.stats.segments * (perSegment.ran + perSegment.skipped));
    }
  });

  it("reads a value repeated in a column with NER once, and gives every cell its findings", () => {
    // (Not a city alone: place_in_cell takes that, without NER; see below.)
    const cities = ["Paris", "London", "Paris", "Paris", "London", "Berlin"];
    const office = "Office in ";
    const cells = [seg("city", { sheet: "S", row: 1, cell: "A1" }), ...cities.map((c, i) => seg(office + c, { sheet: "S", row: i + 2, cell: `A${i + 2}` }))];
    const { findings, stats } = detectWithStats(cells);
    const places = findings.filter((f) => f.type === "LOCATION");
    assert.deepEqual(places.map((f) => [f.locator.row, f.start, f.end]), cities.map((c, i) => [i + 2, office.length, office.length + c.length]));
    assert.equal(stats.nerWindows, 1 + 3, "the header and three distinct cells");
    assert.equal(stats.nerChars, "city".length + 3 * office.length + "Paris".length + "London".length + "Berlin".length);
  });

  it("leaves a cell that is a name alone to person_in_cell, without NER, title and suffix aside", () => {
    const cells = [seg("name", { sheet: "S", row: 1, cell: "A1" }), seg("Lavada Zieme", { sheet: "S", row: 2, cell: "A2" }), seg("Dr. Malvina DuBuque DDS", { sheet: "S", row: 3, cell: "A3" })];
    const { findings, stats } = detectWithStats(cells);
    assert.deepEqual(findings.map((f) => [f.type, f.detector, f.start, f.end]), [["PERSON", "person_in_cell", 0, 12], ["PERSON", "person_in_cell", 4, 19]]);
    assert.equal(stats.nerChars, "name".length, "NER read the header row only");
  });

  it("reads a form laid out as a sheet: a row's label (its first cell) is the context of the value beside it", () => {
    const rows = [["Employee record"], ["Name", "Tiara Gislason"], ["SSN", "536-22-1234"], ["Phone", "(206) 342-8631"], ["City", "Owensboro"], ["Date of birth", "1985-03-14"], ["Bank account", "4419572038", "checking"]];
    const cells = rows.flatMap((r, i) => r.map((t, c) => seg(t, { sheet: "S", row: i + 1, cell: `${"ABC"[c]}${i + 1}`, ...(i === 0 ? { part: "header" } : {}) })));
    const found = detect(cells).map((f) => [f.locator.cell, f.type, f.context]);
    assert.deepEqual(found, [
      ["B2", "PERSON", ["name"]], ["B3", "US_SSN", ["ssn"]], ["B4", "PHONE_NUMBER", ["phone"]], ["B5", "LOCATION", ["city"]],
      ["B6", "DATE_OF_BIRTH", ["birth", "date of birth"]], ["B7", "US_BANK_NUMBER", ["bank", "account"]],
    ]);
    // The same rows in a CSV file (cells named by column), and a table whose first column is no label.
    const csv = rows.slice(1).flatMap((r, i) => r.map((t, c) => seg(t, { row: i + 2, column: String(c + 1) })));
    assert.deepEqual(detect(csv).map((f) => f.type), ["PERSON", "US_SSN", "PHONE_NUMBER", "LOCATION", "DATE_OF_BIRTH", "US_BANK_NUMBER"]);
    const cellsOf = (table: string[][]) => table.flatMap((r, i) => r.map((t, c) => seg(t, { sheet: "S", row: i + 2, cell: `${"ABCD"[c]}${i + 2}` })));
    const noContext = [["Drew Bernier", "4419572038"], ["Passport Holder Wallet", "C03005988", "12.99", "3"], ["Bank 2", "4419572038"]];
    assert.deepEqual(detect(cellsOf(noContext)), [], "a name, a row of a wider table or a label with a digit gives the cell beside it no context");
    assert.deepEqual(detect(cellsOf([["Passport", "C03005988", "expires 2031"]])).map((f) => f.type), ["US_PASSPORT"], "a note after the value");
    // Pairs side by side: every pair's first cell a label; a row of a table whose every other cell is no label gives nothing.
    assert.deepEqual(detect(cellsOf([["Name", "Tiara Gislason", "Phone", "(206) 342-8631"], ["Bank account", "4419572038", "City", "Owensboro"]])).map((f) => [f.locator.cell, f.type]), [["B2", "PERSON"], ["D2", "PHONE_NUMBER"], ["B3", "US_BANK_NUMBER"], ["D3", "LOCATION"]]);
    assert.deepEqual(detect(cellsOf([["Bank account", "4419572038", "Drew Bernier", "4419572038"]])).map((f) => f.type), [], "not every pair starts with a label");
    // A cell's comments are no cells of the row, nor of the column: the label still counts.
    const commented = [...cellsOf([["Bank account", "4419572038"]]), seg("checked", { sheet: "S", row: 2, cell: "B2", part: "comment" }), seg("called", { sheet: "S", row: 2, cell: "C2", part: "comment" })];
    assert.deepEqual(detect(commented).map((f) => f.type), ["US_BANK_NUMBER"]);
  });

  it("reads a sheet's header of one to three capitals (SSN, DOB, PAN) as its column's name; a column's own letters name nothing", () => {
    // As libs/extract emits a sheet: the header row's names as each cell's column, or the column's letters without one.
    const cell = (text: string, ref: string, column: string) => seg(text, { sheet: "S", row: Number(ref.slice(1)), cell: ref, column });
    const found = detect([cell("536-22-1234", "B2", "SSN"), cell("1985-03-14", "C2", "DOB"), cell("ABCPE1234F", "D2", "PAN")], { ner: false });
    assert.deepEqual(found.map((f) => [f.locator.cell, f.type, f.context]), [["B2", "US_SSN", ["ssn"]], ["C2", "DATE_OF_BIRTH", ["dob"]], ["D2", "IN_PAN", ["pan"]]]);
    assert.ok(found.every((f) => f.type === "DATE_OF_BIRTH" || f.score >= 0.8), "the SSN and the PAN lifted by their headers");
    const lettered = detect([cell("536-22-1234", "B3", "B"), cell("1985-03-14", "C3", "C"), cell("ABCPE1234F", "AB3", "AB")], { ner: false });
    assert.deepEqual(lettered.map((f) => [f.locator.cell, f.type, f.context]), [["B3", "US_SSN", []], ["AB3", "IN_PAN", []]], "valid alone, without context; a date is no birth date");
  });

  it("reads a form whose labels sit above their values mid-sheet: the label is the context of the cell below it", () => {
    // A title in A1; labels in rows 3 and 5, each value right below its label, a remark beside.
    const grid: Array<[string, string]> = [["A1", "Employee record"], ["B3", "Bank account"], ["C3", "Full name"], ["B4", "4419572038"], ["C4", "Tiara Gislason"], ["B5", "SSN"], ["B6", "536-22-1234"]];
    const cells = grid.map(([ref, t]) => seg(t, { sheet: "S", row: Number(ref.slice(1)), cell: ref }));
    assert.deepEqual(detect(cells).map((f) => [f.locator.cell, f.type, f.context]), [["B4", "US_BANK_NUMBER", ["bank", "account"]], ["C4", "PERSON", ["name", "full name"]], ["B6", "US_SSN", ["ssn"]]]);
    // No label above (a name, an order number), or the label two rows up: no context.
    const far: Array<[string, string]> = [["A1", "Orders"], ["B3", "Drew Bernier"], ["B4", "4419572038"], ["C3", "Bank account"], ["C5", "4419572038"]];
    assert.deepEqual(detect(far.map(([ref, t]) => seg(t, { sheet: "S", row: Number(ref.slice(1)), cell: ref }))), []);
  });

  it("reads a PDF form field's value under the field's name, as a cell under its column", () => {
    const field = (text: string, column: string) => seg(text, { page: 1, part: "form field", column });
    const found = detect([field("536-22-1234", "SSN"), field("4419572038", "Bank account number"), field("Tiara Gislason", "Applicant name"), field("4419572038", "Order")]);
    assert.deepEqual(found.map((f) => [f.type, f.context]), [["US_SSN", ["ssn"]], ["US_BANK_NUMBER", ["bank", "account", "account number"]], ["PERSON", ["name", "applicant"]]]);
  });

  it("reads a document's property and a message's header under their names (part property:<name>, header:<name>)", () => {
    const found = detect([seg("4419572038", { part: "property:BankAccount" }), seg("Tiara Gislason", { part: "property:senderName" }), seg("4419572038", { part: "property:Order" }), seg("4419572038", { part: "header:x-account-number" })]);
    assert.deepEqual(found.map((f) => [f.type, f.locator.part, f.context]), [["US_BANK_NUMBER", "property:BankAccount", ["bank", "account"]], ["PERSON", "property:senderName", ["name"]], ["US_BANK_NUMBER", "header:x-account-number", ["account", "account number"]]]);
  });

  it("leaves a cell that is a known place or a country code alone to place_in_cell, without NER", () => {
    const cells = [seg("country", { sheet: "S", row: 1, cell: "A1" }), seg("DE", { sheet: "S", row: 2, cell: "A2" }), seg("Paris", { sheet: "S", row: 3, cell: "A3" })];
    const { findings, stats } = detectWithStats(cells);
    assert.deepEqual(findings.map((f) => [f.type, f.detector, f.validation, f.start, f.end]), [["LOCATION", "place_in_cell", "iso3166", 0, 2], ["LOCATION", "place_in_cell", "gazetteer", 0, 5]]);
    assert.equal(stats.nerChars, "country".length, "NER read the header row only");
  });

  it("a weak match in a cell without letters still meets a context word without letters, and a header's", () => {
    const custom = [{ type: "X_CODE", pattern: String.raw`\b555\b`, score: 0.1, context: ["401", "code"] }];
    assert.deepEqual(detect([seg("401 555")], { ner: false, custom }).map((f) => f.type), ["X_CODE"]);
    assert.deepEqual(detect([seg("555", { column: "code", row: 2 })], { ner: false, custom }).map((f) => f.type), ["X_CODE"]);
    assert.deepEqual(detect([seg("555")], { ner: false, custom }).map((f) => f.type), []);
  });

  it("reads labels as JSON keys, XML elements and HTML tables write them (camelCase, run together, between tags)", () => {
    const typeAt = (text: string, value: string) => {
      const at = text.indexOf(value);
      return detect([seg(text)], { ner: false }).filter((f) => f.start < at + value.length && at < f.end).map((f) => f.type);
    };
    // "415-209-1266" is a valid NHS number's shape too: its label decides
    assert.deepEqual(typeAt('{"phoneNumber": "415-209-1266"}', "415-209-1266"), ["PHONE_NUMBER"]);
    assert.deepEqual(typeAt('{"nhsNumber": "415-209-1266"}', "415-209-1266"), ["UK_NHS"]);
    assert.deepEqual(typeAt("<dateOfBirth>1980-05-22</dateOfBirth>", "1980-05-22"), ["DATE_OF_BIRTH"]);
    assert.deepEqual(typeAt("<tr><td>D.O.B.</td><td>01/09/1961</td></tr>", "01/09/1961"), ["DATE_OF_BIRTH"]);
    assert.deepEqual(typeAt("<TaxFileNo>123 456 782</TaxFileNo>", "123 456 782"), ["AU_TFN"]);
  });
  it("reads a record's value under its key as a cell under its column: names and places in JSON, XML, HTML tables, YAML", () => {
    const found = (text: string) => detect([seg(text)], { ner: false }).map((f) => `${f.type} ${text.slice(f.start, f.end)}`);
    assert.deepEqual(found('[{"customerName": "Hadley Hane", "city": "Riverton", "product": "Golden Hessel"}]'), ["PERSON Hadley Hane", "LOCATION Riverton"]);
    assert.deepEqual(found("<client><nom>Ara Waters</nom><geburtsort>Harlingen</geburtsort><title>Golden Hessel</title></client>"), ["PERSON Ara Waters", "LOCATION Harlingen"]);
    assert.deepEqual(found("<tr><td>Full name</td><td>Roma Mayert</td></tr><tr><td>Place of birth</td><td>Montserrat</td></tr>"), ["PERSON Roma Mayert", "LOCATION Montserrat"]);
    assert.deepEqual(found("owner:\n  name: 'Dereck Flatley'\n  town: 'Reading'\n"), ["PERSON Dereck Flatley", "LOCATION Reading"]);
    assert.deepEqual(found("Name=Foo Viewer\nName=Anna Smith\n"), [], "an unquoted key=value line is not a record (desktop files)");
  });
  it("reads values grouped by no-break spaces, written in full-width digits, or right after an escaped line break (each was missed), at their offsets in the original text", () => {
    const found = (text: string) => detect([seg(text)], { ner: false }).map((f) => `${f.type} ${text.slice(f.start, f.end)}`);
    assert.deepEqual(found('{"body": "Hi,\\nSSN:\\n536-22-1234\\nCard:\\n4556 7375 8689 9855\\nIBAN:\\nDE89370400440532013000\\nmail:\\njohn.doe@gmail.com"}'), [
      "US_SSN 536-22-1234", "CREDIT_CARD 4556 7375 8689 9855", "IBAN_CODE DE89370400440532013000", "EMAIL_ADDRESS john.doe@gmail.com",
    ]);
    assert.deepEqual(found("IBAN\u00a0: FR76\u00a03000\u00a06000\u00a00112\u00a03456\u00a07890\u00a0189, carte 4111\u202f1111\u202f1111\u202f1111"), [
      "IBAN_CODE FR76\u00a03000\u00a06000\u00a00112\u00a03456\u00a07890\u00a0189", "CREDIT_CARD 4111\u202f1111\u202f1111\u202f1111",
    ]);
    assert.deepEqual(found("マイナンバー：４９３８２７１６０５５１"), ["JP_MY_NUMBER ４９３８２７１６０５５１"]);
  });
  it("reads values with invisible characters inside (zero-width space, soft hyphen, word joiner), at their offsets in the original text, masked without them", () => {
    const text = "Card: 4111\u200b1111\u200b1111\u200b1111. SSN 536\u206022\u20604871. Mail jo\u00adhn.smith@gmail.com.";
    // (two chunks of one locator: offsets count in their texts joined)
    const joined = `Header ${text}`;
    const fs = detect([seg("Header "), seg(text)], { ner: false });
    assert.deepEqual(fs.map((f) => [f.type, joined.slice(f.start, f.end), f.masked]), [
      ["CREDIT_CARD", "4111\u200b1111\u200b1111\u200b1111", "************1111"],
      ["US_SSN", "536\u206022\u20604871", "*****4871"],
      ["EMAIL_ADDRESS", "jo\u00adhn.smith@gmail.com", "j***@gmail.com"],
    ]);
    // a later chunk counts from the original length of the one before it
    const chunks = detect([seg("x\u200by 41\u200b11"), seg(" 536-22-4871")], { ner: false });
    assert.deepEqual(chunks.map((f) => [f.type, f.start]), [["US_SSN", 10]]);
  });
  it("reads values percent-encoded in URLs and form bodies, \\u-escaped in JSON, or as HTML character references (each was missed), at their escaped spans in the original text", () => {
    const found = (text: string, opts = {}) => detect([seg(text)], { ner: false, ...opts }).map((f) => `${f.type} ${text.slice(f.start, f.end)} ${f.masked}`);
    assert.deepEqual(found("10.0.0.7 - - [07/Dec/2026] \"GET /api/users?email=jane.doe%40gmail.com HTTP/1.1\" 200"), ["IP_ADDRESS 10.0.0.7 10.*.*.*", "EMAIL_ADDRESS jane.doe%40gmail.com j***@gmail.com"]);
    assert.deepEqual(found("redirect?to=mailto%3Ajohn.smith%40acme-corp.de"), ["EMAIL_ADDRESS john.smith%40acme-corp.de j***@acme-corp.de"]);
    assert.deepEqual(found("name=John+Smith&phone=%2B49+30+1234567&iban=DE89%203704%200044%200532%200130%2000"), [
      "PERSON John+Smith J*** S***",
      "PHONE_NUMBER %2B49+30+1234567 +** ** ***4567",
      "IBAN_CODE DE89%203704%200044%200532%200130%2000 DE** **** **** **** **30 00",
    ]);
    assert.deepEqual(found("GET /lookup?q=ssn%3A%20536-22-1234 HTTP/1.1"), ["US_SSN 536-22-1234 ***-**-1234"]);
    assert.deepEqual(found("GET /scim/v2/Users?filter=userName%20eq%20%22bjensen%40acme-corp.de%22 HTTP/1.1"), ["EMAIL_ADDRESS bjensen%40acme-corp.de b***@acme-corp.de"]);
    assert.deepEqual(found('{"email":"jane\\u0040gmail.com"}'), ["EMAIL_ADDRESS jane\\u0040gmail.com j***@gmail.com"]);
    assert.deepEqual(found("Contact: jane.doe&#64;gmail.com or jane.doe&#x40;gmail.com"), ["EMAIL_ADDRESS jane.doe&#64;gmail.com j***@gmail.com", "EMAIL_ADDRESS jane.doe&#x40;gmail.com j***@gmail.com"]);
    // the same value encoded and plain: one finding at each place, none twice
    assert.deepEqual(found("/u?email=jane.doe%40gmail.com&cc=jane.doe@gmail.com"), ["EMAIL_ADDRESS jane.doe%40gmail.com j***@gmail.com", "EMAIL_ADDRESS jane.doe@gmail.com j***@gmail.com"]);
    // a URL's credentials read as written: the authority is not decoded
    assert.deepEqual(found("url: http://admin:p%40ss%3Aword@db.internal:5432/app?owner=jane.doe%40gmail.com").map((f) => f.split(" ").slice(0, 2).join(" ")), ["PASSWORD p%40ss%3Aword", "EMAIL_ADDRESS jane.doe%40gmail.com"]);
    // the allow list reads the decoded value
    assert.deepEqual(found("/u?email=jane.doe%40gmail.com", { allow: ["jane.doe@gmail.com"] }), []);
    // nothing new: "%40" in no e-mail address, a percent in prose, a URL without personal data, letters and digits escaped by no encoder, malformed escapes
    for (const none of ["/search?q=foo%40bar&page=2", "sales grew 100%20 in 2023 and 30%30 in 2024", "https://example.com/a%20b/c?x=1%2C2&y=a+b#top", "see %E0%A4%zz and %C3 here", "/img/%31%32%33%34%35%36%37%38%39"]) {
      assert.deepEqual(found(none), [], none);
    }
    // a later chunk of the same locator counts from the original (escaped) length of the one before it
    const chunks = detect([seg("/u?x=%40%40%40 "), seg("SSN 536-22-4871")], { ner: false });
    assert.deepEqual(chunks.map((f) => [f.type, f.start, f.end]), [["US_SSN", 19, 30]]);
  });
  it("reports no one in a column of names that are no one's (languages, scripts), and everyone in a column of people's names", () => {
    const json = (key: string, values: string[]) => `[\n${values.map((v, i) => `  {"alpha_3": "a${i}", "${key}": "${v}", "scope": "I"}`).join(",\n")}\n]`;
    const people = (text: string) => detect([seg(text)]).filter((f) => f.type === "PERSON").map((f) => text.slice(f.start, f.end));
    // (ISO 639-3's languages: some are given names too, "Ari", "Adele"; some an unknown pair, a name's shape)
    const languages = ["Ghotuo", "Alumu-Tesu", "Ari", "Amal", "Arbëreshë Albanian", "Aranadan", "Ambrak", "Abu' Arapesh", "Arifama-Miniafia", "Ankave", "Abau", "Solong", "Mandobo Atas", "Amarasi", "Abé", "Bankon", "Ambala Ayta", "Manide", "Western Abnaki", "Abai Sungai", "Abaga", "Adele", "Pa'o Karen", "Lampung Nyo", "Aneme Wake", "Eastern Acipa"];
    assert.deepEqual(people(json("name", languages)), []);
    const names = ["Ayşe Yılmaz", "Chinedu Okafor", "Ilze Kalniņa", "Priya Raman", "Adebayo Ogunleye", "Mehmet Öztürk", "Jānis Bērziņš", "Ana Ruiz", "Hadley Hane", "Roma Mayert", "Dereck Flatley", "Oluwaseun Adeyemi", "Līga Ozola", "Wei Zhang", "Tomasz Nowak", "Sanne de Vries", "Kwame Mensah", "Zeynep Demir", "Ifeoma Nwosu", "Raghav Iyer"];
    assert.deepEqual(people(json("name", names)), names);
  });
  it("scores a name or a place NER reads inside a record by the record's key, not by the next member's", () => {
    const text = '[\n  {"code": "AR-M", "name": "Mendoza", "type": "Province"},\n  {"code": "LU-LU", "name": "Luxembourg", "type": "Canton"}\n]';
    const found = detect([seg(text)]).map((f) => `${f.type} ${text.slice(f.start, f.end)} ${f.context.join(",")}`);
    assert.ok(!found.some((f) => /province|canton/.test(f)), found.join("; "));
    assert.ok(!found.some((f) => f.startsWith("PERSON LU-LU name")), found.join("; "));
  });
  it("asks a NER finding of the whole text where its window is too narrow to tell: an element of an array of identifiers", () => {
    // (cfn-lint's schema of Amazon Bedrock's flows: "Name" in "required" opens a window that starts inside the array)
    const types = ["Input", "Output", "KnowledgeBase", "Condition", "Lex", "Prompt", "LambdaFunction", "Agent", "Storage", "Retrieval", "Iterator", "Collector", "InlineCode", "Loop"];
    const text = `{\n  "FlowNodeInput": {\n   "required": [\n    "Name",\n    "Type"\n   ],\n   "type": "object"\n  },\n  "FlowNodeType": {\n   "enum": [\n${types.map((t) => `    "${t}"`).join(",\n")}\n   ],\n   "type": "string"\n  }\n}`;
    assert.deepEqual(detect([seg(text)]).filter((f) => f.type === "PERSON").map((f) => text.slice(f.start, f.end)), []);
  });
  it("keeps a password and a key read with their keys inside a record, and reads a password alone under a password's key as a cell", () => {
    const found = (text: string) => detect([seg(text)], { ner: false }).map((f) => `${f.type} ${f.detector} ${text.slice(f.start, f.end)}`);
    assert.deepEqual(found('{"user": "bob", "password": "Xk7pQ2wq9", "api_key": "sk_live_abcdEFGH1234ijkl5678"}'), ["PASSWORD password Xk7pQ2wq9", "API_KEY api_key sk_live_abcdEFGH1234ijkl5678"]);
    assert.deepEqual(found("db:\n  password: 'Xk7pQ2wq9'\n"), ["PASSWORD password Xk7pQ2wq9"]);
    assert.deepEqual(found("<account><login>bob</login><passwd>Xk7pQ2wq9</passwd></account>"), ["PASSWORD password_in_cell Xk7pQ2wq9"]);
  });
  it("pre-filters skip detectors that cannot match", () => {
    const { stats } = detectWithStats([seg("no digits and no at-sign here at all")], { ner: false });
    assert.ok(stats.skipped > stats.ran, JSON.stringify(stats));
  });

  it("lists its types", () => {
    for (const t of ["EMAIL_ADDRESS", "PHONE_NUMBER", "CREDIT_CARD", "IBAN_CODE", "US_SSN", "UK_NHS", "IN_AADHAAR", "CRYPTO", "PRIVATE_KEY", "PERSON", "LOCATION", "ADDRESS", "DATE_OF_BIRTH", "DENY_LIST"]) {
      assert.ok(detectorTypes.includes(t), t);
    }
    assert.equal(new Set(DETECTORS.map((d) => d.id)).size, DETECTORS.length, "detector ids are unique");
  });
});

describe("detect() on one long line", () => {
  it("reads a line of two megabytes of candidates in one pass, not from each candidate to the line's start", () => {
    // (each street, each list number and each name label sought its line's start from where it
    // stood: a megabyte of them took 18 s, two more than a minute)
    const text = `${"Str. 1 AB12 Name: A ".repeat(100_000)}card 4111 1111 1111 1111`;
    const found = detect([{ text, source: "text", locator: locator({}) }]);
    assert.ok(found.some((f) => f.type === "CREDIT_CARD" && f.start === text.length - 19));
  });
});

describe("optionsFromEnv()", () => {
  let dir = "";
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), "det-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  it("reads the JSON file and environment overrides", () => {
    const file = path.join(dir, "d.json");
    writeFileSync(file, JSON.stringify({ allow: ["a"], deny: ["b"], custom: [{ type: "T", pattern: "x+", score: 0.5 }], minScore: 0.5 }));
    const o = optionsFromEnv({ FILESCAN_DETECTORS_CONFIG: file, FILESCAN_DETECTORS_NER: "off", FILESCAN_DETECTORS_ENTITIES: "US_SSN, EMAIL_ADDRESS" });
    assert.deepEqual(o.allow, ["a"]);
    assert.deepEqual(o.deny, ["b"]);
    assert.equal(o.custom?.[0]?.type, "T");
    assert.equal(o.minScore, 0.5);
    assert.equal(o.ner, false);
    assert.deepEqual(o.entities, ["US_SSN", "EMAIL_ADDRESS"]);
  });
  it("fails early on a bad configuration", () => {
    const file = path.join(dir, "d.json");
    writeFileSync(file, JSON.stringify({ custom: [{ type: "T", pattern: "(", score: 0.5 }] }));
    assert.throws(() => optionsFromEnv({ FILESCAN_DETECTORS_CONFIG: file }), /invalid pattern/);
    assert.throws(() => optionsFromEnv({ FILESCAN_DETECTORS_CONFIG: path.join(dir, "missing.json") }), /cannot read/);
    assert.throws(() => optionsFromEnv({ FILESCAN_DETECTORS_MIN_SCORE: "high" }), /non-negative number/);
    // (Boolean("off") is true: the file's "off" turned NER on)
    writeFileSync(file, JSON.stringify({ ner: "off" }));
    assert.throws(() => optionsFromEnv({ FILESCAN_DETECTORS_CONFIG: file }), /ner must be true or false, not "off"/);
    writeFileSync(file, JSON.stringify({ ner: false }));
    assert.equal(optionsFromEnv({ FILESCAN_DETECTORS_CONFIG: file }).ner, false);
    // (a misspelt type would select no detector, and every file would pass as clean)
    assert.throws(() => optionsFromEnv({ FILESCAN_DETECTORS_ENTITIES: "US_SSN,us_ssn,NOPE" }), /no detector finds "us_ssn", "NOPE"; the types are .*US_SSN/);
    writeFileSync(file, JSON.stringify({ entities: ["EMPLOYEE_ID"] }));
    assert.throws(() => optionsFromEnv({ FILESCAN_DETECTORS_CONFIG: file }), /no detector finds "EMPLOYEE_ID"/);
    writeFileSync(file, JSON.stringify({ entities: ["EMPLOYEE_ID", "PERSON"], custom: [{ type: "EMPLOYEE_ID", pattern: "E\\d{6}", score: 0.6 }] }));
    assert.deepEqual(optionsFromEnv({ FILESCAN_DETECTORS_CONFIG: file }).entities, ["EMPLOYEE_ID", "PERSON"]);
    assert.deepEqual(optionsFromEnv({}), {});
  });

});

describe("checksums that pass no more often than chance", () => {
  // A Unicode stroke table (Perl's Unicode/Collate/CJK/Stroke.pm): code points in rows of ten,
  // one in ten of the all-digit runs of four passing Luhn as a card, one in ten of three
  // passing Verhoeff as an Aadhaar number. Here: 16-digit ids, one in ten passing Luhn, as
  // in a list of ids a file holds without a word about them.
  const luhnDigit = (body: string) => {
    let sum = 0;
    for (let i = 0; i < body.length; i++) {
      let d = Number(body[body.length - 1 - i]);
      if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return String((10 - (sum % 10)) % 10);
  };
  const card = (n: number) => {
    const body = `4${String(100000000000000 + n * 7919).slice(0, 14)}`;
    return body + luhnDigit(body);
  };
  /** 16-digit numbers starting with 4, every tenth Luhn-valid (card(i)), the others not. */
  const ids = (n: number) =>
    Array.from({ length: n }, (_, i) => {
      const c = card(i);
      return i % 10 === 0 ? c : c.slice(0, 15) + String((Number(c[15]) + 1 + (i % 9)) % 10);
    });
  const cards = (text: string, opts = {}) => detectWithStats([seg(text)], { ner: false, ...opts });

  it("drops a table's chance passes that no context word supports, and says how many", () => {
    const r = cards(ids(300).join("\n"));
    assert.equal(r.findings.filter((f) => f.type === "CREDIT_CARD").length, 0);
    assert.equal(r.stats.atChance, 30);
    // ... each of them alone is a card (0.8: a plain 16-digit Luhn-valid run)
    assert.equal(cards(card(0)).findings.filter((f) => f.type === "CREDIT_CARD").length, 1);
  });
  it("keeps the ones with a context word, and real numbers among other numbers", () => {
    const rows = ids(300);
    rows[100] = `card ${rows[100]}`;
    assert.deepEqual(cards(rows.join("\n")).findings.filter((f) => f.type === "CREDIT_CARD").map((f) => f.context), [["card"]]);
    // ten cards among forty 16-digit numbers that fail Luhn: far above chance
    const mixed = [...Array.from({ length: 10 }, (_, i) => card(i * 10 + 1)), ...ids(40).filter((_, i) => i % 10 !== 0), ...ids(4).slice(1).map((v) => `${v.slice(0, 15)}0`)];
    assert.equal(cards(mixed.join("\n")).findings.filter((f) => f.type === "CREDIT_CARD").length, 10);
    assert.equal(cards(mixed.join("\n")).stats.atChance, 0);
  });
  it("tallies numbers written in groups apart from plain runs: a grouped card among random ids stays", () => {
    const rows = ids(300);
    const grouped = card(7).replace(/(\d{4})(?=\d)/g, "$1 ");
    rows[151] = grouped; // (in place of a failing id: the 30 plain passes stay)
    const found = cards(rows.join("\n")).findings.filter((f) => f.type === "CREDIT_CARD");
    assert.deepEqual(found.map((f) => f.masked.length), [grouped.length], "the grouped card, not the 30 plain passes");
    assert.equal(cards(rows.join("\n")).stats.atChance, 30);
    // ... and grouped random numbers are tallied among themselves
    const groupedIds = ids(300).map((v) => v.replace(/(\d{4})(?=\d)/g, "$1 "));
    assert.equal(cards(groupedIds.join("\n")).findings.filter((f) => f.type === "CREDIT_CARD").length, 0);
  });
  it("reads no identifier out of a row of numbers (PostgreSQL's catalogue)", () => {
    const rows = "insert ( 639 '~' 11 10 b f f 19 25 16 0 640 79 1818 1824 )\ninsert ( 10507 4611 869 869 11 4636 )\ninsert ( 10187 1560 20 2076 e f )";
    assert.deepEqual(detect([seg(rows)], { ner: false }).map((f) => f.type), []);
    assert.deepEqual(detect([seg("SSN: 536 22 4871 (old), 4611 869 869 11 4636")], { ner: false }).map((f) => [f.type, f.start]), [["US_SSN", 5]]);
  });
  it("counts across the segments of one call (a table cut into chunks, a sheet's cells)", () => {
    const cells = ids(300).map((v, i) => seg(v, { sheet: "S", row: i + 2, column: "ref", cell: `A${i + 2}` }));
    assert.equal(detect([seg("ref", { sheet: "S", row: 1, part: "header" }), ...cells], { ner: false }).filter((f) => f.type === "CREDIT_CARD").length, 0);
    assert.equal(detect([seg("card_number", { sheet: "S", row: 1, part: "header" }), ...cells.map((c) => ({ ...c, locator: { ...c.locator, column: "card_number" } }))], { ner: false }).filter((f) => f.type === "CREDIT_CARD").length, 30, "under a card column every pass has context");
  });
});

describe("warmUp()", () => {
  it("reaches the parts loaded on first use: NER's names and places, and the pattern detectors", () => {
    const types = new Set(warmUp({}).map((f) => f.type));
    for (const t of ["PERSON", "LOCATION", "US_SSN", "CREDIT_CARD", "PHONE_NUMBER", "EMAIL_ADDRESS"]) assert.ok(types.has(t), `${t} in ${[...types].join(", ")}`);
  });
});
