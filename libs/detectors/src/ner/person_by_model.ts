import type { Detector } from "../core/types.ts";
import { inRoffRequest, writtenAsIdentifier } from "./compromise_ner.ts";
import { modelCandidates } from "./rampart.ts";
import { person } from "./person.ts";

/**
 * Names of people as the optional NER model reads them (`rampart.ts`): a given name and a surname
 * next to each other 0.85, either alone 0.5, before context. Runs only with the `nerModel` option.
 */
export const personByModel: Detector = {
  id: "person_by_model",
  type: "PERSON",
  area: "ner",
  category: "person",
  description: "Person name (optional NER model: Rampart, a BERT token classifier)",
  patterns: [],
  ner: true,
  nerModel: true,
  context: person.context,
  negativeContext: person.negativeContext,
  prefilter: {},
  find: (text) => modelCandidates(text, "PERSON").filter((c) => !writtenAsIdentifier(text, c.start, c.end) && !inRoffRequest(text, c.start, c.end)),
};
