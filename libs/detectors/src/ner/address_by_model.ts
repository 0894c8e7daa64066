import type { Detector } from "../core/types.ts";
import { isMonthName } from "../generic/date_of_birth.ts";
import { modelCandidates } from "./rampart.ts";
import { streetAddress } from "./street_address.ts";

/**
 * A date the model reads as a street and its number: a month's name in the span ("7 października"
 * in a Polish dateline) or right after it ("do Sul, 25 de setembro": a town, then the day).
 */
export function aDate(text: string, start: number, end: number): boolean {
  const after = /^[ \t]+(?:de[ \t]+)?(\p{L}+)/u.exec(text.slice(end, end + 24));
  return text.slice(start, end).split(/[^\p{L}]+/u).some(isMonthName) || (after !== null && isMonthName(after[1]!));
}

/**
 * Street addresses as the optional NER model reads them (`rampart.ts`): a street with a building
 * number, a postcode or an apartment beside it, and the city, state and postcode around it: 0.85
 * before context. Runs only with the `nerModel` option.
 */
export const addressByModel: Detector = {
  id: "address_by_model",
  type: "ADDRESS",
  area: "ner",
  category: "location",
  description: "Street address (optional NER model: Rampart, a BERT token classifier)",
  patterns: [],
  ner: true,
  nerModel: true,
  context: streetAddress.context,
  prefilter: {},
  find: (text) => modelCandidates(text, "ADDRESS").filter((c) => !aDate(text, c.start, c.end)),
};
