import type { Candidate, Detector } from "../core/types.ts";
import { TITLE_WORD, WORD, companyAfter, currencyOrLanguage, isOrganisationWord, labelsCode, partOfDefinedTerm } from "./name_shape.ts";
import { NAME_TAGS, commonWord, englishWord, knownAsWord, tagsOf } from "./lexicon.ts";
import { isKnownPlace } from "./gazetteer.ts";
import { inRoffRequest, writtenAsIdentifier } from "./compromise_ner.ts";
import { PERSON_CONTEXT, PLACE_LABELS, asTitled } from "./person.ts";
import { prevFeed } from "../core/lines.ts";

/**
 * Two or three capitalised words in a row, alone: not after another capitalised word (unless a
 * person's title: "Ms Shakti Varman") or "the", nor before one (a heading's or a title's run of
 * capitals).
 */
const TITLE = String.raw`${TITLE_WORD}[ \t]`;
const RUN = new RegExp(String.raw`(?<![\p{L}\p{N}_@/\\.:#$-]|(?<![\p{L}])(?!${TITLE})\p{Lu}[\p{L}'’-]*[ \t]+|\b[Tt]he[ \t]+)(?!${TITLE})(${WORD}(?:[ \t]${WORD}){1,2})(?![\p{L}\p{N}_@/\\(]|[.:-][\p{L}\p{N}]|[ \t]+\p{Lu})`, "gu");

/**
 * A word's capitals: its first, and at most one more after a surname's prefix ("McVittie",
 * "MacLeod", "O'Neil", "DeVito", "VanderBeek"). Other inner capitals are an identifier's or a
 * product's ("PatternTreeParser", "GitLab", "GObjects").
 */
const PART = String.raw`(?:Mc|Mac|O['’]|D['’]|De|Di|Da|Du|La|Le|Van|Von|Vander|Ver)?\p{Lu}\p{Ll}+`;
const CAPITALS = new RegExp(`^${PART}(?:-${PART})?$`, "u");
/** Latin letters only: the lexicons are English, and a word of another script is unknown to them whatever it is ("Црна Гора"). */
const LATIN = /^[\p{Script=Latin}'’-]+$/u;

/**
 * Words of software that no English list holds, capitalised in a heading or a product's name
 * ("Dev Deps", "Unix Makefiles", "Perl Unicode", "Config Configurator" in packages' docs; "Pygments
 * Lexer", "Mozilla Preprocessor" in Python's packages).
 */
const SOFTWARE_WORDS: ReadonlySet<string> = new Set(
  ("dev devs deps config configs configurator unicode makefile makefiles backport backports rasterizer addr perl unix posix kubernetes webpack localhost sqlite postgres mysql nginx github gitlab bitbucket npm wiki readme changelog todo fixme repo repos regex enum struct async utf ascii " +
    "lexer preprocessor tokenizer transpiler minifier bundler serializer deserializer profiler middleware runtime frontend backend namespace hostname filesystem codec codecs toolchain webhook dataset datasets subprocess mixin mixins validator stylesheet").split(" "),
);

/**
 * Whether a capitalised word may be part of a person's name by the lexicons: compromise knows it
 * as a name, or neither compromise nor SCOWL's common English words know it at all (most
 * surnames and many given names: "Isidro Hagenes", "Shakti Varman"), nor SCOWL's larger lists
 * of rarer and technical words in any of their spellings ("Schema", "Fallback", "Licence"). A word
 * of a company, a product, a department or software ("Group", "Systems", "Unicode") is not.
 */
function nameWord(word: string): "name" | "unknown" | false {
  if (!LATIN.test(word) || !CAPITALS.test(word)) return false;
  const w = word.toLowerCase();
  if (isOrganisationWord(w) || SOFTWARE_WORDS.has(w)) return false;
  const tags = tagsOf(w);
  if (tags !== null) return tags.some((t) => NAME_TAGS.has(t)) ? "name" : false;
  // (each half of a double-barrelled word: "Davis-Robel")
  return w.split("-").some((h) => h.length < 2 || englishWord(h)) ? false : "unknown";
}

/** A vowel, or the "Ng" of a surname that has none. */
const VOWEL = /[aeiouyæøœəɛɔı]|^Ng$/iu;
/** An "r" or an "l" between consonants, the vowel of Czech and Slovak surnames that have none ("Srb", "Plch", "Vlk"). */
const SYLLABIC = /^\p{L}+[rlŕĺ]\p{L}+$/iu;
/**
 * Whether a surname may be a name by its letters: it has a vowel, with or without its marks
 * ("Mỹ", "Trương" in Vietnamese, "Mələk" in Azerbaijani), or a syllabic "r" or "l". A last word
 * with neither is an abbreviation ("Intra Cb, Intra Cr" of chroma planes in Linux's video headers,
 * "Jim Tcl", "Mark Dpkg" in change logs); a given name may be one
 * ("Tj Holowaychuk").
 */
const pronounceable = (word: string) => VOWEL.test(word.normalize("NFD")) || SYLLABIC.test(word);

const QUOTES = `"'`;
/** An article of another language first: a place's or a thing's name ("Los Ranchos", "Die Zauberflöte"). */
const FOREIGN_ARTICLE = /^(?:Los|Las|El|Les|Le|Der|Die|Das|Il|Het)[ \t]/;
/**
 * A house number or a postcode first on the line, before the words: an address's street or town
 * ("52743 Johns Ville"). (Not any number: "Copyright (c) 2013 Shakti Varman", "In 2024 …".)
 */
const ADDRESS_BEFORE = /^[ \t]*\d[\d -]*[ \t]+$/;
/** A town's last word no English lexicon knows ("Johns Ville", faker's "Lake Ville"). */
const TOWN_LAST = /[ \t](?:Ville|Villa|Burg|Dorf|Stadt)$/;

/**
 * A product's or a service's name, not a person's, by the words around it: a determiner before it
 * ("a Dataproc Metastore service", "all Dataplex Datascan resources") or a thing's noun after it
 * ("Memorystore Redis instance", "Dataproc Metastore workloads"), as Google Cloud's manual pages
 * write its products. A person takes neither.
 */
const DETERMINER_BEFORE = /(?<![\p{L}\p{N}])(?:[Aa]n?|[Aa]ll|[Ee]ach|[Ee]very|[Aa]ny|[Tt]his|[Tt]hat|[Tt]hese|[Tt]hose|[Yy]our|[Ii]ts|[Nn]ew|[Ee]xisting)[ \t]+$/u;
const THING_AFTER = /^[ \t]+(?:service|instance|resource|operation|cluster|database|project|server|api|workload|location|federation|backup|node|plugin|module|package|engine|component|feature|endpoint|bucket|job|table|model|console|client|sdk|platform|edition|migration|deployment|environment|repository|namespace|pipeline|connector|driver|extension|integration|license|licence|subscription|tier|region|zone)s?(?![\p{L}\p{N}])/u;

/** How far around a name its sentence's language is read. */
const AROUND = 120;
/** Lower-case words (the words of running text, not its names). */
const LOWER_WORD = /(?<![\p{L}\p{N}_])\p{Ll}[\p{Ll}'’]*(?![\p{L}\p{N}_])/gu;
/** Of the lower-case words around a name, at least this many, and this share English. */
const MIN_WORDS = 3;
const MIN_ENGLISH = 0.75;
/**
 * A text with fewer than `MIN_WORDS` words that start lower-case has no running text around any
 * run (a sheet's cell, a heading, a list of names): one scan says so before any run is read.
 */
const ENOUGH_LOWER = new RegExp(String.raw`(?:(?<![\p{L}\p{N}_])\p{Ll}[^]*?){${MIN_WORDS}}`, "u");

/**
 * Whether the text around [start, end) is English: of its lower-case words, at least `MIN_WORDS`,
 * and at least `MIN_ENGLISH` of them words compromise or SCOWL's lists know. German capitalises
 * its nouns ("Ihre Zahlung ist eingegangen"), and any language's words are unknown to an English
 * lexicon: the shape says "name" in English running text only. (So does lorem ipsum's Latin not.)
 */
function englishAround(text: string, start: number, end: number): boolean {
  let words = 0;
  let english = 0;
  for (const part of [text.slice(Math.max(0, start - AROUND), start), text.slice(end, end + AROUND)]) {
    for (const m of part.matchAll(LOWER_WORD)) {
      const w = m[0].replace(/['’]s$/, "");
      words++;
      if (commonWord(w) || knownAsWord(w)) english++;
    }
  }
  return words >= MIN_WORDS && english >= MIN_ENGLISH * words;
}

/**
 * A person's name by its shape in running text, where no cue stands before it: "The review with
 * Shakti Varman and Dipankar Kaul moved to Friday." compromise tags names its lexicon knows; most
 * names of the world it does not ("Isidro Hagenes", "Nirbhay Dwivedi"), and in English running
 * text two or three capitalised words of which no English lexicon knows one as a word are most
 * often a person's name. At least one of them must be unknown to compromise (a name it knows
 * whole is compromise's own finding); none may be an English word, a company's or a product's
 * word, and the words together no known place ("Petaling Jaya"). Runs of more capitalised
 * words (headings, titles), runs after "the", and names written as identifiers or in code are
 * not read.
 *
 * The shape alone scores 0.45: reported, but below what makes a file sensitive by itself
 * (classify's COUNT_SCORE, 0.5). A context word of a person lifts it. Unlike compromise, it is
 * cheap (one scan, and the lexicons for each run), so it reads every text, with or without NER:
 * a change log names its contributors far from any finding or cue.
 */
export const personByShape: Detector = {
  id: "person_by_shape",
  type: "PERSON",
  area: "ner",
  category: "person",
  description: "Person name by shape in running text (2-3 capitalised words no English lexicon knows)",
  patterns: [],
  context: PERSON_CONTEXT,
  negativeContext: PLACE_LABELS,
  prefilter: { letter: true },
  maxBaseScore: 0.45,
  find(text): Candidate[] {
    const out: Candidate[] = [];
    if (!ENOUGH_LOWER.test(text)) return out;
    RUN.lastIndex = 0;
    for (const m of text.matchAll(RUN)) {
      const words = m[1]!.split(/[ \t]/);
      const kinds = words.map(nameWord);
      if (!pronounceable(words.at(-1)!)) continue;
      if (kinds.some((k) => k === false) || !kinds.includes("unknown") || FOREIGN_ARTICLE.test(m[1]!) || isKnownPlace(m[1]!) || currencyOrLanguage(m[1]!)) continue;
      const start = m.index;
      const end = start + m[1]!.length;
      // (a quoted value whole is a record's, which the detectors of a cell read under its key: `"native": "Kalaallit Nunaat"`)
      const before = text[start - 1];
      if (before !== undefined && QUOTES.includes(before) && text[end] === before) continue;
      if (ADDRESS_BEFORE.test(text.slice(prevFeed(text, start - 1) + 1, start)) || TOWN_LAST.test(m[1]!)) continue;
      if (DETERMINER_BEFORE.test(text.slice(Math.max(0, start - 12), start)) || THING_AFTER.test(text.slice(end, end + 16)) || companyAfter(text, end) || labelsCode(text, start, end)) continue;
      if (!englishAround(text, start, end) || writtenAsIdentifier(text, start, end) || inRoffRequest(text, start, end) || partOfDefinedTerm(text, start, end)) continue;
      out.push(asTitled(text, { start, end, score: 0.45, validation: "name_shape" }));
    }
    return out;
  },
};
