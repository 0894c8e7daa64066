import assert from "node:assert/strict";
import initSqlJs from "sql.js";
import { codes, run } from "../test-util/run.ts";

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

  it("a cut database is failed with reason corrupt, or partial when some tables were read", async () => {
    const rows = Array.from({ length: 400 }, (_, i) => `('row ${i} ${"x".repeat(200)}')`).join(",");
    const db = await makeDb(`CREATE TABLE a (t TEXT); INSERT INTO a VALUES ('first table'); CREATE TABLE b (t TEXT); INSERT INTO b VALUES ${rows};`);
    const cut = await run(db.subarray(0, Math.floor(db.length / 2)), "cut.db");
    assert.ok(["failed", "partial"].includes(cut.status), cut.status);
    assert.ok(codes(cut).includes("corrupt"), JSON.stringify(cut.reasons));
    const header = await run(db.subarray(0, 100), "head.db");
    assert.deepEqual([header.status, codes(header)], ["failed", ["corrupt"]]);
  });
});
