import type { Candidate, Detector } from "../core/types.ts";
import { NAME, SUFFIX, TITLE, isOrganisationWord, isParticle, mayBePerson } from "./name_shape.ts";
import { isKnownPlace } from "./gazetteer.ts";
import { NAME_TAGS, englishWord, tagsOf } from "./lexicon.ts";

/**
 * A place's name, not a person's: a country or a city in a "name" column ("Sri Lanka", "Saint
 * Lucia" in a list of countries). A single word that is also a given name stays a person's
 * ("Jordan", "Florence").
 */
function placeNotPerson(name: string): boolean {
  if (!isKnownPlace(name)) return false;
  return /\s/.test(name) || !(tagsOf(name.toLowerCase())?.some((t) => NAME_TAGS.has(t)) ?? false);
}

/**
 * A whole cell (or a short line) that is a name and nothing else, title and suffix aside (in a
 * cell alone, "I" and "V" are suffixes too: "Addie Rosenbaum V").
 */
const CELL = new RegExp(String.raw`^[ \t]*${TITLE}?(${NAME})(?:${SUFFIX}|,?[ \t]+[IV])?[ \t]*$`, "u");
/**
 * Things whose name a column or a key holds, not a person's: "serviceFullName": "Service Quotas"
 * and "Shield Advanced" in AWS's API models, a "Product Name" or "File Name" column. (Not an
 * account's, a user's, a host's or a display name: often a person's.)
 */
const THINGS = ["service", "product", "file", "project", "package", "app", "application", "device", "bucket", "table", "database", "cluster", "queue", "topic", "stream", "policy", "role", "group", "company", "organization", "organisation", "brand", "model", "event", "job", "task", "field", "column", "tag", "region", "zone", "domain", "network", "server", "instance", "resource", "pipeline", "repository", "repo", "branch", "dataset", "metric", "rule", "template", "plan", "pool", "channel", "store", "shop", "item", "asset", "font", "function", "method", "class", "module", "library", "component", "node", "image", "container", "volume", "snapshot", "index", "schema", "workflow", "step", "feature", "setting", "parameter", "variable", "attribute", "property", "label", "category", "type", "team", "department", "city", "country", "street", "state", "county", "site", "building", "room", "course", "game", "song", "album", "book"];
const THING_NAMES = THINGS.flatMap((t) => [`${t} name`, `${t} full name`]);

/** The headers of a given name's or a surname's column. */
const NAME_PART_HEADERS: ReadonlySet<string> = new Set(["first name", "last name", "surname", "given name", "family name", "forename", "fname", "lname", "vorname", "nachname", "prénom", "apellido", "apellidos", "cognome", "achternaam", "voornaam"]);
/** One capitalised word (a hyphen inside at most) that neither compromise's lexicon nor an English word list knows, no place. */
function givenOrFamily(value: string): boolean {
  if (!/^\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?$/u.test(value)) return false;
  const lower = value.toLowerCase();
  return tagsOf(lower) === null && !englishWord(lower) && !isKnownPlace(value);
}

/** The labels of a person's whole name: under one, two or three capitalised words are a name whatever words they also are. */
const FULL_NAME_HEADERS: ReadonlySet<string> = new Set(["full name", "customer name", "contact name", "account holder", "kontoinhaber", "cardholder"]);
/** Words a placeholder or a role fills such a cell with ("Unknown Customer", "Test User"). */
const NO_ONES_WORDS = /^(?:unknown|test|user|customer|client|none|anonymous|guest|admin|administrator|default|sample|example|demo|null|nobody|someone|various|other|tbd|n\/a)$/i;
/**
 * Two or three capitalised words, a particle between them maybe, none a company's, a placeholder's
 * or a role's: what mayBePerson leaves out for being English words or places ("Chance Will",
 * "Kenya Ward") and a full name's label still makes a name.
 */
function wholeNameShape(value: string): boolean {
  const words = value.split(/[ \t]+/).filter((w) => !isParticle(w));
  return words.length >= 2 && words.length <= 3 && words.every((w) => /^\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}\p{Ll}+)?$/u.test(w) && !isOrganisationWord(w) && !NO_ONES_WORDS.test(w)) && !isKnownPlace(value);
}

/** Longer texts are prose, read by NER. */
const MAX_CHARS = 80;

/**
 * A name standing alone in a cell under a column about people ("name", "customer", "employee",
 * "patient", a package's "author" and "maintainers", …): the column header is the context that lifts it to a finding. On its own the
 * shape scores 0.3, below the minimum: a capitalised pair in a product or city column is not
 * reported.
 */
export const personInCell: Detector = {
  id: "person_in_cell",
  type: "PERSON",
  area: "ner",
  category: "person",
  description: "Person name alone in a cell of a name column (name shape, lexicon veto, header context)",
  patterns: [],
  negativeHeader: THING_NAMES,
  context: ["name", "full name", "first name", "last name", "surname", "given name", "family name", "forename", "fname", "lname", "vorname", "nachname", "prénom", "apellido", "apellidos", "cognome", "achternaam", "voornaam", "customer", "client", "employee", "patient", "contact", "applicant", "tenant", "cardholder", "beneficiary", "recipient", "spouse", "manager", "owner", "holder", "signed", "attn", "person", "member", "student", "guest", "passenger", "author", "authors", "maintainer", "maintainers", "contributor", "contributors", "customer name", "contact name", "account holder", "kontoinhaber", "nom", "nombre", "nome", "naam"],
  prefilter: { maxChars: MAX_CHARS },
  // Only under a people column (or beside such a word): elsewhere the cell is not even read.
  maxBaseScore: 0.3,
  find(text): Candidate[] {
    if (text.length > MAX_CHARS) return [];
    const m = CELL.exec(text);
    if (!m) return [];
    const name = m[1]!;
    const start = m.index + m[0].indexOf(name);
    // (one word no lexicon knows is a given name or a surname under a column that says so:
    // "Priya" under "First Name", "Raghunathan" under "Last Name"; under "name" or "customer"
    // it may be anything, "Globex")
    if (givenOrFamily(name)) return [{ start, end: start + name.length, score: 0.3, validation: "name_shape", whole: true, onlyContext: NAME_PART_HEADERS }];
    // (two or three words of a name's shape that are English words or places too: a name under a full name's label only)
    if (!mayBePerson(name, true)) return wholeNameShape(name) ? [{ start, end: start + name.length, score: 0.3, validation: "name_shape", whole: true, onlyContext: FULL_NAME_HEADERS }] : [];
    if (placeNotPerson(name)) return [];
    return [{ start, end: start + name.length, score: 0.3, validation: "name_shape", whole: true }];
  },
};
