import type { Candidate, Detector } from "../core/types.ts";
import { cuedMatches, withSticky } from "../core/regex.ts";
import { FOREIGN_TITLE, NAME_WITH_PARTICLES, TITLE_WORD, alternation, namedPerson, withDecomposed } from "./name_shape.ts";
import { NAME_TAGS, tagsOf } from "./lexicon.ts";

/**
 * A name right before the news that its bearer will call, write to or contact the reader, in
 * English and in the languages of the national identifiers: "Brielle Wilkinson will call you on
 * Monday", "Dorotea Lebrón Villagómez le llamará el lunes", "Lunedì Romana Adragna La chiamerà",
 * "Claire Moreau vous contactera". Letters and mails name the colleague who follows a matter up
 * this way, in running text, with no title or label before the name.
 */
const CALLS = [
  // English
  "will call you", "will contact you", "will phone you", "will ring you", "will email you", "will e-mail you", "will write to you", "will be in touch", "will get back to you", "will reach out to you",
  // German
  "wird Sie anrufen", "ruft Sie an", "wird Sie kontaktieren", "wird sich bei Ihnen melden", "meldet sich bei Ihnen",
  // French
  "vous appellera", "vous contactera", "vous recontactera", "vous téléphonera", "prendra contact avec vous",
  // Spanish
  "le llamará", "te llamará", "le contactará", "le telefoneará", "se pondrá en contacto con usted",
  // Italian
  "la chiamerà", "ti chiamerà", "la contatterà", "ti contatterà", "la ricontatterà",
  // Portuguese
  "entrará em contato", "vai ligar para", "ligará para", "irá ligar para", "o contactará", "a contactará",
  // Dutch
  "zal u bellen", "belt u", "neemt contact met u op", "zal contact met u opnemen",
  // Polish
  "zadzwoni do", "skontaktuje się z", "oddzwoni do",
];

const CALL = new RegExp(String.raw`(?<![\p{L}\p{N}])${alternation(CALLS)}(?![\p{L}\p{N}])`, "gu");
const [SCAN, STICKY] = withSticky(CALL);

/** How far before the news its name may start. */
const REACH = 120;
/** The name (a title before it or not) that ends where the news starts, after a mark, a line's start or a blank. */
const NAME_BEFORE = new RegExp(String.raw`(?<![\p{L}\p{N}'’.-])(?:(${FOREIGN_TITLE}|${TITLE_WORD}\.?)[ \t]+)?(${NAME_WITH_PARTICLES})[ \t]+$`, "du");

/**
 * Words capitalised at a sentence's start that name a day, not a person: "Lunedì Romana Adragna
 * La chiamerà", "Morgen ruft Sie Anna an"; English ones the lexicon knows as words ("Tomorrow").
 */
const DAY_WORDS = new Set(
  "montag dienstag mittwoch donnerstag freitag samstag sonntag morgen heute lundi mardi mercredi jeudi vendredi samedi dimanche demain lunes martes miércoles jueves viernes sábado domingo mañana hoy lunedì martedì mercoledì giovedì venerdì sabato domenica domani oggi segunda terça quarta quinta sexta amanhã hoje maandag dinsdag woensdag donderdag vrijdag zaterdag zondag vandaag poniedziałek wtorek środa czwartek piątek sobota niedziela jutro dziś".split(" "),
);

/** A day's name; or a word the lexicon knows and never as a name ("Tomorrow", "Then"; not "Will"), before two words of a name at least. */
function openingWord(word: string, rest: string): boolean {
  const w = word.toLowerCase();
  if (DAY_WORDS.has(w)) return true;
  if (!/[ \t]/.test(rest.trim())) return false;
  const tags = tagsOf(w);
  return tags !== null && !tags.some((t) => NAME_TAGS.has(t));
}

export const personByCallback: Detector = {
  id: "person_by_callback",
  type: "PERSON",
  area: "ner",
  category: "person",
  description: "Person name before the news that they will call or contact the reader, in English, German, French, Spanish, Italian, Portuguese, Dutch or Polish (name shape, lexicon veto)",
  patterns: [],
  // Every announcement is a context word: the engine runs the detector only on a text that holds
  // one, and tells `find` where they start.
  context: withDecomposed(CALLS.map((w) => w.toLowerCase())),
  prefilter: { letter: true, context: true },
  find(text, cues): Candidate[] {
    const out: Candidate[] = [];
    for (const m of cuedMatches(SCAN, STICKY, text, cues)) {
      const from = Math.max(0, m.index - REACH);
      const before = NAME_BEFORE.exec(text.slice(from, m.index));
      // (none cut from a word the window starts inside)
      if (before === null || (before.index === 0 && from > 0 && /[\p{L}\p{N}]/u.test(text[from - 1]!))) continue;
      let start = before.indices![2]![0];
      const end = before.indices![2]![1];
      let name = before[2]!;
      // A day's name that opens the sentence is no part of the name after it, nor is an ordinary
      // word before two names ("Tomorrow Karolann Emard"; "Rose Miller" keeps its "Rose").
      for (let lead = /^(\S+)[ \t]+/.exec(name); lead !== null && before[1] === undefined && openingWord(lead[1]!, name.slice(lead[0].length)); lead = /^(\S+)[ \t]+/.exec(name)) {
        start += lead[0].length;
        name = name.slice(lead[0].length);
      }
      if (namedPerson(name, before[1] !== undefined)) out.push({ start: from + start, end: from + end, score: 0.6, validation: "name_shape" });
    }
    return out;
  },
};
