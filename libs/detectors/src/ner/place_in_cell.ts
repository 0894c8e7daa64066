import type { Candidate, Detector } from "../core/types.ts";
import { PLACE_FIRST_WORDS, PLACE_NAME, isCommonWord, isCountryCode, isKnownPlace, tooCoarse } from "./gazetteer.ts";

/** A place name alone in a cell, blanks around it aside. */
const CELL = new RegExp(String.raw`^[ \t]*(${PLACE_NAME})[ \t]*$`, "u");
/** A two-letter code alone in a cell. */
const CODE = /^[ \t]*([A-Z]{2})[ \t]*$/;
/**
 * The headers that name a town plainly: only these lift a place that is also a common word
 * ("Normal", "Reading", "Page"), which under "state", "location" or "destination" is a state,
 * a region of a page or an enum's value.
 */
const TOWN_HEADERS: ReadonlySet<string> = new Set(["city", "town", "place of birth", "birthplace", "hometown", "residence", "domicile", "geburtsort", "wohnort", "stadt", "lieu de naissance", "ville", "lugar de nacimiento", "ciudad", "città"]);
/** Longer texts are prose, read by NER. */
const MAX_CHARS = 60;

/** The postal codes of the United States' states, district and territories, and of Canada's provinces and territories. */
const STATE_CODES: ReadonlySet<string> = new Set(
  ("AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY " +
    "AS GU MP PR VI AB BC MB NB NL NS NT NU ON PE QC SK YT").split(" "),
);
/** The headers of a state's or a province's column: only these lift its two letters ("TX" is no country). */
const STATE_HEADERS: ReadonlySet<string> = new Set(["state", "province"]);

/** Words of town names that are no town alone: a first word ("Fort", "Lake"), a last ("Beach" of "Deerfield Beach"). */
const TOWN_PARTS: ReadonlySet<string> = new Set([
  ...PLACE_FIRST_WORDS,
  ..."mt ft bay beach city springs falls heights park valley village harbor harbour island hills creek point ridge mills center centre junction".split(" "),
]);
/** Words that join a town's name ("Stratford upon Avon"). */
const JOINERS: ReadonlySet<string> = new Set(["and", "&", "of", "de", "del", "la", "le", "upon", "on", "the"]);

/**
 * Whether a place-shaped value no gazetteer knows may still be a town's name, where a town's
 * header says it is one ("Reichelborough", "Lake Ansleyside", a village below GeoNames'
 * 5,000 inhabitants): one word at least that is no part like "Lake" or "Fort", none the lexicon
 * knows as an ordinary word ("Unknown", "Remote", "Head Office"), none in capitals alone ("TBD");
 * not the placeholder "Anytown" (AWS's examples), no more than "John Doe" is a person.
 */
function mayBeTown(value: string): boolean {
  if (/^any[ \t]?town$/i.test(value)) return false;
  let own = 0;
  for (const word of value.split(/[ \t]+/)) {
    const w = word.toLowerCase().replace(/[.'’]+$/, "");
    if (JOINERS.has(w) || TOWN_PARTS.has(w)) continue;
    if (w.length < 3 || !/\p{Ll}/u.test(word) || isCommonWord(w)) return false;
    own++;
  }
  return own > 0;
}

/**
 * A known place (a GeoNames city, a country or region: gazetteer.ts) standing alone in a cell
 * under a column about places ("city", "country", "place of birth", …). compromise knows the
 * countries and the largest cities only; the column header is the context that tells "Mesa"
 * or "Reading" is a place there. On its own the cell scores 0.3, below the minimum, and is not
 * even read outside such a column. A country's ISO 3166 code ("DE", "US") counts the same
 * (validation `iso3166`): a country column of codes is as much a place column as one of names.
 * Under a town's own header ("city", "town", "place of birth": TOWN_HEADERS) a place-shaped
 * name no gazetteer knows counts too, a little lower (validation `town_shape`, `mayBeTown`):
 * the header says what it is, and NER need not read the cell.
 */
export const placeInCell: Detector = {
  id: "place_in_cell",
  type: "LOCATION",
  area: "ner",
  category: "location",
  description: "Known place (GeoNames city, country, region, ISO 3166 country code) alone in a cell of a place column",
  patterns: [],
  context: ["city", "town", "country", "place of birth", "birthplace", "place", "location", "nationality", "citizenship", "hometown", "residence", "domicile", "region", "state", "province", "county", "destination", "origin", "geburtsort", "wohnort", "stadt", "lieu de naissance", "ville", "pays", "lugar de nacimiento", "ciudad", "país", "città", "paese"],
  // A state machine's column, not a place's: an alarm's "OK" under <StateValue> (boto's CloudWatch
  // tests, "<StateValue>OK</StateValue>" beside <StateReason>) is no Oklahoma.
  negativeHeader: ["value", "reason", "machine", "transition"],
  prefilter: { maxChars: MAX_CHARS },
  maxBaseScore: 0.3,
  find(text): Candidate[] {
    if (text.length > MAX_CHARS) return [];
    const code = CODE.exec(text);
    if (code) {
      const start = code.index + code[0].indexOf(code[1]!);
      // (a state's or a province's postal code under its column: "TX" of an address's "State")
      if (!isCountryCode(code[1]!)) return STATE_CODES.has(code[1]!) ? [{ start, end: start + 2, score: 0.3, validation: "state_code", onlyContext: STATE_HEADERS }] : [];
      return [{ start, end: start + 2, score: 0.3, validation: "iso3166" }];
    }
    const m = CELL.exec(text);
    // (a continent or a world region tells where no one is: an AWS region's "Asia Pacific")
    if (!m || tooCoarse(m[1]!)) return [];
    const start = m.index + m[0].indexOf(m[1]!);
    if (!isKnownPlace(m[1]!)) {
      if (!mayBeTown(m[1]!)) return [];
      return [{ start, end: start + m[1]!.length, score: 0.25, validation: "town_shape", onlyContext: TOWN_HEADERS }];
    }
    const place: Candidate = { start, end: start + m[1]!.length, score: 0.3, validation: "gazetteer" };
    if (isCommonWord(m[1]!)) place.onlyContext = TOWN_HEADERS;
    return [place];
  },
};
