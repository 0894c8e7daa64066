import type { Candidate, Detector } from "../core/types.ts";
import { FORM_FIELD_WORD, FORM_NAME, SUFFIX, TITLE, formHeading, formReading, givenNameAlsoWord, isOrganisationWord, isParticle, mayBePerson, namesOrUnknown, noEnglishWord } from "./name_shape.ts";
import { isKnownPlace } from "./gazetteer.ts";
import { NAME_TAGS, tagsOf } from "./lexicon.ts";

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
 * cell alone, "I" and "V" are suffixes too: "Addie Rosenbaum V"); as a form's field holds it, in
 * capitals too ("DUPONT Jean", French administrative exports) or a surname with its particles
 * ("van der Berg"): `formReading` reads it.
 */
const CELL = new RegExp(String.raw`^[ \t]*${TITLE}?(${FORM_NAME})(?:${SUFFIX}|,?[ \t]+[IV])?[ \t]*$`, "u");
/**
 * Things whose name a column or a key holds, not a person's: "serviceFullName": "Service Quotas"
 * and "Shield Advanced" in AWS's API models, a "Product Name" or "File Name" column. (Not an
 * account's, a user's, a host's or a display name: often a person's.)
 */
const THINGS = ["service", "product", "file", "project", "package", "app", "application", "device", "bucket", "table", "database", "cluster", "queue", "topic", "stream", "policy", "role", "group", "company", "organization", "organisation", "brand", "model", "event", "job", "task", "field", "column", "tag", "region", "zone", "domain", "network", "server", "instance", "resource", "pipeline", "repository", "repo", "branch", "dataset", "metric", "rule", "template", "plan", "pool", "channel", "store", "shop", "item", "asset", "font", "function", "method", "class", "module", "library", "component", "node", "image", "container", "volume", "snapshot", "index", "schema", "workflow", "step", "feature", "setting", "parameter", "variable", "attribute", "property", "label", "category", "type", "team", "department", "city", "country", "street", "state", "county", "site", "building", "room", "course", "game", "song", "album", "book"];
const THING_NAMES = THINGS.flatMap((t) => [`${t} name`, `${t} full name`]);

/** The headers of a given name's or a surname's column. */
const NAME_PART_HEADERS: ReadonlySet<string> = new Set(["nom de famille", "first name", "last name", "surname", "given name", "family name", "forename", "fname", "lname", "vorname", "nachname", "prénom", "prenom", "apellido", "apellidos", "cognome", "achternaam", "voornaam", "nazwisko", "imię", "imie"]);
/** The headers of a surname's column, under which a surname may open with its particles ("van der Berg", "de la Cruz"). */
const SURNAME_HEADERS: ReadonlySet<string> = new Set(["nom de famille", "last name", "surname", "family name", "lname", "nachname", "apellido", "apellidos", "cognome", "achternaam", "nazwisko"]);
/**
 * One capitalised word (a hyphen inside at most) that no English word list knows, and
 * compromise's lexicon knows at most as a proper noun ("Dupont", a company to it), or a given name
 * it knows only as a word ("Jean", "Jan"); no place, no other field's label ("Prénom").
 */
function givenOrFamily(value: string): boolean {
  if (!/^\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?$/u.test(value)) return false;
  const lower = value.toLowerCase();
  // (a place is none, unless the lexicon knows the word as a company's name only, a founder's: "Dupont")
  return (noEnglishWord(lower) || givenNameAlsoWord(lower)) && !FORM_FIELD_WORD.test(lower) && (tagsOf(lower) !== null || !isKnownPlace(value));
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
  context: ["name", "full name", "first name", "last name", "surname", "given name", "family name", "forename", "fname", "lname", "vorname", "nachname", "prénom", "prenom", "nom de famille", "imię", "imie", "nazwisko", "apellido", "apellidos", "cognome", "achternaam", "voornaam", "customer", "client", "employee", "patient", "contact", "applicant", "tenant", "cardholder", "beneficiary", "recipient", "spouse", "manager", "owner", "holder", "signed", "attn", "person", "member", "student", "guest", "passenger", "author", "authors", "maintainer", "maintainers", "contributor", "contributors", "customer name", "contact name", "account holder", "kontoinhaber", "nom", "nombre", "nome", "naam"],
  prefilter: { maxChars: MAX_CHARS },
  // Only under a people column (or beside such a word): elsewhere the cell is not even read.
  maxBaseScore: 0.3,
  find(text): Candidate[] {
    if (text.length > MAX_CHARS) return [];
    const m = CELL.exec(text);
    if (!m) return [];
    const written = m[1]!;
    const start = m.index + m[0].indexOf(written);
    const end = start + written.length;
    // (in capitals, read as a name is written; an acronym is none: "SNCF")
    const name = formReading(written);
    if (name === null || (name !== written && formHeading(name))) return [];
    // (one word in capitals a log or a table's code holds, "INFO", "TRUE": no name and no word English lacks)
    if (name !== written && !/\s/.test(name) && !name.toLowerCase().split("-").every((h) => tagsOf(h)?.some((t) => NAME_TAGS.has(t)) || givenNameAlsoWord(h) || noEnglishWord(h))) return [];
    // (a surname with its particles first, under a surname's column only)
    const core = name.replace(/^(?:\p{Ll}+[ \t]+)+/u, "");
    if (core !== name) return !/\s/.test(core) && !isOrganisationWord(core) && !FORM_FIELD_WORD.test(core.toLowerCase()) ? [{ start, end, score: 0.3, validation: "name_shape", whole: true, onlyContext: SURNAME_HEADERS }] : [];
    // (one word no lexicon knows is a given name or a surname under a column that says so:
    // "Priya" under "First Name", "Raghunathan" under "Last Name"; under "name" or "customer"
    // it may be anything, "Globex")
    if (givenOrFamily(name)) return [{ start, end, score: 0.3, validation: "name_shape", whole: true, onlyContext: NAME_PART_HEADERS }];
    // (several words in capitals: each a name or no English word, "DUPONT Jean"; "ACME WIDGETS" is none)
    if (name !== written && /\s/.test(name)) return namesOrUnknown(name) && !placeNotPerson(name) ? [{ start, end, score: 0.3, validation: "name_shape", whole: true }] : [];
    // (two or three words of a name's shape that are English words or places too: a name under a full name's label only)
    if (!mayBePerson(name, true)) return wholeNameShape(name) ? [{ start, end, score: 0.3, validation: "name_shape", whole: true, onlyContext: FULL_NAME_HEADERS }] : [];
    if (placeNotPerson(name)) return [];
    return [{ start, end, score: 0.3, validation: "name_shape", whole: true }];
  },
};
