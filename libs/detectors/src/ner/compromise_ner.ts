/**
 * Local NER with compromise (rule-and-lexicon English NLP, offline, MIT). It is the slow
 * part of detection (~20–45 kchar/s per core here), so `index.ts` runs it on bounded windows
 * only. Offsets from compromise include titles, prepositions and trailing punctuation;
 * `trimSpan` removes them.
 */
import nlp from "compromise";
import "./fast_sweep.ts";
import type { Candidate } from "../core/types.ts";
import { NAME_TAGS, englishWord, knownAsWord, tagsNotAName, tagsOf } from "./lexicon.ts";
import { FOREIGN_TITLE_WORDS, PARTICLE, TITLE_WORD, companyAfter, isOrganisationWord, isParticle, notAFirstWord, startsWithVerb } from "./name_shape.ts";
import { inInstitutionName, saintsName } from "./institution.ts";
import { PLACE_FIRST_WORDS, PLACE_TAGS, TOWN_PREFIXES, isKnownPlace } from "./gazetteer.ts";
import { STREET_KINDS_AFTER_NUMBER, STREET_KINDS_FIRST } from "./street_address.ts";
import { prevFeed } from "../core/lines.ts";
import { perText } from "../core/per-text.ts";

export type NerLabel = "PERSON" | "LOCATION";

export interface Entity {
  label: NerLabel;
  start: number;
  end: number;
}

/** Titles (English and, from name_shape.ts, the other languages'), a salutation and prepositions before an entity. */
const LEADING = new RegExp(`^(?:(?:${["mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "dame", "lord", "lady", "rev", "hon", "dear", ...FOREIGN_TITLE_WORDS, "in", "at", "on", "from", "to", "of", "the", "by", "near", "with", "for", "and", "via"].join("|")})\\.?\\s+)+`, "i");
/** A possessive, punctuation, and digits glued to the last word ("John Smith16", a test sheet's row number). */
// (and a comment's closing marks, an operator after a name of code: "this is ABI! */", "switch (Val % 10)")
const TRAILING = /(?:['’]s|[\s.,;:!?)"'’\]}*#%&+~^`-]|(?<=\p{L})\d+)+$/u;
/** Punctuation, comment markers and a number with its blank before an entity ("/* Mark offset", "24\t/* PHY", a postcode "19509-375 Cecília do Sul"). */
const LEADING_PUNCT = /^(?:[\s.,;:!?("'‘[{\-/*#<>=|\\`]|\d[\d./-]*(?=\s))+/;

/** Everything up to the last colon followed by a blank. */
const LABEL_COLON = /^.*:[ \t]+/s;

/** Shrinks [start, end) of `text` past titles, prepositions and punctuation, and to before a bracket, an operator or a slash. */
export function trimSpan(text: string, start: number, end: number): [number, number] {
  let s = start;
  let e = end;
  // A label and its value ("REGION: Alaska", "max. Len: 4"): the entity is the value, if any.
  const label = LABEL_COLON.exec(text.slice(s, e));
  if (label) s += label[0].length;
  for (let guard = 0; guard < 4; guard++) {
    const piece = text.slice(s, e);
    const lead = LEADING_PUNCT.exec(piece)?.[0].length ?? 0;
    const word = LEADING.exec(piece.slice(lead))?.[0].length ?? 0;
    const trail = TRAILING.exec(piece)?.[0].length ?? 0;
    if (lead + word + trail === 0) break;
    s += lead + word;
    e -= trail;
    if (e <= s) return [s, s];
  }
  // No name or place holds a bracket, an operator or a slash: the entity ends before one ("David
  // Necas (Yeti) <yeti@…>", a Markdown link's "[Jon Schlinkert](https://…", "const URI =",
  // "America/New_York"). Nor does compromise's English entity run on into Chinese, Japanese or
  // Korean words ("Daniel 的电话号码", "James\" を追加しましょう" in Rust by Example's translations).
  // Nor a colon ("DateTimeZone::getName" in PHP's manual), a dash typed as two hyphens ("Mr. Har--yes, Mr. Harry--")
  // or as a hyphen between blanks ("\\param Res - On success" in LLVM's headers),
  // nor a comma glued to what follows, a CSV line's next field ("John Smith,536-22-1234", one word to compromise),
  // nor a backtick, a Markdown code span's ("HTML `lang`, … PDF `/Lang`" in a README's table; not
  // a nickname in TeX's quotes, "Paul `Rusty' Russell" in a copyright file).
  const cut = NOT_IN_ENTITY.exec(text.slice(s + 1, e));
  return cut ? trimSpan(text, s, s + 1 + cut.index) : [s, e];
}
const NOT_IN_ENTITY = /[[\](){}<>=|@\\/—–:]|`(?!`?\p{L}+'{1,2}[ \t])|--|[ \t]-[ \t]|[,;](?=\S)|"?\s*[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Street kinds written before the street's name, as a person's span may start with them or follow
 * them ("Ronda" is also a given name); French kinds after the house number ("12 Rue de la Paix"),
 * Polish abbreviations ("ul. Marszałkowska", "al. Jerozolimskie", "pl. Zbawiciela"; not "et al.").
 */
const STREET_KIND_WORDS = [...STREET_KINDS_FIRST.filter((k) => k !== "Ronda"), "Marginal", "Rampa", "Travesía", "Rotonda", "Incrocio", "Colonia", "Rue", "Avenue", "Boulevard", "Chemin", "Allée", "Impasse", "Quai", "[Uu]l\\.", "(?<!et )[Aa]l\\.", "[Pp]l\\."].join("|");
/**
 * A person's span that starts with a street's kind is the street's name: those above, and the
 * ones that are English verbs or nouns before a person as often ("Place John on the list",
 * "Route Anna's call"), which only start it: "Place Vendôme", "Route de Lyon", "Cours Mirabeau",
 * "Street Fighter"; German's kind first, "Straße des 17. Juni".
 */
const STREET_KIND_FIRST = new RegExp(`^(?:${STREET_KIND_WORDS}|${STREET_KINDS_AFTER_NUMBER.map((k) => k[0]!.toUpperCase() + k.slice(1)).join("|")}|Street|Straße|Strasse)\\s`);

/** A product's or a standard's name ends with one of these ("System V ABI", "Emscripten ABI" in Rust's reference; "Darwin Kernel Version" of uname's output, "King James Version"; an authentication's module or directory first, "PAM Permission denied" in an auth log). */
const TECH_WORD = "(?:ABI|API|SDK|CLI|CPU|GPU|OS|UI|URL|URI|ID|USB|DNS|HTTP|SQL|JSON|XML|VM|IDE|SSH|TLS|SSL|TCP|UDP|IP|CI|CD|PAM|LDAP|NTLM|Kernel|Version|Release|Edition)";
const TECH_LAST = new RegExp(`\\s${TECH_WORD}$`);
/** ... or starts with one ("URI String", "URI Identifiers" in java.security's comments). */
const TECH_FIRST = new RegExp(`^${TECH_WORD}\\s`);

/** One word the lexicon knows as a country and not as a name ("Mauritania"; not "Chad", "Jordan"). */
export function countryOnly(word: string): boolean {
  return tagsNotAName(word.toLowerCase())?.includes("Country") ?? false;
}

/** One word the lexicon knows as a role or as a verb only ("Manager"; "Add", "Use" before a code span in a change log; not "Mark", a name too). */
function oneWordNoName(word: string): boolean {
  const lower = word.toLowerCase();
  return (tagsOf(lower)?.includes("Actor") ?? false) || (tagsNotAName(lower)?.includes("Infinitive") ?? false);
}

/**
 * Whether a trimmed span is an entity and not tagging noise: one-letter or all-lower "names";
 * two or three capitals (country codes "MR", "MS", "LY" read as titles and initials, "GB" of a
 * disk size, "VA", "MT" read as states; codes in a place column are place_in_cell's); places of
 * two letters (Latin "Ut" read as Utah); a lone first word of a place name; a place that starts
 * with a lower-case word ("house of\n\"  Jacob"); and a span that runs across a line into a
 * comment's leader ("avenue\n\" Maintainer" in a Vim script's header); a word in mixed case, an
 * identifier ("TeX", "ValueError", "Sinônimo de DateTimeZone" in PHP's manual; not "McAllen",
 * "DeKalb", "LaSalle", "JoAnn"); and for a person,
 * one word in capitals ("MARK", "SKIP", "LANG": constants), a name's suffix or a title alone ("Jr", "Ms"), or the
 * placeholder of an unknown person ("John Doe", "Erika Mustermann"); one word the lexicon knows
 * as a role or as a verb only ("Manager" of gcloud's "Privileged Access Manager", "Add" before a
 * code span; not "Ward", a noun and a name);
 * an identifier ("LT_NAME"); for a person, a name that ends with a technical acronym ("Rust ABI",
 * "Travis CI") or an acronym's plural ("AMOs"), or that starts with a setting's word or a
 * question's verb ("New Roman" of a font, "Does Ora work …").
 */
export function worthKeeping(label: NerLabel, span: string): boolean {
  if (span.length < 2 || !/\p{Lu}/u.test(span)) return false;
  if (/\n[ \t]*(?:["#*;%]|\/\/|--)/.test(span)) return false;
  if (label === "LOCATION" && /^\p{Ll}/u.test(span)) return false;
  if (span.split(/\s+/).some((w) => /^\p{Lu}\p{Ll}+\p{Lu}[\p{L}]*$/u.test(w) && !/^(?:Mc|Mac|De|Di|Da|La|Le|Du|Van|Von|Jo|O)\p{Lu}/u.test(w))) return false;
  if (/_/.test(span)) return false;
  if (label === "PERSON" && !/\s/.test(span) && oneWordNoName(span)) return false;
  if (label === "PERSON" && (TECH_LAST.test(span) || TECH_FIRST.test(span) || /^\p{Lu}{2,}s$/u.test(span))) return false;
  // a company's, a product's or a building's word ("Sky Collection", "Three Allen Center"), or a title last ("Last Changed Rev: 1950" of svn's output)
  if (label === "PERSON" && (span.split(/\s+/).some(isOrganisationWord) || /\s(?:Mr|Mrs|Ms|Dr|Rev|Prof|Sir|Hon)\.?$/.test(span))) return false;
  // a street named after its kind first ("Rua Pereira", "Alameda Costa", "Via Garibaldi"; "Ronda" is also a given name)
  if (label === "PERSON" && (STREET_KIND_FIRST.test(span) || notAFirstWord(span))) return false;
  // (capitals apart by tabs: a tab-separated header's column names, "CHAS\tNOX\tRM")
  if (label === "PERSON" && /\t/.test(span) && !/\p{Ll}/u.test(span)) return false;
  // (a Japanese address's ward, city, town or block: "Minato-ku", "Osaka-shi", "2-chome"; a building's abbreviation, "Yusen Bldg.")
  if (label === "PERSON" && (/-(?:ku|shi|cho|machi|gun|ken|chome)$/i.test(span) || /^(?:Bldg|Apt|Ste|Dept)\.?$/.test(span))) return false;
  if (label === "PERSON" && (/^\p{Lu}+$/u.test(span) || /^(?:Jr|Sr|Esq|PhD|Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir)\.?$/.test(span) || /^(?:John|Jane|Richard|Baby) Doe$|^(?:Max|Erika) Mustermann$/.test(span))) return false;
  if (span.length <= 3 && !/\p{Ll}/u.test(span)) return false;
  if (label === "PERSON" && nounThenWordName(span)) return false;
  return !(label === "LOCATION" && (span.length <= 2 || PLACE_FIRST_WORDS.has(span.toLowerCase())));
}

/**
 * Two words, a noun that is no name and then a given name that is an English word too: "Word
 * Mark" (the Unicode licence's "Unicode Word Mark", in every JDK), "Service Mark", "Check Mark",
 * "Trade Mark", "Credentials Grant" (oauthlib's "Client Credentials Grant"). A name that is a noun
 * comes first ("Summer Thomas"); one that is a word comes last in few names.
 */
function nounThenWordName(span: string): boolean {
  const words = span.split(/\s+/);
  if (words.length !== 2) return false;
  const [first, last] = words.map((w) => w.toLowerCase()) as [string, string];
  const firstTags = tagsOf(first);
  const noun = firstTags === null ? englishWord(first) : firstTags.every((t) => NOUN_TAGS.has(t));
  return noun && wordName(last);
}
/** A given name that is an English word too ("Mark", "Grant", "Chase", "Grace"), as compromise tags it. */
function wordName(word: string): boolean {
  const tags = tagsOf(word);
  return tags !== null && tags.includes("FirstName") && !tags.includes("LastName") && englishWord(word);
}

/**
 * One word, a given name that is a word too, right after a capitalised word that is a word and
 * no greeting: the last word of a capitalised term, not a person ("the Authorization Code Grant",
 * "Token Grant Dispatcher" in oauthlib's docs). "Thanks Grant," and "Dear Mark" stay people.
 */
export function termTail(text: string, start: number, end: number): boolean {
  const word = text.slice(start, end);
  if (/\s/.test(word) || !wordName(word.toLowerCase())) return false;
  const before = WORD_BEFORE.exec(text.slice(Math.max(0, start - 32), start))?.[1];
  if (before === undefined) return false;
  const b = before.toLowerCase();
  return !GREETINGS.has(b) && !TITLE_ALONE.test(b) && englishWord(b) && !(tagsOf(b)?.some((t) => NAME_TAGS.has(t)) ?? false);
}
const WORD_BEFORE = /(?<![\p{L}\p{N}])(\p{Lu}\p{Ll}+)[ \t]+$/u;
const TITLE_ALONE = new RegExp(String.raw`^${TITLE_WORD}$`, "i");

/**
 * Alice, Bob and their company alone, in a text that names both Alice and Bob: the placeholders of
 * examples (cryptography's, protocols', an SDK's docs: `invoke({ name: "Alice" })` beside `name:
 * "Bob"` in LangChain's), as "John Doe" is one whole. A text about a real Alice names her in full.
 */
export function placeholderName(text: string, start: number, end: number): boolean {
  return PLACEHOLDERS.has(text.slice(start, end)) && namesAliceAndBob(text);
}
/** (once per text: a text of many names reads itself once, not once per name) */
const namesAliceAndBob = perText((text) => ALICE.test(text) && BOB.test(text));
const PLACEHOLDERS: ReadonlySet<string> = new Set(["Alice", "Bob", "Carol", "Dave", "Eve", "Mallory", "Trent", "Peggy", "Victor"]);
const ALICE = /(?<![\p{L}\p{N}])Alice(?![\p{L}\p{N}])/u;
const BOB = /(?<![\p{L}\p{N}])Bob(?![\p{L}\p{N}])/u;
const GREETINGS: ReadonlySet<string> = new Set(["thanks", "thank", "dear", "hi", "hello", "hey", "cheers", "regards", "welcome", "congratulations", "sorry", "ask", "tell", "call", "email", "contact", "cc", "by", "from", "to", "with", "and", "or", "for", "professor", "doctor", "captain", "uncle", "aunt", "sister", "brother", "father", "mother", "saint", "king", "queen", "prince", "princess", "lord", "lady", "sir", "president", "senator", "judge", "officer", "agent", "coach", "pastor", "reverend"]);

/**
 * Whether a person's span holds a lower-case word that is no particle of a name ("Virtio ABI
 * version" in a C comment; "Ludwig van Beethoven" keeps its "van").
 */
export function lowerWordInName(span: string): boolean {
  return span.split(/\s+/).some((w) => /^\p{Ll}/u.test(w) && !isParticle(w));
}

/**
 * Whether [start, end) is part of an identifier rather than a word of its own: it continues a
 * letter or digit or a hyphenated word's first parts before it, is a code span's whole, runs on
 * into a letter or digit after it ("SR-IPv6", whose digit the span's trim left out), is a
 * function called, one word ("Symbol(…)"), is a record's key ("\"Sid\":", "Key="), or runs into
 * "-" and a digit after it ("ORD-30274828", an order number whose prefix compromise knows as a place).
 */
export function inIdentifier(text: string, start: number, end: number): boolean {
  if (start > 0 && /[\p{L}\p{N}_]/u.test(text[start - 1]!)) return true;
  // (a Markdown code span's whole: "`Makefile`" in a change log)
  if (text[start - 1] === "`" && text[end] === "`") return true;
  // (the last part of a hyphenated word: "Package" of a Debian control file's "Build-Depends-Package")
  if (/\p{L}-$/u.test(text.slice(Math.max(0, start - 2), start))) return true;
  if (end < text.length && /[\p{L}\p{N}_]/u.test(text[end]!)) return true;
  // (a function called, one word: "Symbol('FileReader state')" in JavaScript; not "Vincent Danjean( thanks)", "Adam Langley(Google)")
  if (text[end] === "(" && !/\s/.test(text[end + 1] ?? " ") && !/\s/.test(text.slice(start, end))) return true;
  // (a record's key: quoted before a colon, "Sid" of a JSON policy's "\"Sid\" : \"allow pull\"", or
  // before "=", "Key" of "--tags Key=Name"; not a name before a colon alone, a chat's "Jane: hi")
  if ((text[start - 1] === '"' && /^\\*"[ \t]*:/.test(text.slice(end, end + 12))) || text[end] === "=") return true;
  return /^[-_/][0-9]/.test(text.slice(end, end + 2));
}

/** An array of strings up to a string: "[", then whole elements, each with its comma. */
const LIST_HEAD = /\[\s*(?:"[^"\n]{0,64}"\s*,\s*)*$/;
/** An array of strings after a string: whole elements, each after its comma, then "]". */
const LIST_TAIL = /^(?:\s*,\s*"[^"\n]{0,64}")*\s*\]/;
/** A word of code: two words run together in camelCase or PascalCase ("KnowledgeBase", "eventStreamName"; not "McDonald", "DeAndre"). */
const CAMEL_WORD = /^(?!Ma?c\p{Lu})\p{L}\p{Ll}{2,}\p{Lu}\p{Ll}/u;

/**
 * Whether [start, end) is a quoted string, an element of an array of identifiers: one of its
 * elements is written as code ("Lex" beside "KnowledgeBase" in Amazon Connect's block types), or
 * the array is JSON Schema's "required" list ("required": ["Name", "Uri"]). (A member's value,
 * "name": "Maxime LUCE" before "githubUsername", is in no array.) The array's "[" may lie far
 * before: asked of the whole text (`Detector.noneInText`), not of a NER window.
 */
export function inIdentifierList(text: string, start: number, end: number): boolean {
  if (text[start - 1] !== '"' || text[end] !== '"') return false;
  const [qs, qe] = [start - 1, end + 1];
  const head = LIST_HEAD.exec(text.slice(Math.max(0, qs - 1000), qs));
  if (head === null) return false;
  const tail = LIST_TAIL.exec(text.slice(qe, qe + 1000));
  if (tail === null) return false;
  for (const m of `${head[0]}${tail[0]}`.matchAll(/"([^"\n]*)"/g)) if (CAMEL_WORD.test(m[1]!)) return true;
  const open = qs - head[0].length;
  return /"required"\s*:\s*$/.test(text.slice(Math.max(0, open - 24), open));
}

/**
 * Whether a one-word entity at [start, end) is a name of code or a project's: the text also
 * writes the word, as it is or in lower case, inside an identifier, glued to a name before it
 * by "." or "::" or to one after it by ".", "::" or "-", or before "<" ("Jackson" beside
 * "com.fasterxml.jackson" and "jackson-core" in a POM; "Ord" and "Scan" beside
 * "std::cmp::Ord", "trait.Ord.html" and "Scan<Self, St, F>" in Rust's API pages). Not inside an
 * e-mail address: "Nielsen" beside "nielsen.k@example.com" stays a person.
 */
export function writtenAsIdentifier(text: string, start: number, end: number): boolean {
  const word = text.slice(start, end);
  if (!/^\p{Lu}\p{Ll}+$/u.test(word)) return false;
  for (const form of [word, word.toLowerCase()]) {
    for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) {
      const after = at + form.length;
      if (/[\p{L}\p{N}_]/u.test(text[at - 1] ?? " ") || /[\p{L}\p{N}_]/u.test(text[after] ?? " ")) continue; // inside a longer word
      const glued = /[\p{L}\p{N}_](?:\.|::)$/u.test(text.slice(Math.max(0, at - 3), at)) || /^(?:(?:\.|::|-)[\p{L}_]|<)/u.test(text.slice(after, after + 3));
      if (!glued) continue;
      let s = at;
      while (s > 0 && !/\s/.test(text[s - 1]!)) s--;
      let e = after;
      while (e < text.length && !/\s/.test(text[e]!)) e++;
      if (!text.slice(s, e).includes("@")) return true;
    }
  }
  return false;
}

/**
 * Whether [start, end) lies on a roff request line and holds a macro's name: a man page's source
 * in the mdoc macros (".It Li \"q\" Ta \"Exit mode\"" in tmux's, ".Li 0", ".Ed", ".Op Fl Fl
 * apple") has two-letter macros compromise takes for names. (An author's name after ".An" holds
 * no such word.)
 */
export function inRoffRequest(text: string, start: number, end: number): boolean {
  const line = prevFeed(text, start - 1) + 1;
  if (text[line] !== "." && text[line] !== "'") return false;
  return /(?:^|\s)\p{Lu}\p{Ll}?(?=\s|$)/u.test(text.slice(start, end));
}

/**
 * The end of a place span without the lower-case words compromise ran it into: no place name
 * ends in one ("Stratford upon Avon"), but in German "Berlin ist schön" it took "Berlin ist"
 * (its lexicon holds "ist" as a place).
 */
const LOWER_TAIL = /(?:[ \t]+\p{Ll}[\p{L}'’-]*)+$/u;
export function placeEnd(text: string, start: number, end: number): number {
  const m = LOWER_TAIL.exec(text.slice(start, end));
  return m === null ? end : start + m.index;
}

/**
 * Whether a one-word place is a state's abbreviation (compromise's lexicon tags "Colo", "Conn",
 * "Calif", "Penn" Abbreviation and Place) written where it is no abbreviation: neither with
 * its period ("Colo.") nor after a place and a comma ("Denver, Colo"). Alone it is a word or a
 * name: Latin "Colo" (I till) opening a sentence, the surname of "Art Conn".
 */
export function bareAbbreviation(text: string, start: number, end: number): boolean {
  const word = text.slice(start, end);
  if (/[^\p{L}]/u.test(word) || !tagsOf(word.toLowerCase())?.includes("Abbreviation")) return false;
  return text[end] !== "." && !/\p{L},[ \t]*$/u.test(text.slice(Math.max(0, start - 3), start));
}

const NOUN_TAGS = new Set(["Singular", "Plural", "Gerund", "Noun"]);

/**
 * Whether a place compromise ran into a lower-case tail was a place only for that tail: it
 * calls "Allow building", "Homepage field" and "Source field" places for their last noun
 * ("building", "field" name places). Cut off, one capitalised word is left that the lexicon
 * knows as no place ("Allow", a verb) or that stood before a common noun; a place the lexicon
 * knows ("Berlin" of "Berlin ist") and a name it does not know before other words ("Côte
 * d'Ivoire") stay.
 */
export function placeOnlyByTail(text: string, start: number, end: number, trimmedEnd: number): boolean {
  const head = text.slice(start, end);
  if (end >= trimmedEnd || /\s/.test(head)) return false;
  const tags = tagsOf(head.toLowerCase());
  if (tags?.some((t) => PLACE_TAGS.has(t))) return false;
  if (tags && knownAsWord(head.toLowerCase())) return true;
  const next = /\p{L}[\p{L}'’-]*/u.exec(text.slice(end, trimmedEnd))?.[0].toLowerCase() ?? "";
  return tagsOf(next)?.some((t) => NOUN_TAGS.has(t)) ?? false;
}

/**
 * Whether compromise's place ran on into a bracket that labels a place of its own ("Angus
 * Morissette (City Springfield)": a person, then the city): what is kept before the bracket is
 * no place for it (place_by_cue reads the labelled one).
 */
export function beforeLabelledPlace(text: string, end: number, entityEnd: number): boolean {
  return end < entityEnd && /^[ \t]*\((?:City|Country|Town|State|County|Region|Place of birth|Birthplace)[ \t:]/i.test(text.slice(end, entityEnd));
}

/**
 * Whether a place compromise found is something else by its shape or its neighbours: part of an
 * organisation's name ("Colorado School of Mines", "NORTH CAROLINA STATE UNIVERSITY"), a hyphenated
 * compound none of whose words is a known place ("Multi-Arch", "Add Multi-Arch"; not
 * "Athens-Clarke County"), a place in capitals that a
 * licence's capitals run on from ("THE NORTH CAROLINA STATE HIGHWAY PATROL"), or one ordinary word the lexicon knows as no place
 * before a lower-case word ("in Normal mode" in Vim's manual, "Reading is").
 */
export function notAPlace(text: string, start: number, end: number): boolean {
  const span = text.slice(start, end);
  if (ORGANISATION_NAME.test(span) || ORGANISATION_AFTER.test(text.slice(end, end + 40))) return true;
  // a compound of words that is no known place (Debian's "Multi-Arch" field; "Guinea-Bissau" is one)
  if (/\p{L}-\p{Lu}/u.test(span) && !isKnownPlace(span) && !span.split(/[\s-]+/).some((w) => isKnownPlace(w))) return true;
  // a licence's capitals run on: "THE NORTH CAROLINA STATE HIGHWAY PATROL", "UNIVERSITY OF CALIFORNIA BE LIABLE"
  if (!/\p{Ll}/u.test(span) && /^[ \t]+\p{Lu}{2,}\b/u.test(text.slice(end, end + 20))) return true;
  if (/\s/.test(span)) return false;
  const tags = tagsOf(span.toLowerCase());
  return tags !== null && !tags.some((t) => PLACE_TAGS.has(t)) && knownAsWord(span.toLowerCase()) && /^[ \t]+\p{Ll}/u.test(text.slice(end, end + 3));
}
const ORGANISATION_WORDS = String.raw`(?:University|College|School|Institute|Academy|Hospital|Museum|Library|Airport|Bank|Corporation|Company|Council)`;
const ORGANISATION_NAME = new RegExp(String.raw`\b${ORGANISATION_WORDS}$`, "iu");
const ORGANISATION_AFTER = new RegExp(String.raw`^[ \t]+(?:State[ \t]+)?${ORGANISATION_WORDS}\b`, "iu");

/** A saint's name first, as towns, streets and churches are named ("Sankt", "Saint", "Santa", "São", "Sint"). */
const SAINT_FIRST = /^(?:Sankt|Saint|Sainte|São|Santa|Santo|Sint)\s/;

const NEXT_TWO = /^[ \t]+(\p{L}+)[ \t,;:]+(\p{L}+)/u;

/**
 * Whether a one-word name is followed by two lower-case words compromise does not know as
 * English words (unknown, or known only as names: Latin "conor"): a first name in Latin or other
 * non-English text ("Stella distinctio cubo", "Victoria abstergo conor"), where compromise, an
 * English tagger, reads every capitalised word it knows as a name as one. In English the next
 * words are mostly known ("Stella said", "Maria called us").
 */
export function inForeignText(text: string, start: number, end: number): boolean {
  if (/\s/.test(text.slice(start, end))) return false;
  const m = NEXT_TWO.exec(text.slice(end, end + 60));
  if (!m) return false;
  return [m[1]!, m[2]!].every((w) => w === w.toLowerCase() && !knownAsWord(w));
}

/**
 * Function words of German, Spanish, Portuguese, French, Italian, Dutch and Polish that open a
 * sentence there and are a place or a name to compromise: "Den neuen Vertrag" (Den, a name),
 * "Para cualquier duda" (Pará, a Brazilian state), "Nas próximas semanas", "Como siempre" (Como).
 */
const FOREIGN_FUNCTION_WORDS: ReadonlySet<string> = new Set(
  ("den dem der die das des ein eine einen und oder aber für mit nach bei von vom zum zur auf aus wie wir sie ihr ihre ihren bitte " +
    "para por con sin como pero desde hasta entre sobre cuando donde los las del una com sem mas até quando onde nas nos dos uma pela pelo esta este esse essa " +
    "pour par avec sans comme mais depuis sur quand dans les une aux nous vous " +
    "per senza come dopo dove nella nel della degli gli alla " +
    "voor met zonder als maar vanaf tussen wanneer waar het een van wij zij ons uw " +
    "dla przez bez jak ale przy nad pod gdy oraz").split(" "),
);
const NEXT_WORD = /^[ \t]+(\p{L}+)/u;

/** Articles of these languages (some are English words too: "a", "die"), read after a function word. */
const FOREIGN_ARTICLES: ReadonlySet<string> = new Set("a o os as el la lo il le les un une der die das de het een".split(" "));

/**
 * Whether a one-word entity is a function word of another language (`FOREIGN_FUNCTION_WORDS`)
 * before a lower-case word English does not know ("Para cualquier", "Den neuen"), or before an
 * article or another function word ("Para a classe Ethernet", "PARA A LÍNGUA PORTUGUESA" in
 * man pages in Portuguese). ("Como is a lake town" keeps its place: "is" is English.)
 */
export function foreignFunctionWord(text: string, start: number, end: number): boolean {
  const word = text.slice(start, end);
  if (!FOREIGN_FUNCTION_WORDS.has(word.toLowerCase())) return false;
  const next = NEXT_WORD.exec(text.slice(end, end + 40))?.[1];
  if (next === undefined) return false;
  const lower = next.toLowerCase();
  if (FOREIGN_ARTICLES.has(lower) || FOREIGN_FUNCTION_WORDS.has(lower)) return next === lower || word === word.toUpperCase();
  return next === lower && !knownAsWord(next);
}

/** A mailbox in angle brackets (RFC 5322) or in parentheses, as a README's list of people writes it ("Guy Bedford (guybedford@gmail.com)"). */
const MAILBOX = String.raw`(?:<[^\s<>@]+@[^\s<>@]+>|\([^\s()@]+@[^\s()@]+\))`;
/** A mailbox right after a span: `Iain Lane <laney@debian.org>`, the display name of an address. */
const MAILBOX_AFTER = new RegExp(String.raw`^[ \t]*${MAILBOX}`);

/**
 * Whether a place compromise found is the display name of a mailbox and so a person's name:
 * surnames that are place words ("Iain Lane", "Tom Lane", "Jason Downs") before their address in
 * a changelog or a mail header. Two capitalised words at least: a lone "Paris <…>" stays a place.
 */
export function displayName(text: string, start: number, end: number): boolean {
  return /^\p{Lu}[\p{L}'’.-]*(?:[ \t]+\p{Lu}[\p{L}'’.-]*)+$/u.test(text.slice(start, end)) && MAILBOX_AFTER.test(text.slice(end, end + 256));
}

/**
 * Whether a one-word name stands after an upper-case "MS", "MR", "MRS" or "DR" that compromise
 * read as a title: "MS Word" is Microsoft's, not Ms. Word. (A title is written "Ms" or "Ms.";
 * a name in capitals, "MR SMITH", is all capitals.)
 */
export function acronymAsTitle(text: string, start: number, end: number): boolean {
  const name = text.slice(start, end);
  // and with a hyphen: "MS-Windows", "MS-DOS" in Vim's documentation
  if (/^(?:MS|MR|MRS|DR)-\p{Lu}/u.test(name)) return true;
  return !/\s/.test(name) && /\p{Ll}/u.test(name) && /(?:^|[^\p{L}])(?:MS|MR|MRS|DR)[ \t]+$/u.test(text.slice(Math.max(0, start - 6), start));
}

/** A capitalised word right before [at: "Havoc " of "Havoc Pennington <hp@…>". */
const NAME_WORD_BEFORE = /\p{Lu}[\p{L}'’.-]*[ \t]+$/u;
/** A capitalised word and a mailbox right after: " Broz <mbroz@…>" of "Milan Broz <mbroz@…>". */
const NAME_WORD_AND_MAILBOX_AFTER = new RegExp(String.raw`^[ \t]+\p{Lu}[\p{L}'’.-]*(?=[ \t]*${MAILBOX})`, "u");

/**
 * The span of the person a place compromise found belongs to, or null: a mailbox's display name
 * (`displayName`: "Iain Lane <…>"), or one of its words (the surname "Havoc Pennington <…>", the
 * first name "Milan Broz <…>"); and a name whose first word the lexicon knows as a first name
 * and whose whole is no known place ("Jason Downs", "Mike Castle", "Brad Town"; not "Emerald City").
 */
export function personAround(text: string, start: number, end: number): [number, number] | null {
  if (displayName(text, start, end)) return [start, end];
  const span = text.slice(start, end);
  if (!/\s/.test(span)) {
    if (MAILBOX_AFTER.test(text.slice(end, end + 256))) {
      const before = NAME_WORD_BEFORE.exec(text.slice(Math.max(0, start - 40), start));
      if (before) return [start - before[0].length, end];
    }
    const after = NAME_WORD_AND_MAILBOX_AFTER.exec(text.slice(end, end + 300));
    if (after) return [start, end + after[0].length];
    return null;
  }
  const words = span.split(/\s+/);
  const first = tagsOf(words[0]!.toLowerCase());
  if (words.length <= 3 && /^\p{Lu}\p{Ll}/u.test(words[0]!) && first?.some((t) => FIRST_NAME_TAGS.has(t)) && !isKnownPlace(span) && !isOrganisationWord(words[words.length - 1]!)) return [start, end];
  return null;
}
const FIRST_NAME_TAGS = new Set(["FirstName", "MaleName", "FemaleName"]);

/** The capitalised word right after a span ("Islands" after "Northern Mariana"). */
const NEXT_CAPITAL = /^[ \t]+\p{Lu}[\p{L}'’-]*/u;

let cacheText: string | null = null;
let cacheEntities: Entity[] = [];

interface Term {
  offset?: { start: number; length: number };
  tags?: Set<string>;
}
interface Matches {
  docs: Term[][];
}

/** Where a person's span starts past an imperative before the name ("Add Amir to Sales" in the Rust book's exercise). */
export function pastVerb(text: string, s: number, e: number): number {
  const span = text.slice(s, e);
  return startsWithVerb(span) ? s + /^\S+\s+/.exec(span)![0].length : s;
}

/**
 * People and places in `text`, memoised for the last text (both NER detectors read the same
 * window). Spans are read off the first and last term's offsets: compromise's `json()` would
 * also build every term's JSON and parse each person's name parts and gender, which we drop.
 */
const MONTH = /^(?:January|February|March|April|May|June|July|August|September|October|November|December)$/;
/**
 * Whether a person's span is a month's name of a date ("East Helga, June 10, 2021", "on 3 April
 * 2020"): a day's number right after it or right before it.
 */
export function monthOfDate(text: string, start: number, end: number): boolean {
  return MONTH.test(text.slice(start, end)) && (/^[ \t]+\d{1,2}(?!\d)/.test(text.slice(end, end + 4)) || /(?<!\d)\d{1,2}(?:st|nd|rd|th)?\.?[ \t]+$/.test(text.slice(Math.max(0, start - 8), start)));
}

/**
 * Whether a person's span follows the first word of a place's name ("Port Margie", "East Helga",
 * "Nord Gerrit", "San Danilo", "Sesto Olivia": towns named after people; gazetteer.ts's
 * TOWN_PREFIXES) or a street's kind. Not those that stand before a person's name as often:
 * German "Bad" ("Bad Daniel. No biscuit."), "Old", "Great", "Little", "St", a first name
 * ("Marina", "Villa", "Monte").
 */
export function afterPlacePrefix(text: string, start: number): boolean {
  return PLACE_PREFIX.test(text.slice(Math.max(0, start - 12), start)) || FRENCH_STREET_BEFORE.test(text.slice(Math.max(0, start - 24), start)) || FRENCH_STREET_NAME_BEFORE.test(text.slice(Math.max(0, start - 64), start));
}
/**
 * A French street's kind, as French writes it in lower case, before a street named after a person
 * ("8 rue Victor Hugo", "la rue Jean Jaurès"): after a house number any kind, without one those
 * that are no English word ("place", "route", "avenue" are).
 */
const FRENCH_STREET_BEFORE = new RegExp(String.raw`(?:(?<![\p{L}\p{N}])[1-9]\d{0,3}(?:[ 	]?(?:bis|ter))?,?[ 	]+(?:${STREET_KINDS_AFTER_NUMBER.join("|")})|(?<![\p{L}\p{N}])(?:rue|boulevard|chemin|allée|impasse|quai))[ 	]+$`, "iu");
/** A French street's kind in either case ("Avenue", "avenue"). */
const FRENCH_KIND_ANY_CASE = STREET_KINDS_AFTER_NUMBER.map((k) => `[${k[0]!.toUpperCase()}${k[0]}]${k.slice(1)}`).join("|");
/**
 * A French street's head: its kind after a house number ("12 Avenue", "8 bis rue"), or without
 * one a kind that is no English word ("Rue", "boulevard", "Quai"), or "Avenue" with its capital.
 */
const FRENCH_STREET_HEAD = String.raw`(?:(?<![\p{L}\p{N}])[1-9]\d{0,3}(?:[ \t]?(?:bis|ter))?,?[ \t]+(?:${FRENCH_KIND_ANY_CASE})|(?<![\p{L}\p{N}])(?:[Rr]ue|[Bb]oulevard|[Cc]hemin|[Aa]llée|[Ii]mpasse|[Qq]uai|Avenue))`;
/**
 * The first words of a French street's name before a person's span: the street is named after
 * the whole ("Hugo" of "12 Avenue Victor Hugo", compromise's person; "Avenue Victor" its place).
 */
const FRENCH_STREET_NAME_BEFORE = new RegExp(String.raw`${FRENCH_STREET_HEAD}(?:[ \t]+(?:de|du|des|la|le|les|\p{Lu}[\p{L}'’-]*)){1,3}[ \t]+$`, "u");
/**
 * A street's address and a comma, as a town follows them ("12 Avenue Victor Hugo, Paris", "8 rue
 * Victor Hugo, 69002 Lyon", "221 Baker Street, London", "Via Roma 15, Milano"): a French street,
 * an English one by its suffix, a street's kind first and its number after, a continental one.
 */
const STREET_AND_COMMA_BEFORE = new RegExp(
  String.raw`(?:${FRENCH_STREET_HEAD}(?:[ \t]+[\p{L}'’.-]+){1,5}` +
    String.raw`|(?<![\p{L}\p{N}])[1-9]\d{0,5}[a-zA-Z]?(?:[ \t]+\p{Lu}[\p{L}'’.-]*){1,4}[ \t]+(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Way|Place|Pl|Court|Ct|Square|Sq|Terrace|Crescent|Close|Parkway|Highway)\.?` +
    String.raw`|(?<![\p{L}\p{N}])(?:${STREET_KINDS_FIRST.join("|")})(?:[ \t]+[\p{L}'’.-]+){1,4}[ \t]+[1-9]\d{0,3}[a-zA-Z]?` +
    String.raw`|(?<![\p{L}\p{N}])\p{Lu}[\p{L}-]{0,40}(?:straße|strasse|str\.|weg|gasse|platz|allee|straat|laan|gracht)[ \t]+[1-9]\d{0,3}[a-zA-Z]?)` +
    String.raw`[ \t]*,[ \t]*(?:[A-Z]{0,2}-?\d{4,5}[ \t]+)?$`,
  "u",
);
/**
 * Whether a person's span is the town after a street's address (`STREET_AND_COMMA_BEFORE`): one
 * word, or a known place's name. Compromise reads "Hugo, Paris" of "12 Avenue Victor Hugo,
 * Paris" as a list of two people.
 */
export function townAfterStreet(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 100), start);
  if (!/\d/.test(before) && !/(?:Rue|rue|Boulevard|boulevard|Chemin|chemin|Allée|allée|Impasse|impasse|Quai|quai|Avenue)[ \t]/.test(before)) return false;
  const span = text.slice(start, end);
  return (!/\s/.test(span) || isKnownPlace(span)) && STREET_AND_COMMA_BEFORE.test(before);
}
const NOT_BEFORE_A_PERSON = new Set(["bad", "old", "great", "little", "upper", "lower", "st", "groß", "gross", "klein", "marina", "villa", "monte", "lido"]);
const PLACE_PREFIX = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...TOWN_PREFIXES].filter((w) => !NOT_BEFORE_A_PERSON.has(w)).map((w) => w[0]!.toUpperCase() + w.slice(1)).join("|")}|${STREET_KIND_WORDS})[ \\t]$`,
  "u",
);

/**
 * Whether a person's span is a town's name by what follows or ends it: "do Sul", "do Norte", "de
 * Nossa Senhora" ("Caxias do Sul", "Rio Grande do Norte", "Cachoeira de Nossa Senhora"); no one's
 * surname is written so.
 */
export function townBySuffix(text: string, start: number, end: number): boolean {
  return /(?:^|\s)(?:Nossa|Senhora)(?:\s|$)/.test(text.slice(start, end)) || /^[ \t]+(?:do|del)[ \t]+(?:Sul|Norte|Sur)(?![\p{L}])|^[ \t]+de[ \t]+Nossa[ \t]+Senhora/u.test(text.slice(end, end + 20));
}

/**
 * Whether a person's span names a street or an institution after its person: a street's kind
 * ends it, follows it or stands inside it ("Harold Street", "Vernon Street" of a house sales
 * table, "Lloyd Street Grounds"), or an institution's word follows it ("George C Wallace State
 * Community College", "Joseph Beuys Foundation"). Not the kinds that are surnames as often
 * ("Lois Lane", "Margaret Court", "Danny Way"), nor "St" before more of a name ("John St. Clair").
 */
export function namedAfterPerson(text: string, start: number, end: number): boolean {
  return STREET_IN_NAME.test(text.slice(start, end)) || AFTER_A_NAME.test(text.slice(end, end + 60));
}
const STREET_KINDS_AFTER = "Street|Avenue|Road|Boulevard|Parkway|Highway|Terrace|Crescent|Strasse|Straße";
const STREET_IN_NAME = new RegExp(String.raw`\s(?:(?:${STREET_KINDS_AFTER})(?![\p{L}])|(?:St|Ave|Rd|Blvd)\.?$)`, "u");
const AFTER_A_NAME = new RegExp(
  String.raw`^[ \t]+(?:(?:${STREET_KINDS_AFTER})(?![\p{L}])|(?:St|Ave|Rd|Blvd)\.?(?=[ \t]*(?:[,;\r\n]|$))|(?:(?:State|Community|Memorial|Medical|Junior|High|Middle|Technical|Regional)[ \t]+)*(?:${ORGANISATION_WORDS}|Elementary|Foundation|Center|Centre|Stadium|Arena)(?![\p{L}]))`,
  "u",
);

/** A capitalised word and a hyphen right before a name's start, the word not itself after a hyphen. */
const FIRST_HALF = /(?<![\p{L}\p{N}_-])\p{Lu}\p{Ll}+-$/u;
/**
 * Where a person's span starts when compromise read a hyphenated given name or surname from its
 * second half ("Thanh Christopher Nguyễn" of "Chí-Thanh Christopher Nguyễn", "Teh Chang" of
 * "Wan-Teh Chang", "Moritz" of "Marcus Holland-Moritz" in change logs): at the first half. (A
 * span after any other hyphen is part of a word: `inIdentifier`.)
 */
export function hyphenStart(text: string, start: number): number {
  const half = FIRST_HALF.exec(text.slice(Math.max(0, start - 32), start));
  if (!half) return start;
  // (not a word of English or of a product's: "Request-URI Too Large", "Linux-PAM")
  const first = half[0].slice(0, -1);
  return tagsNotAName(first.toLowerCase()) !== null || isOrganisationWord(first) ? start : start - half[0].length;
}

/** Particles ending a span, and the name they lead into after it ("van" of "Serge van", "den Boom"). */
const TRAILING_PARTICLES = new RegExp(`(?:[ \\t]+${PARTICLE})+$`);
const PARTICLES_AND_NAME = new RegExp(`^(?:[ \\t]+${PARTICLE})*[ \\t]+\\p{Lu}\\p{Ll}+(?:-\\p{Lu}\\p{Ll}+)?`, "u");
/**
 * Where a person's span ends when compromise stopped at a particle ("Serge van" of "Serge van den
 * Boom", "Martin von" of "Martin von Gagern"): after the surname the particles lead into, or,
 * with none, before them.
 */
export function particleEnd(text: string, start: number, end: number): number {
  const trailing = TRAILING_PARTICLES.exec(text.slice(start, end));
  if (!trailing) return end;
  const rest = PARTICLES_AND_NAME.exec(text.slice(end, end + 48));
  return rest ? end + rest[0].length : end - trailing[0].length;
}

/** A middle initial and a surname right after a person's span (not a function word: "Mary A. The"). */
const INITIAL_AND_SURNAME = /^[ \t]+\p{Lu}\.[ \t]+(\p{Lu}\p{Ll}+(?:['’]\p{Lu}\p{Ll}+)?(?:-\p{Lu}\p{Ll}+)?)(?![\p{L}\p{N}])/u;
const FUNCTION_WORD_TAGS = new Set(["Determiner", "Pronoun", "Preposition", "Conjunction"]);
/**
 * People whose middle initial compromise read as the article "A" ("Barry A. Warsaw", "Fred A.
 * Johnson" in mail headers: "Barry" a person, "Warsaw" a place): the person runs on over the
 * initial and the surname, and what compromise found there goes.
 */
export function withMiddleInitials(text: string, found: Entity[]): Entity[] {
  const gone = new Set<Entity>();
  for (const p of found) {
    if (p.label !== "PERSON" || gone.has(p)) continue;
    const m = INITIAL_AND_SURNAME.exec(text.slice(p.end, p.end + 48));
    if (!m || tagsOf(m[1]!.toLowerCase())?.some((t) => FUNCTION_WORD_TAGS.has(t))) continue;
    let end = p.end + m[0].length;
    // (one that starts there and runs on is the rest of the name: "Manuel A. Fernandez Montecelo")
    for (const x of found) {
      if (x === p || x.start < p.end || x.start >= end) continue;
      gone.add(x);
      if (x.label === "PERSON") end = Math.max(end, x.end);
    }
    p.end = end;
  }
  return gone.size ? found.filter((x) => !gone.has(x)) : found;
}

/** compromise's View (an empty text's is one), and its tokenizer. */
const View = nlp("").constructor as new (document: unknown) => ReturnType<typeof nlp>;
const fromString = (nlp.methods() as unknown as { one: { tokenize: { fromString(text: string, world: unknown): unknown } } }).one.tokenize.fromString;
/**
 * A text parsed and tagged as `nlp(text)` does it, all its steps but the last: the chunker,
 * which groups words into noun and verb phrases (`term.chunk`). It sets no tag, and `people()`
 * and `places()` match tags only; it took a twentieth of compromise's time here.
 */
export function tagged(text: string): ReturnType<typeof nlp> {
  const doc = new View(fromString(text, nlp.world()));
  doc.compute(nlp.hooks().filter((h) => h !== "chunks"));
  return doc;
}

/**
 * Whether a word of a tagged text has one of `tags`. `people()` matches "#Honorific+? #Person+"
 * and `places()` "(#Place|#Address)+": in a text without such a word they find nothing, and
 * are not run (they parse their expressions and build views each time: a third of a short
 * text's time).
 */
function anyTagged(doc: ReturnType<typeof nlp>, tags: readonly string[]): boolean {
  for (const terms of (doc as unknown as Matches).docs) for (const t of terms) for (const tag of tags) if (t.tags?.has(tag)) return true;
  return false;
}
const PERSON_TAG = ["Person"];
const PLACE_TAGS_MATCHED = ["Place", "Address"];

/** A wide gap, as a form or a letter's signature block sets two fields or two people side by side. */
const WIDE_GAP = /\t|[ ]{3,}/g;
/** Titles opening a piece after the gap: "Dr. Emre Kaya". */
const LEADING_TITLES = new RegExp(String.raw`^(?:(?:${TITLE_WORD}|Prof|Dr|Dres)\.?[ \t]+)+`, "u");
/**
 * The pieces of a person's span that a wide gap parts ("Sabine Hoffmann          Dr. Emre Kaya"
 * is two people side by side, compromise reads one), each past its titles, of two words or more
 * or of a name the lexicon knows; the span itself when it holds no gap.
 */
export function gapPieces(text: string, start: number, end: number): (readonly [number, number])[] {
  const span = text.slice(start, end);
  if (!span.includes("\t") && !span.includes("   ")) return [[start, end]];
  const out: (readonly [number, number])[] = [];
  let from = 0;
  const piece = (a: number, b: number) => {
    const lead = LEADING_TITLES.exec(span.slice(a, b))?.[0].length ?? 0;
    // (a piece of one word is a name only if the lexicon knows it as one: the gap also parts a
    // name from the next field's label, "Eleni Papadopoulou   Qualification", "Georgios   Pers.-Nr")
    const words = span.slice(a + lead, b).trim().split(/[ \t]+/);
    if (words.length > 1 ? /^\p{Lu}/u.test(words[0]!) : (tagsOf(words[0]!.toLowerCase())?.some((t) => NAME_TAGS.has(t)) ?? false)) out.push([start + a + lead, start + b]);
  };
  for (const g of span.matchAll(WIDE_GAP)) {
    piece(from, g.index);
    from = g.index + g[0].length;
  }
  piece(from, span.length);
  return out;
}

/** An employer's name of capitalised words and a comma before, on the same line. */
const EMPLOYER_BEFORE = /(?:^|[,\n])[ \t]*\p{Lu}[\p{L}&.'’-]*(?:[ \t]+\p{Lu}[\p{L}&.'’-]*)+,[ \t]*$/u;
/**
 * Whether one word is a known town closing its line after an employer's name and a comma: a CV's
 * job line, "Senior Data Engineer, Lonestar Health, Austin". (A person addressed at a line's end
 * follows a word or a sentence, "Thanks, Austin", not capitalised words run together.)
 */
export function townClosingJobLine(text: string, start: number, end: number): boolean {
  const span = text.slice(start, end);
  if (/\s/.test(span) || !isKnownPlace(span) || !/^[ \t]*(?:\r?\n|$)/.test(text.slice(end, end + 4))) return false;
  const ls = prevFeed(text, start - 1) + 1;
  return EMPLOYER_BEFORE.test(text.slice(ls, start));
}

export function entities(text: string): Entity[] {
  if (text === cacheText) return cacheEntities;
  const doc = tagged(text);
  doc.compute("offset");
  const out: Entity[] = [];
  /** A person compromise read (`s` to `e`) that is a place instead: a place from `s` to `end`, unless one overlaps the person already. */
  const placeInstead = (s: number, e: number, end = e) => {
    if (!out.some((x) => x.label === "LOCATION" && x.start < e && s < x.end)) out.push({ label: "LOCATION", start: s, end });
  };
  const add = (label: NerLabel, found: Matches) => {
    for (const terms of found.docs) {
      const first = terms[0]?.offset;
      const last = terms[terms.length - 1]?.offset;
      if (!first || !last) continue;
      const [trimmedStart, trimmedEnd] = trimSpan(text, first.start, last.start + last.length);
      const s0 = label === "PERSON" ? hyphenStart(text, pastVerb(text, trimmedStart, trimmedEnd)) : trimmedStart;
      const e0 = label === "LOCATION" ? placeEnd(text, s0, trimmedEnd) : particleEnd(text, s0, trimmedEnd);
      // (two people a form's wide gap parts are two names: "Prof. Dr. Sabine Hoffmann          Dr. Emre Kaya")
      for (const [s, e] of label === "PERSON" ? gapPieces(text, s0, e0) : [[s0, e0] as const]) {
        if (label === "LOCATION" && (placeOnlyByTail(text, s, e, trimmedEnd) || beforeLabelledPlace(text, e, last.start + last.length))) continue;
        if (!worthKeeping(label, text.slice(s, e)) || inIdentifier(text, s, e)) continue;
        if (label === "PERSON" && inForeignText(text, s, e)) continue;
        // (a name opens with its first name or its surname, not a lower-case word: "al Cliente" of "Atención al Cliente")
        if (label === "PERSON" && /^\p{Ll}/u.test(text.slice(s, e))) continue;
        if (foreignFunctionWord(text, s, e)) continue;
        if (label === "PERSON" && (acronymAsTitle(text, s, e) || monthOfDate(text, s, e) || afterPlacePrefix(text, s) || townBySuffix(text, s, e) || namedAfterPerson(text, s, e) || termTail(text, s, e) || placeholderName(text, s, e))) continue;
        if (label === "PERSON" && lowerWordInName(text.slice(s, e))) continue;
        // (a place or a saint in an institution's name, "Amtsgericht Dortmund", "Riverside Primary
        // School", "Hôpital Saint-Joseph", "ST. LUKE'S GENERAL HOSPITAL"; a company's, "Van Dijk
        // Installatietechniek B.V.": no one lives there, no one is called so)
        if (inInstitutionName(text, s, e) || (label === "PERSON" && companyAfter(text, e))) continue;
        if (label === "PERSON" && saintsName(text, s, e)) {
          if (isKnownPlace(text.slice(s, e))) placeInstead(s, e);
          continue;
        }
        // (a town closing a line after an employer's name, as a CV's job line writes it: "Senior Data Engineer, Lonestar Health, Austin")
        if (label === "PERSON" && townClosingJobLine(text, s, e)) {
          placeInstead(s, e);
          continue;
        }
        if (label === "LOCATION" && (bareAbbreviation(text, s, e) || notAPlace(text, s, e))) continue;
        // A person of several words that is a known place's whole name is that place: compromise
        // reads "Saint Helena" and "Saint Lucia" as saints. So is one word the lexicon knows as a
        // country and not as a name (`"MR": "Mauritania"` of a JSON list, read as "Mr Mauritania").
        if (label === "PERSON" && (/\s/.test(text.slice(s, e)) ? isKnownPlace(text.slice(s, e)) : countryOnly(text.slice(s, e)))) {
          placeInstead(s, e);
          continue;
        }
        // ... and so is a town after a street's address ("12 Avenue Victor Hugo, Paris")
        if (label === "PERSON" && townAfterStreet(text, s, e)) {
          placeInstead(s, e);
          continue;
        }
        // ... and so is one that opens with a saint's name: a town's, a street's or a church's
        // ("Sankt Jo//rgens Alle 8" atop glibc's locale files; "Yves Saint Laurent" opens otherwise)
        if (label === "PERSON" && SAINT_FIRST.test(text.slice(s, e))) {
          placeInstead(s, e);
          continue;
        }
        // ... and so is one that a known place's name continues ("the Northern Mariana Islands")
        const more = label === "PERSON" ? NEXT_CAPITAL.exec(text.slice(e, e + 40)) : null;
        if (more && isKnownPlace(text.slice(s, e + more[0].length))) {
          placeInstead(s, e, e + more[0].length);
          continue;
        }
        if (label === "LOCATION") {
          const person = personAround(text, s, e);
          if (person && !namedAfterPerson(text, person[0], person[1])) {
            // (a part of it compromise read as a person, "Guy" of "Guy Bedford (…)", grows to it)
            const part = out.find((x) => x.label === "PERSON" && x.start < person[1] && person[0] < x.end);
            if (part) [part.start, part.end] = [Math.min(part.start, person[0]), Math.max(part.end, person[1])];
            else out.push({ label: "PERSON", start: person[0], end: person[1] });
            continue;
          }
        }
        out.push({ label, start: s, end: e });
      }
    }
  };
  if (anyTagged(doc, PERSON_TAG)) add("PERSON", doc.people() as unknown as Matches);
  if (anyTagged(doc, PLACE_TAGS_MATCHED)) add("LOCATION", doc.places() as unknown as Matches);
  cacheText = text;
  cacheEntities = withMiddleInitials(text, out);
  return cacheEntities;
}

export function nerCandidates(text: string, label: NerLabel, score: number): Candidate[] {
  return entities(text)
    .filter((e) => e.label === label)
    .map((e) => ({ start: e.start, end: e.end, score, validation: null }));
}
