import type { Candidate, Detector } from "../core/types.ts";
import { NAME, SUFFIX, TITLE, companyAfter, isParticle, mayBePerson, startsWithVerb } from "./name_shape.ts";
import { NAME_TAGS, englishWord, tagsOf } from "./lexicon.ts";
import { nextFeed, prevFeed } from "../core/lines.ts";

/**
 * A name's label: "Name", or a key that names a person's name, written as a data file writes it
 * ("customerName", "patient_name", "FULL_NAME", "Contact name"). Only people's words lead the
 * compound: "userName: Admin", "displayName" or "className" name no person.
 */
const WHO = String.raw`(?:[Cc]ustomer|[Cc]lient|[Ee]mployee|[Pp]atient|[Cc]ontact|[Aa]pplicant|[Tt]enant|[Cc]ardholder|[Bb]eneficiary|[Rr]ecipient|[Ss]pouse|[Oo]wner|[Hh]older|[Pp]erson|[Mm]ember|[Ss]tudent|[Gg]uest|[Pp]assenger|[Ff]ull|[Ff]irst|[Mm]iddle|[Ll]ast|[Gg]iven|[Ff]amily|[Mm]aiden|[Ss]ur)`;
/** Labels of a person that say no "name": an account's or a card's holder. */
const HOLDER = String.raw`(?:[Aa]ccount|[Cc]ard)[ \t_]?[Hh]older|ACCOUNT_?HOLDER|[Cc]ardholder|[Kk]ontoinhaber(?:in)?`;
/** "Name", "given name", "surname" in the languages of the national identifiers. */
const FOREIGN = String.raw`[Nn]om|[Pp]r[ée]nom|[Nn]ombre|[Aa]pellidos?|[Nn]ome|[Cc]ognome|[Nn]aam|[Aa]chternaam|[Vv]orname|[Nn]achname|[Ii]mi[eę]|[Nn]azwisko`;
/** A document's author or signer: "Author:", "Prepared by:", "Approved by:" (a report's page header, a form's footer, a file's header comment). */
const AUTHOR = String.raw`[Aa]uthor|AUTHOR|(?:[Pp]repared|[Ww]ritten|[Cc]reated|[Cc]ompiled|[Ss]igned|[Aa]pproved|[Rr]eviewed|[Cc]hecked)[ \t]+by|(?:PREPARED|WRITTEN|CREATED|COMPILED|SIGNED|APPROVED|REVIEWED|CHECKED)[ \t]+BY`;
/** Any of the labels above, as a person cue reads it. */
const LABEL = String.raw`(?:(?:${WHO}(?:[ \t_]?(?=[Nn]ame))|(?:CUSTOMER|CLIENT|EMPLOYEE|PATIENT|CONTACT|FULL|FIRST|LAST|SUR)_?(?=NAME))?(?:[Nn]ame|NAME)|${HOLDER}|${FOREIGN}|${AUTHOR})`;
const END = String.raw`(?=${SUFFIX}?[ \t]*(?:[,:;!]|\r?\n|$))`;
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

// Label: "Name: Golden Hessel", "my name is Conner Deckow-Bruen.", a table's "Name\tAnna Smith";
// not a title ("Name Server Operations", "Service Name Lookup Hangs"), not a compound key
// ("Upstream-Name: Apache Maven" in Debian's copyright files), not before a dotted name ("name:
// Use Node.js" in a CI workflow). Glued to its key by "=" as logs and properties write it
// ("customer_name=Drew Bernier", "name=Mose Schowalter"), but not a desktop file's "Name=Foo
// Viewer" nor an environment variable's "NAME=". The name ends the line, the sentence, or the
// value before the next key ("name=Mose Schowalter id=7").
const LABELLED = new RegExp(String.raw`\b(?<![\p{L}]-)${LABEL}(?:[ \t]+is[ \t]*[:=]?[ \t]+|[ \t]*[:=][ \t]+|(?<!\b(?:Name|NAME))=|\t[ \t]*|[ ]{2,})${TITLE}?(${NAME})(?=${SUFFIX}?[ \t]*(?:[,;:!)\]]|\.(?!\p{L})|\r?\n|$)|[ \t]+[A-Za-z_][\w.-]*=)`, "dyu");
// A label with no colon, as a ticket or a chat writes it: after an article, a possessive or an
// opening parenthesis, the name right after ("the Name Heber Gorczany for this person", "(Name
// Perry Abbott)", "with the patient name Ana Ruiz,"); before a small word, a sentence's end or a
// closing parenthesis. (Without them, "Name Server Operations" is a title, as above.)
const ADJACENT = new RegExp(String.raw`(?<=(?:\b(?:[Tt]he|[Hh]is|[Hh]er|[Tt]heir|[Oo]ur|[Yy]our|[Mm]y|[Ww]ith|[Aa]nd)[ \t]+|\())${LABEL}[ \t]+${TITLE}?(${NAME})(?=${SUFFIX}?(?:[ \t]*(?:[,;!)\]]|\.(?!\p{L})|\r?\n|$)|[ \t]+\p{Ll}))`, "dyu");
// A form's label alone on its line and the name alone on the next: "Name\nDeangelo Hackett".
const BELOW = new RegExp(String.raw`[ \t]*${LABEL}[ \t]*:?[ \t]*\r?\n[ \t]*${TITLE}?(${NAME})(?=${SUFFIX}?[ \t]*(?:\r?\n|$))`, "dyu");
// A CSV row of a label and its value, as key-value exports write them: "Name,Tiara Gislason,active",
// "\"Customer name\",\"Drew Bernier\"". The label starts the line; the name is a whole field.
const ROW = new RegExp(String.raw`[ \t]*"?${LABEL}"?[ \t]*,[ \t]*"?${TITLE}?(${NAME})(?=${SUFFIX}?"?[ \t]*(?:,|\r?\n|$))`, "dyu");
/**
 * A piece every label holds ("Name" of "customerName", "older" of "Account holder", "nom" of
 * "Prénom"). The label cues are tried only where one occurs: at the start of its word, of the
 * word before ("Account holder") and of its line. (Tried at every word of a text, the label's
 * expression took twice its time before the keys, holders and other languages were added.)
 */
const PIECE = /[Nn]ame|NAME|older|OLDER|inhaber|[Nn]om|pellido|aam|[Ii]mi[eę]|azwisko|uthor|UTHOR|[Bb][Yy](?=[ \t]*[:=\t])/g;
/**
 * Words of things before a bare "Name" label, which then names that thing, not a person: a
 * system report's header ("Report Name:   Spine Labels", "Job Name: Nightly Backup"), an
 * inventory's ("Server Name: Atlas Prime", "Printer Name: Floor Three"). People's labels with a
 * word before "Name" ("Print Name:", "Account Name:", "Legal Name:") are not among them.
 */
const THING_BEFORE = /(?<![\p{L}\p{N}])(?:report|file|host|server|printer|device|computer|machine|network|domain|database|table|column|field|class|module|package|function|method|variable|project|product|brand|company|business|event|job|task|queue|topic|bucket|folder|directory|document|template|course|program|item|model|display|service|application|app|site|store|branch|group|role|team|policy|rule|profile|workspace|cluster|instance|node|volume|share|drive|font|style|layer|sheet|tab|view|index|license|licence|plugin|dependency|artifact|distribution|repository|organization|organisation|parent|system|extension)[ \t_-]*$/iu;
/** A label of the surname alone: "Surname:", "last_name=", "Nom :", "Nachname:", "Cognome", "Apellidos", "Achternaam", "Nazwisko". */
const SURNAME_LABEL = /^[\s"]*(?:(?:[Ss]ur|[Ll]ast|[Ff]amily|[Mm]aiden)[ \t_]?[Nn]ame|(?:SUR|LAST|FAMILY)_?NAME|[Nn]om(?!\p{L})|[Nn]achname|[Cc]ognome|[Aa]pellidos?|[Aa]chternaam|[Nn]azwisko)/u;

/**
 * Whether a value is a surname alone under its label: one word the lexicon does not know
 * ("Nachname: Pusch", "Nom : Lemoine"; most surnames are in no lexicon) and no word for no value
 * ("None"), where a lone word after any other label must be a name the lexicon knows.
 */
function surnameAlone(match: string, value: string): boolean {
  return SURNAME_LABEL.test(match) && !/\s/.test(value) && tagsOf(value.toLowerCase()) === null && !NO_VALUE.test(value);
}
/** A language's word for no value, which no lexicon knows as a word: "last_name = None" in Python, "surname: Null", "lastName = Undefined". */
const NO_VALUE = /^(?:none|null|nil|undefined|nan|void|empty|blank|missing|anonymous|redacted|withheld|tbd|tba|unset)$/i;
/** A character of a word as `\b` sees one. */
const WORD = /[A-Za-z0-9_]/;

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
  context: ["dear", "hello", "regards", "sincerely", "faithfully", "yours", "cheers", "thanks", "best", "name", "surname", "holder", "cardholder", "kontoinhaber", "nom", "nombre", "apellido", "apellidos", "nome", "cognome", "naam", "voornaam", "achternaam", "vorname", "nachname", "prénom", "prenom", "imię", "nazwisko", "author", "prepared by", "written by", "created by", "compiled by", "signed by", "approved by", "reviewed by", "checked by"],
  // ("nom" and "nome" with what may follow a label: as bare substrings they are in every text
  // about economy, anomalies or gnomes)
  prefilter: { keywords: ["dear", "hello", "hi ", "regards", "sincerely", "faithfully", "yours", "cheers", "best", "thank", "name", "holder", "kontoinhaber", "nom ", "nom:", "nom=", "nom\t", "nom\n", "nom,", "prénom", "prenom", "nombre", "nome ", "nome:", "nome=", "nome\t", "nome\n", "nome,", "apellido", "naam", "imie", "imię", "nazwisko", "author", "by:", "by\t", "by ="] },
  find(text): Candidate[] {
    const out: Candidate[] = [];
    const take = (m: RegExpExecArray | null, bare = false) => {
      if (m === null) return;
      const [start, whole] = m.indices![1]!;
      // (a last word right before a colon and a value on the same line is the next field's label:
      // "Name: John Smith Phone: 555", "reviewed by: Mike Fabian Bug: 3352"; not "Dear John Smith:\n")
      const labelAfter = /^:[ \t]*[^\s]/.test(text.slice(whole, whole + 16)) ? /[ \t]+\S+$/.exec(m[1]!) : null;
      const end = labelAfter ? whole - labelAfter[0].length : whole;
      const value = text.slice(start, end);
      // `@name Alias Queries`, `\name Section Management`: a documentation command (Doxygen)
      const command = m.index > 0 && (text[m.index - 1] === "@" || text[m.index - 1] === "\\");
      if (command || out.some((c) => c.start === start) || !(mayBePerson(value, true) || surnameAlone(m[0], value)) || startsWithVerb(value) || companyAfter(text, end) || ciStep(text, end) || overRule(text, end)) return;
      // (a label without a colon is a weak cue: no word of the name may be an English word that is no
      // name, "the Name Lookup Table below")
      if (bare && value.toLowerCase().split(/[\s-]+/).some((w) => !isParticle(w) && englishWord(w) && !tagsOf(w)?.some((t) => NAME_TAGS.has(t)))) return;
      if (m[0].startsWith("N") || m[0].startsWith("n")) {
        // (a bare "Name" after a thing's word names that thing: "Report Name: Spine Labels")
        if (THING_BEFORE.test(text.slice(Math.max(0, m.index - 32), m.index))) return;
      }
      out.push({ start, end, score: 0.6, validation: "name_shape" });
    };
    for (const rx of GREETINGS) {
      rx.lastIndex = 0;
      for (let m = rx.exec(text); m !== null; m = rx.exec(text)) take(m);
    }
    const tried = new Set<number>();
    const tryAt = (rx: RegExp, at: number) => {
      const key = at * 4 + (rx === BELOW ? 1 : rx === ROW ? 2 : rx === ADJACENT ? 3 : 0);
      if (tried.has(key)) return;
      tried.add(key);
      rx.lastIndex = at;
      take(rx.exec(text), rx === ADJACENT);
    };
    PIECE.lastIndex = 0;
    for (let p = PIECE.exec(text); p !== null; p = PIECE.exec(text)) {
      let word = p.index;
      while (word > 0 && WORD.test(text[word - 1]!)) word--;
      tryAt(LABELLED, word);
      tryAt(ADJACENT, word);
      if (word > 1 && (text[word - 1] === " " || text[word - 1] === "\t") && WORD.test(text[word - 2]!)) {
        let before = word - 1;
        while (before > 0 && WORD.test(text[before - 1]!)) before--;
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
