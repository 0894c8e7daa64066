import type { Candidate, Detector } from "../core/types.ts";
import { PLACE_NAME, isCommonWord, isCountryCode, isKnownPlace } from "./gazetteer.ts";

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

/**
 * A known place (a GeoNames city, a country or region: gazetteer.ts) standing alone in a cell
 * under a column about places ("city", "country", "place of birth", …). compromise knows the
 * countries and the largest cities only; the column header is the context that tells "Mesa"
 * or "Reading" is a place there. On its own the cell scores 0.3, below the minimum, and is not
 * even read outside such a column. A country's ISO 3166 code ("DE", "US") counts the same
 * (validation `iso3166`): a country column of codes is as much a place column as one of names.
 */
export const placeInCell: Detector = {
  id: "place_in_cell",
  type: "LOCATION",
  area: "ner",
  category: "location",
  description: "Known place (GeoNames city, country, region, ISO 3166 country code) alone in a cell of a place column",
  patterns: [],
  context: ["city", "town", "country", "place of birth", "birthplace", "place", "location", "nationality", "citizenship", "hometown", "residence", "domicile", "region", "state", "province", "county", "destination", "origin", "geburtsort", "wohnort", "stadt", "lieu de naissance", "ville", "pays", "lugar de nacimiento", "ciudad", "país", "città", "paese"],
  prefilter: { maxChars: MAX_CHARS },
  maxBaseScore: 0.3,
  find(text): Candidate[] {
    if (text.length > MAX_CHARS) return [];
    const code = CODE.exec(text);
    if (code) {
      if (!isCountryCode(code[1]!)) return [];
      const start = code.index + code[0].indexOf(code[1]!);
      return [{ start, end: start + 2, score: 0.3, validation: "iso3166" }];
    }
    const m = CELL.exec(text);
    if (!m || !isKnownPlace(m[1]!)) return [];
    const start = m.index + m[0].indexOf(m[1]!);
    const place: Candidate = { start, end: start + m[1]!.length, score: 0.3, validation: "gazetteer" };
    if (isCommonWord(m[1]!)) place.onlyContext = TOWN_HEADERS;
    return [place];
  },
};
