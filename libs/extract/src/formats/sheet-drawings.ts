/**
 * What a workbook's sheets draw over their cells (OOXML, XLSX and XLSB alike): text boxes and
 * shapes (`xl/drawings/drawing1.xml`: a note pasted beside a table, "Contact: Jane Roe, ext.
 * 4471", a form's labels) and SmartArt (`xl/diagrams/data1.xml`: an org chart's names and roles,
 * a process's steps). SheetJS reads the cells and comments, not these; Tika's
 * `testEXCEL_diagramData.xlsx` gave 0 characters of its 51. Each drawing is one segment at its
 * sheet (found through the relationships: workbook → sheet → drawing → diagram), `part: drawing`
 * or `part: diagram`, a paragraph a line. A SmartArt's cached drawing (`xl/diagrams/drawing1.xml`)
 * repeats its data's text and is not read; charts are charts.ts's. Also the sheets' page headers
 * and footers, which SheetJS does not read either (XLSX, XLS and ODS: `xlsxPageTexts`,
 * `xlsSheetTexts`, `odfPageTexts`), and an XLSX's data validation rules (`xlsxPageTexts`).
 */
import path from "node:path";
import { boundedParser } from "./markup.ts";
import type { Ctx, Scope } from "../context.ts";
import { elementParagraphs, emitChunks } from "./text.ts";
import { VALIDATIONS, validationTexts } from "./workbook-parts.ts";
import { altTexts } from "./alt-text.ts";

/** The parts this module reads: drawings, diagrams' data, and the relationships and workbook that place them on a sheet. */
export const SHEET_DRAWING_PARTS = /^xl\/(?:drawings\/drawing\d+\.xml|diagrams\/data\d+\.xml|workbook\.xml|_rels\/workbook\.xml\.rels|worksheets\/_rels\/sheet\d+\.xml\.rels|drawings\/_rels\/drawing\d+\.xml\.rels)$/;

const DRAWING = /^xl\/drawings\/drawing\d+\.xml$/;
const DIAGRAM = /^xl\/diagrams\/data\d+\.xml$/;

/** The text of DrawingML paragraphs (`a:p`, their runs' `a:t`) in an XML part, a paragraph a line, empty ones left out. */
export const paragraphTexts = (xml: string): string => elementParagraphs(xml, { text: "a:t", lineBreak: "a:br", paragraph: "a:p" });

/** A relationships part's targets by id, each resolved to a part name from `source`'s folder. */
function relationships(rels: Buffer | undefined, source: string): Map<string, { type: string; part: string }> {
  const out = new Map<string, { type: string; part: string }>();
  if (!rels) return out;
  const parser = boundedParser(
    {
      onopentag(name, attrs) {
        if (name !== "Relationship" || !attrs.Id || !attrs.Target || attrs.TargetMode === "External") return;
        const target = attrs.Target.startsWith("/") ? attrs.Target.slice(1) : path.posix.join(path.posix.dirname(source), attrs.Target);
        out.set(attrs.Id, { type: attrs.Type ?? "", part: path.posix.normalize(target) });
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(rels.toString("utf8"));
  parser.end();
  return out;
}

/** The relationships part of a part: `xl/drawings/drawing1.xml` → `xl/drawings/_rels/drawing1.xml.rels`. */
const relsOf = (part: string) => `${path.posix.dirname(part)}/_rels/${path.posix.basename(part)}.rels`;

/** Each worksheet part's sheet name (`xl/worksheets/sheet1.xml` → "Budget"), from the workbook and its relationships. */
function sheetNames(parts: Map<string, Buffer>): Map<string, string> {
  const out = new Map<string, string>();
  const workbook = parts.get("xl/workbook.xml");
  if (!workbook) return out;
  const rels = relationships(parts.get(relsOf("xl/workbook.xml")), "xl/workbook.xml");
  const parser = boundedParser(
    {
      onopentag(name, attrs) {
        if (name !== "sheet" && !name.endsWith(":sheet")) return;
        const id = attrs["r:id"] ?? Object.entries(attrs).find(([k]) => k.endsWith(":id"))?.[1];
        const part = id ? rels.get(id)?.part : undefined;
        if (part && attrs.name) out.set(part, attrs.name);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(workbook.toString("utf8"));
  parser.end();
  return out;
}

/** Emits the text of a workbook's drawings and SmartArt diagrams among its kept `parts` (SHEET_DRAWING_PARTS), each at its sheet. */
export function emitSheetDrawings(ctx: Ctx, scope: Scope, parts: Map<string, Buffer>): void {
  if (![...parts.keys()].some((p) => DRAWING.test(p) || DIAGRAM.test(p))) return;
  // where each drawing and diagram stands: sheet → drawing → diagram
  const sheetOf = new Map<string, string>();
  for (const [sheetPart, name] of sheetNames(parts)) {
    for (const { part } of relationships(parts.get(relsOf(sheetPart)), sheetPart).values()) if (DRAWING.test(part)) sheetOf.set(part, name);
  }
  const read = new Set<string>();
  const emit = (part: string, kind: "drawing" | "diagram", sheet: string | null) => {
    const xml = parts.get(part);
    if (!xml || read.has(part)) return;
    read.add(part);
    ctx.checkTime();
    emitChunks(ctx, scope, paragraphTexts(xml.toString("utf8")), { sheet, part: kind });
    // (a picture's or shape's description for screen readers: alt-text.ts)
    if (kind === "drawing") emitChunks(ctx, scope, altTexts(xml.toString("utf8")).join("\n"), { sheet, part: "alt text" });
  };
  const drawings = [...parts.keys()].filter((p) => DRAWING.test(p)).sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  for (const drawing of drawings) {
    const sheet = sheetOf.get(drawing) ?? null;
    emit(drawing, "drawing", sheet);
    for (const { type, part } of relationships(parts.get(relsOf(drawing)), drawing).values()) if (type.endsWith("/diagramData") && DIAGRAM.test(part)) emit(part, "diagram", sheet);
  }
  // (a diagram no drawing points to is still read, at no sheet)
  for (const part of [...parts.keys()].filter((p) => DIAGRAM.test(p)).sort()) emit(part, "diagram", null);
}

/**
 * The text boxes and shapes with text of an Excel 97–2003 workbook (its BIFF8 `Workbook`
 * stream), each with its sheet's name: an OBJ record says what the object is, the TXO record
 * after it holds its text's length, and the CONTINUE records after that its characters (each
 * starting with a flag byte: 8-bit or UTF-16). A cell's note is a text object too, read by SheetJS
 * as the cell's comment: it is left out. SheetJS reads no other drawing (Tika's
 * `testEXCEL_textbox.xls` gave 0 characters). And each sheet's page header and footer (HEADER and
 * FOOTER records, `excelPageText`), `part: page header` / `page footer`, which SheetJS does not
 * read either. An encrypted stream (FILEPASS) or an older BIFF
 * gives nothing.
 */
export function xlsSheetTexts(stream: Uint8Array): Array<{ sheet: string | null; part: "drawing" | "page header" | "page footer"; text: string }> {
  const v = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const u16 = (at: number) => (at + 2 <= stream.length ? v.getUint16(at, true) : 0);
  const text8 = (at: number, n: number) => Buffer.from(stream.subarray(at, at + n)).toString("latin1");
  const text16 = (at: number, n: number) => Buffer.from(stream.subarray(at, at + 2 * n)).toString("utf16le");
  const out: Array<{ sheet: string | null; part: "drawing" | "page header" | "page footer"; text: string }> = [];
  // (BIFF8 only: the workbook's BOF says version 0x0600)
  if (u16(0) !== 0x0809 || u16(4) !== 0x0600) return out;
  const sheetAt = new Map<number, string>();
  let sheet: string | null = null;
  let object = -1;
  for (let at = 0; at + 4 <= stream.length; ) {
    const type = u16(at);
    const length = u16(at + 2);
    const body = at + 4;
    if (type === 0x002f) return []; // FILEPASS: what follows is ciphertext
    if (type === 0x0085 && length >= 8 && body + 8 <= stream.length) {
      // BOUNDSHEET: where a sheet's substream starts, and its name (a short string: length, flags, characters)
      const count = stream[body + 6]!;
      sheetAt.set(v.getUint32(body, true), stream[body + 7]! & 1 ? text16(body + 8, count) : text8(body + 8, count));
    } else if (type === 0x0809) {
      sheet = sheetAt.get(at) ?? sheet;
      object = -1;
    } else if (type === 0x005d && length >= 6 && u16(body) === 0x0015) {
      object = u16(body + 4); // OBJ's common data: its object type
    } else if (type === 0x01b6 && length >= 12) {
      const count = u16(body + 10);
      let text = "";
      let next = body + length;
      while (text.length < count && next + 5 <= stream.length && u16(next) === 0x003c) {
        const size = u16(next + 2);
        const wide = stream[next + 4]! & 1;
        const n = Math.min(count - text.length, wide ? (size - 1) >> 1 : size - 1);
        text += wide ? text16(next + 5, n) : text8(next + 5, n);
        next += 4 + size;
      }
      // (0x19: a cell's note, which SheetJS reads as a comment)
      if (object !== 0x19 && text.trim() !== "") out.push({ sheet, part: "drawing", text: text.replace(/\r\n?/g, "\n") });
      object = -1;
    } else if ((type === 0x0014 || type === 0x0015) && length >= 3) {
      // HEADER, FOOTER: the page's, in Excel's codes (a string: length, flags, characters)
      const count = u16(body);
      const text = excelPageText(stream[body + 2]! & 1 ? text16(body + 3, count) : text8(body + 3, count));
      const part = type === 0x0014 ? "page header" : "page footer";
      if (text !== "" && !out.some((o) => o.sheet === sheet && o.part === part && o.text === text)) out.push({ sheet, part, text });
    }
    at = body + length;
  }
  return out;
}

/** Page fields of an ODF header or footer (the sheet's name, the date, "Page 1 / 99"): placeholders, not text. */
export const ODF_FIELDS: ReadonlySet<string> = new Set(["text:sheet-name", "text:title", "text:date", "text:time", "text:page-number", "text:page-count", "text:file-name", "text:subject", "text:author-name", "text:author-initials"]);
/** What is left of a default header or footer once its fields are gone: "Page  / ", "( )", ", ", "Page of". */
const FIELDS_ONLY_RX = /^[\s\p{P}]*(?:(?:page|seite|página|pagina)[\s\p{P}]*(?:of|von|de|di)?[\s\p{P}]*)?$/iu;
/** (A short text only: the pattern's runs of punctuation either side of "of" tried every split of a long one.) */
const fieldsOnly = (t: string) => t.length <= 64 && FIELDS_ONLY_RX.test(t);

/**
 * The text of an ODF spreadsheet's page headers and footers (`styles.xml`'s master pages: "Here
 * is a footer in the center area", "Prepared by Jane Roe, HR"), each header or footer once, its
 * fields left out; a default one that is nothing but fields ("Page 1 / 99") gives nothing.
 * SheetJS reads none of them. (spreadsheet.ts emits them as `part: page header` / `page footer`:
 * a sheet's `header` is the row of its column headers.)
 */
export function odfPageTexts(styles: string): Array<{ part: "header" | "footer"; text: string }> {
  const out: Array<{ part: "header" | "footer"; text: string }> = [];
  let band: "header" | "footer" | null = null;
  let depth = 0;
  let fields = 0;
  let text = "";
  const parser = boundedParser(
    {
      onopentag(name) {
        if (band === null && /^style:(header|footer)(?:-left|-first)?$/.test(name)) {
          band = name.includes("header") ? "header" : "footer";
          depth = 0;
          text = "";
        } else if (band !== null) {
          depth++;
          if (ODF_FIELDS.has(name)) fields++;
          if (name === "text:p" && text !== "") text += "\n";
          if (name === "text:s" || name === "text:tab") text += " ";
        }
      },
      ontext(t) {
        if (band !== null && fields === 0) text += t;
      },
      onclosetag(name) {
        if (band === null) return;
        if (depth === 0) {
          const t = text.replace(/[ \t]+/g, " ").trim();
          if (!fieldsOnly(t) && !out.some((o) => o.part === band && o.text === t)) out.push({ part: band, text: t });
          band = null;
          return;
        }
        depth--;
        if (ODF_FIELDS.has(name)) fields = Math.max(0, fields - 1);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(styles);
  parser.end();
  return out;
}

/**
 * The text of an Excel header or footer as its codes write it (an XLSX's `oddHeader` and its
 * kin, ECMA-376 Part 1; the same codes in BIFF's HEADER and FOOTER records): "&L" "&C" "&R" open the left, centre and right sections, each
 * a line here; "&&" is an ampersand; fields ("&P" page, "&N" pages, "&D", "&T", "&F", "&A", "&Z",
 * "&G" a picture) and formatting ("&B", "&\"Arial,Bold\"", "&12", "&K00FF00") are left out, and a
 * section that is nothing but fields ("Page &P of &N") gives nothing.
 */
export function excelPageText(codes: string): string {
  const sections: string[] = [];
  let cur = "";
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i]!;
    if (c !== "&") {
      cur += c;
      continue;
    }
    const n = codes[i + 1];
    if (n === undefined) break;
    i++;
    if (n === "&") cur += "&";
    else if (n === "L" || n === "C" || n === "R") {
      sections.push(cur);
      cur = "";
    } else if (n === '"') {
      // a font's name and style, up to its closing quote
      const end = codes.indexOf('"', i + 1);
      i = end < 0 ? codes.length : end;
    } else if (n >= "0" && n <= "9") {
      while (i + 1 < codes.length && codes[i + 1]! >= "0" && codes[i + 1]! <= "9") i++;
    } else if (n === "K") {
      i += 6; // a colour: six hexadecimal digits, or a theme colour's "xxSnnn"
    } else if ((n === "P" || n === "N") && (codes[i + 1] === "+" || codes[i + 1] === "-")) {
      i++;
      while (i + 1 < codes.length && codes[i + 1]! >= "0" && codes[i + 1]! <= "9") i++;
    }
  }
  sections.push(cur);
  return sections
    .map((t) => t.replace(/\s+/g, " ").trim())
    .filter((t) => t !== "" && !fieldsOnly(t))
    .join("\n");
}

/** A worksheet part of an OOXML workbook. */
const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
const HEADER_FOOTER = Buffer.from("<headerFooter");
const HEADER_FOOTER_END = Buffer.from("</headerFooter>");

/**
 * What the package check keeps of a worksheet: its `headerFooter` element and its data validation
 * rules (`dataValidations`, and Excel 2010's in its `extLst`), which follow the cells, not the
 * cells SheetJS reads; of other parts, those `parts` names, and what `also` keeps of them.
 */
export function keepSheetParts(parts: RegExp, also?: (name: string, part: Buffer) => Buffer | undefined): (name: string, part: Buffer) => Buffer | undefined {
  return (name, part) => {
    if (parts.test(name)) return part;
    if (!WORKSHEET.test(name)) return also?.(name, part);
    const kept: Buffer[] = [];
    for (const [start, end] of [[HEADER_FOOTER, HEADER_FOOTER_END], ...VALIDATIONS] as const) {
      const at = part.lastIndexOf(start);
      const to = at < 0 ? -1 : part.indexOf(end, at);
      if (to >= 0) kept.push(Buffer.from(part.subarray(at, to + end.length)));
    }
    return kept.length ? Buffer.concat(kept) : undefined;
  };
}

/**
 * The page headers and footers of an XLSX's sheets (each worksheet's `headerFooter`: odd, even and
 * first page), at their sheet, each text once per sheet (`excelPageText`): "Header - Author: John
 * Smith" in Tika's test sheet, "Prepared by Jane Roe, HR". `parts` holds what `keepSheetParts`
 * kept of the worksheets, and the workbook and its relationships that name them.
 */
export function xlsxPageTexts(parts: Map<string, Buffer>): Array<{ sheet: string | null; part: "page header" | "page footer" | "data validation"; text: string }> {
  const out: Array<{ sheet: string | null; part: "page header" | "page footer" | "data validation"; text: string }> = [];
  if (![...parts.keys()].some((p) => WORKSHEET.test(p))) return out;
  const names = sheetNames(parts);
  for (const [name, xml] of parts) {
    if (!WORKSHEET.test(name)) continue;
    const sheet = names.get(name) ?? null;
    let band: "page header" | "page footer" | null = null;
    let codes = "";
    const parser = boundedParser(
      {
        onopentag(tag) {
          const m = /^(?:\w+:)?(?:odd|even|first)(Header|Footer)$/.exec(tag);
          if (m) [band, codes] = [m[1] === "Header" ? "page header" : "page footer", ""];
        },
        ontext(t) {
          if (band !== null) codes += t;
        },
        onclosetag() {
          if (band === null) return;
          const text = excelPageText(codes);
          if (text !== "" && !out.some((o) => o.sheet === sheet && o.part === band && o.text === text)) out.push({ sheet, part: band, text });
          band = null;
        },
      },
      { xmlMode: true, decodeEntities: true },
    );
    parser.write(xml.toString("utf8"));
    parser.end();
    // (a drop-down's list typed into its rule, its prompt and error messages: workbook-parts.ts)
    const rules = validationTexts(xml.toString("utf8"));
    if (rules.length) out.push({ sheet, part: "data validation", text: rules.join("\n") });
  }
  return out;
}
