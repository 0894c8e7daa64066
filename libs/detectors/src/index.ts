/**
 * Deterministic PII detection over extracted text segments.
 *
 *   detect(segments, opts) → Finding[]   (synchronous, deterministic, masked values only)
 *
 * Pipeline per segment: cheap pre-filters pick the detectors (digits, characters, keywords;
 * detectors too weak to report alone run only when one of their context words is present),
 * detectors match and validate (checksums), context words within `contextWindow` words on
 * both sides and the column header raise or lower scores, deny-list values are added,
 * allow-list values removed, NER runs on bounded windows around other findings and
 * person/address words, and overlapping findings keep the stronger.
 */
import { readFileSync } from "node:fs";
import { locator, type Finding, type Locator, type Segment } from "@filescan/contracts";
import type { Candidate, Detector } from "./core/types.ts";
import { atChance, candidates, compile, factsOf, grouped, passesBeyondCounts, prefiltered, runDetector, score, shareGates, strongestFirst, type Compiled, type Scored, type Tally, type TextFacts } from "./core/engine.ts";
import { GLOBAL_NEGATIVE, headerWords, stem, windowWords } from "./core/context.ts";
import { mask } from "./core/mask.ts";
import { escapeRegex } from "./core/regex.ts";
import { foldForDetection, originalSpan, type Folded } from "./core/fold.ts";
import { DETECTORS, MODEL_DETECTORS } from "./registry.ts";
import { checkModelDir, useModel } from "./ner/rampart.ts";
import { nameSeeds } from "./ner/seeds.ts";
import { recordValues, type RecordValue } from "./core/records.ts";
import { NameColumns } from "./ner/name_columns.ts";

export { mask } from "./core/mask.ts";
export { DETECTORS } from "./registry.ts";
export type { Detector } from "./core/types.ts";

export interface CustomDetector {
  type: string;
  /** JavaScript regular expression source; the whole match is the finding. */
  pattern: string;
  /** Regular expression flags besides `g` (e.g. "i"). */
  flags?: string;
  score: number;
  context?: string[];
}

export interface DetectOptions {
  /** Run the local NER (PERSON, LOCATION). Default true. */
  ner?: boolean;
  /** Only these entity types (default: all). */
  entities?: string[];
  /** Values never reported (compared case-insensitively, ignoring spaces and - . / separators). */
  allow?: string[];
  /** Values always reported, as type DENY_LIST. */
  deny?: string[];
  custom?: CustomDetector[];
  /** Findings below this score are dropped. Default 0.4. */
  minScore?: number;
  /** Words on each side of a match that count as its context. Default 5. */
  contextWindow?: number;
  /** Most characters NER may read per `detect` call (default 100,000). */
  nerMaxChars?: number;
  /**
   * Directory of the optional NER model (Rampart, fetched by `infra/local/fetch-ner-model.sh`):
   * its detectors then read the NER windows beside compromise's. Default: none (prose and logs
   * take 20–40 times longer with it; see ner/rampart.ts).
   */
  nerModel?: string;
}

export interface DetectStats {
  segments: number;
  chars: number;
  /** Characters NER read, and in how many windows. */
  nerChars: number;
  nerWindows: number;
  /** Detector runs skipped by the pre-filters / performed. */
  skipped: number;
  ran: number;
  /** Findings not reported because their detector validated no more often than chance in this call and they had no context word. */
  atChance: number;
  /** People not reported because they stand in a column of names that are no one's (ner/name_columns.ts). */
  namesOfThings: number;
}

const DEFAULT_MIN_SCORE = 0.4;
const DEFAULT_WINDOW = 5;
const DEFAULT_NER_MAX = 100_000;
/** A name or place NER reads must be this close to a trigger (a finding or a context word). */
const NER_RADIUS = 300;
/**
 * Characters NER reads on each side of a name or place word (ner/seeds.ts): about eight words,
 * which is what compromise looks at for a name (80 read a third more text for the same findings
 * of the labelled corpus and, on 1.5 MB of mixed text, 3 fewer in 17,538).
 */
const SEED_RADIUS = 50;
/** The same for the NER model, which reads a name by its sentence: in a window of 50 it missed some that 120 found. */
const MODEL_SEED_RADIUS = 120;
/** Segments up to this long (cells, lines, short fields) are read whole when triggered. */
const NER_SHORT = 600;
/** At most this much NER per segment. */
const NER_SEGMENT_MAX = 8_000;
/** NER windows are joined into batches of about this many characters, a blank line apart. */
const NER_BATCH = 4_000;
const NER_JOIN = "\n\n";

const COMPILED: Compiled[] = DETECTORS.map(compile);
const PATTERN_DETECTORS = COMPILED.filter((c) => !c.det.ner);
const NER_DETECTORS = COMPILED.filter((c) => c.det.ner);
const NER_MODEL_DETECTORS = MODEL_DETECTORS.map(compile);
/** Words that say a whole document is made up ("test", "example"): a record reads them around it as well as its key. */
const GLOBAL_NEGATIVE_WORDS: ReadonlySet<string> = new Set(GLOBAL_NEGATIVE.map(stem));
shareGates(PATTERN_DETECTORS);
/** Words that make NER worth running: the NER and address detectors' context words (in a header, "place_of_birth" too). */
const NER_TRIGGER = (() => {
  const words = new Set<string>();
  for (const c of COMPILED) if (c.det.ner || c.det.type === "ADDRESS") for (const t of c.ctx) words.add(t.seq.join(" "));
  const alt = [...words].sort((a, b) => b.length - a.length).map((w) => escapeRegex(w).replace(/ /g, "[\\W_]+"));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alt.join("|")})(?![\\p{L}\\p{N}])`, "gu");
})();
/** NER_TRIGGER for a test (not global: no lastIndex to reset). */
const NER_TRIGGER_ANY = new RegExp(NER_TRIGGER.source, "u");

/** Every entity type a finding can carry (DENY_LIST and custom types come from options). */
export const detectorTypes: string[] = [...new Set(DETECTORS.map((d) => d.type)), "DENY_LIST"];

function normalizeValue(v: string): string {
  return v.toLowerCase().replace(/[\s\-./]+/g, "");
}

function customDetector(c: CustomDetector, i: number): Detector {
  if (!c || typeof c.type !== "string" || typeof c.pattern !== "string" || typeof c.score !== "number" || !(c.score >= 0 && c.score <= 1)) {
    throw new Error(`custom detector #${i + 1} needs a string type, a string pattern and a score between 0 and 1`);
  }
  // (checked here, not on the first file: a context of numbers threw in every detect())
  if (c.context !== undefined && (!Array.isArray(c.context) || c.context.some((w) => typeof w !== "string" || w.trim() === ""))) {
    throw new Error(`custom detector #${i + 1} (${c.type}): context must be an array of words`);
  }
  // (a sticky scan would stop at the first place without a match)
  if (c.flags !== undefined && (typeof c.flags !== "string" || /[^dgimsuv]/.test(c.flags))) {
    throw new Error(`custom detector #${i + 1} (${c.type}): flags may hold d, i, m, s, u and v, not ${JSON.stringify(c.flags)}`);
  }
  let regex: RegExp;
  try {
    regex = new RegExp(c.pattern, `${(c.flags ?? "").replace(/g/g, "")}g`);
  } catch (err) {
    throw new Error(`custom detector #${i + 1} (${c.type}): invalid pattern: ${(err as Error).message}`, { cause: err });
  }
  return {
    id: `custom_${c.type.toLowerCase()}`,
    type: c.type,
    area: "custom",
    category: "custom",
    description: `Custom pattern from configuration (${c.type})`,
    patterns: [{ name: "custom", regex, score: c.score }],
    context: c.context ?? [],
    prefilter: {},
  };
}

/** Column number (A = 1 … ZZZ = 18278) and row of a cell reference ("B7" → [2, 7]), or null. */
function cellRef(ref: string): [number, number] | null {
  let col = 0;
  let i = 0;
  for (; i < ref.length && i < 4; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  if (i === 0 || i > 3 || i === ref.length) return null;
  let row = 0;
  for (let j = i; j < ref.length; j++) {
    const c = ref.charCodeAt(j);
    if (c < 48 || c > 57) return null;
    row = row * 10 + (c - 48);
  }
  return [col, row];
}

/**
 * Column header text per segment: `locator.column` when it holds a name (CSV; a PDF form field's
 * name), a property's or mail header's name (`part` "property:<name>", "header:<name>"),
 * otherwise the first row of the same sheet in the same column (spreadsheets).
 */
function headersFor(segments: Segment[], grid: SheetGrid): (string | null)[] {
  const { cells, firstRow } = grid;
  const headerText = new Map<number, string>();
  const colKey = (c: { sheet: number; col: number }) => c.sheet * 20000 + c.col;
  segments.forEach((s, i) => {
    const c = cells[i];
    if (c && c.row === firstRow.get(c.sheet)) headerText.set(colKey(c), s.text.slice(0, 200));
  });
  return segments.map((s, i) => {
    // (a sheet's cell without a header is named by its column's letters, "B" for B7: no name; a
    // header "SSN", "DOB" or "PAN" is one)
    const named = s.locator.column;
    if (named && !isColumnLetters(named, s.locator.cell)) return named;
    // (a document's or a message's property and a mail header are named by their part: "property:EmployeeSSN")
    const part = s.locator.part;
    if (part !== null && (part.startsWith("property:") || part.startsWith("header:"))) return part.slice(part.indexOf(":") + 1);
    const c = cells[i];
    if (!c || c.row === firstRow.get(c.sheet)) return null;
    return headerText.get(colKey(c)) ?? null;
  });
}

/** Whether a cell's column name is its reference's letters ("B" of "B7"), which the extractor writes where no header names the column. */
function isColumnLetters(name: string, cell: string | null): boolean {
  if (cell === null || cell.length <= name.length || !cell.startsWith(name)) return false;
  const c = cell.charCodeAt(name.length);
  return c >= 48 && c <= 57;
}

/** Each segment's place in its sheet (sheets numbered, columns from 0), and each sheet's first row. */
interface SheetGrid {
  cells: Array<{ sheet: number; row: number; col: number } | null>;
  firstRow: Map<number, number>;
}

function sheetGrid(segments: Segment[]): SheetGrid {
  // Each segment's sheet (numbered), row and column, read once; a sheet's key is built only
  // where the sheet changes (its cells come together).
  const sheetIds = new Map<string, number>();
  let lastKey = "";
  let lastLoc: { sheet: string | null; file_in_zip: string | null } | null = null;
  const cells = segments.map((s) => {
    const loc = s.locator;
    // (a cell's comment is no cell of the table)
    if (loc.sheet === null || !loc.cell || loc.part !== null) return null;
    const ref = cellRef(loc.cell);
    if (ref === null) return null;
    if (lastLoc === null || loc.sheet !== lastLoc.sheet || loc.file_in_zip !== lastLoc.file_in_zip) {
      lastKey = `${loc.file_in_zip ?? ""}\u0000${loc.sheet}`;
      lastLoc = loc;
      if (!sheetIds.has(lastKey)) sheetIds.set(lastKey, sheetIds.size);
    }
    return { sheet: sheetIds.get(lastKey)!, row: loc.row ?? ref[1], col: ref[0] };
  });
  const firstRow = new Map<number, number>();
  for (const c of cells) if (c) firstRow.set(c.sheet, Math.min(firstRow.get(c.sheet) ?? Infinity, c.row));
  return { cells, firstRow };
}

/** The first words of every detector's context terms, stemmed: what a row's label must hold. */
const CONTEXT_FIRST_WORDS: ReadonlySet<string> = new Set(COMPILED.flatMap((c) => [...c.ctxFirst]));

/** Whether a cell may be a label at all: short, no digit (cheap; `isRowLabel` reads its words). */
const labelShaped = (text: string) => text.length <= 40 && !/\d/.test(text);

/** A form's label: a few words without digits, one of them a detector's context word ("Name", "Date of birth:", "Bank account"). */
function isRowLabel(text: string): boolean {
  if (!labelShaped(text)) return false;
  const words = headerWords(text);
  return words.length > 0 && words.length <= 5 && words.some((w) => CONTEXT_FIRST_WORDS.has(w));
}

/**
 * Row labels: in a form laid out as a sheet or a CSV file, labels in one column and values in the
 * next ("Name | Tiara Gislason", "SSN | 536-22-1234"), a row's first cell is the context of its
 * second, as a column header is of the cells below it. Only in a row of two or three cells (a
 * label, a value, maybe a note; a table's rows are wider), and only a label `isRowLabel` accepts:
 * a first column of names, ids or products gives the second nothing. A wider row of pairs side by
 * side ("Name | Tiara Gislason | Phone | (206) 342-8631") counts when every pair's first cell is
 * such a label (up to four pairs).
 */
function rowLabels(segments: Segment[]): (string | null)[] {
  const out: (string | null)[] = new Array<string | null>(segments.length).fill(null);
  const row: number[] = [];
  let prev: Segment["locator"] | null = null;
  const label = (k: number) => (isRowLabel(segments[row[k]!]!.text) ? segments[row[k]!]!.text.trim() : null);
  /** The labels of a row of pairs, or null when a pair's first cell is no label (a number fails at once, before any word is read). */
  const pairLabels = (n: number): string[] | null => {
    for (let k = 0; k < n; k += 2) if (!labelShaped(segments[row[k]!]!.text)) return null;
    const labels: string[] = [];
    for (let k = 0; k < n; k += 2) {
      const l = label(k);
      if (l === null) return null;
      labels.push(l);
    }
    return labels;
  };
  const close = () => {
    const n = row.length;
    if (n >= 2 && n <= 3) out[row[1]!] = label(0);
    else if (n >= 4 && n <= 8 && n % 2 === 0) pairLabels(n)?.forEach((l, k) => (out[row[2 * k + 1]!] = l));
    row.length = 0;
  };
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    const loc = s.locator;
    if (loc.row === null || loc.part !== null || (loc.cell === null && loc.column === null) || !s.text) continue;
    if (prev === null || loc.row !== prev.row || loc.sheet !== prev.sheet || loc.file_in_zip !== prev.file_in_zip) close();
    prev = loc;
    if (row.length <= 8) row.push(i);
  }
  close();
  return out;
}

/** Cells in a row of labels at most (a form's; a table's rows are wider). */
const MAX_LABELS_IN_ROW = 4;

/**
 * Labels above values: a form laid out as a sheet may put each label in the cell right above its
 * value ("Employee name" in B3, "Tiara Gislason" in B4). A cell's context then holds the cell
 * above it when that is a label `isRowLabel` accepts, in a row of at most four cells (a table's
 * rows are wider), and not in the sheet's first row (a column header, which `headersFor` gives
 * every cell below it).
 */
function labelsAbove(segments: Segment[], grid: SheetGrid): (string | null)[] {
  const { cells, firstRow } = grid;
  const out: (string | null)[] = new Array<string | null>(segments.length).fill(null);
  // The cells that may be labels, by place (a number: sheet, column, row); a sheet's cells repeat
  // their texts, so each text is judged once.
  const key = (sheet: number, col: number, row: number) => (sheet * 20000 + col) * 2 ** 21 + row;
  const judged = new Map<string, boolean>();
  const labelAt = new Map<number, string>();
  // (a row of a form's labels holds a few; a table's row more, and is not read word by word)
  const inRow = new Map<number, number>();
  for (const c of cells) if (c) inRow.set(key(c.sheet, 0, c.row), (inRow.get(key(c.sheet, 0, c.row)) ?? 0) + 1);
  cells.forEach((c, i) => {
    if (!c || c.row === firstRow.get(c.sheet) || inRow.get(key(c.sheet, 0, c.row))! > MAX_LABELS_IN_ROW) return;
    const text = segments[i]!.text;
    if (!labelShaped(text)) return;
    let isLabel = judged.get(text);
    if (isLabel === undefined) judged.set(text, (isLabel = isRowLabel(text)));
    if (isLabel) labelAt.set(key(c.sheet, c.col, c.row), text.trim());
  });
  if (labelAt.size === 0) return out;
  cells.forEach((c, i) => {
    if (c) out[i] = labelAt.get(key(c.sheet, c.col, c.row - 1)) ?? null;
  });
  return out;
}

/**
 * Merged windows of text worth giving to NER, bounded per segment: a short segment (a cell, a
 * line) whole when it holds a trigger (a finding, a person or address context word, or such a
 * column header); in a longer one, SEED_RADIUS characters around each name or place word
 * (ner/seeds.ts; with the NER model, also each capitalised word no English word list knows)
 * that lies within NER_RADIUS of a trigger (anywhere, under such a header).
 */
function nerWindows(f: TextFacts, triggers: number[], budget: number, headerTriggers: boolean, unknownWords: boolean): Array<[number, number]> {
  const text = f.text;
  const max = Math.min(budget, NER_SEGMENT_MAX);
  // (every trigger word has a letter)
  if (text.length <= NER_SHORT) {
    // (whole or not at all: whether a trigger is there is all that counts, not where)
    const triggered = triggers.length > 0 || headerTriggers || (f.letters && NER_TRIGGER_ANY.test(f.lower));
    return triggered && text.length <= max ? [[0, text.length]] : [];
  }
  const hits = [...triggers];
  if (f.letters) for (const m of f.lower.matchAll(NER_TRIGGER)) hits.push(m.index);
  if (hits.length === 0 && !headerTriggers) return [];
  const seeds = nameSeeds(text, unknownWords);
  hits.sort((a, b) => a - b);
  const near = (p: number) => {
    // the closest trigger, by binary search over the sorted hits
    const lo = firstNot(hits.length, (i) => hits[i]! < p);
    return (lo < hits.length && hits[lo]! - p <= NER_RADIUS) || (lo > 0 && p - hits[lo - 1]! <= NER_RADIUS);
  };
  const out: Array<[number, number]> = [];
  let used = 0;
  for (const h of seeds) {
    if (headerTriggers ? false : !near(h)) continue;
    let s = Math.max(0, h - (unknownWords ? MODEL_SEED_RADIUS : SEED_RADIUS));
    let e = Math.min(text.length, h + (unknownWords ? MODEL_SEED_RADIUS : SEED_RADIUS));
    // Snap to whitespace so names are not cut in half.
    while (s > 0 && !/\s/.test(text[s - 1]!)) s--;
    while (e < text.length && !/\s/.test(text[e]!)) e++;
    const last = out[out.length - 1];
    if (last && s <= last[1]) {
      used += Math.max(0, e - last[1]);
      last[1] = Math.max(last[1], e);
    } else {
      out.push([s, e]);
      used += e - s;
    }
    if (used >= max) break;
  }
  // Trim the last window to the budget.
  let total = 0;
  const bounded: Array<[number, number]> = [];
  for (const [s, e] of out) {
    if (total >= max) break;
    const take = Math.min(e - s, max - total);
    bounded.push([s, s + take]);
    total += take;
  }
  return bounded;
}

interface Internal extends Scored {
  type: string;
  detector: string;
}

/** A cell's text facts and pattern findings (with the detector counts), kept per header and text. */
interface Cell {
  f: TextFacts;
  found: Internal[];
  ran: number;
  skipped: number;
  /** Matches and validations of the detectors with a `chance`, in this cell. */
  tallies: Array<[Compiled, Tally]>;
  /** The record values in the text (see `recordValues`), by their start. */
  records: RecordValue[];
}
/** Cells up to this length are remembered, at most this many distinct ones per header. */
const CELL_MEMO_CHARS = 64;
const CELL_MEMO_ENTRIES = 4096;

/** Detection with counters for benchmarks and metrics. */
export function detectWithStats(given: Segment[], opts: DetectOptions = {}): { findings: Finding[]; stats: DetectStats } {
  // (no-break spaces, full-width digits and escaped line breaks as the patterns know them, offsets
  // unchanged; escapes decoded (`%40`, `\u0040`, `&#64;`) and invisible characters inside a number
  // or word taken out, with a map back)
  const origins: Array<Pick<Folded, "origin" | "originEnd">> = [];
  const segments = given.map((s) => {
    const folded = s.text ? foldForDetection(s.text) : { text: s.text, origin: null, originEnd: null };
    origins.push(folded);
    return folded.text === s.text ? s : { ...s, text: folded.text };
  });
  const minScore = opts.minScore ?? DEFAULT_MIN_SCORE;
  const window = opts.contextWindow ?? DEFAULT_WINDOW;
  const wanted = opts.entities && opts.entities.length ? new Set(opts.entities) : null;
  const selected = (c: Compiled) => wanted === null || wanted.has(c.det.type);
  // (the registry's list itself when nothing is added or left out: `prefiltered` keeps its answers per list)
  const patternDetectors = wanted === null && !opts.custom?.length ? PATTERN_DETECTORS : [...PATTERN_DETECTORS, ...(opts.custom ?? []).map((c, i) => compile(customDetector(c, i)))].filter(selected);
  const readsKey = new Set(patternDetectors.filter((c) => c.det.readsKey).map((c) => c.det.id));
  const nerDetectors = opts.ner === false ? [] : [...NER_DETECTORS, ...(opts.nerModel ? NER_MODEL_DETECTORS : [])].filter(selected);
  const withModel = opts.ner !== false && !!opts.nerModel;
  useModel(withModel ? opts.nerModel! : null);
  const allow = new Set((opts.allow ?? []).map(normalizeValue).filter(Boolean));
  const deny = (opts.deny ?? []).filter((d) => d.trim() !== "");
  const denyRx = deny.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${deny.map((d) => escapeRegex(d.trim())).join("|")})(?![\\p{L}\\p{N}])`, "giu") : null;
  const grid = sheetGrid(segments);
  const columnHeaders = headersFor(segments, grid);
  const labels = rowLabels(segments);
  const above = labelsAbove(segments, grid);
  // (a row's label and the label above join its column's header: all are the cell's context)
  const headers = columnHeaders.map((h, i) => {
    for (const more of [labels[i]!, above[i]!]) if (more !== null) h = h === null ? more : `${h} ${more}`;
    return h;
  });
  let nerBudget = opts.nerMaxChars ?? DEFAULT_NER_MAX;
  const stats: DetectStats = { segments: segments.length, chars: 0, nerChars: 0, nerWindows: 0, skipped: 0, ran: 0, atChance: 0, namesOfThings: 0 };
  const tallies = new Map<Compiled, Tally>();
  const findings: Finding[] = [];
  // Cells under one header share its words and gate memo.
  // A column's cells repeat (statuses, countries, quantities, dates): a value seen before under
  // the same header gets the same pattern findings, so they are kept per header and text.
  const byHeader = new Map<string, { words: string[]; seen: Map<Compiled, boolean>; cells: Map<string, Cell>; ner: Map<string, Queued>; triggersNer: boolean }>();
  const headerFacts = (header: string | null) => {
    if (header === null) return null;
    let h = byHeader.get(header);
    if (!h) {
      const lower = header.toLowerCase();
      const triggersNer = lower !== "" && NER_TRIGGER_ANY.test(lower);
      byHeader.set(header, (h = { words: headerWords(header), seen: new Map(), cells: new Map(), ner: new Map(), triggersNer }));
    }
    return h;
  };

  // Pattern detectors segment by segment; NER windows are queued and read in batches after.
  interface Pending {
    seg: Segment;
    text: string;
    f: TextFacts;
    found: Internal[];
    /** The column header of a sheet's cell (its column's name, not a row's label). */
    column: string | null;
    records: RecordValue[];
    /** The records' facts as NER's findings in them are scored (made on first use). */
    recordFacts?: Map<RecordValue, TextFacts>;
    /** The given segment's text: its length, and where each character of `text` is in it (`Folded`). */
    given: { length: number; map: Pick<Folded, "origin" | "originEnd"> };
  }
  /** A window for NER; `copies` are later cells with the same text under the same header. */
  interface Queued {
    p: Pending;
    ws: number;
    we: number;
    copies: Pending[];
    added: Internal[];
  }
  const pending: Pending[] = [];
  const nerQueue: Queued[] = [];
  segments.forEach((seg, si) => {
    const text = seg.text ?? "";
    stats.chars += text.length;
    if (text.length === 0) return;
    const h = headerFacts(headers[si] ?? null);
    const memo = h !== null && text.length <= CELL_MEMO_CHARS;
    let cell = memo ? h.cells.get(text) : undefined;
    if (cell === undefined) {
      const run: Cell = (cell = { f: h ? factsOf(text, h.words, h.seen) : factsOf(text), found: [], ran: 0, skipped: 0, tallies: [], records: [] });
      const { f, found } = run;
      /** The pattern detectors over `facts`, a text at `offset` in this segment. */
      const detectIn = (facts: TextFacts, offset: number) => {
        const eligible = prefiltered(patternDetectors, facts);
        run.skipped += patternDetectors.length - eligible.length;
        for (const c of eligible) {
          if (!passesBeyondCounts(c, facts, minScore)) {
            run.skipped++;
            continue;
          }
          run.ran++;
          const tally = c.det.chance === undefined ? undefined : { plain: { tried: 0, passed: 0 }, grouped: { tried: 0, passed: 0 } };
          for (const s of runDetector(c, facts, window, minScore, tally)) {
            if (s.score >= minScore && s.score > 0) found.push({ ...s, start: s.start + offset, end: s.end + offset, type: c.det.type, detector: c.det.id });
          }
          if (tally && tally.plain.tried + tally.grouped.tried > 0) run.tallies.push([c, tally]);
        }
      };
      detectIn(f, 0);
      // A record's value (a JSON member's, an XML element's, a table row's) is a cell under its
      // key as column header: read as one, its key is its context, not the next record's key;
      // of the words around it, only those that say the document is made up ("test", "example").
      const records = (run.records = h === null ? recordValues(text) : []);
      if (records.length) {
        // (a detector that reads the key itself keeps what it found: `"password": "…"`)
        const outside = found.filter((x) => readsKey.has(x.detector) || !records.some((r) => x.start < r.end && r.start < x.end));
        found.length = 0;
        for (const x of outside) found.push(x);
        for (const r of records) detectIn(recordFacts(text, r, window), r.start);
      }
      if (denyRx) {
        denyRx.lastIndex = 0;
        for (const m of text.matchAll(denyRx)) found.push({ start: m.index, end: m.index + m[0].length, score: 1, validation: "deny_list", context: [], type: "DENY_LIST", detector: "deny_list" });
      }
      if (memo && h.cells.size < CELL_MEMO_ENTRIES) h.cells.set(text, cell);
    }
    stats.skipped += cell.skipped;
    stats.ran += cell.ran;
    for (const [c, t] of cell.tallies) {
      const sum = tallies.get(c);
      if (sum) {
        for (const k of ["plain", "grouped"] as const) {
          sum[k].tried += t[k].tried;
          sum[k].passed += t[k].passed;
        }
      } else tallies.set(c, { plain: { ...t.plain }, grouped: { ...t.grouped } });
    }
    const f = cell.f;
    // Copies: NER adds to a segment's list, and each finding owns its context list.
    const found: Internal[] = cell.found.map((x) => ({ ...x, context: [...x.context] }));
    const p: Pending = { seg, text, f, found, column: columnHeaders[si] ?? null, records: cell.records, given: { length: given[si]!.text.length, map: origins[si]! } };
    pending.push(p);
    // A cell that is one finding and nothing else (a name, a place, an e-mail address, a phone
    // number, an IBAN, ...; a name with its title or suffix) has nothing left for NER to find.
    const oneFinding = text.length <= NER_SHORT && found.some((x) => x.whole || (text.slice(0, x.start).trim() === "" && text.slice(x.end).trim() === ""));
    if (nerDetectors.length && nerBudget > 0 && !oneFinding) {
      for (const [ws, we] of nerWindows(f, found.map((x) => x.start), nerBudget, h?.triggersNer ?? false, withModel)) {
        // A cell read whole whose value was read before under the same header (a country, a
        // city, a department) gets that reading's NER findings instead of a parse of its own.
        const whole = h !== null && ws === 0 && we === text.length;
        const earlier = whole ? h.ner.get(text) : undefined;
        if (earlier) {
          earlier.copies.push(p);
          continue;
        }
        stats.nerWindows++;
        stats.nerChars += we - ws;
        nerBudget -= we - ws;
        const q: Queued = { p, ws, we, copies: [], added: [] };
        if (whole && h.ner.size < CELL_MEMO_ENTRIES) h.ner.set(text, q);
        nerQueue.push(q);
      }
    }
  });

  /**
   * A NER finding inside a record's value is scored as the pattern findings there are: as the
   * value under its key, not with the words of the members around it ("Cher", a script's code
   * under "alpha_4", took "name" from the next member's key). Null outside a record.
   */
  const scoreInRecord = (c: Compiled, p: Pending, cand: Candidate): Scored | null => {
    const r = p.records.length ? recordAt(p.records, cand.start) : null;
    if (r === null || cand.end > r.end) return null;
    const memo = (p.recordFacts ??= new Map());
    let rf = memo.get(r);
    if (rf === undefined) memo.set(r, (rf = recordFacts(p.text, r, window)));
    const s = score(c, rf, { ...cand, start: cand.start - r.start, end: cand.end - r.start }, window);
    return { ...s, start: s.start + r.start, end: s.end + r.start };
  };

  // NER reads the windows joined into batches (one compromise parse costs ~0.5 ms before the
  // first character: a column of names read cell by cell would cost that per cell); a finding
  // that crosses from one window into the next is dropped.
  for (let i = 0; i < nerQueue.length; ) {
    const batch: typeof nerQueue = [];
    const starts: number[] = [];
    let length = 0;
    while (i < nerQueue.length && (batch.length === 0 || length + nerQueue[i]!.we - nerQueue[i]!.ws <= NER_BATCH)) {
      const w = nerQueue[i++]!;
      starts.push(length);
      batch.push(w);
      length += w.we - w.ws + NER_JOIN.length;
    }
    const joined = batch.map((w) => w.p.text.slice(w.ws, w.we)).join(NER_JOIN);
    for (const c of nerDetectors) {
      for (const cand of candidates(c.det, joined)) {
        let k = starts.length - 1;
        while (k > 0 && starts[k]! > cand.start) k--;
        const w = batch[k]!;
        const offset = w.ws - starts[k]!;
        if (cand.end - starts[k]! > w.we - w.ws) continue; // runs into the next window
        if (c.det.noneInText?.(w.p.text, cand.start + offset, cand.end + offset)) continue;
        const s = scoreInRecord(c, w.p, { ...cand, start: cand.start + offset, end: cand.end + offset }) ?? score(c, w.p.f, { ...cand, start: cand.start + offset, end: cand.end + offset }, window);
        if (s.score >= minScore && s.score > 0) {
          const x = { ...s, type: c.det.type, detector: c.det.id };
          w.p.found.push(x);
          if (w.copies.length) w.added.push(x);
        }
      }
    }
  }
  for (const w of nerQueue) for (const p of w.copies) p.found.push(...w.added.map((x) => ({ ...x, context: [...x.context] })));

  // Detectors whose check digit passed in this call no more often than chance, in plain runs or
  // in numbers written in groups: only their findings of that kind with a context word count.
  const chance = new Map<string, { plain: boolean; grouped: boolean }>();
  for (const [c, t] of tallies) {
    const plain = atChance(t.plain, c.det.chance!);
    const inGroups = atChance(t.grouped, c.det.chance!);
    if (plain || inGroups) chance.set(c.det.id, { plain, grouped: inGroups });
  }
  const unsupported = (x: Internal, text: string) => {
    const at = chance.get(x.detector);
    return at !== undefined && (grouped(text.slice(x.start, x.end)) ? at.grouped : at.plain) && !x.context.some((w) => !w.startsWith("-"));
  };
  const things = namesOfThings(pending);
  // Offsets count in the text of a locator: its segments' texts joined in order (a long text is
  // cut into chunks that share one locator, and an offset in "a chunk" would say nowhere).
  const offsets = new LocatorOffsets();
  for (const p of pending) {
    const { seg, text, found } = p;
    const base = offsets.take(seg.locator, p.given.length);
    if (found.length === 0) continue;
    const kept = allow.size ? found.filter((x) => !allow.has(normalizeValue(text.slice(x.start, x.end)))) : found;
    // (after the overlaps: a span taken by a chance pass is not given to a weaker reading of it)
    for (const x of strongestFirst(kept)) {
      if (chance.size && unsupported(x, text)) {
        stats.atChance++;
        continue;
      }
      if (x.type === "PERSON" && things(p, x)) {
        stats.namesOfThings++;
        continue;
      }
      const [start, end] = originalSpan(p.given.map, x.start, x.end);
      findings.push({
        type: x.type,
        score: x.score,
        detector: x.detector,
        validation: x.validation,
        context: x.context,
        locator: { ...seg.locator },
        start: base + start,
        end: base + end,
        masked: mask(x.type, text.slice(x.start, x.end)),
      });
    }
  }
  return { findings, stats };
}

/**
 * A record's value as a cell under its key: the key's words are its header; of the words around
 * it, only those that say the document is made up ("test", "example") count too.
 */
function recordFacts(text: string, r: RecordValue, window: number): TextFacts {
  const around = windowWords(text, r.start, r.end, window).filter((w) => GLOBAL_NEGATIVE_WORDS.has(w));
  return factsOf(text.slice(r.start, r.end), [...headerWords(r.key), ...around]);
}

/** A segment's text, its findings, and the columns its values stand in: a sheet's column, its records' keys. */
interface Columned {
  text: string;
  found: Internal[];
  column: string | null;
  records: RecordValue[];
}

/**
 * Whether a finding stands in a column of names that are no one's (`NameColumns`): a sheet's
 * cell under its column, or a record's value under its key, counted over the whole call.
 */
function namesOfThings(texts: Columned[]): (t: Columned, x: Internal) => boolean {
  const columns = new NameColumns();
  for (const t of texts) {
    if (t.column !== null) columns.add(t.column, t.text, () => t.found.some((x) => x.type === "PERSON"));
    if (t.records.length === 0) continue;
    // (where people start, in order: whether one starts in a value is a binary search)
    const starts = t.found.filter((x) => x.type === "PERSON").map((x) => x.start).sort((a, b) => a - b);
    for (const r of t.records) columns.add(r.key, t.text.slice(r.start, r.end), () => startsIn(starts, r.start, r.end));
  }
  return (t, x) => {
    if (t.column !== null) return columns.listsThings(t.column);
    const r = recordAt(t.records, x.start);
    return r !== null && x.end <= r.end && columns.listsThings(r.key);
  };
}

/** Whether one of `starts` (in order) lies in [start, end). */
function startsIn(starts: number[], start: number, end: number): boolean {
  const lo = firstNot(starts.length, (i) => starts[i]! < start);
  return lo < starts.length && starts[lo]! < end;
}

/** The record whose value holds `at` (records by start, apart), or null. */
function recordAt(records: RecordValue[], at: number): RecordValue | null {
  const r = records[firstNot(records.length, (i) => records[i]!.start <= at) - 1];
  return r !== undefined && at < r.end ? r : null;
}

/** The first index in [0, n) for which `before` (true up to some index, false from there on) is false; n when none. */
function firstNot(n: number, before: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The length so far of each locator's text (its segments' texts joined in order), found without
 * making a key string per segment (`locatorKey`: made and hashed for each of 100,000 cells, it
 * cost a twentieth of a spreadsheet's time): locators by their first set field of cell, row,
 * page, slide and part, then by member, then compared field by field.
 */
class LocatorOffsets {
  private readonly byField = new Map<unknown, Map<string | null, Array<{ l: Locator; length: number }>>>();

  /** Where a segment of `l` with `length` characters starts in its locator's text; counts it in. */
  take(l: Locator, length: number): number {
    const field = l.cell ?? l.row ?? l.page ?? l.slide ?? l.part;
    let byMember = this.byField.get(field);
    if (byMember === undefined) this.byField.set(field, (byMember = new Map()));
    let list = byMember.get(l.file_in_zip);
    if (list === undefined) byMember.set(l.file_in_zip, (list = []));
    for (const e of list) {
      if (e.l.cell === l.cell && e.l.row === l.row && e.l.page === l.page && e.l.slide === l.slide && e.l.part === l.part && e.l.sheet === l.sheet && e.l.column === l.column) {
        const base = e.length;
        e.length += length;
        return base;
      }
    }
    list.push({ l, length });
    return 0;
  }
}

/** Findings in all segments, in segment order then by offset. Never contains raw values. */
export function detect(segments: Segment[], opts: DetectOptions = {}): Finding[] {
  return detectWithStats(segments, opts).findings;
}

/** A letter that reaches what `detect` loads on first use: NER's lexicon and gazetteer, phone metadata, checksums. */
const WARM_UP_TEXT =
  "Dear Maria Gonzalez,\nyour social security number 536-22-8726 and card 4111 1111 1111 1111 are on file; " +
  "call +33 1 42 68 53 27 or write to maria.gonzalez@gonzalez-family.net. Born in Lyon, she lives at 12 Rue de la Paix, 75002 Paris.\n";

/**
 * Runs `detect` once on a small letter, so what it loads on first use (NER's lexicon and
 * gazetteer, the optional model, about 0.6 s here) is loaded before a process takes work: the
 * classifier calls it before it joins its consumer group. Returns the letter's findings.
 */
export function warmUp(opts: DetectOptions = {}): Finding[] {
  return detect([{ text: WARM_UP_TEXT, source: "text", locator: locator() }], opts);
}

function stringList(v: unknown, what: string): string[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) throw new Error(`${what} must be an array of strings`);
  return v as string[];
}

/**
 * Options from the environment:
 *   FILESCAN_DETECTORS_CONFIG  path to a JSON file { allow, deny, custom, entities, minScore, ner, contextWindow, nerMaxChars, nerModel }
 *   FILESCAN_DETECTORS_NER     "off" / "false" / "0" disables NER
 *   FILESCAN_DETECTORS_NER_MODEL  directory of the optional NER model (infra/local/fetch-ner-model.sh prints it); checked here
 *   FILESCAN_DETECTORS_MIN_SCORE, FILESCAN_DETECTORS_ENTITIES (comma-separated), FILESCAN_DETECTORS_NER_MAX_CHARS
 * Environment variables override the file.
 */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): DetectOptions {
  const opts: DetectOptions = {};
  const file = env.FILESCAN_DETECTORS_CONFIG;
  if (file) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, "utf8"));
    } catch (err) {
      throw new Error(`FILESCAN_DETECTORS_CONFIG: cannot read ${file}: ${(err as Error).message}`, { cause: err });
    }
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new Error("FILESCAN_DETECTORS_CONFIG must hold a JSON object");
    const o = raw as Record<string, unknown>;
    opts.allow = stringList(o.allow, "allow");
    opts.deny = stringList(o.deny, "deny");
    opts.entities = stringList(o.entities, "entities");
    if (o.custom !== undefined) {
      if (!Array.isArray(o.custom)) throw new Error("custom must be an array");
      opts.custom = o.custom as CustomDetector[];
      opts.custom.forEach((c, i) => customDetector(c, i)); // fail at start-up, not on the first file
    }
    if (o.minScore !== undefined) opts.minScore = Number(o.minScore);
    if (o.ner !== undefined) {
      // (Boolean("false") is true: the file's "off" turned NER on)
      if (typeof o.ner !== "boolean") throw new Error(`ner must be true or false, not ${JSON.stringify(o.ner)}`);
      opts.ner = o.ner;
    }
    if (o.contextWindow !== undefined) opts.contextWindow = Number(o.contextWindow);
    if (o.nerMaxChars !== undefined) opts.nerMaxChars = Number(o.nerMaxChars);
    if (o.nerModel !== undefined) {
      if (typeof o.nerModel !== "string") throw new Error("nerModel must be a directory's path");
      opts.nerModel = o.nerModel;
    }
  }
  if (env.FILESCAN_DETECTORS_NER) opts.ner = !/^(?:0|false|off|no)$/i.test(env.FILESCAN_DETECTORS_NER);
  if (env.FILESCAN_DETECTORS_MIN_SCORE) opts.minScore = Number(env.FILESCAN_DETECTORS_MIN_SCORE);
  if (env.FILESCAN_DETECTORS_ENTITIES) opts.entities = env.FILESCAN_DETECTORS_ENTITIES.split(",").map((s) => s.trim()).filter(Boolean);
  if (env.FILESCAN_DETECTORS_NER_MAX_CHARS) opts.nerMaxChars = Number(env.FILESCAN_DETECTORS_NER_MAX_CHARS);
  if (env.FILESCAN_DETECTORS_NER_MODEL) opts.nerModel = env.FILESCAN_DETECTORS_NER_MODEL;
  // (a model named but not there fails at start-up, not on the first file)
  const problem = opts.nerModel ? checkModelDir(opts.nerModel) : null;
  if (problem !== null) throw new Error(`FILESCAN_DETECTORS_NER_MODEL: ${problem}`);
  for (const [k, v] of Object.entries({ minScore: opts.minScore, contextWindow: opts.contextWindow, nerMaxChars: opts.nerMaxChars })) {
    if (v !== undefined && !(Number.isFinite(v) && v >= 0)) throw new Error(`detector option ${k} must be a non-negative number`);
  }
  // (a misspelt type selects no detector: every file would pass as clean, without a word)
  if (opts.entities) {
    const known = new Set([...detectorTypes, ...MODEL_DETECTORS.map((d) => d.type), ...(opts.custom ?? []).map((c) => c.type)]);
    const unknown = opts.entities.filter((e) => !known.has(e));
    if (unknown.length) throw new Error(`detector option entities: no detector finds ${unknown.map((e) => JSON.stringify(e)).join(", ")}; the types are ${[...known].sort().join(", ")}`);
  }
  return opts;
}
