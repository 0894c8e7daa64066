import type { Candidate, Detector } from "../core/types.ts";
import { FORM_FIELD_WORD, FORM_NAME, NAME, NO_VALUE, namedPerson, SUFFIX, TITLE, companyAfter, formHeading, formReading, givenNameAlsoWord, isOrganisationWord, isParticle, mayBePerson, namesOrUnknown, startsWithVerb } from "./name_shape.ts";
import { NAME_TAGS, englishWord, tagsOf } from "./lexicon.ts";
import { nextFeed, prevFeed } from "../core/lines.ts";

/**
 * A name's label: "Name", or a key that names a person's name, written as a data file writes it
 * ("customerName", "patient_name", "FULL_NAME", "Contact name"). Only people's words lead the
 * compound: "userName: Admin", "displayName" or "className" name no person.
 */
const WHO = String.raw`(?:[Cc]ustomer|[Cc]lient|[Ee]mployee|[Pp]atient|[Cc]ontact|[Aa]pplicant|[Tt]enant|[Cc]ardholder|[Bb]eneficiary|[Rr]ecipient|[Ss]pouse|[Oo]wner|[Hh]older|[Pp]erson|[Mm]ember|[Ss]tudent|[Gg]uest|[Pp]assenger|[Ff]ull|[Ff]irst|[Mm]iddle|[Ll]ast|[Gg]iven|[Ff]amily|[Mm]aiden|[Ss]ur|[Ff]ore|[Cc]hristian)`;
/**
 * Labels of a person that say no "name": an account's or a card's holder, an owner ("owner=Jean
 * Dupont" in a config, "Owner: Anna Schmidt" in a register) and the holder's or owner's word in
 * the other languages ("Titulaire :", "Inhaber:", "Titular:", "Eigentümer:", "Właściciel:"). The
 * value must still pass the lexicon as after "Name:" ("owner: Socket Connection" does not).
 */
const HOLDER = String.raw`(?:[Aa]ccount|[Cc]ard)[ \t_]?[Hh]older|ACCOUNT_?HOLDER|[Cc]ardholder|[Kk]ontoinhaber(?:in)?|[Oo]wner|OWNER|[Tt]itulaire|TITULAIRE|[Tt]itular|TITULAR|[Tt]itolare|TITOLARE|[Ii]nhaber(?:in)?|INHABER|[Ee]igent[üu]mer(?:in)?|EIGENT[ÜU]MER|[Pp]ropri[ée]taire|PROPRI[ÉE]TAIRE|[Ee]igenaar|EIGENAAR|[Ww]łaściciel|WŁAŚCICIEL`;
/**
 * "Name", "given name", "surname" in the languages of the national identifiers, as written and in
 * capitals ("NOM :", "PRÉNOMS :" on a French form), a given name's label in the plural too ("Prénoms").
 */
const FOREIGN = String.raw`[Nn]om|NOM|[Pp]r[ée]noms?|PR[ÉE]NOMS?|[Nn]ombres?|NOMBRES?|[Aa]pellidos?|APELLIDOS?|[Nn]omes?|NOMES?|[Cc]ognoms?|COGNOMS?|[Cc]ognome|COGNOME|[Nn]aam|NAAM|[Aa]chternaam|ACHTERNAAM|[Gg]eslachtsnaam|GESLACHTSNAAM|[Vv]oorna(?:am|men)|VOORNA(?:AM|MEN)|[Vv]orname|VORNAME|[Nn]achname|NACHNAME|[Ii]mi[eę]|IMI[EĘ]|[Nn]azwisko|NAZWISKO`;
/** A document's author or signer: "Author:", "Prepared by:", "Approved by:" (a report's page header, a form's footer, a file's header comment). */
const AUTHOR = String.raw`[Aa]uthor|AUTHOR|(?:[Pp]repared|[Ww]ritten|[Cc]reated|[Cc]ompiled|[Ss]igned|[Aa]pproved|[Rr]eviewed|[Cc]hecked)[ \t]+by|(?:PREPARED|WRITTEN|CREATED|COMPILED|SIGNED|APPROVED|REVIEWED|CHECKED)[ \t]+BY`;
/** Any of the labels above, as a person cue reads it. */
// (a given name's label in the plural or with its "(s)": "Given names:", "GIVEN NAME(S):" on a passport's form)
const LABEL = String.raw`(?:(?:${WHO}(?:[ \t_]?(?=[Nn]ame))|(?:CUSTOMER|CLIENT|EMPLOYEE|PATIENT|CONTACT|FULL|FIRST|LAST|SUR|GIVEN|FAMILY|FORE)[ _]?(?=NAME))?(?:[Nn]ame|NAME)(?:s|S|\([Ss]\))?|${HOLDER}|${FOREIGN}|${AUTHOR})`;
/** A surname's label, and a given name's, as a combined label joins them ("Nom et prénom :", "Nachname/Vorname:", "Last name, First name:"). */
const SURNAME_PART = String.raw`(?:[Ss]ur|[Ll]ast|[Ff]amily)[ \t_]?[Nn]ames?|(?:SUR|LAST|FAMILY)[ _]?NAMES?|[Nn]om|NOM|[Nn]achname|NACHNAME|[Cc]ognoms?|COGNOMS?|[Cc]ognome|COGNOME|[Aa]pellidos?|APELLIDOS?|[Aa]chternaam|ACHTERNAAM|[Gg]eslachtsnaam|GESLACHTSNAAM|[Nn]azwisko|NAZWISKO`;
const GIVEN_PART = String.raw`(?:[Ff]irst|[Gg]iven|[Cc]hristian)[ \t_]?[Nn]ames?|(?:FIRST|GIVEN)[ _]?NAMES?|[Ff]orenames?|FORENAMES?|[Pp]r[ée]noms?|PR[ÉE]NOMS?|[Vv]ornamen?|VORNAMEN?|[Vv]oorna(?:am|men)|VOORNAAM|[Ii]mi[eę]|IMI[EĘ]|[Nn]ombres?|NOMBRES?|[Nn]ome|NOME`;
const END = String.raw`(?=${SUFFIX}?[ \t]*(?:[,:;!]|\r?\n|$))`;
/**
 * Where a form's value ends: a mark, the sentence's or the line's end, the next "key=" of a log
 * line, or a tab or a wider gap before the next field on the line ("Nom : Dupont  Date de
 * naissance : …", "Nom:\tDupont\tPrénom:\tJean").
 */
const VALUE_END = String.raw`(?=${SUFFIX}?[ \t]*(?:[,;:!)\]]|\.(?!\p{L})|\r?\n|$)|[ \t]+[A-Za-z_][\w.-]*=|&[A-Za-z_][\w.[\]-]*=|(?:\t|[ ]{2})[ \t]*[^\s])`;
// The greetings' cues start with their words, so the scan jumps from one "D"/"H"/"R"/… to the
// next instead of testing a look-behind at every position; the name is group 1. (So does an author tag's "@".)
const GREETINGS: RegExp[] = [
  // Salutation: "Dear Ms. Hoeger-Towne,"
  String.raw`\b(?:Dear|Hello|Hi)[ \t]+${TITLE}?(${NAME})${END}`,
  // Signature under a closing: "Kind regards,\nMalvina DuBuque"
  String.raw`\b(?:[Rr]egards|[Ss]incerely|[Ff]aithfully|[Cc]heers|[Yy]ours(?:[ \t]+(?:truly|sincerely))?|[Bb]est(?:[ \t]+wishes)?|[Tt]hanks|[Tt]hank[ \t]+you)[,.!]?[ \t]*\r?\n(?:[ \t]*\r?\n)?[ \t]*${TITLE}?(${NAME})(?=${SUFFIX}?[ \t]*(?:\r?\n|$))`,
  // A documentation comment's author tag: "@author John Chadwick" (Javadoc, JSDoc, PHPDoc), the
  // name before the line's end, an address or a comma. (Other "@" commands name no one: "@name Alias Queries".)
  // ("@" first, the look-behind after it: a scan for "@", not a look-behind at every position)
  String.raw`@(?<![\w@]@)author[ \t]+${TITLE}?(${NAME})(?=${SUFFIX}?[ \t]*(?:[,<(]|\r?\n|\*\/|$))`,
].map((src) => new RegExp(src, "gdu"));

/**
 * Cues that say a person's name follows whatever its words: a mail header's display name before
 * its address ("From: Chukwuemeka Okafor <c.okafor@…>", "An: Anna Weber <…>"), the name under a
 * mail's signature separator ("--\nThandiwe Mokoena"), a letter's "Dear" before one given name
 * and a comma ("Dear Oluwaseun,"). A name the lexicon does not know is taken here when no word of
 * it is an English word (`namesOrUnknown`): the names of Nigeria, Vietnam or India, which
 * `mayBePerson` cannot vouch for.
 */
const NAMING: RegExp[] = [
  String.raw`(?<=(?:^|\n)[ \t>]*)(?:From|To|Cc|CC|Bcc|Reply-To|Sender|Von|An|De|À|Para|Da|A|Van|Aan)[ \t]*:[ \t]+"?${TITLE}?(${NAME})"?[ \t]*<[^\s<>@]+@`,
  String.raw`(?<=(?:^|\n))--[ ]?\r?\n[ \t]*${TITLE}?(${NAME})(?=${SUFFIX}?[ \t]*(?:\r?\n|$))`,
  String.raw`\bDear[ \t]+(\p{Lu}\p{Ll}{2,}(?:-\p{Lu}\p{Ll}+)?)(?=[ \t]*[,!:][ \t]*\r?\n)`,
].map((src) => new RegExp(src, "gdu"));
/** Whether a name after a `NAMING` cue is one: as after any cue, or of words that are no English word, one to four. */
const namingValue = (value: string): boolean => mayBePerson(value, true) || (value.split(/[ \t]+/).length <= 4 && !/^\p{Lu}+$/u.test(value) && namesOrUnknown(value));

// Label: "Name: Golden Hessel", "my name is Conner Deckow-Bruen.", a table's "Name\tAnna Smith";
// not a title ("Name Server Operations", "Service Name Lookup Hangs"), not a compound key
// ("Upstream-Name: Apache Maven" in Debian's copyright files), not before a dotted name ("name:
// Use Node.js" in a CI workflow). Glued to its key by "=" as logs and properties write it
// ("customer_name=Drew Bernier", "name=Mose Schowalter"), but not a desktop file's "Name=Foo
// Viewer" nor an environment variable's "NAME=". The name ends the line, the sentence, or the
// value before the next key ("name=Mose Schowalter id=7").
// (a form's value may be in capitals, or open with its particles: "NOM : DUPONT", "Achternaam: van der Berg"; `formReading` reads it)
/**
 * Whose name a form's label asks for, written after it: "Naam ouder:", "Achternaam leerling:",
 * "Nom du père :", "Nome della madre:", "Name des Kindes:", "Nazwisko ojca:", "Name of parent:".
 */
const WHOSE = String.raw`(?:[ \t]+(?:ouder|leerling|kind|moeder|vader|verzorger|partner|aanvrager|huurder|werknemer|du[ \t]+père|de[ \t]+la[ \t]+mère|de[ \t]+l['’](?:enfant|élève)|del[ \t]+padre|della[ \t]+madre|de[ \t]+la[ \t]+madre|del[ \t]+alumno|dell['’]alunno|do[ \t]+pai|da[ \t]+mãe|do[ \t]+aluno|des[ \t]+Kindes|der[ \t]+Mutter|des[ \t]+Vaters|des[ \t]+Schülers|der[ \t]+Schülerin|ojca|matki|dziecka|ucznia|of[ \t]+(?:the[ \t]+)?(?:parent|child|pupil|student|guardian|mother|father|spouse|applicant)))`;
const LABELLED = new RegExp(String.raw`(?<![\p{L}\p{M}\p{N}_])(?<![\p{L}]-)${LABEL}${WHOSE}?(?:[ \t]+is[ \t]*[:=]?[ \t]+|[ \t]*[:=][ \t]+|(?<!\b(?:Name|NAME))=|\t[ \t]*|[ ]{2,})${TITLE}?(${FORM_NAME})${VALUE_END}`, "dyu");
/**
 * A combined label and the name in its order: "Nom et prénom : DUPONT Jean", "Nachname/Vorname:
 * Müller, Anna", "Last name, First name: Smith, John", "Cognome e nome: Rossi Mario". Groups 1
 * and 2: the labels; 3: the whole value.
 */
const COMBINED = new RegExp(String.raw`(?<![\p{L}\p{M}\p{N}_])(${SURNAME_PART}|${GIVEN_PART}|[Nn]ame|NAME)(?:[ \t]*[,/&+][ \t]*|[ \t]+(?:et|und|y|e|i|en|and|ET|UND|Y|E|I|EN|AND)[ \t]+)(${SURNAME_PART}|${GIVEN_PART})(?:\([Ss]\))?[ \t]*[:=][ \t]*(${FORM_NAME}(?:[ \t]*,[ \t]*${FORM_NAME})?)${VALUE_END}`, "dyu");
// A label with no colon, as a ticket or a chat writes it: after an article, a possessive or an
// opening parenthesis, the name right after ("the Name Heber Gorczany for this person", "(Name
// Perry Abbott)", "with the patient name Ana Ruiz,"); before a small word, a sentence's end or a
// closing parenthesis. (Without them, "Name Server Operations" is a title, as above.)
const ADJACENT = new RegExp(String.raw`(?<=(?:\b(?:[Tt]he|[Hh]is|[Hh]er|[Tt]heir|[Oo]ur|[Yy]our|[Mm]y|[Ww]ith|[Aa]nd)[ \t]+|\())${LABEL}[ \t]+${TITLE}?(${NAME})(?=${SUFFIX}?(?:[ \t]*(?:[,;!)\]]|\.(?!\p{L})|\r?\n|$)|[ \t]+\p{Ll}))`, "dyu");
// A form's label alone on its line and the name alone on the next: "Name\nDeangelo Hackett".
const BELOW = new RegExp(String.raw`[ \t]*${LABEL}[ \t]*:?[ \t]*\r?\n[ \t]*${TITLE}?(${FORM_NAME})(?=${SUFFIX}?[ \t]*(?:\r?\n|$))`, "dyu");
// A CSV row of a label and its value, as key-value exports write them: "Name,Tiara Gislason,active",
// "\"Customer name\",\"Drew Bernier\"". The label starts the line; the name is a whole field.
const ROW = new RegExp(String.raw`[ \t]*"?${LABEL}"?[ \t]*,[ \t]*"?${TITLE}?(${FORM_NAME})(?=${SUFFIX}?"?[ \t]*(?:,|\r?\n|$))`, "dyu");
/**
 * A piece every label holds ("Name" of "customerName", "older" of "Account holder", "nom" of
 * "Prénom"). The label cues are tried only where one occurs: at the start of its word, of the
 * word before ("Account holder") and of its line. (Tried at every word of a text, the label's
 * expression took twice its time before the keys, holders and other languages were added.)
 */
const PIECE = /[Nn]ame|NAME|older|OLDER|[Ii]nhaber|INHABER|wner|WNER|itula|ITULA|itola|ITOLA|igent[üu]m|IGENT[ÜU]M|ropri[ée]t|ROPRI[ÉE]T|igenaar|IGENAAR|łaściciel|ŁAŚCICIEL|[Nn]om|NOM|pellido|PELLIDO|aam|AAM|[Ii]mi[eę]|IMI[EĘ]|azwisko|AZWISKO|uthor|UTHOR|[Bb][Yy](?=[ \t]*[:=\t])/gu;
/**
 * Words of things before a bare "Name" label, which then names that thing, not a person: a
 * system report's header ("Report Name:   Spine Labels", "Job Name: Nightly Backup"), an
 * inventory's ("Server Name: Atlas Prime", "Printer Name: Floor Three"). People's labels with a
 * word before "Name" ("Print Name:", "Account Name:", "Legal Name:") are not among them.
 */
const THING_BEFORE = /(?<![\p{L}\p{N}])(?:report|file|host|server|printer|device|computer|machine|network|domain|database|table|column|field|class|module|package|function|method|variable|project|product|brand|company|business|event|job|task|queue|topic|bucket|folder|directory|document|template|course|program|item|model|display|service|application|app|site|store|branch|group|role|team|policy|rule|profile|workspace|cluster|instance|node|volume|share|drive|font|style|layer|sheet|tab|view|index|license|licence|plugin|dependency|artifact|distribution|repository|organization|organisation|parent|system|extension)[ \t_-]*$/iu;
/** A label of the surname alone: "Surname:", "last_name=", "Nom :", "Nachname:", "Cognome", Catalan's "Cognoms", "Apellidos", "Achternaam", Dutch certificates' "Geslachtsnaam", "Nazwisko" (and in capitals). */
const SURNAME_LABEL = /^[\s"]*(?:(?:[Ss]ur|[Ll]ast|[Ff]amily|[Mm]aiden)[ \t_]?[Nn]ame|(?:SUR|LAST|FAMILY|MAIDEN)[ _]?NAME|(?:[Nn]om|NOM)(?!\p{L})|[Nn]achname|NACHNAME|[Cc]ognoms?|COGNOMS?|[Cc]ognome|COGNOME|[Aa]pellidos?|APELLIDOS?|[Aa]chternaam|ACHTERNAAM|[Gg]eslachtsnaam|GESLACHTSNAAM|[Nn]azwisko|NAZWISKO)/u;
/** A label of the given names alone: "First name", "Given name(s)", "Forename", "Prénom(s)", "Vorname", "Voornaam", "Imię" (and in capitals). */
const GIVEN_LABEL = /^[\s"]*(?:(?:[Ff]irst|[Gg]iven|[Cc]hristian|[Ff]ore)[ \t_]?[Nn]ames?|(?:FIRST|GIVEN|FORE)[ _]?NAMES?|[Pp]r[ée]noms?|PR[ÉE]NOMS?|[Vv]orname|VORNAME|[Vv]oorna(?:am|men)|VOORNA(?:AM|MEN)|[Ii]mi[eę]|IMI[EĘ])(?!\p{L})/u;
/**
 * "Nombre" and "Nome", a given name's label on a form that has asked the surname before ("Apellidos:
 * García López  Nombre: María", "Cognome: Rossi\nNome: Mario"); alone, any name's ("Nombre del archivo").
 */
const GIVEN_AFTER_SURNAME = /^[\s"]*(?:[Nn]ombres?|NOMBRES?|[Nn]ome|NOME)(?!\p{L})/u;
/** An owner's label in English: "owner=", "Owner:", "Product Owner:". */
const OWNER_LABEL = /^[\s"]*(?:[\p{L}]+[ \t_]+)?(?:[Oo]wner|OWNER)(?!\p{L})/u;
/**
 * A holder's or owner's label in another language: a company holds accounts and owns things too
 * ("Titular: Banco Santander", "Eigentümer: Stadtwerke München", "Właściciel: Orange Polska"), so
 * a word of the value must be a name the lexicon knows ("Titulaire : Jean Dupont").
 */
const FOREIGN_HOLDER = /^[\s"]*(?:[\p{L}]+[ \t_]+)?(?:[Tt]itulaire|TITULAIRE|[Tt]itular|TITULAR|[Tt]itolare|TITOLARE|[Ii]nhaber(?:in)?|INHABER|[Ee]igent[üu]mer(?:in)?|EIGENT[ÜU]MER|[Pp]ropri[ée]taire|PROPRI[ÉE]TAIRE|[Ee]igenaar|EIGENAAR|[Ww]łaściciel|WŁAŚCICIEL)(?!\p{L})/u;
/** Whether a word of `reading` is a name the lexicon knows (its accented forms too, lexicon.ts: "María"). */
function knownNameIn(reading: string): boolean {
  return reading
    .toLowerCase()
    .split(/[\s-]+/)
    .some((w) => tagsOf(w)?.some((t) => NAME_TAGS.has(t)) || givenNameAlsoWord(w));
}
/** The next field's label after a gap in a run: "  Prénom : Jean", "\tDate de naissance : …". */
const NEXT_FIELD = /^[ \t]+[^\s:=][^\n:=]{0,40}[:=]/;
const SURNAME_BEFORE = /(?<![\p{L}\p{M}])(?:[Aa]pellidos?|APELLIDOS?|[Cc]ognoms?|COGNOMS?|[Cc]ognome|COGNOME)[ \t]*[:=\t\n]/u;

/** Which part of a name a label asks for: the surname, the given names, or any ("Name:"). */
type Part = "surname" | "given" | "any";
function partOf(label: string, text: string, at: number): Part {
  if (SURNAME_LABEL.test(label)) return "surname";
  if (GIVEN_LABEL.test(label)) return "given";
  if (GIVEN_AFTER_SURNAME.test(label) && SURNAME_BEFORE.test(text.slice(Math.max(0, at - 200), at))) return "given";
  return "any";
}

/**
 * Whether a form's value is a name under its label. In capitals ("DUPONT Jean") each word must be
 * a name or no English word ("NAME: README FIRST" is none), and under "Name" one word alone a name
 * the lexicon knows ("NAME: NGINX"). Under a surname's or a given name's label one word (a
 * surname after its particles: "van der Berg") is that part of a name when `namesOrUnknown` says so.
 */
function formValue(part: Part, value: string, reading: string, label: string): boolean {
  if (formHeading(reading)) return false;
  // (the particles a surname opens with: "van der Berg", "de la Cruz Fernández"; in capitals, read in lower case)
  const core = reading.replace(/^(?:\p{Ll}+[ \t]+)+/u, "");
  const single = !/\s/.test(core);
  if (core !== reading) return part === "surname" && (single ? !isOrganisationWord(core) && !NO_VALUE.test(core) && !FORM_FIELD_WORD.test(core.toLowerCase()) : namesOrUnknown(core) || mayBePerson(core, true));
  // (several words in capitals: each a name or no English word, "NAME: README FIRST" is none; under a part's label, or a name's shape)
  if (reading !== value && !single) return namesOrUnknown(reading) || (part !== "any" && mayBePerson(reading, true));
  // (one word in capitals under any name's label: a name the lexicon knows, each half of it; "name\t\tTATAR-CYR" in X11's locale files is none)
  if (reading !== value && part === "any") return reading.toLowerCase().split("-").every((h) => tagsOf(h)?.some((t) => NAME_TAGS.has(t)) || givenNameAlsoWord(h));
  if (mayBePerson(reading, true) || (part === "surname" && surnameAlone(label, reading))) return true;
  return part !== "any" && single && namesOrUnknown(reading);
}

/**
 * Whether a value is a surname alone under its label: one word the lexicon does not know
 * ("Nachname: Pusch", "Nom : Lemoine"; most surnames are in no lexicon) and no word for no value
 * ("None"), where a lone word after any other label must be a name the lexicon knows.
 */
function surnameAlone(match: string, value: string): boolean {
  return SURNAME_LABEL.test(match) && !/\s/.test(value) && tagsOf(value.toLowerCase()) === null && !NO_VALUE.test(value) && !FORM_FIELD_WORD.test(value.toLowerCase());
}
/** A character of a word, a label's accented letters too ("Prénom", "Imię"). */
const WORD = /[\p{L}\p{M}\p{N}_]/u;

/** A key of a CI job or step (GitHub Actions, GitLab CI, Azure Pipelines) starting a line. */
const CI_KEY = /^[ \t]*(?:-[ \t]+)?(?:uses|run|runs-on|if|with|needs|steps|env|shell|working-directory|timeout-minutes|continue-on-error|strategy|permissions|script|stage|image|task|displayName)[ \t]*:/;

/**
 * Whether the line after the name's holds a CI job's or step's key: the name was its `name:`
 * ("- name: Setup Node\n  uses: actions/setup-node@v4", "name: Dependency Review\n  if: …").
 */
function ciStep(text: string, end: number): boolean {
  const eol = nextFeed(text, end);
  if (eol < 0) return false;
  const next = nextFeed(text, eol + 1);
  return CI_KEY.test(text.slice(eol + 1, next < 0 ? text.length : next));
}

/**
 * Whether the line after the name's is a table's rule ("Name          Calendar System\n *
 * -----------" in Java's sources): the label and the name were the table's column headers.
 */
function overRule(text: string, end: number): boolean {
  const eol = nextFeed(text, end);
  return eol >= 0 && RULE.test(text.slice(eol + 1, eol + 80));
}
const RULE = /^[ \t]*(?:[*#;]|\/\/)?[ \t]*[-=]{3,}[-=+| \t]*(?:\r?\n|$)/;

/** A heading a CV or a profile opens with, above its owner's name. */
const CV_HEADING = /^(?:curriculum[ \t]+vitae|cv|résumé|resume|lebenslauf|curriculum|profil|profile|perfil|profilo)$/i;
/**
 * A line of contact or address: a mail address, the dots and bars that part a profile's fields, a
 * phone's digits, a house's number beside a capitalised street ("221 Elmwood Drive", "Rua Oscar
 * Freire 1120"); not a year and a word ("2024 figures").
 */
const CONTACT_LINE = /[@·|•]|\+?\d[\d ()/.-]{6,}\d|\d+[a-zA-Z]?,?[ \t]+\p{Lu}|\p{Lu}\p{Ll}+[ \t]+\d/u;
const NAME_LINE = new RegExp(String.raw`^${NAME}$`, "u");
/**
 * The name a CV, a profile page or a letter's sender block opens with, alone on the text's first
 * line (past a "Curriculum Vitae" heading), a line of contact or address under it ("Priya
 * Raghunathan\n221 Elmwood Drive, Austin", "Dawid Szczepański\nPoznań · +48 …"). No cue word
 * stands before it, and compromise, reading no sentence, misses names it does not know (nor does
 * it see the text's start: NER reads windows around its seeds). Two to
 * four words of a name's shape that `namedPerson` does not veto ("Annual Report\n2024" is none).
 */
export function openingName(text: string): Candidate[] {
  // (the first lines that hold anything: where each starts, its words, its number among all lines)
  const lines: [number, string, number][] = [];
  let n = 0;
  for (let at = 0; at < text.length && lines.length < 5 && at < 2000; n++) {
    let nl = text.indexOf("\n", at);
    if (nl < 0) nl = text.length;
    const line = text.slice(at, nl).replace(/\r$/, "");
    if (line.trim() !== "") lines.push([at + line.length - line.trimStart().length, line.trim(), n]);
    at = nl + 1;
  }
  const first = lines.length > 0 && CV_HEADING.test(lines[0]![1]) ? 1 : 0;
  const [at, value, lineNo] = lines[first] ?? [0, "", 0];
  if (!NAME_LINE.test(value) || !/\s/.test(value) || value.split(/\s+/).length > 4) return [];
  if (!lines.slice(first + 1, first + 4).some(([, l]) => CONTACT_LINE.test(l))) return [];
  // (a word of it a name the lexicon knows, or contact right under it: a form's or a practice's
  // title of words no lexicon knows stands apart, a blank line under it, "Schadenmeldung
  // Hausratversicherung\n\nVersicherungsnehmer: …", "Huisartsenpraktijk De Linde\n\nGeachte collega")
  const next = lines[first + 1];
  const known = value.split(/[\s-]+/).some((w) => tagsOf(w.toLowerCase())?.some((t) => NAME_TAGS.has(t)) ?? false) || (next !== undefined && next[2] === lineNo + 1 && CONTACT_LINE.test(next[1]));
  return known && namedPerson(value, false) ? [{ start: at, end: at + value.length, score: 0.6, validation: "name_shape" }] : [];
}

/**
 * A name after a cue that introduces a person: the addressee after "Dear", the signature
 * under "Kind regards", the value after "Name:". NER, not knowing the name, often misses
 * these. The lexicon vetoes "Dear Customer", "Kind regards, The Support Team", "File name:
 * Final Report".
 */
export const personByCue: Detector = {
  id: "person_by_cue",
  type: "PERSON",
  area: "ner",
  category: "person",
  description: "Person name after a cue: salutation, signature, name label (name shape, lexicon veto)",
  patterns: [],
  context: ["dear", "hello", "regards", "sincerely", "faithfully", "yours", "cheers", "thanks", "best", "name", "surname", "holder", "cardholder", "kontoinhaber", "owner", "titulaire", "titular", "titolare", "inhaber", "eigentümer", "propriétaire", "eigenaar", "właściciel", "nom", "nombre", "apellido", "apellidos", "nome", "cognome", "cognom", "cognoms", "naam", "voornaam", "achternaam", "vorname", "nachname", "prénom", "prenom", "imię", "nazwisko", "author", "prepared by", "written by", "created by", "compiled by", "signed by", "approved by", "reviewed by", "checked by"],
  // ("nom" and "nome" with what may follow a label: as bare substrings they are in every text
  // about economy, anomalies or gnomes)
  prefilter: { keywords: ["@", "\n--\n", "\n-- \n", "\n--\r", "dear", "hello", "hi ", "regards", "sincerely", "faithfully", "yours", "cheers", "best", "thank", "name", "holder", "kontoinhaber", "owner", "titula", "titolare", "inhaber", "eigentümer", "eigentumer", "propriétaire", "proprietaire", "eigenaar", "właściciel", "nom ", "nom:", "nom=", "nom\t", "nom\n", "nom,", "prénom", "prenom", "nombre", "nome ", "nome:", "nome=", "nome\t", "nome\n", "nome,", "cognom", "apellido", "naam", "imie", "imię", "nazwisko", "author", "by:", "by\t", "by ="] },
  find(text): Candidate[] {
    const out: Candidate[] = openingName(text);
    /** Where a value ends: at a gap before the next field's label, or before a label run into it. */
    const valueEnd = (start: number, whole: number): number => {
      // (a tab inside the run parts two fields; a wider gap does when the next field's label follows:
      // "Nom : Dupont  Prénom : Jean", "Nom\tDupont\tPrénom\tJean", "Name\tAnna Smith\tActive")
      const gap = /\t|[ ]{2}/.exec(text.slice(start, whole));
      if (gap !== null && (text[start + gap.index] === "\t" || NEXT_FIELD.test(text.slice(start + gap.index, start + gap.index + 48)))) return start + gap.index;
      // (a last word right before a colon and a value on the same line is the next field's label:
      // "Name: John Smith Phone: 555", "reviewed by: Mike Fabian Bug: 3352", "Nom : Dupont Prénom : Jean";
      // not "Dear John Smith:\n")
      const labelAfter = /^[ ]?:[ \t]*[^\s]/.test(text.slice(whole, whole + 16)) ? /[ \t]+\S+$/.exec(text.slice(start, whole)) : null;
      return labelAfter ? whole - labelAfter[0].length : whole;
    };
    /** Whether the name-shaped run at [start, end) is a person's in its surroundings (the vetoes every cue shares). */
    const vetoed = (m: RegExpExecArray, start: number, end: number, value: string): boolean => {
      // `@name Alias Queries`, `\name Section Management`: a documentation command (Doxygen)
      const command = m.index > 0 && (text[m.index - 1] === "@" || text[m.index - 1] === "\\");
      return command || out.some((c) => c.start === start) || startsWithVerb(value) || companyAfter(text, end) || ciStep(text, end) || overRule(text, end);
    };
    const take = (m: RegExpExecArray | null, bare = false, form = false, row = false) => {
      if (m === null) return;
      const [start, whole] = m.indices![1]!;
      const end = valueEnd(start, whole);
      const value = text.slice(start, end);
      // (a row's field with more fields after it may be a header row's next label, "Nom,Prénom,Ville": one word there must be a known name)
      const part = !form ? "any" : row && /^"?[ \t]*,/.test(text.slice(end, end + 4)) ? "any" : partOf(m[0], text, m.index);
      const reading = form ? formReading(value, part !== "any") : value;
      // (another field's label, as a column of labels or a header row holds it: "NOM\nPRÉNOM")
      if (reading === null || (form && FORM_FIELD_WORD.test(reading.toLowerCase())) || vetoed(m, start, end, value)) return;
      if (!(form ? formValue(part, value, reading, m[0]) : mayBePerson(value, true) || surnameAlone(m[0], value))) return;
      // (a label without a colon is a weak cue: no word of the name may be an English word that is no
      // name, "the Name Lookup Table below"; so is an owner's, of objects in code too, "owner: Socket Connection")
      const weak = bare || OWNER_LABEL.test(m[0]);
      if (weak && reading.toLowerCase().split(/[\s-]+/).some((w) => !isParticle(w) && englishWord(w) && !tagsOf(w)?.some((t) => NAME_TAGS.has(t)) && !givenNameAlsoWord(w))) return;
      if (FOREIGN_HOLDER.test(m[0]) && !knownNameIn(reading)) return;
      if (m[0].startsWith("N") || m[0].startsWith("n")) {
        // (a bare "Name" after a thing's word names that thing: "Report Name: Spine Labels")
        if (THING_BEFORE.test(text.slice(Math.max(0, m.index - 32), m.index))) return;
      }
      out.push({ start, end, score: 0.6, validation: "name_shape" });
    };
    /** A combined label's value: one name, or the surname and the given names apart ("Müller, Anna"), each read under its own label. */
    const takeCombined = (m: RegExpExecArray | null) => {
      if (m === null) return;
      const [start, whole] = m.indices![3]!;
      const end = valueEnd(start, whole);
      const value = text.slice(start, end);
      const reading = formReading(value, true);
      if (reading === null || vetoed(m, start, end, value)) return;
      const comma = value.indexOf(",");
      /** A half of "Müller, Anna" under its own label: the label, where the half starts and ends in the value. */
      const halves: [string, number, number][] = [
        [m[1]!, 0, comma],
        [m[2]!, comma + 1, value.length],
      ];
      const ok =
        comma < 0
          ? !formHeading(reading) && (mayBePerson(reading, true) || namesOrUnknown(reading))
          : halves.every(([label, from, to]) => {
              const at = from + /^[ \t]*/.exec(value.slice(from, to))![0].length;
              // ("Nombre" beside "Apellidos" is the given name's label)
              const part = GIVEN_AFTER_SURNAME.test(label) ? "given" : partOf(label, text, m.index);
              return formValue(part, value.slice(at, to), reading.slice(at, to), label);
            });
      if (ok) out.push({ start, end, score: 0.6, validation: "name_shape" });
    };
    for (const rx of GREETINGS) {
      rx.lastIndex = 0;
      for (let m = rx.exec(text); m !== null; m = rx.exec(text)) take(m);
    }
    for (const rx of NAMING) {
      rx.lastIndex = 0;
      for (let m = rx.exec(text); m !== null; m = rx.exec(text)) {
        const [start, end] = m.indices![1]!;
        const value = text.slice(start, end);
        if (!out.some((c) => c.start < end && start < c.end) && !vetoed(m, start, end, value) && namingValue(value)) out.push({ start, end, score: 0.6, validation: "name_shape" });
      }
    }
    const tried = new Set<number>();
    const tryAt = (rx: RegExp, at: number) => {
      const key = at * 8 + (rx === BELOW ? 1 : rx === ROW ? 2 : rx === ADJACENT ? 3 : rx === COMBINED ? 4 : 0);
      if (tried.has(key)) return;
      tried.add(key);
      rx.lastIndex = at;
      if (rx === COMBINED) takeCombined(rx.exec(text));
      else take(rx.exec(text), rx === ADJACENT, rx !== ADJACENT, rx === ROW);
    };
    PIECE.lastIndex = 0;
    for (let p = PIECE.exec(text); p !== null; p = PIECE.exec(text)) {
      let word = p.index;
      while (word > 0 && WORD.test(text[word - 1]!)) word--;
      tryAt(COMBINED, word);
      tryAt(LABELLED, word);
      tryAt(ADJACENT, word);
      if (word > 1 && (text[word - 1] === " " || text[word - 1] === "\t") && WORD.test(text[word - 2]!)) {
        let before = word - 1;
        while (before > 0 && WORD.test(text[before - 1]!)) before--;
        tryAt(COMBINED, before);
        tryAt(LABELLED, before);
        tryAt(ADJACENT, before);
      }
      const line = prevFeed(text, p.index - 1) + 1;
      tryAt(BELOW, line);
      tryAt(ROW, line);
    }
    out.sort((a, b) => a.start - b.start);
    return out;
  },
};
