import assert from "node:assert/strict";
import { SMALL_TOWN_POPULATION, isCommonWord, isKnownPlace, placeKey, tooCoarse } from "./gazetteer.ts";

describe("ner/gazetteer", () => {
  it("tells continents and world regions, too wide to tell where anyone is, from countries", () => {
    for (const p of ["Africa", "Asia", "Asia Pacific", "Europe", "Western Europe", "South-East Asia", "Sub-Saharan Africa", "North America", "Latin America", "the Americas", "Middle East", "EMEA", "US East", "eu-west-1"]) assert.ok(tooCoarse(p), p);
    for (const p of ["South Africa", "America", "Australia", "Tokyo", "East Timor", "Central African Republic"]) assert.equal(tooCoarse(p), false, p);
  });
  it("knows GeoNames cities beyond compromise's lexicon, countries and regions", () => {
    for (const p of ["Mesa", "Kalamazoo", "Winston-Salem", "Reading", "São Paulo", "Sao Paulo", "Singapore", "Algeria", "Svalbard & Jan Mayen", "Saint Kitts and Nevis", "Micronesia"]) {
      assert.ok(isKnownPlace(p), p);
    }
  });
  it("knows countries and large cities by their names in German, French, Spanish, Italian and Dutch (bench/detect/handwritten.ts)", () => {
    for (const p of ["Marokko", "Cina", "Sénégal", "Costa d'Avorio", "Alemania", "Allemagne", "Duitsland", "Napoli", "Firenze", "Milano", "Torino", "Krakau", "München", "Köln", "Tanger", "Den Haag", "Sevilla"]) assert.ok(isKnownPlace(p), p);
    // a country's name that is a first name too is none (French "Maurice" for Mauritius)
    assert.equal(isKnownPlace("Maurice"), false);
  });
  it("knows towns of 1,000 to 5,000 inhabitants only when asked", () => {
    assert.equal(isKnownPlace("Tychowo"), false);
    assert.equal(isKnownPlace("Tychowo", SMALL_TOWN_POPULATION), true);
    assert.equal(isKnownPlace("Algeria", SMALL_TOWN_POPULATION), true);
    assert.equal(isKnownPlace("Cravagliana", SMALL_TOWN_POPULATION), false, "49 inhabitants");
  });
  it("knows the ISO 3166 names and variants forms use where ICU has another", () => {
    for (const p of ["Russian Federation", "Congo", "Republic of the Congo", "Svalbard and Jan Mayen", "United States of America", "Great Britain", "Republic of Korea"]) {
      assert.ok(isKnownPlace(p), p);
    }
    assert.equal(isKnownPlace("USA"), false, "abbreviations stay out");
    // (and former and other official names records still hold)
    for (const p of ["Libyan Arab Jamahiriya", "Kyrgyz Republic", "Viet Nam", "Swaziland", "Burma"]) assert.ok(isKnownPlace(p), p);
    // (and the long and inverted forms of shops' country lists)
    for (const p of ["Svalbard & Jan Mayen Islands", "Democratic People's Republic of Korea", "Virgin Islands, British", "Cocos (Keeling) Islands"]) assert.ok(isKnownPlace(p), p);
  });
  it("does not know made-up places, people or ordinary words", () => {
    for (const p of ["East Kiaraview", "Balistrerichester", "Rustic Steel Keyboard", "Quarterly Report", "Xq"]) assert.equal(isKnownPlace(p), false, p);
    // No country codes, state or street abbreviations, airport codes.
    for (const p of ["US", "VN", "Of", "VA", "Rd", "St", "ORD", "LAX"]) assert.equal(isKnownPlace(p), false, p);
  });
  it("knows no programming literal as a town (`country = None`), and which towns are common words", () => {
    for (const p of ["None", "null", "NIL", "True", "false", "undefined", "NaN"]) assert.equal(isKnownPlace(p), false, p);
    for (const p of ["Normal", "Reading", "Mobile", "Page", "CENTER", "Queens"]) assert.ok(isKnownPlace(p) && isCommonWord(p), p);
    for (const p of ["Kalamazoo", "Paris", "Turkey", "Berkeley", "Florence", "Winston-Salem", "Sri Lanka"]) assert.equal(isCommonWord(p), false, p);
    // a country compromise tags as its people's name (a plural demonym) is the country; a town so tagged stays a word
    for (const p of ["Philippines", "Laos"]) assert.equal(isCommonWord(p), false, p);
    assert.ok(isKnownPlace("Brits") && isCommonWord("Brits"), "Brits, a town in South Africa, and the British");
  });
  it("keys ignore case, accents, '&' against 'and', 'Saint' against 'St.' and spacing", () => {
    assert.equal(placeKey("São Tomé & Príncipe"), placeKey("sao tome  and principe"));
    assert.equal(placeKey("St. Kitts & Nevis"), placeKey("Saint Kitts and Nevis"));
    assert.equal(placeKey("Coeur d’Alene"), placeKey("Coeur d'Alene"));
  });
});
