import { findNumbers, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import type { Candidate, Detector } from "../core/types.ts";

/**
 * Regions tried for numbers written without a country code, in order. Numbers with a
 * leading + (or 00) are parsed by their own country code whatever the region.
 */
export const PHONE_REGIONS: CountryCode[] = ["US", "GB", "DE", "FR", "IL", "IN", "CA", "BR", "AU", "ES", "IT", "NL", "PL", "SG", "JP", "CN"];

/**
 * Cheap pass before libphonenumber (which costs ~3 µs per character when run over whole
 * texts): phone-shaped runs of digits and separators, 7 to 20 digits.
 */
const SHAPE = /(?:\+|\b00|\()?\d[\d\s().\-/]{5,24}\d/g;

function digitCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) n++;
  return n;
}

const QUAD = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
export function isDottedQuad(s: string): boolean {
  const m = QUAD.exec(s);
  return m !== null && m.slice(1).every((g) => Number(g) <= 255);
}

function findIn(text: string, from: number, to: number, out: Candidate[]): void {
  const piece = text.slice(from, to);
  const seen = new Set<string>();
  for (const region of PHONE_REGIONS) {
    for (const n of findNumbers(piece, { defaultCountry: region, v2: true })) {
      const start = from + n.startsAt;
      const end = from + n.endsAt;
      const key = `${start}:${end}`;
      if (seen.has(key)) continue;
      seen.add(key);
      // libphonenumber's "valid" leniency rejects numbers glued to letters; the piece hides them.
      if (/[A-Za-z0-9_]/.test(text[start - 1] ?? "") || /[A-Za-z0-9_]/.test(text[end] ?? "")) continue;
      out.push({ start, end, score: scoreFor(text.slice(start, end), region), validation: `libphonenumber:${n.number.country ?? region}` });
    }
    if (piece[0] === "+") break; // the country code decides, other regions add nothing
  }
}

function scoreFor(raw: string, region: CountryCode): number {
  const international = raw.startsWith("+") || raw.startsWith("00");
  const formatted = /[\s().-]/.test(raw);
  // A bare digit run valid only in some far region is weak evidence on its own.
  return international || (formatted && (region === "US" || region === "GB")) ? 0.5 : formatted ? 0.4 : 0.3;
}

/**
 * Fast path: the shape run as one number, parsed (not searched) per region until one says
 * valid — ~20× cheaper than libphonenumber's matcher over 16 regions. True when it decided;
 * false sends the run through the matcher (runs that may hold several numbers or a prefix).
 */
function parseWhole(text: string, start: number, end: number, out: Candidate[]): boolean {
  while (end > start && /[\s.\-/(]/.test(text[end - 1]!)) end--;
  const raw = text.slice(start, end);
  if (digitCount(raw) > 15 || /[/]/.test(raw)) return false;
  if (/[A-Za-z0-9_]/.test(text[start - 1] ?? "") || /[A-Za-z0-9_]/.test(text[end] ?? "")) return true;
  const intl = raw.startsWith("+") ? raw : raw.startsWith("00") ? `+${raw.slice(2)}` : null;
  for (const region of intl ? [undefined] : PHONE_REGIONS) {
    const n = parsePhoneNumberFromString(intl ?? raw, region ? { defaultCountry: region } : undefined);
    if (n?.isValid()) {
      out.push({ start, end, score: scoreFor(raw, region ?? (n.country as CountryCode)), validation: `libphonenumber:${n.country ?? region}` });
      return true;
    }
  }
  // Not one valid number. Only a long run may still hold one (a number plus an extension or a
  // second number): those go through the matcher, the rest are decided here.
  return digitCount(raw) <= 12;
}

/** Telephone numbers found and validated with libphonenumber-js (full metadata). */
export const phoneNumber: Detector = {
  id: "phone_number",
  type: "PHONE_NUMBER",
  area: "generic",
  category: "contact",
  description: "Telephone number (libphonenumber-js, numbering-plan validation)",
  patterns: [],
  context: ["phone", "telephone", "tel", "cell", "cellphone", "mobile", "mob", "call", "fax", "contact", "whatsapp", "number", "telefon", "téléphone", "teléfono", "telefono"],
  negativeContext: ["order", "invoice", "serial", "isbn", "account", "tracking"],
  prefilter: { minDigits: 7 },
  find(text) {
    const out: Candidate[] = [];
    SHAPE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = SHAPE.exec(text)) !== null) {
      const d = digitCount(m[0]);
      if (d < 7 || d > 17) continue;
      // A dotted quad is an IPv4 address, which libphonenumber happily reads as a phone number.
      if (isDottedQuad(m[0])) continue;
      if (parseWhole(text, m.index, m.index + m[0].length, out)) continue;
      // Give libphonenumber a few characters either side so boundaries and "+" are seen.
      findIn(text, Math.max(0, m.index - 1), Math.min(text.length, m.index + m[0].length + 1), out);
    }
    return out;
  },
};
