/**
 * The name of an institution that holds a place's or a person's name: a court ("Amtsgericht
 * Dortmund", "TRIBUNAL JUDICIAIRE DE MARSEILLE", "IN THE COUNTY COURT AT BIRMINGHAM"), a registry
 * office ("Standesamt Leipzig"), a consulate ("Consulat général de France"), a hospital
 * ("Hôpital Saint-Joseph", "ST. LUKE'S GENERAL HOSPITAL"), a school ("Riverside Primary School").
 * It names a building or an office, not where a person lives nor who they are: NER reads the
 * place or the saint in it as a LOCATION or a PERSON (bench/detect/handwritten.ts found these in
 * letters, summonses and certificates, in both its sets).
 */

/** A word in the forms documents write it: capitalised, in capitals (a letterhead, a heading), and in lower case where `lower`. */
const forms = (w: string, lower: boolean): string[] => [...new Set([w[0]!.toUpperCase() + w.slice(1), w.toUpperCase(), ...(lower ? [w] : [])])];
/**
 * An alternation of the words. An institution's kind is capitalised, as its name is: in lower
 * case it is prose ("went to school in Leeds", "a court in London" say where someone was).
 */
const alt = (words: string[], lower = true) =>
  words
    .flatMap((w) => forms(w, lower))
    .sort((a, b) => b.length - a.length)
    .join("|");

/** The kinds of institution that are named after their town or a saint, as they are written before the name. */
const BEFORE_KINDS = [
  // courts
  "court", "amtsgericht", "landgericht", "oberlandesgericht", "arbeitsgericht", "sozialgericht", "verwaltungsgericht", "finanzgericht", "tribunal", "tribunale", "juzgado", "audiencia", "cour", "rechtbank", "gerechtshof", "sąd", "sądu",
  // offices of a town or a state
  "standesamt", "finanzamt", "bürgeramt", "einwohnermeldeamt", "landratsamt", "jobcenter", "rathaus", "mairie", "préfecture", "prefecture", "ayuntamiento", "comune", "municipio", "município", "gemeente", "urząd", "câmara", "registro", "registre", "registry",
  // consulates and embassies
  "consulate", "consulat", "consulado", "consolato", "konsulat", "generalkonsulat", "embassy", "ambassade", "embajada", "ambasciata", "embaixada", "botschaft", "ambasada",
  // hospitals
  "hospital", "hôpital", "hopital", "ospedale", "krankenhaus", "klinikum", "universitätsklinikum", "klinik", "clinique", "clínica", "clinica", "ziekenhuis", "szpital", "infirmary",
  // schools and universities
  "university", "universität", "université", "universidad", "universidade", "università", "uniwersytet", "politecnico", "politechnika", "hochschule", "gymnasium", "grundschule", "realschule", "gesamtschule", "lycée", "collège", "école", "colegio", "escuela", "liceo", "scuola", "escola", "college", "school", "academy",
  // banks
  "sparkasse", "volksbank", "raiffeisenbank", "bank", "banque", "banca", "banco",
];
/** Words between the kind and the name: "Consulat général de", "Tribunal judiciaire de", "Juzgado de Primera Instancia de", "Consulado-Geral de". */
const BETWEEN = ["général", "générale", "generale", "general", "geral", "judiciaire", "judicial", "civil", "civile", "cantonal", "cantonale", "federal", "fédéral", "regional", "régional", "municipal", "municipale", "local", "provincial", "central", "rejonowy", "okręgowy", "county", "district", "primera", "instancia", "comarca"];
const CONNECTORS = ["of", "at", "in", "de", "du", "des", "de la", "di", "del", "della", "dello", "da", "do", "dos", "en", "em", "van", "für", "dla", "w", "we"];
const INSTITUTION_BEFORE = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${alt(BEFORE_KINDS, false)})(?:[ \t-]+(?:${alt(BETWEEN)}|${alt(CONNECTORS)})){0,4}[ \t-]+$`, "u");

/** The kinds written after the name: "Riverside Primary School", "St. Luke's General Hospital", "Boston Children's Hospital". */
const AFTER_KINDS = ["hospital", "hospitals", "infirmary", "clinic", "school", "academy", "college", "university", "council", "court", "library", "museum", "cathedral", "church", "gymnasium", "grundschule", "klinik", "klinikum", "krankenhaus"];
const INSTITUTION_AFTER = new RegExp(String.raw`^(?:[ \t]+(?:\p{Lu}[\p{L}'’]*|(?:${alt(["general", "primary", "secondary", "high", "grammar", "junior", "senior", "infant", "community", "memorial", "royal", "district", "county", "city", "children's", "children’s"])}))){0,2}[ \t]+(?:${alt(AFTER_KINDS, false)})(?![\p{L}\p{N}])`, "u");

/** Whether the words at [start, end) are part of an institution's name by the words before or after them. */
export function inInstitutionName(text: string, start: number, end: number): boolean {
  return INSTITUTION_BEFORE.test(text.slice(Math.max(0, start - 64), start)) || INSTITUTION_AFTER.test(text.slice(end, end + 64));
}

/**
 * A saint's name, of a church's, a hospital's or a school's: after "St."/"Saint" ("ST. LUKE'S",
 * "St Mary's"), or joined to it by a hyphen as French writes it ("Saint-Joseph", "Sainte-Anne").
 * The whole hyphened name is a town's as often ("Saint-Étienne"): the gazetteer tells those apart.
 */
const SAINT_BEFORE = /(?<![\p{L}\p{N}])(?:St|ST|Saint|SAINT|Sankt|SANKT)\.?[ \t]+$/u;
const SAINT_HYPHENED = /^(?:Saint|Sainte|SAINT|SAINTE|Sankt|San|Santa|Santo|São|Sint)-\p{Lu}/u;
export function saintsName(text: string, start: number, end: number): boolean {
  return SAINT_BEFORE.test(text.slice(Math.max(0, start - 8), start)) || SAINT_HYPHENED.test(text.slice(start, end));
}
