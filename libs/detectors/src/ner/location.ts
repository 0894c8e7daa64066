import type { Detector } from "../core/types.ts";
import { inRoffRequest, nerCandidates, writtenAsIdentifier } from "./compromise_ner.ts";
import { outsideOrganisationAddresses } from "./street_address.ts";
import { isKnownPlace, timeZoneRegion, tooCoarse } from "./gazetteer.ts";

/**
 * The Free Software Foundation's city in every GPL notice ("Boston, MA 02110-1301 USA", the older
 * "02111-1307", the misprint "021110-1307", "Cambridge, MA 02139"), and its street ("Franklin
 * Street, Fifth Floor, Boston"): an organisation's address,
 * no person's place. Found, never reported.
 */
const FSF_CITY_AFTER = /^[,\s-]*(?:MA\s+(?:0211[01]\d?-1[0-9]{3}|02139)\b|Fifth Floor,?\s*Boston\b)/;

// (not "located": things are located as often as people, "courts located in Santa Clara County" in a licence's venue clause)
const CONTEXT = ["address", "city", "town", "lives", "living", "resides", "resident", "born", "country", "state", "province", "county", "hometown", "residence", "domicile", "place of birth", "birthplace", "nationality", "citizenship"];
/**
 * "state" lifts a place the gazetteer knows ("State: Ohio") and no other: in code and its
 * comments it is a machine's or a variable's state, and compromise's guesses beside it are
 * words ("The Zone Condition state machine", a C comment's "Cdev state updated" in Linux's headers).
 */
const NOT_STATE: ReadonlySet<string> = new Set(CONTEXT.filter((t) => t !== "state"));

/** Places (cities, regions, countries) from compromise; weak alone, stronger with address context. */
export const location: Detector = {
  id: "location",
  type: "LOCATION",
  area: "ner",
  category: "location",
  description: "Location (local NER: compromise)",
  patterns: [],
  ner: true,
  context: CONTEXT,
  // A place-like word in a cell of a people column is a name ("Hudson Upton", "London Ward").
  negativeHeader: ["name", "full name", "first name", "last name", "surname", "customer", "client", "employee", "patient", "applicant", "tenant", "cardholder", "beneficiary", "recipient", "spouse", "person", "member", "student", "guest", "passenger"],
  prefilter: {},
  // (nor the town of an organisation's address: "Redwood Shores" in every file of a JDK's sources)
  find: (text) =>
    outsideOrganisationAddresses(text, nerCandidates(text, "LOCATION", 0.4))
      // (a time zone's region: "America/Los_Angeles" in java.time's docs; a name of code, "Ord" of
      // "std::cmp::Ord"; an mdoc macro, ".Op Fl Fl apple")
      .filter((c) => !timeZoneRegion(text, c.start, c.end) && !writtenAsIdentifier(text, c.start, c.end) && !inRoffRequest(text, c.start, c.end))
      // (a continent or a world region tells where no one is: found, never reported)
      .map((c) => (FSF_CITY_AFTER.test(text.slice(c.end, c.end + 24)) ? { ...c, score: 0.01, validation: "organisation_address", fixed: true } : tooCoarse(text.slice(c.start, c.end)) ? { ...c, score: 0.01, validation: "world_region", fixed: true } : isKnownPlace(text.slice(c.start, c.end)) ? c : { ...c, onlyContext: NOT_STATE })),
};
