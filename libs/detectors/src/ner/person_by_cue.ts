import type { Candidate, Detector } from "../core/types.ts";
import { NAME, SUFFIX, TITLE, mayBePerson, startsWithVerb } from "./name_shape.ts";

// Each cue starts with its words, so the scan jumps from one "D"/"H"/"N"/"R"/… to the next
// instead of testing a look-behind at every position; the name is group 1.
const END = String.raw`(?=${SUFFIX}?[ \t]*(?:[,:;!]|\r?\n|$))`;
const CUES: RegExp[] = [
  // Salutation: "Dear Ms. Hoeger-Towne,"
  String.raw`\b(?:Dear|Hello|Hi)[ \t]+${TITLE}?(${NAME})${END}`,
  // Signature under a closing: "Kind regards,\nMalvina DuBuque"
  String.raw`\b(?:[Rr]egards|[Ss]incerely|[Ff]aithfully|[Cc]heers|[Yy]ours(?:[ \t]+(?:truly|sincerely))?|[Bb]est(?:[ \t]+wishes)?|[Tt]hanks|[Tt]hank[ \t]+you)[,.!]?[ \t]*\r?\n(?:[ \t]*\r?\n)?[ \t]*${TITLE}?(${NAME})(?=${SUFFIX}?[ \t]*(?:\r?\n|$))`,
  // Label: "Name: Golden Hessel", "my name is Conner Deckow-Bruen.", a table's "Name\tAnna Smith";
  // not a title ("Name Server Operations", "Service Name Lookup Hangs"), not a compound key
  // ("Upstream-Name: Apache Maven" in Debian's copyright files), not before a dotted name ("name:
  // Use Node.js" in a CI workflow), not glued to its key (a desktop file's "Name=Foo Viewer")
  String.raw`(?<![\p{L}]-)\b(?:[Nn]ame|NAME)(?:[ \t]+is[ \t]*[:=]?[ \t]+|[ \t]*[:=][ \t]+|\t[ \t]*|[ ]{2,})${TITLE}?(${NAME})(?=${SUFFIX}?[ \t]*(?:[,;:!)\]]|\.(?!\p{L})|\r?\n|$))`,
].map((src) => new RegExp(src, "gdu"));

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
  context: ["dear", "hello", "regards", "sincerely", "faithfully", "yours", "cheers", "thanks", "best", "name"],
  prefilter: { keywords: ["dear", "hello", "hi ", "regards", "sincerely", "faithfully", "yours", "cheers", "best", "thank", "name"] },
  find(text): Candidate[] {
    const out: Candidate[] = [];
    for (const rx of CUES) {
      rx.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = rx.exec(text)) !== null) {
        const [start, end] = m.indices![1]!;
        // `@name Alias Queries`, `\name Section Management`: a documentation command (Doxygen)
        const command = m.index > 0 && (text[m.index - 1] === "@" || text[m.index - 1] === "\\");
        if (!command && mayBePerson(m[1]!) && !startsWithVerb(m[1]!)) out.push({ start, end, score: 0.6, validation: "name_shape" });
      }
    }
    return out;
  },
};
