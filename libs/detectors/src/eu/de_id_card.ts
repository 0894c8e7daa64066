import type { Detector, Verdict } from "../core/types.ts";
import { re } from "../core/regex.ts";
import { allSame, icao9303CheckDigit } from "../core/checksums.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";

/**
 * The German identity card's and passport's serial number (Seriennummer; the card's since
 * November 2010, the passport's since 2007): nine characters of the digits and the capitals
 * C F G H J K L M N P R T V W X Y Z (no vowels, nor B, D, Q, S: none read as another character),
 * the first a letter: L M N P R T V W X Y on an identity card, C F G H J K in a passport. The
 * first four are the issuing authority's code, the last five are drawn at random. The card and
 * the passport print the nine; their machine-readable zone follows them with an ICAO 9303
 * check digit (weights 7, 3, 1; A = 10 … Z = 35; the sum mod 10): "L01X00T47", "L01X00T471".
 */
export const DOCUMENT_CHARS = "0-9CFGHJKLMNPRTVWXYZ";

/**
 * Not glued to a longer token: no letter, digit or underscore before it, nor "digit-" / "digit."
 * (a longer number), nor the dash or slash of a dashed or slashed token ("build-…", a URL's path).
 * A zone's filler "<" is a boundary ("IDD<<L01X00T471<<<"). Nor a roff font escape's "\f(": its
 * font's two-letter name and the word after it are no document number ("\f(CW12345678\fR" in
 * objcopy(1)).
 */
export const DOC_BEFORE = String.raw`(?<![A-Za-z0-9_]|[0-9][-.]|[A-Za-z0-9_][-/]|\\f\()`;
/** Nor a letter, digit or underscore after it, nor a dash, slash or dot that goes on ("-2", ".pdf", "/x"). */
export const DOC_AFTER = String.raw`(?![A-Za-z0-9_]|[-/.][A-Za-z0-9])`;

/**
 * What a new-style number says (nine characters after its first letter, or ten with the zone's
 * check digit): false when it is none; else its validation and score. `strong` is the score of a
 * number with its right check digit whose characters look like one; `plainWithCheck`, when they
 * look like a code's (the first letter and digits only, or no letter but C and F, which a
 * hexadecimal number holds too); a number without its check digit gets `shaped` or `plain`.
 */
export function documentNumberVerdict(value: string, scores: { strong: number; plainWithCheck: number; shaped: number; plain: number }): Verdict {
  const body = value.slice(1, 9);
  // (a filler's "XXXXXXXXX", "T00000000": no authority issues them; and a number holds a digit)
  if (allSame(body) || !/[0-9]/.test(body)) return false;
  // A letter other than C and F past the first, beside the digits: a code of the first letter and
  // digits ("R123456789", an order's, a parcel's) or a hexadecimal one is a weaker reading.
  const mixed = /[GHJ-NPRTV-Z]/.test(body);
  if (value.length === 10) {
    if (icao9303CheckDigit(value.slice(0, 9)) !== value.charCodeAt(9) - 48) return false;
    return { validation: "icao9303_check_digit", score: mixed ? scores.strong : scores.plainWithCheck };
  }
  return { validation: null, score: mixed ? scores.shaped : scores.plain };
}

/**
 * Labels of the business numbers and codes the shape meets: order, invoice and part numbers, a
 * model. ("serial" is not among them: the card's number is its "Seriennummer".)
 */
export const DOC_NEGATIVE = [
  ...OTHER_NUMBER_LABELS.filter((w) => !w.startsWith("serial")),
  "part number", "part no", "sku", "model", "modell", "commit", "hash",
  "bestellnummer", "rechnungsnummer", "artikelnummer", "kundennummer", "auftragsnummer", "sendungsnummer", "vorgangsnummer",
];

/**
 * German identity card number (Personalausweis, since November 2010): the serial number above,
 * its first letter L M N P R T V W X Y. Nine characters as printed are a shape only (0.15, and
 * 0.05 for a letter and eight digits): a context word lifts them to 0.5 and 0.4. With the zone's
 * check digit as a tenth character (as "IDD<<L01X00T471<<<…" writes it, or a form that copied it
 * with the digit) it stands alone (0.5): arbitrary capitals and digits pass the alphabet, the
 * first letter and the check digit about once in a thousand. A letter and nine digits that pass
 * are still a code's shape (0.3, needs a context word). The card of before November 2010 had
 * ten digits, the last the check digit over the nine before (same weights): ten digits pass one
 * in ten, and are phone numbers and timestamps, so they need a context word (0.1). Those cards
 * expired by 2020, but old scans and records hold them.
 */
export const deIdCard: Detector = {
  id: "de_id_card",
  type: "DE_ID_CARD",
  area: "eu",
  category: "government_id",
  description: "German identity card number (Personalausweis: 9 characters of the ICAO alphabet, ICAO 9303 check digit when given; the pre-2010 card's 10 digits)",
  patterns: [
    { name: "L–Y + 8 of the ICAO alphabet (+ check digit)", regex: re(String.raw`${DOC_BEFORE}[LMNPRTVWXY][${DOCUMENT_CHARS}]{8}[0-9]?${DOC_AFTER}`), score: 0.15 },
    { name: "pre-2010 card: 9 digits + check digit", regex: re(String.raw`${DOC_BEFORE}[0-9]{10}${DOC_AFTER}`), score: 0.1 },
  ],
  context: [
    "personalausweis", "personalausweises", "personalausweisnummer", "personalausweis-nr", "ausweis", "ausweises", "ausweisnummer", "ausweis-nr", "pa-nr", "perso",
    "ausweisdokument", "identitätsnachweis", "identitatsnachweis", "dokumentennummer", "id card", "identity card", "id card number", "identity card number", "german id", "document number", "mrz",
  ],
  negativeContext: DOC_NEGATIVE,
  // (the pre-2010 card's number is digits only: no `letter`)
  prefilter: { minDigits: 1, minToken: 9 },
  validate(value) {
    if (value.charCodeAt(0) <= 57) {
      if (allSame(value) || icao9303CheckDigit(value.slice(0, 9)) !== value.charCodeAt(9) - 48) return false;
      return { validation: "icao9303_check_digit", score: 0.1 };
    }
    return documentNumberVerdict(value, { strong: 0.5, plainWithCheck: 0.3, shaped: 0.15, plain: 0.05 });
  },
};
