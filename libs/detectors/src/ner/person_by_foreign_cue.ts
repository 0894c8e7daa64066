import type { Candidate, Detector } from "../core/types.ts";
import { cuedMatches, withSticky } from "../core/regex.ts";
import { tagsOf } from "./lexicon.ts";
import { END_IN_SENTENCE, FOREIGN_TITLE, FOREIGN_TITLE_WORDS, NAME, NAME_WITH_PARTICLES, PARTICLE, SUFFIX, WORD, alternation, namedPerson, namesOrUnknown, withDecomposed } from "./name_shape.ts";

/**
 * Cues of a person in letters and mails written in the languages of the national identifiers
 * (German, French, Spanish, Italian, Portuguese, Dutch, Polish): a title of address before a
 * name ("Frau Dr. Weber", "Sra. Ayala Heredia", "heer de Vries"), a salutation ("Sehr geehrter
 * Herr Pusch,", "Liebe Anna,"), a closing over the signature ("Mit freundlichen Grüßen\nJonas
 * Abel"). compromise, an English tagger, reads none of these words; `person_by_cue` has the
 * English ones. Phrases as written at a line's start or inside a sentence; the first letter
 * either case.
 */
const SALUTATIONS = ["Sehr geehrter", "Sehr geehrte", "Liebe", "Lieber", "Hallo", "Guten Tag", "Cher", "Chère", "Bonjour", "Estimado", "Estimada", "Querido", "Querida", "Apreciado", "Apreciada", "Distinguido", "Distinguida", "Hola", "Gentile", "Gentilissimo", "Gentilissima", "Egregio", "Egregia", "Prezado", "Prezada", "Olá", "Geachte", "Beste", "Szanowny", "Szanowna", "Drogi", "Droga"];
const CLOSINGS = ["Mit freundlichen Grüßen", "Mit freundlichem Gruß", "Freundliche Grüße", "Viele Grüße", "Beste Grüße", "Herzliche Grüße", "Mit besten Grüßen", "Liebe Grüße", "Cordialement", "Bien cordialement", "Bien à vous", "salutations distinguées", "sentiments distingués", "Atentamente", "Saludos cordiales", "Saludos", "Un cordial saludo", "Un saludo", "Cordiales saludos", "Cordiali saluti", "Distinti saluti", "Saluti", "Atenciosamente", "Cordialmente", "Abraços", "Um abraço", "Com os melhores cumprimentos", "Melhores cumprimentos", "Com os meus cumprimentos", "Cordiais cumprimentos", "Cumprimentos", "Met vriendelijke groet", "Met vriendelijke groeten", "Vriendelijke groet", "Hoogachtend", "Groeten", "Z poważaniem", "Z wyrazami szacunku", "Pozdrawiam serdecznie", "Pozdrawiam", "Z pozdrowieniami"];
const CONTACTS = ["Ansprechpartner", "Ansprechpartnerin", "Kontaktperson", "Kontakt", "Contact", "Personne à contacter", "Interlocuteur", "Interlocutrice", "Persona de contacto", "Contacto", "Referente", "Contatto", "Pessoa de contato", "Contato", "Contactpersoon", "Osoba kontaktowa"];
/**
 * A form's or a contract's label of a person by their part in it, starting its line: the parties
 * of a tenancy ("Mieter:", "Locataire :", "Arrendatario:", "Conduttore:", "Huurder:"), a claim's
 * or a report's people ("Versicherungsnehmer:", "Assuré :", "Anzeigende Person:", "Denunciante:",
 * "Aangever:", "Getuige:"), a pupil's parents ("Erziehungsberechtigte:", "Padre:", "Genitore:",
 * "Ouder/verzorger:"). The value must still be a name's shape the lexicon does not veto. Words
 * that label things as often ("Client", "Kind", "Patient" in a log) are not among them.
 */
const ROLES = [
  "Mieter", "Mieterin", "Vermieter", "Vermieterin", "Arbeitnehmer", "Arbeitnehmerin", "Versicherungsnehmer", "Versicherungsnehmerin", "Anzeigende Person", "Anzeigender", "Anzeigende", "Geschädigter", "Geschädigte", "Zeuge", "Zeugin", "Erziehungsberechtigte", "Erziehungsberechtigter", "Sachbearbeiter", "Sachbearbeiterin", "Mutter", "Vater",
  "Locataire", "Bailleur", "Bailleresse", "Assuré", "Assurée", "Salarié", "Salariée", "Témoin", "Responsable légal", "Représentant légal", "Père", "Mère", "Plaignant", "Plaignante",
  "Arrendador", "Arrendadora", "Arrendatario", "Arrendataria", "Denunciante", "Testigo", "Padre", "Madre", "Tutor", "Tutora", "Trabajador", "Trabajadora", "Asegurado", "Asegurada", "Tomador",
  "Locatore", "Conduttore", "Conduttrice", "Genitore", "Testimone", "Verbalizzante", "Lavoratore", "Lavoratrice", "Assicurato", "Assicurata", "Denunciante",
  "Employee", "Tenant", "Landlord", "Policyholder", "Complainant", "Claimant", "Witness", "Guarantor", "Next of kin", "Parent",
  "Mietinteressent", "Mietinteressentin", "Dienstnehmer", "Dienstnehmerin", "Mitreisende", "Mitreisender", "Solicitante", "Avalista", "Destinatario", "Destinataria", "Destinatário", "Destinatária", "Destinataire", "Intestatario", "Intestataria", "Capofamiglia", "Cônjuge", "Conjoint", "Conjointe", "Pracownik", "Wnioskodawca", "Świadek", "Informant", "Registrar", "Received by", "Issued by", "Accompanied by", "Medehuurder",
  "Huurder", "Verhuurder", "Aangever", "Aangeefster", "Getuige", "Ouder", "Verzorger", "Verbalisant", "Werknemer", "Werkneemster", "Verzekeringnemer", "Moeder", "Vader",
];
/**
 * Titles written alone after a salutation or a contact's label, abbreviated with their point: an
 * academic one ("Egregio Dott. Bianchi", "Gentile Dott.ssa Verdi", "Hallo Dr. Weber"), French
 * "M." ("Bonjour M. Dubois"), Spanish "D." and "Dña." ("Estimado D. Manuel Pérez"). (In running
 * text "M." and "D." are initials.)
 */
const SHORT_TITLE = String.raw`(?:Dott\.ssa|(?:Dott|Dr|Dra|Prof|Ing|Avv|Mag|M|D|Dña)\.|Dª)`;
/**
 * A signer's name written with initials, as signatures and their labels are: "J. Park", "G.
 * Ellis", "Zs. Kovács", "F. v. Ahlefeldt" (a particle abbreviated too), "K. Wróblewska-Nowak".
 */
const INITIALED = String.raw`(?:\p{Lu}\p{Ll}?\.[ \t]?){1,3}(?:(?:v|vd|d|${PARTICLE})\.?[ \t]+){0,2}${WORD}`;
// The salutation, a title or not, and the name: "Sehr geehrte Frau Weber,", "Liebe Anna,", "Estimada Sra. Ayala Heredia:".
const SALUTATION = new RegExp(String.raw`(?<![\p{L}\p{N}])${alternation(SALUTATIONS)}[ \t]+(?:(${FOREIGN_TITLE}|Pan|${SHORT_TITLE})[ \t]+)?(${NAME_WITH_PARTICLES})(?=${SUFFIX}?[ \t]*(?:[,:;!]|\r?\n|$))`, "gdu");
// A title in running text or a header: "an Frau Anna Schmidt aus", "Monsieur Moreau vous appellera", "Pani Anna Nowak zadzwoni".
// (Polish "Pan" only after a salutation, "Szanowny Pan Jan Kowalski": alone it is a Chinese surname, "Jianyang Pan".)
// (or alone on its line above the name, as a German address block writes it: "Herrn\nSerkan Aksoy\nRheinische Straße 88")
const TITLED = new RegExp(String.raw`(?<![\p{L}\p{N}])(${FOREIGN_TITLE})(?:[ \t]+|[ \t]*\r?\n[ \t]*)(${NAME_WITH_PARTICLES})${END_IN_SENTENCE}`, "gdu");
// French "M." and Spanish "D." before a given name and a surname at least ("M. Kofi Mensah, né le …", "De otra parte, D. Adebayo
// Ogunleye, nacido …"); before one word they are an initial as often ("M. Benzema" stays to compromise). Italian "sig." in lower
// case after its article ("il sig. Kwame Asante", "al sig. Rossi"): alone it is a signature's abbreviation in code.
// (not a middle initial: "Fabio M. Di Nitto" in a copyright file)
const INITIAL_TITLED = new RegExp(String.raw`(?<![\p{L}\p{N}.])(?<!\p{Lu}[\p{L}'’-]*[ \t]+)([MD]\.)[ \t]+(${WORD}(?:[ \t]+(?:${PARTICLE}[ \t]+){0,2}${WORD}){1,3})${END_IN_SENTENCE}`, "gdu");
const ITALIAN_SIG = new RegExp(String.raw`(?<=(?<![\p{L}])(?:il|al|del|dal|col|Il|Al|Del|Dal)[ \t]+)(sig\.)[ \t]+(${NAME_WITH_PARTICLES})${END_IN_SENTENCE}`, "gdu");
// A contact's label: "Ansprechpartnerin: Anna Weber", "prosimy o kontakt: Jan Nowak", "Persona de contacto: Ana Ruiz", "Osoba kontaktowa: Jan Nowak";
// a title between ("Ihr Ansprechpartner: Herr Dipl.-Ing. Klaus Becker", "Interlocuteur : M. Philippe Durand"), not part of the name.
const CONTACT = new RegExp(String.raw`(?<![\p{L}\p{N}])${alternation(CONTACTS)}[ \t]*:[ \t]*(?:(${FOREIGN_TITLE}|${SHORT_TITLE})[ \t]+)?(${NAME_WITH_PARTICLES})${END_IN_SENTENCE}`, "gdu");
// The closing, then the signature alone on its line (a blank line between them or not).
const CLOSING = new RegExp(String.raw`(?<![\p{L}\p{N}])${alternation(CLOSINGS)}[,.!]?[ \t]*\r?\n(?:[ \t]*\r?\n)?[ \t]*(?:(${FOREIGN_TITLE})[ \t]+)?(${INITIALED}|${NAME_WITH_PARTICLES})(?=${SUFFIX}?[ \t]*(?:\r?\n|$))`, "gdu");

// A role's label at its line's start, a second word after a slash ("Ouder/verzorger:") or its
// number ("Genitore 1:"), a title or a rank's abbreviation before the name ("Verbalizzante: brig. Antonio Greco").
const ROLE = new RegExp(String.raw`(?<=(?:^|\n)[ \t]*)${alternation(ROLES)}(?:\/\p{L}+)?(?:[ \t]+\d)?[ \t]*:[ \t]*(?:(${FOREIGN_TITLE}|${SHORT_TITLE}|\p{Ll}{2,8}\.)[ \t]+)?(${INITIALED}|${NAME_WITH_PARTICLES})(?:${END_IN_SENTENCE}|(?=\t|[ ]{3,}))`, "gdu");

/**
 * A signature's label at its line's start, or numbered as a certificate numbers its fields, a
 * word before it or its party after it ("Signature: J. Park", "Signed: G. Ellis", "Guest
 * signature: Zs. Kovács", "9. Signature of informant: E. Papadopoulou", "Unterschrift: A. Weber",
 * "Firma: Zhou Mei Ling", "Assinatura: Ana B. S. Magalhães", "Podpis: Jan Nowak"): a signer's name
 * follows, in full or with initials; a gap ends it before the next field, which may be the next
 * signature ("Signed: G. Ellis          Signed: K. Okafor" side by side).
 */
const SIGNATURES = ["Signature", "Signed", "Unterschrift", "Unterschrieben", "Signé", "Signée", "Firma", "Firmado", "Firmato", "Assinatura", "Assinado", "Handtekening", "Getekend", "Podpis"];
const SIGNED = new RegExp(
  String.raw`(?<=(?:^|\n)[ \t]*(?:\d{1,2}[.)][ \t]+)?(?:\p{L}+[ \t]+)?|\t|[ ]{3})${alternation(SIGNATURES)}(?:[ \t]+(?:of|by|de|du|des|del|della|di|do|da|des|der|the|of the)(?:[ \t]+\p{L}+){1,2})?[ \t]*:[ \t]*(?:(${FOREIGN_TITLE}|${SHORT_TITLE})[ \t]+)?(${INITIALED}|${NAME_WITH_PARTICLES})(?:${END_IN_SENTENCE}|(?=\t|[ ]{3,}))`,
  "gdu",
);
const INITIALED_ALONE = new RegExp(String.raw`^${INITIALED}$`, "u");
/** Whether a signer's name with initials is one: its surname no company's or department's word ("M. Marketing"). */
const initialedName = (value: string): boolean => INITIALED_ALONE.test(value) && namedPerson(value.replace(/^(?:\p{Lu}\p{Ll}?\.[ \t]?)+/u, "").replace(/^(?:v|vd|d)\.[ \t]+/, ""), true);

/**
 * An English rank or office written before a name as a title is ("Officer Lisa Moreno of the city
 * police", "District Judge Okoro", "Detective Sergeant Amir Khan", "Nurse Adaeze Obi"): a title
 * compromise does not know, so that it reads no name after it.
 */
const RANKS = ["Officer", "Constable", "Sergeant", "Inspector", "Detective", "Judge", "Magistrate", "Captain", "Councillor", "Councilor", "Nurse", "Midwife", "Reverend", "Rev."];
const RANKED = new RegExp(String.raw`(?<![\p{L}\p{N}])${alternation(RANKS)}()(?:[ \t]+(?:Sergeant|Inspector|Constable|Judge))?[ \t]+(${NAME_WITH_PARTICLES})${END_IN_SENTENCE}`, "gdu");
/**
 * A chat's speaker, as support chats and their exports write one at a line's start (past its
 * time): a role and the name in brackets ("[09:15] Agent (Priya):"), the name and the role in
 * brackets ("Léa (conseillère) :", "Sanne (medewerker):"), a role and the name ("Konsultant
 * Michał:"). The roles are the cue; a name before one is read from behind it.
 */
const CHAT_ROLES = ["Agent", "Agente", "Customer", "Client", "Cliente", "Klant", "Kunde", "Kundin", "Konsultant", "Konsultantka", "Conseiller", "Conseillère", "Medewerker", "Operator", "Operatore", "Atendente", "Advisor", "Adviser", "Berater", "Beraterin", "Support", "Asesor", "Asesora"];
const CHAT_LINE_START = String.raw`(?:^|\n)[ \t]*(?:\[[^\]\n]{1,30}\][ \t]*|\d{1,2}:\d{2}(?::\d{2})?[ \t]+(?:-[ \t]+)?)?`;
const CHAT_ROLE_NAME = new RegExp(String.raw`(?<=${CHAT_LINE_START})${alternation(CHAT_ROLES)}()(?:[ \t]*\((${NAME})\)|[ \t]+(${NAME}))[ \t]*:`, "gdu");
const CHAT_NAME_ROLE = new RegExp(String.raw`(?<=${CHAT_LINE_START}()(${NAME})[ \t]*\()${alternation(CHAT_ROLES)}\)[ \t]*:`, "gdu");

// (a signature's cue before a title's: "Signed: M. Young" is the initial's, not French "M.")
const CUED = [SALUTATION, CLOSING, SIGNED, TITLED, CONTACT, ROLE, ITALIAN_SIG, RANKED, CHAT_NAME_ROLE].map(withSticky);
/** The cues after which a name may be written with initials. */
const CHAT_ROLE_STICKY = withSticky(CHAT_ROLE_NAME);
const INITIALS_AFTER: ReadonlySet<RegExp> = new Set([CLOSING, ROLE, SIGNED]);
/**
 * A second person joined to the first by "and" ("Mieter: Nguyễn Văn Hùng und Lê Thị Mai",
 * "Témoins : Hugo N'Diaye et Élodie Martin-Castex"): the cue is both's.
 */
const AND_NEXT = new RegExp(String.raw`^[ \t]+(?:und|and|et|y|e|en|i|&)[ \t]+(?:(?:${FOREIGN_TITLE}|${SHORT_TITLE})[ \t]+)?(${NAME_WITH_PARTICLES})${END_IN_SENTENCE}`, "du");

/**
 * Whether "Sr." is English "Senior" before a job's title, not Spanish "Señor": a word of the
 * name or the one after it is a job's ("Sr. Software Engineer", "Sr. Test analyst" of a salary
 * table; the lexicon's roles, and the jobs it knows as verbs).
 */
function seniorJob(text: string, title: string, start: number, end: number): boolean {
  if (!/^Sr\.$/.test(title)) return false;
  const next = /^[ \t]+(\p{L}+)/u.exec(text.slice(end, end + 40))?.[1];
  return [...text.slice(start, end).split(/[ \t]+/), ...(next === undefined ? [] : [next])].some((w) => JOB_VERBS.test(w) || (tagsOf(w.toLowerCase())?.includes("Actor") ?? false));
}
const JOB_VERBS = /^(?:engineer|associate|lead|executive|representative|intern|nurse|partner|counsel|steward|clerk|aide)s?$/i;

export const personByForeignCue: Detector = {
  id: "person_by_foreign_cue",
  type: "PERSON",
  area: "ner",
  category: "person",
  description: "Person name after a title, a salutation or a closing in German, French, Spanish, Italian, Portuguese, Dutch or Polish (name shape, lexicon veto)",
  patterns: [],
  // Every cue is a context word: the engine runs the detector only on a text that holds one
  // (by the scan of context words it shares among detectors, not a scan of its own).
  context: withDecomposed([...FOREIGN_TITLE_WORDS, "pan", ...[...SALUTATIONS, ...CLOSINGS, ...CONTACTS, ...ROLES, ...SIGNATURES, ...RANKS, ...CHAT_ROLES].map((w) => w.toLowerCase())]),
  prefilter: { letter: true, context: true },
  find(text, cues): Candidate[] {
    const out: Candidate[] = [];
    for (const [rx, sticky] of CUED) {
      for (const m of cuedMatches(rx, sticky, text, cues)) {
        const [start, end] = m.indices![2]!;
        // (a rank or a chat's role stands as a title does, before or after the name: one word may be
        // a name then, if no English word, "Judge Okoro", "Sanne (medewerker):", not "Nurse Practitioner")
        const asTitle = rx === RANKED || rx === CHAT_NAME_ROLE;
        const named = INITIALS_AFTER.has(rx) && INITIALED_ALONE.test(m[2]!) ? initialedName(m[2]!) : asTitle ? namedPerson(m[2]!, true) && (/\s/.test(m[2]!) || namesOrUnknown(m[2]!)) : namedPerson(m[2]!, m[1] !== undefined && m[1] !== "");
        // (group 1 is the title, empty for a contact's label)
        if (out.some((c) => c.start < end && start < c.end) || !named || seniorJob(text, m[1] ?? "", start, end)) continue;
        out.push({ start, end, score: 0.6, validation: "name_shape" });
        const and = AND_NEXT.exec(text.slice(end, end + 120));
        if (and !== null && namedPerson(and[1]!, false)) out.push({ start: end + and.indices![1]![0], end: end + and.indices![1]![1], score: 0.6, validation: "name_shape" });
      }
    }
    for (const m of cuedMatches(...CHAT_ROLE_STICKY, text, cues)) {
      const g = m.indices![2] ?? m.indices![3]!;
      const [start, end] = g;
      if (!out.some((c) => c.start < end && start < c.end) && namedPerson(text.slice(start, end), true) && namesOrUnknown(text.slice(start, end))) out.push({ start, end, score: 0.6, validation: "name_shape" });
    }
    // (no cue word of its own, "m" and "d" being words of every text: read where another cue let the detector run;
    // no word of the name an English word, "M. Tech Applied" is a degree)
    INITIAL_TITLED.lastIndex = 0;
    for (let m = INITIAL_TITLED.exec(text); m !== null; m = INITIAL_TITLED.exec(text)) {
      const [start, end] = m.indices![2]!;
      if (!out.some((c) => c.start < end && start < c.end) && namedPerson(m[2]!, false) && namesOrUnknown(m[2]!)) out.push({ start, end, score: 0.6, validation: "name_shape" });
    }
    out.sort((a, b) => a.start - b.start);
    return out;
  },
};
