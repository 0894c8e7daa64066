/**
 * Where a name or a place may stand: capitalised words that compromise's own lexicon knows as
 * a first name, a last name, a person, an honorific or a place. NER (compromise, ~50 kchar/s
 * per core) then reads short windows around these words instead of whole paragraphs: text
 * without any of them holds nothing compromise would tag as a person or a place.
 */
import { wordsTagged } from "./lexicon.ts";

const SEED_TAGS = new Set(["MaleName", "FemaleName", "FirstName", "LastName", "Person", "Honorific", "City", "Place", "Country", "Region"]);

/** Lower-case words of the lexicon with one of SEED_TAGS. */
const SEED_WORDS: Set<string> = wordsTagged(SEED_TAGS);

/** A capitalised word (a letter run starting upper-case), allowing inner apostrophes and hyphens. */
const CAPITALISED = /(?<![\p{L}\p{N}])\p{Lu}[\p{L}'’-]*/gu;

/**
 * Start offsets of the seed words in `text`; with `anyCapitalised`, of every capitalised word of
 * two letters or more (the NER model knows names no lexicon holds: "Oluwaseun", "Raghunathan").
 */
export function nameSeeds(text: string, anyCapitalised = false): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(CAPITALISED)) {
    if (anyCapitalised) {
      if (m[0].length > 1) out.push(m.index);
      continue;
    }
    const w = m[0].replace(/['’]s$/, "").replace(/[-'’]+$/, "").toLowerCase();
    if (SEED_WORDS.has(w)) out.push(m.index);
  }
  return out;
}

export const seedWordCount = SEED_WORDS.size;
