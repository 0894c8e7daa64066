import type { Detector } from "../core/types.ts";
import { patternCandidates } from "../core/engine.ts";
import { re } from "../core/regex.ts";
import { ADDRESS_KINDS } from "./street_address.ts";

/** Address labels: the detector's context words, and the words `LABEL_BEFORE` looks for. */
const LABEL_WORDS = ["address", "addr", "street", "adresse", "anschrift", "dirección", "indirizzo", "adres"];
const LABELS = LABEL_WORDS.join("|");
/**
 * The label right before the value: a word of its own ("Address: ", "my address 66859 …", on the
 * line above), or a key that ends in one and assigns (`home_address = `). Not a word after the
 * value ("4 GiB address space", "100 IP address blocks"), not an identifier's tail on the line
 * above (GLib's NEWS: "DBUS_SESSION_BUS_ADDRESS\n 637561 Crash …"), not a sentence's end ("not
 * an addr!\n379703 PC ISA").
 */
const LABEL_BEFORE = new RegExp(String.raw`(?:(?<![\p{L}\p{N}_])(?:${LABELS})\p{L}*["']?[ \t]*[:=]?[ \t]*(?:\r?\n[ \t]*)?|[\p{L}\p{N}]_(?:${LABELS})\p{L}*["']?[ \t]*[:=][ \t]*)["']?$`, "iu");

/**
 * A house number and a street name without a suffix, right after an address label or alone
 * under an address column: "Address: 66859 The Rise", "address = 4633 Riverside", a cell
 * "318 Sheri Rue" under "address". British and many other streets have no suffix ("The Rise",
 * "Riverside", "Brookside"), so street_address.ts's rules cannot see them; compromise reads the
 * name as a place or a person. Alone the shape is anything numbered ("3 Blue Widgets"), so it
 * scores 0.3 and only the word right before it (the label) or the column header lifts it; with
 * the lift (0.6) it outranks a place or a person NER reads into it ("Please note my address: 185
 * Colton Ramp": compromise's PERSON, 0.85). No house has the number 0 ("this pointer has the
 * address 0 Run code" in Rust's docs).
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
      // (a direction's initial with its period is a word of it: "1234 W. Ash")
      regex: re(String.raw`(?<![\p{L}\p{N}_./-])[1-9]\d{0,5}[A-Z]?[ \t]+(?:The[ \t]+)?\p{Lu}(?:\.(?=[ \t]+\p{Lu})|[\p{L}'’-]*)(?:[ \t]+\p{Lu}[\p{L}'’-]*){0,2}(?![\p{L}\p{N}_@])`, "u"),
      score: 0.3,
    },
  ],
  context: [...LABEL_WORDS, ...ADDRESS_KINDS],
  contextBoost: 0.6,
  // Only the label itself: "shipping 3 Blue Widgets" or "address below. 3 Blue Widgets" is no address.
  contextWindow: 1,
  maxBaseScore: 0.3,
  prefilter: { letter: true, minDigits: 1 },
  // Without the label right before it, only a cell's own text (under an address column) may be lifted.
  find(text) {
    return patternCandidates(addressByLabel, text).map((c) =>
      LABEL_BEFORE.test(text.slice(Math.max(0, c.start - 40), c.start)) ? { ...c, validation: "after_address_label" } : text.slice(0, c.start).trim() === "" ? c : { ...c, fixed: true },
    );
  },
};
