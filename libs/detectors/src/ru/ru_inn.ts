import type { Detector } from "../core/types.ts";
import { bounded, NOT_IN_TOKEN } from "../core/regex.ts";
import { weightedSum } from "../core/checksums.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";

/** The Federal Tax Service's weights: an organisation's check digit (the 10th) ... */
const W10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
/** ... and a person's two (the 11th over ten digits, the 12th over eleven). */
const W11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const W12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

const checkDigit = (d: string, weights: readonly number[]) => (weightedSum(d, weights) % 11) % 10;

/**
 * What a Russian taxpayer number (ИНН, идентификационный номер налогоплательщика) of these
 * digits is: an organisation's (10 digits, one check digit), a person's (12 digits, two), or
 * neither. Each check digit is Σ dᵢ × wᵢ mod 11 mod 10 over the digits before it. The first two
 * digits are the code of the region whose tax office assigned it (01–99: none has 00).
 */
export function innKind(d: string): "organisation" | "person" | null {
  if (!/^\d{10}(?:\d{2})?$/.test(d) || d.startsWith("00")) return null;
  if (d.length === 10) return checkDigit(d, W10) === d.charCodeAt(9) - 48 ? "organisation" : null;
  return checkDigit(d, W11) === d.charCodeAt(10) - 48 && checkDigit(d, W12) === d.charCodeAt(11) - 48 ? "person" : null;
}

export const innValid = (d: string): boolean => innKind(d) !== null;

export const ruInn: Detector = {
  id: "ru_inn",
  type: "RU_TAX_ID",
  area: "ru",
  category: "government_id",
  description: "Russian taxpayer number, ИНН (10 digits for an organisation, 12 for a person; mod-11 check digits)",
  // (not the tail of a dashed or slashed token: an id in a URL path; "ИНН/КПП 7707083893/773601001" is read)
  patterns: [{ name: "10 or 12 digits", regex: bounded(String.raw`${NOT_IN_TOKEN}\d{10}(?:\d{2})?`), score: 0.2 }],
  context: [
    "инн", "инн физического лица", "инн организации", "инн юридического лица", "инн/кпп", "кпп",
    "идентификационный номер налогоплательщика", "идентификационного номера налогоплательщика",
    "налогоплательщик", "налогоплательщика", "налогоплательщику", "налогоплательщиком", "налогоплательщике",
    "налоговый номер", "налогового номера", "фнс",
    "inn", "taxpayer", "taxpayer number", "taxpayer identification number", "taxpayer id", "tax id", "tin",
  ],
  negativeContext: [...OTHER_NUMBER_LABELS, "заказ", "заказа", "номер заказа"],
  maxBaseScore: 0.3,
  prefilter: { minDigits: 10 },
  // One check digit: a tenth of random ten-digit numbers pass (and a hundredth of twelve-digit ones).
  chance: 0.1,
  validate(value) {
    const kind = innKind(value);
    if (kind === null) return false;
    // Ten and twelve plain digits are phone numbers (916 123 45 67), ids and timestamps, and
    // one in ten passes an organisation's check digit, one in a hundred a person's two: both
    // need a label, a person's nearer to standing alone.
    return kind === "person" ? { validation: "inn_person", score: 0.3 } : { validation: "inn_organisation", score: 0.2 };
  },
};
