/**
 * bench/detect/names.ts: people's names in English running text, with no title, salutation or
 * signature before them ("The review with Priya Raghunathan moved to Thursday."), from the
 * name lists of thirty of faker's locales written in Latin letters (Nigerian, Indian, Vietnamese,
 * Turkish, Hungarian, Zulu, … beside English and the European languages). The cue rules of
 * libs/detectors find a name by the words around it; here only a tagger that knows names, or
 * their shape, finds them. The sentences were written for this benchmark, apart from the
 * detectors' rules; most hold capitalised words that are no one's name (products, companies,
 * towns, weekdays) to measure precision. Each sentence is the body of a short mail whose sender's
 * address is a finding: detection reads names only near a finding or a context word (a sentence
 * alone is not given to NER at all, with or without the model).
 *
 *   node bench/detect/names.ts [--sentences 20] [--seed 7] [--explain] [--ner-model DIR]
 *
 * Planted: PERSON (each full name). A PERSON finding overlapping no planted name is a false
 * positive. Prints recall and precision per locale with the default options and, with
 * `--ner-model DIR`, with the optional NER model too (infra/local/fetch-ner-model.sh), and the
 * CPU time of each.
 */
import { allLocales, Faker, base, en } from "@faker-js/faker";
import { locator } from "@filescan/contracts";
import { detect, type DetectOptions } from "@filescan/detectors";
import { benchArgs } from "../args.ts";

const { values, int } = benchArgs(import.meta.url, { options: { sentences: { type: "string", default: "20" }, seed: { type: "string", default: "7" }, explain: { type: "boolean", default: false }, "ner-model": { type: "string" } } });
const COUNT = int(values.sentences, "sentences");
const SEED = int(values.seed, "seed", 0);

/** Faker's locales whose names are written in Latin letters. */
const LOCALES = ["en_US", "en_GB", "en_IN", "en_NG", "en_GH", "yo_NG", "zu_ZA", "af_ZA", "vi", "id_ID", "tr", "az", "uz_UZ_latin", "hu", "ro", "cs_CZ", "sk", "pl", "hr", "sr_RS_latin", "lv", "fi", "sv", "da", "nb_NO", "de", "fr", "es", "it", "pt_BR"] as const;

/** Sentences with {A} and {B} for names; {P} a product, {C} a company, {T} a town, {D} a weekday (capitalised, no one's name). */
const TEMPLATES = [
  "The quarterly review with {A} and {B} moved to {D}.",
  "{A} approved the travel budget for the {T} trade fair.",
  "Copies of the draft went to {A}, {B} and the legal team.",
  "According to {A}, the {P} shipment left the warehouse late.",
  "We asked {A} to check the figures before {D}.",
  "{A} and {B} will share the on-call rota next month.",
  "The new contract with {C} was negotiated by {A} in {T}.",
  "Feedback from {A} on the {P} prototype was mostly positive.",
  "{A} takes over the account from {B} on {D}.",
  "The interview panel included {A}, two engineers and {B}.",
  "Last week {A} presented the roadmap to {C}.",
  "Both {A} and {B} flagged the invoice from {C} as a duplicate.",
];

interface Planted {
  text: string;
  names: Array<[number, number]>;
}

function sentence(f: Faker, g: Faker): Planted {
  const template = g.helpers.arrayElement(TEMPLATES);
  const names: Array<[number, number]> = [];
  let text = `From: ${g.helpers.arrayElement(["office", "team", "info", "projects"])}@${g.internet.domainName()}\nSubject: ${g.commerce.productAdjective()} update\n\n`;
  for (const part of template.split(/(\{[ABPCTD]\})/)) {
    if (part === "{A}" || part === "{B}") {
      const name = `${f.person.firstName()} ${f.person.lastName()}`;
      names.push([text.length, text.length + name.length]);
      text += name;
    } else if (part === "{P}") text += g.commerce.productName();
    else if (part === "{C}") text += g.company.name();
    else if (part === "{T}") text += g.location.city();
    else if (part === "{D}") text += g.date.weekday();
    else text += part;
  }
  return { text, names };
}

type Tally = { tp: number; fn: number; fp: number; cpu: number };
const modes: Array<[string, DetectOptions]> = [["default", {}]];
if (values["ner-model"]) modes.push(["+ NER model", { nerModel: values["ner-model"] }]);
const explained: string[] = [];
const totals = new Map<string, Tally>(modes.map(([m]) => [m, { tp: 0, fn: 0, fp: 0, cpu: 0 }]));
const rows: string[] = [];
const ratio = (a: number, b: number) => (b === 0 ? "  -  " : (a / b).toFixed(3));
for (const code of LOCALES) {
  const f = new Faker({ locale: [allLocales[code], en, base] });
  const g = new Faker({ locale: [en, base] });
  f.seed(SEED);
  g.seed(SEED);
  const docs = Array.from({ length: COUNT }, () => sentence(f, g));
  const cells: string[] = [];
  for (const [mode, opts] of modes) {
    const t: Tally = { tp: 0, fn: 0, fp: 0, cpu: 0 };
    for (const d of docs) {
      const c0 = process.cpuUsage();
      const found = detect([{ text: d.text, source: "text", locator: locator() }], opts).filter((x) => x.type === "PERSON");
      const c = process.cpuUsage(c0);
      t.cpu += c.user + c.system;
      for (const [s, e] of d.names) {
        const hit = found.some((x) => x.start < e && s < x.end);
        t[hit ? "tp" : "fn"]++;
        if (!hit) explained.push(`${code} ${mode} FN: ${d.text.slice(s, e)}  ← ${d.text}`);
      }
      for (const x of found) {
        if (d.names.some(([s, e]) => x.start < e && s < x.end)) continue;
        t.fp++;
        explained.push(`${code} ${mode} FP ${x.detector} ${x.score}: ${d.text.slice(x.start, x.end)}  ← ${d.text}`);
      }
    }
    const sum = totals.get(mode)!;
    for (const k of ["tp", "fn", "fp", "cpu"] as const) sum[k] += t[k];
    cells.push(`${ratio(t.tp, t.tp + t.fn).padStart(8)} ${ratio(t.tp, t.tp + t.fp).padStart(9)}`);
  }
  rows.push(`${code.padEnd(12)} ${cells.join("   ")}`);
}
console.log(`bench/detect/names: ${COUNT} sentences per locale (${LOCALES.length} locales), seed ${SEED}; PERSON`);
console.log(`\n${"locale".padEnd(12)} ${modes.map(([m]) => `${m.padEnd(8)} recall precision`.padStart(27)).join("   ")}`);
for (const r of rows) console.log(r);
console.log("");
for (const [mode, t] of totals) console.log(`${mode.padEnd(12)} recall ${ratio(t.tp, t.tp + t.fn)}, precision ${ratio(t.tp, t.tp + t.fp)} (${t.tp} of ${t.tp + t.fn} names, ${t.fp} false); ${(t.cpu / 1e6).toFixed(2)} s CPU`);
if (values.explain) console.log("\n" + explained.join("\n"));
