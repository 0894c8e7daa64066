/**
 * Microsoft Access databases (MDB: Jet 3 and 4, Access 97–2003; ACCDB: ACE, Access 2007 and
 * later) via mdb-reader, from memory. They were `unsupported`; a customer or staff table in an
 * Access file is as plain as a sheet. Each table is read like a sheet, as SQLite's are
 * (`sqlite.ts`): its columns' names the header (`part: header`, row 1), each value a cell under
 * its column's name (`sheet` the table, `row` 2 on). System and linked tables are not read.
 * Rows are read a page at a time, the time budget checked between pages. A database encrypted
 * with a password (ACCDB's Office encryption) is `encrypted`; a table that cannot be read is a
 * reason, the others still are.
 */
import MDBReader from "mdb-reader";
import { Encrypted, errorMessage, Stop } from "../context.ts";
import type { Format } from "../format.ts";
import { emitValue } from "./record-cells.ts";

const PAGE_ROWS = 1000;

/** Whether the bytes start an Access database: its first page's header names the engine. */
export function isAccessDatabase(b: Uint8Array): boolean {
  const head = Buffer.from(b.buffer, b.byteOffset, Math.min(b.byteLength, 20)).toString("latin1");
  return head.startsWith("\u0000\u0001\u0000\u0000Standard Jet DB") || head.startsWith("\u0000\u0001\u0000\u0000Standard ACE DB");
}

export const accessFormat: Format = {
  kinds: ["access"],
  library: "mdb-reader",
  async extract(bytes, scope, ctx) {
    let reader: MDBReader;
    let tables: string[];
    try {
      reader = new MDBReader(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      tables = reader.getTableNames();
    } catch (e) {
      if (/password|encrypt|decrypt/i.test(errorMessage(e))) throw new Encrypted("Access database encrypted with a password");
      throw e;
    }
    for (const name of tables) {
      ctx.checkTime();
      try {
        const table = reader.getTable(name);
        const columns = table.getColumnNames();
        ctx.emit(scope, columns.join(", "), { sheet: name, row: 1, part: "header" });
        for (let offset = 0; offset < table.rowCount; offset += PAGE_ROWS) {
          ctx.checkTime();
          const rows = table.getData({ rowOffset: offset, rowLimit: PAGE_ROWS });
          rows.forEach((values, i) => {
            for (const column of columns) emitValue(ctx, scope, { sheet: name, row: offset + i + 2, column }, values[column]);
          });
        }
      } catch (e) {
        if (e instanceof Stop) throw e; // (the time budget or the character limit: the whole file stops)
        ctx.reason("corrupt", `access: table ${name}: ${errorMessage(e)}`, scope.path);
      }
    }
  },
};
