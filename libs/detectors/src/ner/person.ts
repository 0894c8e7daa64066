import type { Candidate, Detector } from "../core/types.ts";
import { inIdentifierList, inRoffRequest, nerCandidates, writtenAsIdentifier } from "./compromise_ner.ts";
import { outsideOrganisationAddresses } from "./street_address.ts";
import { prevFeed } from "../core/lines.ts";
import { labelsCode } from "./name_shape.ts";

/**
 * A first name that is something else by the word after it: a web page's link past its
 * navigation ("Skip to main content") and the verb in code's comments ("// Skip ':'", "Skip
 * whitespace": a surname after the name is capitalised); the calendar and its day numbers
 * ("Julian calendar", "Julian day" in java.time's docs).
 */
const NOT_A_NAME_AFTER: Record<string, RegExp> = {
  Skip: /^[ \t]+[^\p{Lu}\s]/u,
  Julian: /^[ \t]+(?:calendar|day|date|year|period|epoch)s?\b/i,
};
const notANameAfter = (text: string, start: number, end: number) => NOT_A_NAME_AFTER[text.slice(start, end)]?.test(text.slice(end, end + 32)) ?? false;

/** First names that are verbs too. */
const VERB_NAMES = new Set(["Mark", "Grant", "Skip", "Bill", "Rob", "Sue", "Pat", "Chase", "Drew", "Wade", "Will", "Lance", "Sterling", "Frank", "Bob", "Jack", "Josh", "Nick", "Ray", "Rush", "Cliff", "Don", "Carol", "Sky"]);
/**
 * A verb that is a first name too, first on its line or after a sentence's end and followed by
 * a determiner or a quoted or code-spanned term, gives an instruction: "Mark an insight's state
 * as ACCEPTED" (the Google Cloud CLI's pages), "Grant the role", a change log's "* Mark
 * `font/ttf` as compressible". ("I told Mark the news" has the name inside its sentence.)
 */
function imperative(text: string, start: number, end: number): boolean {
  if (!VERB_NAMES.has(text.slice(start, end))) return false;
  // (after a line's start, a sentence's end, a label in parentheses or a roff font change: "\fB(ALPHA)\fR Mark an …")
  if (!/(?:^|\n|[.!?:;)]\s|\\f[BIRP])[ \t"'(*-]*$/.test(text.slice(Math.max(0, start - 8), start))) return false;
  return /^[ \t]+(?:(?:a|an|the|this|that|these|those|all|each|every|any|its|their|your|our|my)\b|[`'"‘“])/.test(text.slice(end, end + 8));
}

/**
 * Inside a font declaration's value: a style sheet's `font-family: ＭＳ Ｐゴシック, MS UI Gothic`,
 * an HTML `<font face="…">`. A font's name is no one's ("ＭＳ Ｐ" read as "Ms P" in a Japanese help
 * file's style sheet).
 */
function inFontDeclaration(text: string, start: number): boolean {
  const line = text.slice(Math.max(0, prevFeed(text, start - 1) + 1, start - 200), start);
  // (as style sheets write their properties, in lower case: a form's "Font: …" label is prose)
  return /(?:^|[{;\s"'])font(?:-family)?\s*:[^;{}]*$|<font\b[^<>]*\bface\s*=\s*["']?[^"'<>]*$/i.test(line) && !/(?:^|[{;\s"'])(?:Font|FONT)(?:-family)?\s*:[^;{}]*$/.test(line);
}

/** Words around a name that make it a person's: titles, a letter's greeting and closing, the roles people have. */
export const PERSON_CONTEXT = ["name", "mr", "mrs", "ms", "miss", "dr", "dear", "regards", "sincerely", "yours", "patient", "employee", "customer", "client", "contact", "signed", "attn", "applicant", "tenant", "cardholder", "beneficiary", "born", "spouse", "manager", "surname", "first name", "last name", "full name"];
/** The titles among them: they lift the name they are written before, and no other (`asTitled`). */
const TITLES = new Set(["mr", "mrs", "ms", "miss", "dr"]);
const WITHOUT_TITLES: ReadonlySet<string> = new Set(PERSON_CONTEXT.filter((t) => !TITLES.has(t)));
/** One of them written before a name: a capital, a dot or not, then a blank ("Ms. ", "DR "). */
const TITLE_BEFORE = new RegExp(String.raw`(?<![\p{L}\p{N}._-])(?:${[...TITLES].flatMap((t) => [t[0]!.toUpperCase() + t.slice(1), t.toUpperCase()]).join("|")})\.?[ \t]+$`, "u");

/**
 * A name's candidate whose context counts a title only when one is written right before it. The
 * letters "mr" and "ms" stand for other things around names: the country codes of a JSON list
 * (`"MR": "Mauritania", "MS": "Montserrat"`), a media type's vendor ("vnd.ms-excel"), a title
 * three names further on.
 */
export function asTitled<C extends Candidate>(text: string, cand: C): C {
  return TITLE_BEFORE.test(text.slice(Math.max(0, cand.start - 8), cand.start)) ? cand : { ...cand, onlyContext: WITHOUT_TITLES };
}

/** A place's labels: a name-like word under one is a place ("Houston" in a place_of_birth column). */
export const PLACE_LABELS = ["place of birth", "birthplace", "nationality", "citizenship", "country", "city"];

/** Names of people, from compromise's lexicon and grammar (English-centred). */
export const person: Detector = {
  id: "person",
  type: "PERSON",
  area: "ner",
  category: "person",
  description: "Person name (local NER: compromise)",
  patterns: [],
  ner: true,
  context: PERSON_CONTEXT,
  // A name-like word under a place label is a place compromise does not know ("Houston" in a place_of_birth column).
  negativeContext: PLACE_LABELS,
  prefilter: {},
  // (the street of an organisation's address is no one's name: "51 Franklin St" in a GPL notice)
  find: (text) =>
    outsideOrganisationAddresses(text, nerCandidates(text, "PERSON", 0.5))
      .filter((c) => !writtenAsIdentifier(text, c.start, c.end) && !notANameAfter(text, c.start, c.end) && !inRoffRequest(text, c.start, c.end) && !imperative(text, c.start, c.end) && !inFontDeclaration(text, c.start) && !labelsCode(text, c.start, c.end))
      .map((c) => asTitled(text, c)),
  noneInText: inIdentifierList,
};
