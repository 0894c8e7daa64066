import assert from "node:assert/strict";
import iconv from "iconv-lite";
import { allText, codes, run, segWith } from "../test-util/run.ts";
import { cutBefore } from "./text.ts";
import { noise } from "../test-util/fixtures.ts";

describe("extract: text family", () => {
  it("reads UTF-8, UTF-16 LE/BE with BOM, UTF-16 without BOM and Windows-1252", async () => {
    const s = "Grüße, Straße 5 – Zoë €";
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, "utf16le")]);
    const utf16be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(s, "utf16le").swap16()]);
    for (const [bytes, label] of [[Buffer.from(s), "utf8"], [utf16le, "utf16le"], [utf16be, "utf16be"], [Buffer.from(s, "utf16le"), "utf16le-nobom"]] as const) {
      const r = await run(bytes, "a.txt", "text/plain");
      assert.equal(r.status, "complete", label);
      assert.equal(r.detected_type, "text/plain", label);
      assert.equal(allText(r), s, label);
    }
    const cp = iconv.encode("Müller zahlt 5 € für Café – “quoted” und noch mehr Text über Größe", "windows-1252");
    const r = await run(cp, "legacy.txt", "text/plain");
    assert.equal(allText(r), "Müller zahlt 5 € für Café – “quoted” und noch mehr Text über Größe");
  });

  it("reads the legacy CJK encodings Windows writes, where chardet guesses wrong or its decoder lacks them (Python's cjkencodings test files)", async () => {
    const cases: Array<[string, Buffer]> = [
      // Windows-949 (Korean Windows): short, chardet guessed ISO-8859-6; Python's test file, Big5
      ["똠방각하 펲시콜라", iconv.encode("똠방각하 펲시콜라", "cp949")],
      // Big5-HKSCS: short, chardet guessed Windows-1252
      ["𠄌Ě鵮罓洆", iconv.encode("𠄌Ě鵮罓洆", "big5hkscs")],
      // ISO-2022-JP (7-bit: valid UTF-8 with escapes; iconv-lite has no decoder for it), written by Python's codec
      ["山田太郎様の電話番号は 03-1234-5678 です。住所は東京都千代田区です。", Buffer.from("1b24423b33454442404f3a4d4d244e45454f4348563966244f1b28422030332d313233342d35363738201b24422447243921233d3b3d6a244f456c357e455440694265454436682447243921231b2842", "hex")],
      ["山田太郎様の電話番号は 03-1234-5678 です。", iconv.encode("山田太郎様の電話番号は 03-1234-5678 です。", "shift_jis")],
    ];
    for (const [text, bytes] of cases) {
      const r = await run(bytes, "legacy.txt", "text/plain");
      assert.deepEqual([r.detected_type, r.status, allText(r)], ["text/plain", "complete", text], text);
    }
    // longer than the 64 KiB head that chardet and the strict check read, which the cut ends inside a character
    const long = "똠방각하 ".repeat(9000);
    const r = await run(iconv.encode(long, "cp949"), "long.txt", "text/plain");
    assert.deepEqual([r.detected_type, r.status], ["text/plain", "complete"]);
    assert.ok(allText(r).replace(/\s+/g, "") === long.replace(/\s+/g, ""), "the whole text, in Windows-949"); // (cut into segments)
  });

  it("reads the DOS and Cyrillic code pages chardet misses, and leaves text in its right code page alone", async () => {
    const cases: Array<[string, string]> = [
      // DOS Western European: was GBK ("J乺gen M乴ler") and Windows-1252 ("Fran‡ois")
      ["Kundenliste 1994\r\nName: Jürgen Müller, Hauptstraße 12, 80331 München\r\nBemerkung: Rückfrage bei Frau Größer\r\n", "cp850"],
      ["Nom: François Lefèvre, né le 3 août 1958 à Besançon\r\n", "cp850"],
      ["Müller ─── │ ┌─┐ Größe ├──┤", "cp850"],
      // DOS Cyrillic: was binary (C1 controls in Windows-1253)
      ["Фамилия: Иванов Иван Петрович\r\nАдрес: г. Москва, ул. Тверская, д. 7\r\n", "cp866"],
      // DOS Central European and Greek: were Windows-1252 ("Dudziäski") and binary
      ["Hilarion Dudziński, ul. Świętokrzyska 25a, Łódź 79-019\r\nKsenofont Szostak, bulw. Kościuszki 81c, Gdańsk 36-864\r\n", "cp852"],
      ["Ελευθέριος Ασπάσιος, Παπαϊωάννου 641, Άρτα 579 01\r\nΚώστας Μαρής, Πλ. Δημητρίου 8, Ξάνθη 136 86\r\n", "cp737"],
      // Windows' and Unix's Cyrillic, which chardet took for Windows-1252 ("Àðåíäà")
      ["Аренда квартир, снять квартиру в Москве недорого", "windows-1251"],
      ["menutrans &File &Файл\nmenutrans &Help &Допомога\n", "koi8-u"],
      // the classic Mac OS's Roman, which chardet took for Windows-1252 ("DuprŽ" for "Dupré")
      ["Hélène Dupré, née à Béziers, 12 rue de la Paix, Nîmes\r", "macintosh"],
      // already right: Windows-1252 with quotes, dashes and symbols at words' edges, Central European, Shift_JIS
      ["“Hello,” she said. “Don’t you know it’s 5 € — or 10 ½ lbs?” © 2004 Acme® Corp. ‘quoted’ «guillemets» x² 25°C", "windows-1252"],
      ["Señor José Núñez, Calle Mayor 5, 28013 Madrid — “cliente” ¿Qué? ¡Sí!", "windows-1252"],
      ["Łódź, ul. Piotrkowska 12 — Paweł Wiśniewski, „cytat”", "windows-1250"],
      ["山田太郎様の電話番号は 03-1234-5678 です。住所は東京都千代田区です。", "shift_jis"],
    ];
    for (const [text, enc] of cases) {
      const r = await run(iconv.encode(text, enc), "legacy.txt");
      assert.deepEqual([r.detected_type, r.status, allText(r)], ["text/plain", "complete", text], enc);
    }
  });

  it("gives CSV cells their row and header column, keeps the header as its own segment and digits exact", async () => {
    const r = await run("name,phone,city\nAnna Schmidt,4915123456789,Köln\nBen,+44 20 7946 0958,London\n", "people.csv", "text/csv");
    assert.equal(r.detected_type, "text/csv");
    const header = r.segments.find((s) => s.locator.part === "header");
    assert.equal(header?.text, "name, phone, city");
    assert.equal(header?.locator.row, 1);
    const phone = segWith(r, "4915123456789");
    assert.equal(phone?.text, "4915123456789");
    assert.equal(phone?.locator.row, 2);
    assert.equal(phone?.locator.column, "phone");
    assert.equal(segWith(r, "London")?.locator.row, 3);
  });

  it("finds a CSV file's header below its title line and a blank line; a title over numbers stays the header", async () => {
    const r = await run("Customer export 2026-11-01\n\nName,SSN,DOB\nTiara Gislason,536-22-1234,1985-03-14\n", "export.csv", "text/csv");
    assert.equal(r.detected_type, "text/csv");
    assert.deepEqual(r.segments.filter((s) => s.text !== "").map((s) => [s.text, s.locator.row, s.locator.column, s.locator.part]), [
      ["Name, SSN, DOB", 3, null, "header"],
      ["Customer export 2026-11-01", 1, "1", null],
      ["Tiara Gislason", 4, "Name", null],
      ["536-22-1234", 4, "SSN", null],
      ["1985-03-14", 4, "DOB", null],
    ]);
    const numbers = await run("Totals\n12,7\n3,4\n", "totals.csv", "text/csv");
    assert.equal(numbers.segments.find((s) => s.locator.part === "header")?.text, "Totals");
    assert.equal(segWith(numbers, "7")?.locator.column, "2");
  });

  it("reads a CSV or TSV the parser refuses (a quote left open) as text, partial: it was `failed`, nothing read", async () => {
    for (const [name, type, sep] of [["broken.csv", "text/csv", ","], ["broken.tsv", "text/tab-separated-values", "\t"]] as const) {
      const r = await run(["id", "ssn", "name"].join(sep) + "\n" + ["1", "536-22-1234", "Tiara Gislason"].join(sep) + "\n" + ["2", '"536-22-1215', "Ana Ruiz"].join(sep) + "\n", name, type);
      assert.equal(r.status, "partial", name);
      assert.deepEqual(codes(r), ["corrupt"], name);
      assert.match(r.reasons[0]!.message, /^(csv|tsv): Quote Not Closed: .*; read as text$/, name);
      for (const s of ["536-22-1234", "Tiara Gislason", "536-22-1215", "Ana Ruiz"]) assert.ok(allText(r).includes(s), `${name}: ${s}`);
    }
  });

  it("reads a delimited export saved as text (export.txt, .dat, no extension) as one; prose, logs and code stay text", async () => {
    const rows = ["id;full_name;ssn;dob", ...Array.from({ length: 8 }, (_, i) => `${i};Tiara Gislason;536-22-12${10 + i};1980-04-0${1 + i}`)].join("\n") + "\n";
    for (const name of ["export.txt", "customers.dat", "9d3c922c2aa93f10f518942a0e428c13320090"]) {
      const r = await run(rows, name);
      assert.deepEqual([r.detected_type, segWith(r, "536-22-1215")?.locator.column], ["text/csv", "ssn"], name);
    }
    const tabs = ["name\temail\tphone", ...Array.from({ length: 6 }, () => "Drew Bernier\tdrew@example.org\t(206) 342-8631")].join("\n") + "\n";
    assert.deepEqual([(await run(tabs, "contacts.txt")).detected_type, segWith(await run(tabs, "contacts.txt"), "drew@")?.locator.column], ["text/tab-separated-values", "email"]);
    const prose = "Dear Jane, thank you for your letter, which arrived today.\nWe met, as agreed, in Paris, and talked for hours.\nThe weather was fine, the food good.\nI hope, dear friend, that you are well.\nWith love, and all the best,\nAnna\n";
    const log = Array.from({ length: 8 }, (_, i) => `2026-11-27 10:0${i}:00,123 INFO [main] request ${i} served`).join("\n") + "\n";
    for (const [text, name] of [[prose, "letter.txt"], [log, "app.txt"], [rows, "report.py"]] as const) assert.equal((await run(text, name)).detected_type, "text/plain", name);
  });
  it("reads TSV without a header with 1-based column numbers", async () => {
    const r = await run("1\t4915123456789\n2\tjohn@example.org\n", "x.tsv", "text/tab-separated-values");
    const mail = segWith(r, "john@example.org");
    assert.equal(mail?.locator.row, 2);
    assert.equal(mail?.locator.column, "2");
  });

  it("reads JSON, NDJSON (row per line), XML and HTML (scripts dropped)", async () => {
    const j = await run('{"user":{"email":"a@b.de"}}', "x.json", "application/json");
    assert.equal(j.detected_type, "application/json");
    assert.match(allText(j), /a@b\.de/);
    const nd = await run('{"a":1}\n{"email":"c@d.de"}\n', "x.ndjson", "application/x-ndjson");
    assert.equal(nd.detected_type, "application/x-ndjson");
    assert.equal(segWith(nd, "c@d.de")?.locator.row, 2);
    const x = await run('<?xml version="1.0"?><people><p name="Eve">eve@example.com</p></people>', "x.xml", "text/xml");
    assert.equal(x.detected_type, "application/xml");
    assert.match(allText(x), /Eve/);
    assert.match(allText(x), /eve@example\.com/);
    // a data file's leaf elements are its fields' lines, under their parent's name; a document's paragraphs and runs stay text
    const emp = await run('<?xml version="1.0"?><employees><employee id="7"><name>Jane Roe</name><hr:dateOfBirth>1984-03-07</hr:dateOfBirth><passwd>Xk7pQ2wq9</passwd><note>Joined in <b>2019</b> as analyst.</note></employee></employees>', "staff.xml");
    assert.deepEqual(allText(emp).split("\n").map((l) => l.trim()), ["7", "employee name: Jane Roe", "employee dateOfBirth: 1984-03-07", "employee passwd: Xk7pQ2wq9", "Joined in 2019 as analyst."]);
    // a name/value pair's value under the pair's name (Hadoop's and Hive's configuration)
    const site = await run('<?xml version="1.0"?><configuration><property><name>javax.jdo.option.ConnectionPassword</name><value>hive$ecret2024</value></property><property><name>fs.defaultFS</name><value>hdfs://nn:8020</value><description>The file system.</description></property></configuration>', "hive-site.xml");
    assert.deepEqual(allText(site).split("\n").map((l) => l.trim()), ["property name: javax.jdo.option.ConnectionPassword", "javax.jdo.option.ConnectionPassword: hive$ecret2024", "property name: fs.defaultFS", "fs.defaultFS: hdfs://nn:8020", "The file system."]);
    // a property list's key and the value after it, one line (a configuration profile's Wi-Fi and mail account)
    const profile = await run('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0"><dict>\n<key>PayloadContent</key>\n<array><dict>\n<key>AutoJoin</key>\n<true/>\n<key>Password</key>\n<string>Tr0ub4dor&amp;3x</string>\n<key>Certificate</key><data>AAECYmluYXJ5</data><key>Options</key><dict><key>Port</key><integer>993</integer></dict>\n</dict></array>\n<key>FullName</key><string>Jane Doe</string></dict></plist>', "wifi.mobileconfig");
    assert.deepEqual(allText(profile).split("\n").map((l) => l.trim()), ["1.0", "PayloadContent", "AutoJoin: true", "Password: Tr0ub4dor&3x", "Certificate: AAECYmluYXJ5", "Options", "Port: 993", "FullName: Jane Doe"]);
    // a flat ODF spreadsheet's namespaces, a schema location, its fonts and styles are no text; its cells' values are
    const fods = await run('<?xml version="1.0"?><office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:x schema.xsd" xml:lang="en"><office:font-face-decls><style:font-face style:name="Arial Unicode MS" svg:font-family="\'Arial Unicode MS\'"/></office:font-face-decls><table:cell table:style-name="ce1" office:value="536-22-1234"><p>Jane Roe</p></table:cell></office:document>', "t.fods");
    assert.equal(allText(fods).replace(/\s+/g, " ").trim(), "536-22-1234 Jane Roe");
    const h = await run("<!DOCTYPE html><html><head><script>var secret='x1'</script></head><body><p>Call&nbsp;Anna</p><td>DE89370400440532013000</td></body></html>", "x.html", "text/html");
    assert.equal(h.detected_type, "text/html");
    assert.match(allText(h), /Call\u00a0Anna/);
    assert.match(allText(h), /DE89370400440532013000/);
    assert.doesNotMatch(allText(h), /secret/);
    // XHTML (an e-book's chapter) is a web page: its epub:type, class and id attributes are markup, not text
    const xhtml = await run('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body><p class="first" id="p1">Dear <abbr epub:type="z3998:name-title">Mr.</abbr> Polehampton,</p></body></html>', "chapter1.xhtml");
    assert.deepEqual([xhtml.detected_type, allText(xhtml).trim()], ["application/xhtml+xml", "Dear Mr. Polehampton,"]);
    // a page's plumbing (its content type, viewport, style sheet, icon) is no text; its author and a mail link are
    const head = await run('<html><head><meta http-equiv="Content-Type" content="application/xhtml+xml; charset=utf-8"/><meta name="viewport" content="width=device-width"/><meta name="author" content="Jane Roe"/><link rel="stylesheet" href="style.css"/><link rel="icon" href="favicon.ico"/><title>Cover</title></head><body><a href="mailto:jane.roe@example.org">write</a></body></html>', "cover.html");
    assert.equal(allText(head).replace(/\s+/g, " ").trim(), "Jane Roe Cover mailto:jane.roe@example.org write");
  });


  it("tells XHTML from other XML after many comments, at once (a Maven pom's licence header)", async () => {
    // the XHTML test once let a comment's body run on through the next ones: 40 comments before
    // another root took 2^40 steps to fail
    const comments = "<!-- Licensed under the Apache License -->\n".repeat(40);
    const pom = await run(`<?xml version="1.0"?>\n${comments}<project><name>Jane Roe</name></project>`, "pom.xml");
    assert.deepEqual([pom.detected_type, allText(pom).trim()], ["application/xml", "project name: Jane Roe"]);
    const page = await run(`<?xml version="1.0"?>\n${comments}<html><body>Jane Roe</body></html>`, "page");
    assert.deepEqual([page.detected_type, allText(page).trim()], ["application/xhtml+xml", "Jane Roe"]);
  });
  it("reads Markdown and logs, and flags a claimed type that disagrees", async () => {
    const md = await run("# Title\n\nContact: a@b.de\n", "README.md", "text/markdown");
    assert.equal(md.detected_type, "text/markdown");
    assert.equal(md.type_mismatch, false);
    const log = await run("2026-01-01 INFO user=alice ip=10.0.0.1\n", "app.log", "application/pdf");
    assert.equal(log.detected_type, "text/plain");
    assert.equal(log.type_mismatch, true);
    assert.match(allText(log), /user=alice/);
  });

  it("cuts a text without line ends into chunks between values, never inside one (a one-line JSON export, rustdoc's search index)", async () => {
    // a one-line export: every record's e-mail and float whole in one chunk
    const records = Array.from({ length: 400 }, (_, i) => `{"id":${i},"email":"user.number${i}@example.org","tf":2.23606797749979}`);
    const json = `[${records.join(",")}]`;
    const r = await run(json, "export.json", "application/json");
    assert.ok(r.segments.length > 3);
    assert.equal(r.segments.map((s) => s.text).join(""), json, "nothing lost or repeated");
    const whole = (re: RegExp) => r.segments.reduce((n, s) => n + (s.text.match(re)?.length ?? 0), 0);
    assert.equal(whole(/user\.number\d+@example\.org/g), 400);
    assert.equal(whole(/2\.23606797749979/g), 400);
    // the 8,192nd character inside an address
    const pad = `[{"pad":"${"y".repeat(8165)}"},{"email":"jane.doe@example.org"}]`;
    const e = await run(pad, "pad.json", "application/json");
    assert.equal(e.segments.length, 2);
    assert.ok(e.segments.some((s) => s.text.includes("jane.doe@example.org")));
    // prose on one line ends at a sentence; digits in blocks stay together; a character beyond the BMP stays whole
    const prose = "Pay with card 4111 1111 1111 1111 today. ".repeat(400);
    const p = await run(prose, "one-line.txt", "text/plain");
    assert.ok(p.segments.every((s) => s.text.endsWith(". ") || s === p.segments.at(-1)));
    assert.equal(cutBefore("card: 4111 1111 1111 1111", 2, 24), 6, "after the last blank that is not between digits");
    assert.equal(cutBefore("id=user.name@example.org", 1, 20), 3, "after the last character no value holds");
    const emoji = "😀".repeat(10);
    assert.equal(cutBefore(emoji, 2, 9), 8, "not inside a surrogate pair");
  });

  it("reads UTF-8 with lines of Windows-1252 among it as each was written (its UTF-8 names were mojibake, \"MÃ¼ller\")", async () => {
    const bytes = Buffer.concat([Buffer.from("name;city\nJürgen Müller;München\nÅsa Öberg;Malmö\n"), iconv.encode("François Dupont;Orléans\nRenée Lefèvre;Nîmes\n", "windows-1252")]);
    const r = await run(bytes, "people.csv", "text/csv");
    for (const name of ["Jürgen Müller", "Åsa Öberg", "François Dupont", "Renée Lefèvre"]) assert.ok(allText(r).includes(name), name);
    // Windows-1252 alone, with a pair of bytes that happens to be UTF-8 ("É’" is "ɒ"), stays Windows-1252
    const latin = iconv.encode(`${"Élève François à Orléans, ".repeat(20)}L'ÉTÉ’s\n`, "windows-1252");
    assert.ok(allText(await run(latin, "a.txt", "text/plain")).includes("Élève François à Orléans"));
  });

  it("reads records parted by NULs (a process's environment, find -print0), which were unsupported; bytes with a NUL every other character stay binary", async () => {
    const environ = Buffer.from("HOME=/root\0USER=jane.roe@acme-corp.com\0SSN=536-22-8726\0PATH=/usr/local/bin:/usr/bin\0LANG=C.UTF-8\0");
    const r = await run(environ, "environ", "application/octet-stream");
    assert.deepEqual([r.detected_type, r.status], ["text/plain", "complete"]);
    assert.ok(allText(r).includes("jane.roe@acme-corp.com") && allText(r).includes("536-22-8726"));
    assert.ok(!allText(r).includes("\0"), "a NUL parts records");
    const paths = Buffer.from(Array.from({ length: 200 }, (_, i) => `./share/hr/employee-${i}.pdf`).join("\0"));
    assert.deepEqual(((await run(paths, "list.bin", "application/octet-stream")) as { detected_type: string }).detected_type, "text/plain");
    // a NUL every other character, and every third, as bytes of no text are
    const sparse = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i % 3 === 2 ? 0 : 0xc0 + (i % 7))));
    assert.equal((await run(sparse, "x.bin", "application/octet-stream")).status, "unsupported");
  });

  it("reads a log that starts with a hole of NULs (logrotate's copytruncate) or has one, and GNU info's index markers; zeros and random bytes stay binary", async () => {
    const lines = "2026-11-01 INFO login user=jane.roe@acme-corp.com from 10.2.3.4\n".repeat(20);
    for (const bytes of [Buffer.concat([Buffer.alloc(8192), Buffer.from(lines)]), Buffer.concat([Buffer.from(lines), Buffer.alloc(4096), Buffer.from(lines)])]) {
      const r = await run(bytes, "app.log", "text/plain");
      assert.deepEqual([r.detected_type, r.status], ["text/plain", "complete"]);
      assert.ok(allText(r).includes("jane.roe@acme-corp.com"));
      assert.ok(!allText(r).includes("\0"), "a hole is a line break");
    }
    const info = await run(Buffer.from(`File: hello.info,  Node: Index\n\n\0\b[index\0\b]\n* Menu:\n${"* Jane Roe: maintainer.\n".repeat(40)}`), "hello.info", "application/octet-stream");
    assert.deepEqual([info.detected_type, info.status], ["text/plain", "complete"]);
    for (const [bytes, name] of [[Buffer.alloc(70_000), "zeros.bin"], [noise(70_000), "noise.bin"]] as const) {
      const r = await run(bytes, name, "application/octet-stream");
      assert.equal(r.status, "unsupported", name);
    }
  });

  it("cuts at the character limit with reason limit_chars and status partial", async () => {
    const r = await run("x".repeat(50_000), "big.txt", "text/plain", { maxChars: 10_000 });
    assert.equal(r.status, "partial");
    assert.equal(r.stats.chars, 10_000);
    assert.ok(r.reasons.some((x) => x.code === "limit_chars"));
  });

  it("cuts at the segment limit with reason limit_segments and status partial: a sheet of many tiny cells", async () => {
    const row = Array.from({ length: 20 }, (_, i) => String(i % 10)).join(",");
    const r = await run(`${Array.from({ length: 20 }, (_, i) => `c${i}`).join(",")}\n${`${row}\n`.repeat(100)}`, "tiny.csv", "text/csv", { maxSegments: 500 });
    assert.equal(r.status, "partial");
    assert.equal(r.segments.length, 500);
    assert.ok(r.reasons.some((x) => x.code === "limit_segments"));
  });

  it("marks unknown binary and executables unsupported with their detected type", async () => {
    const rnd = Buffer.alloc(4096);
    for (let i = 0; i < rnd.length; i++) rnd[i] = (i * 7919 + 13) % 251;
    const r = await run(rnd, "blob.bin");
    assert.equal(r.status, "unsupported");
    assert.equal(r.detected_type, "application/octet-stream");
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
    const e = await run(elf, "tool", "application/octet-stream");
    assert.equal(e.status, "unsupported");
    assert.equal(e.detected_type, "application/x-elf");
    assert.equal(e.segments.length, 0);
  });

  it("reads text whose first bytes are some binary format's magic as text (seen: 'SQLite for Debian' taken for a database)", async () => {
    for (const [head, magicOf] of [["SQLite for Debian\n", "sqlite"], ["MZ Logistics order list\n", "exe"], ["BMW fleet, driver list\n", "bmp"], ["ID3 tags were changed\n", "mp3"], ["MThd is a MIDI chunk name\n", "mid"], ["OggS files\n", "ogg"]] as const) {
      const r = await run(`${head}Contact anna.schmidt@example.org for details.\n`, "README", "text/plain");
      assert.equal(r.detected_type, "text/plain", magicOf);
      assert.equal(r.status, "complete", magicOf);
      assert.match(allText(r), /anna\.schmidt@example\.org/, magicOf);
    }
    // The real thing still is what its magic says: a BMP header holds NUL bytes.
    const bmp = Buffer.concat([Buffer.from("BM"), Buffer.alloc(60)]);
    bmp.writeUInt32LE(62, 2);
    assert.notEqual((await run(bmp, "x.bmp")).detected_type, "text/plain");
  });

  it("reads vCard and iCalendar files under their own type (as cards and events: vcard.spec.ts, icalendar.spec.ts); OpenPGP armour is encrypted; PostScript stays unsupported", async () => {
    const vcf = await run("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Anna Schmidt\r\nEMAIL:anna.schmidt@example.org\r\nTEL:+49 30 1234567\r\nEND:VCARD\r\n", "contacts.vcf", "text/vcard");
    assert.deepEqual([vcf.detected_type, vcf.status, vcf.type_mismatch], ["text/vcard", "complete", false]);
    assert.match(allText(vcf), /anna\.schmidt@example\.org/);
    const ics = await run("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY:Call Anna Schmidt\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", "meeting.ics");
    assert.deepEqual([ics.detected_type, ics.status], ["text/calendar", "complete"]);
    assert.match(allText(ics), /Call Anna Schmidt/);
    const pgp = await run("-----BEGIN PGP MESSAGE-----\n\nhQEMA7ZxVZ1bEmEnAQf+Kx0yL2Vnc2hvdA==\n=abcd\n-----END PGP MESSAGE-----\n", "payroll.txt.asc");
    assert.deepEqual([pgp.detected_type, pgp.status, codes(pgp)], ["application/pgp-encrypted", "partial", ["encrypted"]]);
    assert.equal(pgp.segments.length, 0);
    const ps = await run("%!PS-Adobe-3.0\n%%Title: manual\n(Hello) show\nshowpage\n", "manual.ps");
    assert.deepEqual([ps.detected_type, ps.status, codes(ps)], ["application/postscript", "unsupported", ["unsupported_type"]]);
  });
});

describe("extract: encoded bytes in markup are no text", () => {
  it("drops an SVG's data URI and an XML element's base64 picture, keeps words, numbers and a key's DER body", async () => {
    const picture = Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 37) % 256)).toString("base64").replace(/.{76}/g, "$&\n");
    const xml = `<?xml version="1.0"?><record><name>Jane Roe</name><photo>${picture}</photo><logo href="data:image/png;base64,${picture.replace(/\n/g, "")}"/><note>${"plain words without any punctuation at all ".repeat(8)}</note><key>MIIEowIBAAKCAQEA${"q".repeat(300)}</key></record>`;
    const text = allText(await run(xml, "record.xml"));
    assert.ok(text.includes("Jane Roe") && text.includes("plain words without") && text.includes("MIIEowIBAAKCAQEA"), text);
    assert.ok(!text.includes(picture.slice(0, 60)), "the base64 picture is no text");
    assert.ok(!text.includes("data:image/png"), "the data URI is no text");
  });
});

describe("extract: a flat ODF file's settings, styles and fonts are no text", () => {
  it("reads the body and the metadata of a .fodt, not its view settings' numbers or its styles", async () => {
    const fodt = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:config="urn:oasis:names:tc:opendocument:xmlns:config:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" office:mimetype="application/vnd.oasis.opendocument.text">
<office:meta><dc:title>Intake form</dc:title></office:meta>
<office:settings><config:config-item-set config:name="ooo:view-settings"><config:config-item config:name="ViewAreaWidth" config:type="long">22862</config:config-item><config:config-item config:name="PrintFaxName" config:type="string">Fax 0800 555 0100</config:config-item></config:config-item-set></office:settings>
<office:font-face-decls><style:font-face style:name="Liberation Serif" svg:font-family="'Liberation Serif'"/></office:font-face-decls>
<office:styles><style:style style:name="Standard" style:family="paragraph" style:class="text"/></office:styles>
<office:body><office:text><text:p>Patient: Jane Roe, SSN 536-22-1234</text:p></office:text></office:body></office:document>`;
    const text = allText(await run(fodt, "intake.fodt"));
    assert.ok(text.includes("Intake form") && text.includes("Patient: Jane Roe, SSN 536-22-1234"), text);
    assert.ok(!/22862|ViewAreaWidth|0800 555 0100|Liberation|Standard/.test(text), text);
  });
});
