import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";
import { NAME, SUFFIX, TITLE, mayBePerson } from "./name_shape.ts";

const END = String.raw`(?=${SUFFIX}?[ \t]*(?:[,:;!]|\r?\n|$))`;
const SALUTATION = String.raw`(?<=\b(?:Dear|Hello|Hi)[ \t]+${TITLE}?)${NAME}${END}`;
const LABEL = String.raw`(?<=\b(?:[Nn]ame|NAME)(?:[ \t]+is)?[ \t]*[:=]?[ \t]+${TITLE}?)${NAME}(?=${SUFFIX}?[ \t]*(?:[,.;:!)\]]|\r?\n|$))`;
const CLOSING = String.raw`(?<=\b(?:[Rr]egards|[Ss]incerely|[Ff]aithfully|[Cc]heers|[Yy]ours(?:[ \t]+(?:truly|sincerely))?|[Bb]est(?:[ \t]+wishes)?|[Tt]hanks|[Tt]hank[ \t]+you)[,.!]?[ \t]*\r?\n(?:[ \t]*\r?\n)?[ \t]*${TITLE}?)${NAME}(?=${SUFFIX}?[ \t]*(?:\r?\n|$))`;

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
  patterns: [
    { name: "salutation", regex: re(SALUTATION, "u"), score: 0.6 },
    { name: "closing", regex: re(CLOSING, "u"), score: 0.6 },
    { name: "label", regex: re(LABEL, "u"), score: 0.6 },
  ],
  context: ["dear", "hello", "regards", "sincerely", "faithfully", "yours", "cheers", "thanks", "best", "name"],
  prefilter: { keywords: ["dear", "hello", "hi ", "regards", "sincerely", "faithfully", "yours", "cheers", "best", "thank", "name"] },
  validate: (value) => (mayBePerson(value) ? { validation: "name_shape" } : false),
};
