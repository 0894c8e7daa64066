/**
 * bench/detect/hostile.ts: whether the detectors read a hostile text in time linear in its length.
 *
 *   node bench/detect/hostile.ts [--sizes 64000,256000] [--pump JSON]
 *
 * A pump is a short string repeated into one long segment with no line break (a page, a cell or a
 * minified file can be that), between two runs of trigger words that wake every detector: every
 * printable ASCII character alone, blanks and line ends, and pairs and words that start candidates
 * (a mailbox's "a@", a street's "Str. 1 ", a name label's "Name: A ", a URL's "://"). Each is timed
 * at two sizes, as is ordinary text of the same sizes (the mixed corpus of run.ts, the baseline of
 * the same run). Quadrupling the size quadruples a linear detector's time ("growth" 4) and multiplies
 * a quadratic one's by 16. Prints the pumps whose growth is over 8, or whose time at the larger
 * size is over 10 times the baseline's, then the worst of each and the baseline. A pattern that
 * backtracks over a run (ReDoS) or a scan from each candidate to its line's start shows here.
 */
import { detectWithStats } from "@filescan/detectors";
import { locator } from "@filescan/contracts";
import { Faker, base as baseLocale, en } from "@faker-js/faker";
import { REF_DATE } from "./values.ts";
import { mixedCorpus } from "./mixed.ts";
import { benchArgs } from "../args.ts";

const { values: opts, ints } = benchArgs(import.meta.url, { options: { sizes: { type: "string", default: "64000,256000" }, pump: { type: "string" } } });
const [SMALL, LARGE] = ints(opts.sizes, "sizes", 2) as [number, number];

const TRIGGERS =
  " Name: Jane Roe, password: Xk7pQ2wq9! url http://u:pw@host.example.org DOB: 01.02.1990 born 3 March 1990 phone +49 711 348489 ip 10.0.0.1 license D1234567 key: name mail jane@x.org IBAN DE89370400440532013000 card 4111 1111 1111 1111 ssn 536-22-1234 ";

function pumps(): string[] {
  const one = opts.pump !== undefined ? [JSON.parse(opts.pump) as string] : null;
  if (one) return one;
  const out: string[] = [];
  for (let c = 32; c < 127; c++) out.push(String.fromCharCode(c));
  out.push("\t", "\n", "\r", "\u00a0", "é", "Ä", "\u3000", "中", "\u2019");
  out.push(...["a ", "a'", "s'", "1.", "1 ", "A.", "a-", "A-", "a\n", "1-", "<a", "a=", "a:", "a@", "@a", "a.", "Aa", "aA", "1,", "a1", "A1", "1a", "a_", "a/", "a\t", "1:", "- ", ". ", "A ", "de ", "12 ", "1.2.", "://", ":a@", "-1", "+1 ", "(1)", "[a]", '"a"', "\\f(", "0x", "AB12 ", "A!", "\r\n", " \r\n"]);
  out.push(...["Str. 1 ", "Name: A ", "password: ", "Mr A ", "A B ", "a@b ", "01.02.", "+49 ", "4111 ", "10.0.", "key=", "x:y@", "http://", "Bearer ", "Cookie: sid==", "Al. de ", "n ll", "-----", "%", "${", "{{", "<<", "Hauptstr ", "rue ", "Jane Roe\n", "1.2.3.5 ", "1.2.3.5. A ", "/* 1.2.3.5 ", "Alice ", "Code Grant ", "#define A 1 /* Atari Blitter */ "]);
  return out;
}

function time(text: string): number {
  const t = process.hrtime.bigint();
  // (minimum score 0: every candidate is scored and kept, each path a finding can take is taken)
  detectWithStats([{ text, source: "text", locator: locator({}) }], { minScore: 0 });
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const fill = (unit: string, n: number) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
// (one long line, as the pumps are: the mixed corpus's text with its line breaks made blanks)
const faker = new Faker({ locale: [en, baseLocale] });
faker.seed(7);
faker.setDefaultRefDate(REF_DATE);
const ordinary = mixedCorpus(faker, LARGE * 1.2, [TRIGGERS]).flatMap((d) => d.segments.map((s) => s.text)).join(" ").replace(/\s+/g, " ");
time(TRIGGERS + fill(ordinary, 1000) + TRIGGERS); // loads the NER lexicon and gazetteer
const base = [SMALL, LARGE].map((n) => Math.min(time(TRIGGERS + fill(ordinary, n) + TRIGGERS), time(TRIGGERS + fill(ordinary, n) + TRIGGERS)));
const baseGrowth = base[1]! / base[0]!;
console.log(`bench/detect/hostile: one segment of ${SMALL} and of ${LARGE} characters; ordinary text ${base[0]!.toFixed(0)} ms and ${base[1]!.toFixed(0)} ms (growth ${baseGrowth.toFixed(1)})`);
console.log("growth   ms@small ms@large  ×baseline  pump");
let worstGrowth = 0;
let worstRatio = 0;
let flagged = 0;
const list = pumps();
for (const p of list) {
  const ms = [SMALL, LARGE].map((n) => time(TRIGGERS + fill(p, n) + TRIGGERS));
  const growth = ms[1]! / Math.max(ms[0]!, 5); // (below 5 ms, timer noise)
  const ratio = ms[1]! / base[1]!;
  worstGrowth = Math.max(worstGrowth, growth);
  worstRatio = Math.max(worstRatio, ratio);
  if (growth > 8 || ratio > 10 || list.length === 1) {
    flagged++;
    console.log(`${growth.toFixed(1).padStart(6)} ${ms[0]!.toFixed(0).padStart(10)} ${ms[1]!.toFixed(0).padStart(8)} ${ratio.toFixed(2).padStart(10)}  ${JSON.stringify(p)}`);
  }
}
console.log(`${list.length} pumps, ${flagged} flagged; worst growth ${worstGrowth.toFixed(1)} (ordinary text ${baseGrowth.toFixed(1)}, linear 4, quadratic 16), worst time ${worstRatio.toFixed(2)}× ordinary text's`);
