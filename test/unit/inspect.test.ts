/**
 * `filescan inspect` as users run it: the real CLI process, --llm off (no servers needed), on
 * fixture files generated here (a PDF page, a nested archive path, a spreadsheet cell).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { repoRoot } from "@filescan/config";
import { ANALYZER_VERSION } from "@filescan/contracts";
import { makePdf, makeTar, makeZip } from "../../libs/extract/src/test-util/fixtures.ts";
import { makeWorkbook } from "../../libs/extract/src/test-util/office.ts";
import { encodeImage, textPixels } from "../../libs/extract/src/test-util/images.ts";
import initSqlJs from "sql.js";

const dir = mkdtempSync(path.join(tmpdir(), "inspect-test-"));

function inspect(args: string[], input?: string | Buffer, env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [path.join(repoRoot(), "apps", "cli", "bin", "filescan.js"), "inspect", "--llm", "off", ...args], { encoding: "utf8", input, maxBuffer: 256 * 1024 * 1024, timeout: 30_000, env: { ...process.env, FILESCAN_LLM: "", ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, json: () => r.stdout.trim().split("\n").map((l) => JSON.parse(l)) };
}

describe("filescan inspect (CLI, --llm off)", function () {
  this.timeout(60_000);
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("reads a SQLite database's tables, its column names as context, and says which row and column", async () => {
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    db.run("CREATE TABLE customers (full_name TEXT, ssn TEXT, iban TEXT); INSERT INTO customers VALUES ('Jane Roe', '536-22-1234', 'DE89370400440532013000');");
    const f = path.join(dir, "crm.db");
    writeFileSync(f, db.export());
    db.close();
    const r = inspect([f]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /application\/x-sqlite3\s+complete/);
    assert.match(r.stdout, /US_SSN\s+0\.\d+\s+ssn_rules\s+customers row 2 ssn\s/);
    assert.match(r.stdout, /IBAN_CODE\s+1\.00\s+mod97\s+customers row 2 iban\s/);
  });

  it("locates a finding on page 2 of a PDF inside a ZIP inside a TAR", async () => {
    const pdf = await makePdf(["cover page", "Employee Jane Doe, SSN 536-22-8726"]);
    const f = path.join(dir, "bundle.tar");
    writeFileSync(f, await makeTar({ "hr.zip": await makeZip({ "2024/payroll.pdf": pdf }) }));
    const r = inspect(["--json", f]);
    assert.equal(r.code, 1, r.stderr);
    const [rep] = r.json();
    assert.equal(rep.detected_type, "application/x-tar");
    const ssn = rep.findings.find((x: any) => x.type === "US_SSN");
    assert.deepEqual(ssn.locator, { file_in_zip: "hr.zip!/2024/payroll.pdf", page: 2 });
    assert.equal(ssn.masked, "***-**-8726");
    assert.equal(ssn.value, undefined, "raw values only with --show-values");
    assert.equal(rep.llm.has_sensitive_data, true);
    assert.equal(rep.llm.page_number, 2);
    assert.equal(rep.llm.file_in_zip, "hr.zip!/2024/payroll.pdf");
    assert.equal(rep.analyzer_version, ANALYZER_VERSION, "the version the stored analysis would record");
    assert.ok(!r.stdout.includes("536-22-8726"));
  });

  it("reads a passport's machine-readable zone off a photo of it (OCR), as one finding masked to its issuing state", async () => {
    // ICAO Doc 9303's specimen passport; OCR reads "UTO" as "UT0" and "9ZE" as "97E" here, and the check digits still hold
    const mrz = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"];
    const f = path.join(dir, "passport.png");
    writeFileSync(f, encodeImage(await textPixels(["PASSPORT", ...mrz], 2, "Courier"), "png"));
    const r = inspect(["--json", f]);
    assert.equal(r.code, 1, r.stderr);
    const [rep] = r.json();
    const doc = rep.findings.filter((x: any) => x.type === "IDENTITY_DOCUMENT");
    assert.equal(doc.length, 1, JSON.stringify(rep.findings));
    assert.match(doc[0].validation, /^icao9303_td3/);
    assert.ok(doc[0].masked.startsWith("P<UTO*"), doc[0].masked);
    assert.equal(rep.llm.has_sensitive_data, true);
    assert.ok(!/ERIKSSON|L898902C3|740812/.test(r.stdout), r.stdout);
  });

  it("names the sheet and cell of a spreadsheet finding, in the readable report too", () => {
    const f = path.join(dir, "staff.xlsx");
    writeFileSync(f, makeWorkbook({ Staff: [["name", "email"], ["Jane", "jane.doe@acme.com"]] }));
    const j = inspect(["--json", f]);
    const mail = j.json()[0].findings.find((x: any) => x.type === "EMAIL_ADDRESS");
    assert.deepEqual([mail.locator.sheet, mail.locator.cell, mail.locator.column], ["Staff", "B2", "email"]);
    const h = inspect([f]);
    assert.equal(h.code, 1);
    assert.match(h.stdout, /EMAIL_ADDRESS\s+1\.00\s+email_syntax\s+Staff!B2/);
    assert.match(h.stdout, /j\*\*\*@acme\.com/);
  });

  it("--text --lines gives offsets within each line; --show-values prints the raw value", () => {
    const text = "nothing here\nwrite to jane.doe@acme.com today\nSSN 536-22-8726\n";
    const r = inspect(["--text", "--lines", "--json", "--show-values", "-"], text);
    assert.equal(r.code, 1, r.stderr);
    const reps = r.json();
    assert.deepEqual(reps.map((x: any) => [x.input, x.line, x.llm.has_sensitive_data]), [["-:1", 1, false], ["-:2", 2, true], ["-:3", 3, true]]);
    const mail = reps[1].findings.find((x: any) => x.type === "EMAIL_ADDRESS");
    assert.deepEqual([mail.start, mail.end, mail.value], [9, 26, "jane.doe@acme.com"]);
    assert.deepEqual(mail.locator, { row: 2 });
    const ssn = reps[2].findings.find((x: any) => x.type === "US_SSN");
    assert.equal(text.split("\n")[2]!.slice(ssn.start, ssn.end), "536-22-8726");
  });

  it("exits 0 when nothing is sensitive and 2 on an error", () => {
    const f = path.join(dir, "menu.txt");
    writeFileSync(f, "soup of the day: tomato\n");
    const ok = inspect([f]);
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stdout, /not sensitive/);
    const missing = inspect([path.join(dir, "nope.txt")]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /nope\.txt: cannot be read \(ENOENT\)/);
    assert.equal(inspect(["--lines", f]).code, 2, "--lines without --text is a usage error");
  });

  it("reads a file whose name is not UTF-8, given on the command line, by its bytes (Node decodes its arguments as UTF-8)", () => {
    writeFileSync(Buffer.concat([Buffer.from(`${dir}/Gehaltsliste M`), Buffer.from([0xfc]), Buffer.from("ller.txt")]), "Employee SSN: 536-22-8726\n");
    // (bash writes the name's bytes: a string argument would be sent as UTF-8)
    const cli = path.join(repoRoot(), "apps", "cli", "bin", "filescan.js");
    const r = spawnSync("bash", ["-c", `exec "$0" "$1" inspect --llm off --json "$2"$'M\\xfcller.txt'`, process.execPath, cli, `${dir}/Gehaltsliste `], { encoding: "utf8", timeout: 30_000, env: { ...process.env, FILESCAN_LLM: "" } });
    assert.equal(r.status, 1, r.stderr);
    const report = JSON.parse(r.stdout) as { input: string; findings: { type: string }[] };
    assert.equal(report.input, `${dir}/Gehaltsliste Müller.txt`, "shown as Latin-1, as scan shows it");
    assert.ok(report.findings.some((f) => f.type === "US_SSN"));
  });

  it("exits 3 when nothing sensitive was found but a file could not be examined (a gate took 0 for files it never read)", () => {
    const broken = path.join(dir, "broken.pdf");
    writeFileSync(broken, "%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\n%%EOF garbage");
    const menu = path.join(dir, "menu.txt");
    writeFileSync(menu, "soup of the day: tomato\n");
    const r = inspect(["--json", menu, broken]);
    assert.deepEqual(r.json().map((j: { status: string }) => j.status), ["complete", "failed"], r.stderr);
    assert.equal(r.code, 3);
    const random = path.join(dir, "blob.bin");
    writeFileSync(random, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251)));
    const blob = inspect(["--json", random]);
    assert.equal(blob.json()[0].status, "unsupported");
    assert.equal(blob.code, 3);
    // (something sensitive outranks it; an unreadable file outranks both)
    const ssn = path.join(dir, "ssn.txt");
    writeFileSync(ssn, "Employee SSN: 536-22-8726\n");
    assert.equal(inspect([broken, ssn]).code, 1);
    assert.equal(inspect([broken, ssn, path.join(dir, "nope.txt")]).code, 2);
  });

  it("reads only regular files and standard input, at most FILESCAN_MAX_FILE_BYTES (/dev/zero was read until the process was killed, a FIFO waited for good)", () => {
    const fifo = path.join(dir, "pipe");
    spawnSync("mkfifo", [fifo]);
    for (const [name, what] of [[dir, "a directory"], [fifo, "a FIFO; - reads standard input"], ["/dev/zero", "a device"]] as const) {
      const r = inspect([name]);
      assert.equal(r.code, 2, `${name}: ${r.stderr}`);
      assert.equal(r.stderr, `filescan inspect: ${name}: not a regular file (${what})\n`);
    }
    const big = path.join(dir, "big.txt");
    writeFileSync(big, "SSN 536-22-1234\n".repeat(100));
    const small = { FILESCAN_MAX_FILE_BYTES: "1000" };
    const over = inspect([big], undefined, small);
    assert.equal(over.code, 2);
    assert.match(over.stderr, /big\.txt: 1600 bytes, more than the 1000 FILESCAN_MAX_FILE_BYTES allows/);
    const piped = inspect(["-"], "x".repeat(1001), small);
    assert.equal(piped.code, 2);
    assert.match(piped.stderr, /-: standard input holds more than the 1000 bytes FILESCAN_MAX_FILE_BYTES allows/);
    assert.equal(inspect(["--text", "-"], "SSN 536-22-1234", small).code, 1, "within the limit: read");
  });

  it("reads a sheet of 60,000 cells, nearly all findings: the report lists 200 and counts the rest; --show-values finds each value", () => {
    const rows: Array<Array<string | number>> = [["Name", "Email", "SSN"]];
    for (let i = 0; i < 20_000; i++) rows.push([`Person${i} Example`, `person${i}@corp.acme.net`, `536-${String(10 + (i % 89)).padStart(2, "0")}-${String(1000 + (i % 8999)).padStart(4, "0")}`]);
    const f = path.join(dir, "big.xlsx");
    writeFileSync(f, makeWorkbook({ Staff: rows }));
    const r = inspect([f]);
    assert.equal(r.code, 1, r.stderr);
    const total = Number(/findings {4}(\d+)/.exec(r.stdout)?.[1]);
    assert.ok(total >= 40_000, `findings ${total}`);
    assert.match(r.stdout, new RegExp(`… and ${total - 200} more \\(--json lists every one\\)`));
    const shown = inspect(["--json", "--show-values", f]).json()[0];
    assert.equal(shown.findings.length, total);
    assert.ok(shown.findings.every((x: any) => typeof x.value === "string" && x.value.length > 0), "every finding's value found by its locator");
  });

  it("reads a gzipped manual page as its reader sees it: roff's escapes hid the author's address (`john\\-smith@…`) and the SSN", async () => {
    const { gzipSync } = await import("node:zlib");
    const page = ['.\\" Manual page for frob', ".TH FROB 1 2024-03-01 frob-2.1", ".SH NAME", "frob \\- frobnicate files", ".SH AUTHOR", "Written by \\fBJohn Smith\\fR <john\\-smith@gmail.com>.", '.SH "REPORTING BUGS"', "Report bugs to \\(lamary@web.de\\(ra; payroll test record SSN 536\\-22\\-8726.", ""].join("\n");
    const f = path.join(dir, "frob.1.gz");
    writeFileSync(f, gzipSync(page));
    const r = inspect(["--json", "--show-values", f]);
    assert.equal(r.code, 1, r.stderr);
    const [rep] = r.json();
    assert.deepEqual([rep.detected_type, rep.status], ["application/gzip", "complete"]);
    const emails = rep.findings.filter((x: any) => x.type === "EMAIL_ADDRESS");
    assert.deepEqual(emails.map((x: any) => [x.value, x.masked, x.locator]), [["john-smith@gmail.com", "j***@gmail.com", {}], ["mary@web.de", "m***@web.de", {}]], JSON.stringify(rep.findings));
    // (its offsets in the text read, one line per line of the page: the comment's text, the title, …)
    const before = "Manual page for frob\nFROB 1 2024-03-01 frob-2.1\nNAME\nfrob - frobnicate files\nAUTHOR\nWritten by John Smith <";
    assert.deepEqual([emails[0].start, emails[0].end], [before.length, before.length + "john-smith@gmail.com".length]);
    const ssn = rep.findings.find((x: any) => x.type === "US_SSN");
    assert.deepEqual([ssn?.value, ssn?.masked], ["536-22-8726", "***-**-8726"]);
  });
});
