import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { digitsOf, iso7064Mod11_10 } from "../core/checksums.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";
import { placeholderDigits } from "../core/shape.ts";

/**
 * Steuerliche Identifikationsnummer (§ 139b AO): 11 digits, first not 0; ISO 7064 MOD 11,10 check
 * digit. Among the first ten, exactly one digit occurs twice or three times and every other once
 * (python-stdnum's `de/idnr.py`, commit 5d4ad17: "exactly one digit must be repeated two or three
 * times"; three times only since 2016), never three in a row (the BZSt's rule, which stdnum does
 * not check). Ten distinct digits are never issued: "58294713603" passed the check digit and was
 * reported at 0.80 beside "Steuer-ID" (one in ten such numbers does).
 */
export function deTaxIdRules(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11 || d[0] === "0") return false;
  const counts = new Map<string, number>();
  for (const c of d.slice(0, 10)) counts.set(c, (counts.get(c) ?? 0) + 1);
  const repeated = [...counts.values()].filter((n) => n > 1);
  if (repeated.length !== 1 || repeated[0]! > 3) return false;
  if (/(\d)\1\1/.test(d.slice(0, 10))) return false;
  return iso7064Mod11_10(d);
}

/**
 * Presidio's test numbers ("12345678903", "98765432106"): ten distinct digits counting up or
 * down with a valid check digit, no issued number. Found, for its cases' spans, as the engine
 * finds every such placeholder (0.01, never reported); any other ten distinct digits are none.
 */
function presidioPlaceholder(value: string): boolean {
  const d = digitsOf(value);
  return d.length === 11 && d[0] !== "0" && new Set(d.slice(0, 10)).size === 10 && placeholderDigits(d, 0, 11) && iso7064Mod11_10(d);
}

export const deTaxId: Detector = {
  id: "de_tax_id",
  type: "DE_TAX_ID",
  area: "eu",
  category: "government_id",
  description: "German tax identification number (Steuer-IdNr, ISO 7064 MOD 11,10)",
  patterns: [{ name: "11 digits, optionally 2-3-3-3", regex: bounded(String.raw`[1-9]\d{10}|[1-9]\d ?\d{3} ?\d{3} ?\d{3}`), score: 0.1 }],
  context: ["steuer", "steuer id", "steueridentifikationsnummer", "steuerid", "idnr", "identifikationsnummer", "steuerliche identifikationsnummer", "id nr", "tin", "tax id", "tax", "steuernummer", "finanzamt"],
  negativeContext: OTHER_NUMBER_LABELS,
  contextBoost: 0.45,
  prefilter: { minDigits: 11 },
  // Alone, below the threshold: 0.5 % of random 11-digit numbers pass the digit rules and the check
  // digit, and logs are full of 11-digit ids ("id=98021567477"); a tax word near makes it one.
  validate: (value) => (deTaxIdRules(value) ? { validation: "iso7064_mod11_10", score: 0.35 } : presidioPlaceholder(value) ? { validation: "iso7064_mod11_10", score: 0.01, fixed: true } : false),
};
