/**
 * The pure half of reading text with the Rampart model (`rampart.ts` runs it): words with their
 * offsets as a BERT tokenizer splits them, windows the model reads at once, its labels per word
 * gathered into spans, and the spans into the entities this library reports. No model here: the
 * spec feeds it labels.
 *
 * The model (a 6-layer BERT token classifier, BIO labels) tags each word piece as a given name,
 * a surname, an address's building number, street, secondary part (an apartment, a suite),
 * city, state or postcode, or one of identifiers this library reads by their check digits
 * instead (e-mail, phone, tax and government ids, …), which are left out here.
 */

/** A word as the model's basic tokenizer splits text: a run of letters, marks and digits, or one other character that is not a blank. */
export interface Word {
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{M}\p{N}]+|[^\s\p{L}\p{M}\p{N}]/gu;

export function modelWords(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(WORD)) out.push({ start: m.index, end: m.index + m[0].length });
  return out;
}

/** The model reads at most 512 pieces, [CLS] and [SEP] among them; it reads best in windows of about 480 characters (as its own package reads). */
export const MAX_PIECES = 510;
export const WINDOW_CHARS = 480;
/** Windows overlap by this much: an entity a window's edge cuts is whole in the next one. */
export const OVERLAP_CHARS = 64;

/**
 * Windows over the words, as [first word, end word): each at most `WINDOW_CHARS` characters from
 * its first word's start to its last word's end (a longer word alone is one window) and at most
 * `MAX_PIECES` pieces (`pieces(i)`: word i's count); each after the first starts at the first
 * word within `OVERLAP_CHARS` before the previous window's end, and always after its start, or
 * at its end when the next word would not fit beside those words. (The tokenizer reads a word of
 * more than 100 characters as one unknown piece: no word alone has more than 100.)
 */
export function windows(words: readonly Word[], pieces: (i: number) => number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let first = 0;
  while (first < words.length) {
    let end = first;
    let count = 0;
    while (end < words.length && (end === first || (words[end]!.end - words[first]!.start <= WINDOW_CHARS && count + pieces(end) <= MAX_PIECES))) {
      count += pieces(end);
      end++;
    }
    out.push([first, end]);
    if (end >= words.length) break;
    let next = end;
    while (next - 1 > first && words[end - 1]!.end - words[next - 1]!.start < OVERLAP_CHARS) next--;
    // (no overlap when the next word would not fit beside it: a run of hundreds of pieces)
    let count2 = 0;
    for (let i = next; i <= end; i++) count2 += pieces(i);
    if (words[end]!.end - words[next]!.start > WINDOW_CHARS || count2 > MAX_PIECES) next = end;
    first = next;
  }
  return out;
}

/** The model's labels, by its config's id2label, without the B-/I- prefix. */
export type ModelLabel = "GIVEN_NAME" | "SURNAME" | "BUILDING_NUMBER" | "STREET_NAME" | "SECONDARY_ADDRESS" | "CITY" | "STATE" | "ZIP_CODE";
const KEPT: ReadonlySet<string> = new Set<ModelLabel>(["GIVEN_NAME", "SURNAME", "BUILDING_NUMBER", "STREET_NAME", "SECONDARY_ADDRESS", "CITY", "STATE", "ZIP_CODE"]);

/** One word's reading: its label as the model writes it ("B-CITY", "O") and its probability. */
export interface WordLabel {
  label: string;
  score: number;
}

export interface ModelSpan {
  label: ModelLabel;
  start: number;
  end: number;
  /** The least probability among its words. */
  score: number;
}

/** Below this probability a word's label does not count (the model's own package's default). */
export const THRESHOLD = 0.5;

/**
 * A window's word labels gathered into spans: words of one label next to each other (only blanks
 * between) are one span unless the later one begins a new entity ("B-"), though a street's or a
 * city's words run on ("Kingsbury Drive", "rue de la République" as the model labels them B
 * again after "de"). Labels below `THRESHOLD` and those not kept end a span, and so does a
 * name's continuation ("I-") that continues nothing.
 */
export function spansOf(text: string, words: readonly Word[], labels: readonly WordLabel[]): ModelSpan[] {
  const out: ModelSpan[] = [];
  let cur: ModelSpan | null = null;
  words.forEach((w, i) => {
    const { label, score } = labels[i]!;
    const type = label.slice(2);
    if (label === "O" || score < THRESHOLD || !KEPT.has(type)) {
      cur = null;
      return;
    }
    const runsOn = (c: ModelSpan) => c.label === type && /^[ \t]*$/.test(text.slice(c.end, w.start)) && (label.startsWith("I-") || type === "STREET_NAME" || type === "CITY");
    if (cur !== null && runsOn(cur)) {
      cur.end = w.end;
      cur.score = Math.min(cur.score, score);
      return;
    }
    // A name's continuation of nothing on its line begins nothing: the department under a
    // signature ("Francis Metz\nSales" reads "Sales" as the surname going on). (A town's does: the
    // dateline's town after the address block's, "38630 Bad Femke\n\nDessau-Roßlau, 22. Februar".)
    if (label.startsWith("I-") && (type === "GIVEN_NAME" || type === "SURNAME")) {
      cur = null;
      return;
    }
    cur = { label: type as ModelLabel, start: w.start, end: w.end, score };
    out.push(cur);
  });
  return out;
}

/** Spans of overlapping windows joined: the same label over overlapping ranges is one span (an entity a window cut is whole again). */
export function mergeWindows(spans: readonly ModelSpan[]): ModelSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: ModelSpan[] = [];
  const open = new Map<ModelLabel, ModelSpan>();
  for (const s of sorted) {
    const cur = open.get(s.label);
    if (cur !== undefined && s.start < cur.end) {
      cur.end = Math.max(cur.end, s.end);
      cur.score = Math.max(cur.score, s.score);
      continue;
    }
    const copy = { ...s };
    out.push(copy);
    open.set(s.label, copy);
  }
  return out;
}

export type EntityType = "PERSON" | "ADDRESS" | "LOCATION";

export interface ModelEntity {
  type: EntityType;
  start: number;
  end: number;
  score: number;
  /** The model's labels that make it up, in order ("GIVEN_NAME+SURNAME", "BUILDING_NUMBER+STREET_NAME+CITY+STATE+ZIP_CODE"). */
  parts: string;
}

const PERSON_PARTS: ReadonlySet<ModelLabel> = new Set(["GIVEN_NAME", "SURNAME"]);
const ADDRESS_PARTS: ReadonlySet<ModelLabel> = new Set(["BUILDING_NUMBER", "STREET_NAME", "SECONDARY_ADDRESS", "CITY", "STATE", "ZIP_CODE"]);

/** Between the parts of one name: blanks; of one address: blanks, a comma, a line break. */
const NAME_GAP = /^[ \t]+$/;
const ADDRESS_GAP = /^[ \t]*(?:,[ \t]*|\r?\n[ \t]*)?$/;

/**
 * The entities the spans make: a person's name of a given name and a surname next to each other
 * (either alone is a name too, if less sure); an address of a street and a building number or a
 * postcode next to it, with the apartment, city, state and postcode around it; a city or a state
 * that is no address's part is a place.
 */
export function entitiesOf(text: string, spans: readonly ModelSpan[]): ModelEntity[] {
  const out: ModelEntity[] = [];
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  for (let i = 0; i < sorted.length; ) {
    const s = sorted[i]!;
    const kind = PERSON_PARTS.has(s.label) ? PERSON_PARTS : ADDRESS_PARTS;
    const gap = kind === PERSON_PARTS ? NAME_GAP : ADDRESS_GAP;
    let j = i + 1;
    while (j < sorted.length && kind.has(sorted[j]!.label) && gap.test(text.slice(sorted[j - 1]!.end, sorted[j]!.start))) j++;
    const group = sorted.slice(i, j);
    const labels = group.map((g) => g.label);
    const score = group.reduce((m, g) => Math.min(m, g.score), Infinity);
    const whole = (type: EntityType) => out.push({ type, start: group[0]!.start, end: group[group.length - 1]!.end, score, parts: labels.join("+") });
    if (kind === PERSON_PARTS) whole("PERSON");
    else if (labels.includes("STREET_NAME") && (labels.includes("BUILDING_NUMBER") || labels.includes("ZIP_CODE") || labels.includes("SECONDARY_ADDRESS"))) whole("ADDRESS");
    else {
      for (const g of group) if (g.label === "CITY" || g.label === "STATE") out.push({ type: "LOCATION", start: g.start, end: g.end, score: g.score, parts: g.label });
    }
    i = j;
  }
  return out;
}
