import type { Detector } from "../core/types.ts";
import { writtenAsIdentifier } from "./compromise_ner.ts";
import { timeZoneRegion } from "./gazetteer.ts";
import { modelCandidates } from "./rampart.ts";
import { location } from "./location.ts";

/**
 * Cities and states as the optional NER model reads them (`rampart.ts`), outside an address: 0.5
 * before context. Runs only with the `nerModel` option.
 */
export const locationByModel: Detector = {
  id: "location_by_model",
  type: "LOCATION",
  area: "ner",
  category: "location",
  description: "Location (optional NER model: Rampart, a BERT token classifier)",
  patterns: [],
  ner: true,
  nerModel: true,
  context: location.context,
  negativeHeader: location.negativeHeader,
  prefilter: {},
  find: (text) => modelCandidates(text, "LOCATION").filter((c) => !timeZoneRegion(text, c.start, c.end) && !writtenAsIdentifier(text, c.start, c.end)),
};
