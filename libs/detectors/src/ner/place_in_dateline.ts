import type { Candidate, Detector } from "../core/types.ts";
import { TOWN_NAME, townScore, trimPlace } from "./gazetteer.ts";
import { nextFeed } from "../core/lines.ts";

/**
 * A dateline at the start of a line: "Kalamazoo, 3 March 2026", "Reading, Mon Nov 23 2026", "Mesa,
 * 2026-03-01"; as other languages write the date: "Trier, 5. Februar 2019", "Angers, le 16 février
 * 2019", "Oviedo, 9 de noviembre de 2024", "Chełm, 26 września 2026 r."; Spanish and Portuguese
 * open it with "En"/"Em" and the date with "a": "En Sevilla, a 2 de mayo de 2025".
 */
const DATELINE = new RegExp(String.raw`(?:(?:En|EN|Em|EM)[ \t]+)?(${TOWN_NAME}),[ \t]+(?=(?:a[ \t]+)?(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\p{Ll}*\.?,?[ \t]+(?:\d|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\p{Ll}*\.?[ \t]+\d)|(?:le[ \t]+)?\d{1,2}\.?[ \t]+(?:de[ \t]+)?\p{L}+[ \t]+(?:de[ \t]+)?\d{4}|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\p{Ll}*\.?[ \t]+\d{1,2}|\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4}))`, "dyu");

/** A table's or a right-aligned field's gap on a line. */
const GAP = /\t[ \t]*|[ ]{3,}/g;

/** A weekday, not a place, before the date: "Mon, 12 May 2003" of a mail's or a changelog's date (Mon is also a state of Myanmar). */
const WEEKDAY = /^(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)(?:day|sday|nesday|rsday|urday)?$/;

/**
 * The town heading a letter's dateline. A place the gazetteer knows scores 0.9, above a person
 * NER reads into the same word ("Lincoln, Sun Nov 22 2026" beside "Dear …"); a smaller town, or
 * a name shaped as a town's ("Kleinrinderfeld", "Bad Tanja", "Caxias do Sul"), less
 * (`townScore`: the dateline says a town stands there, and no list holds every village). The
 * place is all there is before the comma: "Anna Smith, Mon Nov 23 2026" holds no "Anna".
 */
export const placeInDateline: Detector = {
  id: "place_in_dateline",
  type: "LOCATION",
  area: "ner",
  category: "location",
  description: "Town heading a dateline (gazetteer, or a town's shape)",
  patterns: [],
  context: [],
  prefilter: { anyChar: "," },
  find(text): Candidate[] {
    const out: Candidate[] = [];
    const tryAt = (at: number) => {
      const c = text.charCodeAt(at);
      DATELINE.lastIndex = at;
      const m = (c >= 65 && c <= 90) || c > 127 ? DATELINE.exec(text) : null;
      if (m === null) return;
      const place = trimPlace(m[1]!);
      const score = WEEKDAY.test(place) ? 0 : townScore(place);
      const start = m.indices![1]![0];
      if (score > 0) out.push({ start, end: start + place.length, score, validation: score < 0.85 ? "town_shape" : "gazetteer" });
    };
    // Tried at each line start that is a capital letter only, past the blanks that indent it (a
    // dateline set to the right: "                    Bielefeld, 04.04.2025"), and after a wide
    // gap on a line that has a comma after it (an invoice's number, then its dateline: "Rechnung
    // Nr. 1187          Bielefeld, 04.04.2025").
    // (the next comma found once and again only past it: one search per line would read the rest of a text without any)
    let comma = -1;
    for (let at = 0; at < text.length; ) {
      const nl = nextFeed(text, at);
      const eol = nl < 0 ? text.length : nl;
      let first = at;
      while (first < eol && (text[first] === " " || text[first] === "\t")) first++;
      tryAt(first);
      if (comma !== Infinity && comma < first) comma = text.indexOf(",", first) < 0 ? Infinity : text.indexOf(",", first);
      if (comma < eol) {
        // (the gaps of this line only: a scan of the text would read on to the next gap, lines away)
        for (const g of text.slice(first, eol).matchAll(GAP)) tryAt(first + g.index + g[0].length);
      }
      if (nl < 0) break;
      at = nl + 1;
    }
    return out;
  },
};
