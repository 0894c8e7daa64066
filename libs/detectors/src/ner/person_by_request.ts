import type { Candidate, Detector } from "../core/types.ts";
import { cuedMatches, withSticky } from "../core/regex.ts";
import { END_IN_SENTENCE, FOREIGN_TITLE, NAME_WITH_PARTICLES, SUFFIX, TITLE_WORD, alternation, namedPerson, partOfDefinedTerm, withDecomposed } from "./name_shape.ts";

/**
 * A request to contact someone, the name right after it, in English and in the languages of the
 * national identifiers: "please contact Alfreda Macejkovic of our accounts department", "wenden
 * Sie sich bitte an Anna Weber", "puede ponerse en contacto con Ana Ruiz de nuestro
 * departamento", "si rivolga a Orchidea Gurrieri del nostro ufficio". Letters and mails name a
 * colleague this way in running text, where no title or label precedes the name and an English
 * tagger does not know it.
 */
const ASKS = [
  // English
  "contact", "speak to", "speak with", "talk to", "reach out to", "get in touch with", "ask for",
  // German, French, Spanish, Italian, Portuguese, Dutch, Polish
  "wenden Sie sich bitte an", "wenden Sie sich an", "melden Sie sich bei", "kontaktieren Sie",
  "contacter", "contactez", "vous adresser à", "adressez-vous à",
  "ponerse en contacto con", "póngase en contacto con", "contactar con", "contacte con", "hablar con",
  "rivolgersi a", "si rivolga a", "contattare", "contatti pure",
  "entre em contato com", "entrar em contato com", "fale com", "falar com",
  "contact opnemen met", "neem contact op met", "contact op met",
  "skontaktować się z", "skontaktuj się z", "prosimy o kontakt z",
];

// The ask, a title or not, and the name, which ends at a mark, the line's end or a lower-case
// word: "contacter Madame Lemoine ou", "contact Mr. Pusch.", "contact opnemen met Sanne de Vries van";
// or before the person's details in parentheses: "please contact Rod Wolf (rod@acme.com, 555-0100)".
const ASK = new RegExp(String.raw`(?<![\p{L}\p{N}])${alternation(ASKS)}[ \t]+(?:(${FOREIGN_TITLE}|${TITLE_WORD}\.?)[ \t]+)?(${NAME_WITH_PARTICLES})(?:${END_IN_SENTENCE}|(?=${SUFFIX}?[ \t]+\())`, "gdu");
const [SCAN, STICKY] = withSticky(ASK);

export const personByRequest: Detector = {
  id: "person_by_request",
  type: "PERSON",
  area: "ner",
  category: "person",
  description: "Person name after a request to contact them, in English, German, French, Spanish, Italian, Portuguese, Dutch or Polish (name shape, lexicon veto)",
  patterns: [],
  // Every ask is a context word: the engine runs the detector only on a text that holds one, and
  // tells `find` where they start.
  context: withDecomposed(ASKS.map((w) => w.toLowerCase())),
  prefilter: { letter: true, context: true },
  find(text, cues): Candidate[] {
    const out: Candidate[] = [];
    for (const m of cuedMatches(SCAN, STICKY, text, cues)) {
      const [start, end] = m.indices![2]!;
      // (a department, a team or a role is no one: "contact Customer Service", "hablar con Atención al Cliente")
      // (nor the end of a term its acronym defines: "the Contact Control Panel (CCP)")
      if (namedPerson(m[2]!, m[1] !== undefined) && !partOfDefinedTerm(text, start, end)) out.push({ start, end, score: 0.6, validation: "name_shape" });
    }
    return out;
  },
};
