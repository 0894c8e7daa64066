import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { detectText, isMismatch } from "../detect.ts";
import { allText, run } from "../test-util/run.ts";
import { looksLikeRoff, roffOrText, roffText, unescape } from "./roff.ts";

/** A manual page as a project writes one: comments, man's macros, escapes, an AUTHOR section. */
const PAGE = [
  '.\\" Manual page for frob',
  '.\\" Written by Jane Roe <jane\\-roe@example.org>',
  '.TH FROB 1 "March 2024" "frob 2.1" "User Commands"',
  ".SH NAME",
  "frob \\- frobnicate files",
  ".SH SYNOPSIS",
  ".B frob",
  ".RB [ \\-v ]",
  ".IR file ...",
  ".SH DESCRIPTION",
  ".B frob",
  "frobnicates each \\fIfile\\fP in place\\(emsafely.",
  ".PP",
  "Test record: SSN 123\\-45\\-6789, card holder \\fBMary\\fR \\fBMajor\\fR.",
  ".TP",
  ".B \\-v",
  "Be verbose.",
  ".SH AUTHOR",
  "Written by John Smith <john\\-smith@gmail.com>.",
  ".SH \"REPORTING BUGS\"",
  "Report bugs to \\fBbugs\\-frob@lists.example.net\\fR or \\(lamary@web.de\\(ra.",
  ".SH \"SEE ALSO\"",
  ".BR gzip (1),",
  ".BR tar (1)",
  "",
].join("\n");

describe("extract: roff source (manual pages)", () => {
  it("decodes escapes: hyphens, fonts, glyphs, strings, sizes, non-printing and delimited ones", () => {
    const cases: Array<[string, string]> = [
      ["john\\-smith@gmail.com", "john-smith@gmail.com"],
      ["123\\-45\\-6789", "123-45-6789"],
      ["\\fBjane@gmail.com\\fR", "jane@gmail.com"],
      ["\\f(CWcode\\fP \\f[CR]mono\\f[]", "code mono"],
      ["\\(lamary@web.de\\(ra", "<mary@web.de>"],
      ["\\fBJohn\\fR Smith", "John Smith"],
      ["a\\(emb\\(enc \\(bu \\(co \\(rg \\[aq]x\\[aq] \\(lqq\\(rq \\(oqq\\(cq", "a—b–c • © ® 'x' “q” ‘q’"],
      ["\\(hy\\(mi\\(ti\\(ha\\(at\\(sl", "--~^@/"],
      ["M\\(:uller, Jos\\('e, Fran\\(,cois, \\[u00E9]t\\[u0065_0301]", "Müller, José, François, été"],
      ["\\*(lqquoted\\*(rq \\*R \\*(Tm \\*[lq]x\\*[rq] \\*(Xx", "“quoted” ® ™ “x” "],
      ["\\s-2small\\s0 \\s+1big\\s0 \\s10ten\\s(12twelve", "small big tentwelve"],
      ["a\\&b\\|c\\^d\\%e\\c", "abcde"],
      ["a\\ b\\~c \\e \\\\ \\.", "a b c \\ \\ ."],
      ["\\w'abc'x\\h'1n'y\\v'-1'z \\N'65'", "xyz A"],
      ["trailing \\f", "trailing "],
      ["unknown \\q escape", "unknown q escape"],
      ["\\[nosuchglyph]x\\(zzy", "xy"],
    ];
    for (const [src, want] of cases) assert.equal(unescape(src), want, src);
  });

  it("keeps the text of man's macros without their quotes and drops layout, definitions, registers and conditionals", () => {
    const src = [
      '.TH "LS" 1 "2024-01-01" "GNU" "User Commands"',
      ".SH \"SEE ALSO\"",
      ".SS Options",
      ".B \"bold words\"",
      ".I italic",
      ".BR ls (1),",
      ".IR file .txt",
      ".RB [ \" \\-acdf \" ]",
      '.IP "\\(bu" 4',
      ".TP 8",
      ".nf",
      ".in +4",
      ".sp 2",
      ".br",
      ".fi",
      ".de XX",
      "hidden macro body",
      "..",
      ".ds Au Ann Author",
      ".nr N 3",
      '.if n .ds Q "',
      ".ie t \\{\\",
      ".el \\{\\",
      ".\\}",
      "by \\*(Au",
      ".so man1/other.1",
      ".PP",
      "text \\\" an inline comment",
      ".UR https://example.org/frob",
      ".UE",
      ".MT ann@example.org",
      ".ME",
    ].join("\n");
    assert.deepEqual(roffText(src).split("\n"), [
      "LS 1 2024-01-01 GNU User Commands",
      "SEE ALSO",
      "Options",
      // (font macros in a paragraph are filled into one line, as roff fills them)
      "bold words italic ls(1), file.txt [ -acdf ]",
      "•",
      "", "", "", "", "", "",
      "", "", "",
      "", "", "", "", "", "",
      "by Ann Author",
      "", "",
      "text   an inline comment",
      "https://example.org/frob",
      "",
      "ann@example.org",
      "",
    ]);
  });

  it("reads mdoc: names, flags, enclosures, cross references, the author's address", () => {
    const src = [
      ".Dd March 3, 2024",
      ".Dt FROB 1",
      ".Os",
      ".Sh NAME",
      ".Nm frob",
      ".Nd frobnicate files",
      ".Sh SYNOPSIS",
      ".Nm",
      ".Op Fl v",
      ".Op Fl o Ar file",
      ".Bl -tag -width Ds",
      ".It Fl v",
      "Be verbose.",
      ".El",
      ".Sh SEE ALSO",
      ".Xr gzip 1 ,",
      ".Sh AUTHORS",
      ".An John Smith Aq Mt john\\-smith@gmail.com .",
      ".An -nosplit",
      ".%A Ann Author",
    ].join("\n");
    assert.deepEqual(roffText(src).split("\n"), [
      "March 3, 2024",
      "FROB 1",
      "",
      "NAME",
      "frob",
      "frobnicate files",
      "SYNOPSIS",
      "frob",
      "[-v]",
      "[-o file]",
      "",
      "-v",
      "Be verbose.",
      "",
      "SEE ALSO",
      "gzip(1),",
      "AUTHORS",
      "John Smith <john-smith@gmail.com>.",
      "-nosplit",
      "Ann Author",
    ]);
  });

  it("reads a manual page as its reader sees it, one line per source line, its comments' authors too", async () => {
    const r = await run(PAGE, "frob.1");
    assert.deepEqual([r.detected_type, r.status], ["text/troff", "complete"]);
    const text = allText(r);
    // (as many characters between the lines as in the source: a line break, or a blank where roff fills the paragraph)
    assert.equal(text.split(/[\n ]/).length - PAGE.split(/[\n ]/).length <= 0, true);
    for (const want of [
      "Written by Jane Roe <jane-roe@example.org>",
      "FROB 1 March 2024 frob 2.1 User Commands",
      "frob - frobnicate files",
      "[-v]",
      "file...",
      "frobnicates each file in place—safely.",
      "Test record: SSN 123-45-6789, card holder Mary Major.",
      "Written by John Smith <john-smith@gmail.com>.",
      "REPORTING BUGS",
      "Report bugs to bugs-frob@lists.example.net or <mary@web.de>.",
      "gzip(1),",
    ]) assert.ok(text.includes(want), `${want} in:\n${text}`);
    assert.ok(!/\\|\.SH|\.B |fB|fR/.test(text), text);
  });

  it("reads a gzipped page (`frob.1.gz`) by its inner name and content, and a page with no name by its content", async () => {
    const gz = await run(gzipSync(Buffer.from(PAGE)), "frob.1.gz");
    assert.equal(gz.status, "complete");
    assert.match(allText(gz), /John Smith <john-smith@gmail\.com>/);
    const bare = await run(PAGE, "upload-4711");
    assert.equal(bare.detected_type, "text/troff");
    assert.match(allText(bare), /SSN 123-45-6789/);
  });

  it("is told by content and name, never a data file, C source, a Makefile or Markdown whose lines start with dots", () => {
    const roff = (text: string, name: string) => detectText(text, name).kind === "roff";
    assert.ok(roff(PAGE, "frob.1"));
    assert.ok(roff(PAGE, "frob.3pm"));
    assert.ok(roff(PAGE, "notes.txt"), "a comment, then man's title: roff whatever its name");
    assert.ok(roff(".so man3/frob.3\n", "unfrob.3"), "a page that is another's");
    assert.ok(roff(".nh\n.TH DOCKER 1\n.SH NAME\n" + "text line\n".repeat(200), "docker-x.1"), "the title after a first request");
    assert.ok(roff(".PP\nSome text\n.B bold\nmore text\n", "doc.ms"), "requests a fifth of the lines, under a roff name");
    assert.ok(!roff(".PP\nSome text\n.B bold\nmore text\n", "doc.txt"), "the same, no roff name: too few");
    assert.ok(!roff(".so man3/frob.3\n", "notes.txt"));
    // a CSV named as a manual's section, prose, C, a Makefile, Markdown
    assert.ok(!roff("id,name,ssn\n1,Jane Roe,536-22-8726\n2,John Doe,536-22-1234\n", "data.1"));
    assert.ok(!roff("Meeting notes\n.\nI said: call Jane at 555-0100.\n. B is next\n", "notes.1"));
    const c = "#include <stdio.h>\nstruct p pt = {\n.B = 1,\n.I = 2,\n.P = 3,\n.SH = 4,\n.TH = 5,\n};\nint main(void) { return 0; }\n";
    assert.ok(!roff(c, "main.c"));
    assert.ok(!roff(c, "main.1"));
    assert.ok(!roff(".PHONY: all clean\n.SUFFIXES: .c .o\nall:\n\tcc -o x x.c\n", "Makefile"));
    const md = "# Notes\n\n.NET is great\n.B is not a macro here\n.I think so\n.SH files are shell scripts\n.PP too\n.TH\n";
    assert.equal(detectText(md, "README.md").kind, "markdown");
    assert.ok(!looksLikeRoff("# Notes\n\n.NET is great\nsome prose\n.env holds secrets\n.gitignore too\n", "txt"));
    assert.ok(!roff('.\\" a note that starts like a comment\njust prose after it\n', "notes.txt"), "a comment line alone is not enough");
    assert.ok(!isMismatch("application/x-troff-man", "text/troff") && !isMismatch("text/plain", "text/troff"));
  });

  it("never throws on malformed roff: an unended definition, open escapes, stray quotes; the rest is still read", () => {
    const unended = roffText('.TH X 1\n.de XX\nJohn Smith <john\\-smith@gmail.com>\n.B "unclosed\n\\f\n\\(\n\\[\n\\*\n\\s\n\\w\'open\n');
    assert.match(unended, /John Smith <john-smith@gmail\.com>/, "a definition never ended: what follows it is read");
    assert.match(unended, /unclosed/);
    // random roff-ish garbage: no exception, line count kept
    const alphabet = ["\\", ".", "'", '"', "(", "[", "]", "f", "s", "*", "-", "B", "TH", "de", "..", "\n", " ", "Op", "Aq", "x", "T{", "T}", "\t", "ds", "TS", "'", "1"];
    let seed = 42;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let k = 0; k < 500; k++) {
      const src = Array.from({ length: 200 }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join("");
      const out = roffOrText(src);
      assert.equal(typeof out, "string");
    }
  });

  it("fills a paragraph's lines into one, as roff does, and keeps each source line's place (a word alone on its line read as a label above its value)", () => {
    const src = [".SH FILES", "The values for the user from his", ".I passwd", "entry.", ".PP", "Next paragraph.", ".nf", "user=ann", "pass=secret", ".fi", " indented line", "after it"].join("\n");
    const text = roffText(src);
    assert.equal(text, ["FILES", "The values for the user from his passwd entry.", "", "Next paragraph.", "", "user=ann", "pass=secret", "", "indented line after it"].join("\n").replace("\nindented", "\n indented"));
    assert.equal(text.length, src.length - [".SH ", ".I ", ".PP", ".nf", ".fi"].join("").length, "one character between two lines, as in the source");
  });

  it("reads long runs once (ReDoS): open brackets, delimiters, joined lines, strings, punctuation", () => {
    const N = 200_000;
    const t0 = Date.now();
    assert.match(roffText(`.TH X 1\n${"\\[".repeat(N)} a@b.de\n`), /a@b\.de/);
    assert.match(roffText(`.TH X 1\n${"\\w'".repeat(N)}\nnext a@b.de\n`), /a@b\.de/);
    assert.equal(roffText(`x\\\n`.repeat(N)).split(/[\n ]/).length, N + 1);
    assert.ok(roffText(`.ds x ${"y".repeat(250)}\n${"\\*x".repeat(N)}\n`).length <= 1_100_000, "a page's own strings expand within a budget");
    assert.ok(roffText(`.An Aq Mt a@b.de ${", x ".repeat(N)}\n`).startsWith("<a@b.de, x, x"));
    assert.ok(Date.now() - t0 < 5_000, `${Date.now() - t0} ms`);
  });
});
