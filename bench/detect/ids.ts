/**
 * bench/detect/ids.ts: quality of libs/detectors on ids_unseen.ts, short documents written by hand
 * for the numeric and identifier types (phone numbers written as each country writes them, IBANs
 * of many countries, national identifiers after their native labels, cards in prose, e-mail
 * addresses of real shapes) in English, German, French, Spanish, Italian, Dutch, Portuguese,
 * Polish, Swedish and Danish.
 *
 *   node bench/detect/ids.ts [--explain TYPE] [--lang LANG]
 *
 *   --explain TYPE   that type's false positives and negatives, each with its surroundings
 *   --lang LANG      only the documents of one language (en de fr es it nl pt pl sv da)
 *
 * Each document is one text segment, detected with the default options. Scored as run.ts and
 * handwritten.ts score (score.ts): per labelled type precision, recall and F2, a finding a true
 * positive when it has the labelled type and overlaps a labelled span of it, a finding of a
 * labelled type on an unmarked value (a postcode, an order number) a false positive.
 *
 * First run (2026-12-08, the set written before the detectors' code was read, nothing changed for
 * it; two values of the set itself corrected first: a Steuer-ID base with ten different digits,
 * which no Steuer-ID has, and the test BSN 111222333), kept as the unseen measure; after the
 * detectors were changed for its misses the set is no longer unseen:
 *
 *   entity           planted  TP     FP     FN     precision recall  F2
 *   BR_CPF                1      1      0      0     1.000   1.000  1.000
 *   CREDIT_CARD           3      2      0      1     1.000   0.667  0.714
 *   DE_SOCIAL_SECURITY      1      1      0      0     1.000   1.000  1.000
 *   DE_TAX_ID             2      2      0      0     1.000   1.000  1.000
 *   DK_CPR_NUMBER         2      1      0      1     1.000   0.500  0.556
 *   EMAIL_ADDRESS        26     26      0      0     1.000   1.000  1.000
 *   ES_NIE                1      1      0      0     1.000   1.000  1.000
 *   ES_NIF                2      2      0      0     1.000   1.000  1.000
 *   FR_NIR                2      2      0      0     1.000   1.000  1.000
 *   IBAN_CODE            21     20      0      1     1.000   0.952  0.962
 *   IT_FISCAL_CODE        2      2      0      0     1.000   1.000  1.000
 *   NL_BSN                2      2      0      0     1.000   1.000  1.000
 *   PHONE_NUMBER         57     40      0     17     1.000   0.702  0.746
 *   PL_PESEL              2      2      0      0     1.000   1.000  1.000
 *   SE_PERSONNUMMER       2      2      0      0     1.000   1.000  1.000
 *   UK_NHS                1      1      1      0     0.500   1.000  0.833
 *   UK_NINO               1      1      0      0     1.000   1.000  1.000
 *   US_SSN                1      1      0      0     1.000   1.000  1.000
 *   macro F2 0.934
 *   findings of types not planted (not scored): PERSON 48, LOCATION 12, ADDRESS 6, US_BANK_NUMBER 1, DATE_OF_BIRTH 1, FI_PERSONAL_IDENTITY_CODE 1
 *
 * Of those 17 phone misses, 5 were numbers reserved for fiction (Ofcom's drama ranges, NANP's
 * 555-01xx) and one counted down ("98765-4321"), which the detectors refuse by design, and the
 * card missed held "123456789": values of the set, not misses. Replaced by ordinary numbers, still
 * before any detector change (still unseen):
 *
 *   PHONE_NUMBER         57     44      0     13     1.000   0.772  0.809
 *   CREDIT_CARD           3      3      0      0     1.000   1.000  1.000
 *   macro F2 0.953 (the other types as above)
 *
 * Misses then: 13 phone numbers (a UK mobile and a Bristol number without a label, German
 * "089 / 45 67 89-12" and "0176/98765432", an Austrian mobile after "Mobil", Italian, Polish,
 * Swedish and Danish numbers without +CC, a Dutch "010 234 5678" read as an NHS number), a Danish
 * CPR number after "CPR-nr." read as a Finnish code, a Polish account number in its domestic
 * 26-digit form (no "PL"); one false positive, that NHS number.
 *
 * Then (no longer unseen) the set's own last faults mended: a Polish "(12) 345 67 89", which counts
 * up and is refused as a placeholder, rewritten; the fax number of the German letter, a telephone
 * number too, marked. The detectors before and after the changes made for these misses
 * (phone_number.ts: a service number only when grouped as its region writes it, groups finer than
 * libphonenumber's after a trunk prefix, other languages' labels, label-only regions AT CH BE SE
 * DK NO PT, "089 / 45 67 89-12", a Portuguese postcode; fi_personal_identity_code.ts: not under a
 * CPR label):
 *
 *   before: PHONE_NUMBER 58 planted, 45 TP, 0 FP, 13 FN (recall 0.776); DK_CPR_NUMBER 1/2; macro F2 0.953
 *   after:  PHONE_NUMBER 58 planted, 55 TP, 0 FP,  3 FN (recall 0.948); DK_CPR_NUMBER 2/2; macro F2 0.986
 *
 * Left: a number whose window holds an identifier's word that labels another value ("IBAN" on the
 * next line, "accounts@" in an e-mail address beside it), a Dutch "010 234 5678" read as an NHS
 * number, the domestic Polish account number.
 */
import { locator, type Finding } from "@filescan/contracts";
import { detect } from "@filescan/detectors";
import { IDS_UNSEEN, type IdsDoc } from "./ids_unseen.ts";
import type { Doc, Span } from "./doc.ts";
import { printQuality, scoreFindings } from "./score.ts";
import { benchArgs } from "../args.ts";

const { values, fail } = benchArgs(import.meta.url, { options: { explain: { type: "string" }, lang: { type: "string" } } });

const MARK = /\[\[([A-Z_]+):([^\]]+)\]\]/g;

/** A document's text without its marks, and the spans they marked. */
export function unmarkIds(d: IdsDoc): Doc & { lang: string } {
  let text = "";
  const spans: Span[] = [];
  let last = 0;
  for (const m of d.marked.matchAll(MARK)) {
    text += d.marked.slice(last, m.index);
    spans.push({ start: text.length, end: text.length + m[2]!.length, type: m[1]! });
    text += m[2]!;
    last = m.index + m[0].length;
  }
  text += d.marked.slice(last);
  if (text.includes("[[") || text.includes("]]")) throw new Error(`ids_unseen.ts: a mark not closed in ${d.kind} (${d.lang})`);
  return { kind: d.kind, lang: d.lang, text, spans };
}

const langs = [...new Set(IDS_UNSEEN.map((d) => d.lang as string))];
if (values.lang !== undefined && !langs.includes(values.lang)) fail(`--lang must be one of ${langs.join(", ")}, got ${JSON.stringify(values.lang)}`);
const docs = IDS_UNSEEN.filter((d) => values.lang === undefined || d.lang === values.lang).map(unmarkIds);
// the types labelled anywhere in the set, so a language without one still scores its false positives
const TYPES = [...new Set(IDS_UNSEEN.map(unmarkIds).flatMap((d) => d.spans.map((s) => s.type)))].sort();
const findings: Finding[][] = docs.map((d) => detect([{ text: d.text, source: "text", locator: locator() }]));

console.log(`bench/detect/ids: ${docs.length} documents, ${docs.reduce((a, d) => a + d.spans.length, 0)} labelled values\n`);
const q = scoreFindings(docs, findings, TYPES, { explain: values.explain });
printQuality(q, TYPES, values.explain, Infinity);
