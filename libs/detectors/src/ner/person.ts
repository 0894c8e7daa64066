import type { Detector } from "../core/types.ts";
import { nerCandidates } from "./compromise_ner.ts";
import { outsideOrganisationAddresses } from "./street_address.ts";

/**
 * Whether a one-word person at [start, end) is a project's name: the text also writes the word
 * in lower case inside an identifier, a package's or an artifact's ("Jackson" beside
 * "com.fasterxml.jackson.core" and "jackson-core" in Maven's repository). Not inside an e-mail
 * address ("Nielsen" beside "nielsen@example.com" stays a person).
 */
function projectName(text: string, start: number, end: number): boolean {
  const word = text.slice(start, end);
  if (!/^\p{Lu}\p{Ll}+$/u.test(word)) return false;
  const lower = word.toLowerCase();
  for (let at = text.indexOf(lower); at >= 0; at = text.indexOf(lower, at + 1)) {
    const before = text[at - 1] ?? " ";
    const after = text[at + lower.length] ?? " ";
    const joined = (c: string, next: string) => (c === "." || c === "-") && /[a-z]/.test(next);
    if (!(joined(before, text[at - 2] ?? " ") || joined(after, text[at + lower.length + 1] ?? " "))) continue;
    // the identifier it stands in, to its blanks: no e-mail address
    let s = at;
    while (s > 0 && !/\s/.test(text[s - 1]!)) s--;
    let e = at + lower.length;
    while (e < text.length && !/\s/.test(text[e]!)) e++;
    if (!text.slice(s, e).includes("@")) return true;
  }
  return false;
}

/** Names of people, from compromise's lexicon and grammar (English-centred). */
export const person: Detector = {
  id: "person",
  type: "PERSON",
  area: "ner",
  category: "person",
  description: "Person name (local NER: compromise)",
  patterns: [],
  ner: true,
  context: ["name", "mr", "mrs", "ms", "miss", "dr", "dear", "regards", "sincerely", "yours", "patient", "employee", "customer", "client", "contact", "signed", "attn", "applicant", "tenant", "cardholder", "beneficiary", "born", "spouse", "manager", "surname", "first name", "last name", "full name"],
  // A name-like word under a place label is a place compromise does not know ("Houston" in a place_of_birth column).
  negativeContext: ["place of birth", "birthplace", "nationality", "citizenship", "country", "city"],
  prefilter: {},
  // (the street of an organisation's address is no one's name: "51 Franklin St" in a GPL notice)
  find: (text) => outsideOrganisationAddresses(text, nerCandidates(text, "PERSON", 0.5)).filter((c) => !projectName(text, c.start, c.end)),
};
