import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";
import { modDecimal } from "../core/checksums.ts";

/**
 * French social security number (NIR, numéro de sécurité sociale): sex (1/2, 3/4/7/8 for
 * provisional numbers), year, month (01–12, 13, 20–42, 50–99 for unknown months), département
 * (01–99, 2A/2B for Corsica), commune, order, and key = 97 − (body mod 97), with 2A → 19, 2B → 18.
 */
export function nirKey(value: string): boolean {
  const v = value.replace(/\s+/g, "").toUpperCase();
  const m = /^([1-478])(\d{2})(\d{2})(\d{2}|2[AB])(\d{3})(\d{3})(\d{2})$/.exec(v);
  if (!m) return false;
  const month = Number(m[3]);
  if (!((month >= 1 && month <= 13) || (month >= 20 && month <= 42) || month >= 50)) return false;
  if (m[4] === "00") return false;
  const body = v.slice(0, 13).replace("2A", "19").replace("2B", "18");
  return 97 - modDecimal(body, 97) === Number(m[7]);
}

export const frNir: Detector = {
  id: "fr_nir",
  type: "FR_NIR",
  area: "eu",
  category: "government_id",
  description: "French NIR / INSEE number (key mod 97)",
  patterns: [
    {
      name: "15 characters, optionally spaced",
      regex: re(String.raw`(?<![A-Za-z0-9_])[1-478] ?\d{2} ?\d{2} ?(?:\d{2}|2[ABab]) ?\d{3} ?\d{3} ?\d{2}(?![A-Za-z0-9_])`),
      score: 0.3,
    },
  ],
  context: ["sécurité sociale", "securite sociale", "sécu", "secu", "nir", "insee", "numéro de sécurité", "numero de securite sociale", "carte vitale", "assuré", "social security"],
  prefilter: { minDigits: 13 },
  chance: 1 / 97, // the two-digit key, mod 97
  contextBoost: 0.5,
  // Alone, below the threshold: one random 15-digit number in ~190 passes the structure and the
  // key, and logs are full of 15-digit ids ("session 373806769878119"); a social-security word
  // near makes it 0.85.
  validate: (value) => (nirKey(value) ? { validation: "nir_key_mod97", score: 0.35 } : false),
};
