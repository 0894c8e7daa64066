/**
 * SQLite databases via sql.js (SQLite compiled to WebAssembly), opened from memory: nothing
 * reaches the disk, and no statement but SELECT runs. Each table is read like a sheet: its
 * columns' names are the header (`part: header`, row 1) and each value is a cell under its
 * column's name (`sheet` the table, `row` 2 on, `column` the name), so the detectors take the
 * names as context. Integers are read exactly (an SSN or a card number stored as a number), a
 * BLOB only when it is text. Not read: views (their rows are the tables') and virtual tables
 * (full-text indexes keep their text in ordinary shadow tables, which are read; a virtual
 * table's module may be missing here). A table that cannot be read is a reason; the others
 * still are.
 */
import initSqlJs from "sql.js";
import type { SqlJsStatic, SqlValue } from "sql.js";
import type { Format } from "../format.ts";
import { Stop, errorMessage } from "../context.ts";
import { salvageSqlite } from "./sqlite-salvage.ts";
import { emitValue } from "./record-cells.ts";

let engine: Promise<SqlJsStatic> | null = null;

const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;

export const sqliteFormat: Format = {
  kinds: ["sqlite"],
  library: "sql.js",
  async extract(bytes, scope, ctx) {
    const SQL = await (engine ??= initSqlJs());
    const done = new Set<string>();
    let db;
    try {
      db = new SQL.Database(bytes);
      const listed = db.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY rowid");
      const tables = listed[0]?.values.map(([name]) => String(name)) ?? [];
      for (const table of tables) {
        ctx.checkTime();
        let stmt;
        try {
          stmt = db.prepare(`SELECT * FROM ${quoteId(table)}`);
        } catch (e) {
          ctx.reason("corrupt", `sqlite: table ${table}: ${errorMessage(e)}`, scope.path);
          continue;
        }
        try {
          const columns = stmt.getColumnNames();
          // (sql.js takes a config since 1.8; its types do not say so yet)
          const get = stmt.get.bind(stmt) as unknown as (params: null, config: { useBigInt: boolean }) => Array<SqlValue | bigint>;
          ctx.emit(scope, columns.join(", "), { sheet: table, row: 1, part: "header" });
          for (let row = 2; stmt.step(); row++) {
            if ((row & 255) === 0) ctx.checkTime();
            // (BigInt for integers: a 19-digit card number survives)
            const values = get(null, { useBigInt: true });
            for (let i = 0; i < values.length; i++) emitValue(ctx, scope, { sheet: table, row, column: columns[i] ?? String(i + 1) }, values[i]);
          }
          done.add(table);
        } finally {
          stmt.free();
        }
      }
    } catch (e) {
      if (e instanceof Stop) throw e;
      // "database disk image is malformed" (a copy cut short, or copied while written): the rows
      // its pages still hold, read page by page (sqlite-salvage.ts), of the tables not read whole
      const salvaged = salvageSqlite(bytes, done, () => ctx.checkTime());
      if (salvaged === null || salvaged.every((t) => t.rows.length === 0)) throw e;
      const rows = salvaged.reduce((n, t) => n + t.rows.length, 0);
      // (said first: the character limit may stop the cells below)
      ctx.reason("corrupt", `sqlite: ${errorMessage(e)}; ${rows} row${rows === 1 ? "" : "s"} of ${salvaged.length} table${salvaged.length === 1 ? "" : "s"} read from its pages`, scope.path);
      for (const t of salvaged) {
        ctx.emit(scope, t.columns.join(", "), { sheet: t.name, row: 1, part: "header" });
        t.rows.forEach((values, i) => {
          if ((i & 255) === 0) ctx.checkTime();
          values.forEach((value, c) => emitValue(ctx, scope, { sheet: t.name, row: i + 2, column: t.columns[c] ?? String(c + 1) }, value));
        });
      }
    } finally {
      db?.close();
    }
  },
};
