/**
 * bench/extract: MB/s and files/s of libs/extract per format on a generated corpus, against a
 * baseline measured in the same run on the same bytes (sha256 + UTF-8 decode: the least any
 * consumer of the bytes does), plus the process's peak RSS.
 *
 *   node bench/extract/run.ts [--scale 1] [--no-ocr] [--pool]
 *
 * One file at a time on the main thread (the per-core figure; the app runs one such worker per
 * core), or with --pool through the worker pool the extractor app uses (bytes copied to workers).
 * OCR rows (images, scanned PDF pages) also print the time per OCR page. The default run takes
 * well under a minute on a shared 2-core machine; treat figures as rough.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { availableParallelism } from "node:os";
import { extractFile, createExtractPool, type ExtractResult } from "@filescan/extract";
import { closeOcr } from "../../libs/extract/src/formats/ocr.ts";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { parquetWriteBuffer } from "hyparquet-writer";
import initSqlJs from "sql.js";
import { makeTar, makeZip } from "../../libs/extract/src/test-util/fixtures.ts";
import { encodeImage, scannedPdf, textPixels } from "../../libs/extract/src/test-util/images.ts";
import { makeEml, makeMsg } from "../../libs/extract/src/test-util/mail.ts";
import { makeDocx, makeWorkbook } from "../../libs/extract/src/test-util/office.ts";
import { benchArgs } from "../args.ts";

const { values, positive } = benchArgs(import.meta.url, { options: { scale: { type: "string", default: "1" }, "no-ocr": { type: "boolean", default: false }, pool: { type: "boolean", default: false } } });
const SCALE = positive(values.scale, "scale");
const OCR = !values["no-ocr"];

// Deterministic filler with the kinds of tokens the detectors look for.
let seed = 42;
const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
const WORDS = "the report lists quarterly payroll figures for staff in the berlin office and the travel policy review next month".split(" ");
const NAMES = ["Anna Schmidt", "Omar Haddad", "Li Wei", "Sofia Rossi", "Ravi Iyer", "Jane Roe"];
function line(i: number): string {
  const w = Array.from({ length: 12 }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(" ");
  return `${i} ${NAMES[i % NAMES.length]} ${w} phone +49 30 ${1_000_000 + (i * 7919) % 9_000_000} iban DE89370400440532013000`;
}
function text(bytes: number, from = 0): string {
  const out: string[] = [];
  let n = 0;
  for (let i = from; n < bytes; i++) {
    const l = line(i);
    out.push(l);
    n += l.length + 1;
  }
  return out.join("\n");
}
function csv(rows: number): string {
  const out = ["id,name,phone,iban,amount"];
  for (let i = 0; i < rows; i++) out.push(`${i},${NAMES[i % 6]},+49 30 ${1_000_000 + i},DE89370400440532013000,${(i * 13.37).toFixed(2)}`);
  return out.join("\n");
}

/** An A4 PDF of `pages` pages, 45 lines of text each (pdf-lib, Helvetica 10 pt). */
async function makePdf(pages: number, from: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842]);
    text(6000, from + p * 50).split("\n").slice(0, 45).forEach((l, i) => page.drawText(l.slice(0, 110), { x: 40, y: 800 - i * 16, size: 9, font }));
  }
  return doc.save();
}

interface Corpus {
  format: string;
  files: Uint8Array[];
  name: string;
  ocrPages?: number;
  /** PDF pages per file (printed as pages/s). */
  pages?: number;
}

const n = (k: number) => Math.max(1, Math.round(k * SCALE));
async function corpus(): Promise<Corpus[]> {
  const c: Corpus[] = [
    { format: "text (100 KB)", name: "notes.txt", files: Array.from({ length: n(40) }, (_, i) => Buffer.from(text(100_000, i * 1000))) },
    { format: "csv (2,000 rows)", name: "staff.csv", files: Array.from({ length: n(10) }, () => Buffer.from(csv(2000))) },
    { format: "html (100 KB)", name: "page.html", files: Array.from({ length: n(20) }, (_, i) => Buffer.from(`<!doctype html><html><body>${text(100_000, i).split("\n").map((l) => `<p>${l}</p>`).join("")}<script>var x=1</script></body></html>`)) },
    { format: "pdf (10 pages)", name: "report.pdf", files: await Promise.all(Array.from({ length: n(6) }, (_, i) => makePdf(10, i * 1000))), pages: 10 },
    { format: "docx", name: "memo.docx", files: await Promise.all(Array.from({ length: n(10) }, (_, i) => makeDocx(text(20_000, i).split("\n")))) },
    { format: "xlsx (2,000 rows)", name: "staff.xlsx", files: Array.from({ length: n(3) }, () => makeWorkbook({ Staff: csv(2000).split("\n").map((r) => r.split(",")) })) },
    { format: "eml (+csv attachment)", name: "mail.eml", files: Array.from({ length: n(20) }, (_, i) => makeEml({ From: "Anna <anna@example.com>", To: "bob@example.org", Subject: `payroll ${i}` }, [{ contentType: "text/plain", body: text(20_000, i) }, { contentType: "text/csv", filename: "pay.csv", body: Buffer.from(csv(300)) }])) },
    { format: "msg (+txt attachment)", name: "mail.msg", files: Array.from({ length: n(20) }, (_, i) => makeMsg({ subject: `payroll ${i}`, senderName: "Anna", senderEmail: "anna@example.com", body: text(20_000, i), recipients: [{ name: "Bob", email: "bob@example.org", type: "to" }], attachments: [{ name: "n.txt", data: Buffer.from(text(10_000, i)) }] })) },
  ];
  const members = async (i: number) => ({ "a/notes.txt": text(50_000, i), "a/staff.csv": csv(500), "b/report.pdf": await makePdf(3, i) });
  c.push({ format: "zip (txt+csv+pdf)", name: "bundle.zip", files: await Promise.all(Array.from({ length: n(10) }, async (_, i) => makeZip(await members(i)))) });
  c.push({ format: "tar.gz (txt+csv+pdf)", name: "bundle.tgz", files: await Promise.all(Array.from({ length: n(10) }, async (_, i) => gzipSync(await makeTar(await members(i))))) });
  // tables in the formats of databases and data lakes: the same 2,000 rows as the CSV
  const rows = csv(2000).split("\n").map((r) => r.split(","));
  const SQL = await initSqlJs();
  const sqlite = () => {
    const db = new SQL.Database();
    db.run(`CREATE TABLE staff (${rows[0]!.map((h) => `"${h}" TEXT`).join(", ")})`);
    const insert = db.prepare(`INSERT INTO staff VALUES (${rows[0]!.map(() => "?").join(", ")})`);
    for (const r of rows.slice(1)) insert.run(r);
    insert.free();
    const bytes = db.export();
    db.close();
    return bytes;
  };
  c.push({ format: "sqlite (2,000 rows)", name: "staff.db", files: Array.from({ length: n(3) }, sqlite) });
  const columns = rows[0]!.map((name, k) => ({ name, data: rows.slice(1).map((r) => r[k] ?? "") }));
  c.push({ format: "parquet (2,000 rows)", name: "staff.parquet", files: Array.from({ length: n(3) }, () => new Uint8Array(parquetWriteBuffer({ columnData: columns }))) });
  const mails = (k: number) => Array.from({ length: 20 }, (_, i) => `From anna@example.com Mon Mar  4 09:12:01 2024\n${makeEml({ From: "Anna <anna@example.com>", To: "bob@example.org", Subject: `payroll ${k}-${i}` }, [{ contentType: "text/plain", body: text(5_000, k * 20 + i) }]).toString("latin1").replace(/\r\n/g, "\n")}\n`).join("");
  c.push({ format: "mbox (20 mails)", name: "inbox.mbox", files: Array.from({ length: n(5) }, (_, k) => Buffer.from(mails(k), "latin1")) });
  c.push({ format: "pst (Enron, 71 mails + 70 attachments)", name: "enron.pst", files: Array.from({ length: n(2) }, () => readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve("pst-extractor/package.json")), "example", "testdata", "enron.pst"))) });
  if (OCR) {
    // a half page of dense text: 20 lines, 1040 px wide (~150 dpi for a 7-inch text width)
    const px = await textPixels(text(2000, 7).split("\n").slice(0, 20).map((l) => l.slice(0, 48)));
    c.push({ format: `png (OCR, ${px.width}x${px.height})`, name: "scan.png", files: Array.from({ length: n(2) }, () => encodeImage(px, "png")), ocrPages: 1 });
    const scan = await scannedPdf([px, px]);
    c.push({ format: "scanned pdf (OCR, 2 pages)", name: "scan.pdf", files: Array.from({ length: n(1) }, () => scan), ocrPages: 2, pages: 2 });
  }
  return c;
}

/** Seconds the baseline takes over the files (repeated until ≥ 32 MB were hashed, then averaged). */
function baseline(files: Uint8Array[]): number {
  const bytes = files.reduce((s, f) => s + f.byteLength, 0);
  const reps = Math.max(3, Math.ceil(32e6 / bytes));
  const t0 = performance.now();
  let sink = 0;
  for (let rep = 0; rep < reps; rep++) {
    for (const f of files) {
      sink += createHash("sha256").update(f).digest()[0]!;
    }
  }
  if (sink < 0) console.log(sink);
  return (performance.now() - t0) / 1000 / reps;
}

const set = await corpus();
const pool = values.pool ? createExtractPool({ size: availableParallelism() }) : null;
// (--no-ocr also turns OCR off for the images inside other files: a mailbox's photos)
const extract = (bytes: Uint8Array, filename: string): Promise<ExtractResult> =>
  pool ? pool.extract({ bytes, filename, claimedMime: "application/octet-stream" }, { ocr: OCR }) : extractFile({ bytes, filename, claimedMime: "application/octet-stream" }, { ocr: OCR });

// Warm-up: load every parser (and the OCR worker) once, and JIT the baseline, outside the timings.
for (const c of set) await extract(c.files[0]!, c.name);
baseline(set[0]!.files);

console.log(`bench/extract  scale=${SCALE}  ocr=${OCR ? "on" : "off"}  mode=${pool ? `pool of ${availableParallelism()}` : "main thread, one file at a time"}`);
console.log(`  ${"format".padEnd(28)} ${"files".padStart(5)} ${"MB".padStart(6)} ${"files/s".padStart(8)} ${"MB/s".padStart(7)} ${"base MB/s".padStart(9)} ${"ratio".padStart(7)} ${"cpu MB/s".padStart(8)}  notes`);
const t0All = performance.now();
for (const c of set) {
  const mb = c.files.reduce((s, f) => s + f.byteLength, 0) / 1e6;
  const baseSecs = baseline(c.files);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const results = pool ? await Promise.all(c.files.map((f) => extract(f, c.name))) : [];
  if (!pool) for (const f of c.files) results.push(await extract(f, c.name));
  const secs = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSecs = (cpu.user + cpu.system) / 1e6;
  const chars = results.reduce((s, r) => s + r.stats.chars, 0);
  const statuses = [...new Set(results.map((r) => r.status))].join("/");
  const notes = [`${statuses}`, `${(chars / 1e3).toFixed(0)} kchar`];
  if (c.pages) notes.push(`${((c.files.length * c.pages) / secs).toFixed(1)} pages/s`);
  if (c.ocrPages) notes.push(`${((secs * 1000) / (c.files.length * c.ocrPages)).toFixed(0)} ms per OCR page (${((cpuSecs * 1000) / (c.files.length * c.ocrPages)).toFixed(0)} ms cpu)`);
  console.log(
    `  ${c.format.padEnd(28)} ${String(c.files.length).padStart(5)} ${mb.toFixed(2).padStart(6)} ${(c.files.length / secs).toFixed(1).padStart(8)} ${(mb / secs).toFixed(2).padStart(7)} ${(mb / baseSecs).toFixed(0).padStart(9)} ${(baseSecs / secs).toFixed(4).padStart(7)} ${(mb / cpuSecs).toFixed(2).padStart(8)}  ${notes.join(", ")}`,
  );
}
console.log(`  ratio = extraction MB/s / baseline MB/s (sha256 of the same bytes, same run); cpu MB/s = MB per CPU second of all threads (steadier on a shared machine)`);
console.log(`  total ${((performance.now() - t0All) / 1000).toFixed(1)} s, peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (whole process, workers included)`);
await pool?.close();
await closeOcr();
