import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";

/**
 * A house number and a street name without a suffix, right after an address label or alone
 * under an address column: "Address: 66859 The Rise", "address = 4633 Riverside", a cell
 * "318 Sheri Rue" under "address". British and many other streets have no suffix ("The Rise",
 * "Riverside", "Brookside"), so street_address.ts's rules cannot see them; compromise reads the
 * name as a place or a person. Alone the shape is anything numbered ("3 Blue Widgets"), so it
 * scores 0.3 and only the word right before it (the label) or the column header lifts it; with
 * the lift it equals a place NER finds in it and, being longer, outranks it.
 */
export const addressByLabel: Detector = {
  id: "address_by_label",
  type: "ADDRESS",
  area: "ner",
  category: "location",
  description: "House number and street name after an address label or under an address column",
  patterns: [
    {
      name: "number and 1-3 capitalised words",
      regex: re(String.raw`(?<![\p{L}\p{N}_./-])\d{1,6}[A-Z]?[ \t]+(?:The[ \t]+)?\p{Lu}[\p{L}'’-]*(?:[ \t]+\p{Lu}[\p{L}'’-]*){0,2}(?![\p{L}\p{N}_@])`, "u"),
      score: 0.3,
    },
  ],
  context: ["address", "addr", "street", "adresse", "anschrift", "dirección", "indirizzo", "adres"],
  contextBoost: 0.45,
  // Only the label itself: "shipping 3 Blue Widgets" or "address below. 3 Blue Widgets" is no address.
  contextWindow: 1,
  maxBaseScore: 0.3,
  prefilter: { letter: true, minDigits: 1 },
};
