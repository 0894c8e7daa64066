import type { Detector } from "../core/types.ts";
import { nerCandidates } from "./compromise_ner.ts";

/** Places (cities, regions, countries) from compromise; weak alone, stronger with address context. */
export const location: Detector = {
  id: "location",
  type: "LOCATION",
  area: "ner",
  category: "location",
  description: "Location (local NER: compromise)",
  patterns: [],
  ner: true,
  context: ["address", "city", "town", "lives", "living", "resides", "resident", "located", "born", "country", "state", "province", "county", "hometown", "residence", "domicile", "place of birth", "birthplace", "nationality", "citizenship"],
  // A place-like word in a cell of a people column is a name ("Hudson Upton", "London Ward").
  negativeHeader: ["name", "full name", "first name", "last name", "surname", "customer", "client", "employee", "patient", "applicant", "tenant", "cardholder", "beneficiary", "recipient", "spouse", "person", "member", "student", "guest", "passenger"],
  prefilter: {},
  find: (text) => nerCandidates(text, "LOCATION", 0.4),
};
