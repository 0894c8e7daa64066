import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { digitsOf } from "../core/checksums.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";

/** The highest account number issued before the control number was introduced: 001-001-998 and below carry none. */
const LAST_UNCHECKED = 1001998;

/**
 * The control number of a SNILS's first nine digits (the Pension Fund's rule): Σ dᵢ × (9 − i),
 * as it is below 100; 100 and 101 give 00; above, its remainder mod 101, a remainder of 100
 * again 00.
 */
export function snilsControl(nine: string): number {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (nine.charCodeAt(i) - 48) * (9 - i);
  const r = sum % 101;
  return r === 100 ? 0 : r;
}

/**
 * What the eleven digits of a Russian SNILS (страховой номер индивидуального лицевого счёта)
 * are: "checked" when the last two are the control number of the first nine, "unchecked" for an
 * account number up to 001-001-998 (issued before the control number; any two digits), null for
 * neither (and for account number 000-000-000).
 */
export function snilsKind(d: string): "checked" | "unchecked" | null {
  if (!/^\d{11}$/.test(d)) return null;
  const account = Number(d.slice(0, 9));
  if (account === 0) return null;
  if (account <= LAST_UNCHECKED) return "unchecked";
  return snilsControl(d) === Number(d.slice(9)) ? "checked" : null;
}

export const snilsValid = (d: string): boolean => snilsKind(d) === "checked";

export const ruSnils: Detector = {
  id: "ru_snils",
  type: "RU_SNILS",
  area: "ru",
  category: "government_id",
  description: "Russian SNILS, pension insurance number (11 digits, XXX-XXX-XXX YY, mod-101 control number)",
  patterns: [
    // As the card and every form print it, 123-456-789 01 (or, less often, dashed throughout).
    { name: "XXX-XXX-XXX YY", regex: bounded(String.raw`\d{3}-\d{3}-\d{3}[- \u00a0]\d{2}`), score: 0.3 },
    // Eleven plain digits, or spaced throughout.
    { name: "11 digits or XXX XXX XXX YY", regex: bounded(String.raw`\d{3}( ?)\d{3}\1\d{3}\1\d{2}`), score: 0.3 },
  ],
  context: [
    "снилс", "снилса", "снилсом", "снилсе", "снилсу",
    "страховой номер", "страхового номера", "страховому номеру", "страховым номером",
    "страховое свидетельство", "страхового свидетельства", "страховом свидетельстве",
    // (not "лицевой счёт" alone: a utility bill's or a bank's account number)
    "индивидуального лицевого счета", "индивидуального лицевого счёта",
    "пенсионное свидетельство", "пенсионного свидетельства", "пенсионный фонд", "пенсионного фонда",
    "пфр", "сфр", "социальный фонд", "социального фонда",
    "snils", "pension insurance number", "insurance number", "pension fund", "individual insurance account",
  ],
  negativeContext: [...OTHER_NUMBER_LABELS, "заказ", "заказа", "номер заказа"],
  prefilter: { minDigits: 11 },
  validate(value) {
    const kind = snilsKind(digitsOf(value));
    if (kind === null) return false;
    // An account number up to 001-001-998 has no control number to check: a label must say it is one.
    if (kind === "unchecked") return { validation: "snils_unchecked", score: 0.1 };
    // A two-digit control number (one random number in ~100 passes) in the shape no other number
    // is written in, 123-456-789 01, stands alone. Eleven plain digits are also phone numbers
    // (8 916 …, 7 916 …), the dashed and the spaced ones other ids: they need a label.
    const canonical = value.length === 14 && value[3] === "-" && value[7] === "-" && (value[11] === " " || value[11] === "\u00a0");
    return { validation: "snils_mod101", score: canonical ? 0.6 : 0.3 };
  },
};
