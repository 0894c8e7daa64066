import type { Candidate, Detector } from "../core/types.ts";
import { isKnownPlace } from "./gazetteer.ts";

/** 1–4 capitalised words, "and"/"&"/"of"/"de" between them; the place is group 1. */
const PLACE = String.raw`(\p{Lu}[\p{L}'’.-]*(?:[ \t]+(?:(?:and|&|of|de|del|la|le|upon|on|the)[ \t]+)?\p{Lu}[\p{L}'’.-]*){0,3})`;
/** A verb of living or coming from, then "in", "to", "at" or "from". */
const CUE = new RegExp(String.raw`\b(?:[Bb]orn|[Rr]aised|[Ll]ives?|[Ll]iving|[Rr]esides?|[Rr]esiding|[Rr]esident|[Ll]ocated|[Bb]ased|[Mm]oved|[Rr]elocated|[Cc]omes?|[Cc]oming|[Oo]riginally)[ \t]+(?:(?:here|there|now)[ \t]+)?(?:in|to|at|from)[ \t]+(?:the[ \t]+)?${PLACE}`, "gdu");
/** A label: "Place of birth: Ocala", "City = Lake Havasu City". */
const LABEL = new RegExp(String.raw`\b(?:[Pp]lace[ \t]+of[ \t]+birth|PLACE[ \t]+OF[ \t]+BIRTH|[Bb]irthplace|[Hh]ometown|[Cc]ity|[Cc]ountry|[Nn]ationality)[ \t]*[:=][ \t]*${PLACE}`, "gdu");
/** A dateline at the start of a line: "Kalamazoo, 3 March 2026", "Reading, Mon Nov 23 2026". */
const DATELINE = new RegExp(String.raw`${PLACE},[ \t]+(?=(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w*\.?,?[ \t]|\d{1,2}\.?[ \t]+\p{Lu}\p{Ll}+[ \t]+\d{4}|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\p{Ll}*\.?[ \t]+\d{1,2}|\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4})`, "dyu");

/** The longest run of leading words of `words` that is a known place ("Houston Texas" → "Houston"). */
function knownPrefix(words: string): string | null {
  let w = words;
  for (;;) {
    if (isKnownPlace(w)) return w;
    const cut = w.search(/[ \t]+\S+$/);
    if (cut <= 0) return null;
    w = w.slice(0, cut);
  }
}

/**
 * A known place (gazetteer.ts) after a cue that introduces one: "born in Racine", "lives in
 * Winston-Salem", "moved to Kalamazoo", a label ("Place of birth: Ocala"), or the head of a
 * dateline ("Mesa, Mon Nov 23 2026").
 * compromise, not knowing the smaller cities, misses these.
 */
export const placeByCue: Detector = {
  id: "place_by_cue",
  type: "LOCATION",
  area: "ner",
  category: "location",
  description: "Known place after a cue: born/lives/moved in or to, a dateline (gazetteer)",
  patterns: [],
  context: ["born", "raised", "lives", "living", "resides", "resident", "located", "based", "moved", "relocated", "place of birth", "birthplace", "hometown"],
  prefilter: { anyChar: " \t" },
  find(text): Candidate[] {
    const out: Candidate[] = [];
    // After a cue the place may run into other words ("lives in Houston Texas"): its longest known
    // head counts. A dateline's place is all there is before the comma ("Anna Smith, …" is no "Anna").
    const add = (m: RegExpExecArray, score: number, whole = false) => {
      const words = m[1]!.replace(/[.'’-]+$/, "");
      const place = whole ? (isKnownPlace(words) ? words : null) : knownPrefix(words);
      if (place === null) return;
      const start = m.indices![1]![0];
      out.push({ start, end: start + place.length, score, validation: "gazetteer" });
    };
    let m: RegExpExecArray | null;
    for (const rx of [CUE, LABEL]) {
      rx.lastIndex = 0;
      while ((m = rx.exec(text)) !== null) add(m, 0.7);
    }
    // Datelines, tried at each line start only: the place heading a letter outranks a person
    // NER reads into it ("Lincoln, Sun Nov 22 2026").
    for (let at = 0; at < text.length; ) {
      DATELINE.lastIndex = at;
      if ((m = DATELINE.exec(text)) !== null) add(m, 0.9, true);
      const nl = text.indexOf("\n", at);
      if (nl < 0) break;
      at = nl + 1;
    }
    return out;
  },
};
