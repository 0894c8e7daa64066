/**
 * bench/detect/handwritten.ts: quality of libs/detectors on documents written by hand
 * (handwritten_docs.ts), not by the generator run.ts's corpus comes from, which the detectors
 * were tuned against: HR letters, contracts, doctors' letters, tenancy agreements, invoices,
 * e-mail threads and signatures, CVs, incident reports, enrolment forms and insurance claims in
 * English, German, French, Spanish, Italian and Dutch, their names of many origins, dates of
 * birth and addresses written as each country writes them.
 *
 *   node bench/detect/handwritten.ts [--set tuned|unseen] [--explain TYPE] [--lang de] [--ner-model DIR]
 *
 * Each document is one text segment, detected with the default options (NER on). Scored as
 * run.ts scores (score.ts): per labelled type (PERSON, LOCATION, ADDRESS, DATE_OF_BIRTH,
 * EMAIL_ADDRESS, PHONE_NUMBER, IBAN_CODE) precision, recall and F2, a finding a true positive when
 * it has the labelled type and overlaps a labelled span of it. One rule more: a place found inside
 * a labelled address (its town) is neither right nor wrong, as bench/detect/letters.ts counts it.
 * Then recall per language, and apart for the documents marked `heldOut` (written after the
 * detectors were changed for the others: whether the changes carry over to text they were not
 * made for).
 *
 *   --set SET        `tuned` (the default): handwritten_docs.ts, the 57 documents the detectors were
 *                    tuned against; `unseen`: handwritten_unseen.ts, written apart and never tuned
 *                    against when first run, so its figures say what the others no longer can
 *   --explain TYPE   that type's false positives and negatives, each with its surroundings
 *   --lang LANG      only the documents of one language (en, de, fr, es, it, nl; pt, pl in `unseen`)
 *   --ner-model DIR  with the optional NER model (infra/local/fetch-ner-model.sh)
 */
import { locator, type Finding } from "@filescan/contracts";
import { detect } from "@filescan/detectors";
import { HANDWRITTEN, type HandwrittenDoc } from "./handwritten_docs.ts";
import { UNSEEN, type UnseenDoc } from "./handwritten_unseen.ts";
import type { Doc, Span } from "./doc.ts";
import { printQuality, rates, scoreFindings } from "./score.ts";
import { benchArgs } from "../args.ts";

const { values, fail } = benchArgs(import.meta.url, { options: { set: { type: "string" }, explain: { type: "string" }, lang: { type: "string" }, "ner-model": { type: "string" } } });

const TYPE_OF: Record<string, string> = { P: "PERSON", L: "LOCATION", A: "ADDRESS", B: "DATE_OF_BIRTH", E: "EMAIL_ADDRESS", T: "PHONE_NUMBER", I: "IBAN_CODE" };
const TYPES = Object.values(TYPE_OF);
const MARK = /\[\[([A-Z]):([^\]]+)\]\]/g;

/** A document's text without its marks, and the spans they marked. */
export function unmark(d: HandwrittenDoc | UnseenDoc): Doc & { lang: string; heldOut: boolean } {
  let text = "";
  const spans: Span[] = [];
  let last = 0;
  for (const m of d.marked.matchAll(MARK)) {
    const type = TYPE_OF[m[1]!];
    if (!type) throw new Error(`handwritten_docs.ts: unknown mark ${m[1]} in ${d.kind} (${d.lang})`);
    text += d.marked.slice(last, m.index);
    spans.push({ start: text.length, end: text.length + m[2]!.length, type });
    text += m[2]!;
    last = m.index + m[0].length;
  }
  text += d.marked.slice(last);
  if (text.includes("[[") || text.includes("]]")) throw new Error(`handwritten_docs.ts: a mark not closed in ${d.kind} (${d.lang})`);
  return { kind: d.kind, lang: d.lang, heldOut: d.heldOut === true, text, spans };
}

const SETS: Record<string, (HandwrittenDoc | UnseenDoc)[]> = { tuned: HANDWRITTEN, unseen: UNSEEN };
const setName = values.set ?? "tuned";
const set = SETS[setName] ?? fail(`--set must be one of ${Object.keys(SETS).join(", ")}, got ${JSON.stringify(values.set)}`);
const langs = [...new Set(set.map((d) => d.lang as string))];
if (values.lang !== undefined && !langs.includes(values.lang)) fail(`--lang must be one of ${langs.join(", ")}, got ${JSON.stringify(values.lang)}`);
const docs = set.filter((d) => values.lang === undefined || d.lang === values.lang).map(unmark);
const findings: Finding[][] = docs.map((d) => detect([{ text: d.text, source: "text", locator: locator() }], { nerModel: values["ner-model"] }));
const TOLERATED = { LOCATION: ["ADDRESS"] };

console.log(`bench/detect/handwritten (--set ${setName}): ${docs.length} documents, ${docs.reduce((a, d) => a + d.spans.length, 0)} labelled values${values["ner-model"] ? `, with the NER model in ${values["ner-model"]}` : ""}\n`);
const all = scoreFindings(docs, findings, TYPES, { explain: values.explain, tolerated: TOLERATED });
printQuality(all, TYPES, undefined);

// Recall per language of the types NER and the rules find by cue (the others are checked by shape),
// and apart for the documents written after the detectors were changed for the others (`heldOut`).
const BY_LANG = ["PERSON", "LOCATION", "ADDRESS", "DATE_OF_BIRTH"];
const recallRow = (label: string, keep: (d: (typeof docs)[number]) => boolean) => {
  const idx = docs.flatMap((d, i) => (keep(d) ? [i] : []));
  if (idx.length === 0) return;
  const q = scoreFindings(idx.map((i) => docs[i]!), idx.map((i) => findings[i]!), TYPES, { tolerated: TOLERATED });
  console.log(`${label.padEnd(20)} ${BY_LANG.map((t) => {
    const tl = q.tally.get(t)!;
    return `${rates(tl).r.toFixed(3)} (${tl.tp}/${tl.tp + tl.fn})`.padStart(15);
  }).join("")}`);
};
console.log(`\nrecall per language  ${BY_LANG.map((t) => t.padStart(15)).join("")}`);
for (const lang of langs.filter((l) => values.lang === undefined || l === values.lang)) recallRow(lang, (d) => d.lang === lang);
// (the unseen set has no documents marked so: all of it was written apart)
if (docs.some((d) => d.heldOut)) {
  recallRow("not held out", (d) => !d.heldOut);
  recallRow("held out", (d) => d.heldOut);
} else recallRow("all", () => true);
if (values.explain) {
  console.log(`\n--explain ${values.explain}: ${all.explained.length} errors`);
  for (const line of all.explained) console.log(line);
}
