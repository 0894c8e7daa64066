/**
 * bench/detect: speed and quality of libs/detectors on generated documents.
 *
 *   node bench/detect/run.ts [--docs 400] [--seed 7] [--passes 2] [--mixed-mb 4]
 *
 * Corpus: documents built from templates (letters, CSV exports, config files, log lines, records
 * as JSON, XML, HTML tables and YAML with their labels as keys) with
 * @faker-js/faker data planted in them, every planted value's span and type recorded. The
 * values are values.ts's: 40 types, valid by their schemes' rules (check digits written there
 * from the published definitions), each after a label a document would use; look-alikes are
 * planted too and must not be reported: wrong check digits, never-issued SSN areas, order and
 * invoice numbers, version strings, UUIDs, timestamps. After them, one document in 25 more
 * writes its values escaped (escaped.ts: an access log's percent-encoded query strings, form
 * bodies, a JSON log's `\u0040`), each span the escaped value's.
 *
 *   --docs N         documents of the templates in the labelled corpus (and N/25 escaped ones);
 *                    --passes N: timed passes, the best counts;
 *   --mixed-mb MB    size of the mixed corpus (fractions allowed)
 *   --quality-only   the quality part alone (a few seconds)
 *   --ner-model DIR  also with the optional NER model (infra/local/fetch-ner-model.sh): a column
 *                    of its speed, and the quality measured with it
 *   --explain TYPE   that type's false positives and negatives, each with its surroundings (for a
 *                    type not planted: its findings)
 *   --kind KIND      only detect() with NER off over that kind of the mixed corpus, --passes
 *                    times, and its MB/s (to profile one kind: node --cpu-prof bench/detect/run.ts
 *                    --kind prose --passes 20)
 *   --default        with --kind: detect() with the default options (NER on) instead of NER off
 *
 * 1. Throughput, MB/s of UTF-8 text per CPU second of this process (one thread, so per core),
 *    of `detect()` with NER off and with the default options, against a baseline in the same
 *    run: one simple regex (SSN-, card- and e-mail-shaped) scanned over the same text. Measured
 *    on the mixed corpus of mixed.ts (prose, code, logs, spreadsheets as cells, and the
 *    labelled documents as its densest 15 %; segments cut as libs/extract cuts them), per kind
 *    and in all, and on the labelled corpus alone.
 * 2. Quality per entity type: precision, recall and F2 (recall weighted 4x) with the default
 *    options, the documents cut into segments as libs/extract cuts them (a CSV export into
 *    cells under their column names). A finding is a true positive when it has the planted type and overlaps the
 *    planted span; findings of types that were not planted are counted separately.
 *
 * Target (issue 5): >= 50 MB/s per core on the mixed corpus. The default run takes about a
 * minute here.
 *
 * The detectors were tuned against this generator's documents. bench/detect/handwritten.ts scores
 * them the same way (score.ts) on documents written by hand instead (letters, contracts, forms
 * and reports in six languages): `node bench/detect/handwritten.ts [--explain TYPE] [--lang de]`.
 */
import { Faker, base as baseLocale, de, en } from "@faker-js/faker";
import { locator, type Finding, type Segment } from "@filescan/contracts";
import { detect } from "@filescan/detectors";
import { KINDS, mixedCorpus } from "./mixed.ts";
import { filler, plantedValues, REF_DATE } from "./values.ts";
import { lookAlikeLines } from "./lookalikes.ts";
import { escapedDocs } from "./escaped.ts";
import { TextBuilder, type Doc } from "./doc.ts";
import { printQuality, scoreFindings } from "./score.ts";
import { benchArgs } from "../args.ts";

const { values, int, positive, fail } = benchArgs(import.meta.url, { options: { docs: { type: "string", default: "400" }, seed: { type: "string", default: "7" }, passes: { type: "string", default: "2" }, "mixed-mb": { type: "string", default: "4" }, "quality-only": { type: "boolean", default: false }, explain: { type: "string" }, kind: { type: "string" }, default: { type: "boolean", default: false }, "ner-model": { type: "string" } } });
if (values.kind !== undefined && !Object.hasOwn(KINDS, values.kind)) fail(`--kind must be one of ${Object.keys(KINDS).map((k) => JSON.stringify(k)).join(", ")}, got ${JSON.stringify(values.kind)}`);
if (values.default && values.kind === undefined) fail("--default is an option of --kind");
/** The optional NER model's directory: its speed is measured too, and the quality with it. */
const NER_MODEL = values["ner-model"];
const DOCS = int(values.docs, "docs");
const PASSES = int(values.passes, "passes");
const MIXED_BYTES = positive(values["mixed-mb"], "mixed-mb") * 1e6;
const faker = new Faker({ locale: [en, baseLocale] });
faker.seed(int(values.seed, "seed", 0));
// (dates relative to a fixed day, not to today: the same seed gives the same corpus on any day)
faker.setDefaultRefDate(REF_DATE);

// ---- valid and invalid values (values.ts) ----------------------------------------------------------

const { positive: POSITIVE, label: LABEL, negative: NEGATIVE } = plantedValues(faker);
const LOOK_ALIKES = lookAlikeLines(faker);

// ---- documents ----------------------------------------------------------------------------------

/** Builds text from parts; `pos(type)` plants a positive and records its span. */
class Builder extends TextBuilder {
  pos(type: string, value?: string): this {
    return this.plant(type, value ?? POSITIVE[type]!());
  }
  neg(): this {
    this.text += faker.helpers.arrayElement(NEGATIVE)();
    return this;
  }
}

/** Types planted only where their own templates write them (a cookie in a log line), never picked for a label. */
const PLANTED_IN_PLACE = ["SESSION_TOKEN", "ACCESS_TOKEN"];
const PICKED = Object.keys(POSITIVE);
const TYPES = [...PICKED, ...PLANTED_IN_PLACE];
const pick = () => faker.helpers.arrayElement(PICKED);

function letter(): Doc {
  const b = new Builder();
  b.pos("LOCATION").add(`, ${faker.date.recent().toDateString()}\n\nDear `).pos("PERSON").add(",\n\n");
  b.add(filler(faker.lorem.paragraph())).add(" ");
  for (let i = 0; i < 3; i++) {
    const t = pick();
    b.add(`Please note my ${LABEL[t]!.toLowerCase()}: `).pos(t).add(". ").add(filler(faker.lorem.sentence())).add(" ");
    if (faker.datatype.boolean()) b.add("Your reference ").neg().add(" is noted. ");
  }
  b.add(`\n\n${filler(faker.lorem.paragraph())}\n\nKind regards,\n`).pos("PERSON").add("\n");
  return { kind: "letter", text: b.text, spans: b.spans };
}

function csv(): Doc {
  const b = new Builder();
  const cols = faker.helpers.arrayElements(PICKED.filter((t) => t !== "PERSON"), 3);
  b.add(["name", ...cols.map((c) => LABEL[c]!.toLowerCase().replace(/ /g, "_")), "order", "amount"].join(",") + "\n");
  const rows = faker.number.int({ min: 5, max: 15 });
  for (let r = 0; r < rows; r++) {
    b.pos("PERSON");
    for (const c of cols) b.add(",").pos(c);
    b.add(",").neg().add(`,${faker.finance.amount()}\n`);
  }
  return { kind: "csv", text: b.text, spans: b.spans };
}

function config(): Doc {
  const b = new Builder();
  b.add(`# service configuration\n[server]\nhost = `).pos("IP_ADDRESS").add(`\nport = ${faker.internet.port()}\nversion = `).neg().add("\n");
  b.add(`\n[contact]\nowner_email = `).pos("EMAIL_ADDRESS").add("\noncall_phone = ").pos("PHONE_NUMBER").add("\n");
  b.add(`\n[storage]\naws_access_key_id = `).pos("AWS_ACCESS_KEY").add("\n");
  // (a health check's command line with its credentials: `curl -u user:password`)
  b.add(`\n[monitoring]\nhealthcheck = curl -fsS -u ${faker.internet.username().replace(/\W/g, "_")}:`).pos("PASSWORD").add(` https://${faker.internet.domainName()}/health\n`);
  b.add(`\n[database]\nurl = postgres://${faker.internet.username().replace(/\W/g, "_")}:`).pos("PASSWORD").add(`@db.${faker.internet.domainWord()}.internal:5432/app\n`);
  b.add(`\n[billing]\naccount_iban = `).pos("IBAN_CODE").add(`\ninvoice_prefix = `).neg().add(`\nrequest_id = `).neg().add("\n");
  return { kind: "config", text: b.text, spans: b.spans };
}

function log(): Doc {
  const b = new Builder();
  const n = faker.number.int({ min: 10, max: 30 });
  for (let i = 0; i < n; i++) {
    b.add(`${faker.date.recent().toISOString()} ${faker.helpers.arrayElement(["INFO", "WARN", "DEBUG"])} [${faker.hacker.noun()}] `);
    const r = faker.number.int(9);
    if (r < 3) b.add("request from ").pos("IP_ADDRESS").add(` took ${faker.number.int(900)} ms\n`);
    else if (r < 5) b.add("login ok for ").pos("EMAIL_ADDRESS").add(" session ").neg().add("\n");
    else if (r < 6) {
      const t = faker.helpers.arrayElement(["CREDIT_CARD", "US_SSN", "UK_NHS", "BR_CPF"]);
      b.add(`validation failed, ${LABEL[t]!.toLowerCase()} `).pos(t).add(" rejected\n");
    } else if (r < 7) {
      // (a proxy's log of a request's headers: a Basic token is base64 of user:password; a session cookie)
      // or an API's opaque bearer token (a payment provider's secret key, an OAuth access token)
      b.add(`upstream ${faker.internet.domainName()} request headers: Authorization: `);
      if (faker.datatype.boolean()) b.add("Basic ").pos("PASSWORD", Buffer.from(`${faker.internet.username()}:${POSITIVE.PASSWORD!()}`).toString("base64"));
      else b.add("Bearer ").pos("ACCESS_TOKEN", `${faker.helpers.arrayElement(["sk_live_", "ya29.", ""])}${faker.string.alphanumeric(8)}${faker.number.int(9)}${faker.string.alphanumeric(23)}`);
      if (faker.datatype.boolean()) b.add(`; Cookie: ${faker.helpers.arrayElement(["JSESSIONID", "PHPSESSID", "sid"])}=`).pos("SESSION_TOKEN", faker.string.hexadecimal({ length: 32, prefix: "", casing: "upper" }));
      b.add("\n");
    } else b.add(`${faker.hacker.phrase()} id=`).neg().add("\n");
  }
  return { kind: "log", text: b.text, spans: b.spans };
}

/** A label as a JSON key or an XML element names it: "Date of birth" → "dateOfBirth", "ИНН" → "инн", "Henkilötunnus" → "henkilötunnus". */
const camelKey = (label: string) =>
  label
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? (/^\p{Lu}+$/u.test(w) ? w.toLowerCase() : w[0]!.toLowerCase() + w.slice(1)) : w[0]!.toUpperCase() + (/^\p{Lu}+$/u.test(w) ? w.slice(1).toLowerCase() : w.slice(1))))
    .join("");

/** A record of a data export: JSON with camelCase keys, XML elements, an HTML table or YAML, values under their labels, and business numbers among them. */
function record(): Doc {
  const b = new Builder();
  const fields = faker.helpers.arrayElements(PICKED, 4);
  const other = faker.helpers.arrayElement(["orderId", "invoiceNumber", "requestId", "trackingNumber"]);
  const style = faker.helpers.arrayElement(["json", "xml", "html", "yaml"] as const);
  // keys in camelCase ("dateOfBirth") or, as some exports write them, lower-case ("dateofbirth")
  const lower = faker.datatype.boolean();
  const field = (label: string, put: () => void) => {
    const key = lower ? camelKey(label).toLowerCase() : camelKey(label);
    const [open, close] =
      style === "json" ? [`  "${key}": "`, '",\n'] : style === "xml" ? [`  <${key}>`, `</${key}>\n`] : style === "html" ? [`<tr><td>${label}</td><td>`, "</td></tr>\n"] : [`  ${key}: '`, "'\n"];
    b.add(open);
    put();
    b.add(close);
  };
  b.add(style === "json" ? "{\n" : style === "xml" ? "<record>\n" : style === "html" ? "<table>\n" : "record:\n");
  for (const t of fields) field(LABEL[t]!, () => b.pos(t));
  field(other, () => b.neg());
  b.add(style === "json" ? "}\n" : style === "xml" ? "</record>\n" : style === "html" ? "</table>\n" : "");
  return { kind: "record", text: b.text, spans: b.spans };
}

/** Lines of real files with no personal data that look like some (lookalikes.ts): every finding there is a false positive. */
function realLookAlikes(): Doc {
  const b = new Builder();
  for (let i = 0; i < 12; i++) b.add(faker.helpers.arrayElement(LOOK_ALIKES)()).add("\n");
  return { kind: "look-alikes", text: b.text, spans: b.spans };
}

const MAKERS = [letter, csv, config, log, record, realLookAlikes];
/**
 * And one in 25 more with escaped values (escaped.ts: access logs, form bodies, JSON logs), from
 * a Faker of their own, so the documents above are the same with them as without.
 */
const escFaker = new Faker({ locale: [de, en, baseLocale] });
escFaker.seed([int(values.seed, "seed", 0), 2]);
escFaker.setDefaultRefDate(REF_DATE);
const docs: Doc[] = [...Array.from({ length: DOCS }, (_, i) => MAKERS[i % MAKERS.length]!()), ...escapedDocs(escFaker, plantedValues(escFaker), Math.ceil(DOCS / 25))];
/**
 * Segments as libs/extract cuts a document: a CSV export one segment per cell under its column
 * name (after a header segment), other documents one text. `at` gives each segment's offset in
 * the document, so findings are scored against the planted spans.
 */
function segmentsOf(d: Doc): Segment[] {
  if (d.kind !== "csv") return [{ text: d.text, source: "text", locator: locator() }];
  const out: Segment[] = [];
  const offsets = new Map<string, number>();
  cellOffsets.set(d, offsets);
  const lines = d.text.split("\n");
  const header = lines[0]!.split(",");
  out.push({ text: lines[0]!, source: "text", locator: locator({ row: 1, part: "header" }) });
  let offset = lines[0]!.length + 1;
  lines.slice(1).forEach((line, r) => {
    let col = 0;
    for (const cell of line.split(",")) {
      if (cell !== "") out.push({ text: cell, source: "text", locator: locator({ row: r + 2, column: header[col] ?? String(col + 1) }) });
      offsets.set(`${r + 2}:${header[col] ?? String(col + 1)}`, offset);
      offset += cell.length + 1;
      col++;
    }
  });
  return out;
}
const cellOffsets = new WeakMap<Doc, Map<string, number>>();
const docSegments = docs.map(segmentsOf);
const bytes = docSegments.reduce((a, segs) => a + segs.reduce((b, x) => b + Buffer.byteLength(x.text), 0), 0);
/** Where a finding's segment starts in its document. */
const at = (d: Doc, f: Finding) => (f.locator.row !== null && f.locator.column !== null ? cellOffsets.get(d)?.get(`${f.locator.row}:${f.locator.column}`) ?? 0 : 0);

// ---- throughput -----------------------------------------------------------------------------------

/** Best rate of `passes` runs, MB of `mb` per CPU second. */
function cpuRate(fn: () => void, passes = PASSES, mb = bytes / 1e6): number {
  let best = 0;
  for (let p = 0; p < passes; p++) {
    const c0 = process.cpuUsage();
    fn();
    const c = process.cpuUsage(c0);
    best = Math.max(best, mb / ((c.user + c.system) / 1e6));
  }
  return best;
}

const BASELINE = /\b\d{3}-\d{2}-\d{4}\b|\b(?:\d[ -]?){13,16}\b|[\w.+-]+@[\w-]+\.[\w.-]+/g;
let sink = 0;
const scanBaseline = (segments: Segment[]) => {
  for (const s of segments) for (const _ of s.text.matchAll(BASELINE)) sink++;
};

const fmt = (n: number) => n.toFixed(2).padStart(7);
if (values.kind !== undefined) {
  // One kind of the mixed corpus, NER off (or the default options), for a profiler: nothing else runs.
  const opts = values.default ? {} : { ner: false };
  const part = mixedCorpus(faker, MIXED_BYTES, docs.map((d) => d.text)).filter((d) => d.kind === values.kind);
  if (part.length === 0) fail(`a mixed corpus of ${values["mixed-mb"]} MB has no ${values.kind}: make it larger`);
  const mb = part.reduce((a, d) => a + d.bytes, 0) / 1e6;
  for (const d of part.slice(0, 40)) sink += detect(d.segments, opts).length;
  const c0 = process.cpuUsage();
  for (let p = 0; p < PASSES; p++) for (const d of part) sink += detect(d.segments, opts).length;
  const c = process.cpuUsage(c0);
  console.log(`${values.kind}: ${(mb * PASSES / ((c.user + c.system) / 1e6)).toFixed(2)} MB/s over ${PASSES} passes of ${mb.toFixed(2)} MB, ${values.default ? "default options" : "NER off"}`);
  process.exit(0);
}
if (!values["quality-only"]) {
  // The mixed corpus: per kind and in all.
  const mixed = mixedCorpus(faker, MIXED_BYTES, docs.map((d) => d.text));
  const mixedBytes = mixed.reduce((a, d) => a + d.bytes, 0);
  const mixedSegments = mixed.reduce((a, d) => a + d.segments.length, 0);
  const verdict = (v: number) => `target >= 50 MB/s ${v >= 50 ? "MET" : "MISSED"}`;
  console.log(`bench/detect: mixed corpus ${(mixedBytes / 1e6).toFixed(2)} MB in ${mixed.length} documents, ${mixedSegments} segments; labelled corpus ${docs.length} documents, ${(bytes / 1e6).toFixed(2)} MB; best of ${PASSES} passes (default options: 1), MB/s per CPU second (one thread)`);
  // Warm-up: every detector's regular expressions compiled and tiered up, the JIT settled, before
  // the first kind is timed.
  for (const kind of Object.keys(KINDS)) {
    for (const d of mixed.filter((x) => x.kind === kind).slice(0, 40)) {
      scanBaseline(d.segments);
      sink += detect(d.segments, { ner: false }).length + detect(d.segments).length;
      if (NER_MODEL) sink += detect(d.segments, { nerModel: NER_MODEL }).length;
    }
  }
  console.log("");
  console.log(`kind               share    baseline   NER off   default${NER_MODEL ? "   + NER model" : ""}`);
  for (const kind of Object.keys(KINDS)) {
    const part = mixed.filter((d) => d.kind === kind);
    const mb = part.reduce((a, d) => a + d.bytes, 0) / 1e6;
    const b = cpuRate(() => part.forEach((d) => scanBaseline(d.segments)), PASSES, mb);
    const off = cpuRate(() => part.forEach((d) => (sink += detect(d.segments, { ner: false }).length)), PASSES, mb);
    const on = cpuRate(() => part.forEach((d) => (sink += detect(d.segments).length)), 1, mb);
    const model = NER_MODEL ? `   ${fmt(cpuRate(() => part.forEach((d) => (sink += detect(d.segments, { nerModel: NER_MODEL }).length)), 1, mb))}` : "";
    console.log(`${kind.padEnd(18)} ${(mb / (mixedBytes / 1e6) * 100).toFixed(0).padStart(4)} %  ${fmt(b)}   ${fmt(off)}   ${fmt(on)}${model}`);
  }
  const mixedBase = cpuRate(() => mixed.forEach((d) => scanBaseline(d.segments)), PASSES, mixedBytes / 1e6);
  const mixedOff = cpuRate(() => mixed.forEach((d) => (sink += detect(d.segments, { ner: false }).length)), PASSES, mixedBytes / 1e6);
  const mixedOn = cpuRate(() => mixed.forEach((d) => (sink += detect(d.segments).length)), 1, mixedBytes / 1e6);
  const mixedModel = NER_MODEL ? cpuRate(() => mixed.forEach((d) => (sink += detect(d.segments, { nerModel: NER_MODEL }).length)), 1, mixedBytes / 1e6) : null;
  console.log(`${"all (mixed)".padEnd(18)} ${"100".padStart(4)} %  ${fmt(mixedBase)}   ${fmt(mixedOff)}   ${fmt(mixedOn)}${mixedModel === null ? "" : `   ${fmt(mixedModel)}`}`);
  console.log("");
  console.log(`mixed corpus, detect() NER off    ${fmt(mixedOff)} MB/s   ratio to baseline ${(mixedOff / mixedBase).toFixed(3)}   ${verdict(mixedOff)}`);
  console.log(`mixed corpus, detect() default    ${fmt(mixedOn)} MB/s   ratio to baseline ${(mixedOn / mixedBase).toFixed(3)}   ${verdict(mixedOn)}`);
  if (mixedModel !== null) console.log(`mixed corpus, + NER model         ${fmt(mixedModel)} MB/s   ratio to baseline ${(mixedModel / mixedBase).toFixed(3)}   ${verdict(mixedModel)}`);
}

// The labelled corpus alone (a planted value every ~80 bytes): the worst case.
const base = cpuRate(() => docSegments.forEach((segs) => scanBaseline(segs)));
const noNer = cpuRate(() => {
  for (const segs of docSegments) sink += detect(segs, { ner: false }).length;
});
// The default options once (with the NER model when given): its findings are also the quality run below.
const findings: Finding[][] = [];
const full = cpuRate(() => {
  findings.length = 0;
  for (const segs of docSegments) findings.push(detect(segs, { nerModel: NER_MODEL }));
}, 1);
console.log(`labelled corpus, NER off          ${fmt(noNer)} MB/s   ratio to baseline ${(noNer / base).toFixed(3)} (baseline ${base.toFixed(1)} MB/s)`);
console.log(`labelled corpus, ${NER_MODEL ? "+ NER model  " : "default      "}     ${fmt(full)} MB/s   ratio to baseline ${(full / base).toFixed(3)}`);

// ---- quality --------------------------------------------------------------------------------------

const quality = scoreFindings(docs, findings, TYPES, { at, explain: values.explain });
console.log("");
if (NER_MODEL) console.log(`quality with the default options and the NER model in ${NER_MODEL}`);
printQuality(quality, TYPES, values.explain);
if (sink < 0) console.log(sink);
