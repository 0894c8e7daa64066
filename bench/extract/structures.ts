/**
 * bench/extract/structures.ts: whether the extractor reads a file whose own structure is hostile
 * (a count or a nesting in the format, not a run of text) in time linear in that structure.
 *
 *   node bench/extract/structures.ts [--counts 2000,8000] [--only pdf,eml] [--budget-ms 60000]
 *
 * Each structure is one element of a real format repeated n times, in a file the specs' fixture
 * writers build (libs/extract/src/test-util): archive members (ZIP, TAR, 7z, cpio), gzip
 * members, paragraphs, runs, table cells and nested tables in a DOCX, slides, sheets and rows of
 * workbooks, PDF pages, text operators, saves of the graphics state (`q`), nested arrays and
 * dictionaries and a page tree n levels deep, MIME parts side by side and nested, a mail's
 * recipients, an mbox's messages, vCards, calendar events, LDIF entries, CSV columns, HAR
 * entries, SQLite tables, and JSON, XML, HTML and RTF nested n deep. Each
 * file is extracted (OCR off) at two counts; "growth" is the time at the larger over the time at
 * the smaller: 4 for a linear reading when the counts are 4 apart, 16 for a quadratic one.
 * bench/extract/hostile.ts does the same for runs of text, bench/extract/fuzz.ts for damage.
 *
 * Prints one line per structure: growth, times, status and reasons at the larger count, and
 * flags growth over 8. A limit's reason (nesting past 1,024, the entry limit) is the extractor
 * doing its job; a `failed` with `corrupt` is a parser refusing the structure, read from the
 * file's bytes where the format allows (eml).
 */
import { gzipSync } from "node:zlib";
import { extractFile } from "@filescan/extract";
import initSqlJs from "sql.js";
import { makeCpio } from "../../libs/extract/src/test-util/archives.ts";
import { make7z, makePdf, makePdfWithContent, makeTar, makeZip, pdfTextStream, withMembers, writePdf } from "../../libs/extract/src/test-util/fixtures.ts";
import { makeEml } from "../../libs/extract/src/test-util/mail.ts";
import { makeDocx, makeOdt, makePptx, makeWorkbook } from "../../libs/extract/src/test-util/office.ts";
import { benchArgs } from "../args.ts";

const { values: opts, int, ints } = benchArgs(import.meta.url, { options: { counts: { type: "string", default: "2000,8000" }, only: { type: "string" }, "budget-ms": { type: "string", default: "60000" } } });
const [SMALL, LARGE] = ints(opts.counts, "counts", 2) as [number, number];
const only = opts.only?.split(",");
const BUDGET = int(opts["budget-ms"], "budget-ms");

type File = [bytes: Uint8Array, filename: string];
const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const times = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i));
const members = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}.txt`, `row ${i}`]));
/** A database sql.js makes from SQL statements. */
async function sqlite(sql: string): Promise<Buffer> {
  const db = new (await initSqlJs()).Database();
  db.run(sql);
  const bytes = Buffer.from(db.export());
  db.close();
  return bytes;
}
/** A DOCX whose body is `body` (WordprocessingML). */
const docx = async (body: string): Promise<File> => [await withMembers(await makeDocx(["x"]), { "word/document.xml": `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>` }), "report.docx"];
/**
 * A PDF of a catalog (with `extra` in it), a page tree of `depth` nodes above one page (or one
 * node listing the page `kids` times, its /Count saying so), the page showing "hello".
 */
function pdf({ extra = "", depth = 1, kids = 1 } = {}): File {
  const objects = [`<< /Type /Catalog /Pages 2 0 R ${extra} >>`];
  const page = depth + 2;
  for (let i = 0; i < depth; i++) objects.push(`<< /Type /Pages /Kids [${i + 1 < depth ? `${i + 3} 0 R` : `${page} 0 R `.repeat(kids)}] /Count ${i + 1 < depth ? 1 : kids}${i ? ` /Parent ${i + 1} 0 R` : ""} >>`);
  objects.push(`<< /Type /Page /Parent ${depth + 1} 0 R /MediaBox [0 0 400 300] /Contents ${page + 1} 0 R /Resources << /Font << /F1 ${page + 2} 0 R >> >> >>`);
  objects.push(pdfTextStream("hello"), "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  return [writePdf(objects), "scan.pdf"];
}

const STRUCTURES: Record<string, (n: number) => File | Promise<File>> = {
  "zip: members": async (n) => [await makeZip(members(n)), "export.zip"],
  "tar: members": async (n) => [await makeTar(members(n)), "export.tar"],
  "gzip: members": (n) => [Buffer.concat(times(n, (i) => `line ${i}\n`).map((l) => gzipSync(l))), "app.log.gz"],
  "docx: paragraphs": async (n) => [await makeDocx(times(n, (i) => `paragraph ${i}`)), "report.docx"],
  "docx: runs in a paragraph": (n) => docx(`<w:p>${"<w:r><w:t>ab</w:t></w:r>".repeat(n)}</w:p>`),
  "docx: cells in a row": (n) => docx(`<w:tbl><w:tr>${"<w:tc><w:p><w:r><w:t>c</w:t></w:r></w:p></w:tc>".repeat(n)}</w:tr></w:tbl>`),
  "docx: rows": (n) => docx(`<w:tbl>${"<w:tr><w:tc><w:p><w:r><w:t>c</w:t></w:r></w:p></w:tc></w:tr>".repeat(n)}</w:tbl>`),
  "docx: nested tables": (n) => docx(`${"<w:tbl><w:tr><w:tc>".repeat(n)}<w:p><w:r><w:t>deep</w:t></w:r></w:p>${"</w:tc></w:tr></w:tbl>".repeat(n)}`),
  "odt: paragraphs": async (n) => [await makeOdt(times(n, (i) => `paragraph ${i}`)), "report.odt"],
  "pptx: slides": async (n) => [await makePptx(times(n, (i) => `slide ${i}`)), "deck.pptx"],
  "xlsx: rows": (n) => [makeWorkbook({ S: Array.from({ length: n }, (_, i) => [`v${i}`, i]) }), "book.xlsx"],
  "xlsx: sheets": (n) => [makeWorkbook(Object.fromEntries(Array.from({ length: n }, (_, i) => [`S${i}`, [["a", i]]]))), "book.xlsx"],
  "xls: rows": (n) => [makeWorkbook({ S: Array.from({ length: n }, (_, i) => [`v${i}`, i]) }, "xls"), "book.xls"],
  "ods: rows": (n) => [makeWorkbook({ S: Array.from({ length: n }, (_, i) => [`v${i}`, i]) }, "ods"), "book.ods"],
  "pdf: pages (pdf-lib, one flat page tree)": async (n) => [await makePdf(times(n, (i) => `page ${i}`)), "scan.pdf"],
  "pdf: text operators": async (n) => [await makePdfWithContent(`BT /F1 10 Tf ${"(ab) Tj 1 0 Td ".repeat(n)}ET`), "scan.pdf"],
  "pdf: saves of the graphics state (q)": async (n) => [await makePdfWithContent(`${"q ".repeat(n)}BT /F1 12 Tf 30 200 Td (hello) Tj ET`), "scan.pdf"],
  "pdf: nested arrays": (n) => pdf({ extra: `/X ${"[".repeat(n)}${"]".repeat(n)}` }),
  "pdf: nested dictionaries": (n) => pdf({ extra: `/X ${"<< /A ".repeat(n)}1${" >>".repeat(n)}` }),
  "pdf: page tree depth": (n) => pdf({ depth: n }),
  "pdf: one page listed n times": (n) => pdf({ kids: n }),
  "eml: parts": (n) => [makeEml({ From: "a@example.com", Subject: "parts" }, times(n, (i) => `part ${i}`).map((body) => ({ contentType: "text/plain", body }))), "mail.eml"],
  "eml: nested multiparts": (n) => [Buffer.from(`From: a@example.com\nSubject: nested\nMIME-Version: 1.0\n${times(n, (i) => `Content-Type: multipart/mixed; boundary="b${i}"\n\n--b${i}\n`).join("")}Content-Type: text/plain\n\nhello\n${times(n, (i) => `--b${n - 1 - i}--\n`).join("")}`), "mail.eml"],
  "mbox: messages": (n) => [Buffer.from(times(n, (i) => `From a@example.com Mon Jan  1 00:00:00 2024\nFrom: a${i}@example.com\nSubject: m${i}\n\nbody ${i}\n\n`).join("")), "inbox.mbox"],
  "eml: recipients": (n) => [makeEml({ From: "a@example.com", To: times(n, (i) => `p${i}@example.com`).join(", "), Subject: "many" }, [{ contentType: "text/plain", body: "b" }]), "mail.eml"],
  "vcf: cards": (n) => [Buffer.from(times(n, (i) => `BEGIN:VCARD\nVERSION:3.0\nFN:Person ${i}\nEMAIL:p${i}@example.com\nEND:VCARD\n`).join("")), "contacts.vcf"],
  "ics: events": (n) => [Buffer.from(`BEGIN:VCALENDAR\n${times(n, (i) => `BEGIN:VEVENT\nSUMMARY:Meeting ${i}\nEND:VEVENT\n`).join("")}END:VCALENDAR\n`), "calendar.ics"],
  "ldif: entries": (n) => [Buffer.from(times(n, (i) => `dn: cn=p${i},dc=example\ncn: p${i}\nmail: p${i}@example.com\n\n`).join("")), "people.ldif"],
  "csv: columns": (n) => [Buffer.from(`${times(n, (i) => `c${i}`).join(",")}\n${times(n, (i) => `v${i}`).join(",")}\n`), "wide.csv"],
  "har: entries": (n) => [Buffer.from(JSON.stringify({ log: { version: "1.2", entries: times(n, (i) => `http://example.com/${i}`).map((url) => ({ request: { method: "GET", url, headers: [] }, response: { status: 200, headers: [], content: { text: url } } })) } })), "session.har"],
  "7z: members": async (n) => [await make7z(members(n)), "export.7z"],
  "cpio: members": (n) => [makeCpio(members(n)), "initrd.cpio"],
  "sqlite: tables": async (n) => [await sqlite(times(n, (i) => `CREATE TABLE t${i}(a TEXT); INSERT INTO t${i} VALUES ('v${i}');`).join("")), "app.sqlite"],
  "json: nested arrays": (n) => [Buffer.from(`${"[".repeat(n)}"x"${"]".repeat(n)}`), "data.json"],
  "xml: nested elements": (n) => [Buffer.from(`<?xml version="1.0"?>${"<a>".repeat(n)}x${"</a>".repeat(n)}`), "data.xml"],
  "html: nested elements": (n) => [Buffer.from(`<html><body>${"<div>".repeat(n)}x${"</div>".repeat(n)}`), "page.html"],
  "rtf: nested groups": (n) => [Buffer.from(`{\\rtf1\\ansi ${"{".repeat(n)}x${"}".repeat(n)}}`, "latin1"), "letter.rtf"],
};

async function time([bytes, filename]: File): Promise<{ ms: number; outcome: string }> {
  const t = process.hrtime.bigint();
  const r = await extractFile({ bytes, filename, claimedMime: "application/octet-stream" }, { ocr: false, timeBudgetMs: BUDGET });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  const reasons = [...new Set(r.reasons.map((x) => `${x.code}: ${x.message.slice(0, 70)}`))].join("; ");
  return { ms, outcome: `${r.status}, ${r.stats.chars} chars${reasons ? ` (${reasons})` : ""}` };
}

console.log(`bench/extract/structures: ${Object.keys(STRUCTURES).length} structures at ${SMALL} and ${LARGE} (OCR off, budget ${BUDGET} ms)`);
console.log("growth   ms@small ms@large  structure: outcome at the larger count");
let worst = 0;
let flagged = 0;
for (const [name, build] of Object.entries(STRUCTURES)) {
  if (only && !only.some((o) => name.startsWith(o))) continue;
  const small = await time(await build(SMALL));
  const large = await time(await build(LARGE));
  const growth = large.ms / Math.max(small.ms, 5); // (below 5 ms, timer noise)
  worst = Math.max(worst, growth);
  if (growth > 8) flagged++;
  console.log(`${growth.toFixed(1).padStart(6)}${growth > 8 ? "!" : " "}${small.ms.toFixed(0).padStart(9)} ${large.ms.toFixed(0).padStart(8)}  ${name}: ${large.outcome}`);
}
console.log(`worst growth ${worst.toFixed(1)} (linear ${(LARGE / SMALL).toFixed(0)}); ${flagged} over 8`);
