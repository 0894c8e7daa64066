/**
 * Columns of names that are no one's. ISO 639-3 lists 7,910 languages under "name" ("Eastern
 * Abnaki", "Ghotuo", "Ari"), ISO 3166-2 five thousand subdivisions, ISO 15924 the scripts
 * ("Old Permic", "Tai Le"), a catalogue its products. Each value alone may pass for a person
 * under its "name" label: a pair of capitalised words no lexicon knows is a name's shape, and a
 * language called "Ari" or "Adele" is a given name too. As a column they are not people: fewer
 * than half of its name-shaped values read as a person at all, where a column of people's names
 * reads as people nearly throughout (a full name of any origin has a name's shape; Turkish,
 * Yoruba or Latvian names no lexicon knows included).
 *
 * Only a column whose label names nothing but a name ("name", "official name", "nombre") is
 * judged so: one that says whose ("customer name", "author", "first name") holds people.
 */
import { headerWords, stem, words } from "../core/context.ts";
import { personInCell } from "./person_in_cell.ts";

/** The words of a label that say "a name" and nothing of whose. */
const NAME_WORDS: ReadonlySet<string> = new Set(["name", "names", "nom", "nombre", "nome", "naam"]);
/** The words and terms of a label that say a person's (person_in_cell's context, the name words aside). */
const PEOPLE_TERMS: readonly string[] = (personInCell.context ?? []).filter((t) => !NAME_WORDS.has(t)).map((t) => words(t).map(stem).join(" "));

/** A value written as a name: capitalised, words of letters (an apostrophe, a hyphen, a dot, a comma, parentheses), five at most. */
const NAME_SHAPED = /^\p{Lu}[\p{L}\p{M}'’.,()-]*(?:[ \t]+[\p{L}\p{M}'’.,()-]+){0,4}$/u;

/** Fewer name-shaped values than this say nothing of a column. */
export const MIN_VALUES = 20;

interface Column {
  /** Whether its label names nothing but a name. */
  judged: boolean;
  shaped: number;
  people: number;
}

/** The name-shaped values of each column of one `detect` call, and how many of them read as a person. */
export class NameColumns {
  private readonly columns = new Map<string, Column>();

  /** Counts a column's value in, blanks around it aside (`person`: whether a PERSON finding lies in it, asked of a name-shaped value only). */
  add(label: string, value: string, person: () => boolean): void {
    let c = this.columns.get(label);
    if (c === undefined) this.columns.set(label, (c = { judged: onlyAName(label), shaped: 0, people: 0 }));
    if (!c.judged || value.length > 80 || !NAME_SHAPED.test(value.trim())) return;
    c.shaped++;
    if (person()) c.people++;
  }

  /** Whether the column lists names that are no one's: its people findings are coincidences. */
  listsThings(label: string): boolean {
    const c = this.columns.get(label);
    return c !== undefined && c.judged && c.shaped >= MIN_VALUES && c.people * 2 < c.shaped;
  }
}

/** Whether a label says "a name" and nothing of whose ("name", "official_name", "displayName"; not "customerName", "author"). */
export function onlyAName(label: string): boolean {
  const words = headerWords(label);
  if (!words.some((w) => NAME_WORDS.has(w))) return false;
  const joined = ` ${words.join(" ")} `;
  return !PEOPLE_TERMS.some((t) => joined.includes(` ${t} `));
}
