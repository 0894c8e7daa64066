/**
 * Spreadsheets: XLSX (XLSM, XLSB), legacy XLS, ODS and dBase tables (DBF) through SheetJS (the maintained @e965/xlsx build of
 * SheetJS CE 0.20, outside the advisories of the old npm `xlsx` 0.18). One segment per non-empty
 * cell, located by sheet name and cell (`Payroll!C7`); a row of text is taken as column headers
 * (the first, or the first wide one below a report's title rows: header-row.ts): emitted as a
 * `header` segment and named as each cell's `column` below it, so the detectors count it as
 * context. Numbers are written from the stored value, never from the display
 * format: 4915123456789 stays 4915123456789 (not 4.91512E+12). A cell's comments (notes) are
 * segments of their own at the cell, `part` "comment"; the workbook's properties (properties.ts) follow the sheets,
 * then what an XLSX keeps outside its cells (pivot caches, external links, defined names, data
 * validation lists: workbook-parts.ts).
 */
import * as XLSX from "@e965/xlsx";
import CFB from "cfb";
import { readCfb } from "../ole-scan.ts";
import { Encrypted, type Ctx, type Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { CHART_PARTS, emitCharts } from "./charts.ts";
import { emitSheetDrawings, keepSheetParts, odfPageTexts, SHEET_DRAWING_PARTS, xlsSheetTexts, xlsxPageTexts } from "./sheet-drawings.ts";
import { metafileBlips, readPictures, xlsDrawingGroup } from "./office-art.ts";
import { EMBEDDED_PARTS, readEmbedded } from "./embedded.ts";
import { openedWithBuiltInPassword } from "./office-crypto.ts";
import { readPackages } from "./ole-package.ts";
import { checkPackage } from "./package-guard.ts";
import { headerRowOf } from "./header-row.ts";
import { emitProperties } from "./properties.ts";
import { emitChunks } from "./text.ts";
import { emitWorkbookData, odfUserDefined, odsAnnotations, odsRules, WORKBOOK_DATA_PARTS } from "./workbook-parts.ts";
import { CUSTOM_XML_PARTS, readCustomXml } from "./docx-extras.ts";

/** An ODS's content part is kept (beside SheetJS's own reading of it) only when it holds an annotation, a validation rule or a named expression. */
const ODS_ANNOTATED = (name: string, part: Buffer) => (name === "content.xml" && ["<office:annotation", "<table:content-validation", "<table:named-expression"].some((m) => part.includes(m)) ? part : undefined);

/** The exact text of a cell's stored value; null for empty and error cells. */
export function cellText(c: XLSX.CellObject | undefined): string | null {
  if (!c || c.v === undefined || c.v === null) return null;
  switch (c.t) {
    case "n": {
      const v = c.v as number;
      // integers up to 2^53 print in full; beyond, and for fractions, the shortest exact decimal
      return Number.isInteger(v) && Math.abs(v) < 1e21 ? BigInt(v).toString() : String(v);
    }
    case "d":
      return c.v instanceof Date ? c.v.toISOString().replace("T00:00:00.000Z", "") : String(c.v);
    case "b":
      return c.v ? "TRUE" : "FALSE";
    case "e":
    case "z":
      return null;
    default:
      return String(c.v);
  }
}

/**
 * A sheet's cells by row, each row's by column, both in order: only the cells there are. A
 * sheet's declared range may be far larger than its cells (formatting applied to whole columns
 * reaches row 1,048,576; a damaged dimension record says anything): walking the range cell by cell
 * took 18 s for a fuzzed 40 KB XLS whose range its dimension record set to 2^32-1.
 */
function cellsByRow(ws: XLSX.WorkSheet): Array<[row: number, cells: Array<[col: number, cell: XLSX.CellObject]>]> {
  const rows = new Map<number, Array<[number, XLSX.CellObject]>>();
  for (const ref in ws) {
    if (ref.startsWith("!")) continue;
    const { r, c } = XLSX.utils.decode_cell(ref);
    if (!(r >= 0 && c >= 0)) continue;
    const row = rows.get(r);
    if (row) row.push([c, ws[ref] as XLSX.CellObject]);
    else rows.set(r, [[c, ws[ref] as XLSX.CellObject]]);
  }
  const out = [...rows].sort((a, b) => a[0] - b[0]);
  for (const [, cells] of out) cells.sort((a, b) => a[0] - b[0]);
  return out;
}

function emitSheet(ctx: Ctx, scope: Scope, name: string, ws: XLSX.WorkSheet): void {
  if (!ws["!ref"]) return;
  const rows = cellsByRow(ws);
  if (rows.length === 0) return;
  const byRow = new Map(rows);
  const texts = (r: number) => (byRow.get(r) ?? []).map(([c, cell]) => [c, cellText(cell), cell] as const).filter(([, t]) => t !== null);
  // (a header's cells are text: a row of numbers or dates is data)
  const width = (r: number) => texts(r).length;
  const textRow = (r: number) => texts(r).every(([, , cell]) => cell.t === "s") && width(r) > 0;
  const headerRow = headerRowOf(rows[0]![0], rows[rows.length - 1]![0], width, textRow);
  const first = new Map<number, string>(headerRow === null ? [] : texts(headerRow).map(([c, t]) => [c, t!]));
  if (headerRow !== null) ctx.emit(scope, [...first.values()].join(", "), { sheet: name, row: headerRow + 1, part: "header" });
  let n = 0;
  for (const [r, cells] of rows) {
    if (r === headerRow) continue;
    for (const [c, cell] of cells) {
      if ((++n & 4095) === 0) ctx.checkTime();
      const text = cellText(cell);
      if (text === null) continue;
      const column = (headerRow !== null && r > headerRow && first.get(c)) || XLSX.utils.encode_col(c);
      ctx.emit(scope, text, { sheet: name, cell: XLSX.utils.encode_cell({ r, c }), row: r + 1, column });
    }
  }
  // Comments (notes) on cells, the header row's and empty cells' included: text no cell shows.
  // (keys walked, not entries: a large sheet's cells are not copied into an array)
  for (const ref in ws) {
    if (ref.startsWith("!")) continue;
    const cell = ws[ref] as XLSX.CellObject;
    for (const note of cell.c ?? []) {
      if (typeof note.t === "string") ctx.emit(scope, note.t, { sheet: name, cell: ref, row: XLSX.utils.decode_cell(ref).r + 1, part: "comment" });
    }
    // A hyperlink's target when the cell does not show it: "Jane Roe" linking mailto:jane.roe@…
    const target = cell.l?.Target;
    if (target && !target.startsWith("#") && !(cellText(cell) ?? "").includes(target.replace(/^mailto:/i, "").split("?")[0]!)) ctx.emit(scope, target, { sheet: name, cell: ref, row: XLSX.utils.decode_cell(ref).r + 1, part: "hyperlink" });
  }
}

/** The texts of a workbook's cells, which a pivot cache of its own sheets repeats. */
function cellTexts(wb: XLSX.WorkBook): Set<string> {
  const out = new Set<string>();
  for (const ws of Object.values(wb.Sheets)) {
    for (const ref in ws) {
      if (ref.startsWith("!")) continue;
      const t = cellText(ws[ref] as XLSX.CellObject);
      if (t !== null) out.add(t);
    }
  }
  return out;
}

/** Names SheetJS gives standard properties and property-set fields, which are no user-defined property. */
const NOT_CUSTOM = new Set(
  ("SystemIdentifier CodePage Title Subject Author Manager Company Category Keywords Comments LastAuthor CreatedDate ModifiedDate " +
    "FMTID Application AppVersion DocSecurity HyperlinksChanged SharedDoc LinksUpToDate ScaleCrop Worksheets SheetNames ContentStatus LastPrinted Revision Version Identifier Language").split(" "),
);

export const spreadsheetFormat: Format = {
  kinds: ["xlsx", "xlsb", "xls", "ods", "dbf"],
  library: "SheetJS CE (@e965/xlsx)",
  async extract(bytes, scope, ctx, info) {
    const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // (XLS and DBF are no ZIP packages)
    const pkg = info.kind === "xls" || info.kind === "dbf" ? { archive: file, parts: new Map<string, Buffer>() } : await checkPackage(file, scope, ctx, keepSheetParts(new RegExp(`${EMBEDDED_PARTS.source}|${CHART_PARTS.source}|${SHEET_DRAWING_PARTS.source}|${WORKBOOK_DATA_PARTS.source}|${CUSTOM_XML_PARTS.source}|^styles\\.xml$|^meta\\.xml$`), ODS_ANNOTATED));
    if (pkg === null) return;
    const { archive: buf, parts } = pkg;
    const read = (b: Buffer) => XLSX.read(b, { type: "buffer", cellDates: true, cellFormula: false, cellHTML: false, cellNF: false, cellStyles: false, sheetStubs: false, dense: false });
    let wb: XLSX.WorkBook;
    let decrypted = false;
    try {
      wb = read(buf);
    } catch (e) {
      if (!/password|encrypt/i.test(String(e))) throw e;
      // (an XLS encrypted with the password Excel supplies itself opens without asking)
      const plain = info.kind === "xls" ? await openedWithBuiltInPassword(buf) : null;
      if (!plain) throw new Encrypted("password-protected spreadsheet");
      wb = read(plain);
      decrypted = true;
    }
    for (const name of wb.SheetNames) {
      ctx.checkTime();
      const ws = wb.Sheets[name];
      if (ws) emitSheet(ctx, scope, name, ws);
    }
    const props = wb.Props;
    // (SheetJS lists an XLS's property-set plumbing and its standard properties among the custom ones too)
    const custom = Object.entries((wb.Custprops ?? {}) as Record<string, unknown>).filter(([k]) => !NOT_CUSTOM.has(k));
    // (SheetJS reads an ODS's title but not its user-defined properties)
    const odsCustom = info.kind === "ods" && parts.has("meta.xml") ? odfUserDefined(parts.get("meta.xml")!.toString("utf8")) : {};
    emitProperties(ctx, scope, { title: props?.Title, subject: props?.Subject, keywords: props?.Keywords, description: props?.Comments, custom: { ...Object.fromEntries(custom), ...odsCustom } });
    // (an ODS cell that holds nothing but a comment, which SheetJS drops)
    const content = info.kind === "ods" ? parts.get("content.xml") : undefined;
    if (content) {
      const xml = content.toString("utf8");
      for (const a of odsAnnotations(xml)) {
        const ref = XLSX.utils.encode_cell({ r: a.r, c: a.c });
        const cell = wb.Sheets[a.sheet]?.[ref] as XLSX.CellObject | undefined;
        if (!(cell?.c ?? []).some((n) => n.t?.trim() === a.text)) ctx.emit(scope, a.text, { sheet: a.sheet, cell: ref, row: a.r + 1, part: "comment" });
      }
      // (validation lists and named expressions, which SheetJS does not read from an ODS)
      const { validations, names } = odsRules(xml);
      emitChunks(ctx, scope, validations.join("\n"), { part: "data validation" });
      for (const [name, text] of names) ctx.emit(scope, text, { part: "defined name", column: name.slice(0, 100) || null });
    }
    emitCharts(ctx, scope, parts);
    emitSheetDrawings(ctx, scope, parts);
    for (const { sheet, part, text } of xlsxPageTexts(parts)) emitChunks(ctx, scope, text, { sheet, part });
    // (pivot caches, external links' caches, defined names: a copy of data no cell may show any more)
    emitWorkbookData(ctx, scope, parts, () => cellTexts(wb), wb.Workbook?.Names ?? []);
    const styles = info.kind === "ods" ? parts.get("styles.xml") : undefined;
    // (`page header`: a sheet's `header` is its column headers' row)
    if (styles) for (const { part, text } of odfPageTexts(styles.toString("utf8"))) emitChunks(ctx, scope, text, { part: `page ${part}` });
    if (info.kind === "xls" && !decrypted && buf.readUInt32BE(0) === 0xd0cf11e0) {
      const stream = CFB.find(readCfb(buf), "Workbook")?.content as Uint8Array | undefined;
      if (stream) {
        for (const { sheet, part, text } of xlsSheetTexts(stream)) emitChunks(ctx, scope, text, { sheet, part });
        await readPictures(ctx, scope, metafileBlips(xlsDrawingGroup(stream)));
      }
    }
    await readCustomXml(ctx, scope, parts);
    await readEmbedded(ctx, scope, parts);
    // (an Excel 2.x–4.0 file is a bare BIFF stream: no container, no objects)
    if (info.kind === "xls" && !decrypted && buf.readUInt32BE(0) === 0xd0cf11e0) await readPackages(ctx, scope, buf);
  },
};
