/**
 * What an XLSX keeps of data outside its cells, which SheetJS does not read and no sheet shows:
 *
 * - **Pivot caches** (`xl/pivotCache/pivotCacheDefinition1.xml`, `pivotCacheRecords1.xml`): a
 *   pivot table keeps a copy of its source data, each field's distinct values in the definition
 *   (`sharedItems`) and each source row in the records. The source sheet deleted (or another
 *   workbook's, or a database's), the copy stays, and Excel rebuilds the table from it: a summary
 *   of salaries by department still holds every employee's name and salary. Each value is a
 *   segment, `part: pivot cache`, its field's name as `column` (a record's also its `row`, from
 *   1), as a cell under its header; a value one of the workbook's cells already shows is not read
 *   again.
 * - **External links' caches** (`xl/externalLinks/externalLink1.xml`): the last values read from
 *   the cells another workbook's formulas point to, kept so the workbook opens without it, and the
 *   other workbook's path (a user's folder: `C:\Users\jroe\…`). `part: external link`, each cached
 *   value with its `cell` in the other workbook.
 * - **Defined names' constants** (`<definedName name="Approver">"Jane Roe"</definedName>`): the
 *   strings in a name's formula, `part: defined name`, the name as `column`. Names of ranges are
 *   references, not text.
 * - **Data validation** (a worksheet's `dataValidations`, Excel 2010's `x14:dataValidations`): a
 *   drop-down's list typed into the rule (`"Jane Roe,John Smith"`) and the rule's prompt and error
 *   messages, at their sheet, `part: data validation`.
 *
 * Bounds: values are emitted as they are parsed, so the segment and character limits stop a pivot
 * cache of millions of records as they stop a sheet of millions of cells; the time budget is
 * checked every 4,096 values; a cache's fields past MAX_FIELDS and a list's items past MAX_ITEMS
 * are not read.
 */
import path from "node:path";
import { boundedParser } from "./markup.ts";
import type { Ctx, Scope } from "../context.ts";

/** The parts read here (with the workbook and its relationships, kept for sheet-drawings.ts already). */
export const WORKBOOK_DATA_PARTS = /^xl\/(?:pivotCache\/(?:pivotCacheDefinition\d+\.xml|pivotCacheRecords\d+\.xml|_rels\/pivotCacheDefinition\d+\.xml\.rels)|externalLinks\/(?:externalLink\d+\.xml|_rels\/externalLink\d+\.xml\.rels))$/;

const DEFINITION = /^xl\/pivotCache\/pivotCacheDefinition\d+\.xml$/;
const EXTERNAL = /^xl\/externalLinks\/externalLink\d+\.xml$/;

/** A pivot cache's fields past this many are not read (Excel allows 16,384 columns of source). */
const MAX_FIELDS = 16_384;
/** Defined names past this many are not read (a workbook may define tens of thousands: every print range, every filter). */
const MAX_NAMES = 10_000;
/** A data validation list's items past this many are not read (Excel's list is at most 255 characters; a crafted one is not). */
const MAX_ITEMS = 1_000;

const local = (name: string) => name.slice(name.indexOf(":") + 1);

/** A pivot cache value's text: strings, numbers and dates; flags, errors and blanks are no text. */
function itemText(tag: string, v: string | undefined): string | null {
  if (v === undefined) return null;
  if (tag === "s" || tag === "n") return v.trim() || null;
  if (tag === "d") return v.replace(/T00:00:00(?:\.0+)?Z?$/, "") || null;
  return null;
}

/** The relationships part of a part: `xl/pivotCache/pivotCacheDefinition1.xml` → `xl/pivotCache/_rels/pivotCacheDefinition1.xml.rels`. */
const relsOf = (part: string) => `${path.posix.dirname(part)}/_rels/${path.posix.basename(part)}.rels`;

/** A relationships part's targets (internal ones resolved to part names, external ones as written), by type's last word. */
function targets(parts: Map<string, Buffer>, source: string): Array<{ type: string; target: string; external: boolean }> {
  const out: Array<{ type: string; target: string; external: boolean }> = [];
  const rels = parts.get(relsOf(source));
  if (!rels) return out;
  const parser = boundedParser(
    {
      onopentag(name, a) {
        if (local(name) !== "Relationship" || !a.Target) return;
        const external = a.TargetMode === "External";
        const target = external ? a.Target : path.posix.normalize(a.Target.startsWith("/") ? a.Target.slice(1) : path.posix.join(path.posix.dirname(source), a.Target));
        out.push({ type: (a.Type ?? "").split("/").pop() ?? "", target, external });
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(rels.toString("utf8"));
  parser.end();
  return out;
}

/** Emits a pivot cache's values (definition, then its records) that `shown` (the cells' texts) does not hold. */
function emitPivotCache(ctx: Ctx, scope: Scope, parts: Map<string, Buffer>, definition: string, shown: ReadonlySet<string>): void {
  const fields: string[] = [];
  let n = 0;
  const emit = (text: string, column: string | null, row?: number) => {
    if ((++n & 4095) === 0) ctx.checkTime();
    if (!shown.has(text)) ctx.emit(scope, text, row === undefined ? { part: "pivot cache", column } : { part: "pivot cache", row, column });
  };
  let field = -1;
  let inShared = 0;
  const def = boundedParser(
    {
      onopentag(name, a) {
        const tag = local(name);
        if (tag === "cacheField") {
          field++;
          if (field < MAX_FIELDS) fields.push(a.name ?? "");
        } else if (tag === "sharedItems") inShared++;
        else if (inShared && field < MAX_FIELDS) {
          const t = itemText(tag, a.v);
          if (t !== null) emit(t, fields[field] || null);
        }
      },
      onclosetag(name) {
        if (local(name) === "sharedItems") inShared = Math.max(0, inShared - 1);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  def.write(parts.get(definition)!.toString("utf8"));
  def.end();
  // a record (`r`) holds one value per field, in the fields' order: an index into the field's
  // shared items (`x`, read above) or the value itself
  for (const { type, target } of targets(parts, definition)) {
    const records = type === "pivotCacheRecords" ? parts.get(target) : undefined;
    if (!records) continue;
    let row = 0;
    let at = -1;
    const rec = boundedParser(
      {
        onopentag(name, a) {
          const tag = local(name);
          if (tag === "r") {
            [row, at] = [row + 1, -1];
            if ((row & 4095) === 0) ctx.checkTime();
          }
          else if (row > 0) {
            at++;
            const t = at < MAX_FIELDS ? itemText(tag, a.v) : null;
            if (t !== null) emit(t, fields[at] || null, row);
          }
        },
      },
      { xmlMode: true, decodeEntities: true },
    );
    rec.write(records.toString("utf8"));
    rec.end();
  }
}

/** A link's target with its %-escapes decoded ("Jane%20Roe" is "Jane Roe"), as written when they are no UTF-8. */
function decoded(target: string): string {
  try {
    return decodeURI(target);
  } catch {
    return target;
  }
}

/** Emits an external link's path and cached values. */
function emitExternalLink(ctx: Ctx, scope: Scope, parts: Map<string, Buffer>, link: string): void {
  for (const { type, target, external } of targets(parts, link)) if (external && /^(?:externalLinkPath|xlPathMissing)$/.test(type)) ctx.emit(scope, decoded(target), { part: "external link" });
  let cell: string | null = null;
  let inValue = false;
  let value = "";
  let n = 0;
  const parser = boundedParser(
    {
      onopentag(name, a) {
        const tag = local(name);
        if (tag === "cell") cell = a.r ?? null;
        else if (tag === "v" && cell !== null) [inValue, value] = [true, ""];
      },
      ontext(t) {
        if (inValue) value += t;
      },
      onclosetag(name) {
        const tag = local(name);
        if (tag === "v" && inValue) {
          inValue = false;
          if ((++n & 4095) === 0) ctx.checkTime();
          if (value.trim() !== "") ctx.emit(scope, value.trim(), { part: "external link", cell });
        } else if (tag === "cell") cell = null;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(parts.get(link)!.toString("utf8"));
  parser.end();
}

/** The string constants in a formula (`"Jane Roe"`, its `""` a quote), each once. */
export function formulaStrings(formula: string): string[] {
  const out = new Set<string>();
  for (const m of formula.matchAll(/"((?:[^"]|"")*)"/g)) {
    const s = m[1]!.replace(/""/g, '"').trim();
    if (s !== "") out.add(s);
  }
  return [...out];
}

/** Emits the string constants of the workbook's defined names (as SheetJS reads them, from any of its formats), the name as `column`. */
function emitDefinedNames(ctx: Ctx, scope: Scope, names: ReadonlyArray<{ Name?: string; Ref?: string }>): void {
  for (const { Name: name = "", Ref: formula } of names.slice(0, MAX_NAMES)) {
    // (Excel's own names, _xlnm.Print_Area and the like, hold references)
    if (typeof formula !== "string" || name.startsWith("_xlnm.")) continue;
    for (const s of formulaStrings(formula)) ctx.emit(scope, s, { part: "defined name", column: name.slice(0, 100) || null });
  }
}

/**
 * The texts of a worksheet's data validation rules (what keepSheetParts kept of it: its
 * `dataValidations`): each list's items typed into the rule, its prompt's and error's titles and
 * messages, each once.
 */
export function validationTexts(xml: string): string[] {
  const out = new Set<string>();
  let inFormula = 0;
  let formula = "";
  let list = false;
  const parser = boundedParser(
    {
      onopentag(tag, a) {
        const t = local(tag);
        if (t === "dataValidation") {
          for (const k of ["promptTitle", "prompt", "errorTitle", "error"]) if (a[k]?.trim()) out.add(a[k].trim());
          // (a custom rule's formula is a check, "=ISNUMBER(SEARCH(\"@\",B2))": only a list's items are text)
          list = a.type === "list";
        } else if ((t === "formula1" || t === "formula2") && list) [inFormula, formula] = [inFormula + 1, ""];
      },
      ontext(t) {
        if (inFormula) formula += t;
      },
      onclosetag(tag) {
        const t = local(tag);
        if ((t !== "formula1" && t !== "formula2") || !inFormula) return;
        inFormula--;
        // a list typed into the rule is one string of comma-separated items
        for (const s of formulaStrings(formula)) for (const item of s.split(",").slice(0, MAX_ITEMS)) if (item.trim()) out.add(item.trim());
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return [...out];
}

/** The elements of a worksheet keepSheetParts keeps for validationTexts. */
export const VALIDATIONS: ReadonlyArray<[start: Buffer, end: Buffer]> = [
  [Buffer.from("<dataValidations"), Buffer.from("</dataValidations>")],
  [Buffer.from("<x14:dataValidations"), Buffer.from("</x14:dataValidations>")],
];

/**
 * Emits what a workbook keeps outside its cells: its defined names' constants (`names`, SheetJS's:
 * XLSX, XLSB, XLS, ODS), and among an XLSX's kept `parts` its pivot caches and external links'
 * caches. `shown` gives the texts of its cells, which a pivot cache repeats when its source is in
 * the workbook.
 */
export function emitWorkbookData(ctx: Ctx, scope: Scope, parts: Map<string, Buffer>, shown: () => ReadonlySet<string>, names: ReadonlyArray<{ Name?: string; Ref?: string }>): void {
  emitDefinedNames(ctx, scope, names);
  const sorted = [...parts.keys()].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  let cells: ReadonlySet<string> | undefined;
  for (const name of sorted) {
    ctx.checkTime();
    // (the cells' texts gathered only for a workbook with a pivot cache)
    if (DEFINITION.test(name)) emitPivotCache(ctx, scope, parts, name, (cells ??= shown()));
    else if (EXTERNAL.test(name)) emitExternalLink(ctx, scope, parts, name);
  }
}

/** An ODS cell's annotation: its sheet, cell (0-based) and text (paragraphs, a line each). */
export interface OdsAnnotation {
  sheet: string;
  r: number;
  c: number;
  text: string;
}

/** Rows or columns one element repeats past this are taken as this many (a sheet's end is often "1,048,000 empty rows"). */
const MAX_REPEAT = 1 << 20;

/**
 * The annotations (comments) in an ODS's cells (`content.xml`), at their cell: SheetJS drops a
 * cell that holds nothing but an annotation (a comment on an empty cell: "Jane Roe's salary goes
 * here"), where it keeps an XLSX's. Rows and columns are counted as the sheet repeats them
 * (`number-rows-repeated`, `number-columns-repeated`, covered cells).
 */
export function odsAnnotations(xml: string): OdsAnnotation[] {
  const out: OdsAnnotation[] = [];
  let sheet: string | null = null;
  let [r, c, rowRepeat, colRepeat] = [-1, -1, 1, 1];
  let inAnnotation = 0;
  let skipped = 0;
  let lines: string[] = [];
  let line = "";
  const repeat = (v: string | undefined) => Math.min(MAX_REPEAT, Math.max(1, Number.parseInt(v ?? "1", 10) || 1));
  const parser = boundedParser(
    {
      onopentag(name, a) {
        if (name === "table:table") [sheet, r] = [a["table:name"] ?? "", -1];
        else if (name === "table:table-row") [r, c, rowRepeat] = [r + 1, -1, repeat(a["table:number-rows-repeated"])];
        else if (name === "table:table-cell" || name === "table:covered-table-cell") [c, colRepeat] = [c + 1, repeat(a["table:number-columns-repeated"])];
        else if (name === "office:annotation") [inAnnotation, lines, line] = [inAnnotation + 1, [], ""];
        else if (inAnnotation && (name === "dc:creator" || name === "dc:date" || name === "meta:date-string")) skipped++;
        else if (inAnnotation && name === "text:line-break") line += "\n";
      },
      ontext(t) {
        if (inAnnotation && !skipped) line += t;
      },
      onclosetag(name) {
        if (name === "table:table-row") r += rowRepeat - 1;
        else if (name === "table:table-cell" || name === "table:covered-table-cell") c += colRepeat - 1;
        else if (inAnnotation && (name === "dc:creator" || name === "dc:date" || name === "meta:date-string")) skipped = Math.max(0, skipped - 1);
        else if (inAnnotation && (name === "text:p" || name === "text:h")) {
          lines.push(line.trim());
          line = "";
        }
        else if (name === "office:annotation" && inAnnotation) {
          inAnnotation--;
          const text = [...lines, line.trim()].filter(Boolean).join("\n");
          if (text && sheet !== null && r >= 0 && c >= 0) out.push({ sheet, r, c, text });
        } else if (name === "table:table") sheet = null;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return out;
}

/** An ODF document's user-defined properties (`meta.xml`'s `meta:user-defined`), which SheetJS does not read for an ODS. */
export function odfUserDefined(xml: string): Record<string, string> {
  const out: Record<string, string> = {};
  let name: string | null = null;
  const parser = boundedParser(
    {
      onopentag(tag, a) {
        if (tag === "meta:user-defined") name = a["meta:name"] ?? null;
      },
      ontext(t) {
        if (name !== null) out[name] = (out[name] ?? "") + t;
      },
      onclosetag(tag) {
        if (tag === "meta:user-defined") name = null;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return out;
}

/**
 * An ODS's data validation lists and messages (`table:content-validation`: the list in its
 * condition, `of:cell-content-is-in-list("Jane Roe";"John Smith")`, its help and error messages)
 * and its named expressions' string constants (`table:named-expression`), which SheetJS does not
 * read; each text once.
 */
export function odsRules(xml: string): { validations: string[]; names: Array<[name: string, text: string]> } {
  const validations = new Set<string>();
  const names: Array<[string, string]> = [];
  let inMessage = 0;
  let line = "";
  const parser = boundedParser(
    {
      onopentag(name, a) {
        if (name === "table:content-validation") {
          const condition = a["table:condition"] ?? "";
          if (/cell-content-is-in-list/.test(condition)) for (const s of formulaStrings(condition).slice(0, MAX_ITEMS)) validations.add(s);
        } else if (name === "table:help-message" || name === "table:error-message") {
          inMessage++;
          if (a["table:title"]?.trim()) validations.add(a["table:title"].trim());
        } else if (name === "table:named-expression" && names.length < MAX_NAMES) {
          for (const s of formulaStrings(a["table:expression"] ?? "")) names.push([a["table:name"] ?? "", s]);
        }
      },
      ontext(t) {
        if (inMessage) line += t;
      },
      onclosetag(name) {
        if (inMessage && (name === "text:p" || name === "table:help-message" || name === "table:error-message")) {
          if (line.trim()) validations.add(line.trim());
          line = "";
        }
        if (name === "table:help-message" || name === "table:error-message") inMessage = Math.max(0, inMessage - 1);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return { validations: [...validations], names };
}
