/**
 * What a written personal name looks like, for the rule-based PERSON detectors (a name alone in
 * a cell under a name column, a name after "Dear" or under "Kind regards"). compromise misses
 * names its lexicon does not know ("Lavada Zieme"); these rules do not need to know the name,
 * only its shape and where it stands. The lexicon still vetoes: a run of capitalised words of
 * which compromise knows some as ordinary words and none as a name ("Rustic Steel Keyboard",
 * "The Support Team") is not a person.
 */
import { NAME_TAGS, NOT_ASCII, commonWord, englishWord, tagsOf } from "./lexicon.ts";
import { escapeRegex } from "../core/regex.ts";
import { nextFeed, prevFeed } from "../core/lines.ts";

/**
 * An upper-case and a lower-case letter, each with the combining marks of a decomposed (NFD)
 * text after it: macOS's file names and some PDFs' text layers write "Jürgens" as "Ju\u0308rgens",
 * "François" as "Franc\u0327ois" (offsets are the text's own: no normalising before matching).
 */
const UPPER = String.raw`\p{Lu}\p{M}*`;
const LOWER = String.raw`\p{Ll}\p{M}*`;
/** One name word: capitalised, with inner capitals or apostrophes (McClure, DuBuque, O'Neil) and one hyphen (Hoeger-Towne). */
export const WORD = String.raw`${UPPER}(?:${LOWER})*(?:['’]?${UPPER}(?:${LOWER})+)*${LOWER}(?:-${UPPER}(?:${LOWER})*(?:['’]?${UPPER}(?:${LOWER})+)*${LOWER})?`;
/** Lower-case particles inside a name (Ludwig van Beethoven, Maria de la Cruz). */
export const PARTICLE = String.raw`(?:van|von|der|den|de|del|della|di|da|du|la|le|ter|ten|bin|al|dos|das)`;
/** An English title of a person, as a text or a form in capitals writes it ("Ms", "DR"). */
export const TITLE_WORD = String.raw`(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Dame|MR|MRS|MS|MISS|MX|DR|PROF|SIR|DAME)`;
const PARTICLE_WORD = new RegExp(`^${PARTICLE}$`);
/** Whether a lower-case word may stand inside a name ("van", "de", "bin"). */
export const isParticle = (word: string) => PARTICLE_WORD.test(word);
/**
 * The word joining two surnames in Spanish ("Ortega y Gasset", "García y López"), Portuguese
 * ("Silva e Sousa") and Catalan ("Puig i Soler"): only between a form's name words (`FORM_NAME`);
 * in running text it is a conjunction.
 */
const CONNECTOR = String.raw`(?:y|e|i)`;
const CONNECTOR_WORD = new RegExp(`^${CONNECTOR}$`);
/**
 * 1–4 name words, particles between them, one or two blanks apart (more are a table's columns:
 * "Kwork name                 Runtime     Delaytime" in perf's manual).
 */
export const NAME = String.raw`(?!${TITLE_WORD}(?![\p{L}]))${WORD}(?:[ \t]{1,2}(?:${PARTICLE}[ \t]{1,2}){0,2}${WORD}){0,3}`;
/**
 * A surname or a given name in capitals, as French administrative documents and many forms write
 * it ("DUPONT", "JEAN-PIERRE", "D'ALMEIDA"): two capitals or more, no lower-case letter after; not
 * the letters after a name ("MD", "III": `SUFFIX`).
 */
const CAPS_WORD = String.raw`(?!(?:II|III|IV|MD|DDS|DVM|PHD|ESQ|JR|SR)(?![\p{L}]))${UPPER}(?:['’]?${UPPER})+(?:-${UPPER}(?:['’]?${UPPER})+)?(?![\p{L}\p{M}])`;
/** The particles in capitals ("DE LA CRUZ", "VAN DER BERG"). */
const CAPS_PARTICLE = String.raw`(?:VAN|VON|DER|DEN|DE|DEL|DELLA|DI|DA|DU|LA|LE|TER|TEN|DOS|DAS)(?![\p{L}])`;
const ANY_PARTICLE = String.raw`(?:${PARTICLE}|${CAPS_PARTICLE})`;
/**
 * A name as a form's field holds it: `NAME`'s words, or words in capitals ("DUPONT Jean", "Jean
 * DUPONT", "GARCÍA LÓPEZ"), particles before it too ("van der Berg", "de la Cruz": a surname under
 * its own label), surnames joined by a `CONNECTOR` ("García y López"). `formReading` gives what the lexicon checks read of it.
 */
export const FORM_NAME = String.raw`(?!${TITLE_WORD}(?![\p{L}]))(?:${ANY_PARTICLE}[ \t]+){0,2}(?:${WORD}|${CAPS_WORD})(?:[ \t]{1,2}(?:(?:${ANY_PARTICLE}|${CONNECTOR})[ \t]{1,2}){0,2}(?:${WORD}|${CAPS_WORD})){0,3}`;
const TWO_CAPITALS = /\p{Lu}\p{M}*['’]?\p{Lu}/u;
/** A surname's prefix before an inner capital ("McClure", "O'Neil", "DuBuque", "LaToya", "VanHorn"). */
const SURNAME_PREFIX = /^(?:Mc|Mac|O['’]|D['’]|Di|De|Du|La|Le|Van|Von|Fitz|Della)\p{Lu}\p{Ll}*$/u;
/**
 * A form's name as the lexicon checks read it: its words in capitals written as a name is
 * ("DUPONT Jean" → "Dupont Jean", "JEAN-PIERRE" → "Jean-Pierre", "DE LA CRUZ" → "de la Cruz"),
 * each the same length, so offsets stay. Or null: when a word in capitals is an acronym's, with
 * no vowel, of two letters (a country's code: "LU", "JO"), or of three that are no name the
 * lexicon knows ("SNCF", "HR", "IBM";
 * with `short`, under a surname's or a given name's own label, three letters with a vowel are a
 * name's: "NAZWISKO : KOT", "VOORNAAM : ISA", "DE VOS"); when a product's CamelCase word stands
 * beside words in capitals ("HDA NVidia"); when the value is all particles.
 */
export function formReading(value: string, short = false): string | null {
  // (most values: no two capitals in a row, no particle first; read as written)
  if (!TWO_CAPITALS.test(value) && !/^\p{Ll}/u.test(value)) return value;
  // (beside words in capitals, a word with an inner capital is a product's: "card short name: HDA NVidia" in ALSA's docs)
  const parts = value.split(/[ \t-]+/);
  if (parts.some((w) => !/\p{Ll}/u.test(w) && w.length > 1) && parts.some((w) => /\p{Ll}/u.test(w) && /\p{Lu}.*\p{Lu}/u.test(w) && !SURNAME_PREFIX.test(w))) return null;
  let acronym = false;
  const read = value.replace(/[\p{L}\p{M}'’-]+/gu, (w) => {
    if (/\p{Ll}/u.test(w)) return w;
    if (PARTICLE_WORD.test(w.toLowerCase())) return w.toLowerCase();
    // (no vowel, or three letters or fewer that are no name the lexicon knows: "SNCF", "IBM Watson", "EDF Energie"; "LEE", "ROY" are names)
    const lower = w.toLowerCase();
    const letters = w.normalize("NFC").length;
    if (!/[AEIOUYÀ-ÖØ-ÝĄĘÓ]/u.test(w.normalize("NFC")) || (!short && (letters <= 2 || (letters === 3 && !(tagsOf(lower)?.some((tag) => NAME_TAGS.has(tag)) ?? false) && !GIVEN_NAMES_ALSO_WORDS.has(lower))))) acronym = true;
    return w.toLowerCase().replace(/(^|[-'’])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
  });
  if (acronym || read.length !== value.length || read.split(/[ \t]+/).every((w) => PARTICLE_WORD.test(w))) return null;
  return read;
}
/** A title before a name, not part of the span. */
export const TITLE = String.raw`(?:${TITLE_WORD}\.?[ \t]+)`;
/**
 * Regular-expression source that matches `source`'s accented letters composed (NFC) or decomposed
 * (NFD: "n\u0303" for "ñ", "u\u0308" for "ü"), as a text may write them ("Señor", "Grüßen", "Chère").
 */
export function eitherForm(source: string): string {
  return [...source].map((c) => (c.normalize("NFD") === c ? c : `(?:${c}|${c.normalize("NFD")})`)).join("");
}

/** Context words as written and decomposed (NFD: "grüßen" also as "gru\u0308ßen"), for the engine's scan of context words, which compares them as written. */
export const withDecomposed = (words: readonly string[]): string[] => [...new Set(words.flatMap((w) => [w, w.normalize("NFD")]))];

/**
 * Titles of address in the languages of the national identifiers, as written before a surname or
 * a full name: German, French, Spanish, Italian, Portuguese, Dutch (lower case inside a
 * sentence: "Geachte heer Jansen"; Italian "la sig.ra Rossi", "dott.ssa Colombo"), Polish, and
 * Spanish "Dña." of a contract's parties ("De una parte, Dña. Carmen Ruiz"). Not "Don", "Dona",
 * "D." or "M." alone: first names and initials in English; not Polish "Pan" alone: a Chinese
 * surname too ("Jianyang Pan"); not "sig." in lower case, a signature's abbreviation in code.
 */
const FOREIGN_TITLE_SPELLINGS = ["Herr", "Herrn", "Frau", "Monsieur", "Madame", "Mademoiselle", "Mme", "Mme.", "Mlle", "Mlle.", "Señor", "Señora", "Señorita", "Sr.", "Sra.", "Srta.", "Dña.", "Signor", "Signora", "Signorina", "Sig.", "Sig.ra", "Sig.na", "sig.ra", "sig.na", "Dott.", "dott.", "Dott.ssa", "dott.ssa", "Senhor", "Senhora", "Heer", "heer", "Mevrouw", "mevrouw", "Dhr.", "dhr.", "Mevr.", "mevr.", "Panie", "Pani"];
/** Their first words, lower case, as context words and leading words read them ("sig" of "Sig.ra", "dhr" of "Dhr."). */
export const FOREIGN_TITLE_WORDS: readonly string[] = [...new Set(FOREIGN_TITLE_SPELLINGS.map((t) => t.toLowerCase().split(/[^\p{L}]+/u)[0]!))];
/**
 * A title of `FOREIGN_TITLE_SPELLINGS`, then an academic title or an office ("Frau Dr. Weber",
 * "Sig. Dott.", "Frau Professorin Weber", "Herr Direktor Schmidt").
 */
export const FOREIGN_TITLE = String.raw`(?:${[...FOREIGN_TITLE_SPELLINGS].sort((a, b) => b.length - a.length).map((t) => eitherForm(t.replace(/\./g, "\\."))).join("|")})(?:[ \t]+(?:Dr|Dra|Prof|Dott|Dott\.ssa|Ing|Avv|Mag|Dipl\.-Ing)\.?|[ \t]+(?:Professor(?:in)?|Doktor|Direktor(?:in)?|Präsident(?:in)?|Professeur|Docteur|Maître|Dottore|Dottoressa|Avvocato|Ingegnere|Kollege|Kollegin)(?=[ \t]+\p{Lu}))*`;
/** Letters after a name, not part of the span. */
export const SUFFIX = String.raw`(?:,?[ \t]+(?:Jr|Sr|II|III|IV|PhD|MD|DDS|DVM|Esq)\.?)`;

/**
 * Words that name a company, a cloud's product, a system or network ("Hydro Network" under a UML
 * diagram's "Name:" in Tika's test files) or an ensemble, not a person; and German compounds
 * ending as an ensemble does ("Gewandhausorchester", "Staatskapelle"). A concert catalogue's
 * "name" keys hold "Berliner Philharmoniker", "Orchestre Colonne", "Joshua Redman Quartet" (Go's
 * citm_catalog.json test data).
 */
const ORGANISATION = /^(?:ltd|limited|inc|llc|llp|plc|gmbh|ag|sa|sarl|bv|nv|corp|corporation|co|company|group|team|department|dept|office|services|solutions|support|software|bank|university|universität|universitet|université|universidad|universidade|università|uniwersytet|hochschule|högskola|högskolan|hospital|school|council|ministry|agency|foundation|association|club|society|trust|partners|holdings|international|industries|system|systems|network|networks|platform|portal|server|cluster|committee|division|technologies|amazon|aws|azure|microsoft|google|hewlett-packard|fujitsu|logitech|orchestra|orchestre|orquesta|orkest|philharmonic|philharmonia|philharmonie|philharmoniker|philharmonique|filarmonica|symphony|symphonie|symphoniker|symphonique|sinfonietta|quartet|quartett|quatuor|quartetto|quintet|quintett|sextet|octet|trio|ensemble|choir|chorus|chœur|choeur|chor|coro|band|opera|opéra|oper|ballet|theatre|theater|théâtre|teatro|festival|academy|akademie|académie|conservatory|conservatoire|museum|musée|cathedral|institute|college|library|center|centre|centrum|collection|building|ciudad|cidade|città|stadt|municipio|município|comune|provincia|província|stichting|stiftung|verein|fundación|fundação|fondation|fondazione|linux|windows|ubuntu|debian|fedora|android|macos|freebsd|options|settings|preferences|contributors|authors|developers|maintainers|community|city|county|admins|administrators|operators|users|guests|publishers|controllers|computers|readers|owners|members|editors|viewers|visitors|approvers|reviewers|employees)$|(?:orchester|philharmoniker|symphoniker|ensemble|quartett|kapelle)$/;

/**
 * Whether a word names a company, a product, an ensemble or a building, not a person ("Sky
 * Collection", "Three Allen Center"); an operating system ("Name: Antergos Linux" in distro's
 * README), a group of settings ("name": "General Options" in pip's sources), a project's people
 * ("name": "Yargs Contributors" in a package.json) or a place's kind ("Emerald City") neither;
 * nor is a group of accounts, Active Directory's and SharePoint's ("Domain Admins", "Backup
 * Operators", "Cert Publishers", "Site Members" under a "Name" or "SAMAccountName" key).
 */
export const isOrganisationWord = (word: string): boolean => ORGANISATION.test(word.toLowerCase());

/**
 * A company's legal form right after a name, which makes it the company's: "Author: MontaVista
 * Software, Inc." in Linux's headers, "Acme Widgets Ltd", "Müller Bau GmbH".
 */
const COMPANY_AFTER = /^,?[ \t]+(?:Inc|Ltd|LLC|LLP|GmbH|AG|plc|PLC|Pty|Corp|Corporation|Incorporated|Limited|SARL|S\.A|B\.V|N\.V|S\.r\.l|S\.p\.A|SpA|KG)(?![\p{L}\p{N}])/u;
/** Whether a company's legal form follows the name-shaped words that end at `end`. */
export const companyAfter = (text: string, end: number): boolean => COMPANY_AFTER.test(text.slice(end, end + 16));

const DOC_COMMAND_BEFORE = /[@\\][a-z]+[ \t]+$/;
const DECLARATION = /^[ \t]*(?:#[ \t]*define[ \t]|typedef[ \t]|(?:enum|struct|union)[ \t]+\w+[ \t]*\{)/;
/**
 * Whether the capitalised words at [start, end) label code, not a person: the words after a
 * documentation command ("/// @name Comdat Accessors" in LLVM's headers; an "@author" is
 * person_by_cue's), and a comment on a constant's definition or on the line above one or above
 * a declaration ("#define FB_ACCEL_ATARIBLITT 1 /* Atari Blitter *\/", "/* Macintosh Zilog type
 * numbers *\/\n#define PORT_MAC_ZILOG 50", "/* Multicast Netlink socket groups *\/\nenum
 * audit_nlgrps {", "#define ST1_MAM 0x01 /* Missing Address Mark *\/" in Linux's headers).
 */
export function labelsCode(text: string, start: number, end: number): boolean {
  if (DOC_COMMAND_BEFORE.test(text.slice(Math.max(0, start - 24), start))) return true;
  if (DECLARATION.test(text.slice(prevFeed(text, start - 1) + 1, start))) return true;
  // (the next line, or the one after a comment's end: "/*\n * RPL SR Header\n *\/\nstruct ipv6_rpl_sr_hdr {";
  // not a sentence's end: "This idea is due to Laurent Deniau.\n *\/\n#define VA_ARGS_NARGS" credits one)
  let eol = nextFeed(text, end);
  if (eol < 0 || SENTENCE_END.test(text.slice(end, eol))) return false;
  if (COMMENT_END_LINE.test(text.slice(eol + 1, eol + 16))) eol = nextFeed(text, eol + 1);
  return eol >= 0 && DECLARATION.test(text.slice(eol + 1, eol + 80));
}
const SENTENCE_END = /[.!?][ \t]*(?:\*\/)?[ \t]*\r?$/;
const COMMENT_END_LINE = /^[ \t]*\*\/[ \t]*(?:\r?\n|$)/;

/**
 * First words of a setting's or a product's name that no one's name starts with ("New
 * Dashboard", "Default Config" under a `displayName` in the Google Cloud CLI's and CMake's pages;
 * "New Roman" of a font), and the verbs a question starts with ("Does Ora work in Node.js Worker
 * threads?" in a README's FAQ; not "Will" nor "May": names too).
 */
const NOT_FIRST = /^(?:New|Default|Main|Custom|Basic|Advanced|Sample|Example|Test|Demo|My|Your|Our|Untitled|Unnamed|Generic|Global|Primary|Secondary|Standard|Does|Did|Is|Are|Was|Were|Has|Have|Had|Should|Could|Would|Shall|Must)\s/;
/** Whether a name-shaped run starts with one of those words. */
export const notAFirstWord = (value: string): boolean => NOT_FIRST.test(value);
/**
 * Whether a form's value, read as a name (`formReading`), is a heading, a setting's or a
 * product's name, a currency's or a language's: `mayBePerson`'s vetoes that need no word the
 * lexicon knows ("VALOR PADRÃO", "NEW DASHBOARD", "SWEDISH KRONA").
 */
export const formHeading = (reading: string): boolean => NOT_FIRST.test(reading) || reading.toLowerCase().split(/\s+/).some((w) => FOREIGN_HEADING_WORD.test(w)) || productCamel(reading) || currencyOrLanguage(reading);
/**
 * Words of a form's or a manual's headings in the languages of the national identifiers, which
 * no English lexicon knows and no one is named: "Nome\nValor Padrão\nAlterável" (a table's
 * header in PHP's manual in Portuguese, Tika's testChm2.chm), "Valor Retornado", "Standardwert".
 */
const FOREIGN_HEADING_WORD = /^(?:valor|valores|padrão|predeterminado|predefinito|retornado|devuelto|restituito|descrição|descripción|descrizione|parâmetros|parámetros|parametri|exemplo|ejemplo|esempio|tipo|versão|versión|wert|werte|standardwert|rückgabewert|beschreibung|valeur|défaut|retournée|waarde|standaardwaarde|wartość|domyślna|opis)$/;

/**
 * Whether a word of `value` is a product's CamelCase name: English words of four letters or more
 * joined, each capitalised ("SageMaker Neo", "PowerShell", "CloudWatch", "CrowdStrike Falcon" in
 * AWS's API documentation). A name's inner capital follows a prefix ("McClure", "MacArthur",
 * "DuBuque", "LaToya", "VanHorn") or joins syllables no English list holds ("ByeongHun Yoo",
 * "XiaoLong").
 */
export function productCamel(value: string): boolean {
  for (const word of value.split(/[\s-]+/)) {
    const parts = word.match(/\p{Lu}\p{Ll}+/gu);
    if (parts === null || parts.length < 2 || parts.join("") !== word) continue;
    if (parts.every((p) => p.length >= 4 && englishWord(p.toLowerCase())) && !CAMEL_PREFIX.test(parts[0]!)) return true;
  }
  return false;
}
/** Prefixes of surnames written with an inner capital ("VanderMeer", "FitzGerald", "DellaCorte"). */
const CAMEL_PREFIX = /^(?:Vander|Vanden|Fitz|Della|Dello|Abdul|Abdel)$/;

/** Endings of abstract nouns, which no given name or surname has (not "-ity": "Serenity"; not "-ing": "Manning"). */
const ABSTRACT = /(?:[^aeiou]sis|ency|ancy|tion|sion|ment|ory|ness|ism|ance|ence|ogy|ics)$/;

/**
 * Tags of words that make a name-shaped run something else: a currency ("Swedish Krona",
 * "Burundian Franc": a currency list's names). (Not an organisation's or a nationality's: those
 * are first names and surnames too, "Ford", "Dell", "Bayer", "Dane", "German".)
 */
const NOT_A_PERSON_TAGS: ReadonlySet<string> = new Set(["Currency"]);

/**
 * Whether a verb the lexicon knows (and not as a name) comes first of several words: a command, a
 * CI step's "name: Test Browsers", "Install Dependencies". (In a cell of a name column it may
 * still be a name: faker's "Judge Stroman".)
 */
export function startsWithVerb(value: string): boolean {
  const all = value.toLowerCase().split(/\s+/).filter((w) => w !== "");
  const first = all.length > 1 ? tagsOf(all[0]!) : null;
  return (first?.includes("Infinitive") ?? false) && !first!.some((t) => NAME_TAGS.has(t));
}

/**
 * What the runtime's ICU data names in English as a currency ("Zambian Kwacha", "Solomon Islands
 * Dollar") or a language ("Southern Sotho", "Norwegian Bokmål"), lower case; and the languages of
 * one word ("english"), which a language's variant ends with ("British English", "Castilian
 * Spanish" in AWS's and currency lists' JSON). Built on first use (a few milliseconds).
 */
let icuNames: { whole: Set<string>; languages: Set<string> } | null = null;
function icu(): { whole: Set<string>; languages: Set<string> } {
  if (icuNames) return icuNames;
  const whole = new Set<string>();
  const languages = new Set<string>();
  const currency = new Intl.DisplayNames(["en"], { type: "currency" });
  for (const code of Intl.supportedValuesOf("currency")) whole.add(currency.of(code)!.toLowerCase());
  const language = new Intl.DisplayNames(["en"], { type: "language" });
  for (let a = 97; a <= 122; a++) {
    for (let b = 97; b <= 122; b++) {
      const code = String.fromCharCode(a, b);
      const name = language.of(code);
      if (name === undefined || name === code) continue;
      const lower = name.toLowerCase();
      whole.add(lower);
      if (!/\s/.test(lower)) languages.add(lower);
    }
  }
  icuNames = { whole, languages };
  return icuNames;
}

/** Whether two words or more are a currency's or a language's name (see `icu`; one word may be a given name too: "Shona"). */
const icuName = (all: string[]) => all.length > 1 && icu().whole.has(all.join(" "));
/** Whether name-shaped `value` is a currency's or a language's name, or a language's variant ("Laotian Kip", "British English"). */
export const currencyOrLanguage = (value: string): boolean => {
  const all = value.toLowerCase().split(/\s+/).filter((w) => w !== "");
  return icuName(all) || languageVariant(all);
};
/** Whether words end with a language's name of one word ("Castilian Spanish"). */
const languageVariant = (all: string[]) => all.length > 1 && icu().languages.has(all[all.length - 1]!);

/**
 * Given names common in the languages of the national identifiers (faker's de, fr, es, it, pt_BR,
 * nl and pl locales) that compromise's lexicon knows only as an English word: "Jean" (a fabric),
 * "Christian", "Guy", "Marine", "Robin", "Till" (a preposition), "Jan" and "August" (months).
 * Under a person's cue and before a surname no English list knows, one of them is that given name
 * (`mayBePerson`'s `cued`).
 */
const GIVEN_NAMES_ALSO_WORDS: ReadonlySet<string> = new Set(["jean", "christian", "guy", "marine", "rose", "jade", "fanny", "florence", "olive", "max", "finn", "leo", "robin", "milan", "jan", "august", "lily", "viola", "mercedes", "alfredo", "franco", "catalina", "emir", "mats", "till", "line", "maya", "ruby", "joy", "jasmine", "alma", "dean", "jay", "daisy", "miles"]);
/** Whether a lower-case word is one of `GIVEN_NAMES_ALSO_WORDS` ("jean", "jan"). */
export const givenNameAlsoWord = (word: string): boolean => GIVEN_NAMES_ALSO_WORDS.has(word);
/** A language's word for no value, which no lexicon knows as a word: "last_name = None" in Python, "surname: Null", "lastName = Undefined". */
export const NO_VALUE = /^(?:none|null|nil|undefined|nan|void|empty|blank|missing|anonymous|redacted|withheld|tbd|tba|unset)$/i;
/**
 * Labels of a form's other fields in the languages of the national identifiers, which no English
 * list knows: a header row or a column of labels ("Nom,Prénom,Ville", "Nachname\nGeburtsdatum")
 * puts one where a surname's value would stand.
 */
export const FORM_FIELD_WORD = /^(?:nom|prénom|prénoms|prenom|adresse|ville|pays|sexe|naissance|nationalité|téléphone|courriel|signature|vorname|nachname|geburtsdatum|geburtsort|anschrift|straße|strasse|wohnort|plz|telefon|geschlecht|staatsangehörigkeit|unterschrift|nombre|apellido|apellidos|dirección|ciudad|teléfono|correo|nacimiento|firma|nome|cognome|indirizzo|città|telefono|nascita|cognom|cognoms|adreça|ciutat|població|telèfon|correu|naixement|naam|voornaam|achternaam|adres|woonplaats|telefoon|geboortedatum|handtekening|imię|imie|nazwisko|ulica|miasto|telefon|podpis|urodzenia|pesel|datum)$/;
/**
 * Whether each word of `reading` (particles aside) is a name the lexicon knows, a given name it
 * knows only as a word ("Jean", "Jan"), or no English word ("Dupont", "García", "Pieter"): what a
 * surname's or a given name's field holds. No company's word, no word for no value.
 */
export function namesOrUnknown(reading: string): boolean {
  const words = reading
    .normalize("NFC")
    .toLowerCase()
    .split(/[ \t]+/)
    .filter((w, i, all) => w !== "" && !isParticle(w) && !(CONNECTOR_WORD.test(w) && i > 0 && i < all.length - 1));
  return (
    words.length > 0 &&
    words.every(
      (w) =>
        !isOrganisationWord(w) &&
        !NO_VALUE.test(w) &&
        !FORM_FIELD_WORD.test(w) &&
        w.split("-").every((h) => {
          const bare = h.replace(/['’]s$/, "");
          return bare === "" || (tagsOf(bare)?.some((t) => NAME_TAGS.has(t)) ?? false) || givenNameAlsoWord(bare) || noEnglishWord(bare);
        }),
    )
  );
}

/**
 * compromise's tags of a word that is a proper noun, not an English word: a company named after
 * its founder ("Dupont", "Bayer", "Peugeot", "Michelin") is a surname as often.
 */
const PROPER_NOUN_TAGS: ReadonlySet<string> = new Set(["Organization", "ProperNoun"]);
/** Whether a lower-case word is no English word: unknown to SCOWL's lists, and to compromise's lexicon but as a proper noun. */
export const noEnglishWord = (word: string): boolean => !englishWord(word) && (tagsOf(word)?.every((t) => PROPER_NOUN_TAGS.has(t)) ?? true);

/**
 * Whether name-shaped `value` may be a person: no company word and no word known only as an
 * currency's (`NOT_A_PERSON_TAGS`) unless another is a name's; not a currency's or a language's
 * name as ICU writes it (`icu`), nor, without a name's word, a language's variant ("British
 * English"); and either one word the
 * lexicon knows as a name, or none known as something else, except that of two words one may
 * be ("Golden Hessel", "Miles Boehm": first names that are also words or places). One word
 * alone must be a known name. Unknown words count for a name: most surnames are in no lexicon.
 * A double-barrelled surname is one word ("Loyal Dooley-Boyle" is two words, not three): a name
 * when one of its halves is known as one, otherwise an ordinary word when one half is ("Ward" of
 * "Hessel-Ward"); alone, one of unknown halves is a surname ("Hoeger-Towne").
 * With `cued` (the value follows a person's cue: a name label or column, a salutation, a
 * contact's label), a first word of `GIVEN_NAMES_ALSO_WORDS` before one or two words that are
 * no English word counts as a name ("Contact: Jean Dupont", whose "Dupont" compromise knows as
 * a company); before an English word it stays one ("Jean Shorts").
 */
export function mayBePerson(written: string, cued = false): boolean {
  // (the lexicon's words are composed: a decomposed "Franc\u0327ois" is looked up as "François")
  const value = written.normalize("NFC");
  if (NOT_FIRST.test(value) || value.toLowerCase().split(/\s+/).some((w) => FOREIGN_HEADING_WORD.test(w))) return false;
  if (productCamel(value)) return false;
  let known = 0;
  let words = 0;
  let name = false;
  let vetoed = false;
  const all = value.toLowerCase().split(/\s+/).filter((w) => w !== "");
  if (cued && all.length >= 2 && all.length <= 3 && GIVEN_NAMES_ALSO_WORDS.has(all[0]!) && all.slice(1).every((w) => isParticle(w) || w.split("-").every(noEnglishWord))) name = true;
  for (const [i, w] of all.entries()) {
    // A particle between names is none of them; first, it is the given name ("Al Collier");
    // last, the surname ("Jaylin Von").
    // (so is a connector between surnames: "García y López")
    if ((PARTICLE_WORD.test(w) || CONNECTOR_WORD.test(w)) && i > 0 && i < all.length - 1) continue;
    words++;
    let isName = false;
    let isWord = false;
    for (const half of w.split("-")) {
      const bare = half.replace(/['’]s$/, "");
      if (bare === "") continue;
      if (ORGANISATION.test(bare)) return false;
      const tags = tagsOf(bare);
      if (tags === null) {
        // A common English word compromise does not know, of an abstract noun's ending, is a word
        // too ("Dependency Analysis", "Repository Name" under a name key in Maven's POMs). Not any
        // common word: some are first names and surnames as well ("Oral Crooks", "Autumn Mills").
        if (ABSTRACT.test(bare) && commonWord(bare)) isWord = true;
        // (an accented word is an English word as SCOWL writes it, a loanword: "Café", "Olé", "Fiancé";
        // compromise's names, unaccented, are read without accents: "María" is "maria", lexicon.ts)
        else if (NOT_ASCII.test(bare) && englishWord(bare)) isWord = true;
        continue;
      }
      if (tags.some((t) => NAME_TAGS.has(t))) isName = true;
      else {
        isWord = true;
        if (tags.some((t) => NOT_A_PERSON_TAGS.has(t))) vetoed = true;
      }
    }
    if (isName) name = true;
    else if (isWord) known++;
  }
  if (icuName(all)) return false;
  if (name) return true;
  if (vetoed || languageVariant(all)) return false;
  // One double-barrelled word of unknown halves is a surname ("Dear Ms. Hoeger-Towne").
  if (words === 1) return known === 0 && /\p{L}-\p{L}/u.test(value);
  // Three words or more, none a name the lexicon knows, are a heading's or a product's: "Basic
  // Extension Errors" under a JSON "displayName" (Node's all.json), whose words the lexicon does
  // not know either. (Real names that long hold a known given name or surname: "Kazi Manzur Rashid".)
  return words === 2 && known <= 1;
}

// ---- shared by the cue-led detectors (person_by_foreign_cue, person_by_request) ----

/** A phrase with its first letter in either case ("Sehr geehrte" opens a letter; "Mit freundlichen Grüßen" may follow a comma). */
export const either = (p: string) => `(?:${eitherForm(p[0]!.toUpperCase())}|${eitherForm(p[0]!.toLowerCase())})${eitherForm(escapeRegex(p.slice(1))).replace(/ /g, "[ \\t]+")}`;
export const alternation = (list: string[]) => `(?:${[...list].sort((a, b) => b.length - a.length).map(either).join("|")})`;

/** A surname may open with its particles ("heer van de Berg", "Frau von Arnim"). */
export const NAME_WITH_PARTICLES = String.raw`(?:${PARTICLE}[ \t]+){0,2}${NAME}`;
/**
 * Where a name ends: a punctuation mark, the line's end, or a lower-case word ("Frau Weber wird
 * Sie anrufen") that makes no group of it ("Upstream-Contact: Apache Maven team").
 */
export const END_IN_SENTENCE = String.raw`(?=${SUFFIX}?(?:[ \t]*(?:[,.;:!?)]|\r?\n|$)|[ \t]+\p{Ll}))(?![ \t]+(?:team|group|project|developers|maintainers|community|staff|support|sales|helpdesk)\b)`;

/**
 * Whether the capitalised words at [start, end) end a longer term its acronym defines right after:
 * "Contact Control Panel (CCP)", "the Cadastro de Contribuintes Mobiliários (CCM)" in AWS's API
 * documentation, whose last words a cue or their shape would read as a name. The acronym's
 * letters are the initials of capitalised words that run on before `start` (lower-case joining
 * words between them skipped). A name abbreviated after itself keeps its own initials only: "Jane
 * Roe (JR)" stays a name.
 */
export function partOfDefinedTerm(text: string, start: number, end: number): boolean {
  const acronym = /^[ \t]*\((\p{Lu}{2,8})s?\)/u.exec(text.slice(end, end + 14))?.[1];
  if (acronym === undefined) return false;
  const initials: string[] = [];
  const before = text.slice(Math.max(0, start - 120), end).split(/[ \t]+/);
  for (let i = before.length - 1; i >= 0 && initials.length < acronym.length; i--) {
    const w = before[i]!;
    if (/^\p{Lu}/u.test(w)) initials.unshift(w[0]!);
    else if (!/^(?:of|for|and|the|de|da|do|das|dos|del|la|le|des|du|di|von|der|für|und|y|e|et)$/.test(w)) return false;
  }
  const own = text.slice(start, end).split(/[ \t]+/).length;
  return initials.join("") === acronym && acronym.length > own;
}

/**
 * Words that follow a title and are no one's name: offices and roles ("Sehr geehrter Herr
 * Präsident"; "Monsieur le Directeur" has its article), a customer addressed as such ("Frau
 * Kundin").
 */
const ROLES = /^(?:präsident|präsidentin|direktor|direktorin|doktor|professor|professorin|kollege|kollegin|bürgermeister|bürgermeisterin|kunde|kundin|président|présidente|directeur|directrice|docteur|maire|client|cliente|presidente|director|directora|doctor|doctora|alcalde|dottore|dottoressa|direttore|direttrice|sindaco|diretor|diretora|prefeito|voorzitter|klant|prezes|dyrektor|dyrektorze|kierownik|kierowniku|klient)$/;
/** Words of a department signing a letter ("Atentamente,\nAtención al Cliente", "Ihr Kundenservice") or asked to be contacted ("contact Debian Developers"); a company's and a team's are name_shape's `isOrganisationWord`. */
const DEPARTMENTS = /^(?:atención|servicio|servizio|service|serviço|atendimento|departamento|dipartimento|département|abteilung|kundenservice|kundendienst|buchhaltung|vertrieb|verwaltung|geschäftsleitung|équipe|equipo|equipe|squadra|ufficio|oficina|escritório|afdeling|administratie|klantenservice|dział|zespół|biuro|obsługa|clientes|clienti|kunden|srl|spa|ltda|support|helpdesk|developers|maintainers|team|staff|committee|board|council)$/;

/**
 * An administrator's role and a department's name, alone or as a German compound's last part
 * ("Systemadministrator", "Personalabteilung", "Hausverwaltung", "Kundendienst"), and the mailboxes
 * of a site ("webmaster", "postmaster").
 */
const ROLE_COMPOUND = /^(?:\p{L}*(?:administrator|administratorin|abteilung|verwaltung|leitung|dienst|zentrale)|sysadmin|admin|webmaster|postmaster|hostmaster)$/u;
/** A German article and one noun: "den Systemadministrator", "die Personalabteilung". */
const GERMAN_ARTICLE_NOUN = /^(?:der|die|das|den|dem|des)[ \t]+\S+$/;

/**
 * Whether a name-shaped value is a person's, none of its words a role's or a department's: as
 * `mayBePerson` says; or, the English lexicon knowing none of its words but as a place's name,
 * two or three of them (a given name and one or two surnames, "Berta Ozuna Benavídez", "Josep
 * Hidalgo Bermúdez"); or, after a title, any one
 * word (the surname: "Herr Pusch", "Monsieur Baron").
 */
export function namedPerson(written: string, titled: boolean): boolean {
  const value = written.normalize("NFC");
  // (a German article before one noun is no particle: "Wenden Sie sich an den Systemadministrator")
  if (!titled && GERMAN_ARTICLE_NOUN.test(value)) return false;
  const words = value
    .toLowerCase()
    .split(/[ \t]+/)
    .filter((w) => !isParticle(w));
  // (the company words mayBePerson vetoes, vetoed on every path: "Veldkamp Bouw Bv" is no given name and two surnames)
  if (words.some((w) => ROLES.test(w) || DEPARTMENTS.test(w) || ROLE_COMPOUND.test(w) || isOrganisationWord(w)) || productCamel(value)) return false;
  if (mayBePerson(value, true) || (titled && words.length === 1)) return true;
  // (a surname that is a place too, "Josep Hidalgo Bermúdez", beside a word the lexicon does not know)
  return words.length >= 2 && words.length <= 3 && words.some((w) => tagsOf(w) === null) && words.every((w) => tagsOf(w)?.every((t) => PLACE_WORD_TAGS.has(t)) ?? true);
}
/** compromise's tags of a place's name. */
const PLACE_WORD_TAGS: ReadonlySet<string> = new Set(["City", "Country", "Region", "Place", "ProperNoun"]);
