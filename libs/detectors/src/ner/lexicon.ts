/** compromise's lexicon (word → tag or tags), shared by the rule-based NER helpers. */
import nlp from "compromise";

export const LEXICON = (nlp as unknown as { model(): { one: { lexicon: Record<string, string | string[]> } } }).model().one.lexicon;

/** The lexicon's tags of a lower-case word, or null when it does not know the word. */
export function tagsOf(word: string): string[] | null {
  const t = LEXICON[word];
  return t === undefined ? null : Array.isArray(t) ? t : [t];
}

/** The lexicon's tags of a person's name. */
export const NAME_TAGS: ReadonlySet<string> = new Set(["FirstName", "LastName", "MaleName", "FemaleName", "Person"]);

/** Whether the lexicon knows a lower-case word as something other than a name ("said", not "conor"). */
export function knownAsWord(word: string): boolean {
  return tagsOf(word)?.some((t) => !NAME_TAGS.has(t)) ?? false;
}

/** The lower-case words of the lexicon with one of `tags`. */
export function wordsTagged(tags: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const [word, t] of Object.entries(LEXICON)) {
    if ((Array.isArray(t) ? t : [t]).some((x) => tags.has(x))) out.add(word);
  }
  return out;
}
