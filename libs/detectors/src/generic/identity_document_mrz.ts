import type { Candidate, Detector } from "../core/types.ts";
import { icao9303CheckDigit, isRealDate } from "../core/checksums.ts";
import { nextFeed, prevFeed } from "../core/lines.ts";

/**
 * The machine-readable zone of a passport, an identity card, a residence permit or a visa (ICAO
 * Doc 9303): two lines of 44 characters (TD3: passports, MRV-A visas), two of 36 (TD2, MRV-B)
 * or three of 30 (TD1: identity cards), of capitals, digits and the filler `<`. Its data line
 * holds the document number, birth date and expiry date, each with a check digit (characters
 * valued 0–9, A = 10 … Z = 35, `<` = 0; weights 7, 3, 1 repeating; the sum mod 10), and a
 * composite check digit over them. A scanned passport's OCR text carries it, with a reader's
 * usual confusions in its digit fields (O for 0, Z for 2, …), which are read as the digits
 * they stand for, as MRZ readers do; a check digit, not a guess, decides.
 */

/** Letters an OCR reads for digits, in a field that holds digits only. */
const AS_DIGIT: Record<string, string> = { O: "0", Q: "0", D: "0", I: "1", L: "1", Z: "2", S: "5", G: "6", B: "8" };
const digitsOnly = (s: string) => s.replace(/[OQDILZSGB]/g, (c) => AS_DIGIT[c]!);

/** Whether `field` (its digits fixed when `numeric`) has the check digit `check` (`<` as 0 for an empty optional field). */
function checks(field: string, check: string, numeric: boolean): boolean {
  const f = numeric ? digitsOnly(field) : field;
  const c = digitsOnly(check);
  return /^[0-9<]$/.test(c) && icao9303CheckDigit(f) === (c === "<" ? 0 : Number(c));
}

/** A date YYMMDD (digits fixed) that exists, in either century. */
function realDate(s: string): boolean {
  const d = digitsOnly(s);
  if (!/^\d{6}$/.test(d)) return false;
  return isRealDate(2000 + Number(d.slice(0, 2)), Number(d.slice(2, 4)), Number(d.slice(4, 6)));
}

interface Fields {
  doc: [string, string];
  birth: [string, string];
  /** (none on a French identity card of before 2021) */
  expiry: [string, string] | null;
  sex: string;
  /** The composite check: its input and its digit (null where the format has none: visas). */
  composite: [string, string] | null;
}

/**
 * How many of the fields' check digits hold (document number, birth date, expiry date where the
 * format has one) of how many, and the composite's; null when a date is impossible or the sex
 * field is none.
 */
function passed(f: Fields): { fields: number; of: number; composite: boolean } | null {
  if (!realDate(f.birth[0]) || (f.expiry !== null && !realDate(f.expiry[0])) || !/^[MFX<]$/.test(f.sex)) return null;
  const fields = Number(checks(f.doc[0], f.doc[1], false)) + Number(checks(f.birth[0], f.birth[1], true)) + (f.expiry !== null ? Number(checks(f.expiry[0], f.expiry[1], true)) : 0);
  return { fields, of: f.expiry !== null ? 3 : 2, composite: f.composite !== null && checks(f.composite[0], f.composite[1], false) };
}

/** TD3 / MRV-A data line (44), or TD2 / MRV-B (36): the fields at the same places. */
function twoLineFields(line: string, visa: boolean): Fields {
  const n = line.length;
  const birth = line.slice(13, 19);
  const expiry = line.slice(21, 27);
  return {
    doc: [line.slice(0, 9), line[9]!],
    birth: [birth, line[19]!],
    expiry: [expiry, line[27]!],
    sex: line[20]!,
    // (digit fields fixed before the composite is taken over them)
    composite: visa ? null : [line.slice(0, 10) + digitsOnly(line.slice(13, 20)) + digitsOnly(line.slice(21, 28)) + line.slice(28, n - 1), line[n - 1]!],
  };
}

/** TD1 (three lines of 30): the document number on the first, the dates on the second. */
function td1Fields(l1: string, l2: string): Fields {
  return {
    doc: [l1.slice(5, 14), l1[14]!],
    birth: [l2.slice(0, 6), l2[6]!],
    expiry: [l2.slice(8, 14), l2[14]!],
    sex: l2[7]!,
    composite: [l1.slice(5, 30) + digitsOnly(l2.slice(0, 7)) + digitsOnly(l2.slice(8, 15)) + l2.slice(18, 29), l2[29]!],
  };
}

/**
 * The French identity card of before 2021 (still valid, not ICAO's layout): "IDFRA", the
 * surname, the issuing office; then the card number (issue year and month, département, office,
 * serial) and its check digit, the given names, the birth date and its check digit, the sex, and
 * a composite check digit over both lines. No expiry date.
 */
function frenchCardFields(l1: string, l2: string): Fields {
  return {
    doc: [l2.slice(0, 12), l2[12]!],
    birth: [l2.slice(27, 33), l2[33]!],
    expiry: null,
    sex: l2[34]!,
    composite: [l1 + l2.slice(0, 27) + digitsOnly(l2.slice(27, 34)) + l2[34], l2[35]!],
  };
}

/** A line of the zone as read: its characters without the blanks an OCR puts in. */
interface Line {
  start: number;
  end: number;
  chars: string;
}

const MRZ_CHARS = /^[A-Z0-9<]+$/;
/** A names line: the document's code, issuing state, then names and fillers. */
const NAMES_LINE = /^[A-Z0-9<]{2}[A-Z0-9<]{3}[A-Z<]+<<[A-Z<]*$/;

/**
 * The zone's candidate lines: each line holding "<<" (the names line, fillers) and the two
 * non-blank lines after it (a data line may hold no filler), when their characters, blanks
 * removed, are the zone's. A zone whose lines a text layer joined into one ("P<UTO…<<< L898…")
 * is split at the format's line length.
 */
function zoneLines(text: string): Line[] {
  const starts = new Set<number>();
  for (let at = text.indexOf("<<"); at >= 0; ) {
    let ls = prevFeed(text, at) + 1;
    let taken = 0;
    while (taken < 3 && ls < text.length) {
      let le = nextFeed(text, ls);
      if (le < 0) le = text.length;
      if (text.slice(ls, le).trim() !== "") {
        starts.add(ls);
        taken++;
      }
      ls = le + 1;
    }
    const le = nextFeed(text, at);
    at = le < 0 ? -1 : text.indexOf("<<", le);
  }
  const out: Line[] = [];
  for (const ls of [...starts].sort((x, y) => x - y)) {
    let le = nextFeed(text, ls);
    if (le < 0) le = text.length;
    const raw = text.slice(ls, le);
    let chars = raw.replace(/[ \t\r]+/g, "").replace(/«/g, "<<");
    // (a mark or two an OCR adds, "1." for a small "L": dropped; the check digits judge the rest)
    if (!MRZ_CHARS.test(chars)) {
      const kept = chars.replace(/[^A-Z0-9<]/g, "");
      if (chars.length - kept.length > 2) continue;
      chars = kept;
    }
    if (chars.length < 26) continue;
    const start = ls + raw.length - raw.trimStart().length;
    const end = ls + raw.trimEnd().length;
    const joined = chars.length === 88 ? 44 : chars.length === 72 ? 36 : chars.length === 90 ? 30 : 0;
    if (joined > 0) for (let k = 0; k < chars.length; k += joined) out.push({ start, end, chars: chars.slice(k, k + joined) });
    else if (chars.length <= 48) out.push({ start, end, chars });
  }
  return out;
}

/** Whether line `b` is the line right after `a` (blank lines between allowed, as OCR gives them; or the same line, joined). */
function next(text: string, a: Line, b: Line): boolean {
  if (a.start === b.start) return true;
  const between = text.slice(a.end, b.start);
  return between.includes("\n") && /^\s*$/.test(between);
}

export const identityDocumentMrz: Detector = {
  id: "identity_document_mrz",
  type: "IDENTITY_DOCUMENT",
  area: "generic",
  category: "government_id",
  description: "Machine-readable zone of a passport, identity card or visa (ICAO 9303 check digits)",
  patterns: [],
  context: ["passport", "reisepass", "passeport", "pasaporte", "passaporto", "paspoort", "paszport", "identity card", "personalausweis", "carte d'identité", "mrz", "machine readable zone"],
  prefilter: { anyChar: "<", minDigits: 12 },
  find(text): Candidate[] {
    const out: Candidate[] = [];
    if (!text.includes("<<")) return out;
    const lines = zoneLines(text);
    for (let i = 0; i + 1 < lines.length; i++) {
      const [a, b, c] = [lines[i]!, lines[i + 1]!, lines[i + 2]];
      if (!next(text, a, b)) continue;
      let fields: Fields | null = null;
      let format = "";
      let last = b;
      if (a.chars.length === 36 && b.chars.length === 36 && /^IDFRA[A-Z<]{25}[0-9A-Z<]{6}$/.test(a.chars) && /^[0-9A-Z]{12}[0-9A-Z<][A-Z<]{14}/.test(b.chars)) {
        fields = frenchCardFields(a.chars, b.chars);
        format = "fr_cni";
      } else if (b.chars.length === 44 && Math.abs(a.chars.length - 44) <= 4 && NAMES_LINE.test(a.chars) && /^[PV]/.test(a.chars)) {
        fields = twoLineFields(b.chars, a.chars[0] === "V");
        format = a.chars[0] === "V" ? "mrv_a" : "td3";
      } else if (b.chars.length === 36 && Math.abs(a.chars.length - 36) <= 3 && NAMES_LINE.test(a.chars) && /^[ACIV]/.test(a.chars)) {
        fields = twoLineFields(b.chars, a.chars[0] === "V");
        format = a.chars[0] === "V" ? "mrv_b" : "td2";
      } else if (c !== undefined && a.chars.length === 30 && b.chars.length === 30 && Math.abs(c.chars.length - 30) <= 3 && /^[ACI]/.test(a.chars) && /^[A-Z<]+$/.test(c.chars) && next(text, b, c)) {
        fields = td1Fields(a.chars, b.chars);
        format = "td1";
        last = c;
      }
      if (fields === null) continue;
      const p = passed(fields);
      // Two of the three field check digits: an OCR's misread in one field leaves the zone
      // recognisable; chance passes two in a hundred, on top of the lines' exact shape and dates.
      // (A French card has two: one, after its "IDFRA" and a real birth date.)
      if (p === null || p.fields < p.of - 1) continue;
      out.push({ start: a.start, end: last.end, score: p.fields === p.of ? 1 : 0.8, validation: `${format === "fr_cni" ? "" : "icao9303_"}${format}${p.composite ? "" : fields.composite ? "_composite_failed" : ""}` });
      i += last === c ? 2 : 1;
    }
    return out;
  },
};
