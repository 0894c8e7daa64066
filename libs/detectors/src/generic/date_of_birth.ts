import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";
import { isRealDate } from "../core/checksums.ts";
import { patternCandidates } from "../core/engine.ts";

const ENGLISH_MONTHS = "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
const MONTH_INDEX: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };
/**
 * The months of German, French, Spanish, Italian, Portuguese, Dutch and Polish (in the genitive, as
 * a Polish date writes them: "12 marca 1980"), by number: "geboren am 12. März 1980", "né le 3
 * avril 1975", "nacido el 12 de marzo de 1980", "nato il 5 maggio 1969".
 */
const FOREIGN_MONTHS: ReadonlyMap<string, number> = new Map(
  [
    "januar jänner janvier enero gennaio janeiro januari stycznia",
    "februar février fevrier febrero febbraio fevereiro februari lutego",
    "märz mars marzo março marco maart marca",
    "avril abril aprile kwietnia",
    "mai mayo maggio maio mei maja",
    "juni juin junio giugno junho czerwca",
    "juli juillet julio luglio julho lipca",
    "août aout agosto augustus sierpnia",
    "septembre septiembre setiembre settembre setembro września",
    "oktober octobre octubre ottobre outubro października",
    "novembre noviembre novembro listopada",
    "dezember décembre decembre diciembre dicembre dezembro grudnia",
  ].flatMap((names, i) => names.split(" ").map((n) => [n, i + 1] as const)),
);
const MONTHS = `${ENGLISH_MONTHS}|${[...FOREIGN_MONTHS.keys()].sort((a, b) => b.length - a.length).join("|")}`;
/** Whether a word is a month's name, in English (also abbreviated) or one of the languages above, in any case. */
const MONTH_WORD = new RegExp(`^(?:${MONTHS})$`, "iu");
export const isMonthName = (word: string): boolean => MONTH_WORD.test(word);
/** A month's number from its name: English by its first three letters, the others whole. */
const monthOf = (name: string): number | undefined => FOREIGN_MONTHS.get(name) ?? MONTH_INDEX[name.slice(0, 3)];

/**
 * Months in Roman numerals, as Spanish, Polish and Italian forms write them ("9-VIII-1987", "2 III
 * 1994"): upper case only, so "2 i 1994" and "3 v 2000" stay words.
 */
const ROMAN_MONTHS = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"];
const ROMAN = [...ROMAN_MONTHS].sort((a, b) => b.length - a.length).join("|");

function year(y: string): number {
  if (y.length === 4) return Number(y);
  const n = Number(y);
  return n > 30 ? 1900 + n : 2000 + n;
}

/** Reads day, month and year from the formats the patterns accept. */
export function parseDate(value: string): { y: number; m: number; d: number } | null {
  // (English ordinals and French "1er": "3rd of March 1985", "1er mai 1990")
  // (Roman months, before the case is lost: "9-VIII-1987")
  const r = new RegExp(`^(\\d{1,2})[-. /](${ROMAN})[-. /](\\d{4})$`).exec(value);
  if (r) return { y: +r[3]!, m: ROMAN_MONTHS.indexOf(r[2]!) + 1, d: +r[1]! };
  // (Italian "1°", and blanks round a form's slashes: "23 / 05 / 1991")
  const v = value.toLowerCase().replace(/(\d)(st|nd|rd|th|er|°)(?=\P{L}|$)/gu, "$1").replace(/,/g, " ").replace(/ ?\/ ?/g, "/");
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(v);
  if (m) return { y: +m[1]!, m: +m[2]!, d: +m[3]! };
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(v);
  if (m) {
    const a = +m[1]!;
    const b = +m[2]!;
    // Month first (US) unless that is impossible; day first otherwise.
    return a <= 12 && b <= 31 && !(a <= 12 && b <= 12 && v.includes(".")) ? { y: year(m[3]!), m: a, d: b } : { y: year(m[3]!), m: b, d: a };
  }
  // ("12. März 1980", "12 de marzo de 1980", "3 of march 1985")
  m = /^(\d{1,2})\.?\s*[- ]?\s*(?:(?:de|of)\s+)?(\p{L}+)\.?\s*[- ]?\s*(?:de\s+)?(\d{4})$/u.exec(v);
  if (m && monthOf(m[2]!)) return { y: +m[3]!, m: monthOf(m[2]!)!, d: +m[1]! };
  m = /^(\p{L}+)\.?\s*[- ]?\s*(\d{1,2})\s+(\d{4})$/u.exec(v.replace(/\s+/g, " "));
  if (m && monthOf(m[1]!)) return { y: +m[3]!, m: monthOf(m[1]!)!, d: +m[2]! };
  return null;
}

/**
 * A GNU ChangeLog entry's heading: the change's date, two blanks, its author and the author's
 * address ("2022-05-18  Victor Do Nascimento  <…>"). The author's name is not the date's label
 * ("Nascimento", "Born" are surnames).
 */
const CHANGELOG_AUTHOR_AFTER = /^[ \t]+[^\n<>]{2,80}<[^\s<>@]+@[^\s<>]+>/;
const NO_CONTEXT: ReadonlySet<string> = new Set();
const changeLogHeading = (text: string, start: number, end: number) => (start === 0 || text[start - 1] === "\n") && CHANGELOG_AUTHOR_AFTER.test(text.slice(end, end + 200));

/**
 * A birthday wished, not a birth date labelled: "3.3.5 \"Happy Birthday Beddy\" (2014-01-22)", a
 * release named so in lm-sensors' change log; the date is the day's, its year no one's birth. The
 * other birth words still count ("Happy birthday! DOB: 1985-03-14").
 */
const GREETING_BEFORE = /\b(?:happy|feliz|joyeux|buon|alles[ \t]+gute[ \t]+zum)[ \t]+(?:birthday|cumpleaños|anniversaire|compleanno|geburtstag)\b[^\n]{0,60}$/i;
const CONTEXT = ["born", "birth", "dob", "d o b", "birthday", "date of birth", "birthdate", "geboren", "geb", "geburt", "nato", "nata", "geburtsdatum", "geburtstag", "né", "née", "naissance", "date de naissance", "nacimiento", "nacido", "nacida", "nació", "nacio", "nascita", "nato il", "nata il", "nascimento", "nascido", "nascida", "nasceu", "nasci", "urodzony", "urodzona", "urodzenia", "urodził", "urodziła", "urodziłam", "urodziłem", "geboortedatum"];
/**
 * A birth sentence's shape: the birth word, the place, then the date ("nato a Napoli il 7 luglio
 * 1990", "né à Addis-Abeba (Éthiopie) le 12 mars 1990", "nacida en Rosario (Santa Fe) el
 * 3/4/1980", "nascido em Recife em 5/6/1970", "geboren te Kumasi (Ghana) op 5 mei 1981", "born in
 * Lagos, Nigeria on 4 July 1976"): the town between them, so the date often lies more than the
 * window's four words off. Italian "nato"/"nata" alone are birth words only in this shape: the same
 * letters are NATO's in English ("NATO summit, 2024-07-09"). A date in that shape takes the score a
 * birth label gives; elsewhere the bare Italian words lift nothing.
 */
const BARE_ITALIAN = new Set(["nato", "nata"]);
const PLACE_WORD = String.raw`(?:\p{Lu}[\p{L}'’-]*|\([^()\n]{1,30}\))`;
const BIRTH_PLACE_BEFORE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:[Nn]at[oa]|[Nn]ée?|[Nn]acid[oa]|[Nn]ascid[oa]|[Bb]orn|[Gg]eboren)[ \t]+(?:a|à|ad|in|en|em|no|na|nel|nella|nello|negli|te|au)[ \t]+\p{Lu}[\p{L}'’-]*(?:[ \t]+(?:\p{Lu}[\p{L}'’-]*|\([^()\n]{1,30}\)|di|del|della|sul|al|in|de|da|do|dos|am|an|der|upon|on))?(?:,?[ \t]+${PLACE_WORD}){0,3},?[ \t]+(?:il|le|el|em|a|on|op|am)[ \t]+$`,
  "u",
);
const LABELLED_SCORE = 0.65;
/**
 * Verbs of being born in the first or third person ("nació el 28/11/1996", "urodziłam się 7
 * listopada 1984"): they tell the date after them, never one before ("[15/03/2025 09:47] Gustavo:
 * Nasceu em 22/03/1998", the chat line's own date is no one's birth).
 */
const BIRTH_VERBS = new Set(["nació", "nacio", "nasceu", "nasci", "urodził", "urodziła", "urodziłam", "urodziłem"]);
const BIRTH_VERB_BEFORE = /(?<![\p{L}])(?:naci[óo]|nasceu|nasci|urodzi(?:ł|ła|łam|łem))(?![\p{L}])[^\n]{0,40}$/iu;
const PLAIN: ReadonlySet<string> = new Set(CONTEXT.filter((t) => !BARE_ITALIAN.has(t)));
const PLAIN_NO_VERB: ReadonlySet<string> = new Set([...PLAIN].filter((t) => !BIRTH_VERBS.has(t)));
const NOT_A_WISH: ReadonlySet<string> = new Set([...PLAIN].filter((t) => t !== "birthday" && t !== "geburtstag"));

/**
 * Dates of birth: a real calendar date in the past 125 years, reported only with birth
 * context ("born", "DOB", "date of birth" nearby or in the column header).
 */
export const dateOfBirth: Detector = {
  id: "date_of_birth",
  type: "DATE_OF_BIRTH",
  area: "generic",
  category: "date",
  description: "Date of birth (calendar date + birth context)",
  patterns: [
    { name: "numeric", regex: re(String.raw`(?<![0-9A-Za-z/.-])(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.](?:\d{4}|\d{2}))(?![0-9A-Za-z/]|[-.]\d)`), score: 0.05 },
    // a form's boxes, "23 / 05 / 1991": slashes with a blank each side, a four-digit year
    { name: "spaced slashes", regex: re(String.raw`(?<![0-9A-Za-z/.-])\d{1,2} / \d{1,2} / \d{4}(?![0-9A-Za-z/])`), score: 0.05 },
    { name: "roman month", regex: re(String.raw`(?<![0-9A-Za-z/.-])\d{1,2}[-. /](?:${ROMAN})[-. /]\d{4}(?![0-9A-Za-z])`), score: 0.05 },
    { name: "day month year", regex: re(String.raw`\b\d{1,2}(?:st|nd|rd|th|er|°|\.)?[ -]?(?:de |of )?(?:${MONTHS})(?![\p{L}])\.?,?[ -]?(?:de )?\d{4}\b`, "iu"), score: 0.05 },
    { name: "month day year", regex: re(String.raw`\b(?:${MONTHS})(?![\p{L}])\.?[ -]\d{1,2}(?:st|nd|rd|th)?,?[ ]+\d{4}\b`, "iu"), score: 0.05 },
  ],
  context: CONTEXT,
  contextBoost: 0.6,
  // "DOB: 1985-03-14, admitted 2024-01-02": only the date right after the label is the birth date
  // (a date's numbers are words: the admission date's window ends at "1985"). Four words, not
  // three: "D.O.B." is three words itself ("My D.O.B. is 11/03/1969").
  contextWindow: 4,
  maxBaseScore: 0.05,
  prefilter: { minDigits: 4 },
  find(text) {
    return patternCandidates(dateOfBirth, text).map((c) => {
      if (changeLogHeading(text, c.start, c.end)) return { ...c, onlyContext: NO_CONTEXT };
      const before = text.slice(Math.max(0, c.start - 90), c.start);
      if (GREETING_BEFORE.test(before)) return { ...c, onlyContext: NOT_A_WISH };
      return BIRTH_PLACE_BEFORE.test(before) ? { ...c, score: LABELLED_SCORE, fixed: true } : { ...c, onlyContext: BIRTH_VERB_BEFORE.test(before) ? PLAIN : PLAIN_NO_VERB };
    });
  },
  validate(value) {
    const p = parseDate(value);
    if (!p || !isRealDate(p.y, p.m, p.d)) return false;
    const thisYear = new Date().getUTCFullYear();
    if (p.y < thisYear - 125 || p.y > thisYear) return false;
    return { validation: "calendar_date" };
  },
};
