import assert from "node:assert/strict";
import initSqlJs from "sql.js";
import { codes, run } from "../test-util/run.ts";
import { columnsOf, record } from "./sqlite-salvage.ts";

/** A database made by sql.js itself from SQL statements, as the bytes of its file. */
async function makeDb(sql: string): Promise<Buffer> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(sql);
  const bytes = Buffer.from(db.export());
  db.close();
  return bytes;
}

describe("extract: SQLite", () => {
  it("reads each table like a sheet: its columns' names as the header, each value a cell under its column", async () => {
    const db = await makeDb(`
      CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, ssn TEXT, card INTEGER, pan TEXT, note BLOB, photo BLOB, balance REAL);
      INSERT INTO customers VALUES (1, 'Jane Roe', '536-22-1234', 4111111111111111, NULL, CAST('met at the Köln office' AS BLOB), X'89504E470D0A1A0A0000000D49484452', 12.5);
      INSERT INTO customers VALUES (2, 'Ægir Ólafsson', NULL, 9007199254740993, '6011000990139424123', NULL, NULL, NULL);
      CREATE TABLE "odd ""name""" (mail TEXT);
      INSERT INTO "odd ""name""" VALUES ('jane@example.org');
      CREATE VIEW names AS SELECT name FROM customers;
    `);
    const r = await run(db, "crm.db", "application/octet-stream");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/x-sqlite3", "complete", []]);
    const cells = r.segments.map((s) => [s.locator.sheet, s.locator.row, s.locator.column ?? s.locator.part, s.text]);
    assert.deepEqual(cells, [
      ["customers", 1, "header", "id, name, ssn, card, pan, note, photo, balance"],
      ["customers", 2, "id", "1"],
      ["customers", 2, "name", "Jane Roe"],
      ["customers", 2, "ssn", "536-22-1234"],
      ["customers", 2, "card", "4111111111111111"],
      ["customers", 2, "note", "met at the Köln office"], // a BLOB of text; the PNG's bytes are not
      ["customers", 2, "balance", "12.5"],
      ["customers", 3, "id", "2"],
      ["customers", 3, "name", "Ægir Ólafsson"],
      ["customers", 3, "card", "9007199254740993"], // past 2^53, exact
      ["customers", 3, "pan", "6011000990139424123"],
      ['odd "name"', 1, "header", "mail"],
      ['odd "name"', 2, "mail", "jane@example.org"],
    ]);
  });

  it("skips virtual tables but reads the text their shadow tables keep; a table without rows gives its header alone", async () => {
    const fts = await makeDb("CREATE VIRTUAL TABLE notes USING fts4(body); INSERT INTO notes VALUES ('call Jane Roe on +44 20 7946 0958');");
    const r = await run(fts, "notes.sqlite");
    assert.equal(r.status, "complete");
    assert.ok(r.segments.some((s) => s.text === "call Jane Roe on +44 20 7946 0958" && s.locator.sheet === "notes_content"), JSON.stringify(r.segments));
    assert.ok(!r.segments.some((s) => s.locator.sheet === "notes"));
    const empty = await run(await makeDb("CREATE TABLE t (a TEXT);"), "empty.db");
    assert.deepEqual([empty.status, empty.segments.map((s) => s.text)], ["complete", ["a"]]);
  });

  it("reads a database cut short (SQLite: 'database disk image is malformed') from its pages: the rows they still hold, under their columns, partial", async () => {
    const rows = Array.from({ length: 600 }, (_, i) => `(${i + 1}, 'Jane Roe ${i}', 'jane${i}@example.org', '536-22-${String(i).padStart(4, "0")}', ${-i * 1000}, ${i / 4}, '${"note ".repeat(i === 7 ? 2000 : 3)}')`).join(",");
    const db = await makeDb(`CREATE TABLE firms (name TEXT); INSERT INTO firms VALUES ('Acme'); CREATE TABLE "clients" (id INTEGER PRIMARY KEY, [full name] TEXT, email TEXT, ssn TEXT, balance INTEGER, score REAL, notes TEXT, UNIQUE(email)); INSERT INTO clients VALUES ${rows};`);
    const whole = await run(db, "clients.db");
    assert.equal(whole.status, "complete");
    const cut = await run(db.subarray(0, Math.floor(db.length * 0.7)), "clients.db");
    assert.deepEqual([cut.status, codes(cut)], ["partial", ["corrupt"]]);
    assert.match(cut.reasons[0]!.message, /^sqlite: Error: database disk image is malformed; \d+ rows of 2 tables read from its pages$/);
    const cell = (text: string) => cut.segments.find((s) => s.text === text)?.locator;
    assert.deepEqual([cell("Jane Roe 3")?.sheet, cell("Jane Roe 3")?.column, cell("536-22-0003")?.column, cell("Jane Roe 3")?.row], ["clients", "full name", "ssn", 5]);
    // the rowid's alias, a negative integer, a real, and a value through its overflow pages
    assert.deepEqual([cell("4")?.column, cell("-3000")?.column, cell("0.75")?.column], ["id", "balance", "score"]);
    assert.ok(cut.segments.some((s) => s.locator.row === 9 && s.locator.column === "notes" && s.text.length >= 10_000));
    assert.ok(cut.segments.some((s) => s.locator.sheet === "firms" && s.text === "Acme"));
    // the character limit stops the cells, the failure still said
    const limited = await run(db.subarray(0, Math.floor(db.length * 0.7)), "clients.db", "application/octet-stream", { maxChars: 500 });
    assert.deepEqual([limited.status, codes(limited)], ["partial", ["corrupt", "limit_chars"]]);
    const header = await run(db.subarray(0, 100), "head.db");
    assert.deepEqual([header.status, codes(header)], ["failed", ["corrupt"]]);
  });
});

describe("extract: SQLite pages (sqlite-salvage.ts)", () => {
  it("decodes records: every serial type, two's complement integers, 64-bit ones past 2^53", () => {
    const header = [0, 1, 2, 6, 7, 8, 9, 13 + 2 * 5, 12 + 2 * 2];
    const body = Buffer.concat([Buffer.from([0xff]), Buffer.from([0x01, 0x00]), Buffer.from("7fffffffffffffff", "hex"), Buffer.alloc(8), Buffer.from("hello"), Buffer.from([0xca, 0xfe])]);
    Buffer.from(body.buffer, body.byteOffset + 11, 8).writeDoubleBE(2.5);
    const rec = Buffer.concat([Buffer.from([header.length + 1, ...header]), body]);
    assert.deepEqual(record(rec).map((v) => (v instanceof Uint8Array ? [...v] : v)), [null, -1, 256, 9223372036854775807n, 2.5, 0, 1, "hello", [0xca, 0xfe]]);
  });

  it("reads a CREATE TABLE's column names, quoted or not, past its constraints, and its rowid alias", () => {
    assert.deepEqual(columnsOf(`CREATE TABLE "t" (id INTEGER PRIMARY KEY, "full ""name""" TEXT, [ssn] TEXT NOT NULL, \`e\` TEXT, amount DECIMAL(10, 2), CONSTRAINT u UNIQUE (ssn), PRIMARY KEY (x))`), { columns: ["id", 'full "name"', "ssn", "e", "amount"], rowidAlias: 0 });
    assert.deepEqual(columnsOf("CREATE TABLE t (a TEXT, b INTEGER)").rowidAlias, -1);
  });
});
