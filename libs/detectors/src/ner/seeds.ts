/**
 * Where a name or a place may stand: capitalised words that compromise's own lexicon knows as
 * a first name, a last name, a person, an honorific or a place. NER (compromise, ~50 kchar/s
 * per core) then reads short windows around these words instead of whole paragraphs: text
 * without any of them holds nothing compromise would tag as a person or a place.
 */
import { commonWord, knownAsWord, wordsTagged } from "./lexicon.ts";

const SEED_TAGS = new Set(["MaleName", "FemaleName", "FirstName", "LastName", "Person", "Honorific", "City", "Place", "Country", "Region"]);

/** Lower-case words of the lexicon with one of SEED_TAGS. */
const SEED_WORDS: Set<string> = wordsTagged(SEED_TAGS);

/** A capitalised word (a letter run starting upper-case), allowing inner apostrophes and hyphens. */
const CAPITALISED = /(?<![\p{L}\p{N}])\p{Lu}[\p{L}'’-]*/gu;

/** A sentence's start before a word: the text's or a line's start, or a full stop, "!" or "?" and blanks. */
const SENTENCE_START = /(?:^|[\n.!?])[ \t"'(]*$/;
/** A capitalised word right after a word (blanks between). */
const CAPITALISED_NEXT = /^[ \t]+\p{Lu}/u;

/**
 * Start offsets of the seed words in `text`. With `unknown`, also of the capitalised words the
 * NER model may know as names and no list here does ("Oluwaseun", "Raghunathan"): two letters or
 * more, not all capitals (an acronym), no English word compromise's lexicon or SCOWL's lists know
 * ("The", "Revenue", "Ergonomic" open no window) nor one part of it one ("Professional-grade",
 * "I'll"), and not a sentence's first word unless another
 * capitalised word follows ("Voluptas quo autem" of lorem ipsum does not open one; "Shakti
 * Varman wrote" does).
 */
export function nameSeeds(text: string, unknown = false): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(CAPITALISED)) {
    const w = m[0].replace(/['’]s$/, "").replace(/[-'’]+$/, "").toLowerCase();
    if (SEED_WORDS.has(w)) out.push(m.index);
    else if (unknown && w.length > 1 && m[0] !== m[0].toUpperCase() && !w.split(/[-'’]/).some((p) => p.length < 2 || knownAsWord(p) || commonWord(p))) {
      const end = m.index + m[0].length;
      if (!SENTENCE_START.test(text.slice(Math.max(0, m.index - 8), m.index)) || CAPITALISED_NEXT.test(text.slice(end, end + 8))) out.push(m.index);
    }
  }
  return out;
}

export const seedWordCount = SEED_WORDS.size;
