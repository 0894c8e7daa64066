import type { Candidate, Detector } from "../core/types.ts";
import { patternCandidates } from "../core/engine.ts";
import { re } from "../core/regex.ts";
import { nextFeed, prevFeed } from "../core/lines.ts";
import { SMALL_TOWN_POPULATION, isKnownPlace } from "./gazetteer.ts";

const SUFFIX = "Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Place|Pl|Square|Sq|Terrace|Ter|Way|Parkway|Pkwy|Highway|Hwy|Circle|Cir|Trail|Trl|Plaza|Plz|Alley|Crescent|Cres|Close|Gardens|Row|Mews|Hill|Grove|Park|Walk|Loop|Pike|Run|Path";
/**
 * The rest of the USPS street suffixes (Publication 28, appendix C1) and their plurals. Many are
 * also ordinary words ("View", "Point", "Key"), so "10 Key Points" stays below the minimum
 * unless an address word is near or a city, state and ZIP complete it.
 */
const USPS_SUFFIX = "Allee|Annex|Arcade|Bayou|Beach|Bend|Bluffs?|Bottom|Branch|Bridge|Brooks?|Burgs?|Bypass|Camp|Canyon|Cape|Causeway|Centers?|Circles|Cliffs?|Club|Commons?|Corners?|Course|Courts|Coves?|Creek|Crest|Crossing|Crossroads?|Curve|Dale|Dam|Divide|Drives|Estates?|Expressway|Extensions?|Falls?|Ferry|Fields?|Flats?|Fords?|Forest|Forges?|Forks?|Fort|Freeway|Garden|Gateway|Glens?|Greens?|Groves|Harbors?|Haven|Heights|Highway|Hills|Hollow|Inlet|Islands?|Isle|Junctions?|Keys?|Knolls?|Lakes?|Land|Landing|Lights?|Loaf|Locks?|Lodge|Mall|Manors?|Meadows?|Mills?|Mission|Motorway|Mount|Mountains?|Neck|Orchard|Oval|Overpass|Parks|Parkways|Pass|Passage|Pines?|Plains?|Points?|Ports?|Prairie|Radial|Ramp|Ranch|Rapids?|Rest|Ridges?|River|Roads|Route|Shoals?|Shores?|Skyway|Springs?|Spurs?|Squares|Station|Stravenue|Stream|Streets|Summit|Throughway|Trace|Track|Trafficway|Trailer|Tunnel|Turnpike|Underpass|Unions?|Valleys?|Viaduct|Views?|Villages?|Ville|Vista|Walks|Wall|Ways|Wells?";
const UNIT = String.raw`(?:,?\s*(?:Apt|Apartment|Suite|Ste|Unit|Flat|Floor|Fl|Rm|Room|#)\.?\s*#?\s*[A-Za-z0-9-]{1,6})?`;
const CITY_STATE_ZIP = String.raw`,?\s+[A-Z][A-Za-z.'-]+(?:\s[A-Z][A-Za-z.'-]+){0,2},\s*(?:[A-Z]{2}|[A-Z][a-z]+)\.?\s+\d{5}(?:-\d{4})?`;
const UK_POSTCODE = String.raw`,?\s+[A-Z][A-Za-z'-]+(?:\s[A-Z][A-Za-z'-]+)?,?\s+[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}`;

/**
 * A house number: no leading zero, not the tail of a date, a time, a version or a time-zone
 * offset ("2008-04-01  Seongbae Park", "+0300  Sebastian Dr", "HTTP/1.1 via TCP").
 */
const house = (maxDigits: number) => String.raw`(?<![A-Za-z0-9+:./-]|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2}, )[1-9]\d{0,${maxDigits - 1}}`;
/** A Scottish tenement's house number and flat ("14/3 Comely Bank Road", flat 3 of number 14). */
const FLAT_HOUSE = String.raw`(?<![A-Za-z0-9+:./-])[1-9]\d{0,3}\/[1-9]\d{0,2}`;
/**
 * Number, optional direction, 1–4 words, then a suffix (`suffix` is the suffix part, its dot
 * included), each apart by one space on one line: a line break, a tab or a wide gap separates a
 * list's entries or a table's columns ("2001 Hidetoshi Tajima\n 2021 Iain Lane", "189\tBD\tҐ").
 * A word of the street's name starts with a capital or is an ordinal ("West 10th Street"), never
 * a bare number: "Row 1 Col 1 Row 1 Col 2" labels a table's cells.
 */
const numberStreet = (suffix: string) =>
  String.raw`(?:${FLAT_HOUSE}|${house(6)})[A-Z]? (?:[NSEW]\.? |(?:North|South|East|West) )?(?:(?:[A-Z][A-Za-z0-9'-]*|\d+(?:st|nd|rd|th))\.? ){1,4}${suffix}${UNIT}(?:${CITY_STATE_ZIP}|${UK_POSTCODE})?`;
const US_UK = numberStreet(String.raw`(?:${SUFFIX})\b(?!-[A-Za-z])\.?`);
const US_UK_MORE = numberStreet(String.raw`(?:${USPS_SUFFIX})\b(?!-[A-Za-z])`);
const PO_BOX = String.raw`\b(?:P\.?\s?O\.?|Post Office)\s*Box\s+\d{1,6}(?:,?\s+[A-Z][A-Za-z.'-]+(?:\s[A-Z][A-Za-z.'-]+){0,2},\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?)?`;
/**
 * A European postcode and its town, after a comma on the street's line or on the next line, as an
 * address block writes them: "10115 Berlin", "D-80331 München", "1017 GM Amsterdam", "3000 Bern",
 * "01305-000 São Paulo", "00-238 Warszawa", "75002 Paris", "94110 Saint-Maur-des-Fossés",
 * "42123 Reggio nell'Emilia", "66023 Francavilla al Mare", "30027 San Donà di Piave".
 */
const POSTCODE_TOWN_TAIL = String.raw`(?:[A-Z]{1,2}-)?(?:\d{5}(?:-\d{3})?|\d{4}[ \t]?[A-Z]{2}|\d{2}-\d{3}|\d{4})[ \t]+\p{Lu}[\p{L}'’-]*(?:[ \t]+(?:(?:(?:de|do|da|dos|das|del|della|dei|di|a|al|nel|sul|am|an|im|bei|sur|sous|lès|en|la|le|los|las)[ \t]+){1,2}|(?:nell|dell|sull|all)['’])?\p{Lu}[\p{L}'’-]*){0,3}`;
const POSTCODE_TOWN = String.raw`(?:,[ \t]*|[ \t]*\r?\n[ \t]*)${POSTCODE_TOWN_TAIL}`;
/**
 * An address block's two lines, whatever the street's kind: a street and its house number alone
 * on a line ("Oskardijk 502b", "skwer Bielecki 62", "Am Plattenbusch 47b", "bulw. Rutkowski 5/5",
 * "Keizersgracht 413 III" with its floor),
 * and the next line a postcode and a town alone ("5683 MX Grietewijk", "99-848 Czyżew").
 * (Its capital is sought up to the next CR as well: a CR starts a line too, and a long run of
 * them, each seeking to the next LF, took 2 s over 64,000.)
 */
const BLOCK = String.raw`^[ \t]*(?=[^\r\n]*\p{Lu})(?:\p{L}[\p{L}'’.-]*[ \t]+){0,4}\p{L}[\p{L}'’.-]*,?[ \t]+(?:[1-9]\d{0,3}[a-zA-Z]?(?:\/\d{1,3})?(?:[ -](?:I{1,3}|IV|hs))?|s\/n\.?)[ \t]*\r?\n[ \t]*${POSTCODE_TOWN_TAIL}(?=[ \t]*(?:\r?\n|$))`;
/**
 * A street's kind ending its name ("Hauptstraße", "Kerkstraat", "Hans-Schlehahn-Str."), then its
 * number. A name of 49 characters at most: each capital after a hyphen starts a name, and one
 * read to the end of a long hyphenated word ("A-A-A-…") made the search quadratic.
 */
const CONTINENTAL = String.raw`\b[A-ZÄÖÜ][\p{L}-]{0,48}(?:straße|strasse|str\.|-Str\.|-Straße|weg|-Weg|gasse|platz|-Platz|allee|-Allee|ring|-Ring|damm|straat|laan|gracht|plein|kade|vej|gatan|gata|veien) [1-9]\d{0,3}[a-z]?(?![\p{L}\p{N}])(?:${POSTCODE_TOWN})?`;
/** French street kinds, written after the house number ("12 rue de la Paix", "8 Avenue Victor Hugo"). */
export const STREET_KINDS_AFTER_NUMBER = ["rue", "avenue", "boulevard", "bd", "place", "chemin", "allée", "impasse", "quai", "route", "voie", "cours"];
/**
 * More French kinds, each an English word too or none as often, so only before "du", "de", "des"
 * or "d'" ("3 square du Roi Arthur", "12 passage des Panoramas", "5 cité de l'Ermitage"); "3
 * square metres" and "2 passages" stay no street.
 */
const FRENCH_KINDS_BEFORE_DE = String.raw`(?:square|passage|cité|villa|faubourg|esplanade|promenade|hameau|résidence|sentier|chaussée|parvis)(?=\s+(?:du|de|des|d['’])\s)`;
const ROMANCE = String.raw`${house(4)}(?:\s?(?:bis|ter))?,? (?:${STREET_KINDS_AFTER_NUMBER.join("|")}|${FRENCH_KINDS_BEFORE_DE}|via|viale|piazza|corso|calle|avenida|plaza|paseo|rua|travessa|alameda|rodovia|estrada|praça)\s+(?:[\p{L}'’-]+[ \t]?){1,5}(?:${POSTCODE_TOWN})?`;
/**
 * The street's kind first and its number after, as Spanish, Catalan, Italian, Portuguese and
 * Polish write them: "Calle Mayor 10", "C/ Mayor, 10", "Via Roma 15", "Rua Augusta, nº 100",
 * "Avenida da Liberdade 245", "ul. Długa 5", then a postcode and a town ("28013 Madrid",
 * "01305-000 São Paulo", "00-238 Warszawa"). Capitalised kinds only ("3 via UPS" is no street);
 * not "et al." of a citation ("Smith et al. Nature 2019"). Reported with its postcode and town, or
 * near an address word ("Dirección:", "Indirizzo:").
 */
/** A Spanish flat's floor and door between the house number and the postcode: "Calle Mayor 5, 3º B, 28013 Madrid", "Calle Sierpes 48, 2º izq., 41004 Sevilla". */
const FLOOR = String.raw`(?:,[ \t]*\d{1,2}[º°ª]\.?(?:[ \t]*(?:[A-H]|izq(?:da|uierda)?|dcha|der(?:echa)?|centro|ctro)\b\.?)?)`;
export const STREET_KINDS_FIRST = ["Calle", "Avenida", "Plaza", "Paseo", "Camino", "Carrer", "Ronda", "Via", "Viale", "Piazza", "Piazzale", "Corso", "Largo", "Vicolo", "Strada", "Contrada", "Rua", "Travessa", "Praça", "Alameda", "Estrada", "Rodovia"];
const KIND_FIRST = String.raw`\b(?<!et )(?:${STREET_KINDS_FIRST.join("|")}|C\/|Avda\.|[Uu]l\.|[Aa]l\.|[Pp]l\.|[Oo]s\.|[Ww]yb\.)[ \t]+(?:(?:de|del|della|delle|dei|di|da|do|dos|das|la|las|los|el)[ \t]+|dell['’]){0,2}[\p{Lu}][\p{L}'’.-]*(?:[ \t]+(?:(?:de|del|della|di|da|do|dos|das|la|las|los|el|e|y)[ \t]+)?[\p{Lu}][\p{L}'’.-]*){0,3},?[ \t]+(?:n\.?[º°o]\.?[ \t]*)?[1-9]\d{0,3}[A-Za-z]?(?![\p{L}\p{N}])(?:${FLOOR}?${POSTCODE_TOWN})?`;

/**
 * An organisation's name or office right before the address: the Free Software Foundation's in
 * every GPL notice ("Free Software Foundation, Inc., 51 Franklin Street"), a licence's parties
 * ("having an office at 1895 Preston White Drive"), a university's ("Carnegie Mellon
 * University\n 5000 Forbes Avenue", "Technology Institute at 351 West 10th Street", "Cygnus
 * Solutions\n%  1325 Chesapeake Terrace" in a TeX comment, AMD's "Mail Stop 573\n5900 E. Ben
 * White Blvd."), a company's branch opening its line ("IBM UK, PO Box 31, Birmingham Road" atop
 * each of CPython's decimal test files, after a comment's "--"; not a name in capitals before a
 * country, "JANE DOE USA, 12 Main Street"). An organisation's address is no person's.
 */
const ORGANISATION_BEFORE = /(?:\b(?:Inc|Ltd|LLC|GmbH|AG|plc|PLC|Pty|Corp|Corporation|Foundation|Institute|University|Incorporated|Limited|Initiatives|Department|Dept|Products|Solutions|Laboratory|Laboratories|Consortium|Association|Society|Commons)\b\.?,?(?: at)?|(?:^|\n)[ \t#%*/;-]*[A-Z]{2,5}[ \t]+(?:UK|USA|US|Europe|EMEA)\b,?|\boffices? at|\bMail Stop \d+)[\s%#*;/\\"-]*$/;
/** The Free Software Foundation's addresses, in every GPL notice, old and new. */
const FSF_ADDRESS = /^(?:51 Franklin St(?:reet)?\.?,?\s+Fifth Floor|59 Temple Place,?\s+Suite 330|675 Mass(?:achusetts)? Ave(?:nue)?,?\s+Cambridge)/;
/**
 * A documentation's made-up town or street ("100 Main Street, Anytown, USA", "123 Any Street"),
 * and the head offices documentation uses for an example ("addressLines: ['1600 Amphitheatre
 * Pkwy']" in the Google Cloud CLI's pages; Apple's, Microsoft's, Amazon's, Meta's, the White House).
 */
const EXAMPLE_PLACE = /\b(?:Any ?town|Anywhere|Any ?Street|Any ?City|Somewhere|Exampleville)\b|^(?:1600 Amphitheatre P(?:kwy|arkway)|1 Infinite Loop|(?:1|One) Apple Park Way|(?:1|One) Microsoft Way|410 Terry Ave(?:nue)? N|(?:1|One) Hacker Way|1600 Pennsylvania Ave(?:nue)?(?: NW)?)\b/i;
/**
 * A website right after the address: a business sends its readers there ("Please contact Oracle,
 * 500 Oracle Parkway, Redwood Shores, CA 94065 USA or visit www.oracle.com", in every file of a
 * JDK's src.zip); nobody writes a web address after a person's home. (Between them: a comment's leader, `.\\"` in a
 * man page's source.)
 */
const WEBSITE_AFTER = /^[\s,.;:*#/\\"'%-]*(?:USA|U\.S\.A\.|United States)?[\s,.;:*#/\\"'%-]*(?:(?:or|and)\s+)?(?:(?:visit|see)\s+(?:us\s+at\s+)?|\(?)(?:www\.|https?:\/\/)/i;


/**
 * A year and a name in a list of copyright holders, whose surname is a street's suffix ("2016
 * Iain Lane <iain@…>" in systemd's copyright file, "(c) 2011 Gary Court.", " 2001 Hidetoshi
 * Tajima\n 2021 Iain Lane\n 2018-2021 Igalia S.L" in GLib's): the number is a year, and an e-mail
 * address follows, or a copyright sign or a range of years stands within three lines.
 */
const YEAR_HOUSE = /^(?:19|20)\d\d /;
const EMAIL_AFTER = /^[ \t]*<[^\s<>@]+@/;
const COPYRIGHT_NEAR = /\(c\)|©|\bcopyright\b|(?:^|\n)[ \t]*(?:19|20)\d\d[ \t]*[-–,][ \t]*(?:19|20)?\d\d\b/i;
function copyrightHolder(text: string, start: number, end: number): boolean {
  if (!YEAR_HOUSE.test(text.slice(start, end))) return false;
  if (EMAIL_AFTER.test(text.slice(end, end + 64))) return true;
  let from = start;
  let to = end;
  for (let k = 0; k < 4 && from > 0; k++) from = prevFeed(text, from - 1) === -1 ? 0 : prevFeed(text, from - 1);
  for (let k = 0; k < 4 && to < text.length; k++) to = nextFeed(text, to + 1) === -1 ? text.length : nextFeed(text, to + 1);
  return COPYRIGHT_NEAR.test(text.slice(from, to));
}

/**
 * An English word ending in "ring" before a number: a season, a course or a gerund ("Spring
 * 2024", "Offering 3", "Microengineering 2, pp. 141-157", "String 1"), a name's part ("Apple's
 * Wellspring 5" touchpads), a heading's compound ("Format-String 1.2" in a manual's contents).
 */
const ENGLISH_RING = /^(?:[\p{L}-]*[eiou]ring|(?:[\p{L}-]*-)?(?:Sp|St|B|Offsp|Subst|Keyr|Earr|Herr)ring|\p{L}+spring)\s/iu;

/** Street addresses by rule (US/UK, PO boxes, German/Dutch/Nordic and French/Italian/Spanish forms). */
/** Kinds of address as keys name them, for their forms run together ("homeaddress", "billingAddress"). */
export const ADDRESS_KINDS = ["home address", "street address", "mailing address", "postal address", "billing address", "shipping address"];

const POSTCODE_TOWN_END = new RegExp(String.raw`${POSTCODE_TOWN}$`, "u");

/**
 * A street of any name, its house number, then on the same line a postcode and a town after a
 * comma, as German, Dutch, French, Italian and Spanish addresses are written in running text and
 * after a label: "Am Stadtpark 3, 04109 Leipzig", "Anschrift: Rosenhügel 14, 81377 München",
 * "Adres: Westersingel 88, 3015 LD Rotterdam". The street's words start with a capital or are
 * its particles ("Am alten Markt", "Laan van Meerdervoort"); the postcode is one of five digits
 * or a Dutch one, the town ends the value. (The same two parts on two lines are `BLOCK`.) Without
 * a street's kind anything numbered has this shape ("Kapitel 3, 12345 Treffer"): a town the
 * gazetteer knows makes it an address (0.5), otherwise only an address word near does (0.3).
 */
const STREET_POSTCODE_TOWN = new RegExp(
  String.raw`(?<![\p{L}\p{N}_.'’-])\p{Lu}[\p{L}'’.-]*(?:[ \t]+(?:\p{Lu}[\p{L}'’.-]*|am|an|auf|im|der|den|dem|alten|van|de|het|la|le|les|des|du|di|del|della|dei)){0,3}[ \t]+[1-9]\d{0,3}[a-zA-Z]?(?:[-/]\d{1,3})?,[ \t]+(?:\d{5}|\d{4}[ \t]?[A-Z]{2})[ \t]+(\p{Lu}[\p{L}'’-]*(?:[ \t]+(?:am|an|im|sur|(?:an[ \t]+der)|\p{Lu}[\p{L}'’-]*)){0,2})(?=[ \t]*(?:[,.;)]|\r?\n|$))`,
  "gu",
);
function streetPostcodeTown(text: string): Candidate[] {
  if (!/\d{4}/.test(text)) return [];
  const out: Candidate[] = [];
  STREET_POSTCODE_TOWN.lastIndex = 0;
  for (let m = STREET_POSTCODE_TOWN.exec(text); m !== null; m = STREET_POSTCODE_TOWN.exec(text)) {
    const town = m[1]!;
    out.push({ start: m.index, end: m.index + m[0].length, score: isKnownPlace(town, SMALL_TOWN_POPULATION) ? 0.5 : 0.3, validation: "address_with_postcode" });
  }
  return out;
}

export const streetAddress: Detector = {
  id: "street_address",
  type: "ADDRESS",
  area: "ner",
  category: "location",
  description: "Street address (rules: number + street + suffix, unit, city/state/ZIP or postcode)",
  patterns: [
    { name: "number street suffix", regex: re(US_UK), score: 0.6 },
    { name: "number street other USPS suffix", regex: re(US_UK_MORE), score: 0.35 },
    { name: "po box", regex: re(PO_BOX, "i"), score: 0.5 },
    { name: "continental", regex: re(CONTINENTAL, "u"), score: 0.55 },
    { name: "romance", regex: re(ROMANCE, "iu"), score: 0.55 },
    // ("Plaza Suite 3", "Camino Real 2", "Largo Allegro 2" are titles: alone, too weak)
    { name: "kind first", regex: re(KIND_FIRST, "u"), score: 0.3 },
    // (multiline: "^" is a line's start, found faster than a look-behind at every position)
    { name: "address block", regex: re(BLOCK, "mu"), score: 0.55 },
  ],
  // With an address word near, an address outranks the place NER finds inside it (0.4 + 0.35).
  contextBoost: 0.45,
  context: ["address", "street", "addr", "lives", "residence", "ship", "shipping", "mailing", "billing", "home", "deliver", "delivery", "anschrift", "adresse", "dirección", "direccion", "domicilio", "indirizzo", "residenza", "endereço", "morada", "adres", "wohnhaft", "wohnort", "domicile",
    // (the words of a contract's party or a report's person before their street: "residente a Milano, in Corso Buenos Aires 77", "wonende aan de Kerkstraat 14", "demeurant 12, rue de la Paix", "sita en Calle Sierpes 48")
    "residente", "domiciliato", "domiciliata", "wonende", "woonachtig", "demeurant", "domicilié", "domiciliée", "sita", "sito",
    ...ADDRESS_KINDS],
  prefilter: { letter: true, minDigits: 1 },
  // Copyright lines list years and names ("2012 B. Poettering", "2021 Iain Lane").
  negativeContext: ["copyright", "rights"],
  find(text): Candidate[] {
    return [...patternCandidates(streetAddress, text), ...streetPostcodeTown(text)].map((c) =>
      ORGANISATION_BEFORE.test(text.slice(Math.max(0, c.start - 64), c.start)) || WEBSITE_AFTER.test(text.slice(c.end, c.end + 48)) || FSF_ADDRESS.test(text.slice(c.start, c.end + 16))
        ? { ...c, score: 0.1, validation: "organisation_address", fixed: true }
        : EXAMPLE_PLACE.test(text.slice(c.start, c.end + 24))
          ? { ...c, score: 0.01, validation: "documentation_example", fixed: true }
        : copyrightHolder(text, c.start, c.end)
          ? { ...c, score: 0.01, validation: "copyright_holder", fixed: true }
          : c,
    );
  },
  validate(value) {
    // Italian "Via Roma 1" is written with a capital; "3 via UPS" and "2003 VIA Technologies" are not streets.
    if (/\b(?:via|VIA)\b/.test(value)) return false;
    // A "-ring" street is German ("Hohenzollernring 12", "Europaring 5"); an English word ending in "ring" is none.
    if (ENGLISH_RING.test(value)) return false;
    // A ZIP code or postcode completing the address is strong evidence.
    const full = /\d{5}(?:-\d{4})?$|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}$/.test(value.trim()) || POSTCODE_TOWN_END.test(value);
    return { validation: full ? "address_with_postcode" : null, score: full ? 0.85 : undefined };
  },
};

/**
 * The spans of an organisation's or a documentation's address in `text` ("Free Software
 * Foundation, Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA"; "Oracle, 500 Oracle
 * Parkway, Redwood Shores, CA 94065 USA or visit www.oracle.com"): NER reads its street as a
 * person ("Franklin St") and its town as a place ("Redwood Shores"), in every file that carries
 * the notice, and neither is anyone's.
 */
export function organisationAddresses(text: string): Array<[number, number]> {
  if (!/\d/.test(text)) return [];
  return streetAddress.find!(text)
    .filter((c) => c.validation === "organisation_address" || c.validation === "documentation_example")
    .map((c) => [c.start, c.end]);
}

/** Candidates that do not overlap an organisation's address (`organisationAddresses`). */
export function outsideOrganisationAddresses(text: string, found: Candidate[]): Candidate[] {
  if (found.length === 0) return found;
  const spans = organisationAddresses(text);
  return spans.length === 0 ? found : found.filter((c) => !spans.some(([s, e]) => c.start < e && s < c.end));
}
