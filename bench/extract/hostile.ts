/**
 * bench/extract/hostile.ts: whether the extractor reads a hostile text file in time linear in its length.
 *
 *   node bench/extract/hostile.ts [--sizes 16000,64000] [--formats csv,eml] [--pump JSON]
 *
 * A pump is a short string repeated into a long run, set where a text format keeps its text (a
 * CSV cell, an HTML page's text and attributes, an XML comment, a mail's subject and body, an
 * LDIF value, a uuencoded block, ...): every printable ASCII character alone, blanks, line ends,
 * NUL, and pairs that open or close markup. Each file is extracted (OCR off) at two sizes, as is
 * the same file around ordinary text (the baseline of the same run). Quadrupling the size
 * quadruples a linear extraction's time ("growth" 4) and multiplies a quadratic one's by 16.
 * Prints the pumps whose growth is over 8, then the worst growth and the slowest run against its
 * format's baseline (a run of line ends is that many rows or lines: slower than one line of
 * ordinary text, and linear). A pattern that backtracks over a run (ReDoS) shows here:
 * mailparser's header parser took 4.6 s over 64,000 CRs before 3.14.5.
 */
import { extractFile } from "@filescan/extract";
import { benchArgs } from "../args.ts";

const { values: opts, ints } = benchArgs(import.meta.url, { options: { sizes: { type: "string", default: "16000,64000" }, pump: { type: "string" }, formats: { type: "string" } } });
const [SMALL, LARGE] = ints(opts.sizes, "sizes", 2) as [number, number];
const only = opts.formats?.split(",");

/** Each format with the run where it keeps its text. */
const FORMATS: Record<string, (run: string) => [content: string, filename: string]> = {
  txt: (p) => [p, "notes.txt"],
  csv: (p) => [`a,b\n"${p}",x\n${p},y\n`, "export.csv"],
  tsv: (p) => [`a\tb\n${p}\tx\n`, "export.tsv"],
  html: (p) => [`<!doctype html><html><body><p>${p}</p><a href="${p}" title="${p}">x</a></body></html>`, "page.html"],
  xml: (p) => [`<?xml version="1.0"?><r a="${p}"><b>${p}</b><!--${p}--></r>`, "data.xml"],
  svg: (p) => [`<svg xmlns="http://www.w3.org/2000/svg"><text>${p}</text></svg>`, "logo.svg"],
  json: (p) => [JSON.stringify({ a: p, [p.slice(0, 100)]: [p] }), "data.json"],
  har: (p) => [JSON.stringify({ log: { entries: [{ request: { url: `http://x/${p}`, headers: [{ name: "Cookie", value: p }] }, response: { content: { text: p } } }] } }), "session.har"],
  md: (p) => [`# ${p}\n\n${p}\n\n| a | b |\n|---|---|\n| ${p} | x |\n`, "README.md"],
  eml: (p) => [`From: a@b.example\nTo: d@e.example\nSubject: ${p}\nContent-Type: text/plain\n\n${p}\n`, "mail.eml"],
  mbox: (p) => [`From a@b Mon Jan  1 00:00:00 2024\nFrom: a@b.example\nSubject: x\n\n${p}\n`, "inbox.mbox"],
  ldif: (p) => [`dn: cn=${p}\ncn: ${p}\n\n`, "export.ldif"],
  rtf: (p) => [`{\\rtf1\\ansi ${p}\\par}`, "letter.rtf"],
  ics: (p) => [`BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:${p}\nEND:VEVENT\nEND:VCALENDAR\n`, "invite.ics"],
  vcf: (p) => [`BEGIN:VCARD\nVERSION:3.0\nFN:${p}\nEND:VCARD\n`, "card.vcf"],
  pem: (p) => [`-----BEGIN CERTIFICATE-----\n${p}\n-----END CERTIFICATE-----\n`, "cert.pem"],
  uue: (p) => [`begin 644 x\n${p}\nend\n`, "file.uue"],
};

function pumps(): string[] {
  if (opts.pump !== undefined) return [JSON.parse(opts.pump) as string];
  const out: string[] = [];
  for (let c = 32; c < 127; c++) out.push(String.fromCharCode(c));
  out.push("\t", "\n", "\r", "\0", "\u00a0", "é", "a ", "a\n", "<a", "<a>", "</", "<!--", "-->", "&amp;", "&#", "\\\\", "\\par ", "{\\", "=\r\n", "=3D", "a=", "a:", "A-", "1.", "a@", "\r\n", " \n", "\t\n", "--", "==", "[a", "a]", "![", "](", "*a", "_a", "|a", "> ", "# ", "A:\n", "a;", '"a', "'a", "a,");
  return out;
}

async function time(content: string, filename: string): Promise<number> {
  const t = process.hrtime.bigint();
  await extractFile({ bytes: Buffer.from(content, "latin1"), filename, claimedMime: "application/octet-stream" }, { ocr: false, timeBudgetMs: 300_000 });
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const fill = (unit: string, n: number) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
const ORDINARY = "Dear Ms Roe, the minutes of Tuesday's meeting are attached; the budget for 2027 was approved. ";
const list = pumps();
console.log(`bench/extract/hostile: ${list.length} runs in ${only?.length ?? Object.keys(FORMATS).length} formats at ${SMALL} and ${LARGE} characters`);
console.log("growth   ms@small ms@large  ×baseline  format pump");
let worstGrowth = 0;
let worstRatio = 0;
let flagged = 0;
for (const [kind, wrap] of Object.entries(FORMATS)) {
  if (only && !only.includes(kind)) continue;
  await time(...wrap(fill(ORDINARY, 1000)));
  const base = await time(...wrap(fill(ORDINARY, LARGE)));
  for (const p of list) {
    const small = await time(...wrap(fill(p, SMALL)));
    const large = await time(...wrap(fill(p, LARGE)));
    const growth = large / Math.max(small, 5); // (below 5 ms, timer noise)
    const ratio = large / Math.max(base, 5);
    worstGrowth = Math.max(worstGrowth, growth);
    worstRatio = Math.max(worstRatio, ratio);
    if (growth > 8 || list.length === 1) {
      flagged++;
      console.log(`${growth.toFixed(1).padStart(6)} ${small.toFixed(0).padStart(10)} ${large.toFixed(0).padStart(8)} ${ratio.toFixed(2).padStart(10)}  ${kind} ${JSON.stringify(p)}`);
    }
  }
}
console.log(`${flagged} flagged; worst growth ${worstGrowth.toFixed(1)} (linear 4, quadratic 16), worst time ${worstRatio.toFixed(2)}× the same format's around ordinary text`);
