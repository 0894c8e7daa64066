import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";
import { DOC_AFTER, DOC_BEFORE, DOC_NEGATIVE, DOCUMENT_CHARS, documentNumberVerdict } from "./de_id_card.ts";

/**
 * German passport number (Reisepass, since 2007): the serial number de_id_card.ts describes, its
 * first letter C F G H J K. Scored as the identity card's: nine characters as printed are a
 * shape (0.15, 0.05 for a letter and eight digits, or letters a hexadecimal number holds too),
 * lifted by a context word; with the zone's check digit as a tenth character it stands alone
 * (0.5; 0.3 for the code-like ones). In the passport's zone the number, its check digit and the
 * nationality run together ("C01X00T478D<<6408125…"): the number is read there too.
 */
export const dePassport: Detector = {
  id: "de_passport",
  type: "DE_PASSPORT",
  area: "eu",
  category: "government_id",
  description: "German passport number (Reisepass: C/F/G/H/J/K + 8 characters of the ICAO alphabet, ICAO 9303 check digit when given)",
  patterns: [
    {
      name: "C F G H J K + 8 of the ICAO alphabet (+ check digit)",
      regex: re(String.raw`${DOC_BEFORE}[CFGHJK][${DOCUMENT_CHARS}]{8}(?:[0-9]?${DOC_AFTER}|[0-9](?=D<<[0-9]{7}))`),
      score: 0.15,
    },
  ],
  context: [
    "reisepass", "reisepasses", "reisepassnummer", "reisepass-nr", "passnummer", "pass-nr", "pass no", "passport", "passport number", "passport no",
    "german passport", "deutscher reisepass", "dokumentennummer", "document number", "mrz",
  ],
  negativeContext: DOC_NEGATIVE,
  prefilter: { minDigits: 1, minToken: 9, letter: true },
  validate: (value) => documentNumberVerdict(value, { strong: 0.5, plainWithCheck: 0.3, shaped: 0.15, plain: 0.05 }),
};
